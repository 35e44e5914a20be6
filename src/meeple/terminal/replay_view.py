"""A record looked at in the terminal: the position after any action, stepped through with
the keyboard (``meeple replay FILE --at N --step``)."""
from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from ..core.errors import RecordError
from ..core.record import Record
from ..core.state import CHANCE, State
from ..core.text import colour_word, named, say, words
from .play import dealt
from .report import breakdown_table, seat_colours
from ..play.replay import replay

KEYS = words("[dim]n/→/Enter next · p/← back · 12 Enter: action 12 · s/e start/end · "
             "t scores · q quit[/]")
PROMPT = words("replay> ")


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


def colour(state: State, seat: int) -> str:
    """A seat by its pieces' colour, as players say it (``red``)."""
    return seat_colours(state)[seat]


def to_move(state: State) -> str:
    """Whose turn it is, in words."""
    if state.is_terminal():
        return words("the game is over")
    if state.current_player == CHANCE:
        return words("chance is next (a draw, a roll or a set-up)")
    return words("{colour} to move", colour=colour(state, state.current_player))


def status(state: State) -> str:
    """The line under a position: the turn, every seat's points by colour (where they are
    not secret), and whose move it is."""
    scores = state.scores() if not (state.game.secret_scores and not state.is_terminal()) \
        else None
    if scores is None:
        return say(words("turn {turn} · {who}", turn=state.turn, who=to_move(state)))
    points = ", ".join(say(words("{colour} {points}", colour=colour(state, seat), points=score))
                       for seat, score in enumerate(scores))
    return say(words("turn {turn} · {points} · {who}", turn=state.turn, points=points,
                     who=to_move(state)))


def action_line(record: Record, at: int, total: int) -> str:
    """What led to the position after ``at`` actions: a seat's move in the engine's words
    (with its notation), a chance outcome as the move log says it; before the first, says
    so."""
    if not at:
        return say(words("before the first of {total} actions", total=total))
    text = record.actions[at - 1]
    before = position(record, at - 1)
    seat = before.current_player
    if seat == CHANCE:
        return say(words("after action {at} of {total}: {what}", at=at, total=total,
                         what=escape(say(dealt(before.parse(text))))))
    said = before.narrate(before.parse(text))
    return say(words("after action {at} of {total}: {colour} {did} ([bold]{action}[/])",
                     at=at, total=total, colour=colour(before, seat), did=escape(say(said)),
                     action=escape(text)))


def show(console: Console, record: Record, state: State) -> None:
    """The position, the action that led to it with its events, the scores, and who moves."""
    console.print(state.game.drawing.picture(state.view(None), width=console.width))
    at, total = state.action_count, len(record.actions)
    console.print(action_line(record, at, total))
    names = seat_colours(state)
    for event in state.events_since(at - 1) if at else []:
        console.print(f"  [green]→[/] {escape(say(named(event['text'], names)))}")
    console.print(breakdown_table(state))
    console.print(status(state))


def step_through(console: Console, record: Record, at: int) -> None:
    """Show position ``at`` and move through the record as the person presses keys: in a
    terminal, one key at a time (arrows too), each position drawn on a cleared screen
    that it fits; else a line per key, each position printed in turn."""
    keys = _keys(console)
    total, message, detail = len(record.actions), "", False
    with keys:
        while True:
            state = position(record, at)
            if console.is_terminal:
                console.clear()
            _step_screen(console, record, state, message, detail)
            console.print(say(PROMPT), end="")
            key = keys.read(console)
            if key is None or key == "q":
                console.print()
                return
            at, message, detail = _next(key, at, total, detail)


def _step_screen(console: Console, record: Record, state: State, message: str,
                 detail: bool) -> None:
    """One position of the step-through: the board (or, with ``detail``, the scores'
    breakdown) fitted to what the terminal's height leaves it, then the action that led
    here with its events, who moves, a message and the keys."""
    at, total = state.action_count, len(record.actions)
    below = [action_line(record, at, total)]
    if at:
        names = seat_colours(state)
        below += [f"  [green]→[/] {escape(say(named(event['text'], names)))}"
                  for event in state.events_since(at - 1)]
    below.append(status(state))
    if message:
        below.append(f"[yellow]{escape(say(message))}[/]")
    below.append(say(KEYS))
    if detail:
        console.print(breakdown_table(state))
    else:
        height = None
        if console.is_terminal:
            taken = sum(_rows(line, console.width) for line in below)
            height = max(6, console.size.height - taken - 1)      # the prompt's line
        console.print(state.game.drawing.fitted(state.view(None), console.width, height))
    for line in below:
        console.print(line)


def _rows(text: str, width: int) -> int:
    from rich.text import Text
    return max(1, -(-Text.from_markup(text).cell_len // width))


NEXT, BACK = ("", "n", "right", " "), ("p", "b", "left")


def _next(key: str, at: int, total: int, detail: bool) -> tuple[int, str, bool]:
    """The position, message and view after ``key``."""
    if key in NEXT:
        return (at + 1, "", detail) if at < total else (at, words(
            "already at the end (action {total} of {total})", total=total), detail)
    if key in BACK:
        return (at - 1, "", detail) if at > 0 else (at, words("already at the start"), detail)
    if key in ("e", "end"):
        return total, "", detail
    if key in ("s", "home"):
        return 0, "", detail
    if key == "t":
        return at, "", not detail
    if key.isascii() and key.isdigit() and len(key) <= 9:
        if int(key) > total:
            return total, nwords("the record has {n} action: here is the end",
                                 "the record has {n} actions: here is the end", total), detail
        return int(key), "", detail
    return at, words("unknown key {key}: the keys are below", key=repr(key)), detail


class _Lines:
    """Keys as lines typed (input that is not a terminal: a file, a pipe, a test)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        return None

    def read(self, console: Console) -> str | None:
        try:
            return console.input().strip().casefold()
        except EOFError:
            return None


ARROWS = {"[C": "right", "[D": "left", "[H": "home", "[F": "end", "OC": "right",
          "OD": "left", "OH": "home", "OF": "end"}


class _Keys:
    """Single key presses from a terminal (no Enter needed, arrows read), a number typed
    digit by digit and ended by Enter; the terminal's settings restored on leaving."""

    def __init__(self, fd: int):
        self.fd, self.saved = fd, None

    def __enter__(self):
        import termios
        import tty
        self.saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd)
        return self

    def __exit__(self, *exc) -> None:
        import termios
        termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)

    def _byte(self, wait: float | None = None) -> str:
        import os
        import select
        if wait is not None and not select.select([self.fd], [], [], wait)[0]:
            return ""
        return os.read(self.fd, 1).decode("utf-8", "replace")

    def read(self, console: Console) -> str | None:
        digits = ""
        while True:
            c = self._byte()
            if c in ("", "\x04"):
                return None
            if c == "\x1b":
                tail = self._byte(0.05)
                tail += self._byte(0.05) if tail else ""
                if not tail:
                    return "q"                                   # Esc alone
                return ARROWS.get(tail, "esc " + tail)
            if c.isdigit():
                digits += c
                console.file.write(c)
                console.file.flush()
                continue
            if c in ("\x7f", "\b") and digits:
                digits = digits[:-1]
                console.file.write("\b \b")
                console.file.flush()
                continue
            if c in ("\r", "\n"):
                return digits
            return c.casefold() if not digits else c


def _keys(console: Console):
    """How keys are read here: one at a time from a terminal, else by lines."""
    import sys
    try:
        if sys.stdin.isatty() and console.is_terminal:
            import termios  # noqa: F401  (not on Windows: lines there)
            return _Keys(sys.stdin.fileno())
    except (ImportError, ValueError, OSError):
        pass
    return _Lines()
