"""The tile engine on its own: geometry, the feature partition, the board, validation."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from meeple.tiles import Board, Partition, TileSet, TileSetError, pack, unpack
from meeple.tiles.geometry import (EDGES, HALVES, HALVES_OF_EDGE, OPPOSITE_EDGE,
                                   OPPOSITE_HALF, STEP, rotate_edge, rotate_half)

CARCASSONNE = Path(__file__).parents[2] / "src/meeple/games/carcassonne/tiles.json"


@pytest.fixture(scope="module")
def tileset() -> TileSet:
    return TileSet.load(CARCASSONNE)


# --- geometry ---------------------------------------------------------------------------
def test_half_edges_rotate_with_their_edge():
    for h in range(8):
        for r in range(4):
            assert rotate_half(h, r) // 2 == rotate_edge(h // 2, r)


def test_opposite_halves_meet_across_the_shared_edge():
    for d in range(4):
        theirs = HALVES_OF_EDGE[OPPOSITE_EDGE[d]]
        for h in HALVES_OF_EDGE[d]:
            assert OPPOSITE_HALF[h] in theirs
            assert OPPOSITE_HALF[OPPOSITE_HALF[h]] == h
    # Nw (west half of north) meets the Sw of the tile above: both lie on the west side
    assert HALVES[OPPOSITE_HALF[HALVES.index("Nw")]] == "Sw"
    assert HALVES[OPPOSITE_HALF[HALVES.index("En")]] == "Wn"


def test_positions_pack_and_step():
    for x, y in [(0, 0), (-5, 7), (100, -100)]:
        assert unpack(pack(x, y)) == (x, y)
        assert [unpack(pack(x, y) + s) for s in STEP] == [
            (x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]


# --- partition --------------------------------------------------------------------------
def test_partition_merges_records():
    p = Partition()
    a = p.add(0, 2, {"pennant": 1}, 0)
    b = p.add(1, 1, None, 0)
    c = p.add(1, 1, {"pennant": 1, "fish": 2}, 1 << a)
    p.occupy(b, 1)
    root = p.join(a, b)
    assert p.open[root] == 1 and p.n_tiles(root) == 2 and p.size[root] == 2
    root = p.union(root, c)
    assert p.n_tiles(root) == 2 and p.size[root] == 3          # a tile counts once
    assert p.attrs[root] == {"pennant": 2, "fish": 2}
    assert p.occupants[root] == ((1, b),) and p.majority(root, 2) == [1]
    assert p.bordering(root) == [root]


def test_partition_copy_is_independent():
    p = Partition()
    a, b = p.add(0, 1, {"pennant": 1}, 0), p.add(1, 1, {"pennant": 1}, 0)
    q = p.copy()
    q.join(a, b)
    assert p.find(b) == b and p.attrs[a] == {"pennant": 1}
    assert q.count(q.find(a), "pennant") == 2


# --- board ------------------------------------------------------------------------------
def test_open_positions_and_constraints(tileset):
    board = Board(tileset)
    board.place("D", 0, 0, 0)
    assert sorted(board.open_positions()) == [(-1, 0), (0, -1), (0, 1), (1, 0)]
    where = {unpack(p): rots for p, rots in board.placements("E")}
    assert where[(0, -1)] == (2,)                # the cap must face south to meet D's cap
    assert (0, 1) in where and (1, 0) not in where  # E has no road edge


def test_why_not_explains(tileset):
    board = Board(tileset)
    board.place("D", 0, 0, 0)
    assert "already holds" in board.why_not("E", 0, 0, 0)
    assert "does not touch" in board.why_not("E", 5, 5, 0)
    assert board.why_not("E", 0, -1, 0) == (
        "its S edge (field) does not match the N edge (city) of the tile at (0, 0)")
    assert board.why_not("E", 0, -1, 2) is None


def test_features_join_across_edges_and_count_tiles_once(tileset):
    board = Board(tileset)
    board.place("D", 0, 0, 0)
    # a ring of road from a junction east of the start back into the same junction
    for t, x, y, r in [("B", 0, 1, 0), ("V", 1, 1, 2), ("V", 2, 1, 1), ("V", 2, 0, 0),
                       ("W", 1, 0, 0)]:
        assert board.fits_at(t, pack(x, y), r)
        board.place(t, x, y, r)
    junction = board.tile_at(1, 0)
    east, south, west = (board.features.find(board.segment(junction, i)) for i in range(3))
    assert east == south != west
    feats = board.features
    assert feats.open[east] == 0 and feats.size[east] == 5 and feats.n_tiles(east) == 4
    assert board.cells(east) == [(1, 0), (2, 0), (1, 1), (2, 1)]
    # the junction's north field and south-west field meet around the outside of the ring
    roots = board.tile_roots(junction)
    assert roots[3] == roots[5] != roots[4]
    assert board.surrounding(board.tile_at(1, 1)) == 5


def test_field_borders_city(tileset):
    board = Board(tileset)
    board.place("D", 0, 0, 0)
    north_field = board.features.find(board.segment(0, 2))
    city = board.features.find(board.segment(0, 0))
    assert board.features.bordering(north_field) == [city]
    assert board.features.bordering(board.features.find(board.segment(0, 3))) == []


def test_board_copy_is_independent(tileset):
    board = Board(tileset)
    board.place("D", 0, 0, 0)
    other = board.copy()
    other.place("E", 0, -1, 2)
    assert board.tile_at(0, -1) is None and len(board.features.parent) == 4
    assert pack(0, -1) in board.open and pack(0, -1) not in other.open


# --- validation -------------------------------------------------------------------------
def _data() -> dict:
    return json.loads(CARCASSONNE.read_text())


def _break(edit) -> dict:
    data = copy.deepcopy(_data())
    edit(data)
    return data


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["tiles"][4].update(edges="FFFF"), "edge N is 'F'"),
    (lambda d: d["tiles"][4]["segments"][1]["locs"].remove("Es"), "half-edge Es"),
    (lambda d: d["tiles"][4]["segments"][0].update(kind="castle"), "unknown kind"),
    (lambda d: d["tiles"][4]["segments"][0].update(locs=["Nw"]), "does not fit"),
    (lambda d: d["tiles"].append(d["tiles"][0]), "appears twice"),
    (lambda d: d.update(start="Z"), "start tile"),
    (lambda d: d["tiles"][0].update(count=-1), "count"),
    (lambda d: d["tiles"][3]["segments"][2].update(borders=[9]), "border"),
    (lambda d: d["tiles"][0]["segments"][1].update(attrs={"pennant": "one"}), "integer"),
])
def test_inconsistent_tile_sets_are_refused(edit, message):
    with pytest.raises(TileSetError, match=message):
        TileSet(_break(edit), "test")


def test_every_tile_consistent_in_all_rotations(tileset):
    for tile in tileset.tiles.values():
        for o in tile.orientations:
            assert o.edges == "".join(tile.edges[(d - o.rot) % 4] for d in range(4))
            for d, letter in enumerate(o.edges):
                along, halves = tileset.edge_types[letter]
                seg = o.edge_seg[d]
                assert (o.kinds[seg] if seg >= 0 else None) == along
                for h in HALVES_OF_EDGE[d]:
                    seg = o.half_seg[h]
                    assert (o.kinds[seg] if seg >= 0 else None) == halves
            for i, seg in enumerate(tile.segments):
                turned = {EDGES[(e + o.rot) % 4] for e in seg.edges} | {
                    HALVES[(h + 2 * o.rot) % 8] for h in seg.halves}
                assert turned | ({"C"} if seg.centre else set()) == set(o.locs[i])
