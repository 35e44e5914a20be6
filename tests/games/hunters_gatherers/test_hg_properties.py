"""Hypothesis properties of whole random Hunters & Gatherers games that only this game has:
bonus tiles and what stays on the board at the end. (Termination, pieces — followers and
huts — adding up, replay, illegal actions and aliases are checked for both tile games in
tests/tiles/test_tiles_game_properties.py.)"""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
from meeple.core.state import CHANCE
from meeple.games.hunters_gatherers.rules import BONUS, PLACE

FAST = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5))
def test_bonus_tiles_follow_nugget_forests_once_per_turn_by_the_same_seat(seed, players):
    state = meeple.load("hunters-gatherers", players).new_state(seed)
    rng = random.Random(seed)
    bonus_types = state.game.bonus_types
    placed_in_turn: dict[int, int] = {}
    while not state.is_terminal():
        if state.current_player == CHANCE:
            action = state.sample_chance(rng)
            assert (action[1] in bonus_types) == (state.phase == BONUS)
            if state.phase == BONUS:          # earned by the seat whose turn it is
                earned = [e for e in state.events if e["kind"] == "bonus"]
                assert earned[-1]["seat"] == state.seat
                assert earned[-1]["turn"] == state.turn
        else:
            action = rng.choice(state.legal_actions())
        if state.phase == PLACE:
            placed_in_turn[state.turn] = placed_in_turn.get(state.turn, 0) + 1
        state.apply(action)
    earned = [b["turn"] for b in state.events if b["kind"] == "bonus"]
    assert len(set(earned)) == len(earned)                      # at most one bonus a turn
    assert all(n <= 2 for n in placed_in_turn.values())        # a land tile and one bonus
    assert {t for t, n in placed_in_turn.items() if n == 2} <= set(earned)
    # at the end only hunters stand on the board; huts stay too
    assert all(state.board.kind(seg) == "meadow" for _, seg in state.followers)
    assert len(state.huts) == sum(2 - n for n in state.hut_supply)
