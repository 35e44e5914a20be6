"""Tiny games for testing agents: hidden information, chance after a decision, Nim.

They implement the whole game contract in a few lines each, so agent tests can ask
questions whose answers are known (the best Nim move) and catch a search that peeks at
what it must not see (a hidden card, the state's own RNG).
"""
from __future__ import annotations

import random

from meeple.core.action import Action
from meeple.core.game import Game
from meeple.core.options import Option
from meeple.core.state import CHANCE, TERMINAL, State

CARDS = 4


class _Base(State):
    """Shared plumbing: actions parse from their text, apply checks membership."""

    def check(self, action: Action) -> str | None:
        return None if action in self.legal_actions() else "not legal here"

    def parse(self, text: str) -> Action:
        kind, *args = text.split()
        return Action(kind, *map(int, args))

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def score_breakdown(self) -> dict:
        return {"seats": [{"seat": i, "total": s, "items": []}
                          for i, s in enumerate(self.scores())]}

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player != CHANCE:
            return []
        outs = self.legal_actions()
        return [(a, 1 / len(outs)) for a in outs]

    def _copy(self):
        s = type(self).__new__(type(self))
        s.__dict__.update(self.__dict__)
        s.rng = random.Random()
        s.rng.setstate(self.rng.getstate())
        return s


class SecretState(_Base):
    """Each seat is dealt a secret card; then each guesses the other's card (2 points)."""

    def __init__(self, game: Game, seed: int | None = None):
        super().__init__(game, seed)
        self.cards: tuple[int, int] | None = None
        self.guesses: list[int] = []

    @property
    def current_player(self) -> int:
        if self.cards is None:
            return CHANCE
        return len(self.guesses) if len(self.guesses) < 2 else TERMINAL

    @property
    def turn(self) -> int:
        return len(self.guesses) + 1

    def legal_actions(self) -> list[Action]:
        if self.cards is None:
            return [Action("deal", a, b) for a in range(CARDS) for b in range(CARDS)]
        return [] if len(self.guesses) == 2 else [Action("guess", g) for g in range(CARDS)]

    def _apply_action(self, action: Action) -> None:
        if action[0] == "deal":
            self.cards = (action[1], action[2])
        else:
            self.guesses.append(action[1])

    def clone(self) -> "SecretState":
        s = self._copy()
        s.guesses = list(self.guesses)
        return s

    def scores(self) -> list[int]:
        return [2 * (len(self.guesses) > i and self.guesses[i] == self.cards[1 - i])
                for i in range(2)]

    def view(self, player: int | None) -> dict:
        cards = [c if player == i else None for i, c in enumerate(self.cards or (None, None))]
        return {"cards": cards, "guesses": list(self.guesses)}

    def determinize(self, player: int, rng: random.Random) -> "SecretState":
        s = self.clone()
        if s.cards is not None:
            other = rng.randrange(CARDS)
            s.cards = (s.cards[0], other) if player == 0 else (other, s.cards[1])
        s.rng = random.Random(rng.random())
        return s


class SecretGame(Game):
    name, title = "secret", "Secret cards"
    min_players = max_players = default_players = 2
    hides_information = True
    state_class = SecretState


class DiceBetState(_Base):
    """One player names a face, then a die is rolled from the state's RNG: 1 point if hit."""

    def __init__(self, game: Game, seed: int | None = None):
        super().__init__(game, seed)
        self.bet: int | None = None
        self.roll: int | None = None

    @property
    def current_player(self) -> int:
        if self.bet is None:
            return 0
        return CHANCE if self.roll is None else TERMINAL

    @property
    def turn(self) -> int:
        return 1

    def legal_actions(self) -> list[Action]:
        if self.bet is None:
            return [Action("bet", f) for f in range(6)]
        return [Action("roll", f) for f in range(6)] if self.roll is None else []

    def _apply_action(self, action: Action) -> None:
        if action[0] == "bet":
            self.bet = action[1]
        else:
            self.roll = action[1]

    def clone(self) -> "DiceBetState":
        return self._copy()

    def scores(self) -> list[int]:
        return [int(self.roll is not None and self.roll == self.bet)]

    def view(self, player: int | None) -> dict:
        return {"bet": self.bet, "roll": self.roll}


class DiceBetGame(Game):
    name, title = "dice-bet", "Dice bet"
    min_players = max_players = default_players = 1
    state_class = DiceBetState


class NimState(_Base):
    """Take 1–3 stones in turn; whoever takes the last stone wins (score 1)."""

    def __init__(self, game: Game, seed: int | None = None):
        super().__init__(game, seed)
        self.stones = game.settings["stones"]
        self.mover = 0
        self.winner: int | None = None

    @property
    def current_player(self) -> int:
        return TERMINAL if self.winner is not None else self.mover

    @property
    def turn(self) -> int:
        return 1

    def legal_actions(self) -> list[Action]:
        if self.winner is not None:
            return []
        return [Action("take", k) for k in range(1, min(3, self.stones) + 1)]

    def _apply_action(self, action: Action) -> None:
        self.stones -= action[1]
        if self.stones == 0:
            self.winner = self.mover
        self.mover = 1 - self.mover

    def clone(self) -> "NimState":
        return self._copy()

    def scores(self) -> list[int]:
        return [int(self.winner == i) for i in range(2)]

    def view(self, player: int | None) -> dict:
        return {"stones": self.stones}


class NimGame(Game):
    name, title = "nim", "Nim"
    min_players = max_players = default_players = 2
    state_class = NimState

    options = (Option("stones", int, 5, "stones on the table", low=1, high=1000),)
