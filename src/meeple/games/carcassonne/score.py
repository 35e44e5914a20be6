"""Carcassonne scoring: what closed features and, at the end, open ones and fields are worth.

Events, majorities, the breakdown and the view are the family's shared
:mod:`meeple.games._tilegame.scoring`; this module adds the values of this game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._tilegame import scoring
from ...core.text import nwords, words
from .._tilegame.words import tiles_words

if TYPE_CHECKING:
    from .rules import CarcassonneState

RATES = {False: {"road": (1, 0), "city": (2, 2)}, True: {"road": (1, 0), "city": (1, 1)}}
"""Points per tile and per pennant of a closed (False) or, at the end, open (True) feature."""
MONASTERY_CLOSED = 9
FIELD_PER_CITY = 3


def _pennants(state: "CarcassonneState", root: int) -> int:
    return state.board.features.count(root, "pennant") if state.board.kind(root) == "city" else 0


def _event(state: "CarcassonneState", kind: str, root: int, owners: list[int], points: int,
           what: str, final: bool, **extra: Any) -> None:
    scoring.record(state, kind, root, owners, points, what, final,
                   pennants=_pennants(state, root), **extra)


def feature_points(state: "CarcassonneState", root: int, final: bool) -> int:
    """The points of the road, city or monastery at ``root`` when closed (``final`` False)
    or left open at the end (``final`` True); numbers only, for the bots' evaluations."""
    board = state.board
    feats = board.features
    kind = board.kind(root)
    if kind == "monastery":
        return 1 + board.surrounding(board.seg_tile[root]) if final else MONASTERY_CLOSED
    per_tile, per_pennant = RATES[final][kind]
    points = per_tile * feats.n_tiles(root)
    return points + per_pennant * feats.count(root, "pennant") if per_pennant else points


def feature_value(state: "CarcassonneState", root: int, final: bool) -> tuple[int, str]:
    """The points of the road, city or monastery at ``root`` (:func:`feature_points`) with
    their description."""
    board = state.board
    feats = board.features
    kind = board.kind(root)
    points = feature_points(state, root, final)
    if kind == "monastery":
        t = board.seg_tile[root]
        if not final:
            return points, words("monastery at {at} surrounded by 8 tiles", at=_at(board.xy(t)))
        return points, nwords("incomplete monastery at {at} with {n} neighbour",
                              "incomplete monastery at {at} with {n} neighbours", points - 1,
                              at=_at(board.xy(t)))
    tiles = tiles_words(feats.n_tiles(root))
    pennants = feats.count(root, "pennant") if kind == "city" else 0
    if kind == "city":
        what = (words("incomplete city of {tiles}", tiles=tiles) if final
                else words("city of {tiles}", tiles=tiles))
    else:
        what = (words("incomplete road of {tiles}", tiles=tiles) if final
                else words("road of {tiles}", tiles=tiles))
    if pennants:
        what = words("{what} + {pennants}", what=what,
                     pennants=nwords("{n} pennant", "{n} pennants", pennants))
    return points, what


def _closed_value(state: "CarcassonneState", root: int) -> tuple[int, str, dict]:
    points, what = feature_value(state, root, final=False)
    return points, what, {"pennants": _pennants(state, root)}


def score_closed(state: "CarcassonneState", roots: list[int]) -> None:
    """Score the roads, cities and monasteries just closed; their followers come home."""
    scoring.score_closed(state, roots, _closed_value)


def score_final(state: "CarcassonneState") -> None:
    """End of game: incomplete roads, cities and monasteries, then every field."""
    board, n = state.board, state.num_players
    feats = board.features
    roots = sorted({feats.find(seg) for _, seg in state.followers})
    fields = [r for r in roots if board.kind(r) == "field"]
    for root in roots:
        if board.kind(root) != "field":
            points, what = feature_value(state, root, final=True)
            _event(state, board.kind(root), root, feats.majority(root, n), points, what,
                   final=True)
    for root in fields:
        cities = closed_cities(state, root)
        what = words("field of {tiles} bordering {cities}",
                     tiles=tiles_words(feats.n_tiles(root)),
                     cities=nwords("{n} completed city", "{n} completed cities", len(cities)))
        _event(state, "field", root, feats.majority(root, n), FIELD_PER_CITY * len(cities),
               what, final=True, cities=[[list(c) for c in board.cells(c)] for c in cities])


def closed_cities(state: "CarcassonneState", field_root: int) -> list[int]:
    """The roots of the completed cities bordering the field at ``field_root``, each once."""
    board = state.board
    feats = board.features
    return [r for r in feats.bordering(field_root)
            if board.kind(r) == "city" and not feats.open[r]]


__all__ = ["FIELD_PER_CITY", "MONASTERY_CLOSED", "closed_cities",
           "feature_points", "feature_value", "score_closed", "score_final"]


def _at(xy: tuple[int, int]) -> str:
    """A tile's place as every other message writes it: ``(-1,1)``."""
    return f"({xy[0]},{xy[1]})"
