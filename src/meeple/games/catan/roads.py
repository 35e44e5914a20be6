"""Road length (5.1): the longest trail of a player's roads, not passing through another
player's building; and who holds the Longest Road card after a change."""
from __future__ import annotations

from .board import EDGE_NODES, NODE_EDGES

LONGEST_MIN = 5
"""The shortest road that can take the Longest Road card."""


def road_length(road_owner: list[int], node_owner: list[int], seat: int) -> int:
    """The largest number of distinct pieces of ``seat``'s roads on one trail whose inner
    nodes hold no other player's building (nodes may repeat: a ring counts in full)."""
    mine = [e for e in range(len(road_owner)) if road_owner[e] == seat]
    if not mine:
        return 0
    best = 0

    def walk(node: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and node_owner[node] not in (-1, seat):
            return                                 # a trail may end here, not pass
        for e in NODE_EDGES[node]:
            if road_owner[e] == seat and not used >> e & 1:
                a, b = EDGE_NODES[e]
                walk(b if a == node else a, used | 1 << e, length + 1)

    starts = {n for e in mine for n in EDGE_NODES[e]}
    for node in starts:
        walk(node, 0, 0)
        if best == len(mine):
            break
    return best


def longest_holder(lengths: list[int], holder: int) -> int:
    """Who holds the card after the lengths changed (5.1's three steps); -1: set aside."""
    top = max(lengths)
    if holder >= 0 and lengths[holder] >= LONGEST_MIN and lengths[holder] == top:
        return holder
    if top >= LONGEST_MIN and lengths.count(top) == 1:
        return lengths.index(top)
    return -1
