"""Majority scoring, scoring events, the breakdown and the view of a tile-laying game.

Every score is a ``scored`` *event* (the feature, its tiles, owners, pieces per seat,
points, turn, words) emitted on the state (``state.events``) and added to the owners'
points; the breakdown is read from the events, so breakdown, events and score track
always agree. A discarded tile and (in Hunters & Gatherers) a bonus tile earned are events
too.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ...tiles.features import Partition

if TYPE_CHECKING:
    from .state import TileGameState

COLOURS = ("red", "blue", "yellow", "green", "black")
"""The colour of each seat's pieces."""

Value = Callable[["TileGameState", int], tuple[int, str, dict]]
"""A completed feature's ``(points, description, extra event fields)``."""


def seat_name(seat: int) -> str:
    return f"seat {seat} ({COLOURS[seat]})"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``"1 tile"``, ``"3 tiles"`` (``many`` for irregular plurals)."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


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
    owners = " and ".join(seat_name(s) for s in event["owners"]) or "nobody"
    return f"{event['what']}: {plural(event['points'], 'point')} to {owners}"


def discarded(state: "TileGameState", type_: str) -> None:
    """The event of a drawn tile that fits nowhere."""
    state.emit("discarded", f"tile {type_} fits nowhere on the board: discarded",
               tile=type_, seat=state.seat)


def score_closed(state: "TileGameState", roots: list[int], value: Value) -> None:
    """Score the features just completed for their majority (nothing for a feature without
    followers); then their followers come home."""
    feats = state.board.features
    for root in roots:
        owners = feats.majority(root, state.num_players)
        if owners:
            points, what, extra = value(state, root)
            record(state, state.board.kind(root), root, owners, points,
                   f"{what}, completed in turn {state.turns}", final=False, **extra)
            state.return_followers(root)


def breakdown(state: "TileGameState", **extra: object) -> dict:
    """Every scoring event, in words, per seat and in order of play."""
    seats = [{"seat": s, "colour": COLOURS[s], "total": state.points[s], "items": []}
             for s in range(state.num_players)]
    scored = [e for e in state.events if e["kind"] == "scored"]
    for event in scored:
        shared = len(event["owners"]) > 1
        for s in event["owners"]:
            text = f"{event['what']}: {plural(event['points'], 'point')}"
            if shared:
                others = [seat_name(o) for o in event["owners"] if o != s]
                text += f" (tied majority with {', '.join(others)})"
            seats[s]["items"].append({"text": text, "points": event["points"],
                                      "kind": event["feature"], "turn": event["turn"],
                                      "final": event["final"],
                                      "tiles": [list(c) for c in event["tiles"]]})
    return {"seats": seats, "events": [dict(e) for e in scored],
            "discarded": list(state.discarded), **extra}


def pieces(state: "TileGameState", placed: list[tuple[int, int]]) -> list[dict]:
    """``(seat, segment)`` pieces as ``{"seat", "kind", "x", "y", "location"}``."""
    board = state.board
    out = []
    for seat, seg in placed:
        t, local = board.local(seg)
        x, y = board.xy(t)
        o = board.placed[t]
        out.append({"seat": seat, "kind": o.kinds[local], "x": x, "y": y,
                    "location": o.locs[local][0]})
    return out


def regions(state: "TileGameState", **extra: list) -> dict[str, list[list[list[int]]]]:
    """``{"followers": ...}`` (and a game's ``extra`` lists): per follower of the view
    (same order), the ``[x, y]`` of every tile its feature's score counts (a monk's: the
    monastery and the tiles around it): what a client lights up when it is pointed at."""
    board = state.board
    find = board.features.find
    return {"followers": [[list(c) for c in board.counted_cells(find(seg))]
                          for _, seg in state.followers], **extra}


def view(state: "TileGameState", player: int | None, **extra: object) -> dict:
    """What everyone sees: the board, followers, supplies, points, the drawn tile, and the
    pile only as counts per type (its order is hidden from every seat)."""
    board = state.board
    tiles = [{"type": o.type, "x": x, "y": y, "rotation": o.degrees}
             for o, (x, y) in zip(board.placed, map(board.xy, range(len(board.placed))))]
    return {"game": state.game.name, "players": state.num_players, "seat": player,
            "current_player": state.current_player, "active": state.seat, "turn": state.turn,
            "phase": state.phases[state.phase], "tile": state.tile, "board": tiles,
            "followers": pieces(state, state.followers), "supply": list(state.supply),
            "scores": list(state.points), "pile": state.pile_counts(),
            "remaining": state.remaining, "discarded": list(state.discarded), **extra}
