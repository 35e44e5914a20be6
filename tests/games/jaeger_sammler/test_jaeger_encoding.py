"""The Jäger und Sammler encoding: exact masks, rank × direction numbering, hidden tiles.

Random complete games (2, 3 and 4 players on the default board, 2 players on an even-r
board with holes and a missing edge) check at every decision that each legal action has
one index, that ``action`` inverts ``index``, that the mask is the base class's, and that
every observation lies in its space. Crafted positions check the documented formulae
(cave jumps, adjacent caves, two pawns on one field) and that face-down kinds never reach
an observation.
"""
from __future__ import annotations

import copy
import json
import random

import numpy as np
import pytest

import meeple
from meeple.games.jaeger_sammler.board import hex_neighbours
from meeple.games.jaeger_sammler.notation import JSAction
from meeple.games.jaeger_sammler.tiles import BERRIES, FACE_DOWN, NAMES, SUMMER, TUBERS
from meeple.core.encoding import Encoding
from meeple.games.jaeger_sammler.encoding import JaegerSammlerEncoding

SIZE = 4 + 4 * 11 * 11 + 4 * 11 * 3 * 11


def _even_r_board() -> dict:
    """An even-r board of 11 × 12 cells with 12 holes, and the edge 4,4–4,5 cut."""
    holes = {(0, c) for c in range(6)} | {(10, c) for c in range(6, 12)}
    cells = [(r, c) for r in range(11) for c in range(12) if (r, c) not in holes]
    names = {f"{r},{c}" for r, c in cells}
    nbrs = {f"{r},{c}": [f"{rr},{cc}" for rr, cc in hex_neighbours(r, c, "even-r")
                         if f"{rr},{cc}" in names] for r, c in cells}
    nbrs["4,4"].remove("4,5")
    nbrs["4,5"].remove("4,4")
    return {"name": "test", "layout": "even-r", "rows": 11, "cols": 12,
            "fields": sorted(names), "neighbours": nbrs,
            "summer_settlements": ["2,1", "2,10", "8,1", "8,10"],
            "winter_settlements": ["3,5", "5,2", "6,9", "7,6"],
            "mammoths": {"summer": [3, 5, 7], "winter": [8] * 12}}


def _check_decision(enc: JaegerSammlerEncoding, state, sweep: bool) -> None:
    """Exactness at one decision: indices distinct, inverted by ``action``, the mask."""
    legal = state.legal_actions()
    indices = [enc.index(state, a) for a in legal]
    assert len(set(indices)) == len(indices)
    for a, i in zip(legal, indices):
        assert 0 <= i < enc.size
        assert enc.action(state, i) == a
        assert enc.index(state, state.parse(str(a))) == i
    mask = enc.mask(state)
    assert mask.dtype == np.int8 and mask.shape == (enc.size,)
    # the fast `legal` of the game gives what the base class reads off `index`
    assert enc.legal(state) == Encoding.legal(enc, state)
    assert set(np.flatnonzero(mask)) == set(indices)
    if sweep:                       # every index: action and index are inverse
        for i in range(enc.size):
            a = enc.action(state, i)
            if a is not None:
                assert enc.index(state, a) == i, (i, str(a))


def _check_observations(enc: JaegerSammlerEncoding, state, spaces_: dict) -> None:
    for seat in range(state.num_players):
        view = state.view(seat)
        obs = enc.observe(view, seat)
        assert set(obs) == set(spaces_)
        for key, arr in obs.items():
            assert spaces_[key].contains(arr), (key, arr)


def _play(game, seed: int, sweep_every: int = 0, observe: bool = True):
    """A complete random game with every check; returns the final state."""
    enc = JaegerSammlerEncoding(game)
    spaces_ = enc.observation_spaces()
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    step = 0
    while True:
        if observe:
            _check_observations(enc, state, spaces_)
        if state.is_terminal():
            return state
        if state.current_player < 0:
            assert not enc.mask(state).any()
            state.apply_unchecked(state.sample_chance(rng))
            continue
        _check_decision(enc, state, sweep_every and step % sweep_every == 0)
        state.apply_unchecked(rng.choice(state.legal_actions()))
        step += 1


@pytest.mark.parametrize("players, seed", [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_exact_numbering_over_random_games(players, seed):
    game = meeple.load("jaeger-sammler", players=players)
    assert JaegerSammlerEncoding(game).size == SIZE
    final = _play(game, seed, sweep_every=25)
    assert final.is_terminal()


def test_exact_numbering_on_an_even_r_board_with_holes():
    game = meeple.load("jaeger-sammler", players=2, config={"board": _even_r_board()})
    enc = JaegerSammlerEncoding(game)
    assert enc.size == SIZE
    assert enc.observation_spaces()["board"].shape == (23, 11, 12)
    _play(game, 5, sweep_every=25)


@pytest.mark.parametrize("board", [None, "even"])
def test_hex_directions_follow_the_documented_offsets(board):
    config = {} if board is None else {"board": _even_r_board()}
    game = meeple.load("jaeger-sammler", players=2, config=config)
    enc, b = JaegerSammlerEncoding(game), game.board
    for f, (r, c) in enumerate(b.coords):
        s = int((r % 2 == 1) == (b.layout == "odd-r"))
        cells = [(r, c - 1), (r, c + 1), (r - 1, c + s - 1), (r - 1, c + s),
                 (r + 1, c + s - 1), (r + 1, c + s)]
        want = [b.index.get(f"{rr},{cc}", -1) for rr, cc in cells]
        assert enc._step[f] == want
        assert set(b.neighbours[f]) <= set(want) - {-1}


# --- crafted positions ------------------------------------------------------------------------
CAVES = ("0,1", "0,2", "0,10", "5,5", "9,0")   # 0,1 and 0,2 side by side


def _crafted(players: int = 2):
    """Summer laid with caves on CAVES and every other tile in sorted order."""
    game = meeple.load("jaeger-sammler", players=players)
    state = game.new_state(seed=0)
    kinds = [NAMES[c] for c in state.tiles_to_lay() if NAMES[c] != "cave"]
    empty = [state.board.names[f] for f in state.empty_fields()]
    it = iter(kinds)
    state.apply(JSAction("setup", *("cave" if n in CAVES else next(it) for n in empty)))
    return game, state


def test_cave_jumps_and_adjacent_caves():
    game, state = _crafted()
    enc = JaegerSammlerEncoding(game)
    assert [state.board.names[f] for f in state.caves] == list(CAVES)
    # seat 0's pawns by rank: 1,1  1,10  8,1  8,10; 1,10 > 0,10 is north-west (2), 0,10 > 0,1
    # is the jump to cave 0 (6 + 0)
    jump = state.parse("move 1,10>0,10>0,1")
    assert jump in state.legal_actions()
    assert enc.index(state, jump) == 4 + (1 * 11 + 2) * 11 + 6
    # 1,1 > 0,1 is north-west (2); 0,1 > 0,2: adjacent caves, spelled east (1), and the
    # jump to cave 1 (0,2) names nothing; the jump to cave 2 (0,10) is 6 + 2
    east = state.parse("move 1,1>0,1>0,2")
    assert east in state.legal_actions()
    assert enc.index(state, east) == 4 + (0 * 11 + 2) * 11 + 1
    assert enc.action(state, 4 + (0 * 11 + 2) * 11 + 6 + 1) is None
    assert enc.action(state, 4 + (0 * 11 + 2) * 11 + 6 + 2) == state.parse(
        "move 1,1>0,1>0,10")
    # a jump from a field that is no cave (the settlement 1,1), or to the cave itself
    assert enc.action(state, 4 + (0 * 11 + 6) * 11 + 0) is None
    assert enc.action(state, 4 + (0 * 11 + 2) * 11 + 6 + 0) is None
    # a direction off the board: 1,1 > north-west > north-west is row -1
    assert enc.action(state, 4 + (0 * 11 + 2) * 11 + 2) is None
    with pytest.raises(ValueError):
        enc.index(state, state.parse("move 1,1>1,2>0,10"))
    _check_decision(enc, state, sweep=True)


def test_two_pawns_on_one_field_use_the_lowest_ranks():
    game, state = _crafted()
    enc = JaegerSammlerEncoding(game)
    for text in ("move 1,10>0,10>0,1", "remove 8,10", "move 1,1>0,1 8,1>7,1", "remove 8,1"):
        state.apply(state.parse(text))
    ranks = [state.board.names[f] for f in sorted(state.pawns[0])]
    assert ranks == ["0,1", "0,1", "7,1", "8,10"]         # ranks 0-3
    _check_decision(enc, state, sweep=True)
    assert enc.index(state, state.parse("remove 0,1")) == 0
    assert enc.action(state, 0) == state.parse("remove 0,1")
    assert enc.action(state, 1) is None                   # rank 1: the second pawn on 0,1
    two = state.parse("move 0,1>0,0 0,1>0,2")             # west, then east
    assert two in state.legal_actions()
    base = 4 + 4 * 11 * 11
    assert enc.index(state, two) == base + ((0 * 11 + 0) * 3 + 0) * 11 + 1
    assert enc.action(state, base + ((1 * 11 + 0) * 3 + 0) * 11 + 1) is None   # p=1, q=0
    with pytest.raises(ValueError):
        enc.index(state, state.parse("move 7,1>6,1 7,1>6,2"))     # one pawn on 7,1


def test_index_refuses_what_the_numbering_cannot_hold():
    game, state = _crafted()
    enc = JaegerSammlerEncoding(game)
    for text in ("remove 0,0", "remove 1,2", "move 1,1>3,3>3,4", "move 5,5>5,6>5,7",
                 "move 1,1>1,2 1,1>2,1", "move 1,1>1,1>1,2", "move 1,1>1,2 1,2>1,3"):
        with pytest.raises(ValueError):
            enc.index(state, state.parse(text))
    for bad in (JSAction("setup", "berries"), JSAction("move", ("1,1",)),
                JSAction("move", "1,1"), JSAction("pass")):
        with pytest.raises(ValueError):
            enc.index(state, bad)
    for i in (-1, enc.size):
        with pytest.raises(ValueError):
            enc.action(state, i)
    chance = game.new_state(seed=0)
    with pytest.raises(ValueError):
        enc.index(chance, chance.sample_chance(random.Random(0)))
    assert enc.action(chance, 0) is None and not enc.mask(chance).any()


def test_random_actions_get_a_right_index_or_value_error():
    """Never a wrong index: any well-formed action is refused or inverted by ``action``."""
    game = meeple.load("jaeger-sammler", players=3)
    enc, rng = JaegerSammlerEncoding(game), random.Random(9)
    state = game.new_state(seed=9)
    names, board = list(game.board.names), game.board
    checked = 0

    def near(name: str) -> str:
        return names[rng.choice(board.neighbours[board.index[name]])]

    while not state.is_terminal() and state.turn < 60:
        if state.current_player < 0:
            state.apply_unchecked(state.sample_chance(rng))
            continue
        own = [names[f] for f in state.pawns[state.current_player]]
        for _ in range(200):
            pick = [rng.choice(own if rng.random() < 0.7 else names) for _ in range(4)]
            for k in (1, 2, 3):          # mostly near fields: accepted actions are common
                if rng.random() < 0.7:
                    pick[k] = near(pick[k - 1 if k < 3 else 2])
            a = rng.choice([JSAction("remove", pick[0]),
                            JSAction("move", tuple(pick[:3])),
                            JSAction("move", tuple(pick[:2]), tuple(pick[2:]))])
            try:
                i = enc.index(state, a)
            except ValueError:
                continue
            assert enc.action(state, i) == a
            checked += 1
        for a in state.legal_actions()[:40]:
            assert enc.action(state, enc.index(state, a)) == a
        state.apply_unchecked(rng.choice(state.legal_actions()))
    assert checked > 0


# --- observations ---------------------------------------------------------------------------
def _mid_game(players: int, seed: int, turns: int):
    game = meeple.load("jaeger-sammler", players=players)
    rng, state = random.Random(seed), game.new_state(seed=seed)
    while not state.is_terminal() and state.turn < turns:
        if state.current_player < 0:
            state.apply_unchecked(state.sample_chance(rng))
        else:
            state.apply_unchecked(rng.choice(state.legal_actions()))
    return game, state


def test_observations_are_deterministic_and_rotated():
    game, state = _mid_game(3, 11, 40)
    enc = JaegerSammlerEncoding(game)
    for seat in range(3):
        view = state.view(seat)
        a = enc.observe(view, seat)
        b = enc.observe(json.loads(json.dumps(view)), seat)
        c = enc.observe(copy.deepcopy(view), seat)
        for key in a:
            assert a[key].dtype == np.float32
            assert np.array_equal(a[key], b[key]) and np.array_equal(a[key], c[key])
        # row 0 is the observer: its pawns, in rank order (the numbering's ranks)
        ranks = [game.board.coords[f] for f in sorted(state.pawns[seat])]
        assert [tuple(map(int, rc)) for rc in a["pawns"][0][:len(ranks)]] == ranks
        assert (a["pawns"][0][len(ranks):] == -1).all()
        nxt = (seat + 1) % 3
        for f in state.pawns[nxt]:
            r, cc = game.board.coords[f]
            assert a["board"][19 + 1, r, cc] >= 1
        assert a["to_move"][(state.current_player - seat) % 3] == 1
        assert a["weapons"][1] == state.weapons[nxt]
        caves = [game.board.coords[f] for f in state.caves]
        assert [tuple(map(int, rc)) for rc in a["caves"]] == caves


def test_board_planes_show_the_face_up_tiles():
    game, state = _mid_game(2, 12, 30)
    enc = JaegerSammlerEncoding(game)
    board = enc.observe(state.view(0), 0)["board"]
    for f in game.board.tile_fields:
        r, c = game.board.coords[f]
        t = state.tile[f]
        assert board[1:17, r, c].sum() == (t >= 0)
        if t >= 0:
            assert board[1 + t, r, c] == 1
    assert board[0].sum() == 120 and board[17].sum() == 4 and board[18].sum() == 4


def test_face_down_kinds_never_reach_an_observation():
    """States that differ only in the kinds of face-down tiles look the same to every
    seat (the owner does not see them either); at the end the view reveals them."""
    game = meeple.load("jaeger-sammler", players=3)
    enc, rng = JaegerSammlerEncoding(game), random.Random(21)
    state, differed = game.new_state(seed=21), 0
    while not state.is_terminal():
        if state.current_player < 0:
            state.apply_unchecked(state.sample_chance(rng))
            continue
        if state.turn % 5 == 0 and sum(map(sum, state.down)):
            other = state.determinize(0, random.Random(state.turn))
            twin = state.clone()                 # move one tile's kind, same count
            p = max(range(3), key=lambda s: state.coll[s][BERRIES])
            if twin.coll[p][BERRIES]:
                twin.coll[p][BERRIES] -= 1
                twin.coll[p][TUBERS] += 1
            differed += other.coll != state.coll or twin.coll != state.coll
            for seat in range(3):
                real = enc.observe(state.view(seat), seat)
                for fake in (other, twin):
                    seen = enc.observe(fake.view(seat), seat)
                    assert all(np.array_equal(real[k], seen[k]) for k in real)
                assert not real["collected"].any() and not real["score"].any()
        state.apply_unchecked(rng.choice(state.legal_actions()))
    assert differed > 0
    for seat in range(3):                        # the end: compare with the true state
        obs = enc.observe(state.view(seat), seat)
        for i in range(3):
            s = (seat + i) % 3
            assert list(obs["collected"][i]) == [state.coll[s][k] for k in FACE_DOWN]
            assert obs["score"][i] == state.scores()[s]
            assert list(obs["face_down"][i]) == state.down[s]
    assert state.season != SUMMER


def test_describe_names_every_array():
    enc = JaegerSammlerEncoding(meeple.load("jaeger-sammler", players=4))
    assert set(enc.describe()) == set(enc.observation_spaces())
    assert enc.observation_spaces()["board"].shape == (27, 10, 12)
