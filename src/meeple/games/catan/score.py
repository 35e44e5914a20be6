"""Scores and their breakdown (8): settlements, cities, the special cards, victory point
cards, per seat."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.text import nwords, words
from .notation import KNIGHT, VP

if TYPE_CHECKING:
    from .rules import CatanState


def items(s: "CatanState", p: int, hidden_cards: bool = True) -> list[dict]:
    """``p``'s points as items; ``hidden_cards`` False leaves out its victory point cards
    (what another seat sees before the end)."""
    settlements, cities = 5 - s.settlements_left[p], 4 - s.cities_left[p]
    out = []
    if settlements:
        out.append({"text": nwords("{n} settlement", "{n} settlements", settlements),
                    "points": settlements, "kind": "settlements", "count": settlements})
    if cities:
        out.append({"text": nwords("{n} city", "{n} cities", cities),
                    "points": 2 * cities, "kind": "cities", "count": cities})
    if s.longest == p:
        out.append({"text": nwords("Longest Road, {n} road", "Longest Road, {n} roads",
                                   s.road_len[p]), "points": 2,
                    "kind": "longest road", "length": s.road_len[p]})
    if s.army == p:
        out.append({"text": nwords("Largest Army, {n} knight", "Largest Army, {n} knights",
                                   s.played[p][KNIGHT]),
                    "points": 2, "kind": "largest army", "knights": s.played[p][KNIGHT]})
    vp = s.dev[p][VP]
    if vp and hidden_cards:
        out.append({"text": nwords("{n} victory point card", "{n} victory point cards", vp),
                    "points": vp, "kind": "victory point cards", "count": vp})
    return out


def text(seat: int, parts: list[dict]) -> str:
    """``"seat 0: 3 settlements (3) + 2 cities (4) + ... = 10"``."""
    total = sum(i["points"] for i in parts)
    body = ""
    for i in parts:
        item = words("{item} ({points})", item=i["text"], points=i["points"])
        body = words("{a} + {b}", a=body, b=item) if body else item
    return words("seat {seat}: {items} = {total}", seat=seat, items=body or words("nothing"),
                 total=total)


def breakdown(s: "CatanState") -> dict:
    """Every seat's points, item by item, with a line of text (the referee's: true totals)."""
    seats = []
    for p in range(s.num_players):
        parts = items(s, p)
        seats.append({"seat": p, "total": sum(i["points"] for i in parts), "items": parts,
                      "text": text(p, parts)})
    return {"seats": seats, "winner": s.winner if s.winner >= 0 else None}
