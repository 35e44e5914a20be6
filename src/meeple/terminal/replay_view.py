"""A record looked at in the terminal: the position after any action, stepped through with
the keyboard (``meeple replay FILE --at N --step``)."""
from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from ..core.errors import RecordError
from ..core.record import Record
from ..core.state import CHANCE, State
from .report import breakdown_table
from ..play.replay import replay

KEYS = ("[dim]Enter or n: next action · b: back · a number: go to that action · "
        "e: the end · q: quit[/]")


def position(record: Record, at: int | None = None) -> State:
    """The state after the first ``at`` actions of ``record`` (all if None); RecordError if
    ``at`` is outside 0…len(actions) or an action does not replay."""
    total = len(record.actions)
    if at is None:
        at = total
    if not 0 <= at <= total:
        raise RecordError(f"--at must be between 0 and {total} (the record has {total} "
                          f"actions), not {at}")
    cut = Record(record.game, record.players, record.config, record.seed,
                 record.actions[:at], record.seats)
    return replay(cut)


def to_move(state: State) -> str:
    """Whose turn it is, in words."""
    if state.is_terminal():
        return "the game is over"
    if state.current_player == CHANCE:
        return "chance is next (a draw, a roll or a set-up)"
    return f"seat {state.current_player} to move"


def show(console: Console, record: Record, state: State) -> None:
    """The position, the action that led to it with its events, the scores, and who moves."""
    at, total = state.action_count, len(record.actions)
    console.print(state.game.drawing.picture(state.view(None), width=console.width))
    if at:
        console.print(f"after action {at} of {total}: "
                      f"[bold]{escape(record.actions[at - 1])}[/]")
        for event in state.events_since(at - 1):
            console.print(f"  [green]→[/] {escape(event['text'])}")
    else:
        console.print(f"before the first of {total} actions")
    console.print(breakdown_table(state))
    console.print(f"turn {state.turn} · scores {state.scores()} · {to_move(state)}")


def step_through(console: Console, record: Record, at: int) -> None:
    """Show position ``at`` and move through the record as the person types keys."""
    total = len(record.actions)
    while True:
        show(console, record, position(record, at))
        console.print(KEYS)
        try:
            key = console.input("replay> ").strip().casefold()
        except EOFError:
            return
        if key == "q":
            return
        at = _next_position(key, at, total, console)


def _next_position(key: str, at: int, total: int, console: Console) -> int:
    if key in ("", "n"):
        return min(at + 1, total)
    if key == "b":
        return max(at - 1, 0)
    if key == "e":
        return total
    if key.isascii() and key.isdigit() and len(key) <= 9:
        return min(int(key), total)
    console.print(f"[red]unknown key {escape(key)!r}[/]")
    return at
