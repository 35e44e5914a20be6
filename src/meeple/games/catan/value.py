"""The value of a Catan position for a seat: about the points it should end the game with.

``evaluate(state, seat)`` adds to the seat's points (its hidden victory point cards are its
own; in a determinized copy the dealt ones):
- **production**: per resource, the pips (ways of 36) of the hexes its buildings touch, a
  city twice, the robber's hex a quarter, weighted by the resource's scarcity on this board
  (fewer pips on the island, more worth) and by how much of the game is left; a bonus per
  resource it produces at all (diversity);
- **harbours**: a 3:1 harbour a little, a 2:1 harbour by the production of its resource;
- **expansion**: the best free spots (distance rule) it can reach with its roads, by their
  own worth, discounted per road still to build and halved where an opponent is nearer;
- **road and army**: a little per road of its longest road and per knight played (the
  special cards themselves are in the points); development cards in hand by kind;
- **hand**: each resource card a little (up to 7; beyond, the next 7 would cost half), and
  a share of the best build the hand is on its way to (a city, a settlement on a spot it
  touches, a development card).

Reads nothing the seat cannot see: other seats' hands only through what
``view(seat)`` shows (their counts), unless the state is a determinized copy (then the
dealt cards are the copy's). Standard library only.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...core.memo import Memo

from .board import (EDGE_NODES, HEX_CORNERS, HEXES, NODE_EDGES, NODE_HARBOUR, NODE_HEXES,
                    NODE_NEIGHBOURS, NODES, PIPS, PRODUCES, RESOURCES, Map)
from .notation import KNIGHT, MONOPOLY, PLENTY, ROADBUILDING

if TYPE_CHECKING:
    from .board import Layout
    from .rules import CatanState

PIP = 0.07
"""Worth of one pip of production (at the start of the game), in points."""
LATE = 0.35
"""Share of production's worth left when the seat is one point from winning."""
ROBBED = 0.25
"""Share of its pips a hex under the robber still counts for (the robber moves on)."""
DIVERSITY = 0.12
"""Per resource produced at all."""
GENERIC_HARBOUR = 0.25
SPECIAL_HARBOUR, SPECIAL_PER_PIP = 0.05, 0.025
REACH = (0.3, 0.2, 0.12, 0.05)
"""Share of a free spot's worth by the roads still needed to reach it (0 to 3)."""
SECOND_SPOT = 0.4
"""Weight of the second-best spot (somewhere to go when the best is taken)."""
CONTESTED = 0.5
"""Factor on a spot an opponent reaches with fewer roads."""
ROAD_PIECE = 0.06
ROAD_CAP = 8
KNIGHT_PLAYED = 0.3
DEV_WORTH = {KNIGHT: 0.45, ROADBUILDING: 0.5, PLENTY: 0.65, MONOPOLY: 0.6}
CARD = 0.06
"""Worth of a resource card in hand (the first 7)."""
OVER_SEVEN = -0.03
"""Worth of each card beyond 7 (a 7 would take half)."""
TOWARD = 0.15
"""Share of the best build's worth a hand earns by the square of its share of the cost."""
COSTS = {"road": (1, 1, 0, 0, 0), "settlement": (1, 1, 1, 1, 0), "city": (0, 0, 0, 2, 3),
         "card": (0, 0, 1, 1, 1)}
DEV_CARD_WORTH = 0.75
"""A development card not yet bought (a fifth of them are points)."""
FAR = 99


class Static(NamedTuple):
    """What a board fixes: per node its pips per resource, per resource its weight."""

    node_pips: tuple[tuple[int, ...], ...]       # [node][resource]
    weight: tuple[float, ...]                    # per resource: scarcity
    hex_pips: tuple[int, ...]


_STATIC: Memo[Map, Static] = Memo(256)
"""The fixed numbers of the boards met last (a variable set-up lays a new one each game)."""



def laid(s: "CatanState") -> "Layout":
    """The island of a game whose board is laid (bots and values see no game before it)."""
    if s.layout is None:
        raise ValueError("the board is not laid yet")
    return s.layout

def static(board: Map) -> Static:
    """The board's fixed numbers (computed once per board)."""
    found = _STATIC.table.get(board)
    if found is not None:
        return found
    hex_pips = tuple(PIPS[n] if n else 0 for n in board.numbers)
    node_pips = []
    totals = [0] * 5
    for n in range(NODES):
        pips = [0] * 5
        for h in NODE_HEXES[n]:
            r = PRODUCES[board.terrain[h]]
            if r >= 0:
                pips[r] += hex_pips[h]
        node_pips.append(tuple(pips))
    for h in range(HEXES):
        r = PRODUCES[board.terrain[h]]
        if r >= 0:
            totals[r] += hex_pips[h]
    mean = sum(totals) / 5
    weight = tuple(min(1.6, max(0.7, (mean / t) ** 0.5)) if t else 1.6 for t in totals)
    return _STATIC.put(board, Static(tuple(node_pips), weight, hex_pips))


def production(s: "CatanState", seat: int, st: Static) -> list[float]:
    """Pips per resource of ``seat``'s buildings (a city twice, the robber's hex less)."""
    out = [0.0] * 5
    terrain = laid(s).map.terrain
    for n in range(NODES):
        if s.node_owner[n] != seat:
            continue
        k = 2 if s.city[n] else 1
        for h in NODE_HEXES[n]:
            r = PRODUCES[terrain[h]]
            if r >= 0:
                out[r] += k * st.hex_pips[h] * (ROBBED if h == s.robber else 1.0)
    return out


def spot_worth(s: "CatanState", n: int, st: Static, have: list[float] | None = None) -> float:
    """A settlement on node ``n``: its point, its production (resources the seat lacks a
    little more), and its harbour."""
    pips = st.node_pips[n]
    value = 1.0
    for r in range(5):
        if pips[r]:
            value += PIP * pips[r] * st.weight[r]
            if have is not None and not have[r]:
                value += DIVERSITY
    slot = NODE_HARBOUR[n]
    if slot >= 0:
        kind = laid(s).map.harbours[slot]
        value += GENERIC_HARBOUR if kind == "any" else SPECIAL_HARBOUR
    return value


NEXT = tuple(tuple((e, EDGE_NODES[e][0] + EDGE_NODES[e][1] - n) for e in NODE_EDGES[n])
             for n in range(NODES))
"""Per node, its edges and the node at each one's other end."""


def all_distances(s: "CatanState") -> list[list[int]]:
    """Per seat, the roads it still needs to reach each node (0: a node its network
    touches), over free edges, never through another player's building; FAR beyond
    ``len(REACH) - 1`` roads or where it cannot."""
    owner, roads = s.node_owner, s.road_owner
    seeds: list[set[int]] = [set() for _ in range(s.num_players)]
    for e, p in enumerate(roads):
        if p >= 0:
            for x in EDGE_NODES[e]:
                if owner[x] == -1 or owner[x] == p:
                    seeds[p].add(x)
    for n, p in enumerate(owner):
        if p >= 0:
            seeds[p].add(n)
    out = []
    for seat, seed in enumerate(seeds):
        dist = [FAR] * NODES
        for n in seed:
            dist[n] = 0
        frontier = list(seed)
        for d in range(1, len(REACH)):
            nxt = []
            for n in frontier:
                o = owner[n]
                if o != -1 and o != seat:
                    continue
                for e, m in NEXT[n]:
                    if roads[e] == -1 and dist[m] > d:
                        dist[m] = d
                        nxt.append(m)
            frontier = nxt
        out.append(dist)
    return out


def free_spot(s: "CatanState", n: int) -> bool:
    owner = s.node_owner
    return owner[n] == -1 and all(owner[m] == -1 for m in NODE_NEIGHBOURS[n])


def expansion(s: "CatanState", seat: int, st: Static, have: list[float],
              dists: list[list[int]] | None = None) -> tuple[float, float]:
    """Worth of the free spots ``seat`` can reach (the best, and the second a little), and
    the worth of the best spot it can build on now (0 if none)."""
    if not s.settlements_left[seat]:
        return 0.0, 0.0
    dists = dists or all_distances(s)
    dist = dists[seat]
    others = [d for p, d in enumerate(dists) if p != seat]
    best = second = now = 0.0
    for n in range(NODES):
        d = dist[n]
        if d >= len(REACH) or not free_spot(s, n):
            continue
        worth = spot_worth(s, n, st, have)
        if d == 0 and any(s.road_owner[e] == seat for e in NODE_EDGES[n]):
            now = max(now, worth)
        value = worth * REACH[d]
        if any(o[n] < d for o in others):
            value *= CONTESTED
        if value > best:
            best, second = value, best
        elif value > second:
            second = value
    return best + SECOND_SPOT * second, now


def hand_worth(s: "CatanState", seat: int, hand: list[int], city_gain: float,
               spot_now: float, trades: bool = False) -> float:
    """Cards in hand: a little each, and a share of the best build they lead to; with
    ``trades``, cards a build does not need count toward it at the seat's best maritime
    rate (the search value: a search one move deep cannot see a trade's build)."""
    total = sum(hand)
    value = CARD * min(total, 7) + OVER_SEVEN * max(0, total - 7)
    best = 0.0
    targets = []
    if s.cities_left[seat] and s.settlements_left[seat] < 5:
        targets.append((COSTS["city"], 1.0 + city_gain))
    if s.settlements_left[seat] and spot_now:
        targets.append((COSTS["settlement"], spot_now))
    if sum(s.deck):
        targets.append((COSTS["card"], DEV_CARD_WORTH))
    for cost, worth in targets:
        have = sum(min(h, c) for h, c in zip(hand, cost))
        if trades:
            spare = sum((h - c) // _rate(s, seat, r)
                        for r, (h, c) in enumerate(zip(hand, cost)) if h > c)
            have = min(sum(cost), have + spare)
        share = have / sum(cost)
        best = max(best, worth * share * share)
    return value + TOWARD * best


def _rate(s: "CatanState", seat: int, r: int) -> int:
    return 2 if s.special[seat][r] else 3 if s.generic[seat] else 4


def evaluate(s: "CatanState", seat: int, dists: list[list[int]] | None = None,
             trades: bool = False) -> float:
    """About the points ``seat`` should end with (see the module's words); ``dists``: the
    :func:`all_distances` of ``s``, when known."""
    if s.is_terminal():
        return float(s.points(seat)) + (5.0 if s.winner == seat else 0.0)
    if s.layout is None:
        return 0.0
    st = static(laid(s).map)
    points = s.points(seat)
    have = production(s, seat, st)
    late = LATE + (1 - LATE) * max(0.0, min(1.0, (9 - points) / 7))
    value = float(points)
    value += late * sum(PIP * have[r] * st.weight[r] + (DIVERSITY if have[r] else 0.0)
                        for r in range(5))
    value += harbours(s, seat, have)
    grow, now = expansion(s, seat, st, have, dists)
    value += late * grow
    value += ROAD_PIECE * min(s.road_len[seat], ROAD_CAP)
    value += KNIGHT_PLAYED * s.played[seat][KNIGHT]
    value += sum(DEV_WORTH.get(c, 0.0) * n for c, n in enumerate(s.dev[seat]))
    value += hand_worth(s, seat, s.hands[seat], late * best_city(s, seat, st), late * now,
                        trades)
    return value


def harbours(s: "CatanState", seat: int, have: list[float]) -> float:
    value = GENERIC_HARBOUR if s.generic[seat] else 0.0
    for r in range(5):
        if s.special[seat][r]:
            value += SPECIAL_HARBOUR + SPECIAL_PER_PIP * have[r]
    return value


def best_city(s: "CatanState", seat: int, st: Static) -> float:
    """The production worth a city would add on the seat's best settlement."""
    best = 0.0
    for n in range(NODES):
        if s.node_owner[n] == seat and not s.city[n]:
            pips = st.node_pips[n]
            best = max(best, sum(PIP * pips[r] * st.weight[r] for r in range(5)))
    return best


def values(s: "CatanState") -> list[float]:
    """Every seat's :func:`evaluate` (MCTS's leaf values on a determinized copy), its
    hand counted with what maritime trades would let it build."""
    if s.is_terminal() or s.layout is None:
        return [evaluate(s, p) for p in range(s.num_players)]
    dists = all_distances(s)
    return [evaluate(s, p, dists, trades=True) for p in range(s.num_players)]


def threat(s: "CatanState", seat: int) -> float:
    """How near ``seat`` looks to winning, from what everyone sees: its visible points and
    a fifth of its development cards as hidden points."""
    return s.visible_points(seat) + 0.2 * sum(s.dev[seat])


__all__ = ["evaluate", "values", "threat", "static", "production", "all_distances",
           "spot_worth", "hand_worth", "RESOURCES", "HEX_CORNERS"]
