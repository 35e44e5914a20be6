"""Road length (5.1): the longest trail of a player's roads, not passing through another
player's building; and who holds the Longest Road card after a change."""
from __future__ import annotations

from .board import EDGE_NODES, NODE_EDGES

LONGEST_MIN = 5
"""The shortest road that can take the Longest Road card."""


NODE_LINKS = tuple(tuple((e, EDGE_NODES[e][0] + EDGE_NODES[e][1] - n) for e in NODE_EDGES[n])
                   for n in range(len(NODE_EDGES)))
"""Per node, its edges and the node across each."""


def road_length(road_owner: list[int], node_owner: list[int], seat: int) -> int:
    """The largest number of distinct pieces of ``seat``'s roads on one trail whose inner
    nodes hold no other player's building (nodes may repeat: a ring counts in full)."""
    return _longest(road_owner, node_owner, seat,
                    [e for e, o in enumerate(road_owner) if o == seat])


def length_with(road_owner: list[int], node_owner: list[int], seat: int, edge: int,
                before: int) -> int:
    """:func:`road_length` of ``seat`` after its new road on ``edge``, its length having
    been ``before``: a trail without the new road was there before, and one with it lies
    in the new road's part of the seat's roads (its roads joined through their nodes), so
    only that part is walked, and only if it has more roads than ``before``."""
    part, todo = {edge}, list(EDGE_NODES[edge])
    while todo:
        for e, other in NODE_LINKS[todo.pop()]:
            if e not in part and road_owner[e] == seat:
                part.add(e)
                todo.append(other)
    if len(part) <= before:
        return before
    return _longest(road_owner, node_owner, seat, sorted(part), before)


def _longest(road_owner: list[int], node_owner: list[int], seat: int, mine: list[int],
             before: int = 0) -> int:
    """The longest trail of ``seat``'s roads ``mine`` (all of them, or whole parts), or
    ``before`` if that is longer: no walk at all when no trail can be longer (a trail's
    roads leave at most two of its nodes with an odd number of them, and each road left
    out evens at most two: so with k nodes where an odd number of ``mine`` meet, a trail
    leaves out at least (k − 2) / 2 of them)."""
    if not mine:
        return before
    links: dict[int, list[tuple[int, int]]] = {}  # node -> (bit of a road there, node across)
    for e in mine:
        a, b = EDGE_NODES[e]
        bit = 1 << e
        links.setdefault(a, []).append((bit, b))
        links.setdefault(b, []).append((bit, a))
    odd = sum(len(roads) % 2 for roads in links.values())
    bound = len(mine) - max(0, (odd - 2) // 2)
    if bound <= before:
        return before
    best = before
    ends = {n for n in links if node_owner[n] != -1 and node_owner[n] != seat}
    seen = set()

    def walk(node: int, used: int, length: int) -> None:
        nonlocal best
        seen.add(node)
        if length > best:
            best = length
        if length and node in ends:
            return                                 # a trail may end here, not pass
        for bit, other in links[node]:
            if not used & bit:
                walk(other, used | bit, length + 1)

    # A longest trail starts at a node where an odd number of the seat's roads meet, or at
    # another player's building (``ends``): from any other start it could be extended
    # backwards (its start uses an odd number of the node's even number of roads). Only a
    # closed trail may start elsewhere, and it can start anywhere on it: so a walk from
    # every such node, then one from a node of each part of the roads no walk has reached.
    nodes = sorted(links)
    for node in nodes:
        if len(links[node]) % 2 or node in ends:
            walk(node, 0, 0)
            if best == bound:
                return best
    for node in nodes:
        if node not in seen:
            walk(node, 0, 0)
    return best


def longest_holder(lengths: list[int], holder: int) -> int:
    """Who holds the card after the lengths changed (5.1's three steps); -1: set aside."""
    top = max(lengths)
    if holder >= 0 and lengths[holder] >= LONGEST_MIN and lengths[holder] == top:
        return holder
    if top >= LONGEST_MIN and lengths.count(top) == 1:
        return lengths.index(top)
    return -1
