"""The value of a Jäger und Sammler position for every seat at once, from public facts.

``values(state)[p]`` estimates the points seat ``p`` ends the game with: what it holds
(mammoths, crates in summer settlements, face-down tiles), the tiles under its pawns (as
good as held), its share of the tiles still on the board, what its weapons will hunt, and
its crates still to place. Nothing hidden is read: states differing only in face-down
contents get the same values (a test checks it).

Face-down tiles count at their expectation over the unseen pool, except the tiles taken
since the state was dealt by ``determinize``: a search that played those moves saw them
taken from the board, so they count at their kinds (``state.dealt``; see ``hidden.py``).

The share of a free tile goes to the seats by how near their nearest pawns are (a soft
Voronoi split: ``TEMPO ** steps``, normalised over the seats that can reach it); a tile
no pawn can reach is worth nothing (it will be removed at the season's end). Distances
are breadth-first steps over fields with tiles and settlements, caves jumping to caves,
other pawns ignored. Mammoths count for the seats with a weapon in hand or in reach, as
far as their weapons go; before winter, weapons left over hunt winter mammoths.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .hidden import unseen
from .phases import SETUP, STALL_ROUNDS
from .score import CRATE_POINTS
from .tiles import (CAVE, COUNTS, FACE_DOWN, FOOD_POINTS, IS_MAMMOTH, KINDS, SET_POINTS, SETS,
                    SUMMER, TAKEABLE, WEAPON, WINTER, mammoth_value)

if TYPE_CHECKING:
    from .rules import JaegerSammlerState

FUTURE = 0.85
"""Tiles still on the board count at this fraction of their worth (not all are won)."""
TEMPO = 0.5
"""A tile's share per seat falls by this factor per step its nearest pawn is away."""
WINTER_HUNT = 0.8
"""Before winter: the fraction of its share of the winter mammoths a seat with weapons
enough is expected to hunt."""
WINTER_PAWN = 8.0
"""Before winter: a crate in a winter settlement, one more pawn in winter (measured:
about 7.7 points of score difference under greedy self-play)."""
FIRST_WINTER_PAWN = 20.0
"""Extra worth of a seat's first winter pawn: without one it collects nothing in winter."""
DELIVER = 0.96
"""A crate still in hand counts as placed times ``DELIVER ** steps`` to the settlement."""
FAR = 1 << 20
"""The distance of a field no pawn of the seat can reach."""
_SHARE = [TEMPO ** d for d in range(64)]


def set_points(x: float) -> float:
    """Rare-goods set points for a fractional (expected) count."""
    top = len(SET_POINTS) - 1
    if x >= top:
        return float(SET_POINTS[top])
    i = int(x)
    return SET_POINTS[i] + (SET_POINTS[i + 1] - SET_POINTS[i]) * (x - i)


_OPEN = tuple([FAR] * (KINDS + 1) + [-1])
"""Per tile code (``EMPTY`` = -1 indexes the end): FAR where a pawn may stand, else -1."""


def distances(state: "JaegerSammlerState", sources: list[int]) -> list[int]:
    """Steps from the nearest of ``sources`` to every field (FAR: unreachable, -1: a field
    that cannot be entered), through fields with tiles or settlements, cave jumps included;
    other pawns and the weapons mammoths need are ignored."""
    tile, nbrs = state.tile, state.board.neighbours
    dist = [_OPEN[t] for t in tile]
    frontier = []
    for f in sources:
        if dist[f]:
            dist[f] = 0
            frontier.append(f)
    d, jumped = 0, False
    while frontier:
        d += 1
        nxt = []
        for f in frontier:
            for b in nbrs[f]:
                if dist[b] == FAR:
                    dist[b] = d
                    nxt.append(b)
            if not jumped and tile[f] == CAVE:
                jumped = True
                for b in state.caves:
                    if dist[b] == FAR:
                        dist[b] = d
                        nxt.append(b)
        frontier = nxt
    return dist


def winter_ahead(state: "JaegerSammlerState") -> bool:
    """Whether the winter tiles are still to be laid (summer, or the winter set-up)."""
    return state.season == SUMMER or state.phase == SETUP


def face_down(state: "JaegerSammlerState") -> list[list[float]]:
    """Per seat, the face-down tiles it holds per kind: the kinds taken since the state was
    dealt by ``determinize`` exactly, the others by expectation over the unseen pool."""
    n, dealt = state.num_players, state.dealt
    fresh = [[0] * KINDS for _ in range(n)]
    if dealt is not None and dealt[0] == state.season:
        fresh = [[c - b for c, b in zip(state.coll[p], dealt[1][p])] for p in range(n)]
    out = [[float(x) for x in row] for row in fresh]
    for season in (SUMMER, WINTER):
        pool = unseen(state, season)
        if season == state.season:
            for row in fresh:
                for k in FACE_DOWN:
                    pool[k] -= row[k]
        size = sum(pool)
        for p in range(n):
            rest = state.down[p][season] - (sum(fresh[p]) if season == state.season else 0)
            if rest and size:
                for k in FACE_DOWN:
                    out[p][k] += rest * pool[k] / size
    return out


def _crates(state: "JaegerSammlerState", seat: int, dist: list[int]) -> float:
    """Crates placed (winter pawns before winter, points in winter) and those still in
    hand, discounted by the steps to the nearest settlements still open to them."""
    mask, ahead = 1 << seat, winter_ahead(state)
    fields = state.board.settlements[WINTER if ahead else SUMMER]
    placed = sum(1 for f in fields if state.crates[f] & mask)
    steps = sorted(dist[f] for f in fields if not state.crates[f] & mask and 0 <= dist[f] < FAR)
    expected = placed + sum(DELIVER ** d for d in steps[:state.hand[seat]])
    if not ahead:
        return CRATE_POINTS * expected
    return WINTER_PAWN * expected + FIRST_WINTER_PAWN * min(1.0, expected)


def _shares(state: "JaegerSammlerState", dists: list[list[int]]
            ) -> tuple[list[list[float]], list[list[tuple[float, int]]]]:
    """Per seat, the expected number of free tiles of each kind it will win, and its
    (share, value) of each free mammoth. Seats with no weapon in hand or in reach get no
    share of the mammoths."""
    n, tile, count = state.num_players, state.tile, state.count
    free = [(f, tile[f]) for f in state.board.tile_fields
            if tile[f] >= 0 and TAKEABLE[tile[f]] and not count[f]]
    armed = [state.weapons[p] > 0 or any(t == WEAPON and dists[p][f] < FAR for f, t in free)
             for p in range(n)]
    share = [[0.0] * KINDS for _ in range(n)]
    hunts: list[list[tuple[float, int]]] = [[] for _ in range(n)]
    for f, t in free:
        mammoth = IS_MAMMOTH[t]
        weights = [_SHARE[d[f]] if d[f] < 64 and (armed[p] or not mammoth) else 0.0
                   for p, d in enumerate(dists)]
        total = sum(weights)
        if not total:
            continue
        for p in range(n):
            if weights[p]:
                if mammoth:
                    hunts[p].append((weights[p] / total, mammoth_value(t)))
                else:
                    share[p][t] += weights[p] / total
    return share, hunts


def _hunting(state: "JaegerSammlerState", weapons: float, hunts: list[tuple[float, int]],
             n: int) -> float:
    """Points a seat with ``weapons`` (held and to come) expects from mammoths: its shares
    of those on the board, best first, as far as its weapons go; before winter, the
    weapons left over hunt its share of the winter mammoths."""
    points = 0.0
    for share, value in sorted(hunts, key=lambda h: -h[1]):
        used = min(share, weapons)
        points += FUTURE * used * value
        weapons -= used
        if weapons <= 0:
            return points
    if winter_ahead(state):
        winter = state.board.mammoths[WINTER]
        mine = len(winter) / n
        weapons += COUNTS[WINTER][WEAPON] / n
        points += WINTER_HUNT * min(mine, weapons) * sum(winter) / len(winter)
    return points


def values(state: "JaegerSammlerState") -> list[float]:
    """The value of the position for every seat (see the module doc)."""
    n = state.num_players
    if state.is_terminal():
        return [float(s) for s in state.scores()]
    tile = state.tile
    dists = [distances(state, state.pawns[p]) for p in range(n)]
    share, hunts = _shares(state, dists)
    held = face_down(state)
    risk = 1.0 - (state.idle / (STALL_ROUNDS * n)) ** 2
    out = []
    for p in range(n):
        mine = held[p]
        for k in range(KINDS):
            mine[k] += risk * FUTURE * share[p][k]
        v = float(sum(state.mammoths[p]))
        for f in state.pawns[p]:
            t = tile[f]
            if t >= 0 and TAKEABLE[t]:
                if IS_MAMMOTH[t]:
                    v += risk * mammoth_value(t)
                else:
                    mine[t] += risk
        v += sum(mine[k] * pts for k, pts in FOOD_POINTS.items())
        v += sum(set_points(mine[k]) for k in SETS)
        v += risk * _hunting(state, state.weapons[p] + mine[WEAPON], hunts[p], n)
        out.append(v + _crates(state, p, dists[p]))
    return out
