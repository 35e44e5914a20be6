"""Hypothesis properties of whole random Carcassonne games."""
from __future__ import annotations

import random

import pytest
from helpers import random_playout, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
from meeple.core.record import Record, replay
from meeple.core.state import CHANCE
from meeple.games.carcassonne.rules import FOLLOW

FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _on_board(state) -> list[int]:
    """Followers on the board per seat, counted from the feature partition itself."""
    feats = state.board.features
    counts = [0] * state.num_players
    for seg, parent in enumerate(feats.parent):
        if seg == parent:
            for seat, _ in feats.occupants[seg]:
                counts[seat] += 1
    return counts


@FAST
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5))
def test_every_tile_placed_or_discarded_and_followers_add_up(seed, players):
    state = meeple.load("carcassonne", players).new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        board = _on_board(state)
        assert [len([f for f in state.followers if f[0] == s]) for s in range(players)] == board
        assert all(state.supply[s] + board[s] == 7 for s in range(players))
    assert state.remaining == 0
    assert len(state.board.placed) - 1 + len(state.discarded) == 71
    assert sum(e["points"] * len(e["owners"]) for e in state.events) == sum(state.scores())


@FAST
@given(seed=st.integers(0, 2**31))
def test_replay_reproduces_scores_and_breakdown(seed):
    game = meeple.load("carcassonne", 3)
    state = game.new_state(seed)
    actions = random_playout(state, random.Random(seed))
    again = replay(Record.loads(Record("carcassonne", 3, {}, seed, actions).dumps()))
    assert again.scores() == state.scores()
    assert again.score_breakdown() == state.score_breakdown()


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), cut=st.floats(0, 1), data=st.data())
def test_illegal_actions_leave_the_state_unchanged(seed, cut, data):
    game = meeple.load("carcassonne", 2)
    actions = random_playout(game.new_state(seed), random.Random(seed))
    state = game.new_state(seed)
    for text in actions[: int(cut * len(actions))]:
        state.apply(text)
    pool = [a for a in actions if state.check(state.parse(a)) is not None]
    pool += ["place V 500 0 0", "follower field C", "draw", "pass 1", "follower road Q"]
    text = data.draw(st.sampled_from(pool))
    before = snapshot(state)
    with pytest.raises(meeple.IllegalAction):
        state.apply(text)
    assert snapshot(state) == before


@FAST
@given(seed=st.integers(0, 2**31))
def test_legal_actions_and_aliases_pass_check(seed):
    state = meeple.load("carcassonne", 2).new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        for action in legal:
            assert state.parse(str(action)) == action and state.check(action) is None
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if state.phase == FOLLOW:   # every location of a free feature names it
            board = state.board
            o = board.placed[state.last]
            listed = {str(a) for a in legal}
            for i, kind in enumerate(o.kinds):
                for loc in o.locs[i]:
                    alias = f"follower {kind} {loc}"
                    free = not board.features.occupants[board.features.find(
                        board.segment(state.last, i))]
                    ok = state.check(state.parse(alias)) is None
                    assert ok == (free and state.supply[state.seat] > 0), alias
                    if ok:
                        twin = state.clone()
                        twin.apply(alias)
                        canonical = state.clone()
                        canonical.apply(next(a for a in listed if a.startswith(
                            f"follower {kind} ") and state.board.features.find(
                            board.segment(state.last, o.loc_seg[a.split()[2]])) ==
                            board.features.find(board.segment(state.last, i))))
                        assert twin.view(None) == canonical.view(None)
        state.apply(rng.choice(legal))


def test_determinize_hides_the_future_draws():
    state = meeple.load("carcassonne").new_state(11)
    draws = {str(state.determinize(0, random.Random(i)).sample_chance()) for i in range(20)}
    assert len(draws) > 1
