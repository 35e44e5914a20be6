"""The clock on the game page end to end, each person in a browser of their own: a short
clock runs out and a bot takes the seat over (the page says so, and its person takes the
seat back); in a game whose timeouts are claimed, the other person claims the win on the
page; a person lets a bot finish for them."""
from __future__ import annotations

import re

from browser_steps import wait_until
from playwright.sync_api import expect

FIVE = {"kind": "move", "seconds": 5}


def state(page, key: str):
    return page.evaluate(f"window.meeple.state().{key}")


def test_a_short_clock_runs_out_and_a_bot_takes_the_seat_over(server, people, artifacts):
    game = server.create("carcassonne", 2, {}, clock=FIVE, names={"0": "Ana", "1": "Bo"})
    ana, bo = people(game)
    for page in (ana, bo):
        page.wait_for_selector("#clock-times")
        expect(page.locator("#clock-times")).to_contain_text("Clock: 5 s a move")
    # the seat to move sees its time running down, the other whose move it waits for
    expect(ana.locator("#clock-deadline")).to_contain_text(re.compile(r"You move: 0:0\d left"))
    expect(bo.locator("#clock-deadline")).to_contain_text(re.compile(r"moves: 0:0\d left"))
    first = ana.locator("#clock-deadline .clock-time").inner_text()
    wait_until(ana, f"document.querySelector('#clock-deadline .clock-time')"
                    f".textContent !== '{first}'")                      # it ticks
    # nobody moves: after five seconds a bot plays for Ana, and both pages say so
    expect(ana.locator("#seat-bot")).to_contain_text("A bot (mcts:time=0.5) plays for you",
                                                     timeout=20000)
    assert state(ana, "seats[0].bot") == "mcts:time=0.5"
    wait_until(bo, "window.meeple.state().current_player === 1", timeout=30)
    expect(bo.locator("#clock-deadline")).to_contain_text("You move")
    ana.screenshot(path=str(artifacts / "clock-bot-took-over.png"))
    # Ana takes the seat back: her next turn is hers
    ana.locator("#seat-back").click()
    expect(ana.locator("#seat-to-bot")).to_have_text("Let a bot finish for me")
    assert state(ana, "seats[0].bot") is None


def test_the_other_person_claims_the_win_on_the_page(server, people, artifacts):
    game = server.create("carcassonne", 2, {}, clock=FIVE, on_timeout="claim",
                         names={"0": "Ana", "1": "Bo"})
    ana, bo = people(game)
    expect(bo.locator("#clock-times")).to_contain_text("the others may claim the game")
    expect(bo.locator("#claim")).to_contain_text("time ran out", timeout=20000)
    expect(ana.locator("#timed-out-mine")).to_contain_text("Your time ran out")
    expect(ana.locator("#claim-win")).to_have_count(0)              # not hers to claim
    bo.screenshot(path=str(artifacts / "clock-claim.png"))
    bo.locator("#claim-win").click()
    for page in (ana, bo):
        expect(page.locator("#status")).to_contain_text("claimed the win", timeout=10000)
        expect(page.locator("#clock-result")).to_contain_text("time ran out")
    assert state(bo, "result") == {"ended": "claimed", "by": 1, "timed_out": 0}
    assert state(ana, "terminal") and state(ana, "legal") == []
    expect(ana.locator("#seat-to-bot")).to_have_count(0)            # over: nothing to hand


def test_let_a_bot_finish_for_me(server, people):
    game = server.create("carcassonne", 2, {}, names={"0": "Ana", "1": "Bo"})
    ana, bo = people(game)
    ana.wait_for_selector(".spot")
    expect(ana.locator("#clock-times")).to_be_hidden()              # an untimed game
    ana.locator("#seat-to-bot").click()
    expect(ana.locator("#seat-bot")).to_contain_text("plays for you")
    wait_until(bo, "window.meeple.state().current_player === 1", timeout=30)
    expect(bo.locator(".players")).to_contain_text("Ana")
    ana.locator("#seat-back").click()
    expect(ana.locator("#seat-to-bot")).to_be_visible()


def test_a_live_clock_ticks_and_a_correspondence_clock_shows_its_deadline(server, page):
    game = server.create("carcassonne", 2, {"1": "greedy"},
                         clock={"kind": "live", "base": 300, "increment": 5})
    page.goto(server.base + game["seats"][0]["join"])
    mine = page.locator("#clock-times .clock-seat[data-seat='0'] .clock-time")
    expect(page.locator("#clock-times")).to_contain_text("Clock: 5 min + 5 s")
    expect(mine).to_have_text(re.compile(r"^(5:00|4:5\d)$"))
    expect(page.locator("#clock-times .clock-seat[data-seat='1'] .clock-time")).to_have_text("bot")
    expect(page.locator("#clock-times .clock-seat[data-seat='0']")).to_have_class(
        re.compile(r"\brunning\b"))
    expect(mine).to_have_text(re.compile(r"^4:5\d$"), timeout=5000)   # it runs down
    game = server.create("carcassonne", 2, {"1": "greedy"},
                         clock={"kind": "correspondence", "days": 3})
    page.goto(server.base + game["seats"][0]["join"])
    expect(page.locator("#clock-deadline")).to_contain_text(
        re.compile(r"You move by (Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d\d:\d\d \(2 days 23 h left\)"))
