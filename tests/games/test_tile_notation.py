"""The notation both tile-laying games share (``meeple.games._tilegame.notation``): malformed
text and illegal actions are refused with a reason that says why, and change nothing."""
from __future__ import annotations

import pytest

import meeple

CARC, HG = "carcassonne", "hunters-gatherers"
MALFORMED = {
    CARC: [("", "empty action"), ("jump", "unknown action"), ("draw Z", "tile type"),
           ("place V 0 1", "place takes"), ("place V a 1 0", "x must be an integer"),
           ("place V 0 1 45", "rotation must be"), ("follower road Nw", "a road is named by"),
           ("follower field N", "a field is named by"), ("follower monastery N", "named by C"),
           ("follower knight N", "unknown follower kind"), ("pass now", "pass takes nothing")],
    HG: [("", "empty action"), ("jump", "unknown action"), ("draw Z9", "tile type"),
         ("place L01 0 1", "place takes"), ("place L01 a 1 0", "x must be an integer"),
         ("place L01 0 1 45", "rotation must be"), ("follower forest Nw", "a forest is named"),
         ("follower meadow N", "a meadow is named by"), ("follower river C", "never stands on"),
         ("follower road N", "unknown follower kind"), ("follower lake C", "unknown follower"),
         ("hut", "hut takes one location"), ("hut Nw", "a hut is named by"),
         ("hut N E", "hut takes one"), ("pass now", "pass takes nothing")],
}
ILLEGAL = {
    CARC: [([], "place V 0 1 0", "must be drawn first"),
           (["draw V"], "draw U", "drawn only at the start"),
           (["draw V"], "place U 0 1 0", "drawn tile is V"),
           (["draw V"], "place V 0 0 0", "already holds a tile"),
           (["draw V"], "place V 3 3 0", "does not touch"),
           (["draw V"], "follower road S", "place the drawn tile V first"),
           (["draw V", "place V 0 1 0"], "place V 1 1 0", "already placed"),
           (["draw V", "place V 0 1 0"], "follower city N", "has no city at N")],
    HG: [([], "place L45 -1 0 0", "must be drawn first"),
         ([], "hut C", "must be drawn first"),
         (["draw L45"], "draw L01", "drawn only at the start"),
         (["draw L45"], "place L01 -1 0 0", "drawn tile is L45"),
         (["draw L45"], "place L45 1 0 0", "does not match"),
         (["draw L45"], "hut E", "place the drawn tile L45 first"),
         (["draw L45", "place L45 -1 0 0"], "place L45 -2 0 0", "already placed"),
         (["draw L45", "place L45 -1 0 0"], "follower forest N", "has no forest at N"),
         (["draw L45", "place L45 -1 0 0"], "hut N", "has no river or lake at N")],
}


@pytest.mark.parametrize("game, text, message",
                         [(g, *case) for g, cases in MALFORMED.items() for case in cases])
def test_malformed_text_is_explained(game, text, message):
    s = meeple.load(game).new_state(1)
    with pytest.raises(meeple.IllegalAction, match=message):
        s.parse(text)


@pytest.mark.parametrize("game, setup, text, message",
                         [(g, *case) for g, cases in ILLEGAL.items() for case in cases])
def test_illegal_actions_say_why_and_change_nothing(game, setup, text, message):
    s = meeple.load(game).new_state(1)
    for a in setup:
        s.apply(a)
    before = s.view(None), s.turn, s.phase
    with pytest.raises(meeple.IllegalAction, match=message):
        s.apply(text)
    assert (s.view(None), s.turn, s.phase) == before
