"""The browser client end to end: lobby, Carcassonne board, errors, spectators, two people."""
from __future__ import annotations

import re

from browser_steps import wait_until
from playwright.sync_api import expect


def tile_count(page) -> int:
    return page.locator("#tiles > g").count()


def test_lobby_carcassonne_against_a_bot(server, page, artifacts):
    page.goto(server.base + "/")
    page.select_option("#game", "carcassonne")
    page.select_option("select[data-seat='1']", "greedy")
    expect(page.locator(".seat-row").nth(1)).to_contain_text("heuristic")   # agent's words
    page.click("#create")
    link = page.locator("#play")                          # the creator's seat: no token,
    expect(link).to_have_attribute("href", re.compile(r"^/games/[\w-]+$"))   # the cookie
    page.goto(server.base + link.get_attribute("href"))

    page.wait_for_selector(".spot")
    assert tile_count(page) == 1
    expect(page.locator("#status")).to_contain_text("Your turn")
    page.locator(".spot").first.click()                   # place with a legal rotation
    page.wait_for_selector("#pass")                       # the follower phase
    assert tile_count(page) == 2
    if page.locator(".target").count():
        page.locator(".target").first.click()
    else:
        page.keyboard.press("p")
    # The bot's tile arrives, it is our turn again, and the log says what happened.
    wait_until(page, "document.querySelectorAll('#tiles > g').length >= 3")
    page.wait_for_selector(".spot")
    expect(page.locator("#log li.move[data-seat='1']", has_text="blue placed ")).to_have_count(1)
    expect(page.locator("#log li.move[data-seat='0']", has_text=" placed ")).to_have_count(1)
    page.locator(".spot").first.hover()                   # show the preview in the picture
    page.screenshot(path=str(artifacts / "carcassonne.png"))


def test_an_illegal_move_shows_the_reason_and_changes_nothing(server, page):
    game = server.create("carcassonne", 2, {"1": "greedy"})
    page.goto(server.base + game["seats"][0]["join"])
    page.wait_for_selector(".spot")
    before = page.inner_html("#tiles"), page.evaluate("window.meeple.state().index")
    page.evaluate("window.meeple.send('place Q 40 40 45')")
    error = page.locator("#error")
    expect(error).not_to_be_empty()
    assert "place" in error.inner_text().lower() or "tile" in error.inner_text().lower()
    assert (page.inner_html("#tiles"), page.evaluate("window.meeple.state().index")) == before
    assert page.locator(".spot").count() > 0             # still our move to make


def test_a_spectator_gets_no_controls(server, page):
    game = server.create("carcassonne", 2, {"1": "greedy"}, seats={"0": "open"})
    page.goto(server.base + "/")                          # the open game is listed
    row = page.locator(f"#list-open tr[data-game='{game['id']}']")
    expect(row).to_be_visible(timeout=10000)
    row.get_by_role("link", name="watch").click()
    page.wait_for_selector("#tiles > g")
    expect(page.locator("#status")).to_contain_text("Waiting for")
    expect(page.locator("#title")).to_contain_text("spectator")
    assert page.evaluate("window.meeple.state().seat") is None
    assert page.locator(".spot, .target, #rotate, #pass").count() == 0

    dice = server.create("catan-dice", 1)
    page.goto(server.base + f"/games/{dice['id']}")
    expect(page.locator("#cd-sheet")).to_be_visible()
    assert page.locator("button.move, #cd-reroll, #cd-keep, #cd-end").count() == 0


def test_rotate_zoom_and_reconnect(server, page):
    game = server.create("carcassonne", 2, {"1": "greedy"}, seed=3)
    page.goto(server.base + game["seats"][0]["join"])
    page.wait_for_selector(".spot")
    # A spot where more than one rotation is legal: `r` cycles through those only.
    spots = page.evaluate("""() => {
        const out = {};
        for (const a of window.meeple.state().legal) {
            const [, , x, y, r] = a.split(" ");
            (out[`${x},${y}`] ||= []).push(Number(r));
        }
        return out;
    }""")
    key, rots = max(spots.items(), key=lambda kv: len(kv[1]))
    assert len(rots) > 1, spots
    page.hover(f".spot[data-spot='{key}']")
    preview = page.locator("#preview")
    first = int(preview.get_attribute("data-rotation"))
    page.keyboard.press("r")
    second = int(preview.get_attribute("data-rotation"))
    assert {first, second} <= set(rots) and first != second
    page.click("#rotate")                              # the button does the same
    page.hover(f".spot[data-spot='{key}']")
    chosen = int(preview.get_attribute("data-rotation"))
    assert chosen in rots and chosen != second

    box = page.get_attribute("svg.carc", "viewBox")
    page.click("[data-zoom='in']")
    assert page.get_attribute("svg.carc", "viewBox") != box

    # A dropped connection comes back by itself and catches up from the `state` message.
    logged = page.locator("#log li").all_text_contents()
    page.evaluate("window.meeple.socket.ws.close()")
    expect(page.locator("#conn")).to_have_attribute("data-state", "reconnecting")
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    assert page.locator("#log li").all_text_contents() == logged     # the log stays
    page.click(f".spot[data-spot='{key}']")
    page.wait_for_selector("#pass")
    x, y = map(int, key.split(","))
    placed = page.evaluate("window.meeple.state().view.board.at(-1)")
    assert (placed["x"], placed["y"], placed["rotation"]) == (x, y, chosen)


def test_a_dead_token_says_so(server, page):
    game = server.create("catan-dice", 1)
    page.goto(server.base + f"/games/{game['id']}?token=not-a-seat")
    expect(page.locator("#error")).to_contain_text("holds no seat")
    assert "token" not in page.url


def test_the_end_of_a_game_is_shown(server, page):
    game = server.create("carcassonne", 2, {"1": "greedy"}, config={"deck": {"V": 1}})
    page.goto(server.base + game["seats"][0]["join"])
    page.locator(".spot").first.click()
    page.wait_for_selector("#pass")
    page.keyboard.press("p")
    expect(page.locator("#status")).to_contain_text("Game over")
    assert page.locator(".spot, .target, #pass").count() == 0


def test_two_people_play_one_game_through_their_join_links(server, people):
    """Two browser contexts (two people), each with its seat's link: a tile placed in one
    appears in the other, whose turn it then is."""
    game = server.create("carcassonne", 2)
    red, blue = people(game)
    red.wait_for_selector(".spot")
    expect(blue.locator("#status")).not_to_contain_text("Your turn")
    assert blue.locator(".spot").count() == 0
    for mover, other, tiles in ((red, blue, 2), (blue, red, 3)):
        mover.locator(".spot").first.click()
        mover.wait_for_selector("#pass")
        mover.keyboard.press("p")
        wait_until(other, 
            f"document.querySelectorAll('#tiles > g').length >= {tiles}")
        other.wait_for_selector(".spot")              # now the other one's turn
        expect(other.locator("#status")).to_contain_text("Your turn")
        assert mover.locator(".spot").count() == 0
