"""Greedy with look-ahead: a Catan bot that compares greedy's plans for the turn by greedy
roll-outs (issue 28).

A search one move deep re-ranks greedy's near-equal moves by noise and cannot see why a
maritime trade or saving for a city pays (:mod:`meeple.agents.mcts` reached only parity
against greedy). This bot decides once per turn, at its first move after the roll, between
a few *plans* for the rest of the turn:

- ``greedy``: greedy's own turn;
- ``save``: greedy's turn without buying a development card (saving the grain and ore a
  city needs);
- ``end``: end the turn now (saving everything);
- ``first X``: one of the best other first moves by their one-move scores, then greedy.

Each plan is played out on determinized copies (what the seat cannot see dealt anew), every
seat playing greedy after it, to the end of the mover's next turn, where the mover's chance
to win is read off the position: the chance learnt from self-play (:mod:`.learnt`), or with
``learnt=false`` a logistic curve of the hand-made value's margin over the best other seat
(:func:`.value.values`, as MCTS's leaves). The plans share their worlds: roll-out
``i`` of every plan starts from the same determinization with the same dice, so the
comparison is paired. A plan other than greedy's is taken only when its mean chance beats
greedy's by :data:`EDGE` and by ``z`` standard errors of the paired differences; the plan
chosen is kept to the end of the turn.

In the set-up it weighs its settlement among greedy's and the ``spots`` best by their worth,
and its road among all it may place: each is played out with the rest of the set-up by
greedy (nothing is hidden then, and no die is rolled), and scored by the learnt chance when
the set-up ends. Every other decision (robber, discards, trade answers, before the roll) is
greedy's. Standard library only.
"""
from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, Callable

from ...core.action import Action
from ...core.agent import WIN_RATE, RankedAction, RankingAgent
from ...core.options import Option
from ...core.state import CHANCE
from ...core.text import words
from . import learnt, value
from .phases import DICE, MAIN, PREROLL, SETTLE, SETUP_ROAD
from .policy import TARGETS, CatanPolicy, best_spots, score_after

if TYPE_CHECKING:
    from .rules import CatanState

LOGISTIC = 1.702
EDGE = 0.01
"""Least gain in mean win chance for which a plan other than greedy's is taken."""
SAVE_TARGETS = tuple(t for t in TARGETS if t != "card")

OPTIONS = (
    Option("time", float, 0.3, "seconds per planned turn, past which no roll-out starts "
           "(a round of plans cut short is dropped; none done: greedy's plan; the other "
           "moves are greedy's, at once)", low=0, low_open=True, high=3600, budget="seconds"),
    Option("iters", int, None, "roll-outs per plan (with time: the first limit stops)",
           low=1, high=100_000, budget="iterations"),
    Option("rounds", int, 1, "roll-outs end after the mover's turn and this many of its "
           "next turns", low=0, high=50),
    Option("others", int, 2, "first moves other than greedy's weighed as plans", low=0,
           high=20),
    Option("z", float, 1.0, "standard errors by which a plan must beat greedy's", low=0,
           high=10),
    Option("learnt", bool, True, "score roll-outs and set-up spots by the win chance learnt "
           "from self-play (off: the hand-made value's margin, greedy's set-up)"),
    Option("spots", int, 8, "set-up settlements weighed by playing the rest of the set-up "
           "out, about 60 ms each, and with them every set-up road (0: greedy's set-up)",
           low=0, high=20),
)


class Plan:
    """A way to play the rest of the mover's turn: a first move (or greedy's), then greedy,
    with or without buying development cards."""

    __slots__ = ("name", "first", "targets")

    def __init__(self, name: str, first: Action | None = None,
                 targets: tuple[str, ...] = TARGETS):
        self.name, self.first, self.targets = name, first, targets

    def __repr__(self) -> str:
        return f"Plan({self.name!r})"


class LookaheadAgent(RankingAgent["CatanState"]):
    """Greedy, with its turn chosen among a few plans by paired greedy roll-outs."""

    name = "lookahead"
    description = words("greedy with look-ahead: greedy's plans for the turn compared by "
                        "greedy roll-outs to the end of its next turn")
    options = OPTIONS
    ranks_by = WIN_RATE

    def __init__(self, game, seed: int | None = None, **options: str):
        super().__init__(game, seed, **options)
        s = self.settings
        self.time: float | None = s["time"] if "iters" not in options or "time" in options \
            else None
        self.iters: int | None = s["iters"]
        self.rounds, self.others, self.z = s["rounds"], s["others"], s["z"]
        self.learnt = s["learnt"] and learnt.fitted()
        self.spots = s["spots"] if self.learnt else 0
        self._plan: tuple[int, Plan] | None = None   # (turn, plan) chosen this turn
        self.rollouts = 0                            # roll-outs of the last search

    @property
    def policy(self) -> CatanPolicy:
        """Catan's bot knowledge, with the turn planner this bot compares plans by."""
        policy = self.game.policy
        assert isinstance(policy, CatanPolicy)
        return policy

    # --- the agent interface --------------------------------------------------------------
    def act(self, state: "CatanState") -> Action:
        policy = self.policy
        if state.phase in (SETTLE, SETUP_ROAD) and self.spots:
            return self._set_up(state)[0][0]
        if state.phase != MAIN or state.current_player != state.seat:
            return policy.greedy_action(state, self.rng)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self._plan is None or self._plan[0] != state.turns:
            ranked = self._search(state)
            self._plan = (state.turns, ranked[0][0])
        plan = self._plan[1]
        if plan.first is not None:
            first, plan.first = plan.first, None
            if first in legal:
                return first
        return policy.turn_action(state, self.rng, plan.targets)

    def ranked(self, state: "CatanState", k: int = 3) -> list[RankedAction]:
        """Greedy's move elsewhere; in the set-up (with ``spots``) the settlements or roads
        weighed, with their learnt chance; after the roll the plans' first moves with their
        mean win chance and roll-outs (the same first move once, its best plan)."""
        if state.phase in (SETTLE, SETUP_ROAD) and self.spots:
            return [RankedAction(a, chance, 1) for a, chance in self._set_up(state)[:k]]
        if state.phase != MAIN or state.current_player != state.seat:
            return [RankedAction(self.policy.greedy_action(state, self.rng), 0.0, None)]
        out, seen = [], set()
        for plan, mean, n in self._search(state):
            move = plan.first or self.policy.turn_action(state.clone(), random.Random(0),
                                                              plan.targets)
            if move not in seen:
                seen.add(move)
                out.append(RankedAction(move, mean, n))
        return out[:k]

    # --- the search -----------------------------------------------------------------------
    def plans(self, state: "CatanState") -> list[Plan]:
        """Greedy's turn first, then saving, ending now and the best other first moves."""
        policy = self.policy
        me = state.seat
        mine = policy.turn_action(state.clone(), random.Random(0), TARGETS)
        plans = [Plan("greedy")]
        if mine[0] != "end":
            saving = policy.turn_action(state.clone(), random.Random(0), SAVE_TARGETS)
            if saving != mine:
                plans.append(Plan("save", None, SAVE_TARGETS))
            elif any(a[0] == "buy" for a in state.legal_actions()):
                plans.append(Plan("save", None, SAVE_TARGETS))
            plans.append(Plan("end", Action("end")))
        if self.others:
            firsts = {p.first for p in plans}
            scored = [(score_after(state, me, [a]), str(a), a)
                      for a in policy.search_actions(state)
                      if a != mine and a not in firsts and a[0] not in ("offer", "end")]
            scored.sort(key=lambda t: (-t[0], t[1]))
            plans += [Plan(f"first {a}", a) for _, _, a in scored[:self.others]]
        return plans

    def _search(self, state: "CatanState") -> list[tuple[Plan, float, int]]:
        """The plans, best first, each with its mean win chance and roll-outs; greedy's
        first unless another beats it clearly (see the module's words)."""
        start = time.perf_counter()
        deadline = None if self.time is None else start + self.time
        self.rollouts = 0
        plans = self.plans(state)
        if len(plans) == 1:
            return [(plans[0], 0.0, 0)]
        me = state.seat
        chances: list[list[float]] = [[] for _ in plans]
        n = 0
        while self.iters is None or n < self.iters:
            world = state.determinize(me, self.rng)
            seed = self.rng.getrandbits(64)
            row = []
            for plan in plans:
                if deadline is not None and time.perf_counter() >= deadline:
                    break                        # out of time: this round is dropped
                row.append(self._rollout(world, plan, seed))
            if len(row) < len(plans):
                break
            for i, chance in enumerate(row):
                chances[i].append(chance)
            n += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.rollouts = n * len(plans)
        if not n:
            return [(plan, 0.0, 0) for plan in plans]
        base = chances[0]
        means = [sum(c) / n for c in chances]
        scored = []
        for i, plan in enumerate(plans):
            gain = means[i] - means[0]
            if i and not self._clear(gain, [a - b for a, b in zip(chances[i], base)]):
                gain = min(gain, -1e-9)              # not clearly better: behind greedy
            scored.append((gain, -i, plan, means[i]))
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return [(plan, mean, n) for _, _, plan, mean in scored]

    def _clear(self, gain: float, diffs: list[float]) -> bool:
        """Whether a mean gain over greedy's plan is larger than noise."""
        if gain <= EDGE:
            return False
        n = len(diffs)
        if n < 2:
            return False
        var = sum((d - gain) ** 2 for d in diffs) / (n - 1)
        return gain > self.z * math.sqrt(var / n)

    def _rollout(self, world: "CatanState", plan: Plan, seed: int) -> float:
        """The mover's win chance after ``plan`` and greedy play by all to the horizon."""
        s = world.clone()
        me, turn = s.seat, s.turns
        stop = turn + 1 + self.rounds * s.num_players
        dice = random.Random(seed)
        other = random.Random(seed ^ 0x5DEECE66D)
        policy = self.policy
        greedy: Callable = policy.greedy_action
        if plan.first is not None:
            s.apply_unchecked(plan.first)
        while not s.is_terminal() and s.turns < stop:
            p = s.current_player
            if p == CHANCE:
                s.apply_unchecked(s.sample_chance(dice if s.phase == DICE else other))
            elif s.turns == turn and p == me and s.phase == MAIN:
                s.apply_unchecked(policy.turn_action(s, other, plan.targets))
            else:
                s.apply_unchecked(greedy(s, other))
        return self._chance(s, me)

    # --- the set-up ---------------------------------------------------------------------------
    def _set_up(self, state: "CatanState") -> list[tuple[Action, float]]:
        """The set-up moves worth weighing (a settlement: greedy's and the best by their
        worth; a road: every one), each with the mover's learnt chance when the rest of the
        set-up is played out by greedy (nothing is hidden and no die is rolled before
        then), best first."""
        policy = self.policy
        me = state.current_player
        mine = policy.greedy_action(state, self.rng)
        weighed = [mine, *[a for a in state.legal_actions() if a != mine]]
        if state.phase == SETTLE:
            weighed[1:] = best_spots(state, weighed[1:], self.spots - 1)
        scored = []
        for move in weighed:
            s = state.clone()
            s.apply_unchecked(move)
            rng = random.Random(0)                  # the same ties for every move
            while s.phase != PREROLL and not s.is_terminal():
                s.apply_unchecked(policy.greedy_action(s, rng))
            scored.append((move, learnt.chances(s, learnt.WEIGHTS["start"])[me]))
        scored.sort(key=lambda t: (-t[1], t[0] != mine))     # greedy's move on a tie
        return scored

    def _chance(self, s: "CatanState", me: int) -> float:
        """The mover's chance to win: learnt (:mod:`.learnt`), or from its value's margin
        over the best other seat."""
        if s.is_terminal():
            return 1.0 if s.winner == me else 0.0
        if self.learnt:
            return learnt.chances(s)[me]
        vals = value.values(s)
        spread = self.policy.reward_scale(s) or 1.0
        x = LOGISTIC / spread * (vals[me] - max(v for p, v in enumerate(vals) if p != me))
        return 1.0 / (1.0 + math.exp(-x)) if x > -50 else 0.0
