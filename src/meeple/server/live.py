"""A game in memory: its stored row and the replay of its log, and how chance is dealt.

A :class:`LiveGame` is only a cache: it is built from the database by replaying the log
(:meth:`LiveGame.rebuild`) and can be dropped at any time. Chance is a function of the
game's seed and how many outcomes were dealt before (:func:`chance_rng`), not of an RNG
kept in memory, so a
server that restarts (or another server process) deals exactly what this one would have.
What every seat's message repeats of a position (its legal moves, scores, events) is
computed once per position (:meth:`LiveGame.once`).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from ..core.game import Game
from ..core.state import CHANCE, State
from ..games import load
from ..play.history import History
from .errors import ApiError
from .storage import ActionRow, GameRow, now
from .tokens import Who, matches, who

T = TypeVar("T")
MEMO_PARTS = 16
"""The most parts :meth:`LiveGame.once` keeps of one position (the oldest go first): the
position's own few, and those of the last few ``since`` asked for."""


def chance_rng(seed: int, dealt: int) -> random.Random:
    """The RNG that deals the chance outcome after ``dealt`` others in the game of ``seed``.
    Counting outcomes, not actions, makes a takeback fair: the moves replayed differently
    (a follower placed or not) still meet the same draws, as in terminal play."""
    return random.Random(f"{seed}/{dealt}")


def bot_seed(seed: int, index: int) -> int:
    """The seed of the bot that chooses action ``index`` (bots replay alike, too)."""
    return random.Random(f"{seed}/bot/{index}").getrandbits(63)


class LiveGame:
    """One game: ``row`` (its stored facts and seats) and ``history`` (the position)."""

    def __init__(self, row: GameRow, history: History):
        self.row, self.history = row, history
        self._memo: tuple[State, int, dict[Hashable, Any]] | None = None
        """What was computed of the current position: its state (held, so compared by
        identity), its action count, and the parts by name (see :meth:`once`)."""

    @classmethod
    def rebuild(cls, row: GameRow, log: list[ActionRow]) -> "LiveGame":
        """The game of ``row`` replayed from ``log`` (a stored game always replays: every
        action in it was checked before it was stored)."""
        game = load(row.game, row.players, row.config)
        return cls(row, History(game, row.seed, [r.action for r in log], narrate=True))

    def extended(self, row: GameRow, new: list[ActionRow]) -> "LiveGame":
        """This game with the log's ``new`` rows applied (on a fork), as of ``row``: a
        cache catching up with moves another process stored. ValueError if they are not
        the rows that follow this log up to ``row.index``; IllegalAction if one does not
        apply."""
        new = [r for r in new if r.index < row.index]
        if [r.index for r in new] != list(range(self.index, row.index)):
            raise ValueError(f"rows {self.index}–{row.index - 1} expected")
        history = self.history.fork()
        for r in new:
            history.apply(r.action)
        return LiveGame(row, history)

    @property
    def game(self) -> Game:
        return self.history.game

    @property
    def state(self) -> State:
        return self.history.state

    @property
    def over(self) -> bool:
        """Whether the game has ended: by its rules, or outside them (a claimed win, a
        game ended as abandoned: the row's ``result``)."""
        return self.state.is_terminal() or self.row.result is not None

    @property
    def index(self) -> int:
        """The number of actions so far."""
        return len(self.history.actions)

    def once(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()``, computed once per position: kept until the position changes (an
        action applied, or another state object: a fork, a takeback's replay), so every
        seat's message of a broadcast shares it. Only what is the same for every seat
        belongs here; the values are shared, never to be changed."""
        state, memo = self.history.state, self._memo
        if memo is None or memo[0] is not state or memo[1] != state.action_count:
            memo = self._memo = (state, state.action_count, {})
        parts = memo[2]
        try:
            return parts[key]
        except KeyError:
            pass
        value = parts[key] = make()
        while len(parts) > MEMO_PARTS:
            del parts[next(iter(parts))]
        return value

    def legal(self) -> tuple[list[str], list[list]]:
        """The legal actions of the position, as notation and as parts (``[kind, *args]``),
        built once per position (:meth:`once`); shared: not to be changed."""
        def build() -> tuple[list[str], list[list]]:
            actions = self.state.legal_actions()
            return [str(a) for a in actions], [list(a) for a in actions]
        return self.once("legal", build)

    def seat_of(self, caller: "Who | str | None") -> int | None:
        """The seat ``caller`` acts for (:class:`.tokens.Who`; a string is a seat's token):
        a token's seat (ApiError 401 for a token that holds no seat here), else the seat
        the caller's player holds (the one to move first, if they hold several); None
        for a spectator."""
        caller = who(caller)
        if caller.token is not None:
            for seat in self.row.seats:
                if matches(caller.token, seat.token_hash):
                    return seat.seat
            raise ApiError(401, "this token holds no seat in this game (a seat's token comes "
                                "with the game's creation, a join or a rematch)")
        if caller.player is None:
            return None
        mine = [s.seat for s in self.row.seats if s.player == caller.player]
        to_move = self.state.current_player
        return to_move if to_move in mine else (mine[0] if mine else None)

    def play(self, seat: int, text: str) -> list[ActionRow]:
        """Apply ``text`` for ``seat``, then deal chance until a seat is to move: the rows
        to store. IllegalAction (nothing changed) if the move is not allowed."""
        action = self.history.apply(text)
        rows = [ActionRow(self.index - 1, str(action), seat, now())]
        return rows + self.deal()

    def deal(self) -> list[ActionRow]:
        """Deal every chance outcome due now; their rows."""
        rows = []
        while self.state.current_player == CHANCE:
            dealt = self.history.actors.count(CHANCE)
            outcome = self.state.sample_chance(chance_rng(self.row.seed, dealt))
            self.history.apply(outcome)
            rows.append(ActionRow(self.index - 1, str(outcome), CHANCE, now()))
        return rows

    def summary(self) -> dict:
        """The game row's summary of the position (for the lobby, and the seat to move for
        a start that resumes the bots)."""
        state = self.state
        over = state.is_terminal()
        return {"index": self.index, "turn": state.turn, "finished": over,
                "scores": state.scores() if over else None,
                "to_move": state.current_player}

    def check_turn(self, seat: int | None, index: int | None) -> int:
        """``seat``, if it may act now (at ``index`` if given); else ApiError saying why."""
        if seat is None:
            raise ApiError(403, "spectators cannot act: send the seat's token as "
                                "'Authorization: Bearer TOKEN'")
        if self.over:
            raise ApiError(409, "the game is over")
        if index is not None and index != self.index:
            raise ApiError(409, f"stale action: it was sent for action index {index}, but "
                                f"the game is at {self.index} (reload the state)")
        if self.state.current_player != seat:
            raise ApiError(409, f"not your turn: seat {self.state.current_player} is to move")
        if self.row.seats[seat].standin is not None:
            raise ApiError(409, f"a bot ({self.row.seats[seat].standin}) plays this seat for "
                                "you now: take your seat back first (POST "
                                f"/api/games/{self.row.id}/seat/bot {{\"bot\": false}})")
        return seat

