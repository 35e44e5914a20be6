"""The Game side of a Carcassonne-family game: its tile set, pile, options and the bot and
drawing hooks, which each game supplies as its own ``policy`` and ``render`` modules."""
from __future__ import annotations

import importlib
import random
from functools import lru_cache
from types import ModuleType
from typing import Iterable

from ...core.action import Action
from ...core.state import Game, State
from ...tiles.spec import TileSet


@lru_cache(maxsize=None)
def _module(path: str) -> ModuleType:
    return importlib.import_module(path)


class TileGame(Game):
    """A tile-laying game. Subclasses set ``package`` (where ``policy`` and ``render``
    live), ``followers`` per seat, and in ``validate_config`` the ``tileset`` and ``pile``
    (a count per type in ``types`` order) through :meth:`set_tileset`."""

    min_players, max_players, default_players = 2, 5, 2
    package: str
    followers: int
    tileset: TileSet
    types: tuple[str, ...]
    type_index: dict[str, int]
    pile: tuple[int, ...]

    def set_tileset(self, tileset: TileSet) -> None:
        """Use ``tileset``: its types in file order name the piles' counts."""
        self.tileset = tileset
        self.types = tileset.types
        self.type_index = {t: i for i, t in enumerate(self.types)}

    def read_deck(self, key: str, allowed: Iterable[str], default: dict[str, int]
                  ) -> tuple[int, ...]:
        """The counts per type of option ``key`` (``{tile_type: count}``), or ``default``;
        ValueError naming a bad type or count."""
        deck = self.config.get(key)
        if deck is None:
            deck = default
        else:
            allowed = tuple(allowed)
            if not isinstance(deck, dict):
                raise ValueError(f"config.{key} must be an object {{tile_type: count}}")
            for t, n in deck.items():
                if t not in allowed:
                    raise ValueError(f"config.{key}: unknown tile type {t!r}; types: "
                                     f"{' '.join(allowed)}")
                if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                    raise ValueError(f"config.{key}: count of {t} must be a whole number ≥ 0")
        return tuple(deck.get(t, 0) for t in self.types)

    def _part(self, name: str) -> ModuleType:
        """The game's module ``name`` (imported on first use: bots and drawing only)."""
        return _module(f"{self.package}.{name}")

    def greedy_action(self, state: State, rng: random.Random) -> Action:
        return self._part("policy").greedy_action(state, rng)

    def evaluate(self, state: State, seat: int) -> float:
        return self._part("policy").evaluate(state, seat)

    def render(self, state: State, seat: int | None = None) -> str:
        return self._part("render").render(state, seat)

    def legal_help(self, state: State) -> str:
        return self._part("render").legal_help(state)
