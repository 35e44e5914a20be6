"""Carcassonne heuristics: a position value per seat, and the greedy one-turn policy.

``values(state)`` is each seat's points plus what its followers are expected to bring:
an unfinished road its tiles, a city its final value plus a share of the completion bonus
that shrinks with the open edges and the tiles left, a monastery its placed neighbours plus
a share of the missing ones, a field 3 per completed bordering city and a part of 3 per
unfinished one, and a small value for each follower still in hand (more early in the game,
when it can still be used). MCTS evaluates its leaves with the richer
:func:`.value.values` instead, which reads the tiles left.

The greedy policy is the family's shared skeleton (:mod:`meeple.games._tilegame.policy`)
on these values; :class:`CarcassonnePolicy` names which value each bot uses.
"""
from __future__ import annotations

from .._tilegame import policy as shared
from . import value
from .rules import CarcassonneState
from .score import FIELD_PER_CITY, MONASTERY_CLOSED, feature_points
from .value import HAND_EARLY, HAND_LATE, MONASTERY_FILL

CITY_CLOSE = 0.6
"""Chance-like weight of closing a city with one open edge (divided by the open edges)."""
FIELD_OPEN_CITY = 1.0
"""Worth to a farmer of an unfinished city bordering its field."""
SPREAD_PER_TILE = 3.2
"""Standard deviation of the final margin around the evaluated one, per root tile left."""


def values(state: CarcassonneState) -> list[float]:
    """The heuristic value of every seat (points, open features, followers, fields)."""
    if state.is_terminal():
        return [float(p) for p in state.points]
    feats, n = state.board.features, state.num_players
    left = shared.share_left(state)
    points = shared.points_and_hand(state, HAND_EARLY, HAND_LATE)
    shared.credit_holders(points, feats, state.followers, lambda root: (
        feats.majority(root, n), _feature_worth(state, root, left)))
    return points


def _feature_worth(state: CarcassonneState, root: int, left: float) -> float:
    """What an occupied feature should bring: its value if the game ended now, plus a
    share of what closing it adds (cities, monasteries), or a field's cities. A feature
    closed by the tile just placed (scored when the turn ends) is worth its closed value."""
    board = state.board
    feats = board.features
    kind = board.kind(root)
    if kind == "field":
        closed = open_ = 0
        for r in feats.bordering(root):
            if board.kind(r) == "city":
                if feats.open[r]:
                    open_ += 1
                else:
                    closed += 1
        return FIELD_PER_CITY * closed + FIELD_OPEN_CITY * open_ * (1.0 - left)
    if root in state.pending:
        return float(feature_points(state, root, final=False))
    now = float(feature_points(state, root, final=True))
    if kind == "city":
        return now * (1.0 + CITY_CLOSE * left / feats.open[root])
    if kind == "monastery":
        return now + (MONASTERY_CLOSED - now) * MONASTERY_FILL * left
    return now


class CarcassonnePolicy(shared.TilePolicy[CarcassonneState]):
    greedy_values = staticmethod(values)          # greedy: the heuristic above
    search_values = staticmethod(value.values)    # MCTS: the outlook on the tiles left
    spread_per_tile = SPREAD_PER_TILE
