"""The Carcassonne tile data against the rules table (rules/carcassonne.md)."""
from __future__ import annotations

from meeple.games.carcassonne.rules import TILESET
from meeple.tiles.geometry import HALVES_OF_EDGE

TABLE = {  # type: (count, edges N E S W)
    "A": (2, "FFRF"), "B": (4, "FFFF"), "C": (1, "CCCC"), "D": (4, "CRFR"), "E": (5, "CFFF"),
    "F": (2, "FCFC"), "G": (1, "CFCF"), "H": (3, "FCFC"), "I": (2, "FCCF"), "J": (3, "CRRF"),
    "K": (3, "CFRR"), "L": (3, "CRRR"), "M": (2, "CFFC"), "N": (3, "CFFC"), "O": (2, "CRRC"),
    "P": (3, "CRRC"), "Q": (1, "CCFC"), "R": (3, "CCFC"), "S": (2, "CCRC"), "T": (1, "CCRC"),
    "U": (8, "RFRF"), "V": (9, "FFRR"), "W": (4, "FRRR"), "X": (1, "RRRR"),
}
PENNANTS = {"C": 1, "F": 1, "M": 1, "O": 1, "Q": 1, "S": 1}


def _count(tile, kind):
    return sum(1 for s in tile.segments if s.kind == kind)


def test_72_tiles_with_the_table_counts():
    assert {t: (tile.count, tile.edges) for t, tile in TILESET.tiles.items()} == TABLE
    assert sum(tile.count for tile in TILESET.tiles.values()) == 72
    assert TILESET.start == "D" and sum(TILESET.pile().values()) == 71


def test_ten_pennants():
    per_type = {t: sum(s.attrs.get("pennant", 0) for s in tile.segments)
                for t, tile in TILESET.tiles.items()}
    assert {t: n for t, n in per_type.items() if n} == PENNANTS
    assert sum(n * TILESET.tiles[t].count for t, n in per_type.items()) == 10


def test_segments_match_the_table_descriptions():
    tiles = TILESET.tiles
    assert _count(tiles["H"], "city") == 2 and _count(tiles["I"], "city") == 2
    assert _count(tiles["L"], "road") == 3 and _count(tiles["W"], "road") == 3
    assert _count(tiles["X"], "road") == 4 and _count(tiles["X"], "field") == 4
    assert all(_count(tiles[t], "monastery") == 1 for t in "AB")
    assert _count(tiles["F"], "field") == 2 and _count(tiles["G"], "field") == 2
    # D: the field north of the road borders the city, the southern one does not
    d = tiles["D"].segments
    assert d[2].borders == (0,) and d[3].borders == ()
    # every field next to a city cap on its tile borders it; O/P's inner field does not
    for t in "OP":
        inner = [s for s in tiles[t].segments if s.kind == "field" and not s.borders]
        assert len(inner) == 1 and sorted(inner[0].halves) == [3, 4]   # Es Se


def test_edges_consistent_with_segments_in_all_rotations():
    for tile in TILESET.tiles.values():
        for o in tile.orientations:
            for d, letter in enumerate(o.edges):
                along = {"C": "city", "R": "road", "F": None}[letter]
                seg = o.edge_seg[d]
                assert (o.kinds[seg] if seg >= 0 else None) == along, (tile.type, o.rot, d)
                for h in HALVES_OF_EDGE[d]:
                    seg = o.half_seg[h]
                    expected = None if letter == "C" else "field"
                    assert (o.kinds[seg] if seg >= 0 else None) == expected
