"""Catan played by a test as a person would: what the server and browser tests share."""
from __future__ import annotations

import random
import re

CARDS = "lumber|brick|wool|grain|ore|knight|roadbuilding|plenty|monopoly|vp"
SECRET_CHANCE = re.compile(rf"\b(stolen|draw) ({CARDS})\b")
"""A chance action naming a card: who holds what, if anyone but thief, victim or buyer
reads it."""
BUILDS = ("build city", "build settlement", "play", "buy", "build road")


def choose(legal: list[str], rng: random.Random) -> str:
    """A person who builds what they can and trades now and then (random play never ends
    a game of Catan): so the game ends, with steals, cards bought and trades on the way."""
    for prefix in BUILDS:
        hits = [a for a in legal if a.startswith(prefix)]
        if hits and (prefix != "build road" or rng.random() < 0.6):
            return rng.choice(hits)
    answers = [a for a in legal if a in ("accept", "decline") or a.startswith("counter")]
    if answers:
        counters = [a for a in answers if a.startswith("counter")]
        if counters and rng.random() < 0.1:
            return rng.choice(counters)
        return "accept" if "accept" in legal and rng.random() < 0.5 else "decline"
    for prefix in ("roll", "trade", "cancel", "discard", "robber"):
        hits = [a for a in legal if a.startswith(prefix)]
        if hits:
            return rng.choice(hits)
    maritime = [a for a in legal if a.startswith("maritime")]
    if maritime and rng.random() < 0.4:
        return rng.choice(maritime)
    offers = [a for a in legal if a.startswith("offer")]
    if offers and rng.random() < 0.15:
        return rng.choice(offers)
    return "end" if "end" in legal else rng.choice(legal)
