"""``History.fork``: a copy to try a move on (the server's path for every move) that
never changes the original, whatever is played on it."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meeple
from meeple.play.history import History

GAMES = ("carcassonne", "hunters-gatherers", "jaeger-sammler", "catan-dice")


def _step(history: History, rng: random.Random) -> None:
    state = history.state
    history.apply(state.sample_chance(rng) if state.current_player == meeple.CHANCE
                  else rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31), before=st.integers(0, 60), after=st.integers(1, 40))
def test_a_fork_plays_on_without_changing_the_original(name, seed, before, after):
    rng = random.Random(seed)
    history = History(meeple.load(name), seed)
    for _ in range(before):
        if history.state.is_terminal():
            return
        _step(history, rng)
    kept = (list(history.actions), list(history.actors), history.state.view(None),
            history.state.scores(), history.state.events)
    fork = history.fork()
    for _ in range(after):
        if fork.state.is_terminal():
            break
        _step(fork, rng)
    assert (history.actions, history.actors, history.state.view(None),
            history.state.scores(), history.state.events) == kept
    replayed = History(meeple.load(name), seed, fork.actions)       # the fork is a game
    assert replayed.state.view(None) == fork.state.view(None)
    assert replayed.actors == fork.actors
