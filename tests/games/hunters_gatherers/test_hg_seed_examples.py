"""The rulebook's (seed 000) scoring examples, rebuilt on boards of the default tile set.

Rivers of 6 and 3 points, forests of 10, 10 and 12 points (one with a tile holding two
segments of the forest), the river system of 5 fish for blue, and the four meadows
(2; 2 and 2 for a tie; 8; 0). Seat 0 is red, seat 1 blue.
"""
from __future__ import annotations

from hg_play import events, new_game, root_at, turn


# --- rivers -----------------------------------------------------------------------------
def test_river_over_three_tiles_between_lakes_of_1_and_2_fish_scores_6():
    s = new_game({"L45": 1, "L01": 1})
    turn(s, "L45", -1, 0, 0, "river E")      # red fisher; the start's lake has 1 fish
    turn(s, "L01", -2, 0, 90)                # blue ends it in a lake with 2 fish
    (river,) = events(s, "river")
    assert river["segments"] == 3 and river["fish"] == 3 and river["points"] == 6
    assert river["owners"] == [0] and river["tiles"] == [[-2, 0], [-1, 0], [0, 0]]
    assert river["text"] == ("river of 3 segments + 3 fish in 2 lakes, completed in round 1: "
                             "6 points to seat 0 (red)")


def test_river_from_a_spring_to_a_lake_of_1_fish_scores_3_for_the_fisher():
    s = new_game({"L55": 1, "L14": 1})
    turn(s, "L55", 0, -1, 90, "river E")     # red fisher on a river out of a lake (1 fish)
    turn(s, "L14", 1, -1, 270)               # blue closes it with a spring: red scores
    (river,) = events(s, "river")
    assert river["segments"] == 2 and river["fish"] == 1 and river["springs"] == 1
    assert river["points"] == 3 and river["owners"] == [0] and s.scores() == [3, 0]


# --- forests ----------------------------------------------------------------------------
def test_forest_of_5_segments_scores_10_for_red():
    s = new_game({"L37": 1, "L33": 1, "L36": 1, "L35": 1})
    turn(s, "L37", 1, 0, 0, "forest W")      # red gatherer in the start's forest
    turn(s, "L33", 2, 0, 180)
    turn(s, "L36", 0, 1, 90)
    turn(s, "L35", 0, 2, 0)                  # closes it
    (forest,) = events(s, "forest")
    assert forest["segments"] == 5 and forest["points"] == 10 and forest["owners"] == [0]


def test_ring_forest_joined_by_a_tile_scores_10_for_red_and_blue():
    s = new_game({"L63": 1, "L30": 1, "L39": 1})
    turn(s, "L63", 1, 0, 180, "forest W")    # two forest pieces on one tile (W and S)
    assert root_at(s, 1, 0, "W") != root_at(s, 1, 0, "S")
    turn(s, "L30", 1, 1, 0, "forest N")      # blue's gatherer on the southern piece
    turn(s, "L39", 0, 1, 0)                  # red joins both into one ring: closed
    (forest,) = events(s, "forest")
    # 4 tiles, 5 segments: the tile at (1, 0) holds two segments of the forest
    assert len(forest["tiles"]) == 4 and forest["segments"] == 5
    assert forest["points"] == 10 and forest["owners"] == [0, 1]
    assert s.scores() == [10, 10] and s.supply == [5, 5]


def test_joined_forest_with_red_majority_scores_12_for_red_alone():
    s = new_game({"L37": 1, "L33": 3, "L29": 1, "L57": 1, "L59": 1})
    turn(s, "L37", 0, -1, 0, "forest E")     # red
    turn(s, "L33", -1, -1, 0)
    turn(s, "L33", 0, -2, 0, "forest E")     # red, a second forest
    turn(s, "L29", 1, -2, 0)
    turn(s, "L57", 2, -2, 0)
    turn(s, "L33", 2, -1, 180, "forest W")   # blue, a third forest
    turn(s, "L59", 1, -1, 0)                 # joins all three and closes them
    (forest,) = events(s, "forest")
    assert forest["followers"] == {"0": 2, "1": 1}
    assert forest["segments"] == 6 and forest["points"] == 12 and forest["owners"] == [0]
    assert s.scores() == [12, 0]


# --- river system -----------------------------------------------------------------------
def test_river_system_of_5_fish_scores_5_for_blue():
    s = new_game({"L02": 1, "L55": 1, "L47": 1})
    turn(s, "L02", -1, 0, 0)                 # a lake of 3 fish joined to the start's (1)
    turn(s, "L55", -2, 0, 90, "hut C")       # blue's hut on a third lake (1 fish)
    turn(s, "L47", 0, -1, 90, "hut E")       # red's hut on a separate system, no lake
    systems = {e["owners"][0]: e for e in events(s, "huts")}
    assert systems[1]["fish"] == 5 and systems[1]["points"] == 5 and systems[1]["lakes"] == 3
    assert systems[0]["points"] == 0
    assert s.scores() == [0, 5]


# --- meadows ----------------------------------------------------------------------------
def test_meadow_1_one_deer_scores_2():
    s = new_game({"L49": 1})
    turn(s, "L49", -1, 0, 180, "meadow Es")
    (meadow,) = events(s, "meadow")
    assert (meadow["deer"], meadow["points"], meadow["owners"]) == (1, 2, [0])


def test_meadow_2_deer_mammoth_tiger_scores_2_for_each_tied_hunter():
    s = new_game({"L32": 1, "L30": 1, "L45": 1})
    turn(s, "L32", 0, -1, 0, "meadow Se")    # red: the start's mammoth and a deer
    turn(s, "L30", -1, -1, 90, "meadow Se")  # blue: a tiger
    turn(s, "L45", -1, 0, 0)                 # joins the two meadows
    (meadow,) = events(s, "meadow")
    assert (meadow["deer"], meadow["mammoths"], meadow["tigers"]) == (1, 1, 1)
    assert meadow["points"] == 2 and meadow["owners"] == [0, 1]   # the tiger takes the deer
    assert s.scores() == [2, 2]


def test_meadow_3_red_majority_scores_8():
    s = new_game({"L32": 1, "L30": 1, "L35": 1, "L45": 1, "L70": 2}, {"B09": 1})
    turn(s, "L32", 0, -1, 0, "meadow Se")    # red: mammoth and deer
    turn(s, "L30", -1, -1, 90, "meadow Se")  # blue: tiger
    turn(s, "L35", -1, -2, 180)              # red closes a nugget forest: a bonus tile
    turn(s, "B09", 0, -2, 180, "meadow Se")  # red: mammoth, aurochs, and the deer beside
    turn(s, "L45", -1, 0, 0)
    turn(s, "L70", -2, -2, 180)
    turn(s, "L70", -2, -1, 90)               # now one meadow
    (meadow,) = events(s, "meadow")
    counts = (meadow["deer"], meadow["mammoths"], meadow["aurochs"], meadow["tigers"])
    assert counts == (2, 2, 1, 1) and meadow["followers"] == {"0": 2, "1": 1}
    assert meadow["points"] == 8 and meadow["owners"] == [0] and s.scores() == [8, 0]


def test_meadow_4_two_tigers_and_a_deer_score_0():
    s = new_game({"L45": 1, "L46": 1, "L49": 1})
    turn(s, "L45", -1, 0, 0)
    turn(s, "L46", -1, 1, 180, "meadow Nw")  # blue
    turn(s, "L49", -2, 0, 180)
    (meadow,) = events(s, "meadow")
    assert (meadow["deer"], meadow["tigers"]) == (1, 2)
    assert meadow["points"] == 0 and meadow["owners"] == [1] and s.scores() == [0, 0]
