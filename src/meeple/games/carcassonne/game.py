"""Carcassonne as the platform sees it: its facts, options and parts."""
from __future__ import annotations

from .._tilegame.game import TileGame, deck_option
from .policy import CarcassonnePolicy
from .render import CarcassonneDrawing
from .rules import FOLLOWERS, TILESET, TYPES, CarcassonneState


class Carcassonne(TileGame):
    """Carcassonne, base game: 72 tiles, 2–5 players, 7 followers each."""

    name = "carcassonne"
    title = "Carcassonne"
    options = (deck_option("deck", "draw pile (71 tiles)", TYPES),)
    state_class = CarcassonneState
    policy_class = CarcassonnePolicy
    drawing_class = CarcassonneDrawing
    followers = FOLLOWERS

    def configure(self) -> None:
        self.set_tileset(TILESET)
        self.pile = self.read_deck("deck", TYPES, TILESET.pile())
