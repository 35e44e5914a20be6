"""The words of the tile games: seat colours, seat names and plurals for events and breakdowns."""
from __future__ import annotations

COLOURS = ("red", "blue", "yellow", "green", "black")
"""The colour of each seat's pieces."""


def seat_name(seat: int) -> str:
    return f"seat {seat} ({COLOURS[seat]})"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``"1 tile"``, ``"3 tiles"`` (``many`` for irregular plurals)."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"
