"""Game records (the JSON of INTERFACE.md) and their replay.

A record is the game, its players and options, the seed, and every applied action in
notation, chance actions included, so replay needs no RNG.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .errors import IllegalAction, RecordError
from .state import State

_KEYS = {"game", "players", "config", "seed", "actions"}


@dataclass
class Record:
    game: str
    players: int
    config: dict = field(default_factory=dict)
    seed: int | None = None
    actions: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"game": self.game, "players": self.players, "config": self.config,
                "seed": self.seed, "actions": list(self.actions)}

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
        config, seed, actions = data.get("config") or {}, data.get("seed"), data["actions"]
        if not isinstance(game, str):
            raise RecordError("'game' must be a string")
        if not isinstance(players, int) or isinstance(players, bool):
            raise RecordError("'players' must be an integer")
        if not isinstance(config, dict):
            raise RecordError("'config' must be an object")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError("'seed' must be an integer or null")
        if not isinstance(actions, list):
            raise RecordError("'actions' must be a list of strings")
        for i, a in enumerate(actions):
            if not isinstance(a, str):
                raise RecordError(f"action {i} is not a string: {a!r}", i)
        return cls(game, players, config, seed, list(actions))

    @classmethod
    def loads(cls, text: str) -> "Record":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(f"not valid JSON: {e}") from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> "Record":
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as e:
            raise RecordError(f"cannot read {path}: {e.strerror}") from None
        return cls.loads(text)


def new_game_state(record: Record) -> State:
    """The initial state of the record's game; RecordError for an unknown game or options."""
    from ..games import load
    try:
        game = load(record.game, record.players, record.config)
    except ValueError as e:
        raise RecordError(str(e)) from None
    return game.new_state(record.seed)


def replay(record: Record) -> State:
    """Apply every action of ``record``; RecordError naming the index of a bad action."""
    state = new_game_state(record)
    for i, text in enumerate(record.actions):
        try:
            state.apply(text)
        except IllegalAction as e:
            raise RecordError(f"action {i} ({text!r}) is illegal: {e}", i) from None
    return state


def summary(state: State) -> dict:
    """The replay report of INTERFACE.md: terminal, scores, breakdown, player, turn."""
    return {"terminal": state.is_terminal(), "scores": state.scores(),
            "breakdown": state.score_breakdown(), "current_player": state.current_player,
            "turn": state.turn}
