"""Features: union-find over placed segments, with what scoring needs kept at each root.

Every placed segment is a node (ids count up as tiles are placed). Joining two segments
merges their records at the surviving root: open locations (an edge or half-edge not yet
matched by a neighbour; 0 means complete for edge kinds), the number of segments, the tiles
(a bitmask of tile indices, so a tile counts once however often a feature passes it),
attribute counts (pennants, fish, animals), occupants (``(seat, segment)`` pairs) and the
bordering segments (a bitmask of segment ids; resolve them with :meth:`find`).

Records are immutable values (ints, tuples, dicts never changed in place), so a copy is a
handful of shallow list copies: cheap enough for search.
"""
from __future__ import annotations


class Partition:
    """Union-find over segment ids with a mergeable record per root."""

    __slots__ = ("parent", "open", "size", "tiles", "attrs", "occupants", "borders")

    def __init__(self) -> None:
        self.parent: list[int] = []
        self.open: list[int] = []
        self.size: list[int] = []
        self.tiles: list[int] = []
        self.attrs: list[dict[str, int] | None] = []
        self.occupants: list[tuple[tuple[int, int], ...]] = []
        self.borders: list[int] = []

    def add(self, tile: int, n_open: int, attrs: dict[str, int] | None, borders: int) -> int:
        """A new singleton segment on tile index ``tile``; returns its id."""
        seg = len(self.parent)
        self.parent.append(seg)
        self.open.append(n_open)
        self.size.append(1)
        self.tiles.append(1 << tile)
        self.attrs.append(attrs)
        self.occupants.append(())
        self.borders.append(borders)
        return seg

    def find(self, seg: int) -> int:
        """The root of ``seg``'s feature (with path halving)."""
        parent = self.parent
        while parent[seg] != seg:
            parent[seg] = seg = parent[parent[seg]]
        return seg

    def union(self, a: int, b: int) -> int:
        """Merge the features of ``a`` and ``b``; returns the root of the result."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.open[ra] += self.open[rb]
        self.size[ra] += self.size[rb]
        self.tiles[ra] |= self.tiles[rb]
        self.borders[ra] |= self.borders[rb]
        if self.occupants[rb]:
            self.occupants[ra] += self.occupants[rb]
        extra = self.attrs[rb]
        if extra:
            mine = self.attrs[ra]
            if mine:
                merged = dict(mine)
                for key, n in extra.items():
                    merged[key] = merged.get(key, 0) + n
                self.attrs[ra] = merged
            else:
                self.attrs[ra] = extra
        return ra

    def join(self, a: int, b: int) -> int:
        """Two locations meet across an edge: merge, and neither location is open any more."""
        root = self.union(a, b)
        self.open[root] -= 2
        return root

    def occupy(self, seg: int, seat: int) -> None:
        """Put ``seat``'s piece on ``seg`` (its whole feature is then occupied)."""
        root = self.find(seg)
        self.occupants[root] += ((seat, seg),)

    def release(self, root: int) -> tuple[tuple[int, int], ...]:
        """Take every piece off the feature at ``root``; returns the ``(seat, segment)``s."""
        pieces = self.occupants[root]
        self.occupants[root] = ()
        return pieces

    def count(self, root: int, key: str) -> int:
        """The feature's total of attribute ``key`` (pennants, fish, ...)."""
        attrs = self.attrs[root]
        return attrs.get(key, 0) if attrs else 0

    def n_tiles(self, root: int) -> int:
        """How many distinct tiles the feature covers."""
        return self.tiles[root].bit_count()

    def bordering(self, root: int) -> list[int]:
        """The roots of the features bordering this one, ascending, each once."""
        return sorted({self.find(seg) for seg in bits(self.borders[root])})

    def counts_by_seat(self, root: int, seats: int) -> list[int]:
        """How many pieces each seat has on the feature."""
        counts = [0] * seats
        for seat, _ in self.occupants[root]:
            counts[seat] += 1
        return counts

    def majority(self, root: int, seats: int) -> list[int]:
        """The seats with the most pieces on the feature (all tied ones), ascending."""
        pieces = self.occupants[root]
        if len(pieces) < 2:         # the common case, kept cheap for the bots' evaluations
            return [pieces[0][0]] if pieces else []
        counts = self.counts_by_seat(root, seats)
        top = max(counts)
        return [s for s, n in enumerate(counts) if n == top] if top else []

    def copy(self) -> "Partition":
        """An independent copy (records are immutable values, so lists copy shallowly)."""
        p = Partition.__new__(Partition)
        p.parent, p.open, p.size = self.parent[:], self.open[:], self.size[:]
        p.tiles, p.attrs, p.occupants = self.tiles[:], self.attrs[:], self.occupants[:]
        p.borders = self.borders[:]
        return p


def bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
