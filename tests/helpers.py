"""Test helpers shared by every game's tests."""
from __future__ import annotations

import random
from typing import Iterator

from meeple.core.action import Action
from meeple.core.state import State
from meeple.play import playout


SHARED = ("rng", "_rng", "_rng_shared", "game", "tileset")
"""What ``snapshot`` leaves out: the RNG, and the game and tile set that states share and
never change (walking a tile set costs twenty times the rest of a state)."""


def snapshot(obj, _depth: int = 0):
    """A structural, comparable picture of a state (everything but its RNG, its game and
    the fields it declares ``derived``: what it worked out from the others and kept)."""
    if isinstance(obj, (int, float, str, bool, type(None))):
        return obj
    if isinstance(obj, (list, tuple)):
        return (type(obj).__name__, tuple(snapshot(x, _depth + 1) for x in obj))
    if isinstance(obj, (set, frozenset)):
        return ("set", tuple(sorted((snapshot(x, _depth + 1) for x in obj), key=repr)))
    if isinstance(obj, dict):
        items = [(snapshot(k, _depth + 1), snapshot(v, _depth + 1)) for k, v in obj.items()]
        return ("dict", tuple(sorted(items, key=repr)))
    fields = {}
    if hasattr(obj, "__dict__"):
        fields.update(vars(obj))
    for cls in type(obj).__mro__:
        for slot in getattr(cls, "__slots__", ()):
            if hasattr(obj, slot):
                fields[slot] = getattr(obj, slot)
    derived = getattr(type(obj), "derived", ())
    fields = {k: v for k, v in fields.items() if k not in SHARED and k not in derived}
    if fields.get("_log") is not None:      # the event chain as a list: a long game's chain
        fields["_log"] = _chain(fields["_log"])      # is deeper than the recursion limit
    if not fields:
        return repr(obj)
    return (type(obj).__name__, snapshot(fields, _depth + 1))


def _chain(link: tuple) -> list:
    """The events of a state's chain ``(event, older chain)``, newest first."""
    out = []
    while link is not None:
        out.append(link[0])
        link = link[1]
    return out


def random_steps(state: State, rng: random.Random, max_actions: int = 100_000
                 ) -> Iterator[Action]:
    """Play ``state`` to the end with random moves and chance from ``rng``, yielding each
    action just after it is applied, so a test can check the state at every step."""
    return playout.random_steps(state, rng, rng, max_actions)


def random_playout(state: State, rng: random.Random, max_actions: int = 100_000) -> list[str]:
    """Play ``state`` to the end with random moves; the notation of every action applied."""
    return [str(action) for action in random_steps(state, rng, max_actions)]


def picture(state: State, seat: int | None = None) -> str:
    """The terminal picture of ``state`` as ``seat`` sees it (drawn from its view)."""
    return state.game.drawing.picture(state.view(seat))


def legal_help(state: State) -> str:
    """The terminal's ``help`` text for the seat to move."""
    seat = state.current_player if state.current_player >= 0 else None
    return state.game.drawing.legal_help(state.view(seat), state.legal_actions())


# --- reading a tile board's picture -------------------------------------------------------
FULL = 7
"""Characters of a full-size tile's line."""


def board_lines(state, width: int = 200):
    """The picture of ``state`` (as a spectator sees it), line by line as rich Text with
    its styles (``.plain`` is what shows without colour)."""
    from rich.text import Text
    return Text.from_markup(state.game.drawing.picture(state.view(None), width)).split("\n")


def column_labels(line) -> list[int] | None:
    """The x labels of a board's line above or below it (``▼``/``▲`` marks the last
    tile's column), or None if ``line`` is not one."""
    from meeple.games._tilegame.render import LABEL
    text = line.plain
    words = text.split()
    if not text.startswith(" " * LABEL) or not words:
        return None
    try:
        return [int(w.strip("▼▲")) for w in words]
    except ValueError:
        return None


def board_part(lines):
    """A tile board's lines in a picture: the x labels above it to those below, and the
    line saying what is shown, if there is one."""
    start = next(i for i, line in enumerate(lines) if column_labels(line))
    end = next(i for i in range(start + 1, len(lines)) if column_labels(lines[i]))
    note = end + 1 < len(lines) and lines[end + 1].plain.startswith(("columns ", "rows "))
    return lines[start:end + 1 + note]


def board_tile(lines, x: int, y: int):
    """The three lines of the full-size tile drawn at ``(x, y)``, found by the margins."""
    from meeple.games._tilegame.render import LABEL
    lines = board_part(lines)
    first = int(lines[0].plain[LABEL:LABEL + FULL].strip(" ▼"))
    row = next(i for i, line in enumerate(lines) if line.plain[:LABEL].strip(" ▶") == str(y))
    start = LABEL + (x - first) * FULL
    return [lines[r][start:start + FULL] for r in (row - 1, row, row + 1)]


def char_style(line, i: int):
    """The style of character ``i`` of the rich Text ``line``."""
    from rich.style import Style
    return Style.combine(Style.parse(str(s.style)) for s in line.spans if s.start <= i < s.end)
