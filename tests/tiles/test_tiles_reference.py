"""The incremental feature partition against features rebuilt from scratch (graph search)."""
from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple.tiles import Board, TileSet, unpack
from meeple.tiles.geometry import OPPOSITE_EDGE, OPPOSITE_HALF, STEP

TILESET = TileSet.load(Path(__file__).parents[2] / "src/meeple/games/carcassonne/tiles.json")


def rebuilt_features(board: Board) -> list[dict]:
    """Connected segments found by searching neighbours, with their open locations."""
    links: dict[int, set[int]] = {s: set() for s in range(len(board.seg_tile))}
    open_count = [0] * len(board.seg_tile)
    for t, o in enumerate(board.placed):
        pos, base = board.positions[t], board.base[t]
        for loc_table, count, opposite in ((o.edge_seg, 4, OPPOSITE_EDGE),
                                           (o.half_seg, 8, OPPOSITE_HALF)):
            for loc in range(count):
                seg = loc_table[loc]
                if seg < 0:
                    continue
                side = loc if count == 4 else loc // 2
                n = board.grid.get(pos + STEP[side])
                if n is None:
                    open_count[base + seg] += 1
                    continue
                other = board.placed[n]
                theirs = (other.edge_seg if count == 4 else other.half_seg)[opposite[loc]]
                links[base + seg].add(board.base[n] + theirs)
    seen, features = set(), []
    for start in links:
        if start in seen:
            continue
        stack, members = [start], []
        seen.add(start)
        while stack:
            s = stack.pop()
            members.append(s)
            for n in sorted(links[s]):
                if n not in seen:
                    seen.add(n)
                    stack.append(n)
        tiles = {board.seg_tile[s] for s in members}
        features.append({"members": sorted(members), "tiles": len(tiles),
                         "open": sum(open_count[s] for s in members)})
    return features


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), stop=st.integers(1, 71))
def test_partition_matches_a_fresh_search(seed, stop):
    rng = random.Random(seed)
    board = Board(TILESET)
    board.place("D", 0, 0, 0)
    pile = [t for t, n in TILESET.pile().items() for _ in range(n)]
    rng.shuffle(pile)
    spec_pennants = {}
    for t in pile[:stop]:
        options = board.placements(t)
        if options:
            pos, rots = rng.choice(options)
            tile = board.place(t, *unpack(pos), rng.choice(rots))
            o = board.placed[tile]
            for i, attrs in enumerate(o.attrs):
                spec_pennants[board.base[tile] + i] = (attrs or {}).get("pennant", 0)
    feats = board.features
    for feature in rebuilt_features(board):
        members = feature["members"]
        roots = {feats.find(s) for s in members}
        assert len(roots) == 1
        root = roots.pop()
        assert feats.size[root] == len(members)
        assert feats.open[root] == feature["open"]
        assert feats.n_tiles(root) == feature["tiles"]
        assert feats.count(root, "pennant") == sum(spec_pennants.get(s, 0) for s in members)
    # and no root joins segments the search kept apart
    assert len({feats.find(s) for s in range(len(board.seg_tile))}) == len(
        rebuilt_features(board))
    # every open position is empty and next to a tile, and no other such position is missing
    expected = {p + step for p in board.positions for step in STEP} - set(board.grid)
    assert set(board.open) == expected
