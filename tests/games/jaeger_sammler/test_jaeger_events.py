"""Jäger und Sammler's events agree with the public facts they report."""
from __future__ import annotations

import random

import pytest
from helpers import random_steps
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple

SOME = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _game(seed: int, players: int):
    state = meeple.load("jaeger-sammler", players).new_state(seed)
    laid_then_to_move = []
    for _ in random_steps(state, random.Random(seed)):
        laid = [e for e in state.events_since(state.action_count - 1) if e["kind"] == "laid"]
        if laid and not state.is_terminal() and state.current_player >= 0:
            laid_then_to_move.append((laid[0]["first"], state.current_player))
    return state, laid_then_to_move


@SOME
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_what_the_events_say_was_taken_is_what_each_seat_holds(seed, players):
    state, _ = _game(seed, players)
    events = state.events
    for p in range(players):
        took = [e for e in events if e["kind"] == "took" and e["seat"] == p]
        assert sum(e["face_down"] for e in took) == sum(state.down[p])
        assert sorted(v for e in took for v in e["mammoths"]) == sorted(state.mammoths[p])
        assert sum(e["weapons"] - e["spent"] for e in took) == state.weapons[p]
        crates = [e for e in events if e["kind"] == "crate" and e["seat"] == p]
        assert len({(e["field"], e["season"]) for e in crates}) == len(crates)
    seasons = [e["season"] for e in events if e["kind"] == "season"]
    assert seasons == ["summer", "winter"]
    assert [e["season"] for e in events if e["kind"] == "laid"] == ["summer", "winter"]


@pytest.mark.parametrize("seed", [1, 5, 14])
def test_the_set_up_names_the_seat_that_really_begins(seed):
    """Games where the seat with the highest summer mammoth has no pawn in winter: the
    next seat with one begins, and the event says so."""
    state, pairs = _game(seed, 3)
    assert len(pairs) == 2 and all(first == to_move for first, to_move in pairs)
    winter = next(e for e in state.events if e["kind"] == "laid" and e["season"] == "winter")
    best = state.best[1]
    assert winter["first"] != best
    colour = ("red", "blue", "green", "yellow")[best]
    assert f"(seat {best} ({colour}), with the highest summer mammoth, has no pawn)" in winter["text"]


def test_a_seat_without_pawns_is_said_to_sit_out():
    for seed in range(20):
        state, _ = _game(seed, 3)
        out = [e for e in state.events if e["kind"] == "out"]
        if out:
            assert all("sits out the rest of" in e["text"] for e in out)
            return
    pytest.fail("no seat ran out of pawns in 20 random games")


def test_face_down_kinds_never_appear_in_the_events_before_the_end():
    state, _ = _game(5, 2)
    reveal = next(i for i, e in enumerate(state.events) if e["kind"] == "scored")
    words = " ".join(e["text"] for e in state.events[:reveal])
    for kind in ("berries", "berry", "tuber", "herb", "jug", "necklace", "fur", "skull"):
        assert kind not in words
