"""Random Catan games as hypothesis properties: they end, the record replays to the same
scores, a clone is independent, no seat's view ever holds another's hidden cards, and an
illegal or malformed action is refused with the state unchanged."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
from meeple.core.record import Record
from meeple.play.replay import replay

from helpers import snapshot

SOME = settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
JUNK = ["", "build road 72", "build city 01", "robber 9", "discard ore", "trade 3",
        "play vp", "offer ore for ore", "counter", "stolen brick", "draw vp", "dice 7",
        "maritime ore ore ore for ore", "board forest9", "roll 6", "end end"]


def _game(seed: int, players: int, config: dict):
    state = meeple.load("catan", players, config).new_state(seed)
    rng = random.Random(seed)
    actions = []
    checks = 0
    while not state.is_terminal():
        seat = state.current_player
        action = state.sample_chance(rng) if seat < 0 else rng.choice(state.legal_actions())
        if rng.random() < 0.02:
            _hidden_stays_hidden(state)
            _junk_is_refused(state, rng)
            checks += 1
        state.apply(action)
        actions.append(str(action))
        assert len(actions) < 60_000
    return state, actions


def _hidden_stays_hidden(state) -> None:
    for seat in range(state.num_players):
        view = state.view(seat)
        for other in view["seats"]:
            assert ("hand" in other) == (other["seat"] == seat)
            assert ("dev" in other) == (other["seat"] == seat)
        steal = view["steal"]
        if steal is not None:
            assert ("card" in steal) == (seat in (steal["thief"], steal["victim"]))
        twin = state.determinize(seat, random.Random(seat))
        assert twin.view(seat) == view


def _junk_is_refused(state, rng) -> None:
    before = snapshot(state)
    legal = {str(a) for a in state.legal_actions()}
    for text in rng.sample(JUNK, 4):
        if text not in legal:
            with pytest.raises(meeple.IllegalAction):
                state.apply(text)
    assert snapshot(state) == before


@SOME
@given(seed=st.integers(0, 2**31), players=st.sampled_from([3, 4]),
       config=st.sampled_from([{}, {"board": "beginner"}, {"numbers": "random"},
                               {"offers_per_turn": 0}, {"offers_per_turn": 10}]))
def test_random_games_end_replay_and_hide_what_they_should(seed, players, config):
    state, actions = _game(seed, players, config)
    assert state.winner >= 0 and state.points(state.winner) >= 10
    record = Record("catan", players, config, seed, actions)
    again = replay(Record.loads(record.dumps()))
    assert again.scores() == state.scores() and again.winner == state.winner
    json.dumps(state.view(0))
    totals = [s["total"] for s in state.score_breakdown()["seats"]]
    assert totals == state.scores()


@SOME
@given(seed=st.integers(0, 2**31), cut=st.floats(0, 1))
def test_a_clone_is_independent(seed, cut):
    _, actions = _game(seed, 4, {})
    state = meeple.load("catan", 4).new_state(seed)
    for text in actions[: int(cut * len(actions))]:
        state.apply(text)
    before = snapshot(state)
    copy = state.clone()
    rng = random.Random(seed)
    while not copy.is_terminal():
        copy.apply(copy.sample_chance(rng) if copy.current_player < 0
                   else rng.choice(copy.legal_actions()))
    assert snapshot(state) == before
