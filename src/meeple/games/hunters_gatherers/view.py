"""What a seat sees of Hunters & Gatherers: the tile games' view plus huts, huts in hand and
the bonus pile as counts (the order of both piles is hidden from every seat), and the
river system each hut scores."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .._tilegame import view as shared
from .notation import ROLES

if TYPE_CHECKING:
    from .rules import HuntersGatherersState


def regions(state: "HuntersGatherersState") -> dict[str, list[list[list[int]]]]:
    """The followers' regions, and per hut of the view (same order) the tiles of the
    river system it scores."""
    board = state.board
    groups = board.groups
    out = shared.regions(state)
    out["huts"] = [[list(c) for c in board.cells(groups.find(seg), groups)]
                   for _, seg in state.huts]
    return out


def view(state: "HuntersGatherersState", player: int | None) -> dict:
    """What everyone sees: the shared view plus huts, huts in hand and the bonus pile as
    counts (the order of both piles is hidden from every seat)."""
    out = shared.view(state, player)
    out.update(huts=shared.pieces(state, state.huts), huts_in_hand=list(state.hut_supply),
               bonus_pile=state.bonus_counts(), bonus_left=state.bonus_left,
               bonus_tile=state.extra)
    for piece in out["followers"]:
        piece["role"] = ROLES[piece["kind"]]
    return out
