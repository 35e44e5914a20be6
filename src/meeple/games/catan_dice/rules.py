"""The Catan Dice Game: each player builds on their own island sheet over 15 turns.

A turn: the dice are rolled (a chance action), the player may reroll any dice twice, then
builds with the faces (using gold exchanges and knights' jokers to change dice) and ends the
turn, writing the points built or an X (−2).
"""
from __future__ import annotations

import itertools
import random

from ...core.action import Action
from ...core.game import Game
from ...core.state import CHANCE, TERMINAL, State
from ...core.text import comma_words, join_words, words
from . import advice, narration, notation, score, view as views
from .narration import face_word
from .island import (ANY_JOKER, COSTS, FACE_INDEX, FACES, GOLD, INDEX, KIND, KNIGHT_JOKERS,
                     REQUIRES, RESOURCES, STRUCTURES, TURNS, VALUE, X_POINTS, frontier)
from .phases import BUILDING, CHOOSING, DICE, MAX_ROLLS, OVER, ROLLING


STOP = Action("stop")
END = Action("end")
REROLLS = [Action("reroll", *(i for i in range(DICE) if mask >> i & 1))
           for mask in range(1, 1 << DICE)]
_ROLL_OUTCOMES: dict[int, list[tuple[Action, float]]] = {}
BUILD = {name: Action("build", kind, name) for name, kind, _v, _p in STRUCTURES}
COST_ITEMS = {name: tuple(COSTS[kind].items()) for name, kind, _v, _p in STRUCTURES}
JOKERS = {(knight, die, face): [Action("joker", knight, die) if target is not None
                                else Action("joker", knight, die, r) for r in
                                ((FACES[target],) if target is not None else RESOURCES)
                                if FACE_INDEX[r] != face]
          for knight, target in KNIGHT_JOKERS.items() for die in range(DICE)
          for face in range(6)}
TRADES = {(i, j): [Action("trade", i, j, r) for r in RESOURCES]
          for i in range(DICE) for j in range(i + 1, DICE)}


def roll_outcomes(n: int) -> list[tuple[Action, float]]:
    """All ``6**n`` equally likely rolls of ``n`` dice (cached)."""
    if n not in _ROLL_OUTCOMES:
        p = 1.0 / 6 ** n
        _ROLL_OUTCOMES[n] = [(Action("roll", *faces), p)
                             for faces in itertools.product(FACES, repeat=n)]
    return _ROLL_OUTCOMES[n]


class Sheet:
    """One player's score sheet: what is built, which jokers are used, the score boxes."""

    __slots__ = ("built", "jokers_used", "boxes")

    def __init__(self) -> None:
        self.built = 0          # bit INDEX[name] set when built
        self.jokers_used = 0    # bit k-1 set when knight Kk's joker is used
        self.boxes: list[list[str]] = []  # per written turn: the names built ([] = X)

    def copy(self) -> "Sheet":
        s = Sheet.__new__(Sheet)
        s.built, s.jokers_used, s.boxes = self.built, self.jokers_used, list(self.boxes)
        return s

    def has(self, name: str) -> bool:
        return bool(self.built >> INDEX[name] & 1)

    def joker_available(self, knight: str) -> bool:
        k = int(knight[1:])
        return self.has(knight) and not self.jokers_used >> (k - 1) & 1

    def box_points(self, box: list[str]) -> int:
        return sum(VALUE[n] for n in box) if box else X_POINTS

    def total(self) -> int:
        return sum(self.box_points(b) for b in self.boxes)


class CatanDiceState(State):
    """A position: every sheet, and the dice of the turn under way."""

    def __init__(self, game: Game, seed: int | None = None):
        super().__init__(game, seed)
        self.sheets = [Sheet() for _ in range(self.num_players)]
        self.seat = 0
        self.phase = ROLLING
        self.rolls = 0                 # rolls made this turn
        self.dice = [GOLD] * DICE      # faces as indices into FACES
        self.pending = tuple(range(DICE))  # the dice the next roll sets
        self.used = 0                  # bit i: die i spent on a build or a trade
        self.built_now: list[str] = []
        self.fresh = False             # the last action was a roll (for its words)

    # --- queries --------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        return CHANCE if self.phase == ROLLING else self.seat

    @property
    def turn(self) -> int:
        done = sum(len(s.boxes) for s in self.sheets)
        return done if self.phase == OVER else done + 1

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        return [s.total() for s in self.sheets]

    def free_counts(self) -> list[int]:
        """How many unused dice show each face."""
        counts = [0] * 6
        for i, f in enumerate(self.dice):
            if not self.used >> i & 1:
                counts[f] += 1
        return counts

    def _free_dice(self) -> list[int]:
        return [i for i in range(DICE) if not self.used >> i & 1]

    # --- legality -------------------------------------------------------------------------
    def _why_not_build(self, name: str) -> str | None:
        sheet = self.sheets[self.seat]
        if sheet.has(name):
            return words("{name} is already built", name=name)
        missing = REQUIRES[name] & ~sheet.built
        if missing:
            need = [n for n, *_ in STRUCTURES if missing >> INDEX[n] & 1]
            return words("{name} needs {need} built first", name=name, need=join_words(need))
        counts = self.free_counts()
        short = [words("{n} {resource}", n=k - counts[f], resource=face_word(FACES[f]))
                 for f, k in COSTS[KIND[name]].items() if counts[f] < k]
        if short:
            return words("{name} costs {cost}; missing {short}", name=name,
                         cost=_cost_text(KIND[name]), short=comma_words(short))
        return None

    def _why_not_trade(self, i: int, j: int, res: str) -> str | None:
        if i >= j:
            return words("name the lower die first (trade I J RES with I < J)")
        for d in (i, j):
            if self.used >> d & 1:
                return words("die {die} is already used", die=d)
            if self.dice[d] != GOLD:
                return words("die {die} shows {face}, not gold", die=d,
                             face=face_word(FACES[self.dice[d]]))
        if res not in RESOURCES:
            return words("gold can be traded only for {resources}",
                         resources=", ".join(RESOURCES))
        return None

    def _why_not_joker(self, knight: str, die: int, res: str | None) -> str | None:
        sheet = self.sheets[self.seat]
        if knight not in KNIGHT_JOKERS:
            return words("no knight {knight}", knight=knight)
        if not sheet.has(knight):
            return words("knight {knight} is not built", knight=knight)
        if not sheet.joker_available(knight):
            return words("the joker of {knight} is already used", knight=knight)
        if self.used >> die & 1:
            return words("die {die} is already used", die=die)
        if res is not None and knight != ANY_JOKER:
            made = KNIGHT_JOKERS[knight]
            assert made is not None                   # every other knight's joker makes one
            return words("only {any}'s joker names a resource; {knight}'s makes {face}",
                         any=ANY_JOKER, knight=knight, face=face_word(FACES[made]))
        target = _joker_target(knight, res)
        if target is None:
            return words("K6's joker needs the resource: joker K6 {die} RES with RES one of "
                         "{resources}", die=die, resources=", ".join(RESOURCES))
        if self.dice[die] == target:
            return words("die {die} already shows {face}", die=die,
                         face=face_word(FACES[target]))
        return None

    def check(self, action: Action) -> str | None:
        kind, args = action[0], action[1:]
        if self.phase == OVER:
            return words("the game is over")
        if kind == "roll":
            if self.phase != ROLLING:
                return words("the dice are not being rolled now")
            if len(args) != len(self.pending):
                return words("this roll sets {n} dice, not {got}", n=len(self.pending),
                             got=len(args))
            bad = [a for a in args if a not in FACE_INDEX]
            return words("unknown face {face}", face=repr(bad[0])) if bad else None
        if self.phase == ROLLING:
            return words("the dice must be rolled first")
        if kind in ("reroll", "stop"):
            if self.phase != CHOOSING:
                return words("the rolling is over; build or end the turn")
            if kind == "stop":
                return words("stop takes nothing after it") if args else None
            if not args or not all(_is_die(a) for a in args) or list(args) != sorted(
                    set(args)):
                return words("name the dice to reroll once each, in ascending order, 0-5")
            return None
        if self.phase == CHOOSING and kind in ("trade", "joker", "build", "end"):
            return words("stop rolling first (stop), or reroll")
        if kind == "end":
            return words("end takes nothing after it") if args else None
        if kind == "build":
            if len(args) != 2 or KIND.get(args[1]) != args[0]:
                return words("cannot build {what}", what=repr(" ".join(map(str, args))))
            return self._why_not_build(args[1])
        if kind == "trade":
            if len(args) != 3 or not _is_die(args[0]) or not _is_die(args[1]):
                return words("trade takes two dice 0-5 and a resource")
            return self._why_not_trade(*args)
        if kind == "joker":
            if len(args) not in (2, 3) or not _is_die(args[1]):
                return words("joker takes a knight K1-K6, a die 0-5 and (for K6) a resource")
            return self._why_not_joker(args[0], args[1], args[2] if len(args) > 2 else None)
        return words("unknown action {kind}", kind=repr(kind))

    # --- actions --------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.phase == ROLLING:
            return [a for a, _ in roll_outcomes(len(self.pending))]
        if self.phase == CHOOSING:
            return [STOP, *REROLLS]
        if self.phase == OVER:
            return []
        return self._build_actions()

    def _build_actions(self) -> list[Action]:
        sheet, counts, dice = self.sheets[self.seat], self.free_counts(), self.dice
        actions = [BUILD[name] for name in frontier(sheet.built)
                   if all(counts[f] >= k for f, k in COST_ITEMS[name])]
        free = self._free_dice()
        if counts[GOLD] >= 2:
            golds = [d for d in free if dice[d] == GOLD]
            for pair in itertools.combinations(golds, 2):
                actions += TRADES[pair]
        ready = sheet.built >> INDEX["K1"] & ~sheet.jokers_used & 0b111111
        if ready:
            for knight in KNIGHT_JOKERS:
                if ready & 1:
                    for d in free:
                        actions += JOKERS[knight, d, dice[d]]
                ready >>= 1
        actions.append(END)
        return actions

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return roll_outcomes(len(self.pending)) if self.phase == ROLLING else []

    def sample_chance(self, rng: random.Random | None = None) -> Action:
        roll = (rng or self.rng).random
        return Action("roll", *[FACES[int(roll() * 6)] for _ in self.pending])

    def _apply_action(self, action: Action) -> None:
        kind = action[0]
        self.fresh = kind == "roll"
        if kind == "roll":
            for die, face in zip(self.pending, action[1:]):
                self.dice[die] = FACE_INDEX[face]
            self.rolls += 1
            self.phase = CHOOSING if self.rolls < MAX_ROLLS else BUILDING
        elif kind == "reroll":
            self.pending = action[1:]
            self.phase = ROLLING
        elif kind == "stop":
            self.phase = BUILDING
        elif kind == "build":
            self._build(action[2])
        elif kind == "trade":
            _, i, j, res = action
            self.dice[i] = FACE_INDEX[res]
            self.used |= 1 << j
        elif kind == "joker":
            knight, die = action[1], action[2]
            self.dice[die] = _joker_target(  # type: ignore[assignment]  # legal: makes a face
                knight, action[3] if len(action) > 3 else None)
            self.sheets[self.seat].jokers_used |= 1 << (int(knight[1:]) - 1)
        elif kind == "end":
            self._end_turn()

    def _build(self, name: str) -> None:
        for face, k in COSTS[KIND[name]].items():
            for i in range(DICE):
                if k and not self.used >> i & 1 and self.dice[i] == face:
                    self.used |= 1 << i
                    k -= 1
        self.sheets[self.seat].built |= 1 << INDEX[name]
        self.built_now.append(name)

    def _end_turn(self) -> None:
        seat, box = self.seat, self.built_now
        sheet = self.sheets[seat]
        sheet.boxes.append(box)
        self.emit("written", score.written_text, seat=seat, turn=len(sheet.boxes),
                  points=sheet.box_points(box), owners=[seat], built=list(box))
        self.built_now = []
        self.used, self.rolls, self.pending = 0, 0, tuple(range(DICE))
        self.seat = (self.seat + 1) % self.num_players
        over = len(self.sheets[self.seat].boxes) >= TURNS
        self.phase = OVER if over else ROLLING

    # --- notation, views, breakdown -------------------------------------------------------
    def parse(self, text: str) -> Action:
        return notation.parse(text)

    view = views.view
    score_breakdown = score.breakdown
    narrate = narration.narrate
    advice = advice.advise

    # --- copies ---------------------------------------------------------------------------
    def clone(self) -> "CatanDiceState":
        s = CatanDiceState.__new__(CatanDiceState)
        s.__dict__.update(self.__dict__)
        s.sheets = [sh.copy() for sh in self.sheets]
        s.dice = list(self.dice)
        s.built_now = list(self.built_now)
        self.share_rng(s)
        return s


def _is_die(value: object) -> bool:
    """True for a die number: an int (not a bool) 0-5."""
    return type(value) is int and 0 <= value < DICE


def _joker_target(knight: str, res: str | None) -> int | None:
    target = KNIGHT_JOKERS[knight]
    if target is not None:
        return target
    return FACE_INDEX[res] if res in RESOURCES else None


def _cost_text(kind: str) -> str:
    return comma_words([words("{n} {resource}", n=k, resource=face_word(FACES[f]))
                        for f, k in COSTS[kind].items()])


__all__ = ["CatanDiceState", "roll_outcomes"]
