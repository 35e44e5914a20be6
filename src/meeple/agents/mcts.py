"""Monte-Carlo tree search for every game, through the game contract only.

One UCT search per determinization: the root position is re-sampled with
``state.determinize(seat, rng)`` (what the seat cannot see is drawn anew, consistently with
its view), a tree is grown on that copy, and the root statistics of all trees are added up
(ensemble determinization: a few determinizations with many iterations each). The search
never reads the real hidden state and never touches the state's own RNG: chance outcomes,
rollouts and determinizations all use the agent's seeded RNG. Where the game hides
nothing (the tile games draw from public counts), every tree grows from the same position,
so a leaf's evaluation is memoised by the moves that lead to it from the root and shared
by the trees (half the leaves of a Carcassonne search at 500 × 3 are such repeats).

Each node keeps the sum of rewards per seat; a seat to move picks the child best for
itself (max^n UCT). Rewards: at the end of a game, for several players the win share
blended with the score margin over the best other seat, for one player the score itself;
at a cut-off leaf of a game that gives a ``reward_scale`` (how far, in points, the margin
may still move), each seat's chance to win, a logistic curve of its evaluated margin over
the best other seat. Rewards are normalised by the range seen so far. Beside the win shares,
each root move sums the margin its iterations ended with (final scores, or the evaluations
at a cut-off), the searching seat's over the best other seat's: the hints' expected margin.

Chance nodes with at most ``strata`` outcomes (a tile draw) are visited by stratified
sampling: each visit goes to the outcome furthest behind its probability's share of the
visits, so sibling moves meet nearly the same mix of draws. Larger outcome spaces (six dice,
a board set-up) are sampled with progressive widening (``1 + sqrt(n)`` outcomes after ``n``
visits). The root's moves are expanded best first by the game's one-move scores
(``Policy.action_scores``: greedy's look ahead, on the search value where a game has one)
and admitted progressively (``1 + 2 sqrt(n)`` children after ``n`` visits); the search
stops early once its most visited move can no longer be overtaken in the iterations (or
time) left.

Options (``mcts:iters=2000,dets=5``) are declared in :data:`OPTIONS` (``meeple agents``
lists them). Measured choices are in ``benchmarks/README.md``: at equal time the cut-off
beat random and greedy rollouts on Catan Dice and Carcassonne.
"""
from __future__ import annotations

import math
import time
from typing import Callable

from ..core.action import Action
from ..core.agent import EXPECTED_SCORE, WIN_RATE, RankedAction, RankingAgent, win_chances
from ..core.game import Game
from ..core.options import Option
from ..core.outcome import win_shares
from ..core.state import CHANCE, TERMINAL, State
from ..core.text import words

ROLLOUTS = ("cutoff", "random", "greedy")
OPTIONS = (
    Option("iters", int, 1000, "iterations per move, over all trees (without time)", low=1,
           high=10_000_000, budget="iterations"),
    Option("time", float, None, "seconds per move (with iters: the first limit stops)",
           low=0, low_open=True, high=3600, budget="seconds"),
    Option("dets", int, None, "trees, one per determinization (default 5 where the game "
           "hides something, else 1)", low=1, high=1000, budget="determinizations"),
    Option("rollout", str, "cutoff", "leaf value: the game's evaluation at the new leaf, or "
           "random or greedy play from it", allowed=ROLLOUTS),
    Option("depth", int, None, "random and greedy rollouts stop after this many moves and "
           "evaluate", low=0, high=10_000),
    Option("c", float, 0.7, "UCT exploration constant", low=0, high=100),
    Option("margin", float, 0.25, "weight of the score margin in end-of-game rewards",
           low=0, high=100),
    Option("scale", float, 1.0, "multiplies the game's reward scale", low=0, low_open=True,
           high=1000),
    Option("strata", int, 64, "largest chance node sampled by strata (0: none)", low=0,
           high=10_000),
)
"""The bounds are the engine's, generous for research from the command line (an hour a
move); a server caps the budgets (``time``, ``iters``, ``dets``) lower, by their kind."""
LOGISTIC = 1.702
"""``1 / (1 + exp(-LOGISTIC x))`` is within 0.01 of the normal distribution function."""
CHECK_EVERY = 32
"""Iterations between checks whether the search can stop early (its choice is settled)."""
ROOT_WIDENING = 2.0
"""The root holds at most ``1 + ROOT_WIDENING * sqrt(visits)`` children."""


class Node:
    """A position in the tree: whose move it is, its children, and the rewards seen."""

    __slots__ = ("player", "children", "untried", "visits", "totals", "outcomes")

    def __init__(self, player: int, seats: int):
        self.player = player            # seat to act, CHANCE or TERMINAL
        self.children: dict[Action, Node] = {}
        self.untried: list[Action] | None = None
        self.visits = 0
        self.totals = [0.0] * seats     # reward sums per seat
        self.outcomes: list[tuple[Action, float]] | None = None  # chance: stratified draws


class RootStats:
    """The root children's statistics summed over the determinizations: of each move its
    visits, the searching seat's reward, every seat's win shares and the searching seat's
    margin."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits: dict[Action, int] = {}
        self.totals: dict[Action, float] = {}
        self.wins: dict[Action, list[float]] = {}
        self.margins: dict[Action, float] = {}
        self.follow: dict[Action, dict[Action, int]] = {}
        """Per root move, the visits of the same seat's next moves after it."""

    def add(self, action: Action, visits: int, total: float, wins: list[float],
            margin: float) -> None:
        self.visits[action] = self.visits.get(action, 0) + visits
        self.totals[action] = self.totals.get(action, 0.0) + total
        summed = self.wins.get(action)
        self.wins[action] = list(wins) if summed is None else [
            a + b for a, b in zip(summed, wins, strict=True)]
        self.margins[action] = self.margins.get(action, 0.0) + margin

    def add_follow(self, action: Action, child: Node, seat: int) -> None:
        """Count the visits of ``seat``'s moves right after ``action`` (its ``child``),
        where that seat decides again before anyone else."""
        if child.player != seat:
            return
        tally = self.follow.setdefault(action, {})
        for after, grandchild in child.children.items():
            tally[after] = tally.get(after, 0) + grandchild.visits

    def then(self, action: Action) -> Action | None:
        """The most visited next move of the same seat after ``action``, if any."""
        tally = self.follow.get(action)
        return max(tally, key=tally.__getitem__) if tally else None

    def mean(self, action: Action) -> float:
        return self.totals[action] / max(1, self.visits[action])

    def ranked(self, solo: bool) -> list[RankedAction]:
        """Most visited first; ties broken by the mean reward. Each with its mean win
        share and score margin (or, alone, its mean score)."""
        order = sorted(self.visits, key=lambda a: (self.visits[a], self.mean(a)), reverse=True)
        out = []
        for a in order:
            n = max(1, self.visits[a])
            if solo:
                out.append(RankedAction(a, self.mean(a), self.visits[a], then=self.then(a)))
            else:
                chances = win_chances(self.wins[a], self.visits[a])
                out.append(RankedAction(a, chances[self.seat], self.visits[a],
                                        self.margins[a] / n, self.then(a), chances))
        return out


class MCTSAgent(RankingAgent[State]):
    """UCT with sampled chance nodes and determinization of hidden information."""

    name = "mcts"
    description = words("Monte-Carlo tree search (UCT) on the game's position values, "
                        "determinizing what the seat cannot see")
    options = OPTIONS

    def __init__(self, game: Game, seed: int | None = None, **options: str):
        super().__init__(game, seed, **options)
        settings = self.settings
        self.time: float | None = settings["time"]
        self.iters: int | None = (settings["iters"] if "iters" in options or self.time is None
                                  else None)
        self.dets: int | None = settings["dets"]
        self.depth: int | None = settings["depth"]
        self.c, self.margin = settings["c"], settings["margin"]
        self.scale, self.strata = settings["scale"], settings["strata"]
        self.rollout: str = settings["rollout"]
        if self.rollout == "cutoff" and self.depth is not None:
            raise ValueError("agent 'mcts' option 'depth' applies to random and greedy "
                             "rollouts; cutoff evaluates the leaf itself")
        self.seats = game.players
        self.ranks_by = EXPECTED_SCORE if self.seats == 1 else WIN_RATE
        self.iterations = 0             # iterations run by the last search (for benchmarks)
        self._root: Node | None = None         # per tree: its root
        self._wins: dict[Action, list[float]] = {}  # per tree: every seat's win shares
        #                                           of the root's moves, summed
        self._margins: dict[Action, float] = {}  # per tree: their score margins summed
        self._lo, self._hi = 0.0, 1.0           # per tree: the range of rewards seen
        self._scaled = False                    # per tree: leaves give win chances
        self._memo: dict[tuple, list[float]] | None = None  # per search: leaf evaluations

    # --- the agent interface --------------------------------------------------------------
    def act(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.ranked(state, 1)[0].action

    def ranked(self, state: State, k: int = 3) -> list[RankedAction]:
        """The ``k`` best moves by search: (action, win rate or expected score, visits)."""
        return self.search(state).ranked(self.seats == 1)[:k]

    # --- search ---------------------------------------------------------------------------
    def search(self, state: State) -> RootStats:
        """Grow one tree per determinization of ``state``; their summed root statistics."""
        seat = state.current_player
        if seat < 0:
            raise ValueError("mcts searches only where a seat is to move")
        hides = self.game.hides_information
        dets = self.dets or (5 if hides else 1)
        self._memo = None if hides else {}
        start = time.perf_counter()
        stats = RootStats(seat)
        self.iterations = 0
        order: list[Action] | None = None
        for d in range(dets):
            root_state = state.determinize(seat, self.rng)
            if order is None:
                order = self._ordered(root_state)
            iters = None if self.iters is None else _share(self.iters, dets, d)
            deadline = None if self.time is None else start + self.time * (d + 1) / dets
            root = self._grow(root_state, list(order), iters, deadline)
            for action, child in root.children.items():
                stats.add(action, child.visits, child.totals[seat],
                          self._wins.get(action, [0.0] * self.seats),
                          self._margins.get(action, 0.0))
                stats.add_follow(action, child, seat)
        self._memo = None
        return stats

    def _ordered(self, state: State) -> list[Action]:
        """The moves in the order they are expanded (last first): best first by the
        game's one-move scores (:meth:`~meeple.core.policy.Policy.action_scores`), ties in random order; so that
        progressive widening weighs the best-looking move against its nearest rivals."""
        scored = self.game.policy.action_scores(state.clone())
        self.rng.shuffle(scored)
        scored.sort(key=lambda pair: pair[1])
        return [action for action, _ in scored]

    def _grow(self, root_state: State, order: list[Action], iters: int | None,
              deadline: float | None) -> Node:
        root = Node(root_state.current_player, self.seats)
        root.untried = order
        self._root = root
        self._wins, self._margins = {}, {}
        self._scaled = (self.seats > 1
                        and self.game.policy.reward_scale(root_state) is not None)
        stretch = self.seats == 1 or self._scaled
        self._lo, self._hi = (math.inf, -math.inf) if stretch else (0.0, 1.0)
        done, began = 0, time.perf_counter()
        while (iters is None or done < iters) and (
                deadline is None or done == 0 or time.perf_counter() < deadline):
            self._iterate(root, root_state)
            done += 1
            if done % CHECK_EVERY == 0 and _settled(root, done, iters, began, deadline):
                break
        self.iterations += done
        return root

    def _iterate(self, root: Node, root_state: State) -> None:
        state = root_state.clone()
        node, path, moves = root, [root], []
        while True:
            if node.player == TERMINAL:
                values = [float(s) for s in state.scores()]
                reward, shares = self._reward(values)
                break
            if node.player == CHANCE:
                node, fresh, action = self._chance_child(node, state)
            else:
                node, fresh, action = self._decision_child(node, state)
            moves.append(action)
            path.append(node)
            if fresh:
                reward, shares, values = self._playout(state, tuple(moves))
                break
        for n in path:
            n.visits += 1
            totals = n.totals
            for i, r in enumerate(reward):
                totals[i] += r
        if moves:
            first, seat = moves[0], root.player
            summed = self._wins.get(first)
            self._wins[first] = list(shares) if summed is None else [
                a + b for a, b in zip(summed, shares)]
            if len(values) > 1:
                margin = values[seat] - max(values[:seat] + values[seat + 1:])
                self._margins[first] = self._margins.get(first, 0.0) + margin

    def _decision_child(self, node: Node, state: State) -> tuple[Node, bool, Action]:
        if node.untried is None:
            node.untried = self.game.policy.search_actions(state)
            self.rng.shuffle(node.untried)
        if node.untried and (node is not self._root or len(node.children) <
                             1 + ROOT_WIDENING * math.sqrt(node.visits)):
            action = node.untried.pop()
            state.apply_unchecked(action)
            child = node.children[action] = Node(state.current_player, self.seats)
            return child, True, action
        action, child = self._select(node)
        state.apply_unchecked(action)
        return child, False, action

    def _select(self, node: Node) -> tuple[Action, Node]:
        """The child maximising normalised mean reward of the mover plus the UCT bonus."""
        mover, lo = node.player, self._lo
        span = self._hi - lo
        scale = 1.0 / span if span > 0 else 0.0
        explore = self.c * math.sqrt(math.log(node.visits))
        sqrt = math.sqrt
        best, best_value = None, -math.inf
        for action, child in node.children.items():
            n = child.visits
            value = (child.totals[mover] / n - lo) * scale + explore / sqrt(n)
            if value > best_value:
                best, best_value = action, value
        # a node is selected from only once it has children, so best is one of them
        return best, node.children[best]  # type: ignore[index, return-value]

    def _chance_child(self, node: Node, state: State) -> tuple[Node, bool, Action]:
        if node.outcomes is None:
            outcomes = state.chance_outcomes() if self.strata else []
            node.outcomes = outcomes if len(outcomes) <= self.strata else []
        if node.outcomes:
            return self._stratified_child(node, state)
        outcome = state.sample_chance(self.rng)
        child = node.children.get(outcome)
        fresh = child is None
        if fresh and len(node.children) >= 1 + math.isqrt(node.visits):
            drawn = list(node.children)
            weights = [node.children[o].visits for o in drawn]
            outcome = self.rng.choices(drawn, weights)[0]
            child, fresh = node.children[outcome], False
        state.apply_unchecked(outcome)
        if child is None:                  # (that is: fresh)
            child = node.children[outcome] = Node(state.current_player, self.seats)
        return child, fresh, outcome

    def _stratified_child(self, node: Node, state: State) -> tuple[Node, bool, Action]:
        """The outcome furthest behind its share of the node's visits (stratified sampling:
        every sibling move meets nearly the same mix of draws, which removes most of the
        luck of the draw from the comparison of moves)."""
        total, children = node.visits + 1, node.children
        best: Action = None  # type: ignore[assignment]  # set by the first outcome below
        behind = -math.inf
        for outcome, p in node.outcomes:  # type: ignore[union-attr]  # called with outcomes
            child = children.get(outcome)
            gap = p * total - (child.visits if child is not None else 0)
            if gap > behind:
                best, behind = outcome, gap
        state.apply_unchecked(best)
        child = children.get(best)
        if child is None:
            child = children[best] = Node(state.current_player, self.seats)
            return child, True, best
        return child, False, best

    # --- rollouts and rewards -------------------------------------------------------------
    def _playout(self, state: State, path: tuple
                 ) -> tuple[list[float], list[float], list[float]]:
        """Play on from a new leaf, reached from the root by the moves ``path``; the
        rewards, win shares and scores (or evaluations) of the position reached."""
        limit = 0 if self.rollout == "cutoff" else self.depth
        policy = self._policy()
        moves = 0
        while not state.is_terminal():
            if limit is not None and moves >= limit:
                return self._leaf_reward(state, path if moves == 0 else None)
            if state.current_player == CHANCE:
                state.apply_unchecked(state.sample_chance(self.rng))
                continue
            state.apply_unchecked(policy(state))
            moves += 1
        values = [float(s) for s in state.scores()]
        return (*self._reward(values), values)

    def _policy(self) -> Callable[[State], Action]:
        rng = self.rng
        if self.rollout == "greedy":
            greedy = self.game.policy.greedy_action
            return lambda s: greedy(s, rng)
        return lambda s: rng.choice(s.legal_actions())

    def _leaf_reward(self, state: State, path: tuple | None
                     ) -> tuple[list[float], list[float], list[float]]:
        """Rewards, win chances and evaluations of a position evaluated before the end:
        with the game's reward scale, each seat's chance to win from its evaluated margin
        over the best other seat; without it, as if the evaluations were final scores.
        Where the game hides nothing, every tree grows from the same position, so the moves
        ``path`` from the root lead to the same position in each: its evaluation is
        memoised by path."""
        memo = None if path is None else self._memo     # (so path is set wherever memo is)
        values = None if memo is None else memo.get(path)  # type: ignore[arg-type]
        if values is None:
            values = self.game.policy.evaluate_all(state)
            if memo is not None:
                memo[path] = values  # type: ignore[index]
        spread = None if self.seats == 1 else self.game.policy.reward_scale(state)
        if not spread:
            return (*self._reward(values), values)
        k = LOGISTIC / (spread * self.scale)
        exp = math.exp
        chances = []
        for i, v in enumerate(values):
            x = k * (v - max(values[j] for j in range(len(values)) if j != i))
            chances.append(1.0 / (1.0 + exp(-x)) if x > -50 else 0.0)
        self._lo, self._hi = min(self._lo, *chances), max(self._hi, *chances)
        return chances, chances, values

    def _reward(self, values: list[float]) -> tuple[list[float], list[float]]:
        """Per-seat rewards from final scores (or evaluations), and the win shares."""
        if self.seats == 1:
            v = values[0]
            self._lo, self._hi = min(self._lo, v), max(self._hi, v)
            return values, [1.0]
        shares = win_shares(values)
        scale = max(1.0, max(abs(v) for v in values))
        w = self.margin
        rewards = []
        for i, v in enumerate(values):
            best_other = max(values[j] for j in range(len(values)) if j != i)
            margin = max(-1.0, min(1.0, (v - best_other) / scale))
            rewards.append((1 - w) * shares[i] + w * 0.5 * (1 + margin))
        if self._scaled:
            self._lo, self._hi = min(self._lo, *rewards), max(self._hi, *rewards)
        return rewards, shares


def _settled(root: Node, done: int, iters: int | None, began: float,
             deadline: float | None) -> bool:
    """True when the root's most visited move can no longer be overtaken: its lead in
    visits exceeds the iterations left (by count, or estimated from the rate so far)."""
    left = math.inf if iters is None else iters - done
    if deadline is not None:
        now = time.perf_counter()
        left = min(left, done / max(now - began, 1e-9) * (deadline - now))
    top = second = 0
    for child in root.children.values():
        n = child.visits
        if n > top:
            top, second = n, top
        elif n > second:
            second = n
    return top - second > left


def _share(total: int, parts: int, index: int) -> int:
    """Part ``index`` of ``total`` split as evenly as possible into ``parts``."""
    return total // parts + (1 if index < total % parts else 0)
