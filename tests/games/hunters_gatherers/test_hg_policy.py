"""The Hunters & Gatherers greedy policy and position evaluation."""
from __future__ import annotations

import random

import meeple
from meeple.games.hunters_gatherers.policy import values
from meeple.games.hunters_gatherers.rules import BONUS, DRAW
from meeple.games.hunters_gatherers.value import BONUS_WORTH

from hg_play import new_game, turn


def test_greedy_closes_a_river_with_its_own_fisher():
    game = meeple.load("hunters-gatherers", 2, {"deck": {"L01": 1, "L58": 1},
                                                "bonus_deck": {}})
    s = game.new_state(0)
    s.apply("draw L01")
    rng = random.Random(0)
    action = game.policy.greedy_action(s, rng)
    assert str(action) == "place L01 -1 0 90"     # its lake meets the start's river
    s.apply(action)
    assert str(game.policy.greedy_action(s, rng)) == "follower river E"   # 2 + 1 + 2 fish at once


def test_greedy_values_count_points_pieces_and_the_coming_bonus():
    s = new_game({"L33": 1, "L35": 1, "L58": 1}, {"B12": 1})
    fresh = values(s)[0]
    assert fresh > 0 and fresh == values(s)[1]      # pieces in hand are worth something
    turn(s, "L33", 1, 0, 180, "forest W")                  # red: an open forest
    assert values(s)[0] > values(s)[1]
    s.apply("draw L35")
    s.apply("place L35 0 1 0")                             # closes it; scored at turn end
    closing = values(s)[0]
    assert closing >= 6
    s.apply("pass")                                        # blue's bonus tile comes next
    assert s.points == [6, 0] and s.phase == BONUS
    no_bonus = s.clone()
    no_bonus.phase = DRAW
    assert values(s)[1] - values(no_bonus)[1] == BONUS_WORTH
    turn(s, "B12", 0, -1, 0)
    turn(s, "L58", -1, -1, 0)
    assert s.is_terminal() and values(s)[0] == s.scores()[0] == 6


def test_search_value_counts_an_open_forest_only_if_a_tile_left_completes_it():
    from meeple.games._tilegame import outlook
    from meeple.games.hunters_gatherers import value

    from hg_play import root_at

    worth = []
    for deck, closable in (({"L33": 1, "L35": 1, "L58": 1}, True),
                           ({"L33": 1, "L58": 1, "L04": 1}, False)):
        s = new_game(deck)
        turn(s, "L33", 1, 0, 180, "forest W")            # red: an open forest
        forest = root_at(s, 1, 0, "W")
        chance = outlook.close_chances(s, value.CLOSING, 1.0).get(forest, 0.0)
        assert (chance > 0) is closable                   # L35 completes it, L58 / L04 cannot
        worth.append((value.values(s)[0], values(s)))
    assert worth[0][0] > worth[1][0]
    assert worth[0][1] == worth[1][1]                      # greedy's heuristic cannot tell
