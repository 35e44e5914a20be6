"""Game records (the JSON of INTERFACE.md): their shape, checked on load.

A record is the game, its players and options, the seed, every applied action in
notation (chance actions included, so replay needs no RNG), and optionally who sat in each
seat. Replaying one is a driver's loop (:mod:`meeple.play.replay`).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .datafile import parse_json, read_text
from .errors import RecordError

_KEYS = {"game", "players", "config", "seed", "actions", "seats"}
_SEAT_KEYS = {"seat", "name", "agent"}


@dataclass
class Record:
    game: str
    players: int
    config: dict = field(default_factory=dict)
    seed: int | None = None
    actions: list[str] = field(default_factory=list)
    seats: list[dict] | None = None
    """Who sat where: ``[{"seat": 0, "name": "Ana", "agent": "human"}, ...]`` (optional)."""

    def to_json(self) -> dict:
        out = {"game": self.game, "players": self.players, "config": self.config,
               "seed": self.seed, "actions": list(self.actions)}
        if self.seats is not None:
            out["seats"] = [dict(s) for s in self.seats]
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: object) -> "Record":
        """Validate the shape of a parsed record; RecordError says what is wrong."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        missing = {"game", "players", "actions"} - data.keys()
        if missing:
            raise RecordError(f"record lacks {', '.join(sorted(missing))}")
        unknown = data.keys() - _KEYS
        if unknown:
            raise RecordError(f"record has unknown keys {', '.join(sorted(unknown))}")
        game, players = data["game"], data["players"]
        config, seed, actions = data.get("config", {}), data.get("seed"), data["actions"]
        if not isinstance(game, str):
            raise RecordError("'game' must be a string")
        if not isinstance(players, int) or isinstance(players, bool):
            raise RecordError("'players' must be an integer")
        if not isinstance(config, dict):
            raise RecordError(f"'config' must be an object {{option: value}}, not "
                              f"{_json_type(config)}")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError("'seed' must be an integer or null")
        if not isinstance(actions, list):
            raise RecordError("'actions' must be a list of strings")
        for i, a in enumerate(actions):
            if not isinstance(a, str):
                raise RecordError(f"action {i} is not a string: {a!r}", i)
        seats = data.get("seats")
        if seats is not None:
            _check_seats(seats, players)
        return cls(game, players, config, seed, list(actions),
                   None if seats is None else [dict(s) for s in seats])

    @classmethod
    def loads(cls, text: str, source: str = "the record") -> "Record":
        """The record in the JSON ``text``; RecordError if it is not one (too large, not
        JSON, nested absurdly deep, or of the wrong shape)."""
        return cls.from_json(parse_json(text, source, RecordError))

    @classmethod
    def load(cls, path: str | Path) -> "Record":
        """The record in the file at ``path`` (a regular UTF-8 file of at most
        :data:`~.datafile.MAX_BYTES`); RecordError naming the problem."""
        return cls.loads(read_text(path, "record", RecordError), f"record {path}")


def _json_type(value: object) -> str:
    """The JSON name of ``value``'s type, for messages."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    return {list: "a list", str: "a string", int: "a number", float: "a number"}.get(
        type(value), type(value).__name__)


def _check_seats(seats: object, players: int) -> None:
    """RecordError unless ``seats`` is a list of ``{"seat", "name"?, "agent"?}`` objects
    with distinct seat numbers below ``players`` and text names and agents."""
    if not isinstance(seats, list):
        raise RecordError("'seats' must be a list of objects")
    seen = set()
    for i, entry in enumerate(seats):
        if not isinstance(entry, dict) or "seat" not in entry or entry.keys() - _SEAT_KEYS:
            raise RecordError(f"seats entry {i} must be an object with 'seat' and optional "
                              "'name' and 'agent'")
        seat = entry["seat"]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players \
                or seat in seen:
            raise RecordError(f"seats entry {i}: 'seat' must be a distinct seat number "
                              f"0–{players - 1}")
        seen.add(seat)
        if any(not isinstance(entry.get(k, ""), str) for k in ("name", "agent")):
            raise RecordError(f"seats entry {i}: 'name' and 'agent' must be text")
