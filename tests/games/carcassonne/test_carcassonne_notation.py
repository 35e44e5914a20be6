"""Carcassonne notation, aliases, chance draws, the view, the breakdown and the drawing."""
from __future__ import annotations

import json

import pytest

import meeple
from meeple.games.carcassonne.rules import TILESET

from carcassonne_play import new_game, turn
from helpers import legal_help, picture


def _texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def test_start_tile_and_first_placements():
    s = meeple.load("carcassonne").new_state(1)
    assert s.view(None)["board"] == [{"type": "D", "x": 0, "y": 0, "rotation": 0}]
    s.apply("draw V")
    legal = _texts(s)
    assert "place V 0 1 0" in legal and "place V 0 -1 0" not in legal  # V has no city edge
    assert all(s.parse(t) == a for t, a in zip(legal, s.legal_actions()))


def test_rotation_turns_north_to_east():
    o = TILESET.orientation("D", 1)               # 90 degrees
    assert o.edges == "RCRF" and o.locs[0] == ("E",)  # the city cap now faces east


def test_y_grows_south():
    s = new_game({"E": 1})
    s.apply("draw E")
    # north of the start (y = -1) the cap must face south (rotation 180) to meet D's cap
    assert "place E 0 -1 180" in _texts(s)
    with pytest.raises(meeple.IllegalAction, match="does not match"):
        s.apply("place E 0 -1 0")


def test_one_canonical_action_per_feature_and_aliases_accepted():
    s = new_game({"B": 1})
    s.apply("draw B")
    s.apply("place B 0 1 0")
    assert _texts(s) == ["follower field Nw", "follower monastery C", "pass"]
    alias = s.clone()
    alias.apply("follower field Es")            # any half-edge of the field names it
    canonical = s.clone()
    canonical.apply("follower field Nw")
    assert alias.view(None) == canonical.view(None)
    assert alias.scores() == canonical.scores()


def test_two_segments_of_one_feature_listed_once():
    # a road ring east of the start whose two ends meet at one junction
    s = new_game({"B": 1, "V": 3, "W": 1})
    turn(s, "B", 0, 1, 0)
    turn(s, "V", 1, 1, 180)
    turn(s, "V", 2, 1, 90)
    turn(s, "V", 2, 0, 0)
    s.apply("draw W")
    s.apply("place W 1 0 0")               # roads E and S: one ring; W: the start road
    assert _texts(s) == ["follower road E", "follower road W", "follower field Nw",
                         "follower field Es", "pass"]
    for alias in ("follower road S", "follower field Sw", "follower field Ws"):
        assert s.check(s.parse(alias)) is None
    s.apply("follower road S")             # the ring is complete: scored at once
    assert s.points == [4, 0] and s.supply == [7, 7]


def test_draw_without_tiles_left_of_that_type():
    s = new_game({"V": 1})
    with pytest.raises(meeple.IllegalAction, match="no U tile is left"):
        s.apply("draw U")


def test_chance_outcomes_are_counts_over_remaining():
    s = meeple.load("carcassonne").new_state(1)
    outcomes = dict((str(a), p) for a, p in s.chance_outcomes())
    assert outcomes["draw V"] == pytest.approx(9 / 71)
    assert outcomes["draw D"] == pytest.approx(3 / 71)
    assert sum(outcomes.values()) == pytest.approx(1)
    assert str(s.sample_chance()) in outcomes


def test_view_hides_the_pile_order_and_is_json():
    s = meeple.load("carcassonne", 3).new_state(4)
    for _ in range(5):
        s.apply(s.sample_chance() if s.current_player < 0 else s.legal_actions()[0])
    v = s.view(1)
    json.dumps(v)
    assert sum(v["pile"].values()) == v["remaining"] == s.remaining
    assert set(v) >= {"board", "followers", "supply", "scores", "tile", "phase", "pile"}
    assert "order" not in json.dumps(v)


def test_breakdown_lists_every_event_in_words():
    s = new_game({"F": 1, "E": 1, "U": 1})
    turn(s, "F", 0, -1, 90, "city N")
    turn(s, "U", 1, 0, 90, "road E")
    turn(s, "E", 0, -2, 180)
    b = s.score_breakdown()
    json.dumps(b)
    city = b["events"][0]
    assert city["feature"] == "city" and city["pennants"] == 1 and city["owners"] == [0]
    assert city["tiles"] == [[0, -2], [0, -1], [0, 0]] and city["turn"] == 3
    assert city["text"] == ("city of 3 tiles + 1 pennant, completed in round 2: 8 points to "
                            "seat 0 (red)")
    seat1 = b["seats"][1]
    assert seat1["total"] == 2 and seat1["items"][0]["text"] == (
        "incomplete road of 2 tiles: 2 points")
    assert sum(i["points"] for i in b["seats"][0]["items"]) == b["seats"][0]["total"]


def test_render_and_help_show_board_rotations_and_placements():
    game = meeple.load("carcassonne")
    s = game.new_state(3)
    s.apply("draw V")
    text = picture(s, 0)
    assert isinstance(text, str)
    assert "rotations" in text and "place V at (x,y):degrees" in text and "(0,1):" in text
    assert "(0,1):0/270" in legal_help(s)
    s.apply("place V 0 1 0")
    assert "follower road" in legal_help(s)
    assert "placed V at (0,1); its features:" in picture(s, 0)


def test_the_documented_example_replays():
    from pathlib import Path

    from meeple.core.record import Record
    from meeple.play.replay import replay
    doc = (Path(__file__).parents[3] / "docs/carcassonne.md").read_text()
    block = doc.split("### Example", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    state = replay(Record.loads(block))
    assert state.scores() == [0, 4]
    assert state.score_breakdown()["events"][0]["text"] == (
        "city of 2 tiles, completed in round 1: 4 points to seat 1 (blue)")
