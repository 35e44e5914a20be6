"""Catan's events in words: each function words one event from its data (read lazily, so
simulation and search never pay for the words). Events are public: a stolen or drawn card's
type is never in them."""
from __future__ import annotations

from collections import Counter

from .board import RESOURCES

COLOURS = ("red", "blue", "white", "orange")
TERRAIN_OF = {"lumber": "forest", "brick": "hills", "wool": "pasture", "grain": "fields",
              "ore": "mountains"}
CARD_NAMES = {"knight": "a knight", "roadbuilding": "Road Building",
              "plenty": "Year of Plenty", "monopoly": "Monopoly", "vp": "a victory point card"}


def seat(p: int) -> str:
    return f"seat {p} ({COLOURS[p]})"


def cards(names) -> str:
    """``"2 ore and a lumber"`` from a card list or ``{resource: count}``."""
    counts = Counter(names) if not isinstance(names, dict) else names
    parts = [f"{counts[r]} {r}" if counts[r] > 1 else f"a {r}" if r != "ore" else "an ore"
             for r in RESOURCES if counts.get(r)]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def board(e: dict) -> str:
    return f"the island is laid out: {e['board']}"


def build(e: dict) -> str:
    where = f"edge {e['id']}" if e["piece"] == "road" else f"node {e['id']}"
    return f"{seat(e['seat'])} builds a {e['piece']} on {where}"


def income(e: dict) -> str:
    return f"{seat(e['seat'])} takes {cards(e['cards'])} for its second settlement"


def dice(e: dict) -> str:
    return f"{seat(e['seat'])} rolls {e['total']}" + (": the robber!" if e["total"] == 7 else "")


def production(e: dict) -> str:
    return f"{seat(e['seat'])} receives {cards(e['cards'])}"


def shortage(e: dict) -> str:
    return (f"the bank is short of {' and '.join(e['resources'])}: paid only where one "
            "player alone is owed")


def discard(e: dict) -> str:
    return f"{seat(e['seat'])} discards {cards(e['cards'])}"


def robber(e: dict) -> str:
    to = f"{seat(e['seat'])} moves the robber to hex {e['hex']}"
    return to + (f" and robs {seat(e['victim'])}" if e["victim"] is not None else "")


def stolen(e: dict) -> str:
    return f"{seat(e['seat'])} steals a card from {seat(e['victim'])}"


def bought(e: dict) -> str:
    return f"{seat(e['seat'])} buys a development card ({e['left']} left)"


def played(e: dict) -> str:
    card = e["card"]
    said = f"{seat(e['seat'])} plays {CARD_NAMES[card]}"
    if card == "plenty":
        return f"{said} and takes {cards(e['cards'])} from the bank"
    if card == "monopoly":
        taken = ", ".join(f"{k} from {seat(int(p))}" for p, k in e["taken"].items())
        return f"{said} on {e['resource']}: " + (taken or "nobody has any")
    return said


def longest_won(e: dict) -> str:
    return f"{seat(e['seat'])} takes Longest Road ({e['length']} roads): 2 points"


def longest_lost(e: dict) -> str:
    to = "is set aside" if e["to"] < 0 else f"passes to {seat(e['to'])}"
    return f"{seat(e['seat'])} loses Longest Road, which {to}"


def army_won(e: dict) -> str:
    return f"{seat(e['seat'])} takes Largest Army ({e['knights']} knights): 2 points"


def army_lost(e: dict) -> str:
    return f"{seat(e['seat'])} loses Largest Army to {seat(e['to'])}"


def maritime(e: dict) -> str:
    return f"{seat(e['seat'])} trades {cards(e['gave'])} to the bank for {cards(e['got'])}"


def trade(e: dict) -> str:
    return (f"{seat(e['seat'])} trades {cards(e['gave'])} to {seat(e['partner'])} for "
            f"{cards(e['got'])}")


def revealed(e: dict) -> str:
    n = e["cards"]
    return f"{seat(e['seat'])} reveals {n} victory point card{'s' * (n > 1)}: {n} point{'s' * (n > 1)}"


def win(e: dict) -> str:
    return f"{seat(e['seat'])} wins with {e['points']} points"
