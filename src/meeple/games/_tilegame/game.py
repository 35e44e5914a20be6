"""The Game side of a Carcassonne-family game: its tile set, pile and options (the bot and
drawing hooks come from the game's own ``policy`` and ``render`` modules, see core Game)."""
from __future__ import annotations

from typing import Iterable

from ...core.state import Game
from ...tiles.spec import TileSet


class TileGame(Game):
    """A tile-laying game. Subclasses set ``package`` (where ``policy`` and ``render``
    live, as for every game), ``followers per seat, and in ``validate_config`` the ``tileset`` and ``pile``
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
