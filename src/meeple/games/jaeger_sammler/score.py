"""Scoring (the seed's rules) and the readable breakdown.

Food scores its printed points (berries 1, tubers 2, herbs 3), mammoths their printed
value, weapons nothing; each kind of rare goods (jug, necklace, fur, skull) scores by how
many tiles of it a player has (1/3/6/10/15/20 for 1/2/3/4/5/6+); each crate standing in a
summer settlement (left there in winter) scores 5.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...core.text import nwords, words
from .tiles import FOOD_POINTS, NAMES, SETS, SUMMER, set_points

if TYPE_CHECKING:
    from .rules import JaegerSammlerState

CRATE_POINTS = 5


def crates_scoring(state: "JaegerSammlerState", player: int) -> list[int]:
    """The summer settlements holding ``player``'s crate."""
    return [f for f in state.board.settlements[SUMMER] if state.crates[f] >> player & 1]


def face_down_points(coll: Sequence[int]) -> int:
    """Points of the face-down tiles (counts per kind code): food and rare-goods sets."""
    return (sum(coll[k] * v for k, v in FOOD_POINTS.items())
            + sum(set_points(coll[k]) for k in SETS))


def points(coll: Sequence[int], mammoths: Sequence[int], crates: int) -> int:
    """Total points of a collection (counts per kind code), mammoth values and crates."""
    return face_down_points(coll) + sum(mammoths) + CRATE_POINTS * crates


def total(state: "JaegerSammlerState", player: int) -> int:
    """``player``'s points so far, face-down tiles at their true value."""
    return points(state.coll[player], state.mammoths[player],
                  len(crates_scoring(state, player)))


_SINGULAR = {"berries": "berry", "tubers": "tuber", "herbs": "herb"}


def plural(n: int, kind: str) -> str:
    """``"1 berry"``, ``"4 herbs"``, ``"7 jugs"``."""
    if n == 1:
        return f"1 {_SINGULAR.get(kind, kind)}"
    return f"{n} {kind if kind in _SINGULAR else kind + 's'}"


def kind_words(kind: str, n: int) -> str:
    """``"1 berry"``, ``"4 herbs"``, ``"7 jugs"``: a count of a kind of tile, in words."""
    if kind == "berries":
        return nwords("{n} berry", "{n} berries", n)
    if kind == "tubers":
        return nwords("{n} tuber", "{n} tubers", n)
    if kind == "herbs":
        return nwords("{n} herb", "{n} herbs", n)
    if kind == "jug":
        return nwords("{n} jug", "{n} jugs", n)
    if kind == "necklace":
        return nwords("{n} necklace", "{n} necklaces", n)
    if kind == "fur":
        return nwords("{n} fur", "{n} furs", n)
    if kind == "skull":
        return nwords("{n} skull", "{n} skulls", n)
    return plural(n, kind)


def _face_down_items(state: "JaegerSammlerState", player: int) -> list[dict]:
    """Before the end: the face-down tiles as one item, their kinds still hidden."""
    n = sum(state.down[player])
    if not n:
        return []
    return [{"text": nwords("{n} face-down tile (shown at the end)",
                            "{n} face-down tiles (shown at the end)", n), "kind": "face-down",
             "count": n, "points": face_down_points(state.coll[player])}]


def _revealed_items(state: "JaegerSammlerState", player: int) -> list[dict]:
    """At the end: food and rare-goods sets, kind by kind."""
    coll, out = state.coll[player], []
    for k, v in FOOD_POINTS.items():
        if coll[k]:
            out.append({"text": words("{count} × {value}", count=kind_words(NAMES[k], coll[k]),
                                      value=v), "kind": NAMES[k],
                        "count": coll[k], "points": coll[k] * v})
    for k in SETS:
        if coll[k]:
            out.append({"text": words("{count} (set)", count=kind_words(NAMES[k], coll[k])),
                        "kind": NAMES[k],
                        "count": coll[k], "points": set_points(coll[k])})
    return out


def items(state: "JaegerSammlerState", player: int) -> list[dict]:
    """The scoring items of one player, in words. Face-down tiles are shown kind by kind
    once the game is over; before, as one item (the referee's total, kinds hidden)."""
    if state.is_terminal():
        out = _revealed_items(state, player)
    else:
        out = _face_down_items(state, player)
    mammoths = sorted(state.mammoths[player], reverse=True)
    if mammoths:
        out.append({"text": words("mammoths {values}", values=" + ".join(map(str, mammoths))),
                    "kind": "mammoth",
                    "count": len(mammoths), "values": mammoths, "points": sum(mammoths)})
    crates = crates_scoring(state, player)
    if crates:
        where = ", ".join(state.board.names[f] for f in crates)
        out.append({"text": nwords("{n} crate in summer settlements ({where})",
                                   "{n} crates in summer settlements ({where})", len(crates),
                                   where=where),
                    "kind": "crate", "count": len(crates),
                    "points": CRATE_POINTS * len(crates)})
    if state.weapons[player]:
        out.append({"text": nwords("{n} weapon left (no points)", "{n} weapons left (no points)",
                                   state.weapons[player]),
                    "kind": "weapon", "count": state.weapons[player], "points": 0})
    return out


def breakdown(state: "JaegerSammlerState") -> dict:
    """Every player's scoring items with their points (the referee's totals)."""
    seats = []
    for p in range(state.num_players):
        its = items(state, p)
        seats.append({"seat": p, "total": sum(i["points"] for i in its), "items": its})
    return {"seats": seats, "season": ("summer", "winter")[state.season],
            "terminal": state.is_terminal()}
