"""What the seat to move in a tile game can do now, in one sentence (``State.advice``): how
many places the tile fits, or whether a piece can go on it and why not."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.text import nwords, words
from .phases import FOLLOW, PLACE

if TYPE_CHECKING:
    from .state import TileGameState


def advise(state: "TileGameState", seat: int) -> str | None:
    if state.is_terminal() or state.current_player != seat:
        return None
    if state.phase == PLACE:
        spots = len({(a[2], a[3]) for a in state.legal_actions()})
        if state.extra:
            return nwords("Place your bonus tile: it fits in {n} place",
                          "Place your bonus tile: it fits in {n} places", spots)
        return nwords("Place the tile: it fits in {n} place",
                      "Place the tile: it fits in {n} places", spots)
    if state.phase == FOLLOW:
        pieces = [a for a in state.legal_actions() if a[0] != "pass"]
        if pieces and not state.supply[seat]:
            return words("You may build a hut on the tile, or pass")
        if pieces:
            return nwords("You may put a piece on the tile ({n} left in hand), or pass",
                          "You may put a piece on the tile ({n} left in hand), or pass",
                          state.supply[seat])
        if not state.supply[seat]:
            return words("You have no piece left in hand: pass")
        return words("Every feature of this tile is taken by a piece already or closed: "
                     "pass")
    return None
