"""Terminal play: people at the keyboard, bots in the other seats, the game drawn as text."""
from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from typing import Sequence

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ..agents import make_agent
from ..core.agent import WIN_RATE, RankingAgent
from ..core.errors import IllegalAction
from ..core.drawing import prompt_key
from ..core.game import Game
from ..core.record import Record
from ..core.state import CHANCE, State
from ..core.text import COLOUR_WORDS, join_words, named, nwords, say, words
from .report import breakdown_table
from ..play.hints import hint_agent
from ..play.hints import hints as best_moves
from ..play.history import History
from ..play.runner import agent_seed

HUMAN = "human"
MARGIN_TITLE = words("margin vs best other")
"""The hints' column of a move's expected final score less the best other seat's."""
COMMANDS = words("Type a move (as [bold]help[/] shows it, or in the notation of docs/), "
                 "[bold]help[/] for the legal moves and the legend ([bold]help[/] WORD: only "
                 "the moves naming it, e.g. a field), [bold]undo[/] to take back your last "
                 "turn, [bold]board[/] to draw the game again ([bold]board all[/]: the whole "
                 "board), [bold]legend[/] for what the symbols mean, [bold]quit[/] to leave "
                 "(the game is saved with --save).")
LOG_SHARE = 8
"""A redrawn picture leaves at most a 1/LOG_SHARE of the terminal's height (at least two
lines) to the moves printed since the last one, so the latest of them stay in sight."""


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
                               [{"seat": i, "agent": p} for i, p in enumerate(self.seats)],
                               narrate=True)
        self.logged = 0
        """Terminal lines printed since the last picture."""

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
        """The hint agent's top three moves here, each in the form help and the prompt
        teach (``(-1,0):270``; the notation where the game has no other), with its value
        (a win chance from one search, never a sure win from a few playouts:
        :func:`~meeple.core.agent.win_chances`), expected margin (where the agent gives
        one) and visits. The agent searches a copy in which what the seat cannot see is
        dealt anew (``determinize``), so hints know exactly what the seat's view shows.
        Moves the drawing calls the same (a symmetric tile turned to look the same) are
        one row, as the help lists them."""
        rows = best_moves(self.state, self.hinter, 3)
        percent = self.hinter.ranks_by == WIN_RATE
        margins = any(row.margin is not None for row in rows)
        table = Table(title=say(words("hints from {agent}", agent=self.hinter.name)),
                      title_justify="left")
        view = self.state.view(self.state.current_player)
        table.add_column(say(words("move")))
        table.add_column(self.hinter.ranks_by, justify="right")
        if margins:
            table.add_column(say(MARGIN_TITLE), justify="right")
        table.add_column(say(words("visits")), justify="right")
        for row in rows:
            forms = self.game.drawing.prompt_forms(view, row.action)
            cells = [forms[0] if forms else str(row.action),
                     chance_text(row.value) if percent else f"{row.value:.1f}"]
            if margins:
                cells.append("" if row.margin is None else f"{row.margin:+.1f}")
            cells.append("" if row.visits is None else str(row.visits))
            table.add_row(*cells)
        return table

    def record(self) -> Record:
        """The game so far, with the agent of every seat (``human`` for people)."""
        return self.history.record()

    def run(self) -> State:
        shown_for = None
        if None in self.agents:
            _line_editing()
            self._say(say(COMMANDS))
            self._legend()
        try:
            while not self.state.is_terminal():
                player = self.state.current_player
                if player == CHANCE:
                    self._apply(self.history.chance())
                elif self.agents[player] is None:
                    if shown_for != len(self.actions):
                        if self.hinter is not None:
                            self._say(self.hint_table())
                        self.draw(player)
                        shown_for = len(self.actions)
                    self._human_turn(player)
                else:
                    self._apply(self.agents[player].act(self.state))
                    if self.delay:
                        self.draw(self._watcher())      # watching bots: every move seen
                        time.sleep(self.delay)
        except Quit:
            left = (words("Game left unfinished.") if self.save
                    else words("Game left unfinished, and not saved."))
            self.console.print(f"[yellow]{say(left)}[/]")
        finally:
            self._save()
        self.finish()
        return self.state

    def _apply(self, action, who: str | None = None) -> None:
        """Apply ``action`` (chance's, or a seat's) and print it: a chance outcome as what
        was dealt, a seat's move in the engine's words (:meth:`State.narrate`, as the
        server's log tells it) after the seat's name, with the form typed for it at the
        prompt where it has one (``— (-1,0):90``), then its events."""
        index, seat = self.state.action_count, self.state.current_player
        view = self.state.view(seat) if seat >= 0 else None
        action = self.history.apply(action)
        if seat < 0:
            told = self.game.drawing.dealt(self.state.view(self._watcher()), action)
            if told != "":                  # "": a card this terminal's seat may not see
                self._say(f"[dim]{escape(say(dealt(action) if told is None else told))}[/]")
        else:
            did = self.history.narration[-1][2]
            forms = self.game.drawing.prompt_forms(view, action)
            typed = f" [dim]— {escape(forms[0])}[/]" if forms else ""
            told = say(words("{who} {did}", who=self._seat_name(seat, you=True), did=did))
            self._say(f"[cyan]{escape(told)}[/]" + typed)
        names = self._names()
        for event in self.state.events_since(index):
            self._say(f"  [green]→[/] {escape(say(named(event['text'], names)))}")

    def _say(self, text) -> None:
        """Print ``text`` (markup, or a rich renderable), counting the lines it takes."""
        console = self.console
        console.print(text)
        if isinstance(text, str):
            self.logged += sum(max(1, -(-Text.from_markup(line).cell_len // console.width))
                               for line in text.split("\n"))
        else:
            self.logged += len(console.render_lines(text, console.options, pad=False))

    def _watcher(self) -> int | None:
        """Whose view a bot's move is drawn in: the one person's at the table, else
        nobody's (what every seat may see)."""
        return next(iter(self.humans)) if len(self.humans) == 1 else None

    def draw(self, seat: int | None, whole: bool = False) -> None:
        """The picture of the game as ``seat`` sees it, ending with its prompt: in a
        terminal fitted to its height (the board cut around the last move, the latest
        moves left in sight above it), unless ``whole`` or printed to a file."""
        console = self.console
        height = None
        if console.is_terminal and not whole:
            rows = console.size.height - 1                 # the prompt's own line
            height = rows - min(self.logged, max(2, rows // LOG_SHARE))
        console.print(self.game.drawing.fitted(self.state.view(seat), console.width, height))
        self.logged = 0

    def _legend(self) -> None:
        legend = self.game.drawing.legend()
        if legend:
            self._say(legend)

    def _human_turn(self, player: int) -> None:
        try:
            prompt = say(words("seat {seat}>", seat=player))
            text = self._input(f"[bold]{prompt}[/] ").strip()
        except EOFError:
            raise Quit from None
        command, *rest = text.casefold().split() or [""]
        if command in ("quit", "exit") and not rest:
            if self._leaving():
                raise Quit
            return
        if command in ("help", "?", ""):
            if not rest:
                self._legend()
            self._say(self.game.drawing.help_for(self.state.view(player),
                                                 self.state.legal_actions(), rest))
        elif command == "legend" and not rest:
            self._legend()
        elif command == "board" and rest in ([], ["all"]):
            self.draw(player, whole=bool(rest))
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
            action = self._forgiven(view, legal, text) or self._named(view, legal, text)
        if action is False:
            return
        if action is None or not self._cautioned(view, legal, action):
            return
        try:
            self._apply(action)
        except IllegalAction as e:
            reason = e.args[0] if e.args else str(e)
            said = say(words("Not allowed: {reason}", reason=reason))
            then = say(words("(type help for the legal moves)"))
            self.console.print(f"[red]{escape(said)}[/]  {then}")

    def _input(self, markup: str) -> str:
        """The line typed after the prompt ``markup``. Where readline edits lines, the
        prompt is handed to it (its colour codes marked as taking no room), so that Ctrl-U,
        the arrows and the history redraw the line after the prompt instead of erasing the
        prompt; elsewhere rich prints the prompt and reads the line."""
        console = self.console
        if ("readline" not in sys.modules or not console.is_terminal
                or console.file is not sys.stdout):
            return console.input(markup)
        with console.capture() as capture:
            console.print(markup, end="")
        return input(_INVISIBLE.sub(lambda m: f"\x01{m.group()}\x02", capture.get()))

    def _ask(self, question: str) -> str | None:
        """The person's answer to ``question`` (lower case), None at the end of input or
        where no person types (input from a file or a pipe: a script, asked nothing)."""
        if not sys.stdin.isatty():
            return None
        try:
            return self._input(question).strip().casefold()
        except EOFError:
            return None

    def _leaving(self) -> bool:
        """Whether to leave at ``quit``: at once with --save; else only once the person
        has said so, since the game is lost (the end of input says so too)."""
        if self.save:
            return True
        answer = self._ask(say(words("[yellow]This game is not saved[/] (start with --save "
                                     "FILE to keep one and --load it later). Leave and lose "
                                     "it? (y/N) ")))
        return answer is None or answer in ("y", "yes", "quit", "exit", *YES)

    def _cautioned(self, view: dict, legal: list, action) -> bool:
        """Whether to play ``action``: yes, unless the game warns before it (a move that
        cannot be taken back, with a better one at hand) and the person does not confirm."""
        if isinstance(action, str):                   # not a legal move: the engine says why
            return True
        warning = self.game.drawing.caution(view, legal, action)
        if warning is None:
            return True
        answer = self._ask(f"[yellow]{escape(say(warning))}[/] " + say(words(
            "Play {move} anyway? (y/N) ", move=escape(str(action)))))
        if answer is None or answer in ("y", "yes", *YES):    # a script: as typed
            return True
        self.console.print(say(words("Not played.")))
        return False

    def _named(self, view: dict, legal: list, text: str):
        """The one legal move that ``text`` names in part (where the game lets a person
        pick a move by some of its fields), False if several do (listed), else ``text``
        as the game reads it, for the engine to play or refuse."""
        found = self.game.drawing.matching(view, legal, text.split())
        if len(found) > 1:
            self._say(say(nwords("{n} move names {text}:", "{n} moves name {text}:",
                                 len(found), text=escape(text))) + "\n"
                      + self.game.drawing.help_for(view, legal, text.split()))
            return False
        return found[0] if found else self.game.drawing.prompt_text(view, text)

    def _numbered(self, view: dict, legal: list, text: str):
        """The move numbered ``text`` in the help, or None (said why)."""
        numbered = self.game.drawing.numbered(view, legal)
        if not numbered:
            self.console.print(say(words("[red]{text} is not a move[/]: moves have no numbers "
                                         "here (type help for the legal moves)", text=text)))
            return None
        if not (len(text) <= 9 and 1 <= int(text) <= len(numbered)):
            self.console.print(say(words("[red]No move numbered {text}[/] (1–{n}; type help "
                                         "for the legal moves)", text=text,
                                         n=len(numbered))))
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
        told = list(self.history.narration)
        reason = self.history.undo(self.humans)
        if reason:
            said = say(words("Cannot undo: {reason}.", reason=reason))
            self.console.print(f"[yellow]{said}[/]")
            return
        names = self._names()
        gone = [words("{who} {did}", who=names[seat], did=named(did, names))
                for index, seat, did in told if index >= len(self.actions)]
        self.console.print("[yellow]" + say(nwords(
            "Took back {n} move:", "Took back {n} moves:", len(gone))) + "[/]")
        for move in gone:
            self.console.print(f"  [yellow]{escape(say(move))}[/]")

    def _save(self) -> None:
        """Write the record to the --save file; if that fails (a full disk, a folder gone
        since the start), print the reason and the record itself, so the game is not lost."""
        if not self.save:
            return
        record = self.record()
        try:
            record.save(self.save)
        except OSError as e:
            self.console.print(say(words(
                "[red]Cannot save the record to {file}: {reason}[/]. Here it is, to copy:",
                file=escape(str(self.save)), reason=escape(e.strerror or str(e)))))
            print(record.dumps(), file=self.console.file, flush=True)
            return
        self.console.print(say(words("Record saved to {file}", file=str(Path(self.save)))))

    def finish(self) -> None:
        """The board and, where the game lets every seat see them now, the scores: a game
        that keeps scores secret until its end (Jäger und Sammler's face-down tiles) shows
        none when left before it, since every seat at this terminal would see them."""
        self.draw(None)
        over = self.state.is_terminal()
        if not over and self.game.secret_scores:
            self.console.print(say(words("Scores stay hidden until the game ends: they count "
                                         "face-down tiles that no seat may see.")))
            return
        self.console.print(breakdown_table(self.state, self._names()))
        scores = self.state.scores()
        if over and len(scores) == 1:
            said = say(words("Final score {n}.", n=scores[0]))
            self.console.print(f"[bold]{said}[/]")
            return
        listed = ", ".join(f"{say(self._seat_name(s))} {points}"
                           for s, points in enumerate(scores))
        if over:
            winners = self.state.winners()
            names = join_words([self._seat_name(w, agent=True) for w in winners])
            said = (words("Final scores: {scores}. Tie between {names}.", scores=listed,
                          names=names) if len(winners) > 1 else
                    words("Final scores: {scores}. Winner: {names}.", scores=listed,
                          names=names))
            self.console.print(f"[bold]{say(said)}[/]")
        else:
            self.console.print(say(words("Scores so far: {scores}", scores=listed)))

    def _names(self) -> list[str]:
        """Every seat as the events name it here: its colour, ``(you)`` marking the one
        person's."""
        return [self._seat_name(seat, you=True) for seat in range(self.state.num_players)]

    def _seat_name(self, seat: int, agent: bool = False, you: bool = False) -> str:
        """A seat as the board names it: its colour, with ``you`` marked ``(you)`` if it
        is the one person's at the table, and with ``agent`` the seat's number and who
        played it (``blue (seat 1, greedy)``, ``red (seat 0, you)``)."""
        colours = self.game.colours
        colour = (COLOUR_WORDS.get(colours[seat], colours[seat]) if seat < len(colours)
                  else words("seat {seat}", seat=seat))
        alone = seat in self.humans and len(self.humans) == 1
        if not agent:
            return words("{colour} (you)", colour=colour) if you and alone else colour
        if alone:
            return words("{colour} (seat {seat}, you)", colour=colour, seat=seat)
        return words("{colour} (seat {seat}, {agent})", colour=colour, seat=seat,
                     agent=self.seats[seat])


def chance_text(chance: float) -> str:
    """A win chance in whole percent, never 0% or 100%: an estimate is not a certainty
    (``<1%``, ``>99%`` at the ends)."""
    if chance < 0.005:
        return "<1%"
    if chance > 0.995:
        return ">99%"
    return f"{100 * chance:.0f}%"


_INVISIBLE = re.compile(r"\x1b\[[0-9;]*m")
"""A colour code in a prompt: readline must be told it takes no room (``\\x01…\\x02``)."""

LONGEST_SHOWN = 12
"""The most parts of an action printed in full (a set-up lays 112 tiles)."""


DEALT = {"draw": words("tile drawn"), "roll": words("dice rolled"),
         "setup": words("board laid out")}
"""What a chance outcome of each kind is, in the move log's words."""
YES = ("a", "ano", "д", "да")
"""Yes in Czech and Russian, to the (y/N) questions."""


def dealt(action) -> str:
    """A chance outcome for the move log, in words rather than as the engine's notation:
    ``tile drawn: V``, ``dice rolled: ore grain ...``, ``board laid out (112 tiles: see
    the board)``."""
    what = DEALT.get(action[0])
    if what is None:
        return words("chance: {action}", action=shown(action))
    if len(action) > LONGEST_SHOWN:
        return nwords("{what} ({n} tile: see the board)", "{what} ({n} tiles: see the board)",
                      len(action) - 1, what=what)
    return words("{what}: {parts}", what=what, parts=" ".join(str(part) for part in action[1:]))


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
