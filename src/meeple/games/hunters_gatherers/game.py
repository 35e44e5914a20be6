"""Carcassonne: Hunters and Gatherers as the platform sees it: its facts, options, parts."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.options import Option
from ...core.text import words
from ...tiles.spec import TileSetError
from .._tilegame.game import TileGame, deck_option
from . import tileset
from .policy import HuntersGatherersPolicy
from .render import HuntersGatherersDrawing
from .rules import FOLLOWERS, HuntersGatherersState

if TYPE_CHECKING:
    from .encoding import HuntersGatherersEncoding


LAND, BONUS = tileset.default_counts()
DECK_KEYS = 1000
"""The most types a deck may name: a tile set of one's own (``tileset``) may have others
than the shipped one's (whose types alone the decks' per-type bounds name)."""
PATH_LENGTH = 4096
"""The longest file path an option takes (Linux's PATH_MAX)."""


class HuntersGatherers(TileGame):
    """Carcassonne: Hunters and Gatherers: 1 + 78 land tiles, 12 bonus tiles, 2–5 players,
    5 followers and 2 huts each."""

    name = "hunters-gatherers"
    title = words("Carcassonne: Hunters and Gatherers")
    options = (
        Option("tileset", str, None, words("a tile list in the format of the default tile "
                                           "set (src/meeple/games/hunters_gatherers/"
                                           "tiles.json)"),
               form=words("a file path"), file=True, length=PATH_LENGTH,
               label=words("tile set")),
        deck_option("deck", words("land pile"), LAND, keys=DECK_KEYS,
                    short={"L07": 2, "L15": 2, "L28": 2, "L29": 2, "L30": 2}),
        deck_option("bonus_deck", words("bonus pile"), BONUS, keys=DECK_KEYS,
                    short={"B04": 1, "B06": 1}, start_tile=False),
    )
    state_class = HuntersGatherersState
    policy_class = HuntersGatherersPolicy
    drawing_class = HuntersGatherersDrawing
    followers = FOLLOWERS

    def configure(self) -> None:
        path = self.settings["tileset"]
        try:
            tiles = tileset.load(path) if path else tileset.load()
        except TileSetError as e:
            raise ValueError(f"{self.name} option 'tileset': {e}") from None
        self.tiles = tiles
        self.set_tileset(tiles.tileset)
        self.land_types, self.bonus_types = frozenset(tiles.land), frozenset(tiles.bonus)
        counts = tiles.tileset.counts()
        self.pile = self.read_deck("deck", tiles.land, {t: counts[t] for t in tiles.land})
        self.bonus_pile = self.read_deck("bonus_deck", tiles.bonus,
                                         {t: counts[t] for t in tiles.bonus})

    def encoding(self, **options: Any) -> "HuntersGatherersEncoding":
        """The RL encoding (:mod:`.encoding`; needs the extra ``rl``): ``options`` go to it."""
        from .encoding import HuntersGatherersEncoding
        return HuntersGatherersEncoding(self, **options)
