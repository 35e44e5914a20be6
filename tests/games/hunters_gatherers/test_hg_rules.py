"""One test per Hunters & Gatherers rule, on hand-built boards (piles chosen by config).

Coordinates: x east, y south. The start tile S sits at (0, 0): meadow north (with a
mammoth, reaching round to the north half of the west edge), a forest with a gold nugget on
its east and south edges, a river from the west edge into its lake (1 fish). Seats
alternate 0 (red), 1 (blue), ... one land tile per turn.
"""
from __future__ import annotations

import json

import pytest
from hg_play import events, new_game, root_at, turn

import meeple
from meeple.core.state import CHANCE


def _texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


# --- rivers -----------------------------------------------------------------------------
def test_a_lake_ends_every_river_that_enters_it():
    s = new_game({"L04": 1, "L58": 1})
    turn(s, "L04", -1, 0, 0, "river E")      # rivers N, E, W end in one lake
    north, east, west = (root_at(s, -1, 0, e) for e in "NEW")
    assert len({north, east, west}) == 3
    (river,) = events(s, "river")             # E joins the start's river: lake to lake
    assert river["points"] == 2 + 1 + 1 and river["segments"] == 2 and river["fish"] == 2
    assert s.supply == [5, 5]


def test_river_loop_is_complete():
    s = new_game({"L15": 4})
    turn(s, "L15", 0, -1, 180, "river N")    # curve N–W north of the start
    turn(s, "L15", -1, -1, 270)
    turn(s, "L15", -1, -2, 0)
    assert s.points == [0, 0]
    turn(s, "L15", 0, -2, 90)                # closes the ring of four curves
    (river,) = events(s, "river")
    assert river["points"] == 4 and river["fish"] == 0 and river["owners"] == [0]


def test_both_ends_in_one_lake_count_its_fish_once():
    s = new_game({"L02": 1, "L15": 4, "L43": 1})
    turn(s, "L02", 0, -1, 180, "river E")    # rivers E and W into a lake of 3 fish
    turn(s, "L15", 1, -1, 180)
    turn(s, "L15", 1, -2, 90)
    turn(s, "L43", 0, -2, 0)
    turn(s, "L15", -1, -2, 0)
    turn(s, "L15", -1, -1, 270)              # the river returns into the same lake
    (river,) = events(s, "river")
    assert river["segments"] == 7 and river["fish"] == 3 and river["points"] == 10
    assert river["lakes"] == [[0, -1]]


def test_open_river_and_forest_score_nothing_at_the_end():
    s = new_game({"L45": 1, "L37": 1})
    turn(s, "L45", -1, 0, 0, "river E")      # open river: the start's lake to the west
    turn(s, "L37", 1, 0, 0, "forest W")      # open forest with the start's
    assert s.is_terminal() and s.scores() == [0, 0]
    texts = [e["text"] for e in events(s, final=True)]
    assert texts == [
        "incomplete river of 2 segments + 1 fish in 1 lake, removed without scoring: "
        "0 points to seat 0 (red)",
        "incomplete forest of 2 segments, removed without scoring: 0 points to seat 1 (blue)"]
    assert s.supply == [5, 5] and s.followers == []


# --- forests ----------------------------------------------------------------------------
def test_mushrooms_add_two_points_each():
    s = new_game({"L33": 2, "L35": 2}, {"B03": 1})
    turn(s, "L33", 1, 0, 180)
    turn(s, "L35", 0, 1, 0)                  # closes the start's nugget forest: a bonus
    turn(s, "B03", 1, 1, 0, "forest E")      # blue's bonus tile: a forest with mushrooms
    turn(s, "L33", 2, 1, 180)
    turn(s, "L35", 1, 2, 0)                  # closes it
    (forest,) = events(s, "forest")
    assert forest["segments"] == 3 and forest["mushrooms"] == 1
    assert forest["points"] == 2 * 3 + 2 and forest["owners"] == [1]
    assert forest["text"] == ("forest of 3 segments + 1 mushroom patch, completed in round 2: "
                              "8 points to seat 1 (blue)")


def test_forest_closed_with_a_gatherer_placed_and_returned_in_one_turn():
    s = new_game({"L33": 1, "L35": 1, "L58": 1})
    turn(s, "L33", 1, 0, 180)
    turn(s, "L35", 0, 1, 0, "forest N")      # closes the start's forest at once
    assert s.points == [0, 6] and s.supply == [5, 5] and s.followers == []


# --- meadows ----------------------------------------------------------------------------
def test_meadows_are_separated_by_rivers_forests_and_lakes():
    s = new_game({"L45": 1, "L02": 1, "L04": 1})
    turn(s, "L45", -1, 0, 0)                 # river E–W: meadows north and south of it
    assert root_at(s, -1, 0, "Nw") != root_at(s, -1, 0, "Sw")
    assert root_at(s, -1, 0, "En") == root_at(s, 0, 0, "Wn")   # the start's mammoth meadow
    turn(s, "L02", 0, -1, 180)               # a forest N splits the lake tile's meadows
    assert root_at(s, 0, -1, "En") != root_at(s, 0, -1, "Wn")
    turn(s, "L04", -1, -1, 0)                # three rivers into a lake: three meadows
    assert len({root_at(s, -1, -1, h) for h in ("Nw", "Ne", "Es", "Wn")}) == 3


def test_hunters_never_return_and_score_their_meadow_at_the_end():
    s = new_game({"L49": 1, "L58": 1})
    turn(s, "L49", -1, 0, 180, "meadow Es")  # a hunter beside one deer
    turn(s, "L58", 0, -1, 0)
    assert s.supply == [4, 5]
    (meadow,) = events(s, "meadow")
    assert meadow["points"] == 2 and meadow["owners"] == [0] and s.scores() == [2, 0]


# --- followers --------------------------------------------------------------------------
def test_followers_are_gatherers_fishers_and_hunters():
    s = new_game({"L45": 1})
    s.apply("draw L45")
    s.apply("place L45 -1 0 0")
    assert _texts(s) == ["follower river E", "follower meadow Nw", "follower meadow Es",
                         "hut E", "pass"]
    s.apply("follower meadow Wn")            # any half-edge of the meadow names it
    assert s.view(None)["followers"] == [
        {"seat": 0, "kind": "meadow", "x": -1, "y": 0, "location": "Nw", "role": "hunter"}]


def test_a_fisher_never_stands_on_a_lake():
    s = new_game({"L55": 1})
    s.apply("draw L55")
    s.apply("place L55 0 -1 90")
    assert "follower river C" not in _texts(s)
    with pytest.raises(meeple.IllegalAction, match="never stands on a lake"):
        s.apply("follower river C")
    s.apply("hut C")                         # a hut may


def test_placing_on_an_occupied_feature_is_refused():
    s = new_game({"L45": 2})
    turn(s, "L45", -1, 0, 0, "meadow Nw")    # red hunter on the start's mammoth meadow
    s.apply("draw L45")
    s.apply("place L45 -2 0 0")
    before = s.view(None)
    with pytest.raises(meeple.IllegalAction, match="already holds a follower"):
        s.apply("follower meadow Ne")
    assert s.view(None) == before
    assert "follower meadow Nw" not in _texts(s) and "follower river E" in _texts(s)


def test_no_follower_left_only_huts_and_pass():
    s = new_game({"L45": 1})
    s.supply[0] = 0
    s.apply("draw L45")
    s.apply("place L45 -1 0 0")
    assert _texts(s) == ["hut E", "pass"]
    assert "no follower left" in s.check(s.parse("follower river E"))


# --- huts -------------------------------------------------------------------------------
def test_rivers_joined_through_a_lake_are_one_system_with_one_hut():
    s = new_game({"L04": 1, "L45": 1})
    turn(s, "L04", -1, 0, 0, "hut N")        # the system: both lakes and all four rivers
    s.apply("draw L45")
    s.apply("place L45 -2 0 0")              # extends L04's western river
    assert not [t for t in _texts(s) if t.startswith("hut")]
    with pytest.raises(meeple.IllegalAction, match="river system already holds a hut"):
        s.apply("hut E")
    s.apply("follower river E")              # a fisher is still welcome: no blocking


def test_a_spring_bounds_a_river_system():
    s = new_game({"L65": 1})
    s.apply("draw L65")
    s.apply("place L65 -1 0 90")             # two rivers from two springs: two systems
    assert [t for t in _texts(s) if t.startswith("hut")] == ["hut E", "hut S"]
    groups, board = s.board.groups, s.board
    t = board.tile_at(-1, 0)
    east, south = (groups.find(board.segment(t, board.placed[t].loc_seg[e])) for e in "ES")
    assert east != south


def test_hut_and_fisher_on_one_river_and_huts_never_return():
    s = new_game({"L45": 1, "L01": 1})
    turn(s, "L45", -1, 0, 0, "river E")      # red fisher
    turn(s, "L01", -2, 0, 90, "hut E")       # blue hut on the same river; it closes
    (river,) = events(s, "river")
    assert river["owners"] == [0] and river["points"] == 6
    assert s.supply == [5, 5] and s.hut_supply == [2, 1] and len(s.huts) == 1
    (huts,) = events(s, "huts")              # at the end the hut scores the system's fish
    assert huts["owners"] == [1] and huts["fish"] == 3 and huts["points"] == 3


def test_two_huts_each():
    s = new_game({"L14": 1, "L45": 1})
    assert s.hut_supply == [2, 2]
    turn(s, "L14", -1, 0, 90, "hut E")       # a spring river into the start's lake
    assert s.hut_supply == [1, 2]
    s.hut_supply[1] = 0                      # blue has built both of its huts
    s.apply("draw L45")
    s.apply("place L45 0 -1 0")              # a new river system north of the start
    assert not [t for t in _texts(s) if t.startswith("hut")]
    assert "no hut left" in s.check(s.parse("hut E"))


def test_tied_huts_in_one_system_both_score_all_its_fish():
    s = new_game({"L04": 1, "L47": 1, "L15": 1})
    turn(s, "L04", -1, 0, 0, "hut N")        # red: the start's system
    turn(s, "L47", 0, -1, 90, "hut E")       # blue: a separate river north of the start
    assert s.board.groups.find(s.huts[0][1]) != s.board.groups.find(s.huts[1][1])
    turn(s, "L15", -1, -1, 0)                # a curve joins the two systems
    (huts,) = events(s, "huts")
    assert huts["owners"] == [0, 1] and huts["fish"] == 2 and s.scores() == [2, 2]


def test_hut_C_names_the_lake_of_a_one_lake_tile():
    s = new_game({"L13": 1})
    s.apply("draw L13")
    s.apply("place L13 -1 0 0")              # one lake, four rivers: one system
    assert [a for a in _texts(s) if a.startswith("hut")] == ["hut N"]
    alias, canonical = s.clone(), s.clone()
    alias.apply("hut C")                     # C names the lake: the same system
    canonical.apply("hut N")
    assert alias.view(None) == canonical.view(None)


def test_two_lakes_name_their_systems_by_river_edges():
    s = new_game({"L33": 1, "L35": 1}, {"B07": 1})
    turn(s, "L33", 1, 0, 180)
    turn(s, "L35", 0, 1, 0)                  # blue earns a bonus tile
    s.apply("draw B07")
    s.apply("place B07 -1 0 0")              # two lakes: N+E into one, S+W into the other
    huts = [a for a in _texts(s) if a.startswith("hut")]
    assert huts == ["hut N", "hut S"]
    with pytest.raises(meeple.IllegalAction, match="several lakes"):
        s.apply("hut C")
    s.apply("hut E")                         # E flows into the same lake as N
    assert s.view(None)["huts"] == [{"seat": 1, "kind": "river", "x": -1, "y": 0,
                                     "location": "N"}]


def test_hut_only_on_water():
    s = new_game({"L33": 1})
    s.apply("draw L33")
    s.apply("place L33 1 0 180")
    with pytest.raises(meeple.IllegalAction, match="no river or lake at C"):
        s.apply("hut C")
    with pytest.raises(meeple.IllegalAction, match="a hut is named by"):
        s.apply("hut Nw")


# --- the turn, discards, players ----------------------------------------------------------
def test_a_turn_is_draw_place_then_one_piece_or_pass():
    s = new_game({"L58": 2})
    assert s.current_player == CHANCE and s.turn == 1
    s.apply("draw L58")
    assert s.current_player == 0 and s.turn == 1
    s.apply("place L58 0 -1 0")
    assert s.current_player == 0 and s.turn == 1
    s.apply("pass")
    assert s.current_player == CHANCE and s.turn == 2 and s.seat == 1


def _tiny_set(tmp_path, land_edges: str) -> str:
    meadow = {"locs": ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"], "animals": []}
    forest = {"edges": ["N", "E", "S", "W"]}
    data = {"start": {"type": "S", "edges": "MMMM", "forests": [], "meadows": [meadow],
                      "rivers": [], "lakes": {}},
            "land": [{"type": "F", "count": 1, "edges": land_edges, "forests": [forest],
                      "meadows": [], "rivers": [], "lakes": {}},
                     {"type": "M", "count": 1, "edges": "MMMM", "forests": [],
                      "meadows": [meadow], "rivers": [], "lakes": {}}]}
    path = tmp_path / "tiles.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_a_land_tile_that_fits_nowhere_is_discarded(tmp_path):
    game = meeple.load("hunters-gatherers", 2, {"tileset": _tiny_set(tmp_path, "FFFF")})
    s = game.new_state(0)
    s.apply("draw F")                        # all forest: no meadow edge to meet
    assert s.discarded == ["F"] and s.current_player == CHANCE and s.turn == 1
    s.apply("draw M")
    assert s.current_player == 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_to_five_players_five_followers_and_two_huts(players):
    s = meeple.load("hunters-gatherers", players).new_state(1)
    assert s.supply == [5] * players and s.hut_supply == [2] * players


@pytest.mark.parametrize("players", [1, 6])
def test_other_player_counts_refused(players):
    with pytest.raises(ValueError):
        meeple.load("hunters-gatherers", players)


def test_empty_deck_is_over_at_once():
    s = new_game({})
    assert s.is_terminal() and s.scores() == [0, 0]
