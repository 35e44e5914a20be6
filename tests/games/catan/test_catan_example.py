"""The spec's example (7.6): three players on the beginner map, the set-up and two rounds,
replayed from its record; the hands after each step and the final position as the table
says."""
from __future__ import annotations

import meeple
from meeple.core.record import Record
from meeple.play.replay import replay

RECORD = {"game": "catan", "players": 3, "config": {"board": "beginner"}, "seed": 7,
          "actions": ["build settlement 31", "build road 46", "build settlement 44",
                      "build road 56", "build settlement 28", "build road 34",
                      "build settlement 14", "build road 15", "build settlement 45",
                      "build road 59", "build settlement 12", "build road 12",
                      "roll", "dice 8", "offer ore for lumber", "decline", "accept",
                      "trade 2", "build road 13", "end",
                      "roll", "dice 6", "offer grain grain for brick",
                      "counter brick for grain grain grain", "decline", "trade 2", "end",
                      "roll", "dice 7", "robber 13 from 1", "stolen wool", "buy",
                      "draw knight", "end",
                      "roll", "dice 5", "buy", "draw vp", "end",
                      "roll", "dice 3", "end",
                      "play knight", "robber 4 from 0", "stolen brick", "roll", "dice 9",
                      "build road 8", "end"]}
HANDS = {  # after this many actions: each seat's hand (the table of 7.6)
    12: ["brick grain ore", "wool grain grain", "lumber brick wool"],
    14: ["brick grain ore ore", "wool grain grain", "lumber lumber brick wool"],
    18: ["lumber brick grain ore", "wool grain grain", "lumber brick wool ore"],
    19: ["grain ore", "wool grain grain", "lumber brick wool ore"],
    22: ["brick grain ore", "wool grain grain grain grain", "lumber brick wool ore"],
    26: ["brick grain ore", "brick wool grain", "lumber wool grain grain grain ore"],
    31: ["brick grain ore", "brick grain", "lumber wool wool grain grain grain ore"],
    33: ["brick grain ore", "brick grain", "lumber wool grain grain"],
    36: ["brick wool grain ore", "brick brick grain", "lumber wool grain grain"],
    38: ["brick", "brick brick grain", "lumber wool grain grain"],
    42: ["lumber brick", "brick brick grain", "lumber wool grain grain"],
    45: ["lumber", "brick brick grain", "lumber brick wool grain grain"],
    48: ["lumber", "brick brick grain", "lumber wool grain grain grain"],
}


def _hand(state, p: int) -> str:
    from meeple.games.catan.notation import card_list
    return " ".join(card_list(state.hands[p]))


def test_7_6_the_example_replays_with_the_hands_of_its_table():
    record = Record.from_json(RECORD)
    state = meeple.load("catan", 3, {"board": "beginner"}).new_state(7)
    for i, text in enumerate(record.actions, start=1):
        state.apply(text)
        if i in HANDS:
            assert [_hand(state, p) for p in range(3)] == HANDS[i], (i, text)


def test_7_6_the_example_ends_as_its_text_says():
    state = replay(Record.from_json(RECORD))
    assert state.scores() == [3, 2, 2]
    assert [state.visible_points(p) for p in range(3)] == [2, 2, 2]
    assert state.view(1)["seats"][0]["points"] == 2 and state.view(0)["seats"][0]["points"] == 3
    assert state.bank == [17, 17, 18, 15, 19]
    assert sum(state.deck) == 23
    assert state.robber == 4
    assert state.played[2][0] == 1
    assert [str(a) for a in [state.parse(t) for t in RECORD["actions"]]] == RECORD["actions"]
