"""Symmetric tiles: rotations that look exactly the same are one placement in what a
person sees (the help lists it once, at its lowest rotation), and every rotation stays a
legal action that can be typed."""
from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

import meeple
from meeple.core.action import Action
from meeple.terminal.play import TerminalGame
from meeple.tiles import TileSet

CITY_CAPS = {"kinds": {"city": "edge", "field": "half"},
             "edge_types": {"C": {"edge": "city"}, "F": {"halves": "field"}},
             "start": "P"}
"""A tile set of one type ``P``, two city caps north and south with a field between."""


def _tileset(segments: list[dict], edges: str = "CFCF") -> TileSet:
    tile = {"type": "P", "count": 2, "edges": edges, "segments": segments}
    return TileSet({**CITY_CAPS, "tiles": [tile]})


def _caps(north_attrs: dict, south_attrs: dict) -> list[dict]:
    return [{"kind": "city", "locs": ["N"], "attrs": north_attrs},
            {"kind": "city", "locs": ["S"], "attrs": south_attrs},
            {"kind": "field", "locs": ["En", "Es", "Ws", "Wn"], "borders": [0, 1]}]


def test_a_half_turn_of_two_like_caps_is_the_same_tile():
    tiles = _tileset(_caps({}, {}))
    assert [tiles.same_rotation("P", r) for r in range(4)] == [0, 1, 0, 1]


def test_a_pennant_on_one_cap_makes_every_rotation_distinct():
    tiles = _tileset(_caps({"pennant": 1}, {}))
    assert [tiles.same_rotation("P", r) for r in range(4)] == [0, 1, 2, 3]


def test_the_same_edges_with_other_segments_are_not_the_same_tile():
    # Two road-less city pairs: N joined to E and S to W looks, turned a quarter, like
    # N–W and E–S: the same edge letters, other cities.
    segments = [{"kind": "city", "locs": ["N", "E"]}, {"kind": "city", "locs": ["S", "W"]}]
    tiles = _tileset(segments, "CCCC")
    assert [tiles.same_rotation("P", r) for r in range(4)] == [0, 1, 0, 1]


@pytest.fixture(scope="module")
def carcassonne():
    return meeple.load("carcassonne")


def test_carcassonne_symmetry_classes(carcassonne):
    alike = carcassonne.tileset.alike
    assert alike["B"] == alike["X"] == alike["C"] == (0, 0, 0, 0)   # monastery, crossroads
    assert alike["U"] == alike["H"] == (0, 1, 0, 1)                  # straight road, caps
    assert alike["V"] == alike["E"] == alike["W"] == (0, 1, 2, 3)    # curve, cap, junction


def _drawn(game, tile: str):
    state = game.new_state(1)
    state.apply(f"draw {tile}")
    return state


def _help_placements(game, state) -> dict[tuple[int, int], list[int]]:
    """The placements the help lists: rotations by position."""
    text = game.drawing.legal_help(state.view(state.current_player), state.legal_actions())
    listed = text.split("among", 1)[1]
    return {(int(x), int(y)): [int(r) for r in rots.split("/")]
            for x, y, rots in re.findall(r"\((-?\d+),(-?\d+)\):([\d/]+)", listed)}


def _legal_placements(state) -> dict[tuple[int, int], list[int]]:
    out: dict[tuple[int, int], list[int]] = {}
    for a in state.legal_actions():
        out.setdefault((a[2], a[3]), []).append(a[4])
    return out


def test_a_fully_symmetric_tile_shows_one_rotation_per_position(carcassonne):
    state = _drawn(carcassonne, "B")                 # a monastery in a field
    legal = _legal_placements(state)
    assert any(len(rots) == 4 for rots in legal.values())   # the engine offers all four
    assert _help_placements(carcassonne, state) == {pos: [0] for pos in legal}


def test_a_half_turn_symmetric_tile_shows_one_of_each_pair(carcassonne):
    state = _drawn(carcassonne, "U")                 # a straight road
    shown = _help_placements(carcassonne, state)
    legal = _legal_placements(state)
    assert any(len(rots) == 2 for rots in legal.values())
    assert shown == {pos: sorted({r % 180 for r in rots}) for pos, rots in legal.items()}


def test_an_asymmetric_tile_shows_every_fitting_rotation(carcassonne):
    state = _drawn(carcassonne, "V")                 # a road curve
    legal = _legal_placements(state)
    assert any(len(rots) > 1 for rots in legal.values())
    assert _help_placements(carcassonne, state) == legal


def test_every_rotation_of_a_symmetric_tile_stays_legal_and_can_be_typed(carcassonne):
    console = Console(file=io.StringIO(), width=120)
    session = TerminalGame(carcassonne, ["human", "greedy"], 1, console=console)
    session.state.apply("draw B")
    (x, y), rots = next((pos, r) for pos, r in _legal_placements(session.state).items()
                        if len(r) == 4)
    assert session.game.drawing.same_move(session.state.view(0),
                                          Action("place", "B", x, y, 270)) == \
        Action("place", "B", x, y, 0)
    session._play(0, f"({x},{y}):270")
    assert session.actions[-1] == f"place B {x} {y} 270"
