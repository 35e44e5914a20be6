"""The Catan board: four people in four browser contexts play a whole game by clicks on the
island and the turn panel (set-up, rolls, discards, the robber and a steal, building, cards,
trade with the bank and between two people), while a spectator's page records every
WebSocket frame; no frame of anyone holds another seat's hidden cards. Also: the keyboard
builds, the phone needs no scrolling for a turn, axe-core finds nothing serious."""
from __future__ import annotations

import json
import random
import re
import time

import axe_core
import pytest
from browser_steps import wait_until
from catan_play import SECRET_CHANCE, choose
from playwright.sync_api import expect

RESOURCES = ("lumber", "brick", "wool", "grain", "ore")
CONFIG = {"board": "beginner"}
STATE = "window.meeple.state()"


def state(page) -> dict:
    return page.evaluate(STATE)


def frames_of(page, seen: list) -> None:
    """Keep every WebSocket frame the page receives."""
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: seen.append(f)))


def wait_moved(page, index: int) -> None:
    wait_until(page, f"{STATE} && {STATE}.index > {index}", timeout=30)


def step(page, locator: str) -> None:
    page.locator(locator).first.click()


def pick(page, picker: str, cards: list[str]) -> None:
    for card in cards:
        step(page, f"[data-picker='{picker}'] [data-resource='{card}'] .ct-plus")


def sides(action: str) -> tuple[list[str], list[str]]:
    words = action.split()
    i = words.index("for")
    return words[1:i], words[i + 1:]


def click_move(page, action: str) -> str:
    """Play ``action`` (one of the page's legal moves) by clicks, as a person would; the
    way it was reached."""
    words = action.split()
    kind = words[0]
    if kind == "build" and words[1] in ("settlement", "city"):
        step(page, f"#ct-board [data-spot='n{words[2]}']")
    elif kind == "build":
        step(page, f"#ct-board [data-spot='e{words[2]}']")
    elif kind == "robber":
        step(page, f"#ct-board [data-spot='h{words[1]}']")
        if len(words) == 4 and page.locator("#ct-board .ct-victim").count():
            step(page, f"#ct-board .ct-victim[data-seat='{words[3]}']")
    elif kind in ("roll", "end", "buy", "accept", "decline", "cancel"):
        step(page, f"#ct-{kind}")
    elif action in ("play knight", "play roadbuilding"):
        step(page, f"#ct-{words[1]}")
    elif kind == "play":
        step(page, f"#ct-{words[1]}-open")
        step(page, f"#ct-{words[1]} button[data-action='{action}']")
    elif kind == "discard":
        pick(page, "discard", words[1:])
        step(page, "#ct-discard-go")
    elif kind == "trade":
        step(page, f".ct-trade-with[data-seat='{words[1]}']")
    elif kind == "counter":
        step(page, "#ct-counter summary")
        give, get = sides(action)
        pick(page, "counter give", give)
        pick(page, "counter get", get)
        step(page, "#ct-counter-go")
    elif kind in ("maritime", "offer"):
        if not page.locator("#ct-trade").count():
            step(page, "#ct-trade-open")
        give, get = sides(action)
        if kind == "maritime":
            page.select_option("#ct-maritime-give", f"{len(give)} {give[0]}")
            page.select_option("#ct-maritime-get", get[0])
            step(page, "#ct-maritime-go")
        else:
            pick(page, "give", give)
            pick(page, "get", get)
            step(page, "#ct-offer-go")
    else:
        raise AssertionError(f"no way on the page to play {action!r}")
    return kind


def hidden_leaks(frame: str, seat: int | None) -> list[str]:
    """What a WebSocket frame to ``seat`` (None: a spectator) shows of others' cards."""
    data = json.loads(frame)
    if "view" not in data or data.get("terminal"):
        return []
    found = []
    for s in data["view"]["seats"]:
        if s["seat"] != seat and {"hand", "dev", "new_dev"} & set(s):
            found.append(f"seat {s['seat']}'s cards")
    steal = data["view"].get("steal")
    if steal and "card" in steal and seat not in (steal["thief"], steal["victim"]):
        found.append("a stolen card")
    if SECRET_CHANCE.search(frame):
        found.append(SECRET_CHANCE.search(frame)[0])
    return found


@pytest.mark.timeout(900)      # a whole game of clicks: about 260 s on an idle machine
def test_four_people_play_a_whole_game_by_clicks(server, chromium, artifacts):
    game = server.create("catan", 4, {}, seed=21, config=CONFIG)
    contexts, pages, frames = [], [], []
    try:
        for who in [*game["seats"], None]:
            context = chromium.new_context(viewport={"width": 1366, "height": 768})
            context.set_default_timeout(15000)
            contexts.append(context)
            page = context.new_page()
            seen: list[str] = []
            frames.append(seen)
            frames_of(page, seen)
            page.goto(server.base + (who["join"] if who else f"/games/{game['id']}"))
            pages.append(page)
        people, spectator = pages[:4], pages[4]
        wait_until(spectator, f"{STATE} && {STATE}.seat === null")
        rng = random.Random(3)
        done: dict[str, int] = {}
        traded = stolen = shot = False
        deadline = time.monotonic() + 900
        while True:
            assert time.monotonic() < deadline, f"the game did not end by {state(spectator)['index']}"
            seat, mine = to_move(people)
            if mine is None:
                break
            page = people[seat]
            legal = mine["legal"]
            action = choose(legal, rng)
            if not traded:            # the two-person trade: an offer the next seat can take
                action = planned_trade(pages, mine, legal) or action
            if action.startswith("robber") and " from " in action:
                stolen = True
            if action.startswith("trade ") and mine["view"]["negotiation"]["answers"].get(
                    action.split()[1]) == "accept":
                traded = True
            if not shot and mine["view"]["negotiation"] and seat != mine["view"]["mover"]:
                page.screenshot(path=str(artifacts / "catan-answer-offer.png"))
                shot = True
            kind = click_move(page, action)
            done[kind] = done.get(kind, 0) + 1
            wait_moved(page, mine["index"])
        wait_until(people[0], f"{STATE}.terminal")
        final = state(people[0])
        assert final["terminal"] and max(final["scores"]) >= 10
        for kind in ("build", "roll", "end", "robber", "discard", "offer", "accept", "trade"):
            assert done.get(kind), (kind, done)
        assert traded and stolen, done
        spectator.screenshot(path=str(artifacts / "catan-end-spectator.png"))
        assert len(frames[4]) > 100
        for seat, seen in enumerate(frames):
            viewer = seat if seat < 4 else None
            for frame in seen:
                assert not hidden_leaks(frame, viewer), (viewer, hidden_leaks(frame, viewer))
    finally:
        for context in contexts:
            context.close()


def to_move(people) -> tuple[int, dict | None]:
    """The seat to move and its state, read from the pages (the one with legal moves at
    the newest index); (-1, None) once the game is over."""
    deadline = time.monotonic() + 30
    while True:
        states = [state(p) for p in people]
        if any(s["terminal"] for s in states):
            return -1, None
        top = max(s["index"] for s in states)
        for seat, s in enumerate(states):
            if s["index"] == top and s["legal"]:
                return seat, s
        assert time.monotonic() < deadline, f"nobody to move at {top}"
        time.sleep(0.02)


def planned_trade(pages, mine: dict, legal: list[str]) -> str | None:
    """The move that leads to a trade between two people: the mover offers one card for a
    card the next seat holds; that seat accepts; the mover trades with it."""
    view, seat = mine["view"], mine["seat"]
    if "accept" in legal and view["negotiation"]["asks"] and view["negotiation"]["order"][0] == seat:
        return "accept"
    if "decline" in legal:
        return "decline"
    offers = [a for a in legal if a.startswith("offer ")]
    if not offers:
        return None
    partner = (seat + 1) % len(view["seats"])
    theirs = state(pages[partner])["view"]["seats"][partner]["hand"]
    for a in offers:
        give, get = sides(a)
        if len(give) == 1 and len(get) == 1 and theirs.get(get[0]):
            return a
    return None


def test_the_keyboard_and_the_screen_reader_list_build(server, page):
    game = server.create("catan", 3, {"1": "greedy", "2": "greedy"}, seed=5, config=CONFIG)
    page.goto(server.base + game["seats"][0]["join"])
    wait_until(page, f"{STATE} && {STATE}.legal.length > 0")
    page.wait_for_selector("#ct-choices button")
    listed = page.locator("#ct-choices button").count()
    assert listed == len(state(page)["legal"]) == 54
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    cursor = page.locator("#ct-board .ct-cursor")
    assert cursor.count() == 1
    node = cursor.get_attribute("data-node")
    page.keyboard.press("Enter")
    wait_until(page, f"{STATE}.view.buildings.length === 1")
    assert state(page)["view"]["buildings"][0][0] == int(node)
    roads = page.locator("#ct-choices button")
    assert 2 <= roads.count() <= 3
    assert re.fullmatch(r"road (between|on the [a-z-]+ coast of) the .+", roads.first.inner_text())
    roads.first.focus()
    page.keyboard.press("Enter")
    wait_until(page, f"{STATE}.view.roads.length === 1")


IDS = re.compile(r"\b(node|edge|hex)s? \d")
"""An id said to a person: the page names places by their hexes."""
LOG = "[...document.querySelectorAll('#log li.move, #log li.event')].map(l => l.textContent)"
SAID = """() => [...document.querySelectorAll('#ct-board title, #ct-choices button')]
    .map((e) => e.textContent).concat([...document.querySelectorAll('[aria-label], [title]')]
    .flatMap((e) => [e.getAttribute('aria-label'), e.getAttribute('title')]).filter(Boolean))"""


def test_the_log_names_places_and_the_dice_show_both_faces(server, page, artifacts):
    """The log and the island say where a piece stands by the hexes round it (no node,
    edge or hex ids); after the roll the dice panel draws both dice with their pips and
    the total, named "rolled A and B: N"; in Czech too."""
    game = server.create("catan", 4, {"1": "greedy", "2": "greedy", "3": "greedy"}, seed=6,
                         config=CONFIG)
    page.goto(server.base + game["seats"][0]["join"])
    rng = random.Random(2)
    while True:
        wait_until(page, f"{STATE} && {STATE}.legal.length > 0", timeout=60)
        s = state(page)
        if s["view"]["dice"]:
            break
        click_move(page, "roll" if "roll" in s["legal"] else choose(s["legal"], rng))
        wait_moved(page, s["index"])
    view = s["view"]
    a, b = view["dice_faces"]
    assert a + b == view["dice"] and 1 <= min(a, b) and max(a, b) <= 6
    roll = page.locator("#ct-dice #ct-rolled")
    assert roll.get_attribute("aria-label") == f"rolled {a} and {b}: {view['dice']}"
    dice = roll.locator("svg.ct-die")
    assert [dice.nth(i).get_attribute("data-face") for i in range(dice.count())] == [str(a), str(b)]
    assert roll.locator(".ct-die-pip").count() == a + b
    assert roll.locator(".ct-dice-total").inner_text() == str(view["dice"])
    page.locator("#ct-info").screenshot(path=str(artifacts / "catan-dice.png"))
    log = page.evaluate(LOG)
    built = [line for line in log if " a settlement " in line or " a road " in line]
    assert len(built) >= 16, log              # 8 settlements and 8 roads: moves and events
    assert any(re.search(r"a settlement (between|on the coast between|at the [a-z-]+ corner of) "
                         r"the ", line) for line in built), built
    assert not [line for line in log if IDS.search(line)]
    assert not [text for text in page.evaluate(SAID) if IDS.search(text)]
    page.locator("#languages a[lang='cs']").click()
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    expect(page.locator("#ct-rolled")).to_have_attribute(
        "aria-label", f"hozeno {a} a {b}: {view['dice']}")
    expect(page.locator("#log li.move").first).to_be_visible()
    assert any(" mezi " in line or " rohu " in line for line in page.evaluate(LOG))
    assert page.evaluate("window.__meepleMisses || []") == []


def test_a_phone_turn_needs_no_scrolling_and_axe_is_content(server, chromium, artifacts):
    game = server.create("catan", 4, {"1": "greedy", "2": "greedy", "3": "greedy"}, seed=8,
                         config=CONFIG)
    context = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                   is_mobile=True)
    context.set_default_timeout(15000)
    try:
        page = context.new_page()
        page.goto(server.base + game["seats"][0]["join"])
        rng = random.Random(1)
        seen_roll = False
        for _ in range(40):
            wait_until(page, f"{STATE} && ({STATE}.legal.length > 0 || {STATE}.terminal)",
                       timeout=60)
            page.wait_for_selector("#ct-hand")
            s = state(page)
            if "roll" in s["legal"] and not seen_roll:
                assert_visible(page, "#ct-board", "#status", "#ct-hand", "#ct-roll")
                page.screenshot(path=str(artifacts / "catan-phone-roll.png"))
            if "end" in s["legal"]:
                assert_visible(page, "#ct-board", "#status", "#ct-hand", "#ct-end")
                page.screenshot(path=str(artifacts / "catan-phone-turn.png"))
                if seen_roll:
                    break
                seen_roll = True
            if s["view"]["phase"].startswith("setup"):
                assert_visible(page, "#ct-board", "#status", "#ct-hand")
            assert page.evaluate("document.scrollingElement.scrollTop") == 0
            click_move(page, choose(s["legal"], rng))
            wait_moved(page, s["index"])
        assert seen_roll
        bad = axe_core.violations(page)
        assert not bad, bad
    finally:
        context.close()


IN_VIEW = """(sel) => [...document.querySelectorAll(sel)].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight + 1 && r.left >= 0 &&
           r.right <= innerWidth + 1; }).length"""


def assert_visible(page, *selectors: str) -> None:
    for sel in selectors:
        assert page.evaluate(IN_VIEW, sel) > 0, (f"{sel} is not on the screen", page.evaluate(
            "(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
            " return [r.top, r.bottom, r.left, r.right, innerHeight, innerWidth]; }", sel))


def test_screenshots_at_two_sizes(server, chromium, artifacts):
    game = server.create("catan", 4, {"1": "greedy", "2": "greedy", "3": "greedy"}, seed=4,
                         config=CONFIG)
    for width, height in ((1366, 768), (390, 844)):
        context = chromium.new_context(viewport={"width": width, "height": height},
                                       has_touch=width < 500, is_mobile=width < 500)
        try:
            page = context.new_page()
            page.goto(server.base + game["seats"][0]["join"])
            wait_until(page, f"{STATE} && {STATE}.legal.length > 0")
            page.wait_for_timeout(300)
            page.screenshot(path=str(artifacts / f"page-catan-{width}.png"))
            assert re.search(r"place a settlement", page.locator("#status").inner_text())
        finally:
            context.close()
