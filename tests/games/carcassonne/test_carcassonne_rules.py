"""One test per Carcassonne rule, on hand-built boards (the pile chosen by config.deck).

Coordinates: x east, y south; the start tile D sits at (0, 0) with its city cap north and
its road running west-east. Seats alternate 0, 1, 0, ... one turn per tile.
"""
from __future__ import annotations

import pytest

import meeple
from meeple.core.state import CHANCE

from carcassonne_play import events, new_game, root_at, turn


# --- roads ------------------------------------------------------------------------------
def test_road_loop_is_complete():
    s = new_game({"V": 4})
    turn(s, "V", 0, 1, 270, "road E")      # seat 0: curve east-south, south of the start
    turn(s, "V", 1, 1, 0)
    turn(s, "V", 1, 2, 90)
    assert s.points == [0, 0]
    turn(s, "V", 0, 2, 180)                # closes the ring of four curves
    (road,) = [e for e in events(s, "road") if not e["final"]]
    assert road["points"] == 4 and road["owners"] == [0]
    assert sorted(map(tuple, road["tiles"])) == [(0, 1), (0, 2), (1, 1), (1, 2)]
    assert s.supply == [7, 7]


def test_road_from_junction_to_city():
    s = new_game({"W": 1, "S": 1})
    turn(s, "W", 1, 0, 0, "road W")        # junction east of the start; its W road joins D's
    turn(s, "S", -1, 0, 270)               # the road ends at a city to the west
    (road,) = [e for e in events(s, "road") if not e["final"]]
    assert road["points"] == 3 and road["owners"] == [0]
    assert road["tiles"] == [[-1, 0], [0, 0], [1, 0]]


def test_road_ending_at_monastery():
    s = new_game({"A": 1, "W": 1})
    turn(s, "A", 1, 0, 90, "road W")       # the road of A ends at its monastery
    assert s.points == [0, 0]
    turn(s, "W", -1, 0, 0)                 # and at a junction to the west
    assert s.points == [3, 0]


# --- cities -----------------------------------------------------------------------------
def test_city_with_pennant():
    s = new_game({"F": 1, "E": 1})
    turn(s, "F", 0, -1, 90, "city N")      # city through F (pennant) from D's cap
    turn(s, "E", 0, -2, 180)               # a cap closes it
    (city,) = [e for e in events(s, "city") if not e["final"]]
    assert city["points"] == 3 * 2 + 2 and city["pennants"] == 1 and city["owners"] == [0]


def test_caps_of_H_are_separate_cities():
    s = new_game({"H": 1})
    turn(s, "H", 0, -1, 90, "city N")      # caps N and S; S closes D's cap
    south, north = root_at(s, 0, -1, "S"), root_at(s, 0, -1, "N")
    assert south != north
    feats = s.board.features
    assert feats.open[south] == 0 and feats.n_tiles(south) == 2
    assert feats.open[north] == 1 and feats.n_tiles(north) == 1
    # the closed city had no knight: nothing scored; the knight on the other cap stays
    assert [e for e in events(s) if not e["final"]] == []


def test_caps_of_I_are_separate_cities():
    s = new_game({"I": 1})
    turn(s, "I", 0, -1, 0, "city E")       # caps E and S; S closes D's cap
    assert root_at(s, 0, -1, "E") != root_at(s, 0, -1, "S")
    (city,) = events(s, "city")            # game over: the open cap scores 1 at the end
    assert city["final"] and city["points"] == 1 and city["tiles"] == [[0, -1]]


def test_follower_placed_scored_and_returned_in_one_turn():
    s = new_game({"E": 1, "V": 1})
    turn(s, "E", 0, -1, 180, "city S")     # the cap closes D's city at once
    assert s.points == [4, 0] and s.supply == [7, 7] and s.followers == []
    assert s.current_player == CHANCE      # the next turn begins


def test_H_cap_closed_with_knight_scores_at_once():
    s = new_game({"H": 1, "V": 1})
    turn(s, "H", 0, -1, 90, "city S")
    assert s.points == [4, 0] and s.supply == [7, 7]


# --- monasteries ------------------------------------------------------------------------
def test_monastery_surrounded_scores_9():
    s = new_game({"B": 6, "U": 2})
    turn(s, "B", 0, 1, 0, "monastery C")
    for tile, x, y, rot in [("U", -1, 0, 90), ("U", 1, 0, 90), ("B", -1, 1, 0),
                            ("B", 1, 1, 0), ("B", -1, 2, 0), ("B", 0, 2, 0)]:
        turn(s, tile, x, y, rot)
    assert s.points == [0, 0] and s.supply[0] == 6
    turn(s, "B", 1, 2, 0)                  # the eighth neighbour
    (monastery,) = [e for e in events(s, "monastery") if not e["final"]]
    assert monastery["points"] == 9 and monastery["owners"] == [0]
    assert s.points == [9, 0] and s.supply == [7, 7]


# --- several followers on one feature ---------------------------------------------------
def test_joined_road_tie_scores_for_both():
    s = new_game({"U": 1, "V": 3, "W": 2})
    turn(s, "U", 1, 0, 90, "road E")       # seat 0 on the start road
    turn(s, "V", 1, 1, 270, "road E")      # seat 1 on a separate road
    turn(s, "V", 2, 1, 90)
    turn(s, "V", 2, 0, 0)                  # joins the two roads
    root = root_at(s, 1, 0, "E")
    assert root == root_at(s, 1, 1, "E")
    assert s.board.features.counts_by_seat(root, 2) == [1, 1]
    turn(s, "W", -1, 0, 0)
    turn(s, "W", 1, 2, 180)                # both ends now end at junctions
    (road,) = [e for e in events(s, "road") if not e["final"]]
    assert road["owners"] == [0, 1] and road["points"] == 7
    assert s.points == [7, 7] and s.supply == [7, 7]


def test_joined_road_majority_takes_all():
    s = new_game({"U": 1, "V": 6, "W": 2})
    turn(s, "U", 1, 0, 90, "road E")       # seat 0
    turn(s, "V", 1, 1, 270, "road E")      # seat 1
    turn(s, "V", 2, 1, 90)
    turn(s, "V", 2, 0, 0)                  # seat 1 joins: 1 against 1
    turn(s, "V", 0, 1, 0, "road W")        # seat 0, a third road
    turn(s, "W", 1, 2, 180)
    turn(s, "V", -1, 0, 270)
    turn(s, "V", -1, 1, 180)               # joins the third road: 2 against 1
    turn(s, "W", 0, 2, 180)                # closes it
    (road,) = [e for e in events(s, "road") if not e["final"] and e["owners"]]
    assert road["owners"] == [0] and road["points"] == 10
    assert road["followers"] == {"0": 2, "1": 1}
    assert s.points == [10, 0] and s.supply == [7, 7]


def test_placing_on_an_occupied_feature_is_refused():
    s = new_game({"U": 2})
    turn(s, "U", 1, 0, 90, "road E")
    s.apply("draw U")
    s.apply("place U 2 0 90")
    before = s.view(None)
    with pytest.raises(meeple.IllegalAction, match="already holds a follower"):
        s.apply("follower road W")
    assert s.view(None) == before
    assert "follower road E" not in {str(a) for a in s.legal_actions()}
    s.apply("follower field Nw")           # the field beside it is still free


# --- the end of the game ----------------------------------------------------------------
def test_incomplete_features_score_at_the_end():
    s = new_game({"F": 1, "B": 1, "U": 1})
    turn(s, "F", 0, -1, 90, "city N")      # seat 0: open city of 2 tiles + pennant
    turn(s, "B", 0, 1, 0, "monastery C")   # seat 1
    turn(s, "U", 1, 0, 90, "road E")       # seat 0: open road of 2 tiles
    assert s.is_terminal()
    final = {e["feature"]: e for e in events(s) if e["final"]}
    assert final["city"]["points"] == 2 + 1
    assert final["road"]["points"] == 2
    assert final["monastery"]["points"] == 1 + 2   # its tile and D and U around it
    assert s.scores() == [5, 3]


def test_one_city_bordering_two_fields_scores_for_both_farmers():
    s = new_game({"U": 1, "E": 1})
    turn(s, "U", -1, 0, 90, "field Nw")    # seat 0: the field north of the road
    turn(s, "E", 0, -1, 180, "field Nw")   # seat 1: the field around the cap; city closed
    assert root_at(s, -1, 0, "Nw") != root_at(s, 0, -1, "Nw")
    fields = events(s, "field")
    assert sorted((e["owners"], e["points"]) for e in fields) == [([0], 3), ([1], 3)]
    assert fields[0]["cities"] == fields[1]["cities"] == [[[0, -1], [0, 0]]]
    assert s.scores() == [3, 3]


def test_field_majority_and_each_city_counted_once():
    s = new_game({"U": 1, "E": 1, "B": 2, "A": 1})
    turn(s, "U", -1, 0, 90, "field Nw")    # seat 0, north field
    turn(s, "E", 0, -1, 180, "field Nw")   # seat 1, field around the cap; city closed
    turn(s, "B", 0, 1, 0, "field Nw")      # seat 0, south field
    turn(s, "A", 1, 0, 90)                 # the road ends at A: north and south fields join
    turn(s, "B", 1, -1, 0)                 # joins the cap's field too: 2 farmers against 1
    (field,) = events(s, "field")
    assert field["owners"] == [0] and field["followers"] == {"0": 2, "1": 1}
    assert field["points"] == 3            # the city borders it on two tiles, counts once
    assert s.scores() == [3, 0]


def test_farmers_never_return():
    s = new_game({"U": 1, "V": 1})
    turn(s, "U", -1, 0, 90, "field Nw")
    turn(s, "V", 0, 1, 0)
    assert s.supply == [6, 7]


# --- tiles that fit nowhere -------------------------------------------------------------
def test_tile_that_fits_nowhere_is_discarded():
    s = new_game({"E": 1, "C": 1, "V": 1})
    turn(s, "E", 0, -1, 180)               # every open position now wants a road or field
    s.apply("draw C")
    assert s.discarded == ["C"] and s.current_player == CHANCE and s.remaining == 1
    assert s.turn == 2                     # still seat 1's turn: it draws again
    (event,) = s.events_since(s.action_count - 1)
    assert event["kind"] == "discarded" and event["tile"] == "C" and event["seat"] == 1
    assert event["text"] == "tile C fits nowhere on the board: discarded"
    s.apply("draw V")
    assert s.current_player == 1


def test_last_tile_discarded_ends_the_game():
    s = new_game({"E": 1, "C": 1})
    turn(s, "E", 0, -1, 180)
    s.apply("draw C")
    assert s.is_terminal() and s.discarded == ["C"]


# --- supply, players, options -----------------------------------------------------------
def test_no_follower_left_only_pass():
    s = new_game({"U": 1})
    s.supply[0] = 0
    s.apply("draw U")
    s.apply("place U 1 0 90")
    assert [str(a) for a in s.legal_actions()] == ["pass"]
    assert "no follower left" in s.check(s.parse("follower road E"))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_to_five_players(players):
    s = meeple.load("carcassonne", players).new_state(1)
    assert s.supply == [7] * players and s.remaining == 71


@pytest.mark.parametrize("players", [1, 6])
def test_other_player_counts_refused(players):
    with pytest.raises(ValueError):
        meeple.load("carcassonne", players)


@pytest.mark.parametrize("config", [{"deck": {"Z": 1}}, {"deck": {"U": -1}},
                                    {"deck": ["U"]}, {"tiles": 3}])
def test_bad_config_refused(config):
    with pytest.raises(ValueError):
        meeple.load("carcassonne", 2, config)


def test_empty_deck_is_over_at_once():
    s = new_game({})
    assert s.is_terminal() and s.scores() == [0, 0]
