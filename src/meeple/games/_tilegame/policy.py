"""The bot knowledge of a tile-laying game: values per seat in, a one-turn policy out.

A game supplies two value functions (each seat's points plus what its pieces should bring):
greedy's heuristic and the richer search value MCTS evaluates its leaves with, and names
them in a :class:`TilePolicy`. The greedy policy tries every placement with every choice of
piece (a clone per pair), scores what the turn completes, and keeps the pair with the best
margin over the strongest opponent.
"""
from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Callable, TypeVar

from ...core.action import Action
from ...core.policy import Policy
from ...tiles.features import Partition
from .state import PLACE

if TYPE_CHECKING:
    from .state import TileGameState

TS = TypeVar("TS", bound="TileGameState")
"""A tile game's own state class (``TilePolicy[CarcassonneState]``)."""
Values = Callable[[TS], list[float]]
"""Every seat's value of a state (``Values[CarcassonneState]``)."""
Worth = Callable[[int], "tuple[list[int], float, float]"]
"""A feature's ``(holders, value, chance its pieces come back)`` by root."""


def share_left(state: "TileGameState") -> float:
    """The share of the pile still to be played (1 at the start, 0 at the end)."""
    return state.remaining / max(1, state.remaining + state.turns)


def spread(state: "TileGameState", per_tile: float) -> float:
    """The likely movement (one standard deviation, in points) of the final margin between
    two seats from their evaluated margin: ``per_tile`` times the root of the tiles left
    (plus one), as measured in games between greedy players."""
    return per_tile * math.sqrt(state.remaining + 1)


def in_hand(state: "TileGameState", early: float, late: float) -> float:
    """The worth of a piece in hand: ``early`` at the start falling to ``late`` at the end."""
    return late + (early - late) * share_left(state)


def points_and_hand(state: "TileGameState", early: float, late: float) -> list[float]:
    """Each seat's points plus :func:`in_hand` worth for every follower in its supply."""
    hand = in_hand(state, early, late)
    return [p + hand * n for p, n in zip(state.points, state.supply)]


def credit_holders(points: list[float], partition: Partition, pieces: list[tuple[int, int]],
                   worth: Callable[[int], tuple[list[int], float]]) -> None:
    """Add to ``points`` what each feature (or group) holding ``pieces`` is worth to its
    holders: ``worth(root)`` gives ``(seats, value)``; each feature once, in piece order."""
    credit(points, partition, pieces, 0, 0.0, lambda root: (*worth(root), 0.0))


def credit(points: list[float], partition: Partition, pieces: list[tuple[int, int]],
           seats: int, regained: float, worth: Worth) -> None:
    """Add to ``points`` what each feature holding ``pieces`` should bring: ``worth(root)``
    gives ``(holders, value, chance)``; each holder gains ``value``, and every piece on it
    ``regained`` times ``chance``, the chance that it comes back to hand before the end
    (the search values' follower tempo; 0 for greedy's heuristics)."""
    for root in dict.fromkeys(partition.find(seg) for _, seg in pieces):
        holders, value, chance = worth(root)
        for seat in holders:
            points[seat] += value
        if chance:
            for seat, n in enumerate(partition.counts_by_seat(root, seats)):
                points[seat] += regained * chance * n


def margin(values: Values[TS], state: TS, seat: int) -> float:
    """``seat``'s value minus the best other seat's value."""
    v = values(state)
    return v[seat] - max(x for i, x in enumerate(v) if i != seat)


def _choice_margins(values: Values[TS], state: TS, seat: int) -> list[tuple[float, Action]]:
    """Each choice of piece on the tile just placed, with the margin after the turn ends."""
    out = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_unchecked(action)
        out.append((margin(values, child, seat), action))
    return out


def action_scores(values: Values[TS], state: TS) -> list[tuple[Action, float]]:
    """Every legal move with the margin it leads to: a placement with its best choice of
    piece, or a choice of piece."""
    seat = state.current_player
    if state.phase != PLACE:
        return [(a, m) for m, a in _choice_margins(values, state, seat)]
    options = []
    for place in state.legal_actions():      # look through the choice of piece too
        child = state.clone()
        child.apply_unchecked(place)
        options.append((place, max(m for m, _ in _choice_margins(values, child, seat))))
    return options


def greedy_action(values: Values[TS], state: TS, rng: random.Random) -> Action:
    """The placement (with its best choice of piece), or the best choice of piece."""
    options = action_scores(values, state)
    top = max(m for _, m in options)
    return rng.choice([a for a, m in options if m >= top - 1e-9])


class TilePolicy(Policy[TS]):
    """A tile game's policy from its values: greedy plays one turn ahead on
    ``greedy_values``; MCTS evaluates its leaves with ``search_values``, orders its root
    moves by them one turn ahead, and turns margins into win chances with
    ``spread_per_tile`` (the final margin's standard deviation per root tile left)."""

    greedy_values: Values[TS]
    search_values: Values[TS]
    spread_per_tile: float

    def evaluate_all(self, state: TS) -> list[float]:
        """Every seat's search value (its expected final points)."""
        return self.search_values(state)

    def evaluate(self, state: TS, seat: int) -> float:
        return self.search_values(state)[seat]

    def reward_scale(self, state: TS) -> float:
        return spread(state, self.spread_per_tile)

    def action_scores(self, state: TS) -> list[tuple[Action, float]]:
        """Every legal move with the margin it leads to by the search value, one turn
        ahead as greedy looks."""
        return action_scores(self.search_values, state)

    def greedy_action(self, state: TS, rng: random.Random) -> Action:
        """The placement with its best choice of piece, or the best choice of piece."""
        return greedy_action(self.greedy_values, state, rng)
