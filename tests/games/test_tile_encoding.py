"""The tile games' RL encodings (``games/_tilegame/encoding.py`` and each game's own): exact
masks, round trips, observations.

Random complete games of Carcassonne and Hunters & Gatherers (short decks for 2–4 players,
one full-size game each) check at every decision that every legal action's index maps back
to it, that the indices are distinct and that the mask is 1 exactly at them; every seat's
observation at every step lies in its space, does not depend on the encoding's cache, and
its ``fits`` plane agrees with the legal placements. Hidden information: the pile's order
never reaches an observation (states differing only in their future draws look the same).
"""
from __future__ import annotations

import json
import random

import numpy as np
import pytest

import meeple
from meeple.core.action import Action
from meeple.core.encoding import Encoding
from meeple.core.game import Game
from meeple.games._tilegame.encoding import LOC_CELL, TileEncoding
from meeple.games.carcassonne.encoding import CarcassonneEncoding
from meeple.games.hunters_gatherers.encoding import HuntersGatherersEncoding

CARC_SHORT = {"A": 1, "B": 1, "C": 1, "D": 2, "E": 2, "F": 1, "H": 1, "I": 1, "J": 1,
              "K": 1, "L": 1, "U": 2, "V": 2, "W": 1, "X": 1}
HG_SHORT = {"L40": 2, "L29": 2, "L39": 1, "L53": 2, "L52": 1, "L07": 2, "L04": 1, "L05": 1,
            "L60": 2, "L66": 1, "L02": 1}
HG_BONUS = {"B01": 1, "B02": 1, "B03": 1, "B05": 1, "B07": 1, "B11": 1}
ENCODINGS = {"carcassonne": CarcassonneEncoding, "hunters-gatherers": HuntersGatherersEncoding}


def make(name: str, players: int, config: dict | None = None
         ) -> tuple[Game, TileEncoding]:
    game = meeple.load(name, players=players, config=config or {})
    return game, ENCODINGS[name](game)


def play(game, seed: int):
    """Yield every state of a random game (decisions and chance nodes alike)."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_terminal():
            return
        if state.current_player < 0:
            state.apply_unchecked(state.sample_chance(rng))
        else:
            state.apply_unchecked(rng.choice(state.legal_actions()))


def check_actions(enc: TileEncoding, state) -> None:
    """The exactness property and the parse round trip at one decision."""
    legal = state.legal_actions()
    indices = [enc.index(state, a) for a in legal]
    assert len(set(indices)) == len(indices)
    assert all(0 <= i < enc.size for i in indices)
    for a, i in zip(legal, indices):
        assert enc.action(state, i) == a
        assert enc.index(state, state.parse(str(a))) == i
    mask = enc.mask(state)
    assert mask.dtype == np.int8 and mask.shape == (enc.size,)
    assert set(np.flatnonzero(mask)) == set(indices)
    # the fast `legal` of the game gives what the base class reads off `index`
    assert enc.legal(state) == Encoding.legal(enc, state)


def check_aliases(enc: TileEncoding, state) -> None:
    """Other spellings of a legal follower/hut name the same feature at their own literal
    index, which the mask does not allow."""
    mask = enc.mask(state)
    o = state.board.placed[state.last]
    for a in state.legal_actions():
        if a[0] not in ("follower", "hut"):
            continue
        loc = a[-1]
        seg = o.loc_seg[loc]
        for alias in o.locs[seg][1:]:
            other = state.parse(f"{' '.join(a[:-1])} {alias}")
            i = enc.index(state, other)
            assert mask[i] == 0 and enc.action(state, i) == other


def check_observation(enc: TileEncoding, state, fresh: TileEncoding) -> None:
    """Every seat's arrays lie in their spaces and equal those of ``fresh`` with its canvas
    emptied first (the cache changes nothing); the fits plane matches the legal
    placements."""
    spaces = enc.observation_spaces()
    for seat in range(state.num_players):
        view = state.view(seat)
        obs = enc.observe(view, seat)
        assert set(obs) == set(spaces)
        for name, arr in obs.items():
            assert spaces[name].contains(arr), (name, arr.dtype, arr.shape)
        fresh._clear()
        again = fresh.observe(view, seat)
        for name in obs:
            assert np.array_equal(obs[name], again[name]), name
    obs = enc.observe(state.view(0), 0)
    ox, oy = (int(v) for v in obs["origin"])
    span = 2 * enc.radius + 1
    fits = obs["board"][enc.channel["fits"]]
    got = {(ox + c // 3, oy + r // 3) for r, c in zip(*np.nonzero(fits))}
    want = {(a[2], a[3]) for a in state.legal_actions() if a[0] == "place"}
    assert got == {(x, y) for x, y in want if 0 <= x - ox < span and 0 <= y - oy < span}
    inside = [t for t in state.view(0)["board"]
              if 0 <= t["x"] - ox < span and 0 <= t["y"] - oy < span]
    assert obs["board"][enc.channel["tile"]].sum() == 9 * len(inside)


def run_game(name: str, players: int, seed: int, config: dict | None = None,
             observe_every: int = 1) -> dict[str, int]:
    """Check a whole random game; how many decisions of each phase it had."""
    game, enc = make(name, players, config)
    fresh = ENCODINGS[name](game)
    phases: dict[str, int] = {}
    for k, state in enumerate(play(game, seed)):
        if state.current_player >= 0:
            check_actions(enc, state)
            if state.phases[state.phase] == "follower":
                check_aliases(enc, state)
            key = "bonus" if getattr(state, "extra", False) else state.phases[state.phase]
            phases[key] = phases.get(key, 0) + 1
        if k % observe_every == 0 or state.is_terminal():
            check_observation(enc, state, fresh)
    return phases


# --- exactness over complete games ----------------------------------------------------
@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (5, 3)])
def test_carcassonne_short_games(players: int, seed: int) -> None:
    run_game("carcassonne", players, seed, {"deck": CARC_SHORT})


def test_carcassonne_full_game() -> None:
    phases = run_game("carcassonne", 2, 7)
    assert phases["place"] > 60


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 4), (4, 5)])
def test_hunters_gatherers_short_games(players: int, seed: int) -> None:
    run_game("hunters-gatherers", players, seed, {"deck": HG_SHORT, "bonus_deck": HG_BONUS})


def test_hunters_gatherers_bonus_tiles_covered() -> None:
    """Some short games reach the bonus step; its place and hut actions are exact too."""
    seen = 0
    for seed in range(8):
        seen += run_game("hunters-gatherers", 2, 10 + seed,
                         {"deck": HG_SHORT, "bonus_deck": HG_BONUS}, observe_every=4
                         ).get("bonus", 0)
    assert seen > 0


def test_hunters_gatherers_full_game() -> None:
    phases = run_game("hunters-gatherers", 2, 9)
    assert phases["place"] > 60


# --- the numbering ----------------------------------------------------------------------
def test_sizes() -> None:
    assert make("carcassonne", 2)[1].size == 4 * 143 ** 2 + 17 + 1
    assert make("carcassonne", 5)[1].size == 4 * 143 ** 2 + 17 + 1
    assert make("hunters-gatherers", 3)[1].size == 4 * 181 ** 2 + 16 + 5 + 1
    n = sum(CARC_SHORT.values())
    assert make("carcassonne", 2, {"deck": CARC_SHORT})[1].size == 4 * (2 * n + 1) ** 2 + 18
    n = sum(HG_SHORT.values()) + sum(HG_BONUS.values())
    enc = make("hunters-gatherers", 2, {"deck": HG_SHORT, "bonus_deck": HG_BONUS})[1]
    assert enc.size == 4 * (2 * n + 1) ** 2 + 22


def test_place_formula_and_fixed_order() -> None:
    game, enc = make("carcassonne", 2)
    state = game.new_state(seed=0)
    state.apply(state.sample_chance(random.Random(0)))
    a = state.legal_actions()[0]
    n = enc.bound
    assert enc.index(state, a) == ((a[3] + n) * (2 * n + 1) + a[2] + n) * 4 + a[4] // 90
    assert str(enc.action(state, enc.n_place)) == "follower road N"
    assert str(enc.action(state, enc.n_place + 8)) == "follower monastery C"
    assert str(enc.action(state, enc.size - 1)) == "pass"
    hg = make("hunters-gatherers", 2)[1]
    assert [str(a) for a in hg.fixed[-6:]] == ["hut N", "hut E", "hut S", "hut W", "hut C",
                                                "pass"]


def test_unnumbered_actions_raise_value_error() -> None:
    game, enc = make("carcassonne", 2)
    state = game.new_state(seed=0)
    draw = state.sample_chance(random.Random(0))
    with pytest.raises(ValueError):
        enc.index(state, draw)                                  # chance is not numbered
    with pytest.raises(ValueError):
        enc.index(state, Action("place", "A", 0, 1, 0))         # no tile drawn yet
    state.apply(draw)
    tile, n = state.tile, enc.bound
    other = next(t for t in game.types if t != tile)
    bad = [Action("place", other, 0, 1, 0), Action("place", tile, n + 1, 0, 0),
           Action("place", tile, 0, -n - 1, 0), Action("place", tile, True, 0, 0),
           Action("place", tile, 0, 1, 45), Action("place", tile, 0, 1.0, 0),
           Action("hut", "N"), Action("follower", "river", "N"), Action("follower", "road"),
           Action("follower", "field", "N"), Action("follower", "road", ["N"]),
           Action("swap")]
    for action in bad:
        with pytest.raises(ValueError):
            enc.index(state, action)
    assert enc.action(game.new_state(seed=1), 0) is None       # no tile: no place action
    for index in (-1, enc.size):
        with pytest.raises(ValueError):
            enc.action(state, index)
    hg_game, hg = make("hunters-gatherers", 2)
    hg_state = hg_game.new_state(seed=0)
    for action in (Action("follower", "river", "C"), Action("hut", "Nw"),
                   Action("follower", "road", "N")):
        with pytest.raises(ValueError):
            hg.index(hg_state, action)


# --- observations -----------------------------------------------------------------------
def test_hidden_pile_order() -> None:
    """Two games that differ only in their seeds (so in what they would draw next) look the
    same to every seat after the same actions; an observation is made from the view alone
    (a JSON copy of it gives the same arrays)."""
    for name, config in (("carcassonne", {"deck": CARC_SHORT}),
                         ("hunters-gatherers", {"deck": HG_SHORT, "bonus_deck": HG_BONUS})):
        game, enc = make(name, 3, config)
        trace, twin = game.new_state(seed=5), game.new_state(seed=99)
        rng = random.Random(5)
        differs = 0
        while not trace.is_terminal():
            for seat in range(3):
                a = enc.observe(trace.view(seat), seat)
                b = enc.observe(json.loads(json.dumps(twin.view(seat))), seat)
                assert all(np.array_equal(a[k], b[k]) for k in a)
            if trace.current_player < 0:
                differs += trace.clone().sample_chance() != twin.clone().sample_chance()
                action = trace.sample_chance(rng)
            else:
                action = rng.choice(trace.legal_actions())
            trace.apply_unchecked(action)
            twin.apply_unchecked(action)
        assert differs > 0


def test_rotation_and_pieces() -> None:
    """Seat arrays and follower channels are rotated; each follower is drawn at its
    location's cell; the last placed tile is marked."""
    game, enc = make("hunters-gatherers", 3)
    final = None
    for state in play(game, 3):
        if len(state.followers) >= 4 and state.current_player >= 0:
            final = state.clone()
            break
    assert final is not None
    view = final.view(1)
    obs = enc.observe(view, 1)
    assert list(obs["scores"]) == [view["scores"][s] for s in (1, 2, 0)]
    assert list(obs["supply"]) == [view["supply"][s] for s in (1, 2, 0)]
    assert list(obs["huts"]) == [view["huts_in_hand"][s] for s in (1, 2, 0)]
    assert obs["active"][(view["active"] - 1) % 3] == 1
    ox, oy = (int(v) for v in obs["origin"])
    for f in view["followers"]:
        r, c = LOC_CELL[f["location"]]
        ch = enc.channel[f"follower{(f['seat'] - 1) % 3}"]
        assert obs["board"][ch, 3 * (f["y"] - oy) + r, 3 * (f["x"] - ox) + c] == 1
    follower_planes = [enc.channel[f"follower{s}"] for s in range(3)]
    assert obs["board"][follower_planes].sum() == len(view["followers"])
    last = view["board"][-1]
    assert obs["board"][enc.channel["last"]].sum() == 9
    assert obs["board"][enc.channel["last"], 3 * (last["y"] - oy) + 1,
                        3 * (last["x"] - ox) + 1] == 1


def test_tile_pile_phase_arrays() -> None:
    game, enc = make("carcassonne", 2)
    state = game.new_state(seed=4)
    obs = enc.observe(state.view(0), 0)
    assert obs["tile"].sum() == 0 and obs["phase"][enc.phase_index["draw"]] == 1
    assert obs["pile"].sum() == obs["remaining"][0] == 71
    assert obs["origin"].tolist() == [-enc.radius, -enc.radius]
    state.apply(state.sample_chance(random.Random(4)))
    obs = enc.observe(state.view(1), 1)
    assert obs["tile"][game.type_index[state.tile]] == 1 and obs["tile"].sum() == 1
    assert obs["phase"][enc.phase_index["place"]] == 1
    assert obs["pile"][game.type_index[state.tile]] == state.pile[game.type_index[state.tile]]


def test_stamps_show_the_tiles() -> None:
    """The start tile D of Carcassonne: city north, a road west–east through the centre,
    fields on both sides of the road (split by it); turned 90: the city faces east."""
    enc = make("carcassonne", 2)[1]
    ch = enc.channel
    d0 = enc.stamps[("D", 0)]
    assert d0[ch["city"], 0, 1] == 1 and d0[ch["road"], 1].tolist() == [1, 1, 1]
    assert d0[ch["field"], 0].tolist() == [1, 0, 1] and d0[ch["field"], 2].tolist() == [1, 1, 1]
    d90 = enc.stamps[("D", 90)]
    assert d90[ch["city"], 1, 2] == 1 and d90[ch["road"], :, 1].tolist() == [1, 1, 1]
    assert enc.stamps[("C", 0)][ch["pennant"]].sum() == 1
    assert enc.stamps[("B", 0)][ch["monastery"], 1, 1] == 1
    hg = make("hunters-gatherers", 2)[1]
    s0 = hg.stamps[("S", 0)]
    assert s0[hg.channel["lake"], 1, 1] == 1 and s0[hg.channel["fish"], 1, 1] == 1
    assert s0[hg.channel["mammoth"], 0, 0] == 1 and s0[hg.channel["nugget"], 1, 2] == 1


def test_cache_survives_switching_games() -> None:
    """Observing views of different games in turn gives what a fresh encoding gives."""
    game, enc = make("carcassonne", 2, {"deck": CARC_SHORT})
    a = [s.view(0) for s in _snapshots(game, 1)]
    b = [s.view(0) for s in _snapshots(game, 2)]
    for va, vb in zip(a, b):
        for view in (va, vb):
            mine, fresh = enc.observe(view, 0), CarcassonneEncoding(game).observe(view, 0)
            assert all(np.array_equal(mine[k], fresh[k]) for k in mine)


def _snapshots(game, seed: int) -> list:
    return [s.clone() for s in play(game, seed)]


def test_describe_names_every_array() -> None:
    for name in ENCODINGS:
        enc = make(name, 2)[1]
        assert set(enc.describe()) == set(enc.observation_spaces())


def test_wrong_game_and_radius() -> None:
    with pytest.raises(ValueError):
        CarcassonneEncoding(meeple.load("hunters-gatherers", players=2))
    with pytest.raises(ValueError):
        CarcassonneEncoding(meeple.load("carcassonne", players=2), radius=-1)
    enc = CarcassonneEncoding(meeple.load("carcassonne", players=2), radius=2)
    assert enc.observation_spaces()["board"].shape == (len(enc.channels), 15, 15)
