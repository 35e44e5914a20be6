"""The game page's side panel end to end: hints, takebacks between two people, rematch,
leaving, the projected score, the tiles left and the final breakdown."""
from __future__ import annotations

import re

from browser_steps import wait_until
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

SHORT = {"deck": {"V": 1}}
"""A Carcassonne game of one tile: a place and a pass, then it is over."""


def state(page, key: str):
    return page.evaluate(f"window.meeple.state().{key}")


def place_tile(page) -> None:
    """Place the seat's tile on its first spot and wait for the follower step. A click on
    a spot the page redraws under the mouse (another person's page joining redraws it) is
    lost, as it was once in CI under load: click again while the move is not made."""
    wait_until(page, "(() => { const s = window.meeple.state();"
                           " return s && s.legal.length > 0; })()")
    before = state(page, "index")
    for _ in range(3):
        page.locator(".spot").first.click()
        try:
            page.wait_for_selector("#pass", timeout=5000)
            return
        except PlaywrightTimeout:
            if state(page, "index") > before:        # made: the panel is only slow
                break
    page.wait_for_selector("#pass")


def play_out(page) -> None:
    """Play the seat's legal moves (the first each time) until the game is over."""
    for _ in range(200):
        wait_until(page, "(() => { const s = window.meeple.state();"
                               " return s && (s.terminal || s.legal.length > 0); })()")
        if state(page, "terminal"):
            return
        index = state(page, "index")
        page.evaluate("window.meeple.send(window.meeple.state().legal[0])")
        wait_until(page, f"window.meeple.state().index > {index}")
    raise AssertionError("the game did not end")


def finish_short_game(server, page) -> dict:
    """A one-tile game, person (seat 0) against greedy, played to its end on the page."""
    game = server.create("carcassonne", 2, {"1": "greedy"}, config=SHORT)
    page.goto(server.base + game["seats"][0]["join"])
    page.locator(".spot").first.click()
    page.wait_for_selector("#pass")
    page.keyboard.press("p")
    expect(page.locator("#status")).to_contain_text("Game over")
    return game


def actions_text(rows) -> str:
    """The first hint's action in notation (its ``data-action``)."""
    return rows.first.get_attribute("data-action")


def test_a_hint_shows_win_chances_and_plays_the_move_clicked(server, page, artifacts):
    game = server.create("carcassonne", 2, {"1": "greedy"}, seed=5)
    page.goto(server.base + game["seats"][0]["join"])
    page.wait_for_selector(".spot")
    # The aids around the board: the score if it ended now, the tiles left.
    expect(page.locator(".players .projected").first).to_contain_text("if it ended now")
    pile = page.locator("#pile")
    expect(pile).to_be_visible()
    counts = [int(c) for c in
              page.locator("#pile .pile-item").evaluate_all("l => l.map(e => e.dataset.count)")]
    assert sum(counts) == state(page, "view.remaining") > 0
    assert page.locator("#pile .pile-item svg.pile-tile").count() == len(counts)
    expect(page.locator("#keys")).to_contain_text("h hint")

    page.keyboard.press("h")                              # the same as the button
    expect(page.locator("#hint")).to_have_text("thinking…")
    expect(page.locator("#hint")).to_be_disabled()
    rows = page.locator(".hint-move")
    expect(rows.first).to_be_visible(timeout=20000)
    expect(page.locator("#hint")).to_be_enabled()
    assert re.search(r"\d+% chance to win", rows.first.inner_text())
    first = rows.first.inner_text()           # in words, never notation (issue 25, B7)
    assert "starting tile" in first and actions_text(rows) not in first
    legal = state(page, "legal")
    actions = rows.evaluate_all("l => l.map(e => e.dataset.action)")
    assert actions and all(a in legal for a in actions)
    page.locator("#pile summary").click()                 # open, for the picture
    page.screenshot(path=str(artifacts / "game-panel.png"))

    index = state(page, "index")
    rows.first.click()
    wait_until(page, f"window.meeple.state().index > {index}")
    assert state(page, "last_action") == actions[0]
    assert page.locator(".hint-move").count() == 0        # hints were for that position


def test_without_player_aids_there_is_no_hint_projection_or_pile(server, page):
    """The beginner's aids off (no projection, no pile) and engine hints off (two switches
    since issue 24: hints are the game's, shown to every seat)."""
    game = server.create("carcassonne", 2, {"1": "greedy"}, aids=False, hints=False)
    page.goto(server.base + game["seats"][0]["join"])
    page.wait_for_selector(".spot")
    assert state(page, "aids") is False and state(page, "hints") is False
    expect(page.locator("#table-rules")).to_have_text("No engine hints in this game")
    expect(page.locator("#leave")).to_be_attached()     # the panel is drawn
    assert page.locator("#hint").count() == 0
    assert page.locator(".projected").count() == 0
    expect(page.locator("#pile")).to_be_hidden()
    expect(page.locator("#keys")).not_to_contain_text("hint")
    page.keyboard.press("h")
    assert page.locator("#hint, .hint-move").count() == 0
    expect(page.locator("#error")).to_be_empty()


def two_people(server, people):
    """A Carcassonne game of two people, each in a browser context of their own, on their
    seat's page: red has placed its tile and is choosing a follower."""
    red, blue = people(server.create("carcassonne", 2))
    place_tile(red)
    wait_until(blue, "document.querySelectorAll('#tiles > g').length === 2")
    return red, blue


def test_a_takeback_accepted_takes_the_move_back(server, people):
    red, blue = two_people(server, people)
    red.keyboard.press("u")                           # the same as the button
    expect(red.locator("#takeback-pending")).to_contain_text("waiting")
    question = blue.locator("#takeback-question")
    expect(question).to_contain_text(" asks to take back:")
    expect(question.locator(".takeback-undo li")).to_have_count(1)   # the tile placed
    expect(question.locator(".takeback-undo li")).to_contain_text(" placed ")
    blue.click("#takeback-accept")
    for page in (red, blue):
        wait_until(page, "window.meeple.state().index === 1 && "
                               "document.querySelectorAll('#tiles > g').length === 1")
        expect(page.locator("#takeback-question, #takeback-pending")).to_have_count(0)
    red.wait_for_selector(".spot")                    # red's tile to place again


def test_a_takeback_declined_leaves_the_move(server, people):
    red, blue = two_people(server, people)
    red.click("#takeback")
    blue.click("#takeback-decline")
    expect(red.locator("#takeback-pending")).to_have_count(0)
    expect(red.locator("#takeback")).to_be_visible()  # it may be asked again
    expect(red.locator("#log")).to_contain_text("the takeback was declined")
    assert state(red, "index") == 2 and state(red, "takeback") is None
    assert red.locator("#tiles > g").count() == 2
    expect(blue.locator("#takeback-question")).to_have_count(0)
    red.click("#takeback")                            # asked again, asked anew
    expect(blue.locator("#takeback-question")).to_be_visible()


def test_take_back_is_offered_once_the_seat_has_a_move_to_take_back(server, page):
    game = server.create("carcassonne", 2, {"1": "greedy"})
    page.goto(server.base + game["seats"][0]["join"])
    page.wait_for_selector(".spot")
    expect(page.locator("#leave")).to_be_visible()
    assert page.locator("#takeback").count() == 0         # nothing of ours to take back
    assert state(page, "can_take_back") is False
    page.keyboard.press("u")                              # the key asks nothing either
    expect(page.locator("#error")).to_be_empty()
    page.locator(".spot").first.click()
    expect(page.locator("#takeback")).to_be_visible()     # our tile: it may be asked back
    assert state(page, "can_take_back") is True


def test_rematch_lands_on_the_new_game_with_a_seat(server, page):
    old = finish_short_game(server, page)
    assert page.locator("#leave, #takeback, #hint").count() == 0
    page.click("#rematch")
    page.wait_for_url(re.compile(r"/games/(?!%s)[\w-]+$" % old["id"]))
    new_id = page.url.rstrip("/").split("/")[-1]
    assert "token" not in page.url
    # Everyone one seat on, in their colour: the bot starts (and, with one tile, ends it).
    wait_until(page, f"window.meeple.state() && window.meeple.state().id === '{new_id}'")
    assert state(page, "seat") == 1 and state(page, "colours") == ["blue", "red"]
    expect(page.locator("#players li[data-seat='1']")).to_contain_text("you (red)")
    assert server.get(f"/api/games/{old['id']}")["rematch"] == new_id

    # Back on the old game (its token is still this tab's): the rematch is offered, and
    # going there keeps the seat (the tab's token for it is not replaced).
    page.goto(server.base + f"/games/{old['id']}")
    expect(page.locator("#rematch")).to_have_text("go to the rematch")
    page.click("#rematch")
    page.wait_for_url(re.compile(r"/games/%s$" % new_id))
    wait_until(page, "window.meeple.state() && window.meeple.state().seat === 1")


def test_the_other_person_is_offered_the_rematch_started(server, people):
    game = server.create("carcassonne", 2, config=SHORT)
    red, blue = people(game)
    place_tile(red)
    red.keyboard.press("p")
    expect(blue.locator("#rematch")).to_have_text("rematch")
    red.click("#rematch")
    red.wait_for_url(re.compile(r"/games/(?!%s)[\w-]+$" % game["id"]))
    expect(blue.locator(".rematch")).to_contain_text("A rematch has started")
    blue.click("#rematch")
    blue.wait_for_url(red.url)
    # one seat on: blue starts the rematch, red plays second; each keeps their colour
    wait_until(blue, "window.meeple.state() && window.meeple.state().seat === 0")
    wait_until(red, "window.meeple.state().seat === 1")   # red's token still works
    assert red.evaluate("window.meeple.state().colours") == ["blue", "red"]


def test_leaving_makes_you_a_spectator(server, page):
    game = server.create("carcassonne", 2, {"1": "greedy"})
    page.goto(server.base + game["seats"][0]["join"])
    page.wait_for_selector(".spot")
    page.once("dialog", lambda d: d.accept())
    page.click("#leave")
    expect(page.locator("#title")).to_contain_text("spectator")
    assert state(page, "seat") is None
    assert page.evaluate(f"sessionStorage.getItem('meeple-token:{game['id']}')") is None
    assert page.locator("#leave, #takeback, #hint, .spot").count() == 0
    assert server.get(f"/api/games/{game['id']}")["seats"][0]["open"] is True


def test_leaving_asks_first(server, page):
    game = server.create("carcassonne", 2, {"1": "greedy"})
    page.goto(server.base + game["seats"][0]["join"])
    page.wait_for_selector(".spot")
    page.once("dialog", lambda d: d.dismiss())
    page.click("#leave")
    expect(page.locator("#leave")).to_be_visible()
    assert state(page, "seat") == 0


def test_the_final_breakdown_lists_the_points_and_points_at_the_board(server, page):
    game = server.create("carcassonne", 2, {"1": "greedy"}, seed=2,
                         config={"deck": {"U": 2, "V": 2, "E": 1}})
    page.goto(server.base + game["seats"][0]["join"])
    play_out(page)
    heading = page.locator("#breakdown h3")
    expect(heading).to_have_text("Final scores")
    assert page.locator(".projected").count() == 0        # the game has ended
    scores = state(page, "scores")
    for seat, score in enumerate(scores):
        items = page.locator(f".breakdown-item[data-seat='{seat}']")
        points = [int(p) for p in items.evaluate_all("l => l.map(e => e.dataset.points)")]
        assert sum(points) == score
        expect(page.locator(f".breakdown-seat[data-seat='{seat}'] .total")).to_have_text(
            str(score))
    items = page.locator(".breakdown-item")
    assert items.count() > 0
    # Pointing at an item lights the cells it scored on the board; leaving puts them out.
    item = state(page, "breakdown.seats.find(s => s.items.length).items[0]")
    page.locator(".breakdown-item").first.hover()
    expect(page.locator("#lit .lit")).to_have_count(len(item["tiles"]))
    lit = page.locator("#lit .lit").evaluate_all("els => els.map(e => e.dataset.cell)")
    assert sorted(lit) == sorted(f"{x},{y}" for x, y in item["tiles"])
    page.mouse.move(5, 5)
    expect(page.locator("#lit .lit")).to_have_count(0)


def test_a_breakdown_of_another_shape_is_listed_too(server, page):
    """Catan Dice's breakdown is one item per turn: listed the same way, summing up."""
    game = server.create("catan-dice", 1, seed=4)
    page.goto(server.base + game["seats"][0]["join"])
    wait_until(page, "window.meeple.state()")
    assert state(page, "projected") is None
    play_out(page)
    items = page.locator(".breakdown-item[data-seat='0']")
    expect(items).to_have_count(15)
    points = [int(p) for p in items.evaluate_all("l => l.map(e => e.dataset.points)")]
    assert sum(points) == state(page, "scores")[0]
    expect(items.first).to_contain_text("turn 1")
    # Pointing at a turn lights its score box and what it built on the sheet.
    turns = state(page, "breakdown.seats[0].items")
    n = max(range(len(turns)), key=lambda i: len(turns[i]["built"]))
    items.nth(n).hover()
    lit = page.locator("#cd-sheet .cd-lit")
    expect(lit).to_have_count(1 + len(turns[n]["built"]))
    assert page.locator(f"#cd-sheet .cd-box.cd-lit[data-turn='{turns[n]['turn']}']").count() == 1
    page.mouse.move(5, 5)
    expect(lit).to_have_count(0)


def test_a_seat_opened_by_its_link_is_claimed_and_named_on_the_page(server, page, chromium):
    """Opening a seat's link makes the seat the browser's player's, under the name the
    server gave the player ("Guest 1234"); the page asks for a name, and the other people
    see it."""
    game = server.create("carcassonne", 2, seats={"0": "open", "1": "invite"})
    page.goto(server.base + game["seats"][0]["join"])
    expect(page.locator("#name-form")).to_be_visible()
    seats = server.get(f"/api/games/{game['id']}")["seats"]
    assert re.fullmatch(r"Guest \d+", seats[0]["name"]) and not seats[0]["open"]
    assert (seats[1]["name"], seats[1]["open"]) == (None, False)      # an invitation
    page.fill("#my-name", "Ann")
    page.press("#my-name", "h")                 # typing is not a shortcut (no hint asked)
    expect(page.locator("#hint-list")).to_have_count(0)
    page.fill("#my-name", "Ann")
    page.click("#name-form button")
    expect(page.locator("#name-form")).to_have_count(0)
    assert server.get(f"/api/games/{game['id']}")["seats"][0]["name"] == "Ann"
    other = chromium.new_context(viewport={"width": 1280, "height": 800})
    try:
        rival = other.new_page()
        rival.goto(server.base + game["seats"][1]["join"])
        expect(rival.locator("#players li[data-seat='0']")).to_contain_text("Ann")
    finally:
        other.close()
