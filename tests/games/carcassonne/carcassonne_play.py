"""Helpers for Carcassonne scenario tests: a game with a chosen deck, turns in one call."""
from __future__ import annotations

import meeple
from meeple.games.carcassonne.rules import CarcassonneState


def new_game(deck: dict[str, int], players: int = 2) -> CarcassonneState:
    """A game whose pile is exactly ``deck`` (the start tile D is placed at (0, 0))."""
    return meeple.load("carcassonne", players, {"deck": deck}).new_state(0)


def turn(state: CarcassonneState, tile: str, x: int, y: int, rot: int,
         follower: str | None = None) -> None:
    """Draw ``tile``, place it, then put ``follower`` ("road E", ...) or pass."""
    state.apply(f"draw {tile}")
    state.apply(f"place {tile} {x} {y} {rot}")
    state.apply(f"follower {follower}" if follower else "pass")


def root_at(state: CarcassonneState, x: int, y: int, loc: str) -> int:
    """The feature root of the segment at location ``loc`` of the tile at ``(x, y)``."""
    board = state.board
    t = board.tile_at(x, y)
    return board.features.find(board.segment(t, board.placed[t].loc_seg[loc]))


def events(state: CarcassonneState, kind: str | None = None) -> list[dict]:
    """The scoring events of feature ``kind`` (all kinds if None)."""
    return [e for e in state.events if e["kind"] == "scored"
            and (kind is None or e["feature"] == kind)]
