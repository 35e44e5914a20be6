"""Hunters & Gatherers' RL encoding: the tile games' numbering and board planes
(:mod:`meeple.games._tilegame.encoding`, whose docstring gives both) plus its huts, its
bonus pile and the bonus tile in play."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from gymnasium import spaces

from .._tilegame.encoding import TileEncoding, flags, rotated
from .notation import HUT_LOCATIONS, hut
from .rules import HUTS

if TYPE_CHECKING:
    from ...core.action import Action
    from .game import HuntersGatherers


class HuntersGatherersEncoding(TileEncoding):
    """Hunters & Gatherers: 4·S² place indices (bonus tiles included in ``N``), 16 follower
    indices, 5 hut indices, ``pass``; huts and the bonus pile in the observation."""

    game: HuntersGatherers
    piece_channels = ("hut",)

    def __init__(self, game: HuntersGatherers, radius: int = 8):
        if game.name != "hunters-gatherers":
            raise ValueError(f"HuntersGatherersEncoding needs hunters-gatherers, not {game.name}")
        super().__init__(game, radius)

    def extra_tiles(self) -> int:
        return sum(self.game.bonus_pile)

    def extra_actions(self) -> list[Action]:
        return [hut(loc) for loc in HUT_LOCATIONS]

    def _extra_pile(self) -> np.ndarray:
        return np.array(self.game.bonus_pile, dtype=np.float32)

    def _extra_spaces(self) -> dict[str, spaces.Box]:
        bonus = np.array(self.game.bonus_pile, dtype=np.float32)
        return {
            "huts": spaces.Box(0, HUTS, shape=(self.n,), dtype=np.int8),
            "bonus_pile": spaces.Box(np.zeros(len(self.types), np.float32), bonus,
                                     dtype=np.float32),
            "bonus_left": spaces.Box(0.0, float(bonus.sum()), shape=(1,), dtype=np.float32),
            "bonus_tile": flags(1),
        }

    def _extra_describe(self) -> dict[str, str]:
        return {
            "huts": "int8[players]: huts in hand, rotated (0 = the observer)",
            "bonus_pile": "float32[types]: bonus tiles of each type left",
            "bonus_left": "float32[1]: bonus tiles left",
            "bonus_tile": "int8[1]: 1 while the tile in play is a bonus tile",
        }

    def _draw_extra(self, out: np.ndarray, view: dict, seat: int) -> None:
        self._draw_pieces(out, view["huts"], self.channel["hut0"], seat)

    def _observe_extra(self, view: dict, seat: int, out: dict[str, np.ndarray]) -> None:
        out["huts"] = np.array(rotated(view["huts_in_hand"], seat), dtype=np.int8)
        out["bonus_pile"] = self._counts(view["bonus_pile"])
        out["bonus_left"] = np.array((view["bonus_left"],), dtype=np.float32)
        out["bonus_tile"] = np.array((1 if view["bonus_tile"] else 0,), dtype=np.int8)
