"""The Catan Dice sheet and help text, drawn from the view."""
from __future__ import annotations

from helpers import legal_help, picture

import meeple


def _building(roll: str):
    state = meeple.load("catan-dice").new_state(1)
    state.apply(f"roll {roll}")
    state.apply("stop")
    return state


def test_help_says_what_end_writes():
    state = _building("lumber brick brick gold brick gold")
    assert "nothing" not in legal_help(state) and "build road R0" in legal_help(state)
    state.apply("build road R0")
    assert "end writes 1 point for this turn (road R0 (1))" in legal_help(state)
    state.apply("trade 3 5 lumber")
    state.apply("build road R1")
    assert "end writes 2 points for this turn" in legal_help(state)


def test_help_warns_of_an_x_when_nothing_can_be_built():
    state = _building("ore ore wool wool gold ore")
    assert "nothing can be built with these dice (end writes an X, -2)" in legal_help(state)


def test_the_sheet_shows_the_dice_spent_and_the_last_turn():
    state = _building("lumber brick brick gold brick gold")
    state.apply("build road R0")
    text = picture(state, 0)
    assert "[dim strike]0:lumber[/]" in text and "built this turn: road R0 (1)" in text
    state.apply("end")
    assert "last turn: road R0 (1)" in picture(state, 0)
