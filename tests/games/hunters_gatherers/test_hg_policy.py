"""The Hunters & Gatherers greedy policy and position evaluation."""
from __future__ import annotations

import random

from hg_play import new_game, turn

import meeple
from meeple.games.hunters_gatherers.policy import BONUS_WORTH
from meeple.games.hunters_gatherers.rules import BONUS, DRAW


def test_greedy_closes_a_river_with_its_own_fisher():
    game = meeple.load("hunters-gatherers", 2, {"deck": {"L01": 1, "L58": 1},
                                                "bonus_deck": {}})
    s = game.new_state(0)
    s.apply("draw L01")
    rng = random.Random(0)
    action = game.greedy_action(s, rng)
    assert str(action) == "place L01 -1 0 90"     # its lake meets the start's river
    s.apply(action)
    assert str(game.greedy_action(s, rng)) == "follower river E"   # 2 + 1 + 2 fish at once


def test_evaluate_counts_points_pieces_and_the_coming_bonus():
    s = new_game({"L33": 1, "L35": 1, "L58": 1}, {"B12": 1})
    game = s.game
    fresh = game.evaluate(s, 0)
    assert fresh > 0 and fresh == game.evaluate(s, 1)      # pieces in hand are worth something
    turn(s, "L33", 1, 0, 180, "forest W")                  # red: an open forest
    assert game.evaluate(s, 0) > game.evaluate(s, 1)
    s.apply("draw L35")
    s.apply("place L35 0 1 0")                             # closes it; scored at turn end
    closing = game.evaluate(s, 0)
    assert closing >= 6
    s.apply("pass")                                        # blue's bonus tile comes next
    assert s.points == [6, 0] and s.phase == BONUS
    no_bonus = s.clone()
    no_bonus.phase = DRAW
    assert game.evaluate(s, 1) - game.evaluate(no_bonus, 1) == BONUS_WORTH
    turn(s, "B12", 0, -1, 0)
    turn(s, "L58", -1, -1, 0)
    assert s.is_terminal() and game.evaluate(s, 0) == s.scores()[0] == 6
