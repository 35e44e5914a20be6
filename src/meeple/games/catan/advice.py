"""What the seat to move in Catan can do now, in one sentence (``State.advice``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.text import Text, words
from .phases import ANSWER, CLOSE, DISCARD, MAIN, PREROLL, ROADS, ROBBER, SETTLE, SETUP_ROAD

if TYPE_CHECKING:
    from .rules import CatanState


def advise(state: "CatanState", seat: int) -> Text | None:
    if state.current_player != seat:
        return None
    phase = state.phase
    if phase == SETTLE:
        return words("Place a settlement on a free corner, two paths away from every building")
    if phase == SETUP_ROAD:
        return words("Place a road beside the settlement you just placed")
    if phase == PREROLL:
        return words("Roll the dice, or play a development card first")
    if phase == DISCARD:
        return words("A 7 was rolled: discard half of your resource cards, rounded down")
    if phase == ROBBER:
        return words("Move the robber to another hex and rob a player with a building "
                     "beside it")
    if phase == ROADS:
        return words("Place your free roads from Road Building")
    if phase == ANSWER:
        return words("Accept the offer, decline it or make a counter-offer")
    if phase == CLOSE:
        return words("Trade with a player who accepted or countered, or cancel the offer")
    if phase == MAIN:
        return words("Build, trade, buy a development card or end your turn")
    return None
