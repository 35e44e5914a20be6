"""A rules page in the terminal (``meeple rules GAME``): the page's Markdown through rich,
each ``position`` and ``example`` block drawn by the game's own text render (the picture
``meeple play`` and ``meeple replay`` show), with its caption under it. Printed whole, no
pager, so that it reads the same piped to a file or to ``less -R``."""
from __future__ import annotations

from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.rule import Rule

from .. import rulebook as rb
from ..core.errors import RecordError


def show_rulebook(console: Console, book: rb.Rulebook) -> None:
    console.print(Markdown(f"# {book.title}"))
    if book.intro:
        console.print(Markdown(book.intro))
    for section in book.sections:
        console.print()
        console.print(Markdown(f"## {section.title}"))
        for part in section.parts:
            if isinstance(part, str):
                console.print(Markdown(part))
            else:
                show_block(console, part)


def show_block(console: Console, block: rb.Block) -> None:
    """The block's position drawn as the game draws it, framed by rules, its caption below."""
    console.print(Rule(style="dim"))
    try:
        state = rb.replay(block)
    except RecordError as e:                  # the tests keep this from ever happening
        console.print(f"[red]{escape(str(e))}[/]")
    else:
        console.print(state.game.drawing.picture(state.view(None), width=console.width))
    mark = "▶" if block.kind == "example" else "▲"
    console.print(f"[bold]{mark}[/] [italic]{escape(block.caption)}[/]")
    console.print(Rule(style="dim"))
