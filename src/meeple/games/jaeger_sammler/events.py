"""What happened, in words: the events of Jäger und Sammler's moves and seasons.

Events are public: a tile that goes face down is named only as a face-down tile (its kind
stays hidden until the end, the owner's too); weapons and mammoths, which lie face up, are
named. At the end the collections are revealed and every scoring item becomes an event.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .phases import STALL_ROUNDS
from .score import items, plural
from .tiles import FACE_DOWN, IS_MAMMOTH, SEASONS, SUMMER, WEAPON, mammoth_value

_FACE_DOWN = frozenset(FACE_DOWN)

if TYPE_CHECKING:
    from .rules import JaegerSammlerState


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def took(state: "JaegerSammlerState", seat: int, taken: Sequence[tuple[int, int]],
         spent: int) -> None:
    """The tiles ``seat``'s move took (``(field, code)``) and the weapons it spent."""
    down = weapons = 0
    mammoths = []
    for _, t in taken:
        if t in _FACE_DOWN:
            down += 1
        elif t == WEAPON:
            weapons += 1
        elif IS_MAMMOTH[t]:
            mammoths.append(mammoth_value(t))
    if down or weapons or mammoths or spent:
        state.emit("took", _took_text, seat=seat, face_down=down, weapons=weapons,
                   mammoths=mammoths, spent=spent)


def _took_text(event: dict) -> str:
    down, weapons, spent = event["face_down"], event["weapons"], event["spent"]
    parts = ([_some(down, "tile") + " face down"] if down else []) + (
        [_some(weapons, "weapon")] if weapons else []) + [
        f"the mammoth {v}" for v in event["mammoths"]]
    text = f"seat {event['seat']} took {_and(parts)}" if parts else f"seat {event['seat']}"
    if spent:
        text += ((" and" if parts else "") + f" spent {_some(spent, 'weapon')} to enter "
                 + ("a mammoth" if spent == 1 else "mammoths"))
    return text


def _some(n: int, word: str) -> str:
    """``"a tile"``, ``"2 tiles"``."""
    return f"a {word}" if n == 1 else plural(n, word)


def crates(state: "JaegerSammlerState", seat: int, fields: Sequence[int]) -> None:
    """A crate ``seat`` left in each settlement of ``fields``."""
    board = state.board
    for f in fields:
        state.emit("crate", f"seat {seat} left a crate in the {board.settlement_text(f)}",
                   seat=seat, field=board.names[f],
                   season=SEASONS[board.season_of[f]])  # type: ignore[index]  # a settlement


def laid(state: "JaegerSammlerState", tiles: int, first: int | None) -> None:
    """A season's tiles are laid: where the pawns stand and who begins (``first``; None
    when no seat has a pawn)."""
    season = SEASONS[state.season]
    if state.season == SUMMER:
        where = "every player's pawns stand in the summer settlements"
    else:
        counts = ", ".join(f"seat {p}: {len(state.pawns[p])}"
                           for p in range(state.num_players))
        where = f"pawns stand in the winter settlements where crates were left ({counts})"
    value, best = state.best
    begins = "nobody has a pawn to begin" if first is None else f"seat {first} begins"
    if state.season != SUMMER and best >= 0:
        begins += (f" (the highest summer mammoth, {value})" if first == best else
                   f" (seat {best}, with the highest summer mammoth, has no pawn)")
    state.emit("laid", f"The {tiles} {season} tiles are laid; {where}; {begins}.",
               season=season, tiles=tiles, first=first)
    if state.season != SUMMER:
        for p in range(state.num_players):
            if not state.pawns[p]:
                sits_out(state, p)


def sits_out(state: "JaegerSammlerState", seat: int) -> None:
    """``seat`` has no pawn on the board: its turns pass until the season ends."""
    season = SEASONS[state.season]
    state.emit("out", f"seat {seat} has no pawn on the board and sits out the rest of "
                      f"{season}", seat=seat, season=season)


def season_over(state: "JaegerSammlerState", stalled: bool, left: int) -> None:
    """The season ends: why, and how many tiles leave the board unclaimed."""
    season = SEASONS[state.season]
    why = (f"{STALL_ROUNDS} rounds passed without a tile taken or a crate left" if stalled
           else "no pawn can obtain a tile any more")
    then = "winter follows" if state.season == SUMMER else "the game is over"
    state.emit("season", f"{season.capitalize()} is over: {why}; "
                         f"{plural(left, 'tile')} left on the board leave the game; {then}.",
               season=season, stalled=stalled, removed=left)


def final_scoring(state: "JaegerSammlerState") -> None:
    """The collections are revealed: every scoring item of every seat, as an event."""
    for p in range(state.num_players):
        for item in items(state, p):
            if item["points"]:
                state.emit("scored", f"seat {p}: {item['text']}: "
                                     f"{plural(item['points'], 'point')}",
                           seat=p, points=item["points"], owners=[p], item=item["kind"])
