"""Carcassonne's RL encoding: the tile games' numbering and board planes
(:mod:`meeple.games._tilegame.encoding`, whose docstring gives both), nothing of its own."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .._tilegame.encoding import TileEncoding

if TYPE_CHECKING:
    from .game import Carcassonne


class CarcassonneEncoding(TileEncoding):
    """Carcassonne: 4·S² place indices, 17 follower indices, ``pass``."""

    def __init__(self, game: Carcassonne, radius: int = 8):
        if game.name != "carcassonne":
            raise ValueError(f"CarcassonneEncoding needs carcassonne, not {game.name}")
        super().__init__(game, radius)
