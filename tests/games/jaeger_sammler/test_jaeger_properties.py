"""Jäger und Sammler invariants under random play (hypothesis properties)."""
from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
from meeple.core.record import Record
from meeple.core.state import CHANCE
from meeple.games.jaeger_sammler.notation import JSAction
from meeple.games.jaeger_sammler.tiles import (CAVE, FACE_DOWN, KINDS, PATH, SETTLEMENT, SUMMER,
                                               WEAPON, WINTER, mammoth_code, season_tiles)
from meeple.play.replay import replay

from helpers import random_playout, random_steps, snapshot

SOME = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _whereabouts(state) -> Counter:
    """Every tile of the game counted once where it is: board, collections, out, box."""
    where = Counter()
    for f in state.board.tile_fields:
        if state.tile[f] >= 0:
            where[state.tile[f]] += 1
    for p in range(state.num_players):
        for k in FACE_DOWN:
            where[k] += state.coll[p][k]
        where[WEAPON] += state.weapons[p]
        for v in state.mammoths[p]:
            where[mammoth_code(v)] += 1
    for season in (SUMMER, WINTER):
        for k in range(KINDS):
            where[k] += state.discarded[season][k]
    where[WEAPON] += state.spent
    for season in (SUMMER, WINTER):
        unlaid = season == WINTER and state.season == SUMMER or (
            state.season == season and state.phase == "setup")
        if unlaid:
            where.update(state.tiles_to_lay() if state.season == season
                         else season_tiles(WINTER, list(state.board.mammoths[WINTER])))
    return where


def _all_tiles(state) -> Counter:
    mammoths = state.board.mammoths
    return Counter(season_tiles(SUMMER, list(mammoths[0])) + season_tiles(WINTER,
                                                                          list(mammoths[1])))


@SOME
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_random_play_ends_and_every_tile_is_in_exactly_one_place(seed, players):
    state = meeple.load("jaeger-sammler", players).new_state(seed)
    rng = random.Random(seed)
    everything = _all_tiles(state)
    assert sum(everything.values()) == 200
    fixed = None
    for _ in random_steps(state, rng, max_actions=5000):
        assert _whereabouts(state) == everything
        specials = {f: state.tile[f] for f in state.board.tile_fields
                    if state.tile[f] in (PATH, CAVE)}
        if fixed is None and state.phase != "setup":
            fixed = specials
            assert len(fixed) == 24
        if fixed is not None:
            assert specials == fixed                      # paths and caves never move
        assert all(n <= 1 or state.tile[f] in (CAVE, SETTLEMENT)   # one pawn per tile
                   for f, n in enumerate(state.count))
    seats = state.score_breakdown()["seats"]
    assert [s["total"] for s in seats] == state.scores()
    assert all(sum(i["points"] for i in s["items"]) == s["total"] for s in seats)


@SOME
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_replay_reproduces_the_scores(seed, players):
    game = meeple.load("jaeger-sammler", players)
    state = game.new_state(seed)
    actions = random_playout(state, random.Random(seed))
    record = Record.loads(Record("jaeger-sammler", players, {}, seed, actions).dumps())
    again = replay(record)
    assert again.is_terminal() and again.scores() == state.scores()
    assert again.score_breakdown() == state.score_breakdown()


def _mutations(state, rng) -> list[str]:
    """Nearly legal moves: a legal move with one field changed, and moves of other seats."""
    names = state.board.names
    out = []
    for action in rng.sample(state.legal_actions(), min(10, len(state.legal_actions()))):
        text = str(action)
        out.append(text.replace(text.split()[-1].split(">")[-1], rng.choice(names), 1))
        out.append(text.replace(">", ">" + rng.choice(names) + ">", 1))
    return out


@SOME
@given(seed=st.integers(0, 2**31), cut=st.floats(0, 1), data=st.data())
def test_illegal_actions_leave_the_state_unchanged(seed, cut, data):
    game = meeple.load("jaeger-sammler", 3)
    record = random_playout(game.new_state(seed), random.Random(seed))
    state = game.new_state(seed)
    for text in record[: int(cut * len(record))]:
        state.apply(text)
    pool = record + ["", "move", "remove 1,1 1,2", "setup cave", "move 1,1>1,1>1,1"]
    if not state.is_terminal() and state.current_player != CHANCE:
        pool += _mutations(state, random.Random(seed))
    pool = [t for t in pool if _refused(state, t)]
    before = snapshot(state)
    for text in data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=5)):
        with pytest.raises(meeple.IllegalAction):
            state.apply(text)
        assert snapshot(state) == before


def _refused(state, text: str) -> bool:
    try:
        return state.is_terminal() or state.check(state.parse(text)) is not None
    except meeple.IllegalAction:
        return True


def _candidates(state) -> set[JSAction]:
    """Every move that could be written for the seat to move, legal or not."""
    names, nbrs = state.board.names, state.board.neighbours
    fields = sorted(set(state.pawns[state.seat]))

    def near(a):
        return sorted(set(nbrs[a]) | set(state.caves))

    out = {JSAction("move", (names[a], names[b], names[c]))
           for a in fields for b in near(a) for c in near(b) + [a]}
    steps = [(names[a], names[b]) for a in fields for b in near(a)]
    out |= {JSAction("move", s, t) for s, t in itertools.product(steps, steps)}
    out |= {JSAction("remove", names[f]) for f in range(0, len(names), 5)}
    return out


def _effect(state, action):
    copy = state.clone()
    copy.apply_unchecked(action)
    return (copy.tile, copy.count, [sorted(p) for p in copy.pawns], copy.crates, copy.hand,
            copy.weapons, copy.coll, copy.seat, copy.phase)


@FEW
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_the_listed_moves_are_exactly_the_legal_ones(seed, players):
    """legal_actions() against check() on every move that could be written: nothing legal
    is missing except the other order of an equivalent two-pawn move, nothing listed is
    illegal, and check() changes nothing."""
    state = meeple.load("jaeger-sammler", players).new_state(seed)
    rng = random.Random(seed)
    k = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        listed = state.legal_actions()
        if k % 7 == 0:
            assert len(set(listed)) == len(listed)
            before = snapshot(state)
            for action in listed:
                assert state.check(action) is None, action
                assert state.parse(str(action)) == action
            assert snapshot(state) == before
            for action in _candidates(state) - set(listed):
                if state.check(action) is None:
                    swapped = JSAction("move", action[2], action[1])
                    assert len(action) == 3 and swapped in listed, action
                    assert _effect(state, action) == _effect(state, swapped)
        k += 1
        state.apply(rng.choice(listed))
