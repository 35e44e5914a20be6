"""How likely each open feature is to be completed, from the tiles actually left.

An open road, city, river or forest is completed when every empty position along it
receives a tile that matches its neighbours and does not carry the feature on to a side
that is still free. For each such position this module counts the tiles left in the pile
that can do that (the pile's counts per type are public, so any seat may use them) and
turns the count into the chance that one of them turns up among the draws the holder can
spend on it; a feature's chance is the product over its positions. A hole no tile left can
fill gives a chance of 0: the feature can only score as an incomplete one.

MCTS's leaf values of the tile games build on this (:mod:`..carcassonne.value`,
:mod:`..hunters_gatherers.value`); the greedy policies keep their simpler heuristics.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, TypeVar

from ...core.memo import Memo
from ...tiles.spec import CODE_BITS, TileSet
from . import policy as shared

if TYPE_CHECKING:
    from .state import TileGameState

LETTER_MASK = (1 << CODE_BITS) - 1
SIDE_BITS = 4
"""A position's four sides as a bitmask (side ``d`` is bit ``1 << d``)."""
CLOSERS_KEPT = 1 << 15
_CLOSERS: Memo[tuple[TileSet, int, int], tuple[int, ...]] = Memo(CLOSERS_KEPT)
"""``(tile set, constraint, sides)`` → the type indices that close those sides there (a
few thousand keys per tile set, but a process may load tile sets without end)."""


def closers(tileset: TileSet, types: tuple[str, ...], constraint: int, sides: int
            ) -> tuple[int, ...]:
    """The indices (in ``types``) of the tile types that fit a position demanding
    ``constraint`` in some rotation whose segments on the ``sides`` (a bitmask of edges)
    reach no free side of the position: placed there, they complete those sides."""
    key = (tileset, constraint, sides)
    found = _CLOSERS.table.get(key)
    if found is None:
        found = _CLOSERS.put(key, tuple(
            i for i, t in enumerate(types) if _closes(tileset, t, constraint, sides)))
    return found


def _closes(tileset: TileSet, type_: str, constraint: int, sides: int) -> bool:
    free = [not constraint >> (CODE_BITS * e) & LETTER_MASK for e in range(4)]
    for rot in tileset.fits(type_, constraint):
        o = tileset.orientation(type_, rot)
        segs = {o.edge_seg[d] for d in range(4) if sides >> d & 1}
        if not any(free[e] and o.edge_seg[e] in segs for e in range(4)):
            return True
    return False


def draws_for(state: "TileGameState", share: float) -> float:
    """How many of the tiles left a holder may spend on one feature: ``share`` of its own
    draws (a seat draws one tile in ``num_players``)."""
    return share * state.remaining / state.num_players


def close_chances(state: "TileGameState", kinds: frozenset[str], draws: float
                  ) -> dict[int, float]:
    """The chance of completion of every open feature of ``kinds``, by root: per empty
    position along it, one minus the chance that none of ``draws`` tiles is one of the
    tiles left that complete it there."""
    board = state.board
    find, open_ = board.features.find, board.open
    fill = _fill_table(state, draws)
    chances: dict[int, float] = {}
    chance = chances.get
    for pos, faced in board.facing.items():
        touching: dict[int, int] = {}
        for seg, bit, kind in faced:
            if kind in kinds:
                root = find(seg)
                touching[root] = touching.get(root, 0) | bit
        demand = open_[pos] << SIDE_BITS
        for root, sides in touching.items():
            key = demand | sides
            p = fill.get(key)
            if p is None:
                p = fill[key] = _fill_chance(state, open_[pos], sides, draws)
            chances[root] = chance(root, 1.0) * p
    return chances


FILLS_KEPT = 20_000
_FILLS: Memo[tuple, dict[int, float]] = Memo(FILLS_KEPT)
"""Per tile set, draws and pile: the chance of each ``constraint << SIDE_BITS | sides``
being completed (a search meets the same few piles again and again)."""


def _fill_table(state: "TileGameState", draws: float) -> dict[int, float]:
    key = (state.board.tileset, draws, *state.pile)
    table = _FILLS.table.get(key)
    if table is None:
        table = _FILLS.put(key, {})
    return table


def _fill_chance(state: "TileGameState", constraint: int, sides: int, draws: float) -> float:
    """The chance that one of ``draws`` tiles from the pile completes ``sides`` of a
    position demanding ``constraint``."""
    left, pile = state.remaining, state.pile
    k = sum(pile[i] for i in closers(state.board.tileset, state.types, constraint, sides))
    return 1.0 - (1.0 - k / left) ** draws if k else 0.0


TS = TypeVar("TS", bound="TileGameState")
StateWorth = Callable[[TS, int, dict[int, float], float], "tuple[list[int], float, float]"]


def expected_points(state: TS, hand: tuple[float, float], kinds: frozenset[str],
                    draw_share: float, regain: float, worth: StateWorth[TS]) -> list[float]:
    """Each seat's points, plus its followers in hand (worth ``hand[0]`` at the start
    falling to ``hand[1]``), plus what its followers on the board should bring:
    ``worth(state, root, chances, left)`` gives a feature's ``(holders, value, chance of
    the pieces coming back)`` from the completion chances of the features of ``kinds``
    (:func:`close_chances` with ``draw_share``) and the share of the pile left; a piece
    likely back regains ``regain`` of a follower's worth in hand. At the end: the points."""
    if state.is_terminal():
        return [float(p) for p in state.points]
    left = shared.share_left(state)
    points = shared.points_and_hand(state, *hand)
    chances = close_chances(state, kinds, draws_for(state, draw_share))
    shared.credit(points, state.board.features, state.followers, state.num_players,
                  regain * shared.in_hand(state, *hand),
                  lambda root: worth(state, root, chances, left))
    return points

