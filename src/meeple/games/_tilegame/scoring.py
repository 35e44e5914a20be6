"""Majority scoring, scoring events and the breakdown of a tile-laying game.

Every score is a ``scored`` *event* (the feature, its tiles, owners, pieces per seat,
points, turn, words) emitted on the state (``state.events``) and added to the owners'
points; the breakdown is read from the events, so breakdown, events and score track
always agree. A discarded tile and (in Hunters & Gatherers) a bonus tile earned are events
too.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, TypeVar

from ...tiles.features import Partition
from ...core.text import join_words, nwords, words
from .words import COLOURS, seat_name

if TYPE_CHECKING:
    from .state import TileGameState

TS = TypeVar("TS", bound="TileGameState")
Value = Callable[[TS, int], tuple[int, str, dict]]
"""A completed feature's ``(points, description, extra event fields)``."""


def record(state: "TileGameState", feature: str, root: int, owners: list[int], points: int,
           what: str, final: bool, partition: Partition | None = None,
           pieces: str = "followers", **extra: object) -> None:
    """Emit the ``scored`` event of the ``feature`` (or group of ``partition``) at ``root``
    and add ``points`` to each owner; ``pieces`` names the per-seat count of pieces on it."""
    partition = partition or state.board.features
    counts = partition.counts_by_seat(root, state.num_players)
    for s in owners:
        state.points[s] += points
    state.emit("scored", _scored_text, feature=feature,
               tiles=[list(c) for c in state.board.counted_cells(root, partition)], **extra,
               owners=owners, **{pieces: {str(s): n for s, n in enumerate(counts) if n}},
               points=points, turn=state.turns, final=final, what=what)


def _scored_text(event: dict) -> str:
    owners = join_words([seat_name(s) for s in event["owners"]]) or words("nobody")
    return nwords("{what}: {n} point to {owners}", "{what}: {n} points to {owners}",
                  event["points"], what=event["what"], owners=owners)


def discarded(state: "TileGameState", type_: str) -> None:
    """The event of a drawn tile that fits nowhere."""
    state.emit("discarded", words("tile {tile} fits nowhere on the board: discarded",
                                  tile=type_),
               tile=type_, seat=state.seat)


def score_closed(state: TS, roots: list[int], value: Value[TS]) -> None:
    """Score the features just completed for their majority (nothing for a feature without
    followers); then their followers come home."""
    feats = state.board.features
    for root in roots:
        owners = feats.majority(root, state.num_players)
        if owners:
            points, what, extra = value(state, root)
            record(state, state.board.kind(root), root, owners, points,
                   words("{what}, completed in round {round}", what=what, round=state.round),
                   final=False, **extra)
            state.return_followers(root)


def breakdown(state: "TileGameState") -> dict:
    """Every scoring event, in words, per seat and in order of play (a game adds its own
    fields after these)."""
    seats = [{"seat": s, "colour": COLOURS[s], "total": state.points[s], "items": []}
             for s in range(state.num_players)]
    scored = [e for e in state.events if e["kind"] == "scored"]
    for event in scored:
        shared = len(event["owners"]) > 1
        for s in event["owners"]:
            if shared:
                others = join_words([seat_name(o) for o in event["owners"] if o != s])
                text = nwords("{what}: {n} point (tied majority with {others})",
                              "{what}: {n} points (tied majority with {others})",
                              event["points"], what=event["what"], others=others)
            else:
                text = nwords("{what}: {n} point", "{what}: {n} points", event["points"],
                              what=event["what"])
            seats[s]["items"].append({"text": text, "points": event["points"],
                                      "kind": event["feature"], "turn": event["turn"],
                                      "final": event["final"],
                                      "tiles": [list(c) for c in event["tiles"]]})
    return {"seats": seats, "events": [dict(e) for e in scored],
            "discarded": list(state.discarded)}
