"""Helpers for Hunters & Gatherers scenario tests: a game with chosen piles, turns in one
call, features looked up by tile position and location."""
from __future__ import annotations

import meeple
from meeple.games.hunters_gatherers.rules import HuntersGatherersState


def new_game(deck: dict[str, int], bonus: dict[str, int] | None = None,
             players: int = 2) -> HuntersGatherersState:
    """A game whose land pile is exactly ``deck`` and bonus pile ``bonus`` (default: empty);
    the start tile S is placed at (0, 0)."""
    config = {"deck": deck, "bonus_deck": bonus or {}}
    return meeple.load("hunters-gatherers", players, config).new_state(0)


def turn(state: HuntersGatherersState, tile: str, x: int, y: int, rot: int,
         piece: str | None = None) -> None:
    """Draw ``tile``, place it, then put ``piece`` ("forest E", "meadow Nw", "hut C") or
    pass. A bonus tile is played the same way when the bonus draw is due."""
    state.apply(f"draw {tile}")
    state.apply(f"place {tile} {x} {y} {rot}")
    if piece is None:
        state.apply("pass")
    elif piece.startswith("hut "):
        state.apply(piece)
    else:
        state.apply(f"follower {piece}")


def root_at(state: HuntersGatherersState, x: int, y: int, loc: str) -> int:
    """The feature root of the segment at location ``loc`` of the tile at ``(x, y)``."""
    board = state.board
    t = board.tile_at(x, y)
    return board.features.find(board.segment(t, board.placed[t].loc_seg[loc]))


def events(state: HuntersGatherersState, kind: str | None = None,
           final: bool | None = None) -> list[dict]:
    """The scoring events of feature ``kind`` (all kinds if None), during play or final or
    both."""
    return [e for e in state.events if e["kind"] == "scored"
            and (kind is None or e["feature"] == kind) and (final is None or e["final"] == final)]
