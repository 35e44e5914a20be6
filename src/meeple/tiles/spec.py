"""Tile sets as data: a JSON file of tile types, validated on load, with rotations precomputed.

A tile set file declares

* ``kinds``: each segment kind and the locations it may touch — ``"edge"`` (roads, cities,
  rivers, forests join across whole edges), ``"half"`` (fields and meadows join across
  half-edges) or ``"centre"`` (monasteries, lakes: they touch no edge);
* ``edge_types``: each edge letter, the kind running across that edge (``"edge"``) and the
  kind lying on its two halves (``"halves"``), e.g. a road edge has a road and two field halves;
* ``groups`` (optional): kinds joined into a second-level group, e.g. rivers and lakes into a
  river system; segments of grouped kinds that border each other on a tile join one group;
* ``start`` and ``tiles``: each type with its count, its edge letters at rotation 0 and its
  segments (kind, locations, ``attrs`` counts such as pennants or fish, ``borders``: indices
  of the segments of the same tile it borders, e.g. a field and the city cap next to it).

Loading checks that every edge letter agrees with the segments touching that edge and its
halves, so the four rotations are consistent by construction (tests check them again).
"""
from __future__ import annotations

import json
from pathlib import Path

from .geometry import CENTRE, EDGE_INDEX, EDGES, HALF_INDEX, HALVES, HALVES_OF_EDGE, ROTATIONS

EDGE_CLASS, HALF_CLASS, CENTRE_CLASS = "edge", "half", "centre"
CODE_BITS = 4
"""Bits per edge letter in a packed edge pattern (up to 15 letters)."""


class TileSetError(ValueError):
    """A tile set file that is inconsistent; the message names the tile and what is wrong."""


class Segment:
    """One segment of a tile type at rotation 0: a road, a city part, a field, a monastery."""

    __slots__ = ("kind", "edges", "halves", "centre", "attrs", "borders")

    def __init__(self, kind: str, edges: tuple[int, ...], halves: tuple[int, ...],
                 centre: bool, attrs: dict[str, int], borders: tuple[int, ...]):
        self.kind, self.edges, self.halves, self.centre = kind, edges, halves, centre
        self.attrs, self.borders = attrs, borders

    @property
    def n_open(self) -> int:
        """How many edge and half-edge locations this segment exposes to neighbours."""
        return len(self.edges) + len(self.halves)


class Orientation:
    """A tile type turned by ``rot`` quarter turns: everything a placement needs, as tables.

    Built once per type and rotation at load time; placing a tile only indexes these.
    ``edge_seg[d]`` / ``half_seg[h]`` give the segment touching edge ``d`` / half ``h`` in the
    placed orientation (-1: none); ``locs[i]`` names segment ``i``'s locations as the player
    sees them, in notation order (edges N E S W, half-edges Nw…Wn, then C).
    """

    __slots__ = ("type", "rot", "degrees", "edges", "code", "edge_seg", "half_seg",
                 "kinds", "n_open", "attrs", "borders", "border_mask", "locs", "loc_seg",
                 "centre", "meet", "meet_rev", "order")

    def __init__(self, tile: "TileType", rot: int, letter_code: dict[str, int]):
        self.type, self.rot, self.degrees = tile.type, rot, ROTATIONS[rot]
        self.edges = "".join(tile.edges[(d - rot) % 4] for d in range(4))
        self.code = sum(letter_code[c] << (CODE_BITS * d) for d, c in enumerate(self.edges))
        edge_seg, half_seg = [-1] * 4, [-1] * 8
        locs: list[tuple[str, ...]] = []
        self.centre = -1
        for i, seg in enumerate(tile.segments):
            edges = sorted((e + rot) % 4 for e in seg.edges)
            halves = sorted((h + 2 * rot) % 8 for h in seg.halves)
            for e in edges:
                edge_seg[e] = i
            for h in halves:
                half_seg[h] = i
            names = [EDGES[e] for e in edges] + [HALVES[h] for h in halves]
            if seg.centre:
                names.append(CENTRE)
                self.centre = i
            locs.append(tuple(names))
        self.edge_seg, self.half_seg, self.locs = tuple(edge_seg), tuple(half_seg), tuple(locs)
        self.loc_seg = {name: i for i, names in enumerate(locs) for name in names}
        # Segments by their first location in notation order (N…W, Nw…Wn, C): the first
        # segment of a feature names it canonically.
        rank = {name: i for i, name in enumerate((*EDGES, *HALVES, CENTRE))}
        self.order = tuple(sorted(range(len(locs)),
                                  key=lambda i: rank[locs[i][0]] if locs[i] else len(rank)))
        self.kinds = tuple(s.kind for s in tile.segments)
        self.n_open = tuple(s.n_open for s in tile.segments)
        self.attrs = tuple(dict(s.attrs) or None for s in tile.segments)
        self.borders = tuple(s.borders for s in tile.segments)
        self.border_mask = tuple(sum(1 << b for b in s.borders) for s in tile.segments)
        # The segments along each side in the order they meet a neighbour's side: my
        # (edge, first half, second half) meets its (edge, second half, first half).
        meet, meet_rev = [], []
        for d in range(4):
            first, second = (half_seg[h] for h in HALVES_OF_EDGE[d])
            meet.append(tuple(s for s in (edge_seg[d], first, second) if s >= 0))
            meet_rev.append(tuple(s for s in (edge_seg[d], second, first) if s >= 0))
        self.meet, self.meet_rev = tuple(meet), tuple(meet_rev)

    def __repr__(self) -> str:
        return f"Orientation({self.type} {self.degrees})"


class TileType:
    """A tile type: its count in the set, edge letters and segments at rotation 0."""

    __slots__ = ("type", "count", "edges", "segments", "text", "orientations")

    def __init__(self, type_: str, count: int, edges: str, segments: tuple[Segment, ...],
                 text: str):
        self.type, self.count, self.edges, self.segments, self.text = (
            type_, count, edges, segments, text)
        self.orientations: tuple[Orientation, ...] = ()

    def __repr__(self) -> str:
        return f"TileType({self.type} x{self.count} {self.edges})"


class TileSet:
    """A validated tile set with every rotation and a table of fitting rotations precomputed."""

    def __init__(self, data: dict, source: str = "tile set"):
        self.source = source
        try:
            self._load(data)
        except (KeyError, TypeError, AttributeError) as e:
            raise TileSetError(f"{source}: malformed ({type(e).__name__}: {e})") from None
        self.fit_table = {t: _fit_table(tile) for t, tile in self.tiles.items()}
        """Per type: ``{constraint: rotations}`` for every constraint it can satisfy."""
        self.alike = {t: _alike_rotations(tile) for t, tile in self.tiles.items()}
        """Per type: for each rotation, the lowest rotation that is the same placement."""

    @classmethod
    def load(cls, path: str | Path) -> "TileSet":
        """Read and validate the JSON tile set at ``path``."""
        with open(path, encoding="utf-8") as f:
            return cls(json.load(f), str(path))

    # --- loading and validation -----------------------------------------------------------
    def _load(self, data: dict) -> None:
        self.name: str = data.get("name", self.source)
        self.kinds: dict[str, str] = dict(data["kinds"])
        for kind, cls in self.kinds.items():
            if cls not in (EDGE_CLASS, HALF_CLASS, CENTRE_CLASS):
                self._fail(f"kind {kind!r} has unknown location class {cls!r}")
        self.edge_types: dict[str, tuple[str | None, str | None]] = {}
        for letter, spec in data["edge_types"].items():
            along, halves = spec.get("edge"), spec.get("halves")
            if along is not None and self.kinds.get(along) != EDGE_CLASS:
                self._fail(f"edge type {letter!r}: {along!r} is not an edge kind")
            if halves is not None and self.kinds.get(halves) != HALF_CLASS:
                self._fail(f"edge type {letter!r}: {halves!r} is not a half-edge kind")
            self.edge_types[letter] = (along, halves)
        if not 0 < len(self.edge_types) < 1 << CODE_BITS:
            self._fail("needs between 1 and 15 edge types")
        self.letter_code = {c: i + 1 for i, c in enumerate(self.edge_types)}
        self.groups: dict[str, str] = {}
        for group, kinds in (data.get("groups") or {}).items():
            for kind in kinds:
                if kind not in self.kinds or kind in self.groups:
                    self._fail(f"group {group!r}: bad or repeated kind {kind!r}")
                self.groups[kind] = group
        self.tiles: dict[str, TileType] = {}
        for entry in data["tiles"]:
            tile = self._tile(entry)
            if tile.type in self.tiles:
                self._fail(f"tile type {tile.type!r} appears twice")
            self.tiles[tile.type] = tile
            tile.orientations = tuple(Orientation(tile, r, self.letter_code) for r in range(4))
        self.types: tuple[str, ...] = tuple(self.tiles)
        self.start: str = data["start"]
        if self.tiles.get(self.start) is None or self.tiles[self.start].count < 1:
            self._fail(f"start tile {self.start!r} is not a tile type with a count")

    def _fail(self, message: str) -> None:
        raise TileSetError(f"{self.source}: {message}")

    def _tile(self, entry: dict) -> TileType:
        type_, edges, count = entry["type"], entry["edges"], entry["count"]
        where = f"tile {type_!r}"
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            self._fail(f"{where}: count must be a non-negative integer")
        if len(edges) != 4 or any(c not in self.edge_types for c in edges):
            self._fail(f"{where}: edges must be 4 letters of {''.join(self.edge_types)}")
        segments = tuple(self._segment(where, i, s) for i, s in enumerate(entry["segments"]))
        segments = _symmetric_borders(segments)
        self._check_edges(where, edges, segments)
        return TileType(type_, count, edges, segments, entry.get("text", ""))

    def _segment(self, where: str, index: int, spec: dict) -> Segment:
        kind = spec["kind"]
        where = f"{where} segment {index} ({kind})"
        cls = self.kinds.get(kind)
        if cls is None:
            self._fail(f"{where}: unknown kind")
        edges, halves, centre = [], [], False
        for name in spec.get("locs", []):
            if name in EDGE_INDEX and cls == EDGE_CLASS:
                edges.append(EDGE_INDEX[name])
            elif name in HALF_INDEX and cls == HALF_CLASS:
                halves.append(HALF_INDEX[name])
            elif name == CENTRE and not centre:
                centre = True
            else:
                self._fail(f"{where}: location {name!r} does not fit a {cls} kind")
        if cls == CENTRE_CLASS and (edges or halves):
            self._fail(f"{where}: a centre kind touches no edge")
        attrs = spec.get("attrs", {})
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in attrs.values()):
            self._fail(f"{where}: attrs must be integer counts")
        borders = tuple(spec.get("borders", []))
        if any(not isinstance(b, int) or b == index or b < 0 for b in borders):
            self._fail(f"{where}: borders must be indices of other segments")
        return Segment(kind, tuple(edges), tuple(halves), centre, dict(attrs), borders)

    def _check_edges(self, where: str, edges: str, segments: tuple[Segment, ...]) -> None:
        """Every edge letter must agree with the segments touching the edge and its halves."""
        on_edge: dict[int, list[str]] = {d: [] for d in range(4)}
        on_half: dict[int, list[str]] = {h: [] for h in range(8)}
        centres = 0
        for seg in segments:
            for e in seg.edges:
                on_edge[e].append(seg.kind)
            for h in seg.halves:
                on_half[h].append(seg.kind)
            centres += seg.centre
            if any(b >= len(segments) for b in seg.borders):
                self._fail(f"{where}: a border names a segment the tile does not have")
        if centres > 1:
            self._fail(f"{where}: only one segment may be named C")
        for d, letter in enumerate(edges):
            along, halves = self.edge_types[letter]
            if on_edge[d] != ([along] if along else []):
                self._fail(f"{where}: edge {EDGES[d]} is {letter!r} ({along or 'no edge kind'})"
                           f" but its segments are {on_edge[d] or 'none'}")
            for h in HALVES_OF_EDGE[d]:
                if on_half[h] != ([halves] if halves else []):
                    self._fail(f"{where}: half-edge {HALVES[h]} of edge {letter!r} expects "
                               f"{halves or 'nothing'}, segments are {on_half[h] or 'none'}")

    # --- queries --------------------------------------------------------------------------
    def counts(self) -> dict[str, int]:
        """Every type's count in the set (the start tile included)."""
        return {t: tile.count for t, tile in self.tiles.items()}

    def pile(self) -> dict[str, int]:
        """The draw pile: every type's count, less the start tile placed at setup."""
        counts = self.counts()
        counts[self.start] -= 1
        return counts

    def orientation(self, type_: str, rot: int) -> Orientation:
        """Tile ``type_`` turned by ``rot`` quarter turns."""
        return self.tiles[type_].orientations[rot]

    def fits(self, type_: str, constraint: int) -> tuple[int, ...]:
        """The rotations of ``type_`` whose edges agree with the packed ``constraint`` (the
        letters a position's neighbours demand, 0 where there is no neighbour)."""
        return self.fit_table[type_].get(constraint, ())

    def same_rotation(self, type_: str, rot: int) -> int:
        """The lowest rotation of ``type_`` that is the same tile as rotation ``rot``
        (a symmetric tile turned by a half or a quarter turn): the same edges and the same
        segments, kinds, attributes and borders in the same places, so the same placement
        for every rule (followers, features, scoring)."""
        return self.alike[type_][rot]

    def kind_name(self, letter: str) -> str:
        """Words for an edge letter: ``"road"``, ``"city"``, ``"field"``."""
        along, halves = self.edge_types[letter]
        return along or halves or letter

    def to_data(self) -> dict:
        """The set back in the JSON format it is read from (``TileSet(set.to_data())`` is the
        same set), whatever file format it came from (Hunters & Gatherers' list is
        translated on load): what a client draws tiles with. A set read from a file is
        named by the file's name alone, never by its path."""
        groups: dict[str, list[str]] = {}
        for kind, group in self.groups.items():
            groups.setdefault(group, []).append(kind)
        edge_types = {letter: {k: v for k, v in (("edge", along), ("halves", halves)) if v}
                      for letter, (along, halves) in self.edge_types.items()}
        name = Path(self.name).name if "/" in self.name or "\\" in self.name else self.name
        return {"name": name, "kinds": dict(self.kinds), "edge_types": edge_types,
                "groups": groups, "start": self.start,
                "tiles": [_tile_data(tile) for tile in self.tiles.values()]}


def _symmetric_borders(segments: tuple[Segment, ...]) -> tuple[Segment, ...]:
    """Borders go both ways: a field bordering a city means the city borders the field."""
    extra: dict[int, set[int]] = {i: set(s.borders) for i, s in enumerate(segments)}
    for i, seg in enumerate(segments):
        for b in seg.borders:
            if b < len(segments):
                extra[b].add(i)
    for i, seg in enumerate(segments):
        seg.borders = tuple(sorted(extra[i]))
    return segments


def _fit_table(tile: TileType) -> dict[int, tuple[int, ...]]:
    """Every constraint some rotation of ``tile`` satisfies: each rotation's edge pattern
    restricted to each non-empty subset of sides (at most 60 entries), with its rotations."""
    full = (1 << CODE_BITS) - 1
    table: dict[int, list[int]] = {}
    for o in tile.orientations:
        for sides in range(1, 16):
            mask = sum(full << (CODE_BITS * d) for d in range(4) if sides >> d & 1)
            rots = table.setdefault(o.code & mask, [])
            if o.rot not in rots:
                rots.append(o.rot)
    return {c: tuple(rots) for c, rots in table.items()}


def _alike_rotations(tile: TileType) -> tuple[int, ...]:
    """For each rotation of ``tile``, the lowest rotation that looks exactly the same."""
    looks = [_looks(o) for o in tile.orientations]
    return tuple(looks.index(look) for look in looks)


def _looks(o: Orientation) -> tuple:
    """Everything of a placed orientation that rules can see, without segment numbers:
    its edges and each segment's kind, locations, attributes and bordering segments."""
    names = [(kind, tuple(sorted(locs))) for kind, locs in zip(o.kinds, o.locs)]
    segments = sorted((names[i], tuple(sorted((o.attrs[i] or {}).items())),
                       tuple(sorted(names[b] for b in o.borders[i])))
                      for i in range(len(names)))
    return o.edges, tuple(segments)


def constraint_mask(constraint: int) -> int:
    """The bits of a packed edge pattern that are set (letter codes are never 0)."""
    full = (1 << CODE_BITS) - 1
    return sum(full << (CODE_BITS * d) for d in range(4) if constraint >> (CODE_BITS * d) & full)


def _tile_data(tile: TileType) -> dict:
    """One tile type in the JSON format of a tile set (segments at rotation 0)."""
    segments = []
    for seg in tile.segments:
        locs = [EDGES[e] for e in seg.edges] + [HALVES[h] for h in seg.halves]
        segment: dict = {"kind": seg.kind, "locs": locs + ([CENTRE] if seg.centre else [])}
        if seg.attrs:
            segment["attrs"] = dict(seg.attrs)
        if seg.borders:
            segment["borders"] = list(seg.borders)
        segments.append(segment)
    return {"type": tile.type, "count": tile.count, "edges": tile.edges, "text": tile.text,
            "segments": segments}
