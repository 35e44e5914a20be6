"""A game's terminal drawing as one typed object: a seat's view turned into text.

Drawings read only ``state.view(seat)`` (and the game's fixed data: tile set, board), so
what a seat sees is decided in one place and the picture can never show more. Each game
declares a subclass in its ``render`` module (``Game.drawing_class``); drivers reach it as
``game.drawing``. The defaults print the view and the legal moves as they are.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Sequence

from .action import Action

if TYPE_CHECKING:
    from .game import Game


class Drawing:
    """Pictures of views of the game ``game`` (text, rich markup allowed)."""

    def __init__(self, game: "Game"):
        self.game = game

    def picture(self, view: dict) -> str:
        """The game as the view's seat sees it."""
        return json.dumps(view, indent=1)

    def legal_help(self, view: dict, legal: Sequence[Action]) -> str:
        """The legal moves in words, for the ``help`` command of terminal play."""
        return "legal: " + ", ".join(str(a) for a in legal)
