"""Positions for the Catan rules tests: the §7.6 set-up on the beginner map, hands set by
hand (the bank keeps the other cards), rolls and pieces placed directly."""
from __future__ import annotations

import meeple
from meeple.games.catan.notation import card_list, counts_of

SETUP = ["build settlement 31", "build road 46", "build settlement 44", "build road 56",
         "build settlement 28", "build road 34", "build settlement 14", "build road 15",
         "build settlement 45", "build road 59", "build settlement 12", "build road 12"]
"""The set-up of 7.6: seat 0 on nodes 31 and 12, seat 1 on 44 and 45, seat 2 on 28 and 14."""


def new(players: int = 3, **config):
    config.setdefault("board", "beginner")
    return meeple.load("catan", players, config).new_state(seed=1)


def after_setup(players: int = 3, **config):
    """The 7.6 set-up done (a fourth seat places on nodes 38 and 50 with roads 54, 65)."""
    state = new(players, **config)
    actions = list(SETUP)
    if players == 4:
        actions = (SETUP[:6] + ["build settlement 38", "build road 54",
                                "build settlement 50", "build road 65"] + SETUP[6:])
    for text in actions:
        state.apply(text)
    return state


def hand(state, seat: int, text: str = "") -> None:
    """Give ``seat`` exactly the cards ``text``; the bank holds the rest of each resource."""
    state.hands[seat] = counts_of(text.split())
    for r in range(5):
        state.bank[r] = 19 - sum(h[r] for h in state.hands)


def cards(state, seat: int) -> str:
    return " ".join(card_list(state.hands[seat]))


def rolled(state, total: int = 5):
    """Roll ``total`` (a 7 leaves the robber to move, with no discards if nobody has 8)."""
    state.apply("roll")
    state.apply(f"dice {total}")
    return state


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}
