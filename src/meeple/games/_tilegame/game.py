"""The Game side of a Carcassonne-family game: its tile set, piles and their options."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Mapping

from ...core.game import Game
from ...core.options import Option
from ...core.text import cwords, nwords, words
from ...tiles.spec import TileSet
from .words import COLOURS

if TYPE_CHECKING:
    from .state import TileGameState

DECK_FACTOR = 3
"""A deck holds each type at most this many times its count in the real pile, and at most
this many times the real pile's tiles in all: room for long games, and a game that always
ends (a turn draws a tile, and a tile's turn is a few actions)."""

COUNTS_FORM = words("{{{key}: {value}}}", key=cwords("option form", "tile type"),
                    value=cwords("option form", "count"))
"""A deck's form in words: ``{tile type: count}`` (the braces are the JSON object's)."""


def deck_option(name: str, label: str, real: Mapping[str, int],
                allowed: tuple[str, ...] | None = None, short: dict[str, int] | None = None,
                keys: int | None = None, start_tile: bool = True) -> Option:
    """The option ``name`` that replaces the pile ``label`` (its words for people:
    ``words("draw pile")``) by ``{tile_type: count}``, bounded by the ``real`` pile's
    counts (:data:`DECK_FACTOR`), naming at most ``keys`` types (default: the real pile's);
    ``short``: a small pile of the game's own tiles for a short game; ``start_tile``:
    whether to say that the start tile is not in it (once per game)."""
    total = DECK_FACTOR * sum(real.values())
    pile = nwords("{pile} ({n} tile)", "{pile} ({n} tiles)", sum(real.values()), pile=label)
    in_all = nwords("{n} tile in all", "{n} tiles in all", total)
    if start_tile:
        said = words("replaces the {pile} (for short games and tests; the start tile is placed "
                     "separately and always); a type at most {factor} × its count in the real "
                     "pile, {in_all}", pile=pile, factor=DECK_FACTOR, in_all=in_all)
    else:
        said = words("replaces the {pile} (for short games and tests); a type at most "
                     "{factor} × its count in the real pile, {in_all}", pile=pile,
                     factor=DECK_FACTOR, in_all=in_all)
    return Option(name, dict, None, said, allowed=allowed, form=COUNTS_FORM, short=short,
                  each={t: DECK_FACTOR * n for t, n in real.items()}, total=total,
                  length=len(real) if keys is None else keys, label=label)


class TileGame(Game):
    """A tile-laying game. Subclasses set ``followers`` per seat, and in ``configure`` the
    ``tileset`` and ``pile`` (a count per type in ``types`` order) through
    :meth:`set_tileset` and :meth:`read_deck`."""

    min_players, max_players, default_players = 2, 5, 2
    replayable_chance = True          # the pile's tiles come in the same order whatever
    colours = COLOURS
    browser_board = "tiles"
    state_class: type[TileGameState]
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

    def client_data(self) -> dict:
        """The tile set, for the browser to draw tiles with (:meth:`TileSet.to_data`)."""
        return self.tileset.to_data()

    def read_deck(self, key: str, allowed: Iterable[str], default: dict[str, int]
                  ) -> tuple[int, ...]:
        """The counts per type of option ``key`` (``{tile_type: count}``, its counts and
        sizes already checked by its :func:`deck_option`), or ``default``; ValueError naming
        a type not in ``allowed``."""
        deck = self.settings[key]
        if deck is None:
            deck = default
        else:
            allowed = tuple(allowed)
            for t in deck:
                if t not in allowed:
                    shown = repr(t) if len(t) <= 20 else repr(t[:20]) + "…"
                    raise ValueError(f"{self.name} option {key!r}: unknown tile type {shown}; "
                                     f"types: {' '.join(allowed)}")
        return tuple(deck.get(t, 0) for t in self.types)
