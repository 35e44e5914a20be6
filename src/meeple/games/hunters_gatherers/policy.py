"""Hunters & Gatherers heuristics: a position value per seat, and the greedy policy.

``values(state)`` is each seat's points plus what its pieces should bring: a completed
river or forest not yet scored its value; an open one its value times a chance to close
that falls with its open edges and the tiles left (an open one scores nothing at the end);
a hunter its meadow's value now plus a little growth; a hut its river system's fish plus a
little growth; a bonus tile about to be drawn a few points; and each follower and hut in
hand a small value that falls over the game. The greedy policy is the family's shared
skeleton on these values; MCTS evaluates its leaves with the richer :func:`.value.values`,
which reads the tiles left.
"""
from __future__ import annotations

from .._tilegame import policy as shared
from . import value
from .rules import HuntersGatherersState
from .score import closed_value
from .value import HAND_EARLY, HAND_LATE, credit_huts_and_bonus, hunters_worth

CLOSE_EARLY, CLOSE_LATE = 0.9, 0.3
"""Chance that an open river or forest with one open edge closes, early and late."""
SPREAD_PER_TILE = 4.5
"""Standard deviation of the final margin around the evaluated one, per root tile left."""


def values(state: HuntersGatherersState) -> list[float]:
    """The heuristic value of every seat (points, pieces on the board and in hand)."""
    if state.is_terminal():
        return [float(p) for p in state.points]
    feats = state.board.features
    left = shared.share_left(state)
    points = shared.points_and_hand(state, HAND_EARLY, HAND_LATE)
    credit_huts_and_bonus(state, points, left)
    shared.credit_holders(points, feats, state.followers, lambda root: _held_worth(
        state, root, left))
    return points


def _held_worth(state: HuntersGatherersState, root: int, left: float
                ) -> tuple[list[int], float]:
    """Who holds the feature at ``root`` and what it should bring them."""
    if state.board.kind(root) == "meadow":
        return hunters_worth(state, root, left)
    return state.board.features.majority(root, state.num_players), _open_worth(state, root, left)


def _open_worth(state: HuntersGatherersState, root: int, left: float) -> float:
    """A river's or forest's value, times its chance to close if it is still open."""
    value = float(closed_value(state, root)[0])
    open_ = state.board.features.open[root]
    if not open_:
        return value
    chance = CLOSE_LATE + (CLOSE_EARLY - CLOSE_LATE) * left
    return value * chance / open_


class HuntersGatherersPolicy(shared.TilePolicy[HuntersGatherersState]):
    greedy_values = staticmethod(values)          # greedy: the heuristic above
    search_values = staticmethod(value.values)    # MCTS: the outlook on the tiles left
    spread_per_tile = SPREAD_PER_TILE
