"""A game's log in words (``State.narrate``, kept by ``History(narrate=True)``) and the
takeback of a whole turn (``History.undo_point``), in all four games."""
from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meeple
from meeple.core.state import CHANCE
from meeple.games._tilegame.narration import where
from meeple.games.jaeger_sammler.tiles import FACE_DOWN, NAMES
from meeple.play.history import History

GAMES = ("carcassonne", "hunters-gatherers", "jaeger-sammler", "catan-dice")
NOTATION = re.compile(
    r"^(place|follower|hut|draw|pass|reroll|stop|trade|joker|setup|move|remove)\b|\bplayed\b"
    r"|\b[A-X]\b|\b[LB]\d\d\b|\b[RSCK]\d+\b|-?\d+\s*,\s*-?\d+|\d+°|\d+ degrees|>|\b[NESW]\b"
    r"|\b(Nw|Ne|En|Es|Se|Sw|Ws|Wn)\b")
"""What notation looks like: a verb first (or the default words, "played ..."), tile letters and codes, sheet names, fields and
coordinates, degrees, paths, edges and half-edges."""
HIDDEN = re.compile(r"\b(" + "|".join(NAMES[k] for k in FACE_DOWN) + r")\b", re.I)
"""Jäger und Sammler's face-down kinds: never named by a move (a spectator's memory)."""


def played(name: str, seed: int, limit: int = 10_000, narrate: bool = True) -> History:
    history, rng = History(meeple.load(name, 2), seed, narrate=narrate), random.Random(seed)
    while not history.state.is_terminal() and len(history.actions) < limit:
        state = history.state
        history.apply(state.sample_chance(rng) if state.current_player == CHANCE
                      else rng.choice(state.legal_actions()))
    return history


@pytest.mark.parametrize("name", GAMES)
def test_every_seat_action_is_told_in_words(name):
    history = played(name, 3)
    told = history.narration
    assert [(i, seat) for i, seat, _ in told] == [
        (i, seat) for i, seat in enumerate(history.actors) if seat >= 0]
    for i, _, words in told:
        assert words and not NOTATION.search(words), (history.actions[i], words)
    if name == "jaeger-sammler":
        assert not any(HIDDEN.search(words) for _, _, words in told)


def test_the_tile_games_say_the_tile_where_it_lies_and_the_feature():
    history = History(meeple.load("carcassonne", 2), 1, narrate=True)
    for action in ("draw V", "place V 1 0 0", "follower road W", "draw U", "place U -1 0 90",
                   "pass", "draw A", "place A 0 1 0", "follower field Nw", "draw V",
                   "place V 1 1 180", "follower field Ne"):
        history.apply(action)
    assert [w for _, _, w in history.narration] == [
        "placed a road curve east of the starting tile",
        "put a follower on the road",
        "placed a straight road west of the starting tile",
        "put no follower on the tile",
        "placed a monastery with a road south of the starting tile",
        "put a follower on the field",
        "placed a road curve south-east of the starting tile",
        "put a follower on the field to the north-east"]
    assert [where(*p) for p in ((0, -3), (2, 0), (-1, 2), (3, -1))] == [
        "3 north of the starting tile", "2 east of the starting tile",
        "2 south and 1 west of the starting tile", "1 north and 3 east of the starting tile"]
    history = History(meeple.load("hunters-gatherers", 2), 1, narrate=True)
    for action in ("draw L17", "place L17 -1 0 0", "hut N"):
        history.apply(action)
    assert [w for _, _, w in history.narration] == [
        "placed two rivers and a meadow with a deer and a tiger west of the starting tile",
        "built a hut on the river to the north and east"]


def test_catan_dice_says_what_the_roll_showed():
    history = History(meeple.load("catan-dice", 1), 1, narrate=True)
    for action in ("roll ore ore grain wool gold gold", "reroll 4 5", "roll brick lumber",
                   "stop", "build road R0", "end"):
        history.apply(action)
    assert [w for _, _, w in history.narration] == [
        "rolled 2 ore, grain, wool and 2 gold, then rerolled 2 dice (2 gold)",
        "got lumber and brick on the reroll, then kept the dice",
        "built a road", "ended the turn"]


@pytest.mark.parametrize("name", GAMES)
def test_a_history_that_does_not_narrate_keeps_no_words(name):
    history = played(name, 5, limit=30, narrate=False)
    assert history.narration is None and history.fork().narration is None


# --- the takeback of a whole turn -----------------------------------------------------------

def test_a_carcassonne_turn_is_taken_back_whole_and_its_tile_stays_drawn():
    history = History(meeple.load("carcassonne", 2), 1, narrate=True)
    for action in ("draw V", "place V 1 0 0", "follower road W", "draw U"):
        history.apply(action)
    assert history.undo_point({0}) == 1          # the placement and the follower
    assert history.undo_point({1}) == "there is no move of yours to take back"
    assert history.undo({0}) is None
    assert history.actions == ["draw V"] and history.state.current_player == 0
    assert history.narration == []
    history.apply("place V 1 0 0")                # inside the turn: the placement alone
    assert history.undo_point({0}) == 1


def test_catan_dice_takes_back_only_what_followed_the_last_roll():
    history = History(meeple.load("catan-dice", 1), 1)
    for action in ("roll ore ore grain wool gold gold", "reroll 4 5", "roll brick lumber",
                   "stop", "build road R0"):
        history.apply(action)
    assert history.undo_point({0}) == 3          # stop and build: the reroll's dice stay


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), length=st.integers(2, 120))
def test_a_takeback_is_the_seats_whole_turn(name, seed, length):
    history = played(name, seed, limit=length)
    actors, turns = history.actors, history.turns
    for seat in range(2):
        keep = history.undo_point({seat})
        if isinstance(keep, str):
            continue
        last = max(i for i, a in enumerate(actors) if a == seat)
        assert actors[keep] == seat and keep <= last
        undone = range(keep, last + 1)
        assert {turns[i] for i in undone} == {turns[last]}          # one turn
        assert all(actors[i] in (seat, CHANCE) for i in undone)
        assert keep == 0 or turns[keep - 1] != turns[last] or actors[keep - 1] != seat
        told = list(history.narration)
        again = history.fork()
        assert again.undo({seat}) is None
        assert again.state.current_player == seat
        assert again.narration == [t for t in told if t[0] < keep]
        assert again.turns == turns[:keep]


def test_a_game_whose_words_fail_is_still_played():
    history = History(meeple.load("carcassonne", 2), 1, narrate=True)
    history.apply("draw V")
    broken = type(history.state)
    original = broken.narrate
    try:
        broken.narrate = lambda self, action: 1 / 0
        history.apply("place V 1 0 0")
    finally:
        broken.narrate = original
    assert history.narration == [(1, 0, "played place V 1 0 0")]
