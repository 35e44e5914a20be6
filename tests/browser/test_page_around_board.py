"""The page around the board (issue 25, audit web.md B8, B10, B12–B15, sections 5 and 6):
words for people, error pages, reconnecting, the phone's first screen, the lobby's first
look, and axe-core (the npm package) with no serious or critical violation on any page."""
from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request

import axe_core
from browser_steps import wait_until
from playwright.sync_api import expect

GAMES = (("carcassonne", 2, {"1": "greedy"}), ("hunters-gatherers", 2, {"1": "greedy"}),
         ("jaeger-sammler", 2, {"1": "greedy"}), ("catan-dice", 1, {}))
SEAT_NUMBER = re.compile(r"\bseat \d", re.I)


def my_turn(page) -> dict:
    wait_until(page, "window.meeple.state() && window.meeple.state().legal.length > 0")
    return page.evaluate("window.meeple.state()")


def finished(server, game: str, players: int, bots: dict, **extra) -> str:
    created = server.create(game, players, bots, **extra)
    deadline = time.monotonic() + 60
    while not server.get(f"/api/games/{created['id']}")["terminal"]:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.2)
    return created["id"]


# --- words for people (B10, B15) -----------------------------------------------------------

def test_players_are_named_with_their_colour_and_turns_are_counted(server, page):
    game = server.create("carcassonne", 2, {"1": "greedy"}, seed=3)
    page.goto(server.base + game["seats"][0]["join"])
    s = my_turn(page)
    players = page.locator("#players").inner_text()
    assert not SEAT_NUMBER.search(players), players
    expect(page.locator("#players li[data-seat='0']")).to_contain_text("you (red)")
    expect(page.locator("#players li[data-seat='1']")).to_contain_text("greedy bot (blue)")
    expect(page.locator("#players li[data-seat='0']")).to_contain_text("7 followers left")
    # The header: the game's title and the turn, not the engine's action count.
    expect(page.locator("#title")).to_have_text(re.compile(rf"^Carcassonne · turn {s['turn']}\b"))
    page.locator(".spot").first.click()
    page.wait_for_selector("#pass")
    page.keyboard.press("p")
    page.wait_for_selector(".spot")         # the bot has moved: our second turn
    s = my_turn(page)
    assert s["turn"] > 1
    expect(page.locator("#title")).to_have_text(re.compile(rf"^Carcassonne · turn {s['turn']}\b"))
    assert "move" not in page.locator("#title").inner_text()
    # The whole side says no seat number, and the log names the seats.
    assert not SEAT_NUMBER.search(page.locator("main").inner_text())
    expect(page.locator("#log li.move[data-seat='1']").first).to_contain_text("blue ")


def test_the_engines_seat_numbers_become_names_and_colours(server, page):
    """Jäger und Sammler's events say "seat 0 begins": the page says who, by name and
    colour; the Catan Dice Keep is logged as keeping."""
    game = server.create("jaeger-sammler", 2, {"1": "greedy"}, seed=2)
    page.goto(server.base + game["seats"][0]["join"])
    my_turn(page)
    name = page.evaluate("window.meeple.state().seats[0].name")
    expect(page.locator("#log li.event").last).to_contain_text(f"{name} (red) begins")
    assert not SEAT_NUMBER.search(page.locator("#log").inner_text())
    dice = server.create("catan-dice", 1, seed=3)
    page.goto(server.base + dice["seats"][0]["join"])
    my_turn(page)
    page.click("#cd-keep")
    expect(page.locator("#log li.move").first).to_contain_text("kept the dice")


def test_a_solo_game_ends_with_a_score_not_a_win(server, page):
    game_id = finished(server, "catan-dice", 1, {"0": "greedy"}, seed=5)
    score = server.get(f"/api/games/{game_id}")["scores"][0]
    page.goto(server.base + f"/games/{game_id}")
    status = page.locator("#status")
    expect(status).to_contain_text(f"scored {score} point")
    assert "win" not in status.inner_text()
    expect(page.locator("#title")).to_contain_text("Catan Dice Game · finished")
    # alone, the one sheet is the one shown: no box of sheets to click through
    expect(page.locator("#cd-sheet")).to_be_visible()
    expect(page.locator("#cd-seats")).to_have_count(0)
    assert "click to show" not in page.locator("body").inner_text()


def test_the_final_breakdown_folds_what_scored_nothing(server, page):
    page.goto(server.base + "/")
    page.wait_for_selector("#game option", state="attached")
    folded = page.evaluate("""async () => {
        const { createBreakdown } = await import('/static/js/breakdown.js');
        const box = document.createElement('section');
        document.body.append(box);
        const items = [{text: 'city of 3 tiles', points: 6}, {text: 'field', points: 0},
                       {text: 'road of 2 tiles', points: 2}, {text: 'field', points: 0}];
        createBreakdown(box, { colours: () => ['red'], seatName: () => 'Ana (red)',
                               board: () => null })
          .update({ terminal: true, index: 9, breakdown: { seats: [
            { seat: 0, total: 8, items }] } });
        const shown = [...box.querySelectorAll('.breakdown-item')]
          .filter((e) => e.checkVisibility()).map((e) => e.dataset.points);
        return { shown, summary: box.querySelector('details.breakdown-zero summary').textContent,
                 all: box.querySelectorAll('.breakdown-item').length };
    }""")
    assert folded == {"shown": ["6", "2"], "summary": "2 items scored nothing", "all": 4}


def test_a_bonus_tile_turn_is_explained_in_the_status(server, page):
    """Hunters & Gatherers: after a forest with gold the same seat places a bonus tile; the
    status line says why. The position is reached by replaying, as a person, the moves a
    greedy bot made on the same seed up to its first bonus tile."""
    seed = 1
    bots = server.create("hunters-gatherers", 2, {"0": "greedy", "1": "greedy"}, seed=seed)
    deadline = time.monotonic() + 90
    while not server.get(f"/api/games/{bots['id']}")["terminal"]:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.2)
    actions = server.get(f"/api/games/{bots['id']}/record")["actions"]
    bonus = next(i + 1 for i, a in enumerate(actions) if a.startswith("draw B") and (
        lambda p: p["current_player"] == 0 and p["view"]["bonus_tile"])(
            server.get(f"/api/games/{bots['id']}/positions/{i + 1}")))
    game = server.create("hunters-gatherers", 2, {"1": "greedy"}, seed=seed)
    token = game["seats"][0]["token"]
    deadline = time.monotonic() + 60
    while (s := server.get(f"/api/games/{game['id']}"))["index"] < bonus:
        assert time.monotonic() < deadline, "the replayed moves did not reach the bonus tile"
        if s["current_player"] == 0:
            body = json.dumps({"action": actions[s["index"]], "index": s["index"]}).encode()
            urllib.request.urlopen(urllib.request.Request(
                server.base + f"/api/games/{game['id']}/actions", body,
                {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}),
                timeout=10).close()
        else:
            time.sleep(0.05)
    page.goto(server.base + game["seats"][0]["join"])
    s = my_turn(page)
    assert s["view"]["bonus_tile"] and s["current_player"] == 0
    expect(page.locator("#status")).to_contain_text("a bonus tile")
    expect(page.locator("#status")).to_contain_text("forest with gold")


# --- errors and reconnecting (B13, B14) ------------------------------------------------------

def html(server, path: str) -> tuple[int, str, str]:
    request = urllib.request.Request(server.base + path, headers={"Accept": "text/html"})
    try:
        with urllib.request.urlopen(request, timeout=5) as reply:
            return reply.status, reply.headers["content-type"], reply.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.headers["content-type"], e.read().decode()


def test_an_unknown_game_or_address_is_a_page_with_words_and_a_way_back(server, page):
    for path, words in (("/games/NOSUCHGAME12", "No such game"),
                        ("/games/NOSUCHGAME12/replay", "No such game"),
                        ("/no/such/page", "There is no page here")):
        status, kind, body = html(server, path)
        assert (status, kind.split(";")[0]) == (404, "text/html"), (path, status, kind)
        page.goto(server.base + path)
        expect(page.locator("h2")).to_have_text(words)
        expect(page.get_by_role("link", name="Back to the lobby")).to_have_attribute("href", "/")
        assert "{" not in page.locator("body").inner_text()
    # The API keeps its JSON for programs.
    status, kind, body = html(server, "/api/nothing/here")
    assert status == 404 and kind.startswith("application/json") and '"error"' in body


def test_a_dead_link_says_so_and_leads_back(server, page):
    game = server.create("catan-dice", 1)
    page.goto(server.base + f"/games/{game['id']}?token=not-a-seat")
    expect(page.locator("#status")).to_have_text("This link does not open a seat in this game.")
    expect(page.locator("#error")).to_contain_text("holds no seat")
    expect(page.locator("#error").get_by_role("link", name="Back to the lobby")).to_be_visible()


def test_while_disconnected_the_board_says_so_and_errors_clear_when_back(server, page):
    game = server.create("carcassonne", 2, {"1": "greedy"}, hints=True)
    page.goto(server.base + game["seats"][0]["join"])
    my_turn(page)
    cover = page.locator("#offline")
    expect(cover).to_be_hidden()
    page.context.set_offline(True)
    page.evaluate("window.meeple.socket.ws.close()")
    expect(page.locator("#conn")).to_have_attribute("data-state", re.compile("reconnecting|connecting"))
    expect(cover).to_be_visible()
    expect(cover).to_contain_text("Not connected")
    expect(page.locator("#status")).to_contain_text("Not connected")
    # A click on the board lands on the cover (or its words): no move is sent.
    spot = page.locator(".spot").first.bounding_box()
    hit = page.evaluate(f"document.elementFromPoint({spot['x'] + spot['width'] / 2}, "
                        f"{spot['y'] + spot['height'] / 2}).closest('#offline') !== null")
    assert hit
    page.keyboard.press("h")                 # the hint cannot be asked: an error shows
    expect(page.locator("#error")).not_to_be_empty()
    page.context.set_offline(False)
    expect(page.locator("#conn")).to_have_attribute("data-state", "live", timeout=20000)
    expect(cover).to_be_hidden()
    expect(page.locator("#error")).to_be_empty()
    expect(page.locator("#status")).to_contain_text("Your turn")


# --- the phone (B8) ---------------------------------------------------------------------------

def phone(chromium):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                   is_mobile=True)
    context.set_default_timeout(15000)
    return context


def test_a_turn_on_a_phone_needs_no_scrolling(server, chromium, artifacts):
    context = phone(chromium)
    page = context.new_page()
    try:
        game = server.create("carcassonne", 2, {"1": "greedy"}, seed=3)
        page.goto(server.base + game["seats"][0]["join"])
        my_turn(page)
        spot = page.locator(".spot").first
        spot.tap()
        for selector in ("#status", "#rotate", "#place", ".drawn svg"):
            box = page.locator(selector).bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844, (selector, box)
        board = page.locator("#board").bounding_box()
        assert board["width"] >= 380 and board["height"] >= 400, board
        assert page.evaluate("scrollY") == 0
        page.screenshot(path=str(artifacts / "phone-turn-carcassonne.png"))
        page.locator("#place").tap()
        page.wait_for_selector("#pass")
        box = page.locator("#pass").bounding_box()
        assert box["y"] + box["height"] <= 844, box
    finally:
        context.close()


IN_VIEW = """(sel) => [...document.querySelectorAll(sel)].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= -1
           && r.right <= innerWidth + 1;
}).length"""
"""How many of the elements ``sel`` picks are whole within the viewport."""


def assert_in_view(page, *selectors: str) -> None:
    """Each selector has an element whole within the viewport, and the page is not
    scrolled (the board pans inside itself; the page never scrolls)."""
    for selector in selectors:
        assert page.evaluate(IN_VIEW, selector) > 0, f"{selector} is not on the screen"
    assert page.evaluate("scrollY") == 0


JS_LIT = ("svg.js-board .js-end, svg.js-board .js-one, svg.js-board .js-two, "
          "svg.js-board .js-second, svg.js-board .js-mid, svg.js-board .js-via")


def test_a_jaeger_sammler_turn_on_a_phone_needs_no_scrolling(server, chromium, artifacts):
    """Tap a pawn, tap lit fields until the move is made: at every step the status, the
    pawn or the lit fields to tap, and the way back (cancel) are on the screen at once."""
    context = phone(chromium)
    page = context.new_page()
    try:
        game = server.create("jaeger-sammler", 2, {"1": "greedy"}, seed=5)
        page.goto(server.base + game["seats"][0]["join"])
        for turn in range(2):
            s = my_turn(page)
            page.wait_for_selector("svg.js-board .js-start")
            assert_in_view(page, "#status", "svg.js-board .js-start")
            page.locator("svg.js-board .js-start").first.tap()
            for step in range(4):
                if page.evaluate("window.meeple.state().index") > s["index"]:
                    break
                assert_in_view(page, "#status", JS_LIT)
                if turn == 0 and step == 0:
                    page.screenshot(path=str(artifacts / "phone-turn-jaeger-sammler.png"))
                lit = page.locator(JS_LIT)
                ends = page.locator("svg.js-board .js-end")
                (ends if ends.count() else lit).first.tap()
                page.wait_for_timeout(150)
            wait_until(page, f"window.meeple.state().index > {s['index']}")
    finally:
        context.close()


def test_a_catan_dice_turn_on_a_phone_needs_no_scrolling(server, chromium, artifacts):
    """Roll, pick dice to roll again, keep, build what the sheet lights, end the turn: at
    every step the status, the dice and their buttons and the sheet are on the screen."""
    context = phone(chromium)
    page = context.new_page()
    try:
        game = server.create("catan-dice", 1, seed=3)
        page.goto(server.base + game["seats"][0]["join"])
        s = my_turn(page)
        assert_in_view(page, "#status", "#cd-sheet", ".cd-die", "#cd-reroll", "#cd-keep")
        page.locator(".cd-die").first.tap()
        assert_in_view(page, "#status", "#cd-sheet", ".cd-die", "#cd-reroll", "#cd-keep")
        page.screenshot(path=str(artifacts / "phone-turn-catan-dice.png"))
        page.locator("#cd-keep").tap()
        wait_until(page, f"window.meeple.state().index > {s['index']}")
        s = my_turn(page)
        assert_in_view(page, "#status", "#cd-sheet")
        while page.locator("#cd-sheet .cd-can").count():
            assert_in_view(page, "#status", "#cd-sheet .cd-can")
            page.locator("#cd-sheet .cd-can").first.tap()
            wait_until(page, f"window.meeple.state().index > {s['index']}")
            s = my_turn(page)
        end = page.locator("#cd-end, #cd-keep, #cd-reroll").first
        assert_in_view(page, "#status", "#cd-sheet")
        assert page.evaluate(IN_VIEW, "#cd-end, #cd-keep") > 0, "no way on is on the screen"
        end.tap()
        wait_until(page, f"window.meeple.state().index > {s['index']}")
    finally:
        context.close()


def test_the_lobby_fits_a_phone(server, chromium, artifacts):
    finished(server, "carcassonne", 2, {"0": "greedy", "1": "random"},
             config={"deck": {"U": 1, "V": 1}})
    server.create("carcassonne", 3, {"1": "greedy"}, seats={"0": "open", "2": "open"})
    context = phone(chromium)
    page = context.new_page()
    try:
        page.goto(server.base + "/")
        expect(page.locator("#list-open table.games")).to_be_visible()
        expect(page.locator("#list-finished table.games")).to_be_visible()
        expect(page.locator("#list-open button").first).to_have_text(re.compile(r"^join as (red|yellow)$"))
        wide = page.evaluate("""() => [document.documentElement,
            ...document.querySelectorAll('table.games, section.card')]
            .filter((e) => e.scrollWidth > e.clientWidth + 1 ||
                           e.getBoundingClientRect().right > innerWidth + 1)
            .map((e) => `${e.id || e.className || e.tagName} ${e.scrollWidth}/${e.clientWidth}`
                        + ` ${e.querySelector('h2') ? e.querySelector('h2').textContent : ''}`)""")
        page.screenshot(path=str(artifacts / "phone-lobby.png"), full_page=True)
        assert wide == [], wide
    finally:
        context.close()


# --- a first look that explains -----------------------------------------------------------

def test_the_lobby_shows_each_game_with_a_picture_its_players_and_length(server, page):
    page.goto(server.base + "/")
    cards = page.locator("#game-cards .game-card")
    expect(cards).to_have_count(5)                     # Catan too
    assert [cards.nth(i).get_attribute("data-game") for i in range(5)] == [
        "carcassonne", "hunters-gatherers", "jaeger-sammler", "catan-dice", "catan"]  # L7
    expect(page.locator(".game-card[data-game='catan'] .game-facts")).to_contain_text(
        "3–4 players")
    for name, players in (("carcassonne", "2–5 players"), ("catan-dice", "1–4 players"),
                          ("jaeger-sammler", "2–4 players"), ("hunters-gatherers", "2–5 players")):
        card = page.locator(f".game-card[data-game='{name}']")
        expect(card.locator("svg.game-picture")).to_be_visible()
        expect(card.locator(".game-facts")).to_contain_text(players)
        expect(card.locator(".game-facts")).to_contain_text(re.compile(r"about \d+ minutes"))
    assert not SEAT_NUMBER.search(page.locator("#new-game").inner_text())   # colours
    page.locator(".game-card[data-game='jaeger-sammler'] button.choose").click()
    expect(page.locator("#game")).to_have_value("jaeger-sammler")
    expect(page.locator("#game-info")).to_contain_text("Jäger und Sammler")


# --- accessibility: axe-core from npm, and the pictures ----------------------------------------

def test_no_serious_axe_violation_on_any_page(server, page, chromium, artifacts):
    found = {}
    page.goto(server.base + "/")
    page.wait_for_selector("#game-cards .game-card")
    found["lobby"] = axe_core.violations(page)
    for name, players, bots in GAMES:
        game = server.create(name, players, bots)
        page.goto(server.base + game["seats"][0]["join"])
        my_turn(page)
        found[name] = axe_core.violations(page)
    game_id = finished(server, "carcassonne", 2, {"0": "greedy", "1": "random"},
                       config={"deck": {"U": 1, "V": 1}})
    page.goto(server.base + f"/games/{game_id}")
    expect(page.locator("#breakdown")).to_be_visible()
    found["finished game"] = axe_core.violations(page)
    page.goto(server.base + f"/games/{game_id}/replay#1")
    wait_until(page, "window.meeple && window.meeple.step() === 1")
    found["replay"] = axe_core.violations(page)
    dice = finished(server, "catan-dice", 2, {"0": "greedy", "1": "greedy"})
    page.goto(server.base + f"/games/{dice}/replay#3")
    wait_until(page, "window.meeple && window.meeple.step() === 3")
    found["catan dice replay"] = axe_core.violations(page)
    page.goto(server.base + "/")                 # the form with colours and who starts
    page.wait_for_selector("#colour-0")
    page.select_option("#colour-1", "random")
    page.select_option("#order", "random")
    found["lobby, colours picked"] = axe_core.violations(page)
    invited = server.create("carcassonne", 2, seats={"0": "open", "1": "invite"})
    code = next(s["invite"] for s in invited["seats"] if s.get("invite"))
    page.goto(server.base + code)                # this person takes the seat
    page.wait_for_url(re.compile(r"/games/"))
    other = chromium.new_context()               # another person: the seat is taken, in words
    try:
        late = other.new_page()
        late.goto(server.base + code)
        expect(late.locator("#invite-status")).not_to_have_text("Taking your seat…")
        found["invitation"] = axe_core.violations(late)
        late.screenshot(path=str(artifacts / "invitation-taken.png"))
    finally:
        other.close()
    page.goto(server.base + "/games/NOSUCHGAME12")
    found["no such game"] = axe_core.violations(page)
    bad = {k: v for k, v in found.items() if v}
    assert not bad, bad


def test_screenshots_of_each_game_page(server, chromium, artifacts):
    """Each game page at 1366x768 and 390x844, for a person to look at
    (``artifacts/page-GAME-WIDTH.png``)."""
    for name, players, bots in GAMES:
        game = server.create(name, players, bots, seed=4)
        for width, height in ((1366, 768), (390, 844)):
            context = chromium.new_context(viewport={"width": width, "height": height},
                                           has_touch=width < 500, is_mobile=width < 500)
            try:
                page = context.new_page()
                page.goto(server.base + game["seats"][0]["join"])
                my_turn(page)
                page.wait_for_timeout(300)
                page.screenshot(path=str(artifacts / f"page-{name}-{width}.png"))
            finally:
                context.close()
