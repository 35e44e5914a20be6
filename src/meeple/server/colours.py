"""Each seat's colour and who starts: chosen at creation, kept by the rematch.

A game declares its palette (``Game.colours``, the first ``max_players`` of them: what
``GET /api/games/types`` lists). A creator may pick each seat's colour from it (no two
alike) or leave a seat's to chance; a seat named nowhere takes the first colour of the
palette not picked, so a game created without a word about colours has the game's own
order (and stores none). The seat order is the list's, or shuffled: who starts is then
left to chance too. The colours are stored with the game; every message names them.
"""
from __future__ import annotations

import secrets
from typing import Sequence, TypeVar

from ..games import game_class
from .errors import ApiError
from .storage import GameRow

T = TypeVar("T")
RANDOM = "random"
"""The colour of a seat left to chance."""
ORDERS = ("listed", "random")
"""The seat order: as the creator listed the seats (the first starts), or shuffled."""


def palette(game: str) -> list[str]:
    """The colours a seat of ``game`` may have."""
    cls = game_class(game)
    return list(cls.colours[:cls.max_players])


def seat_colours(row: GameRow) -> list[str]:
    """Each seat's colour in the game of ``row``: as chosen, else the game's own order."""
    return list(row.colours) if row.colours else palette(row.game)[:row.players]


def chosen(game: str, players: int, asked: dict[str, str]) -> list[str] | None:
    """Each seat's colour from a creation's ``colours`` (seat number → a colour of the
    palette or ``"random"``), or None where it names none (the game's own order). An
    unknown colour, one named twice or a seat that is not one: ApiError 422."""
    if not asked:
        return None
    colours = palette(game)
    picked: dict[int, str] = {}
    for key, colour in asked.items():
        if key not in {str(n) for n in range(players)}:
            raise ApiError(422, f"colours: {key!r} is not a seat 0–{players - 1}")
        if colour != RANDOM and colour not in colours:
            raise ApiError(422, f"colours: {colour!r} is not a colour of this game "
                                f"({', '.join(colours)}, or {RANDOM})")
        if colour != RANDOM and colour in picked.values():
            raise ApiError(422, f"colours: {colour} is named for two seats; each seat "
                                "needs a colour of its own")
        picked[int(key)] = colour
    free = [c for c in colours if c not in picked.values()]
    for seat in range(players):          # not named: the first colours nobody has, in order
        if seat not in picked:
            picked[seat] = free.pop(0)
    drawn = shuffled(free)               # left to chance: among the colours left
    return [drawn.pop() if picked[seat] == RANDOM else picked[seat]
            for seat in range(players)]


def shuffled(items: Sequence[T]) -> list[T]:
    """``items`` in an order nobody can foretell (the server's own randomness)."""
    out = list(items)
    secrets.SystemRandom().shuffle(out)
    return out
