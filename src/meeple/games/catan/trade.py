"""Trade as tables: every offer and counter the platform limits allow (7.4), built once.

A side of an offer is a multiset of 1 to :data:`MAX_SIDE` resource cards (55 of them); an
offer pairs two sides that share no resource type. :data:`BY_GIVE` lists, per side given,
the offers (and counters) with it, so that the legal ones for a hand are found by testing
55 sides against the hand instead of building a thousand actions anew.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement

from ...core.action import Action
from .board import RESOURCES

MAX_SIDE = 3
"""At most this many cards on each side of an offer or a counter (platform limit, 7.4)."""


def _sides() -> list[tuple[int, ...]]:
    out = []
    for size in range(1, MAX_SIDE + 1):
        for combo in combinations_with_replacement(range(5), size):
            counts = [0] * 5
            for r in combo:
                counts[r] += 1
            out.append(tuple(counts))
    return out


SIDES = _sides()


def _names(counts: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(r for r, n in zip(RESOURCES, counts) for _ in range(n))


def _table(kind: str) -> list[tuple[tuple[int, ...], list[Action]]]:
    table = []
    for give in SIDES:
        actions = [Action(kind, *_names(give), "for", *_names(get)) for get in SIDES
                   if not any(g and h for g, h in zip(give, get))]
        table.append((give, actions))
    return table


OFFERS = _table("offer")
COUNTERS = _table("counter")
_CAPS = (MAX_SIDE,) * 5
_HELD: dict[tuple[int, ...], list[Action]] = {}
"""The proposals per table and hand, the hand's counts capped at MAX_SIDE (4^5 hands)."""


def proposals(table, hand: list[int]) -> list[Action]:
    """The actions of ``table`` whose side given the ``hand`` holds (a shared list: do not
    change it)."""
    a, b, c, d, e = hand
    key = (id(table), a if a < MAX_SIDE else MAX_SIDE, b if b < MAX_SIDE else MAX_SIDE,
           c if c < MAX_SIDE else MAX_SIDE, d if d < MAX_SIDE else MAX_SIDE,
           e if e < MAX_SIDE else MAX_SIDE)
    out = _HELD.get(key)
    if out is None:
        out = _HELD[key] = [a for give, actions in table
                            if all(g <= h for g, h in zip(give, hand)) for a in actions]
    return out


def positions(table, hand: list[int]) -> dict[Action, int]:
    """Where each action of :func:`proposals` ``(table, hand)`` stands in that list."""
    key = (id(table), *map(min, hand, _CAPS))
    out = _WHERE.get(key)
    if out is None:
        out = _WHERE[key] = {a: i for i, a in enumerate(proposals(table, hand))}
    return out


_WHERE: dict[tuple[int, ...], dict[Action, int]] = {}


def sides(action: Action) -> tuple[list[int], list[int]]:
    """The counts given and asked by an ``offer``/``counter`` action (or ``maritime``):
    lists shared by every call with an equal action, so never change them."""
    out = _SIDES.get(action)
    if out is None:
        out = _SIDES[action] = _count_sides(action)
    return out


_SIDES: dict[Action, tuple[list[int], list[int]]] = {}
"""The sides of each action seen (at most the offers and counters of the tables, and the
maritime trades: a few thousand)."""


def _count_sides(action: Action) -> tuple[list[int], list[int]]:
    i = action.index("for")
    give, get = [0] * 5, [0] * 5
    index = {r: k for k, r in enumerate(RESOURCES)}
    for r in action[1:i]:
        give[index[r]] += 1
    for r in action[i + 1:]:
        get[index[r]] += 1
    return give, get


def sub_multisets(hand: Sequence[int], size: int) -> list[tuple[int, ...]]:
    """Every way to choose ``size`` cards of ``hand`` (counts per resource), in
    lexicographic order of the counts (five nested loops, each bounded by what the hand
    holds of that resource and what the later ones can still make up)."""
    h0, h1, h2, h3, h4 = hand
    out: list[tuple[int, ...]] = []
    add = out.append
    r1, r2, r3 = h1 + h2 + h3 + h4, h2 + h3 + h4, h3 + h4
    for a in range(max(0, size - r1), min(h0, size) + 1):
        left1 = size - a
        for b in range(max(0, left1 - r2), min(h1, left1) + 1):
            left2 = left1 - b
            for c in range(max(0, left2 - r3), min(h2, left2) + 1):
                left3 = left2 - c
                for d in range(max(0, left3 - h4), min(h3, left3) + 1):
                    add((a, b, c, d, left3 - d))
    return out
