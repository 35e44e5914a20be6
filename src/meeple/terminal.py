"""Terminal play: people at the keyboard, bots in the other seats, the game drawn as text."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .agents import make_agent
from .core.agent import WIN_RATE, RankingAgent
from .core.errors import IllegalAction
from .core.game import Game
from .core.record import Record
from .core.state import CHANCE, State
from .report import breakdown_table
from .sim.runner import agent_seed

HUMAN = "human"
DEFAULT_HINTS = "mcts:time=1"
COMMANDS = ("Type a move in the notation (see docs/), [bold]help[/] for the legal moves, "
            "[bold]board[/] to draw the game again, [bold]quit[/] to leave.")


class Quit(Exception):
    """The person asked to leave."""


class TerminalGame:
    """One game at the terminal: prompts the human seats, lets bots move, draws the board."""

    def __init__(self, game: Game, players: Sequence[str], seed: int,
                 console: Console | None = None, save: str | None = None,
                 hints: str | None = None):
        self.game, self.seed, self.save = game, seed, save
        self.console = console or Console(highlight=False)
        self.seats = list(players)
        self.agents = [None if p == HUMAN else make_agent(p, game, agent_seed(seed, i))
                       for i, p in enumerate(players)]
        self.hinter = self._hinter(hints) if hints else None
        self.state = game.new_state(seed)
        self.actions: list[str] = []

    def _hinter(self, spec: str) -> RankingAgent:
        """The agent that ranks moves for the person: ``spec``, or with ``"auto"`` the
        first bot seat's agent that can rank moves, else MCTS."""
        if spec == "auto":
            ranking = [p for p, a in zip(self.seats, self.agents)
                       if isinstance(a, RankingAgent)]
            spec = ranking[0] if ranking else DEFAULT_HINTS
        agent = make_agent(spec, self.game, agent_seed(self.seed, len(self.seats)))
        if not isinstance(agent, RankingAgent):
            raise ValueError(f"agent {spec!r} cannot rank moves for hints; try "
                             f"{DEFAULT_HINTS} or planner")
        return agent

    def hint_table(self) -> Table:
        """The hint agent's top three moves here, with their value and visits. The agent
        searches a copy in which what the seat cannot see is dealt anew
        (``determinize``), so hints know exactly what the seat's view shows."""
        percent = self.hinter.ranks_by == WIN_RATE
        table = Table(title=f"hints from {self.hinter.name}", title_justify="left")
        table.add_column("move")
        table.add_column(self.hinter.ranks_by, justify="right")
        table.add_column("visits", justify="right")
        seen = self.state.determinize(self.state.current_player, self.hinter.rng)
        for action, value, visits in self.hinter.ranked(seen, 3):
            table.add_row(str(action), f"{100 * value:.0f}%" if percent else f"{value:.1f}",
                          "" if visits is None else str(visits))
        return table

    def record(self) -> Record:
        return Record(self.game.name, self.game.players, dict(self.game.config), self.seed,
                      list(self.actions))

    def run(self) -> State:
        shown_for = None
        if None in self.agents:
            self.console.print(COMMANDS)
        try:
            while not self.state.is_terminal():
                player = self.state.current_player
                if player == CHANCE:
                    self._apply(self.state.sample_chance(), "chance")
                elif self.agents[player] is None:
                    if shown_for != len(self.actions):
                        self.draw(player)
                        if self.hinter is not None:
                            self.console.print(self.hint_table())
                        shown_for = len(self.actions)
                    self._human_turn(player)
                else:
                    self._apply(self.agents[player].act(self.state), f"seat {player}")
        except Quit:
            self.console.print("[yellow]Game left unfinished.[/]")
        finally:
            self._save()
        self.finish()
        return self.state

    def _apply(self, action, who: str) -> None:
        index = self.state.action_count
        action = self.state.apply(action)
        self.actions.append(str(action))
        style = "dim" if who == "chance" else "cyan"
        self.console.print(f"[{style}]{who}: {escape(str(action))}[/]")
        for event in self.state.events_since(index):
            self.console.print(f"  [green]→[/] {escape(event['text'])}")

    def draw(self, seat: int | None) -> None:
        self.console.print(self.game.drawing.picture(self.state.view(seat)))

    def _human_turn(self, player: int) -> None:
        try:
            text = self.console.input(f"[bold]seat {player}>[/] ").strip()
        except EOFError:
            raise Quit from None
        if text in ("quit", "exit"):
            raise Quit
        if text in ("help", "?", ""):
            self.console.print(self.game.drawing.legal_help(self.state.view(player),
                                                            self.state.legal_actions()))
            return
        if text == "board":
            self.draw(player)
            return
        if text.isdigit():          # a bare number picks that move of legal_actions()
            legal = self.state.legal_actions()
            if not 1 <= int(text) <= len(legal):
                self.console.print(f"[red]No move numbered {text}[/] (1–{len(legal)}; "
                                   "type help for the legal moves)")
                return
            text = legal[int(text) - 1]
        try:
            self._apply(text, f"seat {player}")
        except IllegalAction as e:
            self.console.print(f"[red]Not allowed: {e}[/]  (type help for the legal moves)")

    def _save(self) -> None:
        if self.save:
            self.record().save(self.save)
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
