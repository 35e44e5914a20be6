"""What the seat to move in Jäger und Sammler can do now, in one sentence
(``State.advice``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.text import words
from .phases import PLAY

if TYPE_CHECKING:
    from .rules import JaegerSammlerState


def advise(state: "JaegerSammlerState", seat: int) -> str | None:
    if state.phase != PLAY or state.current_player != seat:
        return None
    if all(a[0] == "remove" for a in state.legal_actions()):
        return words("None of your pawns can move: take one off the board (with the tile "
                     "under it)")
    return words("Move one pawn two steps or two pawns a step each, or take a pawn off the "
                 "board; a move never ends on a tile where another pawn stands, and an "
                 "empty field cannot be entered")
