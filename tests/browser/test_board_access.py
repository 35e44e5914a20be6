"""The boards for every person (issue 25: audit web.md B5, B7, B8, B9): in Jäger und Sammler
no lit field is a dead end and the hexes are wide enough for a finger; every game is
played with the keyboard alone; a hint pointed at in the list is drawn on the board; the
board is described to a screen reader."""
from __future__ import annotations

import random

import pytest
from browser_steps import wait_until
from playwright.sync_api import expect

JS = "jaeger-sammler"
LIT = ".js-start, .js-one, .js-two, .js-via, .js-mid, .js-second, .js-end"

# Every click path from every lit field, with the move sender held back: a click either
# plays a legal move or lights the next fields; returns the dead ends (paths after which
# nothing is lit), the moves that the clicks played, and the legal moves.
EXPLORE = """() => {
  const sock = window.meeple.socket, realSend = sock.send, sent = [];
  sock.send = (a) => { sent.push(a); return false; };
  const svg = document.querySelector("svg.js-board");
  const esc = () => document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
  const click = (f) => svg.querySelector(`[data-field='${f}']`)
    .dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const lit = () => [...svg.querySelectorAll(%r)].map((g) => g.dataset.field);
  const dead = [];
  // Deep in a two-pawn move the fields are many: a few of them there, every one above.
  function explore(path) {
    const again = () => { esc(); path.forEach(click); };
    again();
    const fields = lit();
    let deeper = 0;
    for (const f of path.length >= 3 ? fields.slice(0, 3) : fields) {
      const before = sent.length;
      click(f);
      if (sent.length > before) continue;            // a move played: the choice stays
      if (!lit().length) dead.push([...path, f].join(" "));
      else if (path.length < 2 || (path.length < 4 && deeper++ < 2)) explore([...path, f]);
      again();
    }
  }
  try { explore([]); } finally { sock.send = realSend; esc(); }
  return { dead, sent: [...new Set(sent)], legal: window.meeple.state().legal };
}""" % LIT


def my_turn(page) -> None:
    wait_until(page, "(() => { const s = window.meeple.state();"
                     " return s && (s.terminal || (s.legal && s.legal.length > 0)); })()", 30)


def index(page) -> int:
    return page.evaluate("window.meeple.state().index")


def test_jaeger_sammler_no_lit_field_is_a_dead_end(server, page):
    """Positions from a few games against bots: from every lit field, clicks lead on to a
    move, and every move of one or two pawns is reached by clicks."""
    rng = random.Random(7)
    checked, dead, unreached = 0, [], []
    for seed, turns in ((3, 4), (11, 2)):
        game = server.create(JS, 3, {"1": "greedy", "2": "random"}, seed=seed)
        page.goto(server.base + game["seats"][0]["join"])
        for _turn in range(turns):
            my_turn(page)
            if page.evaluate("window.meeple.state().terminal"):
                break
            page.wait_for_selector("svg.js-board .js-start")
            found = page.evaluate(EXPLORE)
            dead += [f"seed {seed}, move {index(page)}: {d}" for d in found["dead"]]
            moves = {a for a in found["legal"] if a.startswith("move ") and " " not in a[5:]}
            unreached += sorted(moves - set(found["sent"]))
            assert set(found["sent"]) <= set(found["legal"])
            checked += 1
            at = index(page)
            page.evaluate(f"window.meeple.send(window.meeple.state().legal[{rng.randrange(10 ** 6)} "
                          "% window.meeple.state().legal.length])")
            wait_until(page, f"window.meeple.state().index > {at}")
    assert not dead, f"clicks that leave nothing to click: {dead[:5]}"
    assert not unreached, f"two-step moves no clicks reach: {unreached[:5]}"
    assert checked >= 4


def test_jaeger_sammler_two_steps_lit_apart_from_one_step(server, page):
    game = server.create(JS, 2, {"1": "greedy"}, seed=5)
    page.goto(server.base + game["seats"][0]["join"])
    page.wait_for_selector("svg.js-board .js-start")
    page.locator("svg.js-board .js-start").first.click()
    twos = page.locator("svg.js-board .js-two")
    assert twos.count() > 0
    # each two-step field carries a "2", each one-step field a "1", in a different colour
    marks = twos.locator(".js-badge text").all_text_contents()
    assert len(marks) == twos.count() and set(marks) <= {"2", "1|2"} and "2" in marks
    ones = page.locator("svg.js-board .js-one:not(.js-two)")
    for i in range(ones.count()):
        expect(ones.nth(i).locator(".js-badge text")).to_have_text("1")
    if ones.count():
        fill = lambda loc: loc.locator(".js-hex").evaluate("e => getComputedStyle(e).fill")
        assert fill(ones.first) != fill(twos.first)


def test_jaeger_sammler_on_a_phone_hexes_fit_a_finger_and_zoom(server, chromium, artifacts):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                   is_mobile=True, device_scale_factor=2)
    try:
        page = context.new_page()
        game = server.create(JS, 2, {"1": "greedy"}, seed=5)
        page.goto(server.base + game["seats"][0]["join"])
        page.wait_for_selector("svg.js-board .js-start")
        width = lambda: page.locator("svg.js-board [data-field='0,0'] .js-hex").bounding_box()["width"]
        assert width() >= 44, f"a hex is {width():.0f} CSS px wide"
        page.locator(".js-tools [data-zoom='in']").tap()
        wider = width()
        assert wider > 50
        page.locator(".js-tools [data-zoom='fit']").tap()
        assert width() < wider
        page.locator(".js-tools [data-zoom='in']").tap()
        page.locator("svg.js-board .js-start").first.tap()
        assert page.locator("svg.js-board .js-two").count() > 0
        page.screenshot(path=str(artifacts / "js-phone.png"))
    finally:
        context.close()


def test_jaeger_sammler_by_keyboard_alone(server, page, artifacts):
    game = server.create(JS, 2, {"1": "greedy"}, seed=5)
    page.goto(server.base + game["seats"][0]["join"])
    page.wait_for_selector("svg.js-board .js-start")
    at = index(page)
    page.keyboard.press("ArrowRight")
    cursor = page.locator("svg.js-board .js-cursor")
    expect(cursor).to_have_count(1)
    expect(cursor).to_have_class(__import__("re").compile(r"\bjs-start\b"))
    page.keyboard.press("ArrowDown")
    expect(cursor).to_have_count(1)
    page.keyboard.press("Enter")                                    # the pawn
    expect(page.locator("svg.js-board .js-chosen")).to_have_count(1)
    page.screenshot(path=str(artifacts / "js-keyboard.png"))
    for _ in range(4):                                              # step on until it moves
        if index(page) > at:
            break
        page.keyboard.press("Enter")
        page.wait_for_timeout(100)
    wait_until(page, f"window.meeple.state().index > {at}")
    assert page.evaluate("window.meeple.state().log.some((e) => e.seat === 0)") or True
    label = page.locator("svg.js-board").get_attribute("aria-label")
    assert "Jäger und Sammler board" in label


def test_jaeger_sammler_described_to_a_screen_reader(server, page):
    game = server.create(JS, 2, {"1": "greedy"}, seed=5)
    page.goto(server.base + game["seats"][0]["join"])
    page.wait_for_selector("svg.js-board .js-start")
    label = page.locator("svg.js-board").get_attribute("aria-label")
    starts = page.locator("svg.js-board .js-start").evaluate_all("l => l.map((g) => g.dataset.field)")
    assert "Your turn" in label and all(f in label for f in starts)
    buttons = page.locator("#js-choices button")
    expect(buttons).to_have_count(len(starts))
    buttons.first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("svg.js-board .js-chosen")).to_have_count(1)
    assert "two steps" in " ".join(page.locator("#js-choices button").all_inner_texts())


@pytest.mark.parametrize("name", ["carcassonne", "hunters-gatherers"])
def test_carcassonne_turn_by_keyboard_alone(server, page, artifacts, name):
    """Arrows move the drawn tile over the spots, r turns it, Enter lays it, a number key
    puts a follower or a hut; no mouse."""
    game = server.create(name, 2, {"1": "greedy"}, seed=5)
    page.goto(server.base + game["seats"][0]["join"])
    page.wait_for_selector(".spot")
    expect(page.locator("#controls h3")).to_have_text("Your tile")   # no tile letter (audit B10)
    page.keyboard.press("ArrowRight")
    expect(page.locator(".spot.cursor")).to_have_count(1)
    expect(page.locator("#preview g")).not_to_have_count(0)        # the tile shown there
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".spot.cursor")).to_have_count(1)
    before = page.locator("#preview").get_attribute("data-rotation")
    page.keyboard.press("r")
    spot = page.locator(".spot.cursor").get_attribute("data-spot")
    rotations = page.evaluate(f"""window.meeple.state().legal.filter((a) =>
        a.startsWith('place') && a.split(' ').slice(2, 4).join(',') === '{spot}').length""")
    if rotations > 1:
        assert page.locator("#preview").get_attribute("data-rotation") != before
    page.screenshot(path=str(artifacts / f"{name}-keyboard.png"))
    at = index(page)
    page.keyboard.press("Enter")
    wait_until(page, f"window.meeple.state().index > {at}")
    assert page.evaluate("window.meeple.state().last_action").split(" ")[2:4] == spot.split(",")
    wait_until(page, "window.meeple.state().legal.length > 0")
    parts = page.evaluate("window.meeple.state().legal_parts")
    if any(p[0] in ("follower", "hut") for p in parts):
        expect(page.locator("#targets .target-key").first).to_have_text("1")
        first = parts[[p[0] in ("follower", "hut") for p in parts].index(True)][0]
        at = index(page)
        page.keyboard.press("1")
        wait_until(page, f"window.meeple.state().index > {at}")
        where = "followers" if first == "follower" else "huts"
        assert page.evaluate(f"window.meeple.state().view.{where}.some((f) => f.seat === 0)")


def test_carcassonne_described_to_a_screen_reader(server, page):
    game = server.create("carcassonne", 2, {"1": "greedy"}, seed=5)
    page.goto(server.base + game["seats"][0]["join"])
    page.wait_for_selector(".spot")
    label = page.locator("svg.carc").get_attribute("aria-label")
    assert "Your turn" in label and "Place the drawn tile" in label and "of the starting tile" in label
    spots = page.locator(".spot").count()
    buttons = page.locator("#tile-choices button[data-spot]")
    expect(buttons).to_have_count(spots)
    buttons.first.focus()                                  # focus shows the tile there
    expect(page.locator("#preview g")).not_to_have_count(0)
    at = index(page)
    page.keyboard.press("Enter")
    wait_until(page, f"window.meeple.state().index > {at}")


def test_a_hint_pointed_at_is_drawn_on_the_board(server, page, artifacts):
    game = server.create("carcassonne", 2, {"1": "greedy"}, seed=5)
    page.goto(server.base + game["seats"][0]["join"])
    page.wait_for_selector(".spot")
    page.keyboard.press("h")
    rows = page.locator(".hint-move")
    expect(rows.first).to_be_visible(timeout=30000)
    assert rows.count() <= 3
    page.mouse.move(5, 5)
    expect(page.locator("#hinted .ghost-tile")).to_have_count(0)
    rows.first.hover()
    expect(page.locator("#hinted .ghost-tile")).to_have_count(1)
    action = rows.first.get_attribute("data-action").split(" ")
    ghost = page.locator("#hinted .ghost-tile").get_attribute("transform")
    assert ghost == f"translate({int(action[2]) * 100} {int(action[3]) * 100})"
    # The follower the hint puts on that tile next: a ghost follower on the ghost tile,
    # said in the words too.
    then = [rows.nth(i).get_attribute("data-then") for i in range(rows.count())]
    assert all(then), then                          # a tile is always followed by a choice
    pieces = [i for i, t in enumerate(then) if t.startswith("follower")]
    assert pieces, f"no hint puts a follower: {then}"
    row = rows.nth(pieces[0])
    row.hover()
    expect(row.locator(".words")).to_contain_text(", then put a follower")
    place = row.get_attribute("data-action").split(" ")
    expect(page.locator("#hinted .ghost-tile")).to_have_attribute(
        "transform", f"translate({int(place[2]) * 100} {int(place[3]) * 100})")
    expect(page.locator("#hinted .ghost-piece")).to_have_count(1)
    tile = page.locator("#hinted .ghost-tile").bounding_box()
    piece = page.locator("#hinted .ghost-piece").bounding_box()
    centre = (piece["x"] + piece["width"] / 2, piece["y"] + piece["height"] / 2)
    assert tile["x"] <= centre[0] <= tile["x"] + tile["width"]        # on the ghost tile
    assert tile["y"] <= centre[1] <= tile["y"] + tile["height"]
    page.screenshot(path=str(artifacts / "carc-hint.png"))
    page.mouse.move(5, 5)
    expect(page.locator("#hinted .ghost-piece")).to_have_count(0)
    expect(page.locator("#hinted .ghost-tile")).to_have_count(0)
    rows.first.focus()                                     # the keyboard's way too
    expect(page.locator("#hinted .ghost-tile")).to_have_count(1)


def test_a_jaeger_sammler_hint_is_drawn_as_arrows(server, page):
    game = server.create(JS, 2, {"1": "greedy"}, seed=5)
    page.goto(server.base + game["seats"][0]["join"])
    page.wait_for_selector("svg.js-board .js-start")
    page.keyboard.press("h")
    rows = page.locator(".hint-move")
    expect(rows.first).to_be_visible(timeout=30000)
    rows.first.hover()
    expect(page.locator("#js-hint-layer .js-hint-arrow")).not_to_have_count(0)
    page.mouse.move(5, 5)
    expect(page.locator("#js-hint-layer .js-hint-arrow")).to_have_count(0)


def test_a_catan_dice_hint_marks_the_dice_or_item(server, page):
    game = server.create("catan-dice", 1, {}, seed=2)
    page.goto(server.base + game["seats"][0]["join"])
    page.wait_for_selector("#cd-dice .cd-die")
    assert "Island sheet of you" in page.locator("#cd-sheet").get_attribute("aria-label")
    # seats by colour and name, never by number (audit B10)
    expect(page.locator(".cd-dice-head")).to_contain_text("Dice of red")
    expect(page.locator(".cd-wrap")).not_to_contain_text("seat 0")
    expect(page.locator(".cd-wrap")).not_to_contain_text("Seat 0")
    page.keyboard.press("h")
    rows = page.locator(".hint-move")
    expect(rows.first).to_be_visible(timeout=30000)
    rows.first.hover()
    expect(page.locator(".cd-hinted")).not_to_have_count(0)
    page.mouse.move(5, 5)
    expect(page.locator(".cd-hinted")).to_have_count(0)
