"""The default tile set (tiles.json) against the rules' tile table, its validation on load,
and another tile list through config.tileset."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import meeple
from meeple.games.hunters_gatherers import tileset
from meeple.tiles.geometry import HALVES_OF_EDGE
from meeple.tiles.spec import TileSetError

TILES = tileset.load()
SET = TILES.tileset
SHARED = Path("/work/shared/rules/hunters-gatherers-tiles.json")


def _land_and_start_total(key: str, kind: str) -> int:
    """The total of attribute ``key`` over the ``kind`` segments of the start and land tiles,
    every copy counted."""
    return sum(SET.tiles[t].count * s.attrs.get(key, 0)
               for t in (TILES.start, *TILES.land)
               for s in SET.tiles[t].segments if s.kind == kind)


def test_one_start_tile_78_land_tiles_and_12_bonus_tiles():
    assert TILES.start == "S" and SET.tiles["S"].count == 1
    assert len(TILES.land) == 71 and sum(SET.tiles[t].count for t in TILES.land) == 78
    assert len(TILES.bonus) == 12 and sum(SET.tiles[t].count for t in TILES.bonus) == 12
    assert set(SET.types) == {"S", *TILES.land, *TILES.bonus}
    game = meeple.load("hunters-gatherers")
    state = game.new_state(0)
    assert state.remaining == 78 and state.bonus_left == 12


def test_the_totals_listed_at_the_end_of_the_tile_table():
    # 30 deer, 14 mammoths, 11 tigers; 20 lakes with 27 fish; 7 springs;
    # 30 forest segments with a nugget (start and land tiles)
    assert _land_and_start_total("deer", "meadow") == 30
    assert _land_and_start_total("mammoth", "meadow") == 14
    assert _land_and_start_total("tiger", "meadow") == 11
    assert _land_and_start_total("lake", "lake") == 20
    assert _land_and_start_total("fish", "lake") == 27
    assert _land_and_start_total("spring", "river") == 7
    assert _land_and_start_total("nugget", "forest") == 30
    assert _land_and_start_total("aurochs", "meadow") == 0     # aurochs only on bonus tiles


def test_bonus_tiles_powers_and_no_nuggets():
    assert TILES.powers == {"B01": "shrine", "B02": "fire", "B03": "mushrooms"}
    bonus = [s for t in TILES.bonus for s in SET.tiles[t].segments]
    assert not any(s.attrs.get("nugget") for s in bonus)
    assert sum(s.attrs.get("mushrooms", 0) for s in bonus) == 2          # B03, B11
    shrine = [s for s in SET.tiles["B01"].segments if s.kind == "meadow"]
    assert all(s.attrs.get("shrine") for s in shrine)
    fire = [s for s in SET.tiles["B02"].segments if s.kind == "meadow"]
    assert fire and all(s.attrs.get("fire") for s in fire)
    assert sum(s.attrs.get("aurochs", 0) for s in bonus) == 5


def test_every_tile_consistent_in_all_four_rotations():
    letters = {"F": ("forest", None), "R": ("river", "meadow"), "M": (None, "meadow")}
    for tile in SET.tiles.values():
        for o in tile.orientations:
            assert o.edges == "".join(tile.edges[(d - o.rot) % 4] for d in range(4))
            for d, letter in enumerate(o.edges):
                along, halves = letters[letter]
                seg = o.edge_seg[d]
                assert (o.kinds[seg] if seg >= 0 else None) == along, (tile.type, o.rot, d)
                for h in HALVES_OF_EDGE[d]:
                    seg = o.half_seg[h]
                    assert (o.kinds[seg] if seg >= 0 else None) == halves, (tile.type, o.rot)
            # a river ending in a lake borders it; every lake of a one-lake tile is C
            lakes = [i for i, k in enumerate(o.kinds) if k == "lake"]
            if len(lakes) == 1:
                assert o.loc_seg.get("C") == lakes[0]
            for i, kind in enumerate(o.kinds):
                if kind == "river":
                    assert all(o.kinds[b] == "lake" for b in o.borders[i])


def test_the_data_file_is_the_shared_table():
    shipped = json.loads(tileset.DEFAULT.read_text())
    if SHARED.exists():
        assert shipped == json.loads(SHARED.read_text())
    assert shipped["start"]["type"] == "S" and len(shipped["bonus"]) == 12


def test_two_lakes_on_one_tile_have_no_C():
    o = SET.orientation("B07", 0)
    lakes = [i for i, k in enumerate(o.kinds) if k == "lake"]
    assert len(lakes) == 2 and "C" not in o.loc_seg
    assert [a["fish"] for a in (o.attrs[i] for i in lakes)] == [2, 2]


def _minimal() -> dict:
    return {"start": {"type": "S", "edges": "MMMM", "forests": [], "rivers": [], "lakes": {},
                      "meadows": [{"locs": ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"],
                                   "animals": ["deer"]}]},
            "land": [{"type": "X", "count": 3, "edges": "MMMM", "forests": [], "rivers": [],
                      "lakes": {}, "meadows": [{"locs": ["Nw", "Ne", "En", "Es", "Se", "Sw",
                                                         "Ws", "Wn"], "animals": []}]}],
            "bonus": []}


@pytest.mark.parametrize("change, message", [
    (lambda d: d["land"][0].update(count=-1), "count must be"),
    (lambda d: d["land"][0]["meadows"][0].update(animals=["unicorn"]), "unknown animals"),
    (lambda d: d["land"][0].update(edges="FMMM"), "edge N"),
    (lambda d: d["land"][0].update(power="flood"), "unknown power"),
    (lambda d: d["land"][0].update(rivers=[{"edges": ["N"], "end": "lake", "lake": "l1"}]),
     "unknown lake"),
    (lambda d: d["land"][0].update(rivers=[{"edges": ["N"]}]), "touches two edges"),
    (lambda d: d["land"][0].update(lakes={"l1": 1, "l2": 1}), "no river ending in it"),
    (lambda d: d.pop("start"), "malformed"),
])
def test_a_bad_tile_list_is_refused_with_the_reason(change, message):
    data = _minimal()
    change(data)
    with pytest.raises(TileSetError, match=message):
        tileset.translate(data, "test list")


def test_config_tileset_plays_another_file(tmp_path):
    path = tmp_path / "tiles.json"
    path.write_text(json.dumps(_minimal()))
    game = meeple.load("hunters-gatherers", 2, {"tileset": str(path)})
    state = game.new_state(3)
    assert state.remaining == 3 and state.bonus_left == 0
    state.apply("draw X")
    state.apply("place X 0 1 0")
    state.apply("follower meadow Nw")
    while not state.is_terminal():
        state.apply(state.sample_chance() if state.current_player < 0
                    else state.legal_actions()[-1])
    (meadow,) = [e for e in state.events if e["kind"] == "scored" and e["feature"] == "meadow"]
    assert meadow["points"] == 2 and meadow["owners"] == [0]        # the start tile's deer


@pytest.mark.parametrize("config, message", [
    ({"tileset": "/nonexistent/tiles.json"}, "cannot read"),
    ({"tileset": 3}, "path"),
    ({"deck": {"B01": 1}}, "unknown tile type"),
    ({"deck": {"S": 1}}, "unknown tile type"),
    ({"bonus_deck": {"L01": 1}}, "unknown tile type"),
    ({"deck": {"L01": -1}}, "whole number"),
    ({"deck": ["L01"]}, "object"),
    ({"tiles": 3}, "no option 'tiles'"),
])
def test_bad_config_refused(config, message):
    with pytest.raises(ValueError, match=message):
        meeple.load("hunters-gatherers", 2, config)


def test_counts_per_type_match_the_table():
    table = json.loads(tileset.DEFAULT.read_text())
    counts = Counter({e["type"]: e["count"] for e in table["land"]})
    assert {t: SET.tiles[t].count for t in TILES.land} == dict(counts)
    assert counts["L07"] == 2 and counts["L15"] == 2 and counts["L70"] == 2
