"""What the seat to move can do now, in one sentence (``State.advice``, issue 26): said only
to the seat to move, counting what the legal moves allow, and saying why when a phase leaves
nothing to choose; in Czech and Russian too."""
from __future__ import annotations

import random

import pytest

import meeple
from meeple.core.state import CHANCE
from meeple.i18n import translate
from meeple.play.history import History

GAMES = ("carcassonne", "hunters-gatherers", "jaeger-sammler", "catan-dice")


def positions(name: str, seed: int, limit: int = 600):
    history, rng = History(meeple.load(name, 2), seed), random.Random(seed)
    while not history.state.is_terminal() and len(history.actions) < limit:
        state = history.state
        yield state
        history.apply(state.sample_chance(rng) if state.current_player == CHANCE
                      else rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
def test_advice_goes_to_the_seat_to_move_only(name):
    said = 0
    for state in positions(name, 5):
        for seat in range(state.num_players):
            advice = state.advice(seat)
            if seat != state.current_player:
                assert advice is None
            elif advice is not None:
                said += 1
                assert translate(advice, "cs") != advice and translate(advice, "ru") != advice
    assert said > 10


def test_the_tile_games_count_the_places_and_say_why_a_piece_cannot_go():
    places = followers = 0
    for state in positions("carcassonne", 3):
        seat = state.current_player
        if seat < 0:
            continue
        legal, advice = state.legal_actions(), state.advice(seat)
        if legal[0][0] == "place":
            spots = len({(a[2], a[3]) for a in legal})
            assert advice.n == spots and advice.startswith("Place the tile: it fits in")
            places += 1
        elif all(a[0] == "pass" for a in legal):
            assert advice.endswith(": pass")
            followers += 1
        else:
            assert advice.n == state.supply[seat] and "or pass" in advice
    assert places and followers


def test_jaeger_und_sammler_says_when_only_a_removal_is_left():
    kinds = set()
    for state in positions("jaeger-sammler", 7, limit=2000):
        seat = state.current_player
        if seat < 0:
            continue
        only_removal = all(a[0] == "remove" for a in state.legal_actions())
        kinds.add(only_removal)
        assert state.advice(seat).startswith("None of your pawns can move") == only_removal
    assert False in kinds


def test_catan_dice_counts_the_rolls_left():
    for state in positions("catan-dice", 2):
        if state.current_player >= 0 and state.phase == "choosing":
            assert state.advice(state.current_player).n == 3 - state.rolls
