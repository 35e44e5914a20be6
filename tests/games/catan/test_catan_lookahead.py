"""The Catan look-ahead bot (greedy's plans for the turn compared by greedy roll-outs):
reachable by its spec, legal moves only, within its time, the same moves with the same seed,
and greedy's own move wherever it does not plan."""
from __future__ import annotations

import random
import time

import meeple
from meeple.agents import agent_classes, make_agent
from meeple.core.state import CHANCE
from meeple.games.catan.phases import MAIN
from meeple.play.runner import make_agents, play_game

GAME = meeple.load("catan", 4)


def _positions(seed: int, count: int):
    """``count`` positions of a greedy game where its mover plans its turn (after the
    roll, with a choice), each a copy."""
    state = GAME.new_state(seed)
    agents = make_agents(GAME, ["greedy"] * 4, seed)
    out = []
    while not state.is_terminal() and len(out) < count:
        p = state.current_player
        if p == CHANCE:
            state.apply_unchecked(state.sample_chance())
            continue
        if (state.phase == MAIN and p == state.seat and len(state.legal_actions()) > 1
                and state.turns % 3 == 0):
            out.append(state.clone())
        state.apply(agents[p].act(state))
    return out


def test_the_bot_is_a_catan_agent_by_its_spec():
    assert "lookahead" in agent_classes(GAME)
    assert "lookahead" not in agent_classes(meeple.load("carcassonne"))
    agent = make_agent("lookahead:time=0.2,rounds=2,others=1", GAME, 1)
    assert (agent.time, agent.rounds, agent.others) == (0.2, 2, 1)


def test_each_planned_move_is_legal_and_within_its_time():
    """No roll-out starts after the budget: a move takes it and one roll-out at most."""
    positions = _positions(3, 6)
    assert len(positions) == 6
    agent = make_agent("lookahead:time=0.1", GAME, 2)
    for state in positions:
        began = time.perf_counter()
        action = agent.act(state)
        spent = time.perf_counter() - began
        assert action in state.legal_actions()
        assert spent < 0.1 + 1.0            # the budget, one roll-out, a loaded machine


def test_an_iteration_budget_is_roll_outs_per_plan():
    agent = make_agent("lookahead:iters=2", GAME, 2)
    state = next(s for s in _positions(3, 6) if len(agent.plans(s)) > 1)
    agent.act(state)
    assert agent.rollouts == 2 * len(agent.plans(state))


def test_the_same_seed_gives_the_same_moves():
    positions = _positions(4, 4)
    a, b = make_agent("lookahead:iters=3", GAME, 7), make_agent("lookahead:iters=3", GAME, 7)
    assert [a.act(s.clone()) for s in positions] == [b.act(s.clone()) for s in positions]
    assert [r.action for r in a.ranked(positions[0])] == [r.action for r in
                                                          b.ranked(positions[0])]


def test_it_plans_only_after_the_roll():
    """Before the roll (and in every phase but the mover's turn and, with ``spots``, the
    set-up's settlements) it plays greedy's move."""
    state = GAME.new_state(5)
    while state.current_player == CHANCE:
        state.apply_unchecked(state.sample_chance())
    agent = make_agent("lookahead:iters=2,spots=0", GAME, 3)
    assert agent.act(state) == GAME.policy.greedy_action(state, random.Random(3))
    assert agent.rollouts == 0


def test_a_whole_game_against_greedy():
    game = meeple.load("catan", 3)
    specs = ["greedy", "lookahead:iters=2", "greedy"]
    result = play_game(game, make_agents(game, specs, 12), 12)
    assert result.state.is_terminal() and result.state.winners()
