"""A seat's action of Catan in words, for the game log (``State.narrate``).

Only what every seat may see: a development card bought is "a development card"; a card
played is named (it is laid open); discards and trades name their cards (they move in the
open). What an action brings about (production, a steal, Longest Road) is its events. The
chance action that lays the board is told as words, not as its tokens.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.text import words
from .words import (CARD_NAMES, ONTO, cards, edge_place, hex_name, node_place, resource,
                    seat)

if TYPE_CHECKING:
    from .rules import CatanState

BARE = {"roll": words("rolled the dice"), "buy": words("bought a development card"),
        "end": words("ended the turn"), "accept": words("accepted the offer"),
        "decline": words("declined the offer"),
        "cancel": words("closed the negotiation without trading")}
"""The actions that are only their kind, in words."""


def narrate(state: "CatanState", action: Action) -> str:
    """``built a road between the forest 11 and the hills 6``, ``offered an ore for a
    lumber``, ``played a knight``. Places are named by their hexes (node, edge and hex ids
    mean nothing to people; the terminal shows the typed form beside the words)."""
    kind = action[0]
    if kind == "board":
        return words("the island is laid out")
    layout = state.layout
    assert layout is not None, "every action but the board's comes after it"
    if kind == "build":
        board = layout.map
        if action[1] == "road":
            return words("built a road {place}", place=edge_place(board, action[2]))
        if action[1] == "city":
            return words("built a city {place}", place=node_place(board, action[2]))
        return words("built a settlement {place}", place=node_place(board, action[2]))
    if kind in BARE:
        return BARE[kind]
    if kind == "discard":
        return words("discarded {cards}", cards=cards(action[1:]))
    if kind == "robber":
        hex = hex_name(layout.map, action[1], ONTO)
        if len(action) == 4:
            return words("moved the robber onto {hex} to rob {victim}", hex=hex,
                         victim=seat(action[3]))
        return words("moved the robber onto {hex}", hex=hex)
    if kind == "play":
        if action[1] == "plenty":
            return words("played Year of Plenty, taking {cards}", cards=cards(action[2:]))
        if action[1] == "monopoly":
            return words("played Monopoly on {resource}", resource=resource(action[2]))
        return words("played {card}", card=CARD_NAMES[action[1]])
    if kind in ("maritime", "offer", "counter"):
        i = action.index("for")
        gave, got = cards(action[1:i]), cards(action[i + 1:])
        if kind == "maritime":
            return words("traded {gave} with the bank for {got}", gave=gave, got=got)
        if kind == "offer":
            return words("offered {gave} for {got}", gave=gave, got=got)
        return words("countered with {gave} for {got}", gave=gave, got=got)
    if kind == "trade":
        return words("traded with {seat}", seat=seat(action[1]))
    return words("played {action}", action=" ".join(map(str, action)))
