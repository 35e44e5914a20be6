"""What the seat to move in the Catan Dice Game can do now, in one sentence
(``State.advice``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.text import nwords, words
from .phases import BUILDING, CHOOSING, MAX_ROLLS
if TYPE_CHECKING:
    from .rules import CatanDiceState


def advise(state: "CatanDiceState", seat: int) -> str | None:
    if state.current_player != seat:
        return None
    if state.phase == CHOOSING:
        return nwords("Reroll any of the dice ({n} roll left) or keep them",
                      "Reroll any of the dice ({n} rolls left) or keep them",
                      MAX_ROLLS - state.rolls)
    if state.phase != BUILDING:
        return None
    if any(a[0] == "build" for a in state.legal_actions()):
        return words("Build what the dice pay for, in the map's order, or end your turn")
    if state.built_now:
        return words("The dice pay for nothing more you may build: end your turn")
    return words("The dice pay for nothing you may build: ending the turn marks a cross "
                 "(-2 points)")
