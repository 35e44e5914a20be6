"""Carcassonne position value per seat for search: what each seat should end the game with.

Richer than the greedy policy's :func:`.policy.values` because it looks at the tiles left
(:mod:`.._tilegame.outlook`): an open city is worth its closed value times its chance of
completion plus its incomplete value otherwise, so a city with a hole no remaining tile
fits is worth only its incomplete points; a farmer counts 3 for every completed bordering city and a
part of 3 for an open one, growing with its chance and the share of the game played; a
follower on a feature likely to be completed is partly back in hand (follower tempo). MCTS uses it at its leaves (``policy.evaluate_all``).
"""
from __future__ import annotations

from ...tiles.board import Board
from .._tilegame import outlook
from .rules import CarcassonneState
from .score import FIELD_PER_CITY, MONASTERY_CLOSED, feature_points

HAND_EARLY, HAND_LATE = 3.0, 0.5
"""Worth of a follower in hand at the start of the game and at its end."""
DRAW_SHARE = 0.5
"""Share of its own draws a holder can spend on completing one feature."""
RETURN = 0.5
"""Share of a follower's worth in hand regained when its feature is likely to complete."""
MONASTERY_FILL = 0.8
"""Share of a missing monastery neighbour expected to arrive (scaled by tiles left)."""
FIELD_OPEN_CITY = 0.5
"""Weight for a farmer of an open city's chance of completion at the end of the game (0 at
its start, rising with the tiles played)."""
EDGE_KINDS = frozenset({"road", "city"})


def values(state: CarcassonneState) -> list[float]:
    """Every seat's expected final points (see the module's docstring)."""
    return outlook.expected_points(state, (HAND_EARLY, HAND_LATE), EDGE_KINDS, DRAW_SHARE,
                                   RETURN, _worth)


def _worth(state: CarcassonneState, root: int, chances: dict[int, float], left: float
           ) -> tuple[list[int], float, float]:
    """Who holds the feature at ``root`` (its majority), what it should bring them, and
    the chance that its followers come back before the end."""
    holders = state.board.features.majority(root, state.num_players)
    return (holders, *_value(state, root, chances, left))


def _value(state: CarcassonneState, root: int, chances: dict[int, float], left: float
           ) -> tuple[float, float]:
    """The expected points of the feature at ``root`` and its chance of completion (a
    monastery: of being surrounded, roughly)."""
    board = state.board
    kind = board.kind(root)
    if kind == "field":
        return FIELD_PER_CITY * sum(_city_chance(board, r, chances, left)
                                    for r in board.features.bordering(root)
                                    if board.kind(r) == "city"), 0.0
    if root in state.pending:
        return float(feature_points(state, root, final=False)), 1.0
    now = float(feature_points(state, root, final=True))
    if kind == "monastery":
        fill = MONASTERY_FILL * left
        return now + (MONASTERY_CLOSED - now) * fill, fill * (now - 1) / 8
    p = chances.get(root, 0.0)
    if kind == "city":
        return now + p * now, p       # closed, a city scores twice its incomplete value
    return now, p


def _city_chance(board: Board, root: int, chances: dict[int, float], left: float) -> float:
    """How much a bordering city counts for a farmer: 1 once completed, else its chance of
    completion weighted by how far the game has gone (farmers placed early were measured to
    lose by tying followers up too long)."""
    if not board.features.open[root]:
        return 1.0
    return FIELD_OPEN_CITY * (1.0 - left) * chances.get(root, 0.0)
