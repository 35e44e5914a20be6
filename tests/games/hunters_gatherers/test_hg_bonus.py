"""Gold nuggets and bonus tiles, and the bonus tiles' powers (fire, shrine).

Closing the start tile's forest (a gold nugget, open east and south) with two caps — L33
turned 180 at (1, 0) and L35 at (0, 1) — earns the closing player a bonus tile.
"""
from __future__ import annotations

import pytest
from hg_play import events, new_game, turn

import meeple
from meeple.core.state import CHANCE
from meeple.games.hunters_gatherers.rules import BONUS, DRAW


def _draws(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def test_the_closing_player_draws_the_bonus_tile_while_another_scores_the_forest():
    s = new_game({"L33": 1, "L35": 1, "L58": 1}, {"B12": 1, "B02": 1})
    turn(s, "L33", 1, 0, 180, "forest W")    # red's gatherer in the start's forest
    turn(s, "L35", 0, 1, 0)                  # blue closes it
    (forest,) = events(s, "forest")
    assert forest["owners"] == [0] and forest["points"] == 6 and forest["nuggets"] == 1
    assert s.phase == BONUS and s.current_player == CHANCE and s.seat == 1
    assert _draws(s) == ["draw B02", "draw B12"]
    assert dict((str(a), p) for a, p in s.chance_outcomes()) == {"draw B02": 0.5,
                                                                  "draw B12": 0.5}
    assert s.turn == 2 and s.view(None)["bonus_tile"]
    assert s.score_breakdown()["bonuses"][0]["seat"] == 1
    s.apply("draw B12")
    assert s.current_player == 1 and s.turn == 2
    s.apply("place B12 0 -1 0")
    s.apply("pass")
    assert s.phase == DRAW and s.seat == 0 and s.turn == 3 and s.bonus_left == 1


def test_only_one_bonus_tile_per_turn_even_if_the_bonus_tile_closes_a_nugget_forest():
    s = new_game({"L33": 1, "L39": 1, "L35": 2, "L58": 1}, {"B12": 1, "B02": 1})
    turn(s, "L33", 1, 0, 180)                # the start's forest is open south only
    turn(s, "L39", 0, -1, 0, "forest N")     # blue: a second nugget forest, N and E
    turn(s, "L35", 0, -2, 180)               # capped north: open east only
    turn(s, "L35", 0, 1, 0)                  # blue closes the start's forest: bonus
    turn(s, "B12", 1, -1, 270)               # the bonus tile closes the second forest
    (forest,) = events(s, "forest")          # scored at once: the bonus tile completed it
    assert forest["owners"] == [1] and forest["points"] == 6 and forest["nuggets"] == 1
    assert s.supply == [5, 5]
    assert s.phase == DRAW and s.seat == 0 and s.bonus_left == 1   # no second bonus
    assert len(s.score_breakdown()["bonuses"]) == 1


def test_a_follower_returned_this_turn_may_be_placed_again_on_the_bonus_tile():
    s = new_game({"L33": 1, "L35": 1, "L58": 1}, {"B12": 1})
    turn(s, "L33", 1, 0, 180)
    s.supply[1] = 1                          # blue's last follower
    s.apply("draw L35")
    s.apply("place L35 0 1 0")
    s.apply("follower forest N")             # closes the forest: scored, returned
    assert s.points == [0, 6] and s.supply[1] == 1
    s.apply("draw B12")
    s.apply("place B12 0 -1 0")
    assert "follower meadow En" in _draws(s)
    s.apply("follower meadow Es")            # (an alias of En: the same meadow)
    assert s.supply[1] == 0


def test_a_bonus_tile_may_take_a_hut():
    s = new_game({"L33": 1, "L35": 1, "L58": 1}, {"B04": 1})
    turn(s, "L33", 1, 0, 180)
    turn(s, "L35", 0, 1, 0)
    s.apply("draw B04")
    s.apply("place B04 -1 0 90")             # its lake's rivers N and E: E meets the start's
    assert "hut N" in _draws(s)
    s.apply("hut C")
    assert s.hut_supply == [2, 1]


def test_no_bonus_tile_left_no_bonus():
    s = new_game({"L33": 1, "L35": 1, "L58": 1})
    turn(s, "L33", 1, 0, 180)
    turn(s, "L35", 0, 1, 0)
    assert s.phase == DRAW and s.seat == 0 and s.score_breakdown()["bonuses"] == []


def test_a_forest_without_nuggets_earns_no_bonus():
    s = new_game({"L38": 1, "L33": 1, "L58": 1}, {"B12": 1})
    turn(s, "L38", 0, -1, 0, "forest E")     # two caps, no nugget
    turn(s, "L33", 1, -1, 180)               # closes the eastern cap's forest
    assert events(s, "forest")[0]["nuggets"] == 0
    assert s.phase == DRAW and s.bonus_left == 1


def test_a_bonus_tile_that_fits_nowhere_is_discarded_and_the_next_is_drawn():
    s = new_game({"L14": 1, "L33": 1, "L35": 1, "L58": 1}, {"B07": 1, "B12": 1})
    turn(s, "L14", -1, 0, 90)                # a spring closes the start's river
    turn(s, "L33", 1, 0, 180)
    turn(s, "L35", 0, 1, 0)                  # red closes the nugget forest
    s.apply("draw B07")                      # four rivers: no place demands only rivers
    assert s.discarded == ["B07"] and s.phase == BONUS and s.current_player == CHANCE
    s.apply("draw B12")
    assert s.current_player == 0


def test_when_no_bonus_tile_fits_the_turn_ends():
    s = new_game({"L14": 1, "L33": 1, "L35": 1, "L58": 1}, {"B07": 1})
    turn(s, "L14", -1, 0, 90)
    turn(s, "L33", 1, 0, 180)
    turn(s, "L35", 0, 1, 0)
    s.apply("draw B07")
    assert s.discarded == ["B07"] and s.phase == DRAW and s.seat == 1 and s.turn == 4
    kinds = [e["kind"] for e in s.events]
    assert kinds.count("bonus") == 1 and kinds[-1] == "discarded"
    bonus = next(e for e in s.events if e["kind"] == "bonus")
    assert bonus["text"] == ("seat 0 (red) completed a forest with gold nuggets in round 2: "
                             "a bonus tile (1 in the bonus pile)")


def test_no_bonus_tile_left_is_said():
    s = new_game({"L14": 1, "L33": 1, "L35": 1, "L58": 1}, {})     # no bonus tile at all
    turn(s, "L14", -1, 0, 90)
    turn(s, "L33", 1, 0, 180)
    turn(s, "L35", 0, 1, 0)                              # red closes the nugget forest
    assert s.phase == DRAW and s.seat == 1
    (event,) = [e for e in s.events if e["kind"] == "no bonus"]
    assert event["seat"] == 0 and "but no bonus tile is left" in event["text"]


def test_the_bonus_tile_of_the_last_turn_is_still_played():
    s = new_game({"L33": 1, "L35": 1}, {"B12": 2})
    turn(s, "L33", 1, 0, 180)
    turn(s, "L35", 0, 1, 0)                  # the last land tile closes a nugget forest
    assert not s.is_terminal() and s.phase == BONUS
    turn(s, "B12", 0, -1, 0, "meadow Es")
    assert s.is_terminal() and s.bonus_left == 1   # bonus tiles may be left over
    assert events(s, "meadow")[0]["owners"] == [1]


def test_draws_come_from_the_right_pile():
    s = new_game({"L33": 1, "L35": 1, "L58": 1}, {"B12": 1})
    with pytest.raises(meeple.IllegalAction, match="is a bonus tile"):
        s.apply("draw B12")
    turn(s, "L33", 1, 0, 180)
    turn(s, "L35", 0, 1, 0)
    with pytest.raises(meeple.IllegalAction, match="a bonus tile is drawn now"):
        s.apply("draw L58")
    assert s.sample_chance() == s.parse("draw B12")


# --- powers ------------------------------------------------------------------------------
def test_fire_drives_the_tigers_from_its_meadow():
    s = new_game({"L35": 1, "L33": 1, "L58": 1}, {"B02": 1})
    turn(s, "L35", 0, 1, 0)
    turn(s, "L33", 1, 0, 180)                # blue closes the forest: bonus
    turn(s, "B02", 0, -1, 0, "meadow Nw")    # fire (and a tiger) in the start's meadow
    turn(s, "L58", 0, -2, 0)                 # a deer joins
    (meadow,) = events(s, "meadow")
    assert (meadow["deer"], meadow["mammoths"], meadow["tigers"], meadow["fire"]) == (
        1, 1, 1, True)
    assert meadow["points"] == 4 and meadow["owners"] == [1]   # the deer scores too


def test_a_hunter_at_the_shrine_scores_its_meadow_alone():
    s = new_game({"L35": 1, "L32": 1, "L33": 1, "L45": 1}, {"B01": 1})
    turn(s, "L35", 0, 1, 0)
    turn(s, "L32", 0, -1, 0, "meadow Se")    # blue hunter: mammoth and deer
    turn(s, "L33", 1, 0, 180)                # red closes the forest: bonus
    turn(s, "B01", -1, -1, 270, "meadow Se") # red hunter at the shrine (and a tiger)
    turn(s, "L45", -1, 0, 0)                 # joins both meadows: one hunter each
    (meadow,) = events(s, "meadow")
    assert meadow["followers"] == {"0": 1, "1": 1} and meadow["shrine"]
    assert meadow["owners"] == [0] and meadow["points"] == 2 and s.scores() == [2, 0]
