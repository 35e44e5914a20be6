"""Catan Dice invariants under random play, and the greedy bot's strength."""
from __future__ import annotations

import random

from helpers import random_playout
from hypothesis import given, settings
from hypothesis import strategies as st

import meeple
from meeple.games.catan_dice.island import TURNS
from meeple.sim.simulate import simulate


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(1, 4))
def test_random_play_ends_after_fifteen_boxes_per_player(seed, players):
    state = meeple.load("catan-dice", players).new_state(seed)
    actions = random_playout(state, random.Random(seed))
    assert [len(s.boxes) for s in state.sheets] == [TURNS] * players
    assert actions.count("end") == TURNS * players
    breakdown = state.score_breakdown()["seats"]
    assert [b["total"] for b in breakdown] == state.scores()
    assert all(sum(i["points"] for i in b["items"]) == b["total"] for b in breakdown)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_dice_spent_are_never_reused(seed):
    state = meeple.load("catan-dice", 1).new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player == meeple.CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        before = state.used
        state.apply(rng.choice(state.legal_actions()))
        if state.used and state.phase == "building":
            assert state.used & before == before   # spent dice stay spent within a turn


def test_greedy_beats_random_by_far():
    greedy = simulate("catan-dice", ["greedy"], 40, seed=3)["seats"][0]["mean"]
    rand = simulate("catan-dice", ["random"], 40, seed=3)["seats"][0]["mean"]
    assert greedy > 40 and rand < 5
    assert greedy - rand > 35
