"""Carcassonne as the platform sees it: its facts, options and parts."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.text import words
from .._tilegame.game import TileGame, deck_option
from .policy import CarcassonnePolicy
from .render import CarcassonneDrawing
from .rules import FOLLOWERS, TILESET, TYPES, CarcassonneState

if TYPE_CHECKING:
    from .encoding import CarcassonneEncoding


class Carcassonne(TileGame):
    """Carcassonne, base game: 72 tiles, 2–5 players, 7 followers each."""

    name = "carcassonne"
    title = words("Carcassonne")
    options = (deck_option("deck", words("draw pile"), TILESET.pile(), TYPES,
                           short={"U": 3, "V": 3, "E": 2, "D": 2, "B": 1}),)
    state_class = CarcassonneState
    policy_class = CarcassonnePolicy
    drawing_class = CarcassonneDrawing
    followers = FOLLOWERS

    def configure(self) -> None:
        self.set_tileset(TILESET)
        self.pile = self.read_deck("deck", TYPES, TILESET.pile())

    def encoding(self, **options: Any) -> "CarcassonneEncoding":
        """The RL encoding (:mod:`.encoding`; needs the extra ``rl``): ``options`` go to it."""
        from .encoding import CarcassonneEncoding
        return CarcassonneEncoding(self, **options)
