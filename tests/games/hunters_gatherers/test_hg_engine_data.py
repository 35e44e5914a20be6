"""The engine carries Hunters & Gatherers as data: rivers, lakes, forests, meadows, systems.

The game's tile list is rewritten into the engine's format by
``meeple.games.hunters_gatherers.tileset`` — forests and rivers are edge kinds, meadows
half-edge kinds, lakes centre kinds bordering the rivers that end in them, and ``groups``
joins rivers and lakes into river systems — and loaded and played here without a line of
game-specific engine code.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from meeple.games.hunters_gatherers.tileset import load
from meeple.tiles import Board, TileSet, bits, unpack


@pytest.fixture(scope="module")
def tileset() -> TileSet:
    """The game's default tile set, as the game translates it into the engine's format."""
    return load().tileset


def test_the_whole_set_loads_and_validates(tileset):
    land = [t for t in tileset.tiles if t.startswith("L")]
    assert sum(tileset.tiles[t].count for t in land) == 78
    lakes = [s for tile in tileset.tiles.values() if tile.type[0] in "LS"
             for _ in range(tile.count) for s in tile.segments if s.kind == "lake"]
    assert len(lakes) == 20 and sum(s.attrs["fish"] for s in lakes) == 27   # the table's


def test_rivers_join_through_lakes_into_one_system(tileset):
    board = Board(tileset)
    start = board.place("S", 0, 0, 0)          # its river runs west into its lake
    star = board.place("L04", -1, 0, 0)        # rivers N, E, W all end in one lake
    feats, groups = board.features, board.groups
    river = feats.find(board.segment(start, tileset.tiles["S"].segments.index(
        next(s for s in tileset.tiles["S"].segments if s.kind == "river"))))
    assert feats.open[river] == 0              # both its ends are lakes: complete
    lakes = feats.bordering(river)
    assert [board.kind(r) for r in lakes] == ["lake", "lake"]
    assert sum(feats.count(r, "fish") for r in lakes) == 2
    system = groups.find(river)
    kinds = Counter(board.kind(s) for s in range(len(board.seg_tile))
                    if groups.find(s) == system)
    assert kinds == {"river": 4, "lake": 2}    # S's river, L04's three, both lakes
    assert groups.count(system, "fish") == 2
    # the rivers N and W of L04 are separate rivers (features) in the same system
    o = board.placed[star]
    north, west = (feats.find(board.segment(star, o.loc_seg[e])) for e in "NW")
    assert north != west and groups.find(north) == groups.find(west) == system


def test_a_hut_claims_the_system_not_the_river(tileset):
    board = Board(tileset)
    board.place("S", 0, 0, 0)
    star = board.place("L04", -1, 0, 0)
    o = board.placed[star]
    north = board.segment(star, o.loc_seg["N"])
    board.groups.occupy(north, 0)              # a hut
    lake = board.segment(0, board.placed[0].loc_seg["C"])
    assert board.groups.occupants[board.groups.find(lake)] == ((0, north),)
    assert board.features.occupants[board.features.find(north)] == ()


def test_forest_counts_segments_as_well_as_tiles(tileset):
    board = Board(tileset)
    board.place("S", 0, 0, 0)                  # forest on E and S
    t = board.place("L38", 1, 0, 0)            # two separate forests, E and W
    feats = board.features
    west = feats.find(board.segment(t, board.placed[t].loc_seg["W"]))
    assert feats.size[west] == 2 and feats.n_tiles(west) == 2
    east = feats.find(board.segment(t, board.placed[t].loc_seg["E"]))
    assert east != west


@pytest.mark.parametrize("seed", [1, 2])
def test_random_tile_laying_keeps_systems_consistent(tileset, seed):
    rng = random.Random(seed)
    board = Board(tileset)
    board.place(tileset.start, 0, 0, 0)
    pile = [t for t, tile in tileset.tiles.items() if t.startswith("L")
            for _ in range(tileset.tiles[t].count)]
    rng.shuffle(pile)
    for t in pile:
        options = board.placements(t)
        if options:
            pos, rots = rng.choice(options)
            board.place(t, *unpack(pos), rng.choice(rots))
    groups, feats = board.groups, board.features
    fish_by_system: Counter = Counter()
    for seg in range(len(board.seg_tile)):
        if board.kind(seg) == "lake":
            fish_by_system[groups.find(seg)] += feats.attrs[seg]["fish"] if feats.attrs[
                seg] else 0
            # every river bordering a lake lies in the lake's system
        if board.kind(seg) == "river":
            for lake in bits(feats.borders[seg]):
                assert groups.find(lake) == groups.find(seg)
    for system, fish in fish_by_system.items():
        assert groups.count(system, "fish") == fish
