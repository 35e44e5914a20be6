"""The Jäger und Sammler board: pawns, reachable fields, two-step and two-pawn moves by
clicks, a spectator without controls, and face-down tiles shown only as counts."""
from __future__ import annotations

import re

from browser_steps import wait_until
from playwright.sync_api import expect

GAME = "jaeger-sammler"
FACE_DOWN_KINDS = ("berries", "tubers", "herbs", "jug", "necklace", "fur", "skull")

# From the legal moves: {twos: [[a,b,c,action]], pairs: [[a,b,d,e,action]]}.
SHAPES = """() => {
    const twos = [], pairs = [];
    for (const a of window.meeple.state().legal || []) {
        const [kind, ...rest] = a.split(" ");
        if (kind !== "move") continue;
        const p = rest.map((x) => x.split(">"));
        if (p.length === 1) twos.push([...p[0], a]);
        else pairs.push([...p[0], ...p[1], a]);
    }
    return { twos, pairs };
}"""


def my_turn(page) -> None:
    wait_until(page, "(() => { const s = window.meeple.state();"
                           " return s && s.legal && s.legal.length > 0; })()")
    page.wait_for_selector("svg.js-board .js-start")


def field(page, name: str):
    return page.locator(f"svg.js-board [data-field='{name}']")


def pick_two_step(page):
    """A two-step move A>B>C whose end C is reached from A in no other way (one path, and
    not also a one-step field): one click on A and one on C play it."""
    shapes = page.evaluate(SHAPES)
    ones = {(m[0], m[1]) for m in shapes["twos"]} | {(m[0], m[1]) for m in shapes["pairs"]}
    ends: dict[tuple[str, str], list[str]] = {}
    for a, _b, c, action in shapes["twos"]:
        ends.setdefault((a, c), []).append(action)
    for (a, c), actions in sorted(ends.items()):
        if len(actions) == 1 and (a, c) not in ones and a != c:
            return a, c, actions[0]
    raise AssertionError(f"no unambiguous two-step move in {shapes}")


def test_two_step_and_two_pawn_moves_against_a_bot(server, page, artifacts):
    game = server.create(GAME, 2, {"1": "greedy"}, seed=5)
    page.goto(server.base + game["seats"][0]["join"])
    my_turn(page)
    assert page.locator("svg.js-board [data-field]").count() == 120
    assert page.locator("svg.js-board .js-pawn").count() >= 4
    expect(page.locator("#js-season")).to_contain_text("Summer")

    # Click a pawn: the one-step and two-step fields light up; Esc cancels.
    a, c, action = pick_two_step(page)
    field(page, a).click()
    expect(field(page, a)).to_have_class(re.compile(r"\bjs-chosen\b"))
    assert page.locator("svg.js-board .js-one").count() > 0
    assert page.locator("svg.js-board .js-two").count() > 0
    expect(field(page, c)).to_have_class(re.compile(r"\bjs-two\b"))
    page.keyboard.press("Escape")
    expect(page.locator("svg.js-board .js-two")).to_have_count(0)

    # Pawn, then the two-step target: the move is played, and the bot answers.
    index = page.evaluate("window.meeple.state().index")
    field(page, a).click()
    field(page, c).click()
    wait_until(page, f"window.meeple.state().index > {index}")
    assert page.evaluate("window.meeple.state().index") >= index + 1
    my_turn(page)
    assert page.evaluate("window.meeple.state().index") >= index + 2   # the bot moved too
    expect(page.locator("#log li.move[data-seat='0']")).to_contain_text(
        "moved a pawn two steps, from ")                          # in words, no fields
    expect(page.locator("#log li.move")).to_have_count(2)      # ours, the bot's
    expect(page.locator("#log")).not_to_contain_text(action.split(" ", 1)[1])

    # A two-pawn move by clicks: A, its one step B (needs a second pawn), D, then E.
    shapes = page.evaluate(SHAPES)
    assert shapes["pairs"], "no two-pawn move is legal"
    a, b, d, e, action = shapes["pairs"][0]
    field(page, a).click()
    field(page, b).click()
    expect(page.locator("#js-hint")).to_contain_text("second pawn")
    expect(page.locator("#js-cancel")).to_be_visible()
    expect(field(page, d)).to_have_class(re.compile(r"\bjs-second\b"))
    field(page, d).click()
    expect(field(page, e)).to_have_class(re.compile(r"\bjs-end\b"))
    index = page.evaluate("window.meeple.state().index")
    field(page, e).click()
    wait_until(page, f"window.meeple.state().index > {index}")
    my_turn(page)
    expect(page.locator("#log li.move[data-seat='0']").first).to_contain_text(
        "moved two pawns a step each, from ")

    # A selection can be cancelled with the button; the remove button is offered.
    a = page.locator("svg.js-board .js-start").first.get_attribute("data-field")
    field(page, a).click()
    expect(page.locator("#js-remove")).to_have_attribute("data-action", f"remove {a}")
    page.screenshot(path=str(artifacts / "jaeger-sammler-board.png"))   # a pawn chosen, lit
    page.click("#js-cancel")
    expect(page.locator("svg.js-board .js-chosen")).to_have_count(0)

    # Shift-click on one of our pawns removes it (when `remove A` is legal).
    index = page.evaluate("window.meeple.state().index")
    field(page, a).click(modifiers=["Shift"])
    wait_until(page, f"window.meeple.state().index > {index}")
    expect(page.locator("#log li.move[data-seat='0']").first).to_contain_text(
        "took a pawn off the board, from ")


def test_face_down_tiles_are_only_counts(server, page):
    game = server.create(GAME, 2, {"1": "greedy"}, seed=11)
    page.goto(server.base + game["seats"][0]["join"])
    for _ in range(3):                       # three moves each: tiles get collected
        my_turn(page)
        a, c, _action = pick_two_step(page)
        index = page.evaluate("window.meeple.state().index")
        field(page, a).click()
        field(page, c).click()
        wait_until(page, f"window.meeple.state().index > {index}")
    my_turn(page)
    view = page.evaluate("window.meeple.state().view")
    rival = view["seats"][1]
    assert "collected" not in rival
    down = rival["face_down"]["summer"] + rival["face_down"]["winter"]
    assert down > 0
    row = page.locator("#js-panel tr[data-seat='1']")
    expect(row.locator(".js-facedown")).to_have_text(str(down))
    # No face-down kind is named anywhere but on the board's fields, the move list and
    # the legend (a key to the board's letters).
    text = page.evaluate("""() => ['#controls', '#players', '#log', '#status', '#title']
        .map((s) => {
            const node = document.querySelector(s).cloneNode(true);
            node.querySelectorAll('.js-legend').forEach((n) => n.remove());
            return node.textContent;
        }).join(' ')""").lower()
    for kind in FACE_DOWN_KINDS:
        assert kind not in text, (kind, text)
    seat_marks = page.evaluate("""() => [...document.querySelectorAll('[data-seat]')]
        .map((n) => n.textContent + ' ' + [...n.attributes].map((a) => a.value).join(' '))
        .join(' ')""").lower()
    for kind in FACE_DOWN_KINDS:
        assert kind not in seat_marks, kind


def test_a_spectator_has_no_controls(server, page):
    game = server.create(GAME, 2, {"1": "greedy"}, seed=2)
    page.goto(server.base + f"/games/{game['id']}")
    page.wait_for_selector("svg.js-board [data-field]")
    expect(page.locator("#title")).to_contain_text("spectator")
    assert page.evaluate("window.meeple.state().seat") is None
    assert page.locator("svg.js-board .js-pawn").count() >= 4
    # What the spectator's page holds: no seat's face-down tiles, no legal moves, no
    # scores (they would count the face-down tiles), no record before the end.
    seen = page.evaluate("window.meeple.state()")
    assert all("collected" not in s for s in seen["view"]["seats"])
    assert seen["legal"] == [] and seen["scores"] is None and seen["breakdown"] is None
    assert page.evaluate(f"fetch('/api/games/{game['id']}/record').then((r) => r.status)") == 403
    expect(page.locator("#js-panel")).to_be_visible()
    a = page.locator("svg.js-board .js-pawn").first.locator("xpath=..").get_attribute("data-field")
    field(page, a).click()
    assert page.locator(".js-start, .js-one, .js-two, .js-chosen, #js-cancel, #js-remove, "
                        "#moves button").count() == 0
