"""The board as data: the default file, its validation, and replacement by config.board."""
from __future__ import annotations

import copy
import json
import random
import time
import tracemalloc

import pytest

import meeple
from meeple.core.datafile import MAX_BYTES
from meeple.games.jaeger_sammler.board import (DEFAULT_FILE, build_board, hex_neighbours,
                                               load_board)

from helpers import random_playout


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


# Bounds: a board's data comes from clients of the server; every size in it is checked
# before anything of that size is built.

HUGE = {"rows": 20000, "cols": 20000, "summer_settlements": [], "winter_settlements": [],
        "mammoths": {"summer": [], "winter": []}}


def _refused_at_once(config_board, message: str, memory: int = 1 << 20) -> str:
    """The error of loading a game with this board: fast, within ``memory`` bytes, and
    saying ``message``."""
    tracemalloc.start()
    start = time.perf_counter()
    try:
        with pytest.raises(ValueError) as err:
            meeple.load("jaeger-sammler", 2, {"board": config_board})
        took = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert message in str(err.value)
    assert took < 0.2 and peak < memory, (took, peak)
    return str(err.value)


def test_a_huge_board_is_refused_before_any_cell_is_built():
    assert _refused_at_once(HUGE, "rows must be ≤ 64") == \
        "jaeger-sammler option 'board': rows must be ≤ 64; got 20000"
    _refused_at_once({**HUGE, "rows": 10}, "cols must be ≤ 64; got 20000")
    _refused_at_once({**HUGE, "rows": 10 ** 100}, "rows must be ≤ 64; got a larger integer")


def test_a_board_file_is_bounded_alike(tmp_path):
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(HUGE), encoding="utf-8")
    _refused_at_once(str(path), "rows must be ≤ 64; got 20000",
                     memory=MAX_BYTES + (1 << 20))     # (a file is read into one buffer)


def test_few_fields_on_a_huge_grid_are_refused():
    data = _data()                               # the 120 fields listed, the grid 3000²
    data["fields"] = sorted(data["neighbours"])
    data.update(rows=3000, cols=3000)
    _refused_at_once(data, "rows must be ≤ 64; got 3000")


def test_the_cells_of_a_grid_are_counted_before_they_are_built():
    _refused_at_once({**_data(), "rows": 64, "cols": 64},
                     "the board has 120 fields, this one 64 × 64 = 4096")


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(fields=["0,0"] * 10 ** 6), "120 fields, this one 1000000"),
    (lambda d: d.update(summer_settlements=["1,1"] * 10 ** 6),
     "'summer_settlements' must name 4 fields, not 1000000"),
    (lambda d: d["neighbours"].update({"0,0": ["0,1"] * 10 ** 6}),
     "neighbours of 0,0 must be a list of at most 6 fields"),
    (lambda d: d["neighbours"].update({str(i): [] for i in range(10 ** 5)}),
     "'neighbours' must map every field"),
    (lambda d: d["mammoths"].update(winter=[5] * 10 ** 6), "winter has 12 mammoth tiles"),
    (lambda d: d.update(name="x" * 10 ** 6),
     "'name' must be text of at most 100 characters, not a str of length 1000000"),
    (lambda d: d.update(note=["x"] * 10 ** 6), "'note' must be text of at most 2000"),
    (lambda d: d["summer_settlements"].__setitem__(0, "1" * 10 ** 6 + ",1"),
     "names a str of length 1000002, which is not a field"),
    (lambda d: d.update({str(i): 0 for i in range(4000)}), "unknown keys 0, 1, 10, 100,"),
])
def test_every_list_and_text_of_a_board_is_bounded(change, message):
    data = _data()
    change(data)
    _refused_at_once(data, message)


def test_the_option_declares_its_bounds():
    option = meeple.load("jaeger-sammler").options[0]
    assert option.length == 4096 and "at most 64 rows × 64 columns" in option.help
    with pytest.raises(ValueError, match="at most 4096 characters or 4096 keys; got 5000 "
                                         "characters"):
        meeple.load("jaeger-sammler", 2, {"board": "b" * 5000})


def test_a_board_at_the_bound_is_played():
    data = _data()                               # the default board moved to the far corner
    move = {f"{r},{c}": f"{r + 54},{c + 52}" for r in range(10) for c in range(12)}
    data.update(rows=64, cols=64, fields=list(move.values()))
    for key in ("summer_settlements", "winter_settlements"):
        data[key] = [move[f] for f in data[key]]
    del data["neighbours"]                       # (the shift is even: the same hexes)
    game = meeple.load("jaeger-sammler", 2, {"board": data})
    assert (game.board.rows, game.board.cols, len(game.board.names)) == (64, 64, 120)
    assert random_playout(game.new_state(3), random.Random(3))
