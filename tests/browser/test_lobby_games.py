"""Every game from the lobby: a person creates a game against a bot on ``/``, opens seat 0's
join link and plays several turns by clicking on the board; the page shows the moves and
the bot's replies. A screenshot of each game page is saved as ``artifacts/lobby-<game>.png``.

Only clicks make moves here (no ``window.meeple.send``); ``window.meeple.state()`` is only
read, to know whose turn it is. Nothing depends on a seed: each click is chosen from what
the page lights up (spots, circles, lit fields, lit sheet items).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from browser_steps import CLICKABLE, build_lit_items, wait_until
from playwright.sync_api import expect

from meeple.games import jaeger_sammler

BOARD_FILE = Path(jaeger_sammler.__file__).with_name("default_board.json")   # the shipped one
SHORT_CARCASSONNE = {"U": 3, "V": 3, "E": 2, "D": 2, "B": 1}

MY_TURN = ("(() => { const s = window.meeple && window.meeple.state();"
           " return !!s && (s.terminal || (s.legal && s.legal.length > 0)); })()")


# --- the lobby --------------------------------------------------------------------------

def create_in_lobby(server, page, game: str, bot: str = "greedy", players: int = 2,
                    before_create=None) -> tuple[str, str]:
    """Choose ``game`` on the lobby, seat 1 the creator's ("me"), seat 2 ``bot``, create;
    (game id, the Play link: the game's address, no token: the player's cookie holds
    the seat)."""
    page.goto(server.base + "/")
    page.wait_for_selector(f"#game option[value='{game}']", state="attached")
    page.select_option("#game", game)
    expect(page.locator("#players")).to_have_value(str(players))
    page.select_option("select[data-seat='0']", "me")
    page.select_option("select[data-seat='1']", bot)
    expect(page.locator("#aids")).to_be_checked()             # player aids: on by default
    if before_create:
        before_create(page)
    page.click("#create")
    expect(page.locator("#create-error")).to_be_empty()
    link = page.locator("#play")
    expect(link).to_have_attribute("href", re.compile(r"^/games/[\w-]+$"))
    assert page.locator("#invites li").count() == 0          # the bot's seat: no invitation
    href = link.get_attribute("href")
    game_id = href.rsplit("/", 1)[1]
    return game_id, href


def open_seat(server, page, href: str) -> None:
    page.goto(server.base + href)
    wait_until(page, MY_TURN)
    assert "token" not in page.url
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")


def state(page) -> dict:
    return page.evaluate("window.meeple.state()")


def index(page) -> int:
    return page.evaluate("window.meeple.state().index")


def wait_moved(page, before: int) -> None:
    wait_until(page, f"window.meeple.state().index > {before}")


def wait_my_turn(page) -> dict:
    """Until it is our move again (or the game is over): the state then."""
    wait_until(page, MY_TURN)
    return state(page)


class Moves:
    """The game's WebSocket messages as the page got them, and the seats' moves their
    updates carry (``{"index", "seat", "action"}``)."""

    def __init__(self, page):
        self.messages: list[dict] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload) -> None:
        try:
            message = json.loads(payload)
        except (TypeError, ValueError):
            return
        if isinstance(message, dict) and message.get("type") in ("state", "update"):
            self.messages.append(message)

    def by(self, seat: int) -> list[dict]:
        return [move for m in self.messages if m["type"] == "update"
                for move in m["moves"] if move["seat"] == seat]


def logged(page, move: dict, words: str = " "):
    """The log's line of a move: the server's words (``words`` among them), by its index
    and seat; never the move's notation."""
    line = page.locator(f"#log li.move[data-index='{move['index']}'][data-seat='{move['seat']}']",
                        has_text=words)
    if " " in move["action"]:                    # ("end" is a word too: "ended the turn")
        expect(line).not_to_contain_text(move["action"])
    return line


def assert_moves_logged(page, moves: Moves, seat: int, at_least: int) -> None:
    """Every move ``seat`` made is in the log, and there are ``at_least`` of them."""
    made = moves.by(seat)
    assert len(made) >= at_least, (seat, [m["moves"] for m in moves.messages])
    for move in made:
        expect(logged(page, move)).to_have_count(1)


# --- Hunters and Gatherers (and Carcassonne): tiles, then a follower, a hut, or pass -----




def tile_turn(page, prefer: str = "follower") -> dict:
    """One turn of a tile game by clicks: a lit spot (any rotation it offers is legal);
    then a circle on the new tile (``prefer`` "hut", "follower" or "pass"), or Pass; a
    bonus tile (Hunters and Gatherers) is placed the same way. Returns what was clicked."""
    first = state(page)
    me, turn = first["seat"], first["turn"]
    done = {"tiles": 0, "pieces": [], "offered": 0}
    while True:
        s = state(page)
        # Over when the seat to move or the turn changes (a quick bot may already have
        # answered: then it is our next turn, which is not this one).
        if s["terminal"] or s["current_player"] != me or s["turn"] != turn or not s["legal"]:
            return done
        before = s["index"]
        spots = page.locator("#spots .spot")
        targets = page.locator("#targets .target")
        if spots.count():
            tiles = page.locator("#tiles > g").count()
            spots.first.click()
            wait_moved(page, before)
            wait_until(page, 
                f"document.querySelectorAll('#tiles > g').length > {tiles}")
            done["tiles"] += 1
        elif targets.count() and prefer != "pass" and page.evaluate(CLICKABLE):
            done["offered"] += 1
            # Only circles on top (two choices on one spot overlap: the lower one cannot be
            # clicked), huts first when asked.
            clickable = page.evaluate(CLICKABLE)
            huts = [a for a in clickable if a.startswith("hut ")]
            action = huts[0] if prefer == "hut" and huts else clickable[0]
            page.locator(f"#targets .target[data-action='{action}']").click()
            wait_moved(page, before)
            done["pieces"].append(action)
        elif page.locator("#pass").count():
            done["offered"] += targets.count() > 0
            page.click("#pass")
            wait_moved(page, before)
        else:                            # whatever else the board lists as a button
            page.locator("#controls button.move").first.click()
            wait_moved(page, before)


def seat_colour(page, seat: int) -> str:
    """The seat's colour as the page names it (the client's own seatColours)."""
    return page.evaluate("async (seat) => (await import('/static/js/colours.js'))"
                         ".seatColours(window.meeple.state())[seat]", seat)


def assert_tiles_logged(page, moves: Moves, seat: int, at_least: int) -> None:
    """Each tile ``seat`` placed (``place T X Y R``) is in the log in words, ``<name>
    placed <what the tile shows> <where> of the starting tile``."""
    places = [m for m in moves.by(seat) if m["action"].startswith("place ")]
    assert len(places) >= at_least, moves.by(seat)
    for move in places:
        expect(logged(page, move, " placed ")).to_contain_text("starting tile")


def test_lobby_hunters_gatherers_against_a_bot(server, page, artifacts):
    game_id, href = create_in_lobby(server, page, "hunters-gatherers")
    moves = Moves(page)
    open_seat(server, page, href)
    expect(page.locator("#status")).to_contain_text("Your turn")
    expect(page.locator("#status")).to_contain_text("place the tile")
    assert page.locator("#tiles > g").count() == 1            # the start tile
    bot = seat_colour(page, 1)
    placed = []
    offered = 0
    for turn, prefer in enumerate(("follower", "hut", "follower", "hut")):
        before = index(page)
        tiles_before = page.locator("#tiles > g").count()
        done = tile_turn(page, prefer)
        assert done["tiles"] >= 1
        placed += done["pieces"]
        offered += done["offered"]
        # The bot's tile (and its piece or pass) arrives; then it is our turn again.
        s = wait_my_turn(page)
        if s["terminal"]:
            break
        page.wait_for_selector("#spots .spot")
        assert page.locator("#tiles > g").count() >= tiles_before + 2
        assert s["index"] > before + 1
        assert_tiles_logged(page, moves, 1, turn + 1)              # the bot's tiles
        assert_tiles_logged(page, moves, 0, turn + 1)              # and ours
        if turn >= 2 and placed:
            break
    assert turn >= 2, "fewer than three turns were played"
    if offered:                     # a follower or a hut was offered: one was placed
        assert placed
        view = state(page)["view"]
        mine = [f for f in view["followers"] if f["seat"] == 0] \
            + [h for h in view.get("huts", []) if h["seat"] == 0]
        assert mine, view
        assert page.locator("#pieces [data-seat='0']").count() >= 1
        if any(a.startswith("hut ") for a in placed):
            assert page.locator("#pieces .hut[data-seat='0']").count() >= 1
    # The log tells the bot's tiles by its colour, and the board shows them.
    assert page.locator("#log li.move[data-seat='1']", has_text=f"{bot} placed ").count() >= 2
    assert server.get(f"/api/games/{game_id}")["index"] == state(page)["index"]
    page.locator("#spots .spot").first.hover()                # the preview in the picture
    page.screenshot(path=str(artifacts / "lobby-hunters-gatherers.png"))


# --- Jäger und Sammler: a pawn, then the field it goes to --------------------------------

LIT_TARGETS = ("js-end", "js-mid", "js-two", "js-second", "js-one")
LIT = """() => [...document.querySelectorAll('svg.js-board [data-field]')]
    .filter((g) => /\\bjs-(start|chosen|one|two|mid|second|end)\\b/.test(g.getAttribute('class')))
    .map((g) => g.dataset.field + ' ' + g.getAttribute('class')).join('|')"""


def js_field(page, name: str):
    return page.locator(f"svg.js-board [data-field='{name}']")


def js_lit(page, cls: str):
    return page.locator(f"svg.js-board [data-field].{cls}:not(.js-chosen)")


def js_turn(page) -> None:
    """One move by clicks: a ringed pawn, then lit fields until the move is sent (a
    bright two-step field plays it; a pale one-step field asks for a second pawn and its
    step). A click that changes nothing lit has sent the move. Pawns that light nothing
    (only removable) are skipped."""
    s = state(page)
    before = s["index"]
    starts = page.locator("svg.js-board .js-start").evaluate_all(
        "gs => gs.map((g) => g.dataset.field)")
    assert starts, "no pawn of ours is lit"
    for a in starts:
        js_field(page, a).click()
        expect(js_field(page, a)).to_have_class(re.compile(r"\bjs-chosen\b"))
        if not any(js_lit(page, c).count() for c in LIT_TARGETS):
            page.click("#js-cancel")                          # nothing to go to: next pawn
            continue
        expect(page.locator("#js-hint")).to_contain_text(a)
        for _ in range(6):
            lit_before = page.evaluate(LIT)
            for cls in LIT_TARGETS:
                lit = js_lit(page, cls)
                if lit.count():
                    lit.first.click()
                    break
            else:
                raise AssertionError(f"pawn {a} is chosen and nothing is lit: {lit_before}")
            # Unchanged lights: the move went out (a new selection lights other fields).
            # Read in this order: an update landing in between still counts as sent.
            if page.evaluate(LIT) == lit_before or index(page) > before:
                wait_moved(page, before)
                return
        raise AssertionError(f"six clicks from pawn {a} sent no move")
    raise AssertionError(f"no pawn could be moved by clicks; legal: {s['legal']}")


def test_lobby_jaeger_sammler_against_a_bot(server, page, artifacts):
    def board_from_a_file(page):
        # The board option names a file: the page sends its data instead, read in the
        # browser from a file the person chooses (here the shipped board).
        page.click("#options summary")
        page.set_input_files("#options [data-for='board'] input[type=file]", str(BOARD_FILE))
        area = page.locator("#options textarea[data-option='board']")
        expect(area).not_to_have_value("")
        expect(page.locator("[data-error-for='board']")).to_be_empty()
        assert json.loads(area.input_value()) == json.loads(BOARD_FILE.read_text())
    game_id, href = create_in_lobby(server, page, "jaeger-sammler",
                                    before_create=board_from_a_file)
    moves = Moves(page)
    open_seat(server, page, href)
    page.wait_for_selector("svg.js-board .js-start")
    expect(page.locator("#status")).to_contain_text("Your turn")
    assert page.locator("svg.js-board [data-field]").count() > 0
    assert page.locator("svg.js-board .js-pawn").count() >= 4
    for turn in range(1, 4):
        s = wait_my_turn(page)
        assert not s["terminal"]
        page.wait_for_selector("svg.js-board .js-start")
        js_turn(page)
        # Our move is in the log in the server's words ("… moved a pawn two steps, …").
        assert len(moves.by(0)) == turn
        expect(logged(page, moves.by(0)[-1])).to_have_count(1)
        assert moves.by(0)[-1]["action"].startswith(("move ", "remove "))
        # The bot answers: its move shows in the log, and it is our turn again.
        wait_my_turn(page)
        expect(page.locator("#status")).to_contain_text("Your turn")
        assert_moves_logged(page, moves, 1, turn)
    assert_moves_logged(page, moves, 0, 3)
    assert page.locator("#log li.move").count() >= 6        # 3 of ours, 3+ of the bot's
    assert server.get(f"/api/games/{game_id}")["index"] == index(page)
    page.screenshot(path=str(artifacts / "lobby-jaeger-sammler.png"))


# --- Catan Dice: choose dice, reroll, keep, build ---------------------------------------

ROAD_FACES = ("brick", "lumber")


def dice_turn(page, keep_early: bool) -> list[str]:
    """One turn by clicks: select the dice that are not brick or lumber and reroll them
    (or Keep at once on the second roll when ``keep_early``), then build every lit item on
    the sheet, then End turn. Returns what was built."""
    s = wait_my_turn(page)
    built = []
    rerolled = False
    while s["view"]["phase"] == "choosing":
        expect(page.locator("#cd-reroll")).to_be_disabled()       # nothing selected yet
        picks = [i for i, f in enumerate(s["view"]["dice"])
                 if f not in ROAD_FACES and not s["view"]["used"][i]]
        can_reroll = any(a.startswith("reroll ") for a in s["legal"])
        if not picks or not can_reroll or (keep_early and rerolled):
            page.click("#cd-keep")
        else:
            for i in picks:
                page.click(f".cd-die[data-die='{i}']")
            expect(page.locator(".cd-die.cd-selected")).to_have_count(len(picks))
            expect(page.locator("#cd-reroll")).to_be_enabled()
            page.click("#cd-reroll")
            rerolled = True
        wait_moved(page, s["index"])
        s = wait_my_turn(page)
    built += build_lit_items(page, wait_my_turn)   # the sheet lights what can be built
    s = state(page)
    page.click("#cd-end")
    wait_moved(page, s["index"])
    return built


def test_lobby_catan_dice_against_a_bot(server, page, artifacts):
    def solo_capable(page):
        expect(page.locator("#players")).to_have_attribute("min", "1")
    game_id, href = create_in_lobby(server, page, "catan-dice", before_create=solo_capable)
    moves = Moves(page)
    open_seat(server, page, href)
    page.wait_for_selector("#moves")
    assert page.locator(".cd-die").count() == 6
    assert page.locator("#cd-seats .cd-seat").count() == 2
    built: list[str] = []
    turns = 0
    while turns < 3 or (not built and turns < 8):
        built += dice_turn(page, keep_early=turns == 0)
        turns += 1
        s = wait_my_turn(page)
        assert not s["terminal"]
        # The bot's whole turn is shown: its moves are logged and its box is written.
        assert_moves_logged(page, moves, 1, turns)
        sheets = s["view"]["sheets"]
        assert len(sheets[0]["boxes"]) == turns and len(sheets[1]["boxes"]) == turns
        box = page.locator("#cd-seats .cd-seat[data-seat='1'] .cd-mini-box").nth(turns - 1)
        assert box.inner_text().strip() != ""
        expect(page.locator(f"#cd-scores .cd-box[data-turn='{turns}']")).to_have_class(
            re.compile(r"\bcd-written\b"))
    assert built, "nothing became buildable in eight turns"
    # Our own moves are in the log too, as they were made: ``reroll 0 3``, Keep as
    # ``stop``, a build as ``build <kind> <item>``, ``end``.
    ours = [m["action"] for m in moves.by(0)]
    assert any(a.startswith("reroll ") for a in ours), ours
    assert "end" in ours, ours
    assert "stop" in ours, ours
    assert any(a.startswith("build ") and a.split()[-1] == built[0] for a in ours), ours
    assert_moves_logged(page, moves, 0, 2 * turns)
    page.click(".cd-die[data-die='0']")               # a die chosen, for the picture
    page.screenshot(path=str(artifacts / "lobby-catan-dice.png"))


# --- Carcassonne with lobby options: a short game, player aids off ----------------------

def test_lobby_options_short_carcassonne_without_aids(server, page, artifacts):
    def options(page):
        page.click("#options summary")
        expect(page.locator("#options")).to_have_attribute("open", "")
        # A JSON field is checked in the page: bad JSON is refused with the reason.
        deck = page.locator("#options textarea[data-option='deck']")
        deck.fill("{U: 3")
        expect(page.locator("[data-error-for='deck']")).to_contain_text("not valid JSON")
        page.click("#create")
        expect(page.locator("#create-error")).to_contain_text("draw pile")
        assert page.locator("#links li").count() == 0
        # A key the game does not know: the server's refusal (400) is shown.
        deck.fill('{"Q1": 2}')
        expect(page.locator("[data-error-for='deck']")).to_be_empty()
        page.click("#create")
        expect(page.locator("#create-error")).to_contain_text("'Q1' (400)")
        # The short game fills the field with the short pile; aids off.
        page.select_option("#opt-length", "short")
        assert json.loads(deck.input_value()) == SHORT_CARCASSONNE
        page.uncheck("#aids")

    game_id, href = create_in_lobby(server, page, "carcassonne", before_create=options)
    info = server.get(f"/api/games/{game_id}")
    assert info["aids"] is False
    assert info["projected"] is None
    view = info["view"]
    assert "pile" not in view                 # without aids nobody is sent the pile
    assert view["remaining"] == sum(SHORT_CARCASSONNE.values()) - 1
    assert view["tile"] in SHORT_CARCASSONNE

    moves = Moves(page)
    open_seat(server, page, href)
    assert page.evaluate("window.meeple.state().aids") is False
    turns = 0
    while not state(page)["terminal"] and turns < 8:
        page.wait_for_selector("#spots .spot")
        done = tile_turn(page, "follower" if turns % 2 == 0 else "pass")
        assert done["tiles"] >= 1
        turns += 1
        wait_my_turn(page)
    assert turns >= 3, json.dumps({k: v for k, v in state(page).items() if k != "view"})
    expect(page.locator("#status")).to_contain_text("Game over")
    assert page.locator("#spots .spot, #targets .target, #pass").count() == 0
    assert_tiles_logged(page, moves, 0, 3)
    assert_tiles_logged(page, moves, 1, 3)                       # the bot's replies
    final = server.get(f"/api/games/{game_id}")
    assert final["terminal"] and final["status"] == "finished"
    assert len(final["view"]["board"]) == 1 + sum(SHORT_CARCASSONNE.values()) \
        - len(final["view"].get("discarded", []))
    page.screenshot(path=str(artifacts / "lobby-carcassonne-short.png"))

