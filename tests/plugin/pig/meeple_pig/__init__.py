"""Pig, the dice game, written against meeple's public contract from outside its package.

On your turn you roll a die as often as you like, adding each roll to the turn's total;
``hold`` banks the total and passes the turn, a 1 loses it and passes the turn. The first
to bank ``target`` points (30 unless the option says otherwise) wins. Nothing is hidden.

It knows meeple only through ``meeple.core`` (the game and state contract) and joins
meeple through the entry point ``meeple.games`` in its ``pyproject.toml``: no line of
meeple names it, yet it plays in every door (the tests of ``tests/plugin`` show it).
"""
from __future__ import annotations

from meeple.core import CHANCE, TERMINAL, Action, Game, IllegalAction, Option, State

FACES = range(1, 7)
ROLL, HOLD = Action("roll"), Action("hold")


class PigState(State):
    """Banked points per seat, the seat to move and its turn's total."""

    def __init__(self, game: "Pig", seed: int | None = None):
        super().__init__(game, seed)
        self.target: int = game.settings["target"]
        self.banked = [0] * self.num_players
        self.seat = 0
        self.total = 0
        self.rolling = False
        self.turns = 1
        self.last_roll: int | None = None
        self.history: list[list[tuple[int, int]]] = [[] for _ in range(self.num_players)]

    @property
    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        return CHANCE if self.rolling else self.seat

    @property
    def turn(self) -> int:
        return self.turns

    def is_terminal(self) -> bool:
        return max(self.banked) >= self.target

    def legal_actions(self) -> list[Action]:
        if self.is_terminal():
            return []
        if self.rolling:
            return [Action("die", f) for f in FACES]
        return [ROLL, HOLD] if self.total else [ROLL]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(Action("die", f), 1 / 6) for f in FACES] if self.rolling else []

    def check(self, action: Action) -> str | None:
        kind = action[0]
        if kind == "die":
            if not self.rolling:
                return "a die is rolled only after 'roll'"
            return None if len(action) == 2 and action[1] in FACES else "a die shows 1–6"
        if self.rolling:
            return "the die is rolling (chance: die N)"
        if len(action) != 1 or kind not in ("roll", "hold"):
            return f"unknown action {kind!r}: roll or hold"
        if kind == "hold" and not self.total:
            return "roll at least once before holding"
        return None

    def parse(self, text: str) -> Action:
        words = text.split() if isinstance(text, str) else []
        if len(words) == 2 and words[0] == "die" and words[1] in {str(f) for f in FACES}:
            return Action("die", int(words[1]))
        if len(words) == 1 and words[0] in ("roll", "hold"):
            return Action(words[0])
        raise IllegalAction(f"{text!r} is not a move of Pig: roll, hold (chance: die N)")

    def _apply_action(self, action: Action) -> None:
        kind, seat = action[0], self.seat
        if kind == "roll":
            self.rolling = True
        elif kind == "die":
            self.rolling, self.last_roll = False, action[1]
            if action[1] == 1:
                self.emit("busted", f"seat {seat} rolled a 1 and loses the turn's "
                                    f"{self.total} points", seat=seat, lost=self.total)
                self._next()
            else:
                self.total += action[1]
                self.emit("rolled", f"seat {seat} rolled {action[1]}: {self.total} this turn",
                          seat=seat, roll=action[1], total=self.total)
        else:
            self.banked[seat] += self.total
            self.history[seat] = [*self.history[seat], (self.turns, self.total)]
            self.emit("held", f"seat {seat} banks {self.total}: {self.banked[seat]} in all",
                      seat=seat, points=self.total, owners=[seat])
            self._next()

    def _next(self) -> None:
        self.total = 0
        if not self.is_terminal():
            self.seat = (self.seat + 1) % self.num_players
            self.turns += 1

    def clone(self) -> "PigState":
        copy = PigState.__new__(PigState)
        copy.__dict__.update(self.__dict__)
        copy.banked = list(self.banked)
        copy.history = list(self.history)
        self.share_rng(copy)
        return copy

    def scores(self) -> list[int]:
        return list(self.banked)

    def score_breakdown(self) -> dict:
        return {"seats": [{"seat": s, "colour": self.game.colours[s], "total": self.banked[s],
                           "items": [{"text": f"banked in turn {turn}", "points": points}
                                     for turn, points in self.history[s]]}
                          for s in range(self.num_players)]}

    def view(self, player: int | None) -> dict:
        return {"game": "pig", "seat": player, "target": self.target,
                "banked": list(self.banked), "to_move": self.seat,
                "turn_total": self.total, "last_roll": self.last_roll}


class Pig(Game):
    """Pig for 2–4 players: roll or hold, first to the target wins."""

    name = "pig"
    title = "Pig (a dice game from another package)"
    min_players, max_players, default_players = 2, 4, 2
    options = (Option("target", int, 30, "the points that win", low=10, high=1000, short=15),)
    state_class = PigState
