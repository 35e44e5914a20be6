"""The generic board in a real browser: Pig (``tests/plugin/pig``), a game from another
package that declares no board of its own, on a server of this module's own that sees it
installed. Played to its end by clicking the board's move buttons, then by the keyboard
alone; its replay shows the same board without moves."""
from __future__ import annotations

import re

import pytest
from browser_steps import wait_until
from playwright.sync_api import expect
from plugin_install import install_plugin, plugin_env
from server_process import serve

MY_TURN = ("(() => { const s = window.meeple && window.meeple.state();"
           " return !!s && (s.terminal || s.legal.length > 0); })()")


@pytest.fixture(scope="module")
def pig_server(tmp_path_factory):
    """A ``meeple serve`` whose Python path holds the Pig package (the test run's own
    server does not see it)."""
    tmp = tmp_path_factory.mktemp("pig-server")
    with serve(tmp, plugin_env(install_plugin(tmp))) as running:
        yield running


def state(page) -> dict:
    return page.evaluate("window.meeple.state()")


def open_seat(pig_server, page) -> dict:
    """A Pig game to 15, seat 0 a person (this page), seat 1 the greedy bot."""
    game = pig_server.create("pig", 2, {"1": "greedy"}, config={"target": 15})
    page.goto(pig_server.base + game["seats"][0]["join"])
    wait_until(page, MY_TURN)
    return game


def test_pig_is_played_to_its_end_on_the_generic_board(pig_server, page, artifacts):
    assert next(t for t in pig_server.get("/api/games/types")
                if t["name"] == "pig")["browser_board"] is None
    game = open_seat(pig_server, page)
    expect(page.locator("#status")).to_contain_text("Your turn")
    # The view, readably: its keys and values as a list, the banked points beside each
    # seat's colour; no raw JSON.
    view = page.locator("#board .gen-view")
    expect(view.locator("dt", has_text="turn total")).to_have_count(1)
    expect(view.locator("dt", has_text="target")).to_have_count(1)
    banked = view.locator(".gen-seats li")
    expect(banked).to_have_count(2)
    expect(banked.nth(0)).to_contain_text("red")
    expect(banked.nth(1)).to_contain_text("blue")
    assert "{" not in page.inner_text("#board")
    buttons = page.locator("#moves button.move")
    assert buttons.evaluate_all("bs => bs.map((b) => b.dataset.action)") == state(page)["legal"]

    # Roll until the turn holds 6 or more (or a 1 ends it), then hold; the bot answers.
    shot = False
    for _ in range(300):
        wait_until(page, MY_TURN)
        s = state(page)
        if s["terminal"]:
            break
        hold = "hold" in s["legal"] and s["view"]["turn_total"] >= 6
        if not shot and s["view"]["banked"][0] > 0:
            page.screenshot(path=str(artifacts / "generic-board-pig.png"))
            shot = True
        page.click(f"#moves button[data-action='{'hold' if hold else 'roll'}']")
        wait_until(page, f"window.meeple.state().index > {s['index']}")
        expect(page.locator("#board dd").nth(0)).not_to_be_empty()
    else:
        raise AssertionError("the game did not end")

    final = pig_server.get(f"/api/games/{game['id']}")
    assert final["terminal"] and max(final["scores"]) >= 15
    expect(page.locator("#status")).to_contain_text("Game over")
    assert page.locator("#moves button").count() == 0
    expect(page.locator("#breakdown h3")).to_have_text("Final scores")
    for seat, score in enumerate(final["scores"]):
        points = page.locator(f".breakdown-item[data-seat='{seat}']").evaluate_all(
            "l => l.map((e) => Number(e.dataset.points))")
        assert sum(points) == score
    # Our moves and the bot's are in the log, in the core's default words (the game has
    # none of its own): "<name> played roll".
    ours = page.locator("#log li.move[data-seat='0']", has_text=re.compile(r" played (roll|hold)$"))
    assert ours.count() >= 2
    assert page.locator("#log li.move[data-seat='1']", has_text="blue played ").count() >= 1
    page.screenshot(path=str(artifacts / "generic-board-pig-end.png"))

    # The replay shows the same board, without moves.
    page.goto(pig_server.base + f"/games/{game['id']}/replay")
    expect(page.locator("#step")).to_have_attribute("data-step", "0")
    expect(page.locator("#board .gen-view .gen-seats li")).to_have_count(2)
    page.keyboard.press("End")
    expect(page.locator("#step")).to_have_attribute("data-step", str(final["index"]))
    expect(page.locator("#board .gen-view .gen-seats li").nth(0)).to_contain_text(
        str(final["scores"][0]))
    assert page.locator("#board #moves").count() == 0


def test_the_generic_board_plays_by_the_keyboard_alone(pig_server, page):
    open_seat(pig_server, page)
    for _ in range(30):                 # Tab through the page to the first move's button
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('#moves button')"):
            break
    else:
        raise AssertionError("Tab never reached a move's button")
    assert page.evaluate("document.activeElement.dataset.action") == "roll"
    index = state(page)["index"]
    page.keyboard.press("Enter")
    wait_until(page, f"window.meeple.state().index > {index}")
    ours = page.locator("#log li.move[data-seat='0']", has_text=re.compile(r" played roll$"))
    expect(ours).to_have_count(1)
    # The keyboard stays on the moves; a move's number key plays it too.
    wait_until(page, MY_TURN)
    s = state(page)
    if not s["terminal"] and s["current_player"] == 0:
        assert page.evaluate("!!document.activeElement.closest('#moves button')")
        page.keyboard.press("1")
        wait_until(page, f"window.meeple.state().index > {s['index']}")
        expect(ours).to_have_count(2)
