"""Time controls: the settings a creator may choose, and the clock's arithmetic, as pure
functions of the settings, the stored values and the time (meeple.server.clocks)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from meeple.server import clocks
from meeple.server.clocks import (
    Timing,
    begin,
    expired,
    moved,
    paused,
    restarted,
    resumed,
    setting,
    shown,
)
from meeple.server.errors import ApiError

T0 = datetime(2030, 1, 1, 12, 0, tzinfo=timezone.utc)
MOVE = {"kind": "move", "seconds": 60, "on_timeout": "bot"}
LIVE = {"kind": "live", "base": 300, "increment": 5, "on_timeout": "bot"}
DAYS = {"kind": "correspondence", "days": 3, "on_timeout": "claim"}


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


# --- the settings -------------------------------------------------------------------------
@pytest.mark.parametrize("clock, on_timeout, stored", [
    (None, "bot", None),
    (None, "claim", None),
    ({"kind": "move", "seconds": 5}, "bot", {"kind": "move", "seconds": 5, "on_timeout": "bot"}),
    ({"kind": "move", "seconds": 86400}, "claim",
     {"kind": "move", "seconds": 86400, "on_timeout": "claim"}),
    ({"kind": "live", "base": 300, "increment": 5}, "bot",
     {"kind": "live", "base": 300, "increment": 5, "on_timeout": "bot"}),
    ({"kind": "live", "base": 10}, "bot",
     {"kind": "live", "base": 10, "increment": 0, "on_timeout": "bot"}),
    ({"kind": "live", "base": 60.0, "increment": 0}, "bot",
     {"kind": "live", "base": 60, "increment": 0, "on_timeout": "bot"}),
    ({"kind": "correspondence", "days": 1}, "claim",
     {"kind": "correspondence", "days": 1, "on_timeout": "claim"}),
    ({"kind": "correspondence", "days": 7}, "bot",
     {"kind": "correspondence", "days": 7, "on_timeout": "bot"}),
])
def test_a_valid_clock_is_stored_with_what_happens_on_timeout(clock, on_timeout, stored):
    assert setting(clock, on_timeout) == stored


@pytest.mark.parametrize("clock, on_timeout, words", [
    ({"kind": "blitz"}, "bot", "kind must be"),
    ({"seconds": 60}, "bot", "kind must be"),
    ("move", "bot", "kind must be"),
    ({"kind": "move"}, "bot", "needs 'seconds'"),
    ({"kind": "move", "seconds": 4}, "bot", "seconds must be 5–86400"),
    ({"kind": "move", "seconds": 86401}, "bot", "seconds must be 5–86400"),
    ({"kind": "move", "seconds": "60"}, "bot", "whole number"),
    ({"kind": "move", "seconds": True}, "bot", "whole number"),
    ({"kind": "move", "seconds": 7.5}, "bot", "whole number"),
    ({"kind": "move", "seconds": 60, "base": 3}, "bot", "has no 'base'"),
    ({"kind": "live", "increment": 5}, "bot", "needs 'base'"),
    ({"kind": "live", "base": 9}, "bot", "base must be 10–86400"),
    ({"kind": "live", "base": 300, "increment": 3601}, "bot", "increment must be 0–3600"),
    ({"kind": "live", "base": 300, "increment": -1}, "bot", "increment must be 0–3600"),
    ({"kind": "correspondence", "days": 2}, "bot", "days must be 1, 3 or 7"),
    ({"kind": "correspondence"}, "bot", "needs 'days'"),
    ({"kind": "move", "seconds": 60}, "skip", "on_timeout"),
    (None, "later", "on_timeout"),
])
def test_an_invalid_clock_is_refused_saying_why(clock, on_timeout, words):
    with pytest.raises(ApiError) as refused:
        setting(clock, on_timeout)
    assert refused.value.status == 400
    assert words in refused.value.message


def test_a_clock_in_words():
    assert clocks.describe(None) == "untimed"
    assert clocks.describe(MOVE) == "60 s a move"
    assert clocks.describe(LIVE) == "5 min + 5 s"
    assert clocks.describe(DAYS) == "3 days a move"


# --- a game's start --------------------------------------------------------------------------
def test_no_clock_changes_nothing():
    timing = Timing()
    assert begin(None, 2, 0, True, T0) == timing
    assert moved(None, timing, 0, 1, True, T0) == timing
    assert shown(None, timing, 0, T0) is None


@pytest.mark.parametrize("clock, first", [(MOVE, 60), (LIVE, 300), (DAYS, 3 * 86400)])
def test_the_first_persons_deadline_starts_with_the_game(clock, first):
    timing = begin(clock, 3, 1, True, T0)
    assert timing.deadline == at(first)
    assert timing.remaining == ([300.0] * 3 if clock is LIVE else None)
    assert timing.timed_out is None


@pytest.mark.parametrize("clock", [MOVE, LIVE, DAYS])
def test_no_deadline_while_a_bot_or_chance_is_to_move(clock):
    assert begin(clock, 2, 1, False, T0).deadline is None     # a bot (or a stand-in)
    assert begin(clock, 2, -1, False, T0).deadline is None    # chance, or over


# --- moves ------------------------------------------------------------------------------------
def test_a_move_clock_gives_each_turn_its_seconds():
    timing = begin(MOVE, 2, 0, True, T0)
    after = moved(MOVE, timing, 0, 1, True, at(20))
    assert after == Timing(at(80), None, None)                # seat 1: 60 s from now
    assert moved(MOVE, after, 1, 0, True, at(79)) == Timing(at(139), None, None)


def test_a_turn_of_several_actions_keeps_its_deadline():
    """A Carcassonne turn: the tile, then the follower; the time runs from the first."""
    for clock in (MOVE, LIVE, DAYS):
        timing = begin(clock, 2, 0, True, T0)
        same = moved(clock, timing, 0, 0, True, at(10))
        assert same.deadline == timing.deadline and same.remaining == timing.remaining


def test_a_correspondence_clock_gives_each_turn_its_days():
    timing = begin(DAYS, 2, 0, True, T0)
    after = moved(DAYS, timing, 0, 1, True, at(3600))
    assert after.deadline == at(3600 + 3 * 86400)


def test_a_live_clock_charges_the_mover_and_adds_the_increment_once_per_turn():
    timing = begin(LIVE, 2, 0, True, T0)
    tile = moved(LIVE, timing, 0, 0, True, at(30))            # seat 0 goes on: no charge yet
    assert tile.remaining == [300.0, 300.0] and tile.deadline == at(300)
    handed = moved(LIVE, tile, 0, 1, True, at(40))            # 40 s used, +5: 265 left
    assert handed.remaining == [265.0, 300.0]
    assert handed.deadline == at(40 + 300)                    # seat 1's whole time
    back = moved(LIVE, handed, 1, 0, True, at(140))           # seat 1 used 100 s, +5
    assert back.remaining == [265.0, 205.0]
    assert back.deadline == at(140 + 265)


def test_a_live_clock_never_goes_below_zero():
    timing = begin(LIVE, 2, 0, True, T0)
    late = moved(LIVE, timing, 0, 1, True, at(310))           # 10 s past the deadline
    assert late.remaining == [5.0, 300.0]                     # zero, plus the increment


def test_a_bots_move_charges_no_clock():
    timing = begin(LIVE, 2, 1, False, T0)                     # seat 1 is a bot
    assert timing.deadline is None
    after = moved(LIVE, timing, 1, 0, True, at(50))
    assert after.remaining == [300.0, 300.0]                  # no increment for the bot
    assert after.deadline == at(50 + 300)
    to_bot = moved(LIVE, after, 0, 1, False, at(60))
    assert to_bot.deadline is None and to_bot.remaining == [295.0, 300.0]


def test_the_game_over_stops_every_clock():
    for clock in (MOVE, LIVE, DAYS):
        timing = begin(clock, 2, 0, True, T0)
        assert moved(clock, timing, 0, -4, False, at(10)).deadline is None


def test_chance_dealt_before_the_first_person():
    timing = begin(LIVE, 2, -1, False, T0)
    dealt = moved(LIVE, timing, -1, 0, True, at(1))
    assert dealt.deadline == at(301) and dealt.remaining == [300.0, 300.0]


# --- timeouts, stand-ins, takebacks ------------------------------------------------------------
def test_a_timeout_in_a_bot_game_stops_the_clock_for_the_bot():
    timing = begin(LIVE, 2, 0, True, T0)
    out = expired(LIVE, timing, 0)
    assert out == Timing(None, [0.0, 300.0], None)


def test_a_timeout_in_a_claim_game_names_the_seat():
    timing = begin(DAYS, 2, 1, True, T0)
    assert expired(DAYS, timing, 1) == Timing(None, None, 1)
    claim_live = LIVE | {"on_timeout": "claim"}
    assert expired(claim_live, begin(claim_live, 2, 0, True, T0), 0).timed_out == 0


def test_a_late_move_after_a_timeout_clears_it_and_restarts_the_clock():
    claim_live = LIVE | {"on_timeout": "claim"}
    out = expired(claim_live, begin(claim_live, 2, 0, True, T0), 0)
    late = moved(claim_live, out, 0, 1, True, at(400))
    assert late.timed_out is None
    assert late.remaining == [65.0, 300.0]                    # a minute, plus the increment
    assert late.deadline == at(700)
    out = expired(DAYS, begin(DAYS, 2, 0, True, T0), 0)
    assert moved(DAYS, out, 0, 1, True, at(5)) == Timing(at(5 + 3 * 86400), None, None)


def test_a_seat_handed_to_a_bot_stops_its_clock_and_taking_it_back_restarts_it():
    timing = begin(LIVE, 2, 0, True, T0)
    handed = paused(LIVE, timing, 0, 0, at(100))              # its turn: 100 s used
    assert handed == Timing(None, [200.0, 300.0], None)
    back = resumed(LIVE, handed, 0, 0, at(500))               # its turn: from now
    assert back == Timing(at(700), [200.0, 300.0], None)
    # not its turn: the other seat's deadline runs on untouched
    other = paused(LIVE, timing, 1, 0, at(100))
    assert other == timing
    assert resumed(LIVE, other, 1, 0, at(150)) == timing


def test_taking_back_a_seat_whose_live_clock_ran_out_gives_it_a_minute():
    out = expired(LIVE, begin(LIVE, 2, 0, True, T0), 0)
    back = resumed(LIVE, out, 0, 0, at(1000))
    assert back.remaining == [60.0, 300.0] and back.deadline == at(1060)
    short = LIVE | {"base": 30}
    assert resumed(short, expired(short, begin(short, 2, 0, True, T0), 0), 0, 1,
                   at(5)).remaining == [30.0, 30.0]


def test_handing_a_timed_out_seat_to_a_bot_ends_its_timeout():
    out = expired(DAYS, begin(DAYS, 2, 0, True, T0), 0)
    assert paused(DAYS, out, 0, 0, at(9)).timed_out is None
    assert resumed(DAYS, out, 0, 0, at(9)) == Timing(at(9 + 3 * 86400), None, None)


def test_a_move_clock_restarts_whole_after_a_takeback():
    timing = moved(MOVE, begin(MOVE, 2, 0, True, T0), 0, 1, True, at(10))
    assert restarted(MOVE, timing, 1, 0, True, at(30)) == Timing(at(90), None, None)


def test_a_live_clock_after_a_takeback_charges_the_time_used_without_increment():
    timing = moved(LIVE, begin(LIVE, 2, 0, True, T0), 0, 1, True, at(10))   # [295, 300]
    back = restarted(LIVE, timing, 1, 0, True, at(40))        # seat 1 used 30 s
    assert back == Timing(at(40 + 295), [295.0, 270.0], None)
    claim = DAYS
    out = expired(claim, begin(claim, 2, 0, True, T0), 0)
    assert restarted(claim, out, 0, 1, False, at(1)) == Timing(None, None, None)


# --- what a state message shows ------------------------------------------------------------------
def test_the_state_shows_the_settings_the_deadline_the_time_left_now():
    timing = moved(LIVE, begin(LIVE, 2, 0, True, T0), 0, 1, True, at(10))   # [295, 300]
    seen = shown(LIVE, timing, 1, at(70))
    assert seen == {"kind": "live", "base": 300, "increment": 5, "on_timeout": "bot",
                    "deadline": at(310).isoformat(), "remaining": [295.0, 240.0],
                    "timed_out": None, "now": at(70).isoformat()}
    past = shown(LIVE, timing, 1, at(999))
    assert past["remaining"] == [295.0, 0.0]
    out = shown(DAYS, expired(DAYS, begin(DAYS, 2, 0, True, T0), 0), 0, at(5))
    assert out == {"kind": "correspondence", "days": 3, "on_timeout": "claim",
                   "deadline": None, "remaining": None, "timed_out": 0,
                   "now": at(5).isoformat()}


def test_a_time_without_its_zone_is_utc():
    """SQLite gives stored times back without their zone."""
    naive = Timing(T0.replace(tzinfo=None), None, None)
    assert shown(MOVE, naive, 0, at(30))["deadline"] == T0.isoformat()
    assert moved(MOVE, naive, 0, 0, True, at(1)).deadline == T0


def test_the_stand_in_is_the_menus_quick_search_bot():
    menu = [{"spec": "random"}, {"spec": "greedy"}, {"spec": "mcts:time=0.5"},
            {"spec": "mcts:time=2"}]
    assert clocks.default_standin(menu) == "mcts:time=0.5"
    assert clocks.default_standin([{"spec": "random"}, {"spec": "greedy"}]) == "greedy"
