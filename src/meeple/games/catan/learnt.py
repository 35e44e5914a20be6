"""A Catan win chance learnt from self-play outcomes (issue 28).

:func:`.value.evaluate` is a hand-made guess at the points a seat should end with; a search
turns its margin into a win chance by a logistic curve of a hand-set spread. Here the chance
is fitted instead: each seat's :func:`features` (the hand-made value among them, with the
pieces it is made of and what it leaves out: the order of play, the mix of resources) are
scored by a weight vector, and the seats' chances are the softmax of their scores
(a conditional logit: exactly one seat wins). The weights were fitted by maximum likelihood
on the winners of greedy self-play games (``benchmarks/catan_learn_value.py``, which
writes ``learnt_weights.json``): ``start`` on the position when the set-up ends, ``game``
on the start of every turn after it.

Reads the state as :func:`.value.evaluate` does (a bot passes a determinized copy).
Standard library only.
"""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import TYPE_CHECKING

from . import value
from .notation import KNIGHT, VP

if TYPE_CHECKING:
    from .rules import CatanState

WEIGHTS_FILE = Path(__file__).with_name("learnt_weights.json")

NAMES = ("value", "points", "points past 6", "pips", "weighted pips", "resources produced",
         "lumber pips", "brick pips", "wool pips", "grain pips", "ore pips",
         "pips late", "3:1 harbour", "2:1 harbour pips", "expansion", "spot now",
         "road length", "knights played", "cards to play", "hand", "hand over 7",
         "cities", "moves next", "moves second", "moves third")
"""The features, in order (the weights' order too)."""


def _load() -> dict[str, list[float]]:
    try:
        data = json.loads(WEIGHTS_FILE.read_text())
    except FileNotFoundError:
        return {}
    if data.get("features") != list(NAMES):
        return {}                   # fitted for other features: not used
    return {k: list(map(float, data[k])) for k in ("start", "game") if k in data}


WEIGHTS = _load()
"""``start`` and ``game`` weight vectors, as fitted (empty: none fitted for these features)."""


def features(s: "CatanState", seat: int, dists: list[list[int]]) -> list[float]:
    """``seat``'s features in ``s`` (a laid board; ``dists``: :func:`value.all_distances`)."""
    st = value.static(value.laid(s).map)
    points = s.points(seat)
    have = value.production(s, seat, st)
    pips = sum(have)
    weighted = sum(value.PIP * have[r] * st.weight[r] for r in range(5))
    grow, now = value.expansion(s, seat, st, have, dists)
    hand = sum(s.hands[seat])
    dev = s.dev[seat]
    mover = s.seat
    order = (seat - mover) % s.num_players
    own = value.evaluate(s, seat, dists, trades=True)       # its value.values entry
    return [
        own, float(points), float(max(0, points - 6)), pips, weighted,
        float(sum(1 for h in have if h)), *have,
        weighted * points / 10, float(s.generic[seat]),
        sum(have[r] for r in range(5) if s.special[seat][r]),
        grow, now, float(min(s.road_len[seat], value.ROAD_CAP)),
        float(s.played[seat][KNIGHT]), float(sum(dev) - dev[VP]), float(min(hand, 7)),
        float(max(0, hand - 7)), float(4 - s.cities_left[seat]),
        float(order == 1), float(order == 2), float(order == 3),
    ]


def all_features(s: "CatanState") -> list[list[float]]:
    """Every seat's :func:`features` (the board laid)."""
    dists = value.all_distances(s)
    return [features(s, p, dists) for p in range(s.num_players)]


def chances(s: "CatanState", weights: list[float] | None = None) -> list[float]:
    """Every seat's learnt chance to win from ``s`` (``weights``: the fitted ``game``
    vector unless given; a finished game: 1 for its winner)."""
    n = s.num_players
    if s.is_terminal():
        return [1.0 if s.winner == p else 0.0 for p in range(n)]
    w = weights if weights is not None else WEIGHTS["game"]
    scores = [sum(a * b for a, b in zip(w, f)) for f in all_features(s)]
    top = max(scores)
    exps = [math.exp(x - top) for x in scores]
    total = sum(exps)
    return [e / total for e in exps]


def fitted() -> bool:
    """Whether weights fitted for these features are at hand."""
    return "game" in WEIGHTS and "start" in WEIGHTS


__all__ = ["NAMES", "WEIGHTS", "features", "all_features", "chances", "fitted"]
