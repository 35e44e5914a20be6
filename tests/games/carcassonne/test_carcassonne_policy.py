"""The Carcassonne greedy policy and position evaluation."""
from __future__ import annotations

import random

import pytest

import meeple
from meeple.tiles.geometry import pack

from carcassonne_play import new_game, turn


def test_greedy_closes_a_city_with_a_knight():
    game = meeple.load("carcassonne", 2, {"deck": {"E": 1, "V": 1}})
    s = game.new_state(0)
    s.apply("draw E")
    rng = random.Random(0)
    assert str(game.policy.greedy_action(s, rng)) == "place E 0 -1 180"
    s.apply("place E 0 -1 180")
    assert str(game.policy.greedy_action(s, rng)) == "follower city S"


def test_evaluate_counts_points_open_features_and_hand():
    s = new_game({"F": 1, "V": 2})
    game = s.game
    fresh = game.policy.evaluate(s, 0)
    assert fresh > 0 and fresh == game.policy.evaluate(s, 1)      # followers in hand are worth something
    turn(s, "F", 0, -1, 90, "city N")                      # an open city with a pennant
    assert game.policy.evaluate(s, 0) > game.policy.evaluate(s, 1)
    turn(s, "V", 0, 1, 0)
    turn(s, "V", 1, 1, 270)
    assert game.policy.evaluate(s, 0) == s.scores()[0] == 3       # terminal: exactly the points


def test_search_value_reads_the_tiles_left_for_a_city_hole():
    """Red's city of 2 tiles is open at (0, -2): with two E tiles left it may close (4 points
    and the follower back); with two C tiles left (they fit but carry the city on) it can only
    score 2 as an incomplete city."""
    from meeple.games._tilegame import outlook
    from meeple.games._tilegame import policy as shared
    from meeple.games.carcassonne import value
    from meeple.games.carcassonne.policy import values as greedy_values

    from carcassonne_play import root_at

    found = {}
    for rest in ("E", "C"):
        s = new_game({"G": 1, rest: 2})
        turn(s, "G", 0, -1, 0, "city N")
        city = root_at(s, 0, -1, "N")
        found[rest] = (outlook.close_chances(s, value.EDGE_KINDS, 1.0)[city], value.values(s),
                       greedy_values(s))
    assert found["E"][0] > 0.5 and found["C"][0] == 0.0
    assert found["E"][2] == found["C"][2]                 # the greedy heuristic cannot tell
    assert found["E"][1][0] > found["C"][1][0]
    hand = shared.in_hand(s, value.HAND_EARLY, value.HAND_LATE)
    assert found["C"][1][0] - found["C"][1][1] == pytest.approx(2 - hand)


def test_closers_are_tiles_that_end_the_feature_at_the_hole():
    from meeple.games._tilegame.outlook import closers
    from meeple.games.carcassonne.rules import TILESET, TYPES

    s = new_game({"G": 1})
    turn(s, "G", 0, -1, 0)
    constraint = s.board.open[pack(0, -2)]
    south = 1 << 2
    names = {TYPES[i] for i in closers(TILESET, TYPES, constraint, south)}
    assert {"E", "H", "I", "J", "K", "L", "D"} <= names    # a single city edge ends it
    assert not names & {"C", "F", "G", "M", "N", "Q", "R"}  # their city goes on
