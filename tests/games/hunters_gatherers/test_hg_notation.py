"""Hunters & Gatherers notation, chance draws, the view, the breakdown, the drawing and the
documented example."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.text import Text

import meeple
from meeple.core.record import Record
from meeple.games.hunters_gatherers.rules import BONUS
from meeple.play.replay import replay

from helpers import legal_help, picture
from hg_play import new_game, turn

DOC = Path(__file__).parents[3] / "docs/hunters-gatherers.md"


def _texts(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def test_start_tile_placed_and_first_placements():
    s = meeple.load("hunters-gatherers").new_state(1)
    assert s.view(None)["board"] == [{"type": "S", "x": 0, "y": 0, "rotation": 0}]
    s.apply("draw L57")                      # all meadow: only north of the start
    assert _texts(s) == ["place L57 0 -1 0", "place L57 0 -1 90", "place L57 0 -1 180",
                         "place L57 0 -1 270"]
    assert all(s.parse(t) == a for t, a in zip(_texts(s), s.legal_actions()))


def test_rotation_turns_north_to_east():
    o = meeple.load("hunters-gatherers").tileset.orientation("L14", 1)
    assert o.edges == "FRFF" and o.locs[-1] == ("E",)   # the spring river now leaves east


def test_round_trip_of_every_kind_of_action():
    s = meeple.load("hunters-gatherers").new_state(1)
    for text in ("draw B07", "place L01 -3 12 270", "follower meadow Ws", "hut C", "hut W",
                 "follower forest S", "follower river E", "pass"):
        assert str(s.parse(text)) == text


def test_chance_outcomes_are_counts_over_remaining_land_tiles():
    s = meeple.load("hunters-gatherers").new_state(1)
    outcomes = dict((str(a), p) for a, p in s.chance_outcomes())
    assert len(outcomes) == 71 and outcomes["draw L07"] == pytest.approx(2 / 78)
    assert not any(t.startswith("draw B") or t == "draw S" for t in outcomes)
    assert sum(outcomes.values()) == pytest.approx(1)
    assert str(s.sample_chance()) in outcomes


def test_view_hides_both_pile_orders_and_is_json():
    s = meeple.load("hunters-gatherers", 3).new_state(4)
    for _ in range(9):
        s.apply(s.sample_chance() if s.current_player < 0 else s.legal_actions()[0])
    v = s.view(1)
    json.dumps(v)
    assert sum(v["pile"].values()) == v["remaining"] == s.remaining
    assert sum(v["bonus_pile"].values()) == v["bonus_left"] == 12
    assert set(v) >= {"board", "followers", "huts", "supply", "huts_in_hand", "scores",
                      "tile", "phase", "pile", "bonus_pile", "bonus_tile"}
    assert v["game"] == "hunters-gatherers"


def test_breakdown_lists_every_event_in_words():
    s = new_game({"L45": 1, "L01": 1, "L58": 1})
    turn(s, "L45", -1, 0, 0, "river E")
    turn(s, "L01", -2, 0, 90, "hut C")
    turn(s, "L58", 0, -1, 0, "meadow Nw")
    b = s.score_breakdown()
    json.dumps(b)
    kinds = [e["feature"] for e in b["events"]]
    assert kinds == ["river", "huts", "meadow"]
    river, huts, meadow = b["events"]
    assert river["turn"] == 2 and river["fish"] == 3 and river["segments"] == 3
    assert huts["text"] == ("river system of 3 tiles with 2 lakes and 3 fish: 3 points to "
                            "seat 1 (blue)")
    assert huts["huts"] == {"1": 1}
    assert meadow["text"] == ("meadow of 4 tiles with 1 deer, 1 mammoth: 4 points to seat 0 "
                              "(red)")
    red = b["seats"][0]
    assert red["total"] == 10 and [i["points"] for i in red["items"]] == [6, 4]
    assert red["items"][0]["text"] == ("river of 3 segments + 3 fish in 2 lakes, completed in "
                                       "round 1: 6 points")


def _plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def test_render_and_help_show_tiles_pieces_and_options():
    s = new_game({"L45": 1, "L33": 1, "L35": 1, "L58": 1}, {"B12": 1})
    s.apply("draw L45")
    text = picture(s, 0)
    assert isinstance(text, str)
    assert "rotations" in text and "place L45 at (x,y):degrees" in text
    assert "≈1≈" in _plain(text) and "m░" in _plain(text)   # a lake, a mammoth
    assert "(-1,0):0/180" in legal_help(s)
    s.apply("place L45 -1 0 0")
    text = picture(s, 0)
    assert "placed L45 at (-1,0); its features:" in text and "hut LOC" in text
    assert "follower river E" in legal_help(s) and "hut E" in legal_help(s)
    s.apply("hut E")
    assert "⌂" in _plain(picture(s, 0))
    turn(s, "L33", 1, 0, 180)
    turn(s, "L35", 0, 1, 0)
    assert s.phase == BONUS and "bonus tile is drawn" in picture(s, 0)
    assert "●" in _plain(picture(s, 0))               # the start tile's gold nugget
    assert "tiles left: 1 land, 1 bonus" in picture(s, 0)
    assert legal_help(s).startswith("Chance draws a tile")


def test_the_documented_example_replays():
    block = DOC.read_text().split("### Example", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    state = replay(Record.loads(block))
    assert state.scores() == [12, 0] and state.current_player == meeple.CHANCE
    assert state.turn == 5 and state.view(None)["followers"][0]["role"] == "hunter"
    texts = [e["text"] for e in state.score_breakdown()["events"]]
    assert texts == ["river of 3 segments + 3 fish in 2 lakes, completed in round 1: 6 points "
                     "to seat 0 (red)",
                     "forest of 3 segments, completed in round 2: 6 points to seat 0 (red)"]


def test_the_doc_names_the_default_tile_set_and_every_action():
    doc = DOC.read_text()
    assert "default tile set" in doc
    for verb in ("draw T", "place T X Y R", "follower KIND LOC", "hut LOC", "pass"):
        assert f"`{verb}`" in doc
