"""Terminal play: people at the keyboard, bots in the other seats, the game drawn as text."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Sequence

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..agents import make_agent
from ..core.agent import WIN_RATE, RankingAgent
from ..core.errors import IllegalAction
from ..core.drawing import prompt_key
from ..core.game import Game
from ..core.record import Record
from ..core.state import CHANCE, State
from .report import breakdown_table
from ..play.hints import hint_agent
from ..play.hints import hints as best_moves
from ..play.history import History
from ..play.runner import agent_seed

HUMAN = "human"
MARGIN_TITLE = "margin vs best other"
"""The hints' column of a move's expected final score less the best other seat's."""
COMMANDS = ("Type a move (as [bold]help[/] shows it, or in the notation of docs/), "
            "[bold]help[/] for the legal moves, [bold]undo[/] to take back your last turn, "
            "[bold]board[/] to draw the game again, [bold]quit[/] to leave (the game is "
            "saved with --save).")


class Quit(Exception):
    """The person asked to leave."""


class TerminalGame:
    """One game at the terminal: prompts the human seats, lets bots move, draws the board."""

    def __init__(self, game: Game, players: Sequence[str], seed: int,
                 console: Console | None = None, save: str | None = None,
                 hints: str | None = None, actions: Sequence[str] = (),
                 delay: float = 0.0):
        """``actions`` are those of a saved game to continue (IllegalAction if one does
        not replay); ``delay`` the seconds to wait after each bot move."""
        self.game, self.seed, self.save, self.delay = game, seed, save, delay
        self.console = console or Console(highlight=False)
        self.seats = [HUMAN if p.casefold() == HUMAN else p for p in players]
        self.agents = [None if p == HUMAN else make_agent(p, game, agent_seed(seed, i))
                       for i, p in enumerate(self.seats)]
        self.humans = {i for i, p in enumerate(self.seats) if p == HUMAN}
        self.hinter = self._hinter(hints) if hints else None
        self.history = History(game, seed, list(actions),
                               [{"seat": i, "agent": p} for i, p in enumerate(self.seats)])

    @property
    def state(self) -> State:
        return self.history.state

    @property
    def actions(self) -> list[str]:
        return self.history.actions

    def _hinter(self, spec: str) -> RankingAgent:
        """The agent that ranks moves for the person: ``spec``, or with ``"auto"`` the
        first bot seat's agent that can rank moves, else MCTS."""
        return hint_agent(self.game, spec, agent_seed(self.seed, len(self.seats)),
                          [p for p, a in zip(self.seats, self.agents) if a is not None])

    def hint_table(self) -> Table:
        """The hint agent's top three moves here, with their value, expected margin (where
        the agent gives one) and visits. The agent searches a copy in which what the seat
        cannot see is dealt anew (``determinize``), so hints know exactly what the seat's
        view shows. Moves the drawing calls the same (a symmetric tile turned to look the
        same) are one row, as the help lists them."""
        rows = best_moves(self.state, self.hinter, 3)
        percent = self.hinter.ranks_by == WIN_RATE
        margins = any(row.margin is not None for row in rows)
        table = Table(title=f"hints from {self.hinter.name}", title_justify="left")
        table.add_column("move")
        table.add_column(self.hinter.ranks_by, justify="right")
        if margins:
            table.add_column(MARGIN_TITLE, justify="right")
        table.add_column("visits", justify="right")
        for action, value, visits, margin in rows:
            cells = [str(action), f"{100 * value:.0f}%" if percent else f"{value:.1f}"]
            if margins:
                cells.append("" if margin is None else f"{margin:+.1f}")
            cells.append("" if visits is None else str(visits))
            table.add_row(*cells)
        return table

    def record(self) -> Record:
        """The game so far, with the agent of every seat (``human`` for people)."""
        return self.history.record()

    def run(self) -> State:
        shown_for = None
        if None in self.agents:
            _line_editing()
            self.console.print(COMMANDS)
        try:
            while not self.state.is_terminal():
                player = self.state.current_player
                if player == CHANCE:
                    self._apply(self.history.chance(), "chance")
                elif self.agents[player] is None:
                    if shown_for != len(self.actions):
                        self.draw(player)
                        if self.hinter is not None:
                            self.console.print(self.hint_table())
                        shown_for = len(self.actions)
                    self._human_turn(player)
                else:
                    self._apply(self.agents[player].act(self.state), f"seat {player}")
                    time.sleep(self.delay)
        except Quit:
            self.console.print("[yellow]Game left unfinished.[/]")
        finally:
            self._save()
        self.finish()
        return self.state

    def _apply(self, action, who: str) -> None:
        index = self.state.action_count
        action = self.history.apply(action)
        style = "dim" if who == "chance" else "cyan"
        self.console.print(f"[{style}]{who}: {escape(shown(action))}[/]")
        for event in self.state.events_since(index):
            self.console.print(f"  [green]→[/] {escape(event['text'])}")

    def draw(self, seat: int | None) -> None:
        self.console.print(self.game.drawing.picture(self.state.view(seat),
                                                     width=self.console.width))

    def _human_turn(self, player: int) -> None:
        try:
            text = self.console.input(f"[bold]seat {player}>[/] ").strip()
        except EOFError:
            raise Quit from None
        command = text.casefold()
        if command in ("quit", "exit"):
            raise Quit
        if command in ("help", "?", ""):
            self.console.print(self.game.drawing.legal_help(self.state.view(player),
                                                            self.state.legal_actions()))
        elif command == "board":
            self.draw(player)
        elif command == "undo":
            self._undo()
        else:
            self._play(player, text)

    def _play(self, player: int, text: str) -> None:
        """Play what the person typed: a number of a numbered move, a move as the screen
        shows it, or the notation; else say why not."""
        view, legal = self.state.view(player), self.state.legal_actions()
        if text.isascii() and text.isdigit():
            action = self._numbered(view, legal, text)
        else:
            action = self._forgiven(view, legal, text) or text
        if action is None:
            return
        try:
            self._apply(action, f"seat {player}")
        except IllegalAction as e:
            self.console.print(f"[red]Not allowed: {escape(str(e))}[/]  (type help for the "
                               "legal moves)")

    def _numbered(self, view: dict, legal: list, text: str):
        """The move numbered ``text`` in the help, or None (said why)."""
        numbered = self.game.drawing.numbered(view, legal)
        if not numbered:
            self.console.print(f"[red]{text} is not a move[/]: moves have no numbers here "
                               "(type help for the legal moves)")
            return None
        if not (len(text) <= 9 and 1 <= int(text) <= len(numbered)):
            self.console.print(f"[red]No move numbered {text}[/] (1–{len(numbered)}; "
                               "type help for the legal moves)")
            return None
        return numbered[int(text) - 1]

    def _forgiven(self, view: dict, legal: list, text: str):
        """The one legal move that ``text`` names as the screen shows it (any case, the
        drawn tile left out, ...), or None."""
        drawing = self.game.drawing
        key = prompt_key(drawing.prompt_text(view, text))
        found = [a for a in legal
                 if key in {prompt_key(f) for f in (str(a), *drawing.prompt_forms(view, a))}]
        return found[0] if len(set(found)) == 1 else None

    def _undo(self) -> None:
        """Take back the last turn of a person, as far as it was played (a tile and its
        follower together), and the bots' replies after it."""
        before = len(self.actions)
        taken = self.actions[:]
        reason = self.history.undo(self.humans)
        if reason:
            self.console.print(f"[yellow]Cannot undo: {reason}.[/]")
            return
        gone = taken[len(self.actions):before]
        self.console.print(f"[yellow]Took back {len(gone)} action(s): "
                           f"{escape(', '.join(gone))}[/]")

    def _save(self) -> None:
        """Write the record to the --save file; if that fails (a full disk, a folder gone
        since the start), print the reason and the record itself, so the game is not lost."""
        if not self.save:
            return
        record = self.record()
        try:
            record.save(self.save)
        except OSError as e:
            self.console.print(f"[red]Cannot save the record to {escape(str(self.save))}: "
                               f"{escape(e.strerror or str(e))}[/]. Here it is, to copy:")
            print(record.dumps(), file=self.console.file, flush=True)
            return
        self.console.print(f"Record saved to {Path(self.save)}")

    def finish(self) -> None:
        self.draw(None)
        self.console.print(breakdown_table(self.state))
        scores = self.state.scores()
        if self.state.is_terminal():
            winners = self.state.winners()
            names = ", ".join(f"seat {w} ({self.seats[w]})" for w in winners)
            verdict = "Tie between" if len(winners) > 1 else "Winner:"
            self.console.print(f"[bold]Final scores {scores}. {verdict} {names}.[/]")
        else:
            self.console.print(f"Scores so far: {scores}")


LONGEST_SHOWN = 12
"""The most parts of an action printed in full (a set-up lays 112 tiles)."""


def shown(action) -> str:
    """An action's notation for the move log; a set-up of many tiles as its kind and how
    many (the board shows them)."""
    if len(action) <= LONGEST_SHOWN:
        return str(action)
    return f"{action[0]} ({len(action) - 1} tiles laid: see the board)"


def _line_editing() -> None:
    """Arrow keys, line editing and the history of this session's lines at the prompt,
    where the platform has the standard library's readline (not on Windows)."""
    try:
        import readline  # noqa: F401  (importing it is what makes input() edit lines)
    except ImportError:
        pass
