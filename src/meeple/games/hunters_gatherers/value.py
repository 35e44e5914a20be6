"""Hunters & Gatherers position value per seat for search: expected final points.

Richer than the greedy policy's :func:`.policy.values` because it looks at the tiles left
(:mod:`.._tilegame.outlook`): an open river or forest scores only if completed, so it is
worth its value times its chance of completion, and a hole no remaining tile fits makes it
worth nothing; a gatherer or fisher on a feature likely to be completed is partly back in
hand (follower tempo). Hunters, huts, the bonus tile and pieces in hand are valued as in the
greedy policy. MCTS uses it at its leaves (``policy.evaluate_all``).
"""
from __future__ import annotations

from .._tilegame import outlook
from .._tilegame import policy as shared
from .rules import BONUS, SCORED_KINDS, HuntersGatherersState
from .score import PER_FISH, closed_value, meadow_owners, meadow_value

HAND_EARLY, HAND_LATE = 3.0, 0.5
"""Worth of a follower in hand at the start of the game and at its end."""
HUT_EARLY, HUT_LATE = 3.0, 0.0
"""Worth of a hut in hand at the start and at the end (unplaced huts score nothing)."""
MEADOW_GROWTH = 3.0
"""Points a hunter's meadow is expected to gain over a whole game still to come."""
SYSTEM_GROWTH = 3.0
"""Fish a hut's river system is expected to gain over a whole game still to come."""
BONUS_WORTH = 4.0
"""Worth of the bonus tile the seat to move is about to draw."""
DRAW_SHARE = 0.5
"""Share of its own draws a holder can spend on completing one feature."""
RETURN = 1.0
"""Share of a follower's worth in hand regained when its feature is likely to complete."""
CLOSING = frozenset(SCORED_KINDS)


def values(state: HuntersGatherersState) -> list[float]:
    """Every seat's expected final points (see the module's docstring)."""
    points = outlook.expected_points(state, (HAND_EARLY, HAND_LATE), CLOSING, DRAW_SHARE,
                                     RETURN, _worth)
    if not state.is_terminal():
        credit_huts_and_bonus(state, points, shared.share_left(state))
    return points


def _worth(state: HuntersGatherersState, root: int, chances: dict[int, float], left: float
           ) -> tuple[list[int], float, float]:
    """Who holds the feature at ``root``, what it should bring them, and the chance that
    its pieces come back before the end."""
    if state.board.kind(root) == "meadow":
        return (*hunters_worth(state, root, left), 0.0)
    feats = state.board.features
    chance = chances.get(root, 0.0) if feats.open[root] else 1.0
    return (feats.majority(root, state.num_players),
            closed_value(state, root)[0] * chance, chance)


def credit_huts_and_bonus(state: HuntersGatherersState, points: list[float], left: float
                          ) -> None:
    """Add each seat's huts (in hand and on river systems) and a bonus tile about to be
    drawn to ``points`` (shared with the greedy policy's values)."""
    groups, n = state.board.groups, state.num_players
    huts = shared.in_hand(state, HUT_EARLY, HUT_LATE)
    for seat in range(n):
        points[seat] += huts * state.hut_supply[seat]
    if state.phase == BONUS or state.gold and not state.extra and state.bonus_left:
        points[state.seat] += BONUS_WORTH
    shared.credit_holders(points, groups, state.huts, lambda root: (
        groups.majority(root, n), PER_FISH * (groups.count(root, "fish") + SYSTEM_GROWTH * left)))


def hunters_worth(state: HuntersGatherersState, root: int, left: float
                  ) -> tuple[list[int], float]:
    """Who scores the meadow at ``root`` and what it should bring them: its animals now
    plus a little growth while tiles are left."""
    return meadow_owners(state, root)[0], meadow_value(state, root)[0] + MEADOW_GROWTH * left
