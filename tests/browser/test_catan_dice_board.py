"""The Catan Dice board: the island sheet, dice picked and rerolled by clicks, items built by
clicking them on the sheet, the score row, the bot's turns, and a spectator without controls."""
from __future__ import annotations

import re

from browser_steps import build_lit_items, wait_until
from playwright.sync_api import expect

GAME = "catan-dice"
ROAD_FACES = ("brick", "lumber")


def state(page):
    return page.evaluate("window.meeple.state()")


def wait_moved(page, index: int) -> None:
    wait_until(page, f"window.meeple.state().index > {index}")


def my_turn(page) -> None:
    wait_until(page, "(() => { const s = window.meeple.state();"
                           " return s && s.legal && s.legal.length > 0; })()")
    page.wait_for_selector("#moves")


def written(page, seat: int) -> int:
    return page.evaluate(f"window.meeple.state().view.sheets[{seat}].boxes.length")


def play_turn(page) -> list[str]:
    """One turn by clicks: reroll the dice that are not brick/lumber (once or twice), keep,
    build what the sheet lights up, end. Returns what was built."""
    my_turn(page)
    built = []
    while state(page)["view"]["phase"] == "choosing":
        s = state(page)
        picks = [i for i, f in enumerate(s["view"]["dice"]) if f not in ROAD_FACES]
        if not picks:
            page.click("#cd-keep")
        else:
            for i in picks:
                page.click(f".cd-die[data-die='{i}']")
            expect(page.locator(".cd-die.cd-selected")).to_have_count(len(picks))
            expected = "reroll " + " ".join(map(str, picks))
            assert expected in s["legal"]
            page.click("#cd-reroll")
        wait_moved(page, s["index"])
        my_turn(page)
    # Building: click lit items on the sheet while any are lit.
    built += build_lit_items(page, my_turn)
    s = state(page)
    page.click("#cd-end")
    wait_moved(page, s["index"])
    return built


def test_play_turns_by_clicks_against_a_bot(server, page, artifacts):
    game = server.create(GAME, 2, {"1": "greedy"}, seed=11)
    page.goto(server.base + game["seats"][0]["join"])
    my_turn(page)
    # The sheet: 16 roads + the start road, 6 settlements, 4 cities, 6 knights and jokers.
    assert page.locator("#cd-sheet .cd-road").count() == 17
    assert page.locator("#cd-sheet .cd-settlement").count() == 6
    assert page.locator("#cd-sheet .cd-city").count() == 4
    assert page.locator("#cd-sheet .cd-knight").count() == 6
    assert page.locator("#cd-sheet .cd-joker").count() == 6
    assert page.locator(".cd-die").count() == 6
    assert page.locator("#cd-seats .cd-seat").count() == 2
    # Nothing lit while choosing; the reroll button waits for a selection.
    assert page.locator("#cd-sheet .cd-can").count() == 0
    expect(page.locator("#cd-reroll")).to_be_disabled()

    built_total: list[str] = []
    for turn in range(1, 9):
        built_total += play_turn(page)
        # Our box is written; the bot's turn passes and it is ours again.
        assert written(page, 0) == turn
        my_turn(page)
        assert written(page, 1) == turn
        box = page.locator(f"#cd-scores .cd-box[data-turn='{turn}']")
        expect(box).to_have_class(re.compile("cd-written"))
        assert box.locator(".cd-box-text").text_content().strip() != ""
        if built_total and turn >= 3:
            break
    assert built_total, "nothing became buildable in 8 turns"
    sheet = state(page)["view"]["sheets"][0]
    expect(page.locator("#cd-total")).to_have_text(f"= {sheet['total']}")
    for name in sheet["built"]:
        expect(page.locator(f"#cd-sheet [data-item='{name}']")).to_have_class(
            re.compile("cd-built"))
    # The bot's sheet: shown large when its card is clicked, then back to ours.
    bot_boxes = page.locator("#cd-seats .cd-seat[data-seat='1'] .cd-mini-box")
    assert bot_boxes.nth(0).inner_text().strip() != ""
    page.click("#cd-seats .cd-seat[data-seat='1']")
    expect(page.locator("#cd-sheet")).to_have_attribute("data-seat", "1")
    assert page.locator("#cd-sheet .cd-can").count() == 0
    page.click("#cd-seats .cd-seat[data-seat='0']")
    expect(page.locator("#cd-sheet")).to_have_attribute("data-seat", "0")
    # Select two dice for the screenshot.
    page.click(".cd-die[data-die='0']")
    page.click(".cd-die[data-die='3']")
    expect(page.locator("#cd-reroll")).to_be_enabled()
    page.screenshot(path=str(artifacts / "catan-dice-board.png"))


def test_joker_and_trade_buttons_come_from_legal(server, page, artifacts):
    """Build a knight via clicks if it becomes buildable; then its joker offers exactly the
    legal joker moves. Checked whenever a joker or a trade is legal during a few turns."""
    game = server.create(GAME, 1, {}, seed=4)
    page.goto(server.base + game["seats"][0]["join"])
    shot = False
    for _ in range(12):
        my_turn(page)
        s = state(page)
        if s["view"]["phase"] == "choosing":
            page.click("#cd-keep")
            wait_moved(page, s["index"])
            continue
        legal = s["legal"]
        trades = [a for a in legal if a.startswith("trade ")]
        assert page.locator("#moves button[data-action^='trade ']").count() == len(trades)
        jokers = {a.split()[1] for a in legal if a.startswith("joker ")}
        for k in jokers:
            page.click(f"#cd-sheet [data-joker='{k}']")
            offered = page.locator("#cd-joker-moves button").evaluate_all(
                "bs => bs.map(b => b.dataset.action)")
            assert sorted(offered) == sorted(a for a in legal if a.startswith(f"joker {k} "))
        if page.locator("#cd-sheet .cd-can").count() and not shot:
            page.screenshot(path=str(artifacts / "catan-dice-board-build.png"))
            shot = True
        knight = page.locator("#cd-sheet .cd-knight.cd-can")
        if knight.count():
            knight.first.click()
            wait_moved(page, s["index"])
            continue
        page.click("#cd-end")
        wait_moved(page, s["index"])


def test_a_spectator_sees_the_sheets_and_no_controls(server, page):
    game = server.create(GAME, 2, {"1": "greedy"})
    page.goto(server.base + f"/games/{game['id']}")
    page.wait_for_selector("#cd-sheet")
    assert page.evaluate("window.meeple.state().seat") is None
    expect(page.locator("#title")).to_contain_text("spectator")
    assert page.locator("#moves, #cd-reroll, #cd-keep, #cd-end").count() == 0
    assert page.locator("#cd-sheet .cd-can, #cd-sheet .cd-can-joker").count() == 0
    assert page.locator(".cd-die:not([disabled])").count() == 0
    assert page.locator("#cd-seats .cd-seat").count() == 2


def test_four_seats_in_small_and_a_solo_game_to_the_end(server, page, artifacts):
    game = server.create(GAME, 4, {"1": "greedy", "2": "greedy", "3": "greedy"}, seed=2)
    page.goto(server.base + game["seats"][0]["join"])
    my_turn(page)
    s = state(page)
    page.click("#cd-keep")
    wait_moved(page, s["index"])
    my_turn(page)
    s = state(page)
    page.click("#cd-end")
    wait_moved(page, s["index"])
    my_turn(page)
    assert page.locator("#cd-seats .cd-seat").count() == 4
    assert [written(page, i) for i in range(4)] == [1, 1, 1, 1]
    page.screenshot(path=str(artifacts / "catan-dice-board-4.png"))

    # Solo: keep and end (or build the first lit item) fifteen times; then no controls.
    solo = server.create(GAME, 1, {}, seed=9)
    page.goto(server.base + solo["seats"][0]["join"])
    for _ in range(15):
        my_turn(page)
        s = state(page)
        if s["view"]["phase"] == "choosing":
            page.click("#cd-keep")
            wait_moved(page, s["index"])
            my_turn(page)
            s = state(page)
        page.click("#cd-end")
        wait_moved(page, s["index"])
    expect(page.locator("#status")).to_contain_text("Game over")
    assert page.locator("#moves, .cd-die, #cd-sheet .cd-can").count() == 0
    expect(page.locator("#cd-scores .cd-box.cd-written")).to_have_count(15)
    page.screenshot(path=str(artifacts / "catan-dice-board-end.png"))
