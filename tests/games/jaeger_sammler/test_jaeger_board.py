"""The board as data: the default file, its validation, and replacement by config.board."""
from __future__ import annotations

import copy
import json

import pytest

import meeple
from meeple.games.jaeger_sammler.board import (DEFAULT_FILE, build_board, hex_neighbours,
                                               load_board)


def _data() -> dict:
    return json.loads(DEFAULT_FILE.read_text(encoding="utf-8"))


def test_default_board_is_10_by_12_odd_r_with_the_eight_settlements():
    board = load_board()
    assert (board.rows, board.cols, board.layout) == (10, 12, "odd-r")
    assert len(board.names) == 120 and len(board.tile_fields) == 112
    assert [board.names[f] for f in board.settlements[0]] == ["1,1", "1,10", "8,1", "8,10"]
    assert [board.names[f] for f in board.settlements[1]] == ["2,5", "4,2", "5,9", "7,6"]
    assert board.mammoths == ((4, 6, 8), (3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8))
    assert board.names[:3] == ("0,0", "0,1", "0,2")        # row-major


def test_default_neighbours_follow_odd_r_and_the_half_turn_symmetry():
    board = load_board()

    def nbrs(name):
        return sorted(board.names[j] for j in board.neighbours[board.index[name]])

    assert nbrs("2,2") == ["1,1", "1,2", "2,1", "2,3", "3,1", "3,2"]       # even row
    assert nbrs("3,2") == ["2,2", "2,3", "3,1", "3,3", "4,2", "4,3"]       # odd row
    assert nbrs("0,0") == ["0,1", "1,0"]
    for i, (r, c) in enumerate(board.coords):
        j = board.index[f"{9 - r},{11 - c}"]
        mirrored = sorted(board.index["{},{}".format(9 - board.coords[k][0],
                                                     11 - board.coords[k][1])]
                          for k in board.neighbours[i])
        assert mirrored == sorted(board.neighbours[j])
        assert all(i in board.neighbours[k] for k in board.neighbours[i])


def test_hex_neighbours_of_both_offset_layouts():
    assert sorted(hex_neighbours(1, 1, "odd-r")) == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 1),
                                                      (2, 2)]
    assert sorted(hex_neighbours(1, 1, "even-r")) == [(0, 0), (0, 1), (1, 0), (1, 2), (2, 0),
                                                       (2, 1)]


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(rows=9), "120 fields"),
    (lambda d: d["summer_settlements"].pop(), "must name 4 fields"),
    (lambda d: d["winter_settlements"].__setitem__(0, "1,1"), "summer and a winter"),
    (lambda d: d["winter_settlements"].__setitem__(0, "12,1"), "not a field"),
    (lambda d: d["mammoths"]["summer"].append(5), "summer has 3 mammoth"),
    (lambda d: d["mammoths"]["winter"].__setitem__(0, 9), "3–8"),
    (lambda d: d["neighbours"]["0,0"].append("5,5"), "not an adjacent hex"),
    (lambda d: d["neighbours"]["0,0"].remove("0,1"), "not the other way round"),
    (lambda d: d.update(layout="hex"), "'layout'"),
    (lambda d: d.update(colour="red"), "unknown keys colour"),
])
def test_bad_boards_are_refused_with_the_reason(change, message):
    data = _data()
    change(data)
    with pytest.raises(ValueError, match=message):
        build_board(data)


def test_a_disconnected_board_is_refused():
    data = _data()
    for name, nbrs in data["neighbours"].items():     # cut the board between rows 4 and 5
        r = int(name.split(",")[0])
        data["neighbours"][name] = [n for n in nbrs if (int(n.split(",")[0]) <= 4) == (r <= 4)]
    with pytest.raises(ValueError, match="not connected"):
        build_board(data)


def test_config_board_replaces_the_default(tmp_path):
    data = _data()
    data["name"] = "mine"
    data["summer_settlements"] = ["0,0", "0,11", "9,0", "9,11"]
    data["mammoths"]["summer"] = [5, 5, 7]
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for spec in (str(path), copy.deepcopy(data)):
        game = meeple.load("jaeger-sammler", 2, {"board": spec})
        state = game.new_state(1)
        state.apply(state.sample_chance())
        names = state.board.names
        assert sorted(names[f] for f in state.pawns[0]) == ["0,0", "0,11", "9,0", "9,11"]
        assert "1,1" in state.view(0)["tiles"]
        assert sorted(t for t in state.view(0)["tiles"].values() if t.startswith("mammoth")) \
            == ["mammoth5", "mammoth5", "mammoth7"]
    del data["neighbours"]                      # neighbours default to the layout's hexes
    assert build_board(data).neighbours == load_board().neighbours


def test_bad_config_is_refused():
    with pytest.raises(ValueError, match="no option 'deck'; its options: board"):
        meeple.load("jaeger-sammler", 2, {"deck": {}})
    with pytest.raises(ValueError, match="cannot read"):
        meeple.load("jaeger-sammler", 2, {"board": "/nonexistent/board.json"})
    with pytest.raises(ValueError, match="board file's path, or its data"):
        meeple.load("jaeger-sammler", 2, {"board": 3})
    with pytest.raises(ValueError, match="2–4 players"):
        meeple.load("jaeger-sammler", 5)
