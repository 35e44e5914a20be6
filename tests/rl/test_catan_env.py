"""Catan's environments (issue 28): PettingZoo's and Gymnasium's own checks, exact masks, the
discard numbering, and observations made from the view alone (another seat's hidden cards
never change them). Whole random games are thousands of moves, so the mask is checked
action by action over the first few hundred steps, and one whole game replays."""
from __future__ import annotations

import random

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import meeple
import meeple.rl
from meeple.core.record import Record
from meeple.games.catan.encoding import DISCARD_SIZE, WAYS, discard_counts, discard_rank
from meeple.play.replay import replay

pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Action mask numpy array is all zeros"),
    pytest.mark.filterwarnings("ignore:.*Box observation space maximum value is infinity"),
]


@pytest.mark.parametrize("players", [3, 4])
def test_pettingzoo_api(players):
    api_test(meeple.rl.env("catan", players=players), num_cycles=300)


def test_pettingzoo_seed():
    seed_test(lambda: meeple.rl.env("catan", players=3), num_cycles=100)


def test_gymnasium_check_env():
    env = meeple.rl.gym_env("catan", opponents="random", players=3)
    check_env(env, skip_render_check=True)


def test_the_numbering_names_itself():
    env = meeple.rl.env("catan", players=4)
    assert env.encoding.size == 2712 + DISCARD_SIZE == 98587
    env.reset(seed=1)
    for text, index in [("build road 0", 0), ("build settlement 0", 72), ("build city 53", 179),
                        ("roll", 180), ("end", 182), ("robber 4", 190),
                        ("robber 4 from 1", 205 + 17), ("play knight", 281),
                        ("play plenty lumber lumber", 283), ("play monopoly ore", 307),
                        ("maritime wool wool for lumber", 308 + 8), ("trade 3", 2711)]:
        assert env.notation_to_action(text) == index
        assert env.action_to_notation(index) == text


def test_discard_ranks_round_trip():
    for total in (4, 5, 9, 47):
        assert discard_rank([0, 0, 0, 0, total]) == 0
        rng = random.Random(total)
        for _ in range(200):
            counts = [0] * 5
            for _ in range(total):
                counts[rng.choice([r for r in range(5) if counts[r] < 19])] += 1
            rank = discard_rank(counts)
            assert 0 <= rank < WAYS[5][total]
            assert discard_counts(rank, total) == counts
    assert max(WAYS[5]) == DISCARD_SIZE


def _steps(env, seed: int, limit: int | None):
    """Random allowed indices; up to ``limit`` steps (None: to the end) with the mask
    checked against the engine's legal actions at each."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        allowed = np.flatnonzero(observation["action_mask"].view(bool)).tolist()
        if limit is not None:
            state = env.state
            legal = state.legal_actions()
            indices = [env.encoding.index(state, a) for a in legal]
            assert sorted(indices) == allowed, "the mask is not the engine's legal actions"
            for action, index in zip(legal, indices):
                assert env.encoding.action(state, index) == action
            if steps >= limit:
                return None
        env.step(rng.choice(allowed))
        steps += 1
    return env.state_record()


@pytest.mark.parametrize("players", [3, 4])
def test_masks_are_exact(players):
    env = meeple.rl.env("catan", players=players)
    _steps(env, players, 400)


def test_a_whole_game_replays():
    env = meeple.rl.env("catan", players=4)
    record = _steps(env, 7, None)
    replayed = replay(Record.from_json(record))
    assert replayed.is_terminal() and replayed.scores() == env.state.scores()


def test_discards_have_exact_indices():
    """A 7 with big hands: every discard the engine lists has its own index, and back."""
    game = meeple.load("catan", 3, {"board": "beginner"})
    state = game.new_state(seed=0)
    for text in ["build settlement 31", "build road 46", "build settlement 44", "build road 56",
                 "build settlement 28", "build road 34", "build settlement 14", "build road 15",
                 "build settlement 45", "build road 59", "build settlement 12", "build road 12"]:
        state.apply(text)
    state.hands[0] = [5, 4, 3, 2, 1]
    state.bank = [19 - sum(h[r] for h in state.hands) for r in range(5)]
    state.apply("roll")
    state.apply("dice 7")
    encoding = game.encoding()
    legal = state.legal_actions()
    assert legal and all(a[0] == "discard" for a in legal)
    indices = {encoding.index(state, a) for a in legal}
    assert len(indices) == len(legal)
    assert all(encoding.action(state, i) in legal for i in indices)


def test_observations_read_the_view_alone():
    """Two positions that differ only in another seat's hidden cards (same counts) give
    the same observation; the seat's own hand is in it."""
    env = meeple.rl.env("catan", players=3)
    env.reset(seed=3)
    rng = random.Random(3)
    while sum(env.state.hands[1]) < 2 or env.state.current_player != 0:
        observation = env.observe(env.agent_selection)
        env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    state = env.state
    before = env.encoding.observe(state.view(0), 0)
    twin = state.clone()
    hand = twin.hands[1]
    k = next(r for r in range(5) if hand[r])
    hand[k] -= 1
    hand[(k + 1) % 5] += 1
    after = env.encoding.observe(twin.view(0), 0)
    assert all(np.array_equal(before[n], after[n]) for n in before)
    assert before["hand"].tolist() == state.hands[0]
    assert env.encoding.observe(twin.view(1), 1)["hand"].tolist() == twin.hands[1]
