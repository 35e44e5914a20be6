"""What the seat to move in Catan can do now, in one sentence (``State.advice``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.text import Text, words
from .phases import ANSWER, CLOSE, DISCARD, MAIN, PREROLL, ROADS, ROBBER, SETTLE, SETUP_ROAD

if TYPE_CHECKING:
    from .rules import CatanState


ADVICE = {
    SETTLE: words("Place a settlement on a free corner, two paths away from every building"),
    SETUP_ROAD: words("Place a road beside the settlement you just placed"),
    PREROLL: words("Roll the dice, or play a development card first"),
    DISCARD: words("A 7 was rolled: discard half of your resource cards, rounded down"),
    ROBBER: words("Move the robber to another hex and rob a player with a building beside it"),
    ROADS: words("Place your free roads from Road Building"),
    ANSWER: words("Accept the offer, decline it or make a counter-offer"),
    CLOSE: words("Trade with a player who accepted or countered, or cancel the offer"),
    MAIN: words("Build, trade, buy a development card or end your turn")}
"""The sentence for the seat to move, by phase."""


def advise(state: "CatanState", seat: int) -> Text | None:
    if state.current_player != seat:
        return None
    return ADVICE.get(state.phase)
