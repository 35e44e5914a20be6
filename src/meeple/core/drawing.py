"""A game's terminal drawing as one typed object: a seat's view turned into text.

Drawings read only ``state.view(seat)`` (and the game's fixed data: tile set, board), so
what a seat sees is decided in one place and the picture can never show more. Each game
declares a subclass in its ``render`` module (``Game.drawing_class``); drivers reach it as
``game.drawing``. The defaults print the view and the legal moves as they are.

A drawing also says how a person may type a move at the prompt (never in records, whose
notation is exact): the other ``prompt_forms`` of a legal move (as the screen shows it),
and ``numbered``, the moves its help shows with numbers (elsewhere a bare number is no
move, so a stray digit never plays one). ``same_move`` folds moves that differ only in
name (a symmetric tile's rotations), so the help and the hints list each one once.
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

    def picture(self, view: dict, width: int | None = None) -> str:
        """The game as the view's seat sees it, fitted to ``width`` columns where the
        drawing can (a board cut around its last move says how to see the rest)."""
        return json.dumps(view, indent=1)

    def legal_help(self, view: dict, legal: Sequence[Action]) -> str:
        """The legal moves in words, for the ``help`` command of terminal play."""
        return "legal: " + ", ".join(str(a) for a in legal)

    def numbered(self, view: dict, legal: Sequence[Action]) -> list[Action]:
        """The moves ``legal_help`` shows with numbers, in that order (a bare number N at
        the prompt plays the Nth); empty where the help numbers nothing."""
        return []

    def prompt_forms(self, view: dict, action: Action) -> tuple[str, ...]:
        """Other texts a person may type for the legal ``action`` at the prompt, besides
        its notation; compared ignoring case, brackets, commas and colons (see
        :func:`prompt_key`), e.g. a placement as the screen shows it, ``(0,1):90``."""
        return ()

    def same_move(self, view: dict, action: Action) -> Action:
        """The move that stands for every legal move the same as ``action`` (a symmetric
        tile turned to look the same): what the help and the hints list once. By default
        every move is its own."""
        return action

    def prompt_text(self, view: dict, text: str) -> str:
        """``text`` as typed, rewritten where a game forgives more than a list of forms
        can say (dice named in any order)."""
        return text


def prompt_key(text: str) -> str:
    """What the prompt compares of a typed move: lower case, with brackets, commas and
    colons read as spaces and runs of spaces as one."""
    return " ".join(text.translate(_PUNCTUATION).casefold().split())


_PUNCTUATION = str.maketrans("(),:", "    ")
