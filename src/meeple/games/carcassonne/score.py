"""Carcassonne scoring: closed features during play, the final scoring, and the breakdown.

Every score is an *event* (kind, tiles, pennants, owners, points, turn) appended to
``state.events`` and added to the owners' points; the breakdown and the score track are
read from the events, so they always agree.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import CarcassonneState

COLOURS = ("red", "blue", "yellow", "green", "black")
"""The follower colour of each seat."""
RATES = {False: {"road": (1, 0), "city": (2, 2)}, True: {"road": (1, 0), "city": (1, 1)}}
"""Points per tile and per pennant of a closed (False) or, at the end, open (True) feature."""
MONASTERY_CLOSED = 9
FIELD_PER_CITY = 3


def seat_name(seat: int) -> str:
    return f"seat {seat} ({COLOURS[seat]})"


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {plural or word + 's'}"


def _event(state: "CarcassonneState", kind: str, root: int, owners: list[int], points: int,
           what: str, final: bool, **extra: object) -> None:
    feats = state.board.features
    counts = feats.counts_by_seat(root, state.num_players)
    event = {"kind": kind, "tiles": [list(c) for c in state.board.cells(root)],
             "pennants": feats.count(root, "pennant") if kind == "city" else 0,
             "owners": owners, "followers": {str(s): n for s, n in enumerate(counts) if n},
             "points": points, "turn": state.turns, "final": final, "what": what, **extra}
    owner_text = " and ".join(seat_name(s) for s in owners)
    event["text"] = f"{what}: {_plural(points, 'point')} to {owner_text}"
    state.events.append(event)
    for s in owners:
        state.points[s] += points


def feature_value(state: "CarcassonneState", root: int, final: bool) -> tuple[int, str]:
    """The points of the road, city or monastery at ``root`` when closed (``final`` False)
    or left open at the end (``final`` True), with its description."""
    board = state.board
    feats = board.features
    kind = board.kind(root)
    if kind == "monastery":
        t = board.seg_tile[root]
        if not final:
            return MONASTERY_CLOSED, f"monastery at {board.xy(t)} surrounded by 8 tiles"
        around = board.surrounding(t)
        return 1 + around, (f"incomplete monastery at {board.xy(t)} with "
                            f"{_plural(around, 'neighbour')}")
    tiles = feats.n_tiles(root)
    pennants = feats.count(root, "pennant") if kind == "city" else 0
    per_tile, per_pennant = RATES[final][kind]
    what = f"{'incomplete ' if final else ''}{kind} of {_plural(tiles, 'tile')}" + (
        f" + {_plural(pennants, 'pennant')}" if pennants else "")
    return per_tile * tiles + per_pennant * pennants, what


def score_closed(state: "CarcassonneState", roots: list[int]) -> None:
    """Score the roads, cities and monasteries just closed; their followers come home."""
    feats = state.board.features
    for root in roots:
        owners = feats.majority(root, state.num_players)
        if owners:
            points, what = feature_value(state, root, final=False)
            _event(state, state.board.kind(root), root, owners, points,
                   f"{what}, completed in turn {state.turns}", final=False)
            state.return_followers(root)


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
        what = (f"field of {_plural(feats.n_tiles(root), 'tile')} bordering "
                f"{_plural(len(cities), 'completed city', 'completed cities')}")
        _event(state, "field", root, feats.majority(root, n), FIELD_PER_CITY * len(cities),
               what, final=True, cities=[[list(c) for c in board.cells(c)] for c in cities])


def closed_cities(state: "CarcassonneState", field_root: int) -> list[int]:
    """The roots of the completed cities bordering the field at ``field_root``, each once."""
    board = state.board
    feats = board.features
    return [r for r in feats.bordering(field_root)
            if board.kind(r) == "city" and not feats.open[r]]


def breakdown(state: "CarcassonneState") -> dict:
    """Every scoring event, in words, per seat and in order of play."""
    seats = [{"seat": s, "colour": COLOURS[s], "total": state.points[s], "items": []}
             for s in range(state.num_players)]
    for event in state.events:
        shared = len(event["owners"]) > 1
        for s in event["owners"]:
            text = f"{event['what']}: {_plural(event['points'], 'point')}"
            if shared:
                others = [seat_name(o) for o in event["owners"] if o != s]
                text += f" (tied majority with {', '.join(others)})"
            seats[s]["items"].append({"text": text, "points": event["points"],
                                      "kind": event["kind"], "turn": event["turn"],
                                      "final": event["final"]})
    return {"seats": seats, "events": [dict(e) for e in state.events],
            "discarded": list(state.discarded)}


def view(state: "CarcassonneState", player: int | None) -> dict:
    """What everyone sees: the board, followers, supplies, points, the drawn tile, and the
    pile only as counts per type (its order is hidden from every seat)."""
    from .rules import PHASES
    board = state.board
    tiles = [{"type": o.type, "x": x, "y": y, "rotation": o.degrees}
             for o, (x, y) in zip(board.placed, map(board.xy, range(len(board.placed))))]
    followers = []
    for seat, seg in state.followers:
        t, local = board.local(seg)
        x, y = board.xy(t)
        o = board.placed[t]
        followers.append({"seat": seat, "kind": o.kinds[local], "x": x, "y": y,
                          "location": o.locs[local][0]})
    return {"game": "carcassonne", "players": state.num_players, "seat": player,
            "current_player": state.current_player, "turn": state.turn,
            "phase": PHASES[state.phase], "tile": state.tile, "board": tiles,
            "followers": followers, "supply": list(state.supply),
            "scores": list(state.points), "pile": state.pile_counts(),
            "remaining": state.remaining, "discarded": list(state.discarded)}
