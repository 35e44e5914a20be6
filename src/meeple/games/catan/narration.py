"""A seat's action of Catan in words, for the game log (``State.narrate``).

Only what every seat may see: a development card bought is "a development card"; a card
played is named (it is laid open); discards and trades name their cards (they move in the
open). What an action brings about (production, a steal, Longest Road) is its events.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from .words import CARD_NAMES, cards, seat

if TYPE_CHECKING:
    from .rules import CatanState


def narrate(state: "CatanState", action: Action) -> str:
    """``built a road on edge 46``, ``offered an ore for a lumber``, ``played a knight``."""
    kind = action[0]
    if kind == "build":
        where = "edge" if action[1] == "road" else "node"
        return f"built a {action[1]} on {where} {action[2]}"
    if kind in ("roll", "buy", "end", "accept", "decline", "cancel"):
        return {"roll": "rolled the dice", "buy": "bought a development card",
                "end": "ended the turn", "accept": "accepted the offer",
                "decline": "declined the offer",
                "cancel": "closed the negotiation without trading"}[kind]
    if kind == "discard":
        return f"discarded {cards(action[1:])}"
    if kind == "robber":
        said = f"moved the robber to hex {action[1]}"
        return said + (f" to rob {seat(action[3])}" if len(action) == 4 else "")
    if kind == "play":
        said = f"played {CARD_NAMES[action[1]]}"
        if action[1] == "plenty":
            return f"{said}, taking {cards(action[2:])}"
        return f"{said} on {action[2]}" if action[1] == "monopoly" else said
    if kind in ("maritime", "offer", "counter"):
        i = action.index("for")
        verb = {"maritime": "traded with the bank", "offer": "offered",
                "counter": "countered with"}[kind]
        return f"{verb} {cards(action[1:i])} for {cards(action[i + 1:])}"
    if kind == "trade":
        return f"traded with {seat(action[1])}"
    return f"played {action}"
