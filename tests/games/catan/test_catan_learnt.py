"""Catan's learnt win chance (a conditional logit fitted on greedy self-play, issue 28): its
features and weights agree, its chances are a distribution, it predicts fresh games better
than chance, and the look-ahead bot weighs set-up spots by it."""
from __future__ import annotations

import math
import random

import meeple
from meeple.agents import make_agent
from meeple.core.state import CHANCE
from meeple.games.catan import learnt
from meeple.games.catan.phases import PREROLL, SETTLE, SETUP_ROAD
from meeple.play.runner import make_agents

GAME = meeple.load("catan", 4)


def _turn_starts(seed: int):
    """The start of every turn of a greedy game after its set-up, and its winner."""
    state = GAME.new_state(seed)
    agents = make_agents(GAME, ["greedy"] * 4, seed)
    out, seen = [], set()
    while not state.is_terminal():
        if state.phase == PREROLL and state.turns not in seen:
            seen.add(state.turns)
            out.append(state.clone())
        p = state.current_player
        state.apply_unchecked(state.sample_chance() if p == CHANCE else agents[p].act(state))
    return out, state.winner


def test_the_fitted_weights_are_for_these_features():
    assert learnt.fitted()
    for name in ("start", "game"):
        assert len(learnt.WEIGHTS[name]) == len(learnt.NAMES)
        assert all(math.isfinite(w) for w in learnt.WEIGHTS[name])


def test_chances_are_a_distribution_and_a_finished_game_is_certain():
    positions, winner = _turn_starts(5)
    for s in positions[::10]:
        feats = learnt.all_features(s)
        assert [len(f) for f in feats] == [len(learnt.NAMES)] * 4
        p = learnt.chances(s)
        assert abs(sum(p) - 1) < 1e-9 and all(0 < x < 1 for x in p)
    end = positions[-1]
    while not end.is_terminal():                        # play the last turn out
        who = end.current_player
        end.apply_unchecked(end.sample_chance() if who == CHANCE
                            else GAME.policy.greedy_action(end, random.Random(0)))
    assert learnt.chances(end) == [1.0 if p == end.winner else 0.0 for p in range(4)]


def test_it_predicts_fresh_games_better_than_chance():
    """Seeds far from the fitting's (``--seed 40``): the mean log-loss of the winner's
    chance over every turn start is below one in four's (log 4 = 1.386). On the fitting's
    600 held-out games it was 1.08, a game's own mean ranging from about 0.1 to 2.7."""
    losses = []
    for seed in range(9_000_001, 9_000_017):
        positions, winner = _turn_starts(seed)
        losses += [-math.log(learnt.chances(s)[winner]) for s in positions]
    assert sum(losses) / len(losses) < math.log(4)


def test_the_look_ahead_weighs_set_up_spots_and_roads_by_the_learnt_chance():
    state = GAME.new_state(8)
    while state.current_player == CHANCE:
        state.apply_unchecked(state.sample_chance())
    assert state.phase == SETTLE
    agent = make_agent("lookahead:spots=4", GAME, 3)
    ranked = agent._set_up(state)
    assert len(ranked) == 4
    assert all(a in state.legal_actions() for a, _ in ranked)
    assert [c for _, c in ranked] == sorted((c for _, c in ranked), reverse=True)
    assert agent.act(state) == ranked[0][0]
    assert [(r.action, r.value) for r in agent.ranked(state, 2)] == ranked[:2]   # hints
    greedy = GAME.policy.greedy_action(state, random.Random(3))
    assert greedy in [a for a, _ in ranked]             # greedy's spot is always weighed
    off = make_agent("lookahead:learnt=false", GAME, 3)
    assert off.act(state) == greedy
    state.apply(ranked[0][0])
    assert state.phase == SETUP_ROAD
    roads = agent._set_up(state)                        # every road the mover may place
    assert sorted(a for a, _ in roads) == sorted(state.legal_actions())
    assert agent.act(state) == roads[0][0]
