"""The game contract, checked as hypothesis properties on every registered game."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
from meeple.core.record import Record
from meeple.core.state import CHANCE
from meeple.play.replay import replay

from helpers import random_playout, snapshot

GAMES = sorted(meeple.GAMES)
GARBAGE = {
    "carcassonne": ["place V 500 0 0", "follower field C", "draw", "pass 1", "follower road Q"],
    "hunters-gatherers": ["place L01 500 0 0", "follower meadow C", "follower river C",
                          "hut Nw", "draw", "pass 1", "hut", "draw B01 B02",
                          "follower lake C"],
}
"""Malformed or impossible text a game's notation must refuse, besides everyone's."""
FAST = settings(max_examples=8, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


def _players(name: str) -> int:
    cls = meeple.games.game_class(name)
    return max(cls.min_players, 2)


def _record(name: str, seed: int) -> tuple[Record, list[int]]:
    game = meeple.load(name, _players(name))
    state = game.new_state(seed)
    actions = random_playout(state, random.Random(seed))
    return Record(name, game.players, {}, seed, actions), state.scores()


@pytest.mark.parametrize("name", GAMES)
@FAST
@given(seed=st.integers(0, 2**31))
def test_random_play_ends_and_replays(name, seed):
    record, scores = _record(name, seed)
    state = replay(Record.loads(record.dumps()))
    assert state.is_terminal()
    assert state.scores() == scores
    json.dumps(state.score_breakdown())
    json.dumps(state.view(0))


@pytest.mark.parametrize("name", GAMES)
@FAST
@given(seed=st.integers(0, 2**31), cut=st.floats(0, 1))
def test_clone_is_independent(name, seed, cut):
    record, _ = _record(name, seed)
    state = meeple.load(name, record.players).new_state(seed)
    for text in record.actions[: int(cut * len(record.actions))]:
        state.apply(text)
    before = snapshot(state)
    copy = state.clone()
    assert snapshot(copy) == before
    random_playout(copy, random.Random(seed + 1))
    assert snapshot(state) == before


def _accepted(state, text: str) -> bool:
    """Whether ``text`` is legal now although not listed: an alias of a listed action (a
    Carcassonne feature named by another of its locations) is accepted too."""
    try:
        state.clone().apply(text)
    except meeple.IllegalAction:
        return False
    return True


@pytest.mark.parametrize("name", GAMES)
@FAST
@given(seed=st.integers(0, 2**31), cut=st.floats(0, 1), data=st.data())
def test_illegal_actions_change_nothing(name, seed, cut, data):
    record, _ = _record(name, seed)
    game = meeple.load(name, record.players)
    state = game.new_state(seed)
    actions = record.actions[: int(cut * len(record.actions))]
    for text in actions:
        state.apply(text)
    legal = {str(a) for a in state.legal_actions()}
    # candidates: actions legal at other points of the same game, and garbage
    pool = [a for a in record.actions if a not in legal and not _accepted(state, a)]
    pool += ["", "nonsense", "build", "place", *GARBAGE.get(name, [])]
    text = data.draw(st.sampled_from(pool))
    before = snapshot(state)
    with pytest.raises(meeple.IllegalAction):
        state.apply(text)
    assert snapshot(state) == before


@pytest.mark.parametrize("name", GAMES)
@FAST
@given(seed=st.integers(0, 2**31))
def test_notation_round_trips_and_legal_actions_pass_check(name, seed):
    game = meeple.load(name, _players(name))
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(60):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        sample = legal if len(legal) <= 50 else rng.sample(legal, 50)
        for action in sample:
            assert state.parse(str(action)) == action
            assert state.check(action) is None, action
        action = state.sample_chance(rng) if state.current_player == CHANCE else rng.choice(legal)
        state.apply(action)


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name):
    from meeple.play.runner import make_agents, play_game
    game = meeple.load(name, _players(name))
    a = play_game(game, make_agents(game, ["random"] * game.players, 5), 5)
    b = play_game(game, make_agents(game, ["random"] * game.players, 5), 5)
    assert a.record.actions == b.record.actions
