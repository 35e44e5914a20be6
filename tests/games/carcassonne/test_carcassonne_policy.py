"""The Carcassonne greedy policy and position evaluation."""
from __future__ import annotations

import random

from carcassonne_play import new_game, turn

import meeple


def test_greedy_closes_a_city_with_a_knight():
    game = meeple.load("carcassonne", 2, {"deck": {"E": 1, "V": 1}})
    s = game.new_state(0)
    s.apply("draw E")
    rng = random.Random(0)
    assert str(game.greedy_action(s, rng)) == "place E 0 -1 180"
    s.apply("place E 0 -1 180")
    assert str(game.greedy_action(s, rng)) == "follower city S"


def test_evaluate_counts_points_open_features_and_hand():
    s = new_game({"F": 1, "V": 2})
    game = s.game
    fresh = game.evaluate(s, 0)
    assert fresh > 0 and fresh == game.evaluate(s, 1)      # followers in hand are worth something
    turn(s, "F", 0, -1, 90, "city N")                      # an open city with a pennant
    assert game.evaluate(s, 0) > game.evaluate(s, 1)
    turn(s, "V", 0, 1, 0)
    turn(s, "V", 1, 1, 270)
    assert game.evaluate(s, 0) == s.scores()[0] == 3       # terminal: exactly the points
