"""Measures for the games' terminal pictures (text with rich markup): what every game's
``render`` module shares. Like those modules, it needs ``rich`` (the command line's), and
imports it only when a picture is measured, so that playing imports nothing of it."""
from __future__ import annotations


def rows_taken(text: str, width: int) -> int:
    """The terminal lines that ``text`` (rich markup, one line or more) takes at
    ``width`` columns, long lines wrapping."""
    from rich.text import Text
    return sum(max(1, -(-Text.from_markup(line).cell_len // width))
               for line in text.split("\n"))
