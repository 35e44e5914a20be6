"""What happened, in words: the events of Jäger und Sammler's moves and seasons.

Events are public: a tile that goes face down is named only as a face-down tile (its kind
stays hidden until the end, the owner's too); weapons and mammoths, which lie face up, are
named. At the end the collections are revealed and every scoring item becomes an event.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .phases import STALL_ROUNDS
from ...core.text import Text, comma_words, join_words, ncwords, nwords, seat_words, words
from .render import COLOURS
from .score import items
from .tiles import FACE_DOWN, IS_MAMMOTH, SEASONS, SUMMER, WEAPON, mammoth_value

_FACE_DOWN = frozenset(FACE_DOWN)

if TYPE_CHECKING:
    from .rules import JaegerSammlerState


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


def seat_name(seat: int) -> Text:
    """``"seat 1 (blue)"``: a driver names the seat its own way (:func:`~meeple.core.text.named`)."""
    return seat_words(seat, COLOURS[seat])


def _took_text(event: dict) -> str:
    down, weapons, spent = event["face_down"], event["weapons"], event["spent"]
    parts = ([nwords("a tile face down", "{n} tiles face down", down)] if down else []) + (
        [ncwords("taken", "a weapon", "{n} weapons", weapons)] if weapons else []) + [
        words("the mammoth {value}", value=v) for v in event["mammoths"]]
    seat = event["seat"]
    if not spent:
        return words("{seat} took {what}", seat=seat_name(seat), what=join_words(parts))
    if not parts:
        return nwords("{seat} spent a weapon to enter a mammoth",
                      "{seat} spent {n} weapons to enter mammoths", spent, seat=seat_name(seat))
    return nwords("{seat} took {what} and spent a weapon to enter a mammoth",
                  "{seat} took {what} and spent {n} weapons to enter mammoths", spent,
                  seat=seat_name(seat), what=join_words(parts))


def crates(state: "JaegerSammlerState", seat: int, fields: Sequence[int]) -> None:
    """A crate ``seat`` left in each settlement of ``fields``."""
    board = state.board
    for f in fields:
        state.emit("crate", words("{seat} left a crate in the {settlement}", seat=seat_name(seat),
                                  settlement=board.settlement_text(f)),
                   seat=seat, field=board.names[f],
                   season=SEASONS[board.season_of[f]])  # type: ignore[index]  # a settlement


def laid(state: "JaegerSammlerState", tiles: int, first: int | None) -> None:
    """A season's tiles are laid: where the pawns stand and who begins (``first``; None
    when no seat has a pawn)."""
    season = SEASONS[state.season]
    if state.season == SUMMER:
        where = words("every player's pawns stand in the summer settlements")
    else:
        counts = comma_words([words("{seat}: {n}", seat=seat_name(p), n=len(state.pawns[p]))
                              for p in range(state.num_players)])
        where = words("pawns stand in the winter settlements where crates were left "
                      "({counts})", counts=counts)
    value, best = state.best
    if first is None:
        begins = words("nobody has a pawn to begin")
    elif state.season != SUMMER and best >= 0:
        begins = (words("{first} begins (the highest summer mammoth, {value})",
                        first=seat_name(first), value=value) if first == best else
                  words("{first} begins ({best}, with the highest summer mammoth, "
                        "has no pawn)", first=seat_name(first), best=seat_name(best)))
    else:
        begins = words("{first} begins", first=seat_name(first))
    if state.season == SUMMER:
        said = nwords("The {n} summer tile is laid; {where}; {begins}.",
                      "The {n} summer tiles are laid; {where}; {begins}.", tiles,
                      where=where, begins=begins)
    else:
        said = nwords("The {n} winter tile is laid; {where}; {begins}.",
                      "The {n} winter tiles are laid; {where}; {begins}.", tiles,
                      where=where, begins=begins)
    state.emit("laid", said, season=season, tiles=tiles, first=first)
    if state.season != SUMMER:
        for p in range(state.num_players):
            if not state.pawns[p]:
                sits_out(state, p)


def sits_out(state: "JaegerSammlerState", seat: int) -> None:
    """``seat`` has no pawn on the board: its turns pass until the season ends."""
    season = SEASONS[state.season]
    said = (words("{seat} has no pawn on the board and sits out the rest of summer",
                  seat=seat_name(seat)) if state.season == SUMMER else
            words("{seat} has no pawn on the board and sits out the rest of winter",
                  seat=seat_name(seat)))
    state.emit("out", said, seat=seat, season=season)


def season_over(state: "JaegerSammlerState", stalled: bool, left: int) -> None:
    """The season ends: why, and how many tiles leave the board unclaimed."""
    season = SEASONS[state.season]
    why = (words("{rounds} rounds passed without a tile taken or a crate left",
                 rounds=STALL_ROUNDS) if stalled
           else words("no pawn can obtain a tile any more"))
    removed = nwords("{n} tile left on the board leaves the game",
                     "{n} tiles left on the board leave the game", left)
    said = (words("Summer is over: {why}; {removed}; winter follows.", why=why,
                  removed=removed) if state.season == SUMMER else
            words("Winter is over: {why}; {removed}; the game is over.", why=why,
                  removed=removed))
    state.emit("season", said, season=season, stalled=stalled, removed=left)


def final_scoring(state: "JaegerSammlerState") -> None:
    """The collections are revealed: every scoring item of every seat, as an event."""
    for p in range(state.num_players):
        for item in items(state, p):
            if item["points"]:
                state.emit("scored", nwords("{seat}: {item}: {n} point",
                                            "{seat}: {item}: {n} points",
                                            item["points"], seat=seat_name(p),
                                            item=item["text"]),
                           seat=p, points=item["points"], owners=[p], item=item["kind"])
