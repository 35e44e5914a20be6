"""What a seat sees of a tile game (the one visibility rule, ``state.view(seat)``) and the
board cells each piece in it scores (``state.piece_regions()``, for clients to light up).

The pile's order is hidden from every seat: it is shown only as counts per type.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import TileGameState


def pieces(state: "TileGameState", placed: list[tuple[int, int]]) -> list[dict]:
    """``(seat, segment)`` pieces as ``{"seat", "kind", "x", "y", "location"}``."""
    board = state.board
    out = []
    for seat, seg in placed:
        t, local = board.local(seg)
        x, y = board.xy(t)
        o = board.placed[t]
        out.append({"seat": seat, "kind": o.kinds[local], "x": x, "y": y,
                    "location": o.locs[local][0]})
    return out


def regions(state: "TileGameState") -> dict[str, list[list[list[int]]]]:
    """``{"followers": ...}`` (a game adds its own lists after it): per follower of the
    view (same order), the ``[x, y]`` of every tile its feature's score counts (a monk's:
    the monastery and the tiles around it): what a client lights up when it is pointed at."""
    board = state.board
    find = board.features.find
    return {"followers": [[list(c) for c in board.counted_cells(find(seg))]
                          for _, seg in state.followers]}


def view(state: "TileGameState", player: int | None) -> dict:
    """What everyone sees: the board, followers, supplies, points, the drawn tile, and the
    pile only as counts per type (its order is hidden from every seat); a game adds its own
    fields after these."""
    board = state.board
    tiles = [{"type": o.type, "x": x, "y": y, "rotation": o.degrees}
             for o, (x, y) in zip(board.placed, map(board.xy, range(len(board.placed))))]
    return {"game": state.game.name, "players": state.num_players, "seat": player,
            "current_player": state.current_player, "active": state.seat, "turn": state.turn,
            "round": state.round,
            "phase": state.phases[state.phase], "tile": state.tile, "board": tiles,
            "followers": pieces(state, state.followers), "supply": list(state.supply),
            "scores": list(state.points), "pile": state.pile_counts(),
            "remaining": state.remaining, "discarded": list(state.discarded)}
