"""Carcassonne (base game): what closes and when, on the family's shared turn cycle.

A turn is three actions: the chance action ``draw T`` (a tile that fits nowhere is discarded
at once and another is drawn), ``place T X Y R``, then ``follower KIND LOC`` or ``pass``,
after which the roads, cities and monasteries the tile completed are scored and their
followers return. The game ends when the pile is empty; then the final scoring
(:mod:`.score`). The turn cycle is :mod:`meeple.games._tilegame.state`, the board and its
features the shared engine of :mod:`meeple.tiles`; this module adds only this game's rules.
"""
from __future__ import annotations

from pathlib import Path

from ...tiles.geometry import AROUND
from ...tiles.spec import TileSet
from .._tilegame.state import DRAW, FOLLOW, OVER, PHASES, PLACE, TileGameState
from . import score
from .notation import NOTATION
from .words import WORDS

TILESET = TileSet.load(Path(__file__).with_name("tiles.json"))
TYPES = TILESET.types
FOLLOWERS = 7
"""Playable followers per player (the eighth stands on the score track)."""
SCORED_KINDS = ("road", "city")
"""Edge features scored when they close (monasteries close by their neighbours)."""
NEAR = frozenset(AROUND) | {0}


class CarcassonneState(TileGameState):
    """A position: the shared turn state plus the monasteries not yet surrounded."""

    notation = NOTATION
    words = WORDS

    def setup(self) -> None:
        self.cloisters: list[int] = []        # tile indices of monasteries not yet closed

    def _closed_by(self, t: int) -> list[int]:
        board = self.board
        o = board.placed[t]
        pending = self._closed_features(t, SCORED_KINDS)
        if o.centre >= 0 and o.kinds[o.centre] == "monastery":
            self.cloisters = [*self.cloisters, t]
        if self.cloisters:
            pos, positions = board.positions[t], board.positions
            for m in self.cloisters:
                if positions[m] - pos in NEAR and board.surrounding(m) == 8:
                    pending.append(board.base[m] + board.placed[m].centre)
                    self.cloisters = [c for c in self.cloisters if c != m]
        return pending

    _score_closed = score.score_closed
    _score_final = score.score_final


__all__ = ["CarcassonneState", "DRAW", "FOLLOW", "OVER", "PHASES", "PLACE",
           "TILESET", "TYPES"]
