"""The Catan Dice encoding: an exact, fixed numbering and observations made from the view.

Random and greedy games (1–4 players) check at every decision that every legal action has
its own index which maps back to it, that the mask is the base class's, and that each
observation fits its space, is deterministic and matches a plain reference build of the
same arrays. Constructed positions reach every index of the numbering.
"""
from __future__ import annotations

import copy
import random

import numpy as np
import pytest

import meeple
from meeple.core.action import Action
from meeple.games.catan_dice.island import INDEX, STRUCTURES
from meeple.games.catan_dice.encoding import CatanDiceEncoding, action_table, max_box_points
from meeple.core.encoding import Encoding

RESOURCES = ("ore", "grain", "wool", "lumber", "brick")
FACES = RESOURCES + ("gold",)
SEAT_ARRAYS = ("active", "sheets", "jokers", "boxes", "written", "crosses", "totals")


def encoding(players: int) -> tuple[object, CatanDiceEncoding]:
    game = meeple.load("catan-dice", players=players)
    return game, CatanDiceEncoding(game)


def play(game, seed: int, greedy: float):
    """Yield every decision state of one game: random moves, greedy with chance ``greedy``."""
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    while not state.is_terminal():
        if state.current_player < 0:
            state.apply_unchecked(state.sample_chance(rng))
            continue
        yield state
        if rng.random() < greedy:
            action = game.policy.greedy_action(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_unchecked(action)
    yield state


def reference_observation(view: dict, seat: int, players: int) -> dict[str, np.ndarray]:
    """The observation built the plain way, array by array, to check the fast one."""
    rot = [(s - seat) % players for s in range(players)]
    faces = [FACES.index(f) for f in view["dice"]]
    obs = {"dice": np.eye(6, dtype=np.int8)[faces],
           "used": np.array(view["used"], dtype=np.int8),
           "free_faces": np.array([sum(1 for f, u in zip(faces, view["used"])
                                       if f == face and not u) for face in range(6)], np.int8),
           "rolls": np.eye(4, dtype=np.int8)[view["rolls"]],
           "phase": np.eye(4, dtype=np.int8)[["rolling", "choosing", "building", "over"]
                                             .index(view["phase"])],
           "active": np.eye(players, dtype=np.int8)[rot[view["active"]]],
           "turn": np.array([view["turn"]], dtype=np.int8),
           "built_this_turn": np.zeros(32, np.int8)}
    for name in view["built_this_turn"]:
        obs["built_this_turn"][INDEX[name]] = 1
    arrays = {k: np.zeros((players, w), np.int8)
              for k, w in (("sheets", 32), ("jokers", 6), ("boxes", 15), ("written", 15),
                           ("crosses", 15))}
    totals = np.zeros(players, np.float32)
    for s, sheet in enumerate(view["sheets"]):
        r = rot[s]
        for name in sheet["built"]:
            arrays["sheets"][r, INDEX[name]] = 1
        for k in sheet["jokers_used"]:
            arrays["jokers"][r, int(k[1:]) - 1] = 1
        for t, (points, built) in enumerate(zip(sheet["boxes"], sheet["boxes_built"])):
            arrays["boxes"][r, t] = points
            arrays["written"][r, t] = 1
            arrays["crosses"][r, t] = not built
        totals[r] = sheet["total"]
    obs.update(arrays, totals=totals)
    return obs


def assert_same(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for k, x in a.items():
        assert x.dtype == b[k].dtype and x.shape == b[k].shape, k
        assert np.array_equal(x, b[k]), k


def check_actions(enc: CatanDiceEncoding, state) -> None:
    """The exactness property of one position."""
    legal = state.legal_actions()
    indices = [enc.index(state, a) for a in legal]
    assert len(set(indices)) == len(indices)
    for i, a in zip(indices, legal):
        assert enc.action(state, i) == a
        assert enc.index(state, state.parse(str(a))) == i
    mask = enc.mask(state)
    assert mask.dtype == np.int8 and mask.shape == (enc.size,)
    # the fast `legal` of the game gives what the base class reads off `index`
    assert enc.legal(state) == Encoding.legal(enc, state)
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(indices)


def check_observation(enc: CatanDiceEncoding, state, seat: int) -> None:
    spaces = enc.observation_spaces()
    view = state.view(seat)
    obs = enc.observe(view, seat)
    assert obs.keys() == spaces.keys() == enc.describe().keys()
    for k, space in spaces.items():
        assert space.contains(obs[k]), (k, obs[k])
    assert_same(obs, enc.observe(copy.deepcopy(view), seat))
    assert_same(obs, reference_observation(view, seat, enc.players))


# --- the numbering ----------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_size_is_fixed(players):
    _game, enc = encoding(players)
    assert enc.size == 232 == len(action_table())


def test_index_formulae_of_the_docstring():
    game, enc = encoding(2)
    state = game.new_state(seed=0)
    at = {str(a): i for i, a in enumerate(enc.actions)}
    for m in range(1, 64):
        assert at["reroll " + " ".join(str(d) for d in range(6) if m >> d & 1)] == m - 1
    assert at["stop"] == 63 and at["end"] == 231
    for i in range(6):
        for j in range(i + 1, 6):
            p = i * (11 - i) // 2 + j - i - 1
            for r, res in enumerate(RESOURCES):
                assert at[f"trade {i} {j} {res}"] == 64 + 5 * p + r
        for k in range(1, 6):
            assert at[f"joker K{k} {i}"] == 139 + 6 * (k - 1) + i
        for r, res in enumerate(RESOURCES):
            assert at[f"joker K6 {i} {res}"] == 169 + 5 * i + r
    for s, (name, kind, _v, _p) in enumerate(STRUCTURES):
        assert at[f"build {kind} {name}"] == 199 + s
    assert at["build road R3"] == 202 and at["build city C7"] == 221
    assert at["build knight K1"] == 225
    assert len(at) == enc.size
    assert all(enc.index(state, a) == i for i, a in enumerate(enc.actions))


def test_every_index_parses_back_from_its_notation():
    game, enc = encoding(3)
    state = game.new_state(seed=0)
    for i, a in enumerate(enc.actions):
        assert state.parse(str(a)) == a
        assert enc.index(state, state.parse(str(a))) == i
        assert enc.action(state, np.int64(i)) == a


def test_action_outside_the_numbering_is_none():
    game, enc = encoding(2)
    state = game.new_state(seed=0)
    assert enc.action(state, -1) is None and enc.action(state, enc.size) is None


@pytest.mark.parametrize("action", [
    Action("roll", "ore", "ore", "gold", "wool", "wool", "brick"), Action("roll", "ore"),
    Action("reroll", 3, 1), Action("reroll", 1, 1), Action("reroll"), Action("reroll", 6),
    Action("reroll", True), Action("reroll", 1.0), Action("reroll", np.int64(1)),
    Action("trade", 4, 1, "ore"), Action("trade", 1, 1, "ore"), Action("trade", 1, 4, "gold"),
    Action("trade", 1, 4), Action("joker", "K6", 1), Action("joker", "K6", 1, "gold"),
    Action("joker", "K1", 0, "ore"), Action("joker", "K7", 0), Action("joker", "K1", "0"),
    Action("build", "road", "C7"), Action("build", "city", "C8"), Action("build", "R3"),
    Action("stop", 1), Action("end", "now"), Action("pass"), "stop", ["stop"], None, 5,
])
def test_index_refuses_what_the_numbering_cannot_hold(action):
    game, enc = encoding(2)
    with pytest.raises(ValueError):
        enc.index(game.new_state(seed=0), action)


def building_position(game, seed: int):
    """A building-phase position with every knight built and its joker unused, and random
    dice (each face twice as likely to be gold), some of them spent."""
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    while state.current_player < 0:
        state.apply_unchecked(state.sample_chance(rng))
    state.apply_unchecked(Action("stop"))
    sheet = state.sheets[state.seat]
    for k in range(1, 7):
        sheet.built |= 1 << INDEX[f"K{k}"]
    state.dice = [rng.choice((0, 1, 2, 3, 4, 5, 5, 5)) for _ in range(6)]
    state.used = rng.randrange(64) if rng.random() < 0.5 else 0
    return state


def test_constructed_positions_reach_every_index():
    """Every index is the engine's legal action somewhere, and every such position is exact
    (jokers of every knight, two or more gold dice, spent dice)."""
    game, enc = encoding(2)
    seen = np.zeros(enc.size, dtype=bool)
    for seed in range(300):
        state = building_position(game, seed)
        check_actions(enc, state)
        seen |= enc.mask(state).astype(bool)
    state = game.new_state(seed=0)
    state.apply_unchecked(state.sample_chance(random.Random(0)))
    check_actions(enc, state)
    seen |= enc.mask(state).astype(bool)
    assert seen[:199].all() and seen[231]  # the builds: the next test


def test_every_build_is_legal_somewhere():
    """Each ``build`` index is legal once its prerequisites are built and its dice shown."""
    game, enc = encoding(1)
    faces = {"road": [4, 3], "settlement": [4, 3, 2, 1], "city": [0, 0, 0, 1, 1],
             "knight": [0, 2, 1]}
    for s, (name, kind, _v, pre) in enumerate(STRUCTURES):
        state = building_position(game, 0)
        sheet = state.sheets[state.seat]
        sheet.built = 0
        todo = list(pre)
        while todo:
            n = todo.pop()
            sheet.built |= 1 << INDEX[n]
            todo += [p for nm, _k, _v, ps in STRUCTURES if nm == n for p in ps]
        state.dice = (faces[kind] + [5] * 6)[:6]
        state.used = 0
        assert enc.mask(state)[199 + s] == 1, name
        check_actions(enc, state)


# --- whole games ------------------------------------------------------------------------
@pytest.mark.parametrize("players,seed,greedy", [
    (1, 1, 0.0), (1, 2, 0.9), (2, 3, 0.0), (2, 4, 0.8), (3, 5, 0.5), (3, 6, 0.9),
    (4, 7, 0.7),
])
def test_exact_numbering_and_observations_over_games(players, seed, greedy):
    game, enc = encoding(players)
    for state in play(game, seed, greedy):
        if state.current_player >= 0:
            check_actions(enc, state)
        else:
            assert not enc.mask(state).any()
        for seat in range(players):
            check_observation(enc, state, seat)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_nothing_is_hidden_and_rows_rotate(players):
    """Every seat's view is the same but for its ``seat`` key (the game hides nothing), so
    a seat's observation is seat 0's with the seat rows rolled to start at that seat."""
    game, enc = encoding(players)
    for n, state in enumerate(play(game, 10 + players, 0.8)):
        if n % 7:
            continue
        base = enc.observe(state.view(0), 0)
        spectator = state.view(None)
        for seat in range(players):
            view = state.view(seat)
            assert {**view, "seat": None} == spectator
            obs = enc.observe(view, seat)
            assert_same(obs, enc.observe(spectator, seat))
            for k in obs:
                expect = np.roll(base[k], -seat, axis=0) if k in SEAT_ARRAYS else base[k]
                assert np.array_equal(obs[k], expect), k


def test_observations_do_not_share_memory_between_calls():
    game, enc = encoding(2)
    state = next(play(game, 0, 0.0))
    first = enc.observe(state.view(0), 0)
    kept = {k: v.copy() for k, v in first.items()}
    for v in first.values():
        v[...] = 0
    assert_same(enc.observe(state.view(0), 0), kept)


def test_box_bound_is_the_most_six_dice_pay_for():
    assert max_box_points() == 30
    _game, enc = encoding(1)
    space = enc.observation_spaces()["boxes"]
    assert space.low.min() == -2 and space.high.max() == 30
