"""The board of placed tiles: the grid, the open positions, legal placements, and features.

Placing a tile only indexes the precomputed tables of its :class:`~.spec.Orientation`:
its segments become nodes of the feature partition, each side that meets a placed
neighbour joins the segments along it, and the empty positions around it learn which edge
letter they must match. Open positions are kept incrementally as ``{pos: constraint}`` with
the neighbours' demanded letters packed into an int, so legal placements are one memoised
lookup per open position.

With ``groups`` in the tile set a second partition joins segments of grouped kinds (rivers
and lakes into river systems): across edges like features, and on a tile where they border.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.text import words
from .features import Partition, bits
from .geometry import (AROUND, EDGES, OPPOSITE_EDGE, STEP, on_grid, pack, unpack)
from .spec import CODE_BITS, Orientation, TileSet, constraint_mask
from .words import feature_word

LETTER_MASK = (1 << CODE_BITS) - 1


class Board:
    """Placed tiles, open positions and the feature partition(s) of one game."""

    __slots__ = ("tileset", "grid", "placed", "positions", "base", "seg_tile", "open",
                 "facing", "features", "groups")

    def __init__(self, tileset: TileSet):
        self.tileset = tileset
        self.grid: dict[int, int] = {}          # packed position -> tile index
        self.placed: list[Orientation] = []     # tile index -> its orientation
        self.positions: list[int] = []          # tile index -> packed position
        self.base: list[int] = []               # tile index -> id of its first segment
        self.seg_tile: list[int] = []           # segment id -> tile index
        self.open: dict[int, int] = {}          # empty position next to a tile -> constraint
        self.facing: dict[int, tuple[tuple[int, int, str], ...]] = {}
        """Per empty position: ``(segment, side bit, kind)`` of every placed edge segment
        it faces (side ``d`` of the position is bit ``1 << d``)."""
        self.features = Partition()
        self.groups: Partition | None = Partition() if tileset.groups else None

    # --- placing --------------------------------------------------------------------------
    def place(self, type_: str, x: int, y: int, rot: int) -> int:
        """Put tile ``type_`` at ``(x, y)`` turned ``rot`` quarter turns; its tile index.

        The placement must be legal (see :meth:`why_not`) except for the first tile.
        """
        o = self.tileset.tiles[type_].orientations[rot]
        pos = pack(x, y)
        t = len(self.placed)
        base = len(self.seg_tile)
        feats = self.features
        for i, n_open in enumerate(o.n_open):
            feats.add(t, n_open, o.attrs[i], o.border_mask[i] << base)
        self.seg_tile.extend([t] * len(o.n_open))
        if self.groups is not None:
            self._add_to_groups(self.groups, o, t, base)
        grid, open_, facing = self.grid, self.open, self.facing
        for d in range(4):
            q = pos + STEP[d]
            n = grid.get(q)
            if n is None:
                letter = o.code >> (CODE_BITS * d) & LETTER_MASK
                open_[q] = open_.get(q, 0) | letter << (CODE_BITS * OPPOSITE_EDGE[d])
                s = o.edge_seg[d]
                if s >= 0:
                    facing[q] = facing.get(q, ()) + (
                        (base + s, 1 << OPPOSITE_EDGE[d], o.kinds[s]),)
                continue
            other, other_base = self.placed[n], self.base[n]
            for a, b in zip(o.meet[d], other.meet_rev[OPPOSITE_EDGE[d]]):
                feats.join(base + a, other_base + b)
                if self.groups is not None and o.kinds[a] in self.tileset.groups:
                    self.groups.join(base + a, other_base + b)
        open_.pop(pos, None)
        facing.pop(pos, None)
        grid[pos] = t
        self.placed.append(o)
        self.positions.append(pos)
        self.base.append(base)
        return t

    def _add_to_groups(self, groups: Partition, o: Orientation, t: int, base: int) -> None:
        grouped = self.tileset.groups
        for i, n_open in enumerate(o.n_open):
            groups.add(t, n_open, o.attrs[i], o.border_mask[i] << base)
        for i, kind in enumerate(o.kinds):
            group = grouped.get(kind)
            for b in o.borders[i]:
                if group is not None and b > i and grouped.get(o.kinds[b]) == group:
                    groups.union(base + i, base + b)

    # --- legality -------------------------------------------------------------------------
    def placements(self, type_: str) -> list[tuple[int, tuple[int, ...]]]:
        """``[(pos, rotations)]`` for every open position where ``type_`` fits somehow."""
        table = self.tileset.fit_table[type_]
        out = []
        for pos, constraint in self.open.items():
            rots = table.get(constraint)
            if rots:
                out.append((pos, rots))
        return out

    def fits_somewhere(self, type_: str) -> bool:
        """True if ``type_`` can be placed on some open position in some rotation."""
        table = self.tileset.fit_table[type_]
        for constraint in self.open.values():
            if constraint in table:
                return True
        return False

    def fits_at(self, type_: str, pos: int, rot: int) -> bool:
        """True if placing ``type_`` at packed ``pos`` turned ``rot`` is legal."""
        constraint = self.open.get(pos)
        return constraint is not None and rot in self.tileset.fits(type_, constraint)

    def why_not(self, type_: str, x: int, y: int, rot: int) -> str | None:
        """Why ``type_`` cannot go to ``(x, y)`` turned ``rot`` quarter turns, or None."""
        if not on_grid(x, y):
            return words("({x}, {y}) is far beyond the placed tiles", x=x, y=y)
        pos = pack(x, y)
        if pos in self.grid:
            return words("({x}, {y}) already holds a tile", x=x, y=y)
        constraint = self.open.get(pos)
        if constraint is None:
            return words("({x}, {y}) does not touch a placed tile along an edge", x=x,
                         y=y)
        o = self.tileset.tiles[type_].orientations[rot]
        mask = constraint_mask(constraint)
        if o.code & mask == constraint:
            return None
        for d in range(4):
            shift = CODE_BITS * d
            want = constraint >> shift & LETTER_MASK
            if want and o.code >> shift & LETTER_MASK != want:
                nx, ny = unpack(pos + STEP[d])
                theirs = self.placed[self.grid[pos + STEP[d]]].edges[OPPOSITE_EDGE[d]]
                name = self.tileset.kind_name
                return words("its {edge} edge ({kind}) does not match the {other} edge "
                             "({theirs}) of the tile at ({x}, {y})", edge=EDGES[d],
                             kind=feature_word(name(o.edges[d])),
                             other=EDGES[OPPOSITE_EDGE[d]],
                             theirs=feature_word(name(theirs)), x=nx, y=ny)
        return words("the edges do not match")

    # --- queries --------------------------------------------------------------------------
    def tile_at(self, x: int, y: int) -> int | None:
        """The index of the tile at ``(x, y)``, or None."""
        return self.grid.get(pack(x, y)) if on_grid(x, y) else None

    def xy(self, tile: int) -> tuple[int, int]:
        """The ``(x, y)`` of tile index ``tile``."""
        return unpack(self.positions[tile])

    def segment(self, tile: int, local: int) -> int:
        """The id of segment ``local`` of tile index ``tile``."""
        return self.base[tile] + local

    def local(self, seg: int) -> tuple[int, int]:
        """``(tile index, local segment index)`` of segment id ``seg``."""
        t = self.seg_tile[seg]
        return t, seg - self.base[t]

    def kind(self, seg: int) -> str:
        """The kind of segment ``seg`` (road, city, field, ...)."""
        t = self.seg_tile[seg]
        return self.placed[t].kinds[seg - self.base[t]]

    def tile_roots(self, tile: int) -> list[int]:
        """The feature root of each segment of tile index ``tile``, in segment order."""
        find, base = self.features.find, self.base[tile]
        return [find(base + i) for i in range(len(self.placed[tile].kinds))]

    def cells(self, root: int, partition: Partition | None = None) -> list[tuple[int, int]]:
        """The ``(x, y)`` of every tile the feature (or group) at ``root`` covers, sorted."""
        mask = (partition or self.features).tiles[root]
        return sorted((unpack(self.positions[t]) for t in bits(mask)), key=_row_major)

    def counted_cells(self, root: int, partition: Partition | None = None) -> list[tuple[int, int]]:
        """The ``(x, y)`` of every tile the score of the feature at ``root`` counts, sorted:
        its own tiles (:meth:`cells`), and for a monastery the tiles around it as well."""
        if self.kind(root) != "monastery":
            return self.cells(root, partition)
        t = self.seg_tile[root]
        return sorted((unpack(self.positions[i]) for i in [t, *self.around(t)]), key=_row_major)

    def surrounding(self, tile: int) -> int:
        """How many of the 8 positions around tile index ``tile`` hold tiles."""
        pos, grid = self.positions[tile], self.grid
        return sum(1 for off in AROUND if pos + off in grid)

    def around(self, tile: int) -> list[int]:
        """The tile indices placed among the 8 positions around tile index ``tile``."""
        pos, grid = self.positions[tile], self.grid
        return [grid[pos + off] for off in AROUND if pos + off in grid]

    def open_positions(self) -> list[tuple[int, int]]:
        """The empty positions next to placed tiles, as ``(x, y)``."""
        return [unpack(p) for p in self.open]

    def extent(self) -> tuple[int, int, int, int]:
        """``(min x, min y, max x, max y)`` of the placed tiles."""
        xs, ys = zip(*(unpack(p) for p in self.positions))
        return min(xs), min(ys), max(xs), max(ys)

    def copy(self) -> "Board":
        """An independent copy of the board (orientations are shared, they never change)."""
        b = Board.__new__(Board)
        b.tileset, b.grid, b.placed = self.tileset, self.grid.copy(), self.placed[:]
        b.positions, b.base, b.seg_tile = self.positions[:], self.base[:], self.seg_tile[:]
        b.open, b.features = self.open.copy(), self.features.copy()
        b.facing = self.facing.copy()
        b.groups = self.groups.copy() if self.groups is not None else None
        return b


def _row_major(cell: tuple[int, int]) -> tuple[int, int]:
    return cell[1], cell[0]


if TYPE_CHECKING:
    class GroupedBoard(Board):
        """A :class:`Board` whose tile set has ``groups`` (Hunters & Gatherers' river
        systems), so that its second partition is always there: a type for the checker,
        which a game's state declares its ``board`` as (no such class exists at run time)."""

        groups: Partition
