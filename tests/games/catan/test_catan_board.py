"""The board as data (spec section 2): the numbering from the formulas against the spec's
tables, the derived facts, the harbours, the beginner map and the variable set-up."""
from __future__ import annotations

import random

import pytest

import meeple
from meeple import CHANCE, IllegalAction
from meeple.games.catan import board as b

from catan_fixtures import new

HEX_TABLE = """\
0 0,-2 0 4 8 12 7 3 | 1 7 12 11 6 0 | 1 3 4
1 1,-2 1 5 9 13 8 4 | 3 8 14 13 7 2 | 0 2 4 5
2 2,-2 2 6 10 14 9 5 | 5 9 16 15 8 4 | 1 5 6
3 -1,-1 7 12 17 22 16 11 | 11 19 25 24 18 10 | 0 4 7 8
4 0,-1 8 13 18 23 17 12 | 13 20 27 26 19 12 | 0 1 3 5 8 9
5 1,-1 9 14 19 24 18 13 | 15 21 29 28 20 14 | 1 2 4 6 9 10
6 2,-1 10 15 20 25 19 14 | 17 22 31 30 21 16 | 2 5 10 11
7 -2,0 16 22 28 33 27 21 | 24 34 40 39 33 23 | 3 8 12
8 -1,0 17 23 29 34 28 22 | 26 35 42 41 34 25 | 3 4 7 9 12 13
9 0,0 18 24 30 35 29 23 | 28 36 44 43 35 27 | 4 5 8 10 13 14
10 1,0 19 25 31 36 30 24 | 30 37 46 45 36 29 | 5 6 9 11 14 15
11 2,0 20 26 32 37 31 25 | 32 38 48 47 37 31 | 6 10 15
12 -2,1 28 34 39 43 38 33 | 41 50 55 54 49 40 | 7 8 13 16
13 -1,1 29 35 40 44 39 34 | 43 51 57 56 50 42 | 8 9 12 14 16 17
14 0,1 30 36 41 45 40 35 | 45 52 59 58 51 44 | 9 10 13 15 17 18
15 1,1 31 37 42 46 41 36 | 47 53 61 60 52 46 | 10 11 14 18
16 -2,2 39 44 48 51 47 43 | 56 63 67 66 62 55 | 12 13 17
17 -1,2 40 45 49 52 48 44 | 58 64 69 68 63 57 | 13 14 16 18
18 0,2 41 46 50 53 49 45 | 60 65 71 70 64 59 | 14 15 17"""
EDGE_LIST = """\
0:0-3   1:0-4   2:1-4   3:1-5   4:2-5   5:2-6   6:3-7   7:4-8   8:5-9   9:6-10  10:7-11 11:7-12
12:8-12 13:8-13 14:9-13 15:9-14 16:10-14 17:10-15 18:11-16 19:12-17 20:13-18 21:14-19 22:15-20 23:16-21
24:16-22 25:17-22 26:17-23 27:18-23 28:18-24 29:19-24 30:19-25 31:20-25 32:20-26 33:21-27 34:22-28 35:23-29
36:24-30 37:25-31 38:26-32 39:27-33 40:28-33 41:28-34 42:29-34 43:29-35 44:30-35 45:30-36 46:31-36 47:31-37
48:32-37 49:33-38 50:34-39 51:35-40 52:36-41 53:37-42 54:38-43 55:39-43 56:39-44 57:40-44 58:40-45 59:41-45
60:41-46 61:42-46 62:43-47 63:44-48 64:45-49 65:46-50 66:47-51 67:48-51 68:48-52 69:49-52 70:49-53 71:50-53"""


def test_2_1_hexes_are_numbered_row_major_in_axial_coordinates():
    assert b.HEXES == 19
    assert [len([c for c in b.COORDS if c[1] == r]) for r in range(-2, 3)] == [3, 4, 5, 4, 3]
    assert b.COORDS[0] == (0, -2) and b.COORDS[9] == (0, 0) and b.COORDS[18] == (0, 2)


@pytest.mark.parametrize("line", HEX_TABLE.splitlines())
def test_2_3_hex_table(line):
    head, sides, neighbours = line.split(" | ")
    h, qr, *corners = head.split()
    h = int(h)
    assert b.COORDS[h] == tuple(map(int, qr.split(",")))
    assert b.HEX_CORNERS[h] == tuple(map(int, corners))
    assert b.HEX_SIDES[h] == tuple(map(int, sides.split()))
    assert b.HEX_NEIGHBOURS[h] == tuple(map(int, neighbours.split()))


def test_2_2_and_2_4_nodes_and_edges():
    assert (b.NODES, b.EDGES) == (54, 72)
    listed = {}
    for item in EDGE_LIST.split():
        e, nodes = item.split(":")
        listed[int(e)] = tuple(map(int, nodes.split("-")))
    assert [listed[e] for e in range(72)] == list(b.EDGE_NODES)
    touching = [len(h) for h in b.NODE_HEXES]
    assert (touching.count(3), touching.count(2), touching.count(1)) == (24, 12, 18)
    points = b.NODE_POINTS
    assert points == sorted(points, key=lambda p: (p[1], p[0]))


def test_2_5_derived_facts():
    degrees = [len(n) for n in b.NODE_NEIGHBOURS]
    assert (degrees.count(2), degrees.count(3)) == (18, 36)
    sides_of = [sum(e in s for s in b.HEX_SIDES) for e in range(72)]
    assert sides_of.count(1) == 30 and sides_of.count(2) == 42      # 30 coastal edges
    coastal_nodes = {n for e in range(72) if sides_of[e] == 1 for n in b.EDGE_NODES[e]}
    assert len(coastal_nodes) == 30


def test_2_6_harbour_slots_serve_the_two_nodes_of_their_edge():
    assert b.HARBOUR_NODES == ((0, 3), (1, 5), (10, 15), (26, 32), (42, 46), (49, 52),
                               (47, 51), (33, 38), (11, 16))
    assert b.HARBOUR_EDGES == (0, 3, 17, 38, 61, 69, 66, 49, 18)
    assert sum(h >= 0 for h in b.NODE_HARBOUR) == 18


def test_2_7_beginner_map():
    m = b.BEGINNER
    assert m.terrain[0] == "mountains" and m.numbers[0] == 10 and m.terrain[9] == "desert"
    assert str(m).endswith("any grain ore any wool any any brick lumber")
    assert b.reds_apart(m.numbers)
    state = new(3)
    assert state.robber == 9 and state.current_player == 0 and state.phase == "setup settlement"


def test_2_8_variable_set_up_is_one_chance_action():
    state = meeple.load("catan", 4).new_state(seed=3)
    assert state.current_player == CHANCE
    assert state.chance_outcomes() == [] and state.legal_actions() == []
    action = state.sample_chance(random.Random(1))
    board = b.read_tokens(list(action[1:]))
    assert board.numbers == b.spiral_numbers(board.terrain)
    state.apply(action)
    assert state.robber == board.desert and state.current_player == 0


def test_2_8_the_spiral_never_puts_red_numbers_together():
    for desert in range(19):
        terrain = ["forest"] * 19
        terrain[desert] = "desert"
        assert b.reds_apart(b.spiral_numbers(tuple(terrain)))


def test_2_8_random_numbers_keep_reds_apart_and_a_board_off_the_method_is_refused():
    game = meeple.load("catan", 3, {"numbers": "random"})
    rng = random.Random(5)
    for _ in range(20):
        board = b.random_map(rng, "random")
        assert b.reds_apart(board.numbers)
    spiral = meeple.load("catan", 3).new_state(1)
    off = b.random_map(random.Random(2), "random")
    if off.numbers != b.spiral_numbers(off.terrain):
        with pytest.raises(IllegalAction, match="spiral"):
            spiral.apply(" ".join(["board", *off.tokens()]))
    state = game.new_state(1)
    state.apply(" ".join(["board", *off.tokens()]))
    assert state.layout.map == off


def test_2_9_board_strings_read_and_write_and_refuse_bad_counts():
    text = str(b.BEGINNER)
    assert str(b.read_tokens(text.split())) == text
    assert "not 27 tokens" in b.read_tokens(text.split()[:-1])
    assert isinstance(b.read_tokens(text.replace("desert", "forest", 1).split()), str)
    assert isinstance(b.read_tokens(text.replace("forest9", "forest09").split()), str)
    custom = meeple.load("catan", 3, {"board": text}).new_state(1)
    assert custom.layout.map == b.BEGINNER and custom.phase == "setup settlement"
    with pytest.raises(ValueError, match="board"):
        meeple.load("catan", 3, {"board": "forest9 nonsense"})


def test_scope_three_or_four_players():
    for n in (1, 2, 5):
        with pytest.raises(ValueError, match="3–4 players"):
            meeple.load("catan", n)
