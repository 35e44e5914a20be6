"""The game page's log is the server's (`log`: every seat's action in words) with the
events between them: the same after a reload; and a takeback offer leaves the other
person's page the moment that person moves (audit B4, B6)."""
from __future__ import annotations

from browser_steps import wait_until
from playwright.sync_api import expect

LINES = "[...document.querySelectorAll('#log li.move, #log li.event')].map(l => l.textContent)"


def lines(page) -> list[str]:
    return page.evaluate(LINES)


def play(page, action: str = "window.meeple.state().legal[0]") -> None:
    """Play a legal move on ``page`` (its seat's turn) and wait for the answer."""
    wait_until(page, "(() => { const s = window.meeple.state();"
                     " return s && s.legal.length > 0; })()")
    index = page.evaluate("window.meeple.state().index")
    page.evaluate(f"window.meeple.send({action})")
    wait_until(page, f"window.meeple.state().index > {index}")


def test_the_log_after_a_reload_is_the_log_before(server, people):
    game = server.create("carcassonne", 2, seed=12)
    red, blue = people(game)
    for page in (red, red, blue, blue, red, red, blue, blue):
        play(page)
    wait_until(red, "document.querySelectorAll('#log li.move').length === 8")
    before = lines(red)
    words = red.evaluate("[...document.querySelectorAll('#log li.move')].map(l => l.textContent)")
    names = [s["name"] or s["colour"] for s in red.evaluate(
        "window.meeple.state().seats.map((s, i) => ({name: s.name,"
        " colour: window.meeple.state().colours[i]}))")]
    assert all(w.startswith(tuple(n + " " for n in names)) for w in words), (names, words)
    assert any("starting tile" in w for w in words) and not any("°" in w for w in words)
    assert words == [e["text"] for e in reversed(server.get(f"/api/games/{game['id']}")["log"])]
    expect(blue.locator("#log li.move")).to_have_count(8)
    assert lines(blue) == before                        # the other seat's page: the same
    red.reload()
    wait_until(red, "document.querySelectorAll('#log li.move').length === 8")
    assert lines(red) == before


def test_a_takeback_offer_leaves_when_the_other_person_moves(server, people):
    red, blue = people(server.create("carcassonne", 2, seed=14))
    play(red)                                           # red places, then passes
    play(red, '"pass"')
    red.click("#takeback")
    question = blue.locator("#takeback-question")
    expect(question).to_contain_text(" asks to take back:")
    expect(question.locator(".takeback-undo li")).to_have_count(2)   # the tile and the pass
    expect(question.locator(".takeback-undo li").nth(1)).to_contain_text(
        " put no follower on the tile")
    play(blue)                                          # blue places its tile instead
    expect(question).to_have_count(0)
    expect(red.locator("#takeback-pending")).to_have_count(0)
    assert blue.evaluate("window.meeple.state().takeback") is None
