"""The Catan Dice planner: exact dice expectations, payments, legal and strong play."""
from __future__ import annotations

import itertools
import math
import random
import statistics

import pytest

import meeple
from meeple.agents import make_agent
from meeple.core.state import CHANCE
from meeple.games.catan_dice import planner as P
from meeple.games.catan_dice.island import INDEX
from meeple.play.runner import play_game

from toy_games import NimGame


def _multinomial(counts) -> float:
    n = sum(counts)
    return math.factorial(n) / math.prod(math.factorial(c) for c in counts) / 6 ** n


def test_expectation_is_the_multinomial_sum_over_multisets():
    rng = random.Random(1)
    top = {i: rng.uniform(-5, 20) for i in P.FULL}
    x = P.expectation(top)
    for keep in [(0,) * 6, (1, 0, 2, 0, 0, 0), (0, 0, 0, 0, 1, 4), (2, 1, 0, 0, 0, 3)]:
        rest = 6 - sum(keep)
        exact = 0.0
        for combo in itertools.combinations_with_replacement(range(6), rest):
            new = tuple(combo.count(f) for f in range(6))
            full = tuple(a + b for a, b in zip(keep, new))
            exact += _multinomial(new) * top[P.MS_INDEX[full]]
        assert x[P.MS_INDEX[keep]] == pytest.approx(exact)


def test_best_keep_is_the_best_sub_multiset():
    rng = random.Random(2)
    x = [rng.random() for _ in P.MULTISETS]
    best = P.best_keep(x)
    for full in rng.sample(P.FULL, 20):
        dice = P.MULTISETS[full]
        subs = itertools.product(*(range(c + 1) for c in dice))
        assert best[full] == max(x[P.MS_INDEX[s]] for s in subs)


def test_plans_respect_prerequisites_and_six_dice():
    for plan in P.plans(0):
        assert sum(plan.need) <= 6
        mask = 0
        for name in plan.names:
            assert name in P.frontier(mask)
            mask |= 1 << INDEX[name]
    names = {p.names for p in P.plans(0)}
    assert ("R0", "R1", "R2") in names and ("S3",) in names and ("K1", "K2") in names


def test_payments_use_gold_and_only_the_jokers_needed():
    road = (0, 0, 0, 1, 1)                      # lumber + brick
    # dice: brick, two gold, three ore: one exchange pays the lumber
    assert P.payments(road, (3, 0, 0, 0, 1, 2), 0, ()) == [P.Payment((), 0, 1)]
    # one gold only: K4's joker (lumber) or K6's, never both
    pays = P.payments(road, (4, 0, 0, 0, 1, 1), 0, ("K4", "K6"))
    assert sorted(p.jokers for p in pays) == [("K4",), ("K6",)]
    assert all(p.trades == 0 for p in pays)
    assert P.payments(road, (0, 0, 0, 0, 1, 0), 0, ("K4",)) == []   # no die to turn


def test_best_finish_takes_the_city_on_the_last_turn():
    built = 1 << INDEX["R0"] | 1 << INDEX["R1"]
    dice = (3, 2, 0, 0, 0, 1)                   # three ore, two grain, a gold
    finish = P.best_finish(dice, built, 0, 0)
    assert finish.plan.names == ("C7",) and finish.value == 7
    gold = P.best_finish((0, 0, 0, 0, 0, 6), built, 0, 0)   # six gold: three exchanges
    assert gold.plan is not None and gold.payment.trades == sum(gold.plan.need) <= 3


def test_plays_only_legal_moves_and_ranks_them():
    game = meeple.load("catan-dice")
    agent = make_agent("planner", game, 1)
    state, rng = game.new_state(4), random.Random(4)
    ranked_seen = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        action = agent.act(state)
        assert action in state.legal_actions()
        if ranked_seen < 6:
            ranked = agent.ranked(state, 3)
            assert ranked[0].action == action
            assert [r.value for r in ranked] == sorted((r.value for r in ranked), reverse=True)
            ranked_seen += 1
        state.apply(action)


def test_well_above_greedy():
    game = meeple.load("catan-dice")
    scores = [play_game(game, [make_agent("planner", game, s)], s).scores[0]
              for s in range(10)]
    assert statistics.fmean(scores) > 65          # greedy averages about 52


def test_only_for_catan_dice():
    with pytest.raises(ValueError, match="agent 'planner' plays only catan-dice"):
        make_agent("planner", NimGame(), 0)
    with pytest.raises(ValueError, match="plays only catan-dice; agents for carcassonne: "
                                         "random, greedy, mcts"):
        make_agent("planner", meeple.load("carcassonne"), 0)
