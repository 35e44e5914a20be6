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

import inspect
import json
from typing import TYPE_CHECKING, Sequence

from .action import Action
from .text import say, words

if TYPE_CHECKING:
    from .game import Game


class Drawing:
    """Pictures of views of the game ``game`` (text, rich markup allowed)."""

    def __init__(self, game: "Game"):
        self.game = game

    def picture(self, view: dict, width: int | None = None,
                height: int | None = None) -> str:
        """The game as the view's seat sees it, fitted to ``width`` columns and to
        ``height`` lines where the drawing can (a board cut around its last move says how
        to see the rest; no height means the whole board). Where the seat has a move to
        type, its prompt line comes last, the board just above it."""
        return json.dumps(view, indent=1)

    def fitted(self, view: dict, width: int | None = None, height: int | None = None) -> str:
        """:meth:`picture`, passing ``height`` only to a drawing that takes one (a game
        from another package may draw with a width alone)."""
        if height is not None and "height" in inspect.signature(self.picture).parameters:
            return self.picture(view, width=width, height=height)
        return self.picture(view, width=width)

    def matching(self, view: dict, legal: Sequence[Action], words: Sequence[str]
                 ) -> list[Action]:
        """The legal moves that ``words`` typed at the prompt name in part (some of a
        move's fields, say), where a game lets a person pick a move so: one is played,
        several are listed. None by default: a move is typed whole."""
        return []

    def help_for(self, view: dict, legal: Sequence[Action], only: Sequence[str] = ()) -> str:
        """:meth:`legal_help`, narrowed to ``only`` where the drawing can narrow it (a game
        from another package may list every move alone: then the words are said unused)."""
        if not only:
            return self.legal_help(view, legal)
        if "only" in inspect.signature(self.legal_help).parameters:
            return self.legal_help(view, legal, only=only)
        return (self.legal_help(view, legal) + "\n" + say(words(
            "(this game's help lists every move: {words} is not used)", words=" ".join(only))))

    def legend(self) -> str:
        """What the picture's symbols mean (shown once, and on request), or ""."""
        return ""

    def legal_help(self, view: dict, legal: Sequence[Action], only: Sequence[str] = ()
                   ) -> str:
        """The legal moves in words, for the ``help`` command of terminal play; with
        ``only`` (words typed after ``help``), those naming every one of them."""
        shown = narrowed(self, view, legal, only)
        return say(words("legal: {moves}", moves=", ".join(str(a) for a in shown))
                   ) if shown else nothing(only)

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

    def caution(self, view: dict, legal: Sequence[Action], action: Action) -> str | None:
        """A warning to confirm before the legal ``action``, where it costs something that
        cannot be taken back and a better move is at hand (Catan Dice's ``end`` with
        nothing built writes an X though something could be built); None for most moves."""
        return None

    def dealt(self, view: dict, action: Action) -> str | None:
        """A chance outcome ``action`` in words for the move log, as the seat of ``view``
        (the view just after it; None: a spectator) may read it: "" to print nothing (a
        card whose type that seat may not see), None for the driver's own words (the
        default: every outcome is public, a tile drawn, dice rolled)."""
        return None

    def prompt_text(self, view: dict, text: str) -> str:
        """``text`` as typed, rewritten where a game forgives more than a list of forms
        can say (dice named in any order)."""
        return text


def narrowed(drawing: Drawing, view: dict, legal: Sequence[Action], only: Sequence[str]
             ) -> list[Action]:
    """The moves of ``legal`` that name every word of ``only`` (compared as the prompt
    compares, in the notation or in a form the screen shows), all if ``only`` is empty."""
    keys = [prompt_key(word) for word in only]
    if not keys:
        return list(legal)
    out = []
    for action in legal:
        texts = [f" {prompt_key(t)} " for t in (str(action), *drawing.prompt_forms(view, action))]
        if all(any(f" {key} " in t for t in texts) for key in keys):
            out.append(action)
    return out


def nothing(only: Sequence[str]) -> str:
    """What ``help WORDS`` says when no legal move names them."""
    return say(words("No legal move names {words} (help alone lists them all).",
                     words=" ".join(only)))


def prompt_key(text: str) -> str:
    """What the prompt compares of a typed move: lower case, with brackets, commas and
    colons read as spaces and runs of spaces as one."""
    return " ".join(text.translate(_PUNCTUATION).casefold().split())


_PUNCTUATION = str.maketrans("(),:", "    ")
