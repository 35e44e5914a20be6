"""MCTS: legal moves only, reproducible, within its time budget, and it never peeks."""
from __future__ import annotations

import random
import time

import pytest

import meeple
from meeple.agents import make_agent
from meeple.agents.mcts import MCTSAgent, Node, _settled
from meeple.core.action import Action

from helpers import random_steps
from toy_games import CARDS, DiceBetGame, NimGame, SecretGame


def _catan_states(count: int, seed: int = 3):
    """Decision states from a random Catan Dice game."""
    game = meeple.load("catan-dice")
    state, rng, out = game.new_state(seed), random.Random(seed), []
    for _ in random_steps(state, rng):
        if state.current_player >= 0:
            out.append(state.clone())
            if len(out) == count:
                break
    return game, out


@pytest.mark.parametrize("rollout", ["random", "greedy", "cutoff"])
def test_returns_only_legal_actions(rollout):
    game, states = _catan_states(12)
    spec = {"random": "iters=40", "greedy": "iters=4,depth=30", "cutoff": "iters=40"}[rollout]
    agent = make_agent(f"mcts:{spec},rollout={rollout}", game, seed=1)
    for state in states:
        assert agent.act(state) in state.legal_actions()


def test_same_seed_same_moves_and_values():
    game, states = _catan_states(6, seed=5)
    a = make_agent("mcts:iters=150,rollout=cutoff", game, seed=9)
    b = make_agent("mcts:iters=150,rollout=cutoff", game, seed=9)
    assert [a.ranked(s, 3) for s in states] == [b.ranked(s, 3) for s in states]


def test_search_leaves_the_state_untouched():
    game, states = _catan_states(4)
    state = states[-1]
    before = (state.view(0), state.rng.getstate())
    make_agent("mcts:iters=100,rollout=random", game, seed=1).act(state)
    assert (state.view(0), state.rng.getstate()) == before


def test_respects_its_time_budget():
    game, states = _catan_states(3)
    agent = make_agent("mcts:time=0.2,rollout=random", game, seed=1)
    start = time.perf_counter()
    agent.ranked(states[-1], 3)
    elapsed = time.perf_counter() - start
    assert elapsed < 0.35
    assert agent.iterations > 10


def test_stops_once_the_choice_is_settled():
    root = Node(0, 2)
    for action, visits in (("a", 60), ("b", 20), ("c", 5)):
        child = root.children[action] = Node(1, 2)
        child.visits = visits
    began = time.perf_counter()
    assert _settled(root, 85, 120, began, None)          # 35 left < lead of 40
    assert not _settled(root, 85, 130, began, None)      # 45 left > lead of 40
    assert not _settled(root, 85, None, began, began + 60.0)


def test_iterations_are_split_over_determinizations():
    game = SecretGame()
    state = game.new_state(0)
    state.apply("deal 1 2")
    agent = make_agent("mcts:iters=103,dets=4,rollout=random", game, seed=0)
    stats = agent.search(state)
    assert agent.iterations == 103
    assert sum(stats.visits.values()) == 103


def test_hidden_card_is_never_read():
    """Seat 0 must guess seat 1's secret card. A search that cloned the true state instead
    of determinizing would guess right every time; ours must act the same whatever it is."""
    game = SecretGame()
    answers = set()
    for hidden in range(CARDS):
        state = game.new_state(0)
        state.apply(f"deal 2 {hidden}")
        agent = make_agent("mcts:iters=400,rollout=random", game, seed=11)
        answers.add(tuple(agent.ranked(state, CARDS)))
    assert len(answers) == 1


def test_future_draws_are_not_read_from_the_state_rng():
    """The driver rolls with the state's own RNG: a search that sampled chance with a copy
    of it would know the roll. The bet must not depend on the state's seed."""
    game = DiceBetGame()
    bets = set()
    for seed in range(8):
        state = game.new_state(seed)
        bets.add(make_agent("mcts:iters=300,rollout=random", game, seed=4).act(state))
    assert len(bets) == 1


def test_finds_the_winning_nim_move():
    for stones, best in ((5, 1), (6, 2), (7, 3)):
        game = NimGame(config={"stones": stones})
        agent = make_agent("mcts:iters=1500,rollout=random", game, seed=2)
        assert agent.act(game.new_state(0)) == Action("take", best)


def test_values_are_win_rates_with_several_players_and_scores_alone():
    game = NimGame(config={"stones": 5})
    ranked = make_agent("mcts:iters=600,rollout=random", game, seed=2).ranked(
        game.new_state(0), 3)
    assert len(ranked) == 3 and ranked[0].action == Action("take", 1)
    assert ranked[0].value > 0.8 and all(0 <= r.value <= 1 for r in ranked)
    assert [r.visits for r in ranked] == sorted((r.visits for r in ranked), reverse=True)
    game, states = _catan_states(2)
    solo = make_agent("mcts:iters=100,rollout=cutoff", game, seed=2).ranked(states[-1], 2)
    assert all(r.value > 1 for r in solo)  # expected points, not a share


def test_default_determinizations():
    """Five determinizations where the game hides something, one where it does not."""
    secret, nim = SecretGame(), NimGame()
    s = secret.new_state(0)
    s.apply("deal 0 0")
    calls = []
    original = type(s).determinize

    def spy(self, player, rng):
        calls.append(player)
        return original(self, player, rng)

    type(s).determinize = spy
    try:
        make_agent("mcts:iters=20", secret, 0).search(s)
    finally:
        type(s).determinize = original
    assert calls == [0] * 5
    agent = make_agent("mcts:iters=20", nim, 0)
    agent.search(nim.new_state(0))
    assert agent.iterations == 20


@pytest.mark.parametrize("spec", ["mcts:speed=3", "mcts:rollout=smart", "mcts:iters=x",
                                  "mcts:iters=0", "mcts:rollout=cutoff,depth=3"])
def test_bad_options_are_rejected(spec):
    with pytest.raises(ValueError):
        make_agent(spec, NimGame(), 0)


def test_agent_class_is_registered():
    assert isinstance(make_agent("mcts:time=0.1,dets=2,c=1.0,margin=0", NimGame(), 0),
                      MCTSAgent)


def test_trees_share_leaf_evaluations_when_nothing_is_hidden(monkeypatch):
    """With nothing hidden, every determinization is the same position, so the search
    evaluates each leaf once however many trees reach it, and chooses exactly as it would
    re-evaluating them."""
    game, states = _catan_states(3, seed=7)
    calls = []
    evaluate = game.policy.evaluate_all
    monkeypatch.setattr(game.policy, "evaluate_all", lambda s: calls.append(1) or evaluate(s))

    def search() -> tuple[list, int]:
        calls.clear()
        agent = make_agent("mcts:iters=300,dets=3,rollout=cutoff", game, seed=4)
        return agent.ranked(states[-1], 5), len(calls)

    shared, evaluated = search()
    monkeypatch.setattr(game, "hides_information", True)
    alone, re_evaluated = search()
    assert shared == alone
    assert evaluated < re_evaluated
