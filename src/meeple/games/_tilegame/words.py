"""The words of the tile games: seat colours, seat names and counts for events and breakdowns
(:class:`~meeple.core.text.Text`, so that a driver says them in the reader's language)."""
from __future__ import annotations

from ...core.text import colour_word as colour_of, nwords, seat_words, words

COLOURS = ("red", "blue", "yellow", "green", "black")
"""The colour of each seat's pieces (the data's names; :data:`COLOUR_WORDS` for people)."""
COLOUR_WORDS = tuple(colour_of(c) for c in COLOURS)
"""Each seat's colour in words for people."""


def colour_word(seat: int) -> str:
    return COLOUR_WORDS[seat] if 0 <= seat < len(COLOUR_WORDS) else words(
        "seat {seat}", seat=seat)


def seat_name(seat: int) -> str:
    """``"seat 1 (blue)"``: a driver names the seat its own way (:func:`~meeple.core.text.named`)."""
    return seat_words(seat, COLOURS[seat]) if 0 <= seat < len(COLOURS) else words(
        "seat {seat}", seat=seat)


def points_words(n: int) -> str:
    """``"1 point"``, ``"3 points"``."""
    return nwords("{n} point", "{n} points", n)


def tiles_words(n: int) -> str:
    """``"1 tile"``, ``"3 tiles"``."""
    return nwords("{n} tile", "{n} tiles", n)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``"1 tile"``, ``"3 tiles"`` (``many`` for irregular plurals): English only, for
    words that are no sentence for people (a log of the bots' thinking)."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"
