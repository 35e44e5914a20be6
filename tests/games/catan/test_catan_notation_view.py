"""Notation (spec 7.1–7.5: one spelling per action, round trip, who acts next, options) and
what each seat sees (section 8)."""
from __future__ import annotations

import json
import random

import pytest

import meeple
from meeple import CHANCE, IllegalAction

from catan_fixtures import after_setup, hand, rolled

EVERY_KIND = ["board " + str(__import__("meeple.games.catan.board", fromlist=["x"]).BEGINNER),
              "build settlement 0", "build road 71", "build city 53", "roll", "dice 12",
              "discard lumber lumber ore", "robber 18", "robber 0 from 3", "stolen wool",
              "buy", "draw vp", "play knight", "play roadbuilding", "play plenty brick ore",
              "play plenty ore", "play monopoly grain", "maritime wool wool for ore",
              "offer lumber brick for ore ore ore", "accept", "decline",
              "counter grain for lumber", "trade 3", "cancel", "end"]
MALFORMED = ["build road 072", "build road 72", "dice 7.0", "dice 13", "discard ore lumber",
             "robber 3 from", "robber 3 to 1", "stolen gold", "draw knights", "play vp",
             "play plenty ore lumber", "maritime ore ore for ore ore", "maritime ore brick for wool",
             "offer ore", "offer ore for for lumber", "counter for ore", "trade", "end now",
             "Roll", "build  road 1 2"]


@pytest.mark.parametrize("text", EVERY_KIND)
def test_7_1_and_7_2_every_action_round_trips(text):
    state = meeple.load("catan", 4).new_state(1)
    action = state.parse(text)
    assert str(action) == text and state.parse(str(action)) == action


@pytest.mark.parametrize("text", MALFORMED)
def test_7_1_variants_are_refused_as_malformed(text):
    state = meeple.load("catan", 4).new_state(1)
    with pytest.raises(IllegalAction):
        state.parse(text)


def test_7_3_who_acts_next():
    state = meeple.load("catan", 3).new_state(2)
    assert state.current_player == CHANCE            # the board
    state = after_setup()
    assert state.current_player == 0
    state.apply("roll")
    assert state.current_player == CHANCE
    state.apply("dice 2")
    state.apply("offer ore for wool")
    assert [state.current_player] == [1]
    state.apply("decline")
    state.apply("decline")
    assert state.phase == "trade and build"          # closed by itself


def test_7_4_offers_per_turn_bound_the_negotiation_and_zero_turns_it_off():
    state = rolled(after_setup(), 2)
    for _ in range(3):
        state.apply("offer ore for lumber")
        state.apply("decline")
        state.apply("decline")
    assert not any(str(a).startswith("offer") for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="no more offers"):
        state.apply("offer ore for lumber")
    off = rolled(after_setup(offers_per_turn=0), 2)
    assert not any(str(a).startswith("offer") for a in off.legal_actions())
    with pytest.raises(IllegalAction, match="at most 3 cards"):
        rolled(after_setup(), 2).apply("offer ore for lumber lumber lumber lumber")


def test_7_4_a_counter_the_mover_cannot_pay_cannot_be_taken():
    state = rolled(after_setup(), 2)                 # seat 0: brick grain ore
    state.apply("offer ore for wool")
    state.apply("counter wool for lumber")           # seat 0 has no lumber (ruling: allowed)
    state.apply("decline")
    assert {str(a) for a in state.legal_actions()} == {"cancel"}
    with pytest.raises(IllegalAction, match="do not hold"):
        state.apply("trade 1")


def test_7_5_options_are_checked():
    for config in ({"board": "moon"}, {"numbers": "fibonacci"}, {"offers_per_turn": 11}):
        with pytest.raises(ValueError):
            meeple.load("catan", 3, config)


def test_8_a_seat_sees_its_own_cards_and_only_counts_of_the_others():
    state = rolled(after_setup(), 2)
    state.dev[1][4] = 1
    view = state.view(0)
    json.dumps(view)
    assert view["seats"][0]["hand"] == {"brick": 1, "grain": 1, "ore": 1}
    assert "hand" not in view["seats"][1] and view["seats"][1]["cards"] == 3
    assert "dev" not in view["seats"][1] and view["seats"][1]["dev_cards"] == 1
    assert "hand" not in json.dumps(state.view(None))


def test_8_the_dice_show_the_total_and_two_faces_that_make_it():
    """The notation records the total (``dice N``); the view adds two faces for the
    picture, the same for every seat through the turn, any ordered pair possible."""
    state = after_setup()
    assert state.view(0)["dice"] is None and state.view(0)["dice_faces"] is None
    rolled(state, 9)
    faces = state.view(None)["dice_faces"]
    assert sum(faces) == 9 and all(1 <= f <= 6 for f in faces)
    assert all(state.view(p)["dice_faces"] == faces for p in range(3))
    hand(state, 0, "wool grain ore")
    state.apply("buy")
    state.apply("draw knight")
    assert state.view(1)["dice_faces"] == faces
    state.apply("end")
    assert state.view(1)["dice"] is None and state.view(1)["dice_faces"] is None
    from meeple.games.catan.hidden import dice_faces
    for total in range(2, 13):
        seen = {tuple(dice_faces(total, turn)) for turn in range(200)}
        assert seen == {(a, total - a) for a in range(1, 7) if 1 <= total - a <= 6}


def test_8_a_stolen_cards_type_is_seen_by_thief_and_victim_only():
    state = rolled(after_setup(), 7)
    state.apply("robber 13 from 1")
    state.apply("stolen wool")
    assert state.view(0)["steal"]["card"] == "wool" and state.view(1)["steal"]["card"] == "wool"
    assert "card" not in state.view(2)["steal"] and "card" not in state.view(None)["steal"]
    assert all("wool" not in e["text"] for e in state.events if e["kind"] == "stolen")


def test_8_determinize_keeps_what_the_seat_sees():
    state = rolled(after_setup(), 8)
    state.dev[2][0] = 1
    state.deck[0] -= 1
    for seat in range(3):
        twin = state.determinize(seat, random.Random(seat))
        assert twin.view(seat) == state.view(seat)
        assert twin.hands[seat] == state.hands[seat]
        assert sum(twin.deck) == sum(state.deck)


def test_8_the_breakdown_lists_the_items_with_text():
    state = after_setup()
    state.dev[0][4] = 1
    seats = state.score_breakdown()["seats"]
    assert seats[0]["text"] == ("seat 0: 2 settlements (2) + 1 victory point card (1) = 3")
    assert [s["total"] for s in seats] == state.scores()


def _sound(state) -> bool:
    return all(n >= 0 for hand in state.hands for n in hand) and all(n >= 0 for n in state.bank)


def test_8_a_determinization_deals_the_cards_a_seat_is_known_to_hold():
    """Mid-negotiation, a seat's search deals the others hands that hold
    what they showed (the offer, an acceptance, a counter): every move of the dealt position
    can be played, and no hand ever goes below zero."""
    rng, checked = random.Random(7), 0
    for seed in range(6):
        state = meeple.load("catan", 4).new_state(seed)
        while not state.is_terminal() and state.action_count < 1500:
            if state.offer is not None:
                for seat in range(4):
                    if seat == state.current_player:
                        continue
                    twin = state.determinize(seat, random.Random(rng.random()))
                    assert twin.view(seat) == state.view(seat)
                    moves = twin.legal_actions()
                    for action in rng.sample(moves, min(len(moves), 12)):
                        after = twin.clone()
                        after.apply(action)
                        if after.current_player == CHANCE and not after.is_terminal():
                            after.apply(after.sample_chance())
                        assert _sound(after), (seed, seat, str(action))
                    checked += 1
            state.apply(state.sample_chance() if state.current_player == CHANCE
                        else rng.choice(state.legal_actions()))
    assert checked > 50
