"""The environments as PettingZoo and Gymnasium check them, and the promises they add:
exact masks at every step, one seed one game, records that replay, refusals that change
nothing."""
from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

import meeple
import meeple.rl
from meeple.core.record import Record
from meeple.play.replay import replay

pytestmark = [
    # Observations are dicts of arrays (the mask beside the board), as PettingZoo's own
    # classic games have them; the seats not to move get an all-zero mask, by design
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Action mask numpy array is all zeros"),
    # exact bounds: a tile type that is never in a pile has the bound 0..0; scores are unbounded
    pytest.mark.filterwarnings("ignore:.*Box observation space maximum and minimum values"),
    pytest.mark.filterwarnings("ignore:.*Box observation space maximum value is infinity"),
]

SEATINGS = [("carcassonne", 2), ("carcassonne", 3), ("hunters-gatherers", 2),
            ("hunters-gatherers", 3), ("jaeger-sammler", 2), ("jaeger-sammler", 3),
            ("catan-dice", 1), ("catan-dice", 2), ("catan-dice", 3)]
GAMES = sorted({g for g, _ in SEATINGS})


SHORT = {"carcassonne": {"deck": {"U": 3, "V": 3, "E": 2, "B": 1, "D": 2}}}


def short(game: str) -> dict:
    """A short game's options where the game has them (a small deck), else none."""
    return dict(SHORT.get(game, {}))


def replay_record(record: dict):
    return replay(Record.from_json(record))


@pytest.mark.parametrize("game,players", SEATINGS)
def test_pettingzoo_api(game, players):
    api_test(meeple.rl.env(game, players=players), num_cycles=300)


@pytest.mark.parametrize("game,players", SEATINGS)
def test_pettingzoo_seed(game, players):
    seed_test(lambda: meeple.rl.env(game, players=players, **short(game)), num_cycles=100)


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env(game):
    players = 1 if game == "catan-dice" else 2
    env = meeple.rl.gym_env(game, opponents="random", players=players, **short(game))
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("game", GAMES)
def test_registered_with_gymnasium(game):
    env = gymnasium.make(f"meeple/{game}-v0", opponents="random")
    observation, _ = env.reset(seed=3)
    assert env.observation_space.contains(observation)
    assert env.unwrapped.game.name == game


def _random_episode(env, seed: int) -> list[tuple[np.ndarray, dict]]:
    """Play ``env`` to the end with random allowed indices; check the mask on the way."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        state = env.state
        allowed = set(np.flatnonzero(observation["action_mask"]).tolist())
        legal = state.legal_actions()
        indices = [env.encoding.index(state, a) for a in legal]
        assert len(set(indices)) == len(legal), "two legal actions share an index"
        assert allowed == set(indices), "the mask is not the engine's legal actions"
        for action, index in zip(legal, indices):
            assert env.encoding.action(state, index) == action
        env.step(rng.choice(sorted(allowed)))
    return env.state_record()


@pytest.mark.parametrize("game,players", SEATINGS)
def test_masks_are_exact_and_records_replay(game, players):
    """At every step of random games the mask allows exactly the engine's legal actions,
    each with its own index, and the episode's record replays to the same scores."""
    env = meeple.rl.env(game, players=players)
    for seed in range(2):
        record = _random_episode(env, seed)
        replayed = replay_record(record)
        assert replayed.is_terminal()
        assert replayed.scores() == env.state.scores()


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_game(game):
    a, b = meeple.rl.env(game), meeple.rl.env(game)
    assert _random_episode(a, 11) == _random_episode(b, 11)
    assert _random_episode(a, 12)["actions"] != _random_episode(b, 11)["actions"]


@pytest.mark.parametrize("game", GAMES)
def test_notation_round_trip(game):
    env = meeple.rl.env(game, **short(game))
    env.reset(seed=5)
    for _ in range(30):
        if env.state.is_terminal():
            break
        for action in env.state.legal_actions()[:50]:
            index = env.notation_to_action(str(action))
            assert env.action_to_notation(index) == str(action)
        observation = env.observe(env.agent_selection)
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))


@pytest.mark.parametrize("game", GAMES)
def test_illegal_index_changes_nothing(game):
    env = meeple.rl.env(game)
    env.reset(seed=2)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    before = env.state_record()
    for bad in [int(np.flatnonzero(mask == 0)[0]), -1, env.encoding.size, "3", 1.0, None,
                True]:
        env.step(bad)
        assert env.state_record() == before
        assert env.agent_selection == agent
        assert env.rewards[agent] == -1.0
        assert env.infos[agent]["illegal"]
    strict = meeple.rl.env(game, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(meeple.IllegalAction):
        strict.step(int(np.flatnonzero(mask == 0)[0]))
    assert strict.state_record() == before


def _play_first_allowed(env, seed: int) -> dict[str, float]:
    """Each agent's summed reward over an episode of first-allowed moves."""
    env.reset(seed=seed)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    return totals


def test_rewards_score_difference_and_win():
    env = meeple.rl.env("carcassonne", players=3, reward="score", **short("carcassonne"))
    totals = _play_first_allowed(env, 4)
    final = env.state.scores()
    assert totals["player_0"] == pytest.approx(final[0] - (final[1] + final[2]) / 2)
    assert sum(totals.values()) == pytest.approx(0.0)
    env = meeple.rl.env("carcassonne", players=3, reward="win", **short("carcassonne"))
    totals = _play_first_allowed(env, 4)
    won = env.state.winners()
    for seat, agent in enumerate(env.possible_agents):
        expected = (1.0 if len(won) == 1 else 0.0) if seat in won else -1.0
        assert totals[agent] == expected


def test_gym_env_plays_the_other_seats():
    env = meeple.rl.gym_env("carcassonne", opponents="greedy", seat=1, **short("carcassonne"))
    observation, _ = env.reset(seed=8)
    assert env.aec.agent_selection == "player_1"
    total, done = 0.0, False
    while not done:
        index = int(np.flatnonzero(observation["action_mask"])[0])
        observation, reward, done, truncated, _ = env.step(index)
        total += reward
        assert not truncated
        if not done:
            assert env.aec.agent_selection == "player_1"
    scores = env.aec.state.scores()
    assert total == pytest.approx(scores[1] - scores[0])
    record = env.state_record()
    assert replay_record(record).scores() == scores


def test_render_is_the_terminal_picture():
    env = meeple.rl.env("carcassonne", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "Carcassonne" in text
    assert meeple.rl.env("carcassonne").render() is None


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="reward"):
        meeple.rl.env("carcassonne", reward="money")
    with pytest.raises(ValueError, match="illegal"):
        meeple.rl.env("carcassonne", illegal="ignore")
    with pytest.raises(ValueError, match="win"):
        meeple.rl.env("catan-dice", players=1, reward="win")
    with pytest.raises(ValueError, match="opponents"):
        meeple.rl.gym_env("carcassonne", opponents=["greedy", "greedy"])
    with pytest.raises(ValueError, match="unknown agent"):
        meeple.rl.gym_env("carcassonne", opponents="nobody")
    with pytest.raises(ValueError, match="seat"):
        meeple.rl.gym_env("carcassonne", seat=2)


@settings(max_examples=30, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**31 - 1),
       moves=st.lists(st.one_of(st.integers(-5, 10**6), st.none(), st.text(max_size=3),
                                st.floats(allow_nan=True)), max_size=20))
def test_any_input_is_played_or_refused_without_change(game, seed, moves):
    """Whatever a learner sends, a legal index is played and anything else changes nothing
    and raises nothing."""
    env = meeple.rl.env(game, **short(game))
    env.reset(seed=seed)
    for move in moves:
        if env.state.is_terminal():
            break
        agent = env.agent_selection
        before = env.state_record()
        legal = isinstance(move, int) and not isinstance(move, bool) \
            and move in env._legal_actions()
        env.step(move)
        if legal:
            assert len(env.state_record()["actions"]) > len(before["actions"])
        else:
            assert env.state_record() == before
            assert env.agent_selection == agent and "illegal" in env.infos[agent]
