"""Catan Dice heuristics: the worth of a structure, the greedy reroll and build policy.

The greedy policy aims the dice at the structures it values most (buildings weighted by
their points, roads by the building they lead to), keeps the dice that pay for them and
rerolls the rest; when building it searches the turn's builds, gold exchanges and jokers on
face counts for the most worth, counting each joker spent as a small loss.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.policy import Policy
from .island import (COSTS, FACES, GOLD, INDEX, KIND, KNIGHT_JOKERS, REQUIRES, ROAD_PARENT,
                     STRUCTURES, VALUE, frontier)

if TYPE_CHECKING:
    from .rules import CatanDiceState

JOKER_COST = 2.0
"""The future value given up by spending a joker now."""
KNIGHT_BONUS = 1.0
"""A built knight's joker is worth about this much later."""
NAMES = [n for n, *_ in STRUCTURES]
BUILDINGS = [n for n in NAMES if KIND[n] in ("settlement", "city")]


def _built(mask: int, name: str) -> bool:
    return bool(mask >> INDEX[name] & 1)


def road_path(mask: int, building: str) -> list[str]:
    """The unbuilt roads from the network to ``building``'s road, nearest first."""
    road = next((p for p in _prereqs(building) if p.startswith("R")), None)
    path = []
    while road is not None and not _built(mask, road):
        path.append(road)
        road = ROAD_PARENT[road]
    return path[::-1]


def _prereqs(name: str) -> list[str]:
    return [n for n in NAMES if REQUIRES[name] >> INDEX[n] & 1]


def _goals(mask: int) -> list[str]:
    """The next settlement and the next city not yet built (their order is fixed)."""
    goals = []
    for kind in ("settlement", "city"):
        nxt = next((n for n in BUILDINGS if KIND[n] == kind and not _built(mask, n)), None)
        if nxt:
            goals.append(nxt)
    return goals


@lru_cache(maxsize=1 << 16)
def worth(mask: int, name: str) -> float:
    """How much building ``name`` on a sheet with ``mask`` built is worth to the greedy bot."""
    if KIND[name] == "knight":
        return VALUE[name] + KNIGHT_BONUS
    if KIND[name] != "road":
        return float(VALUE[name])
    best = 0.0
    for goal in _goals(mask):
        path = road_path(mask, goal)
        if name in path:
            best = max(best, 0.5 * VALUE[goal] / len(path))
    return VALUE[name] + best


def sheet_worth(state: CatanDiceState, seat: int) -> float:
    """Points written plus points built this turn plus a little for unlocked buildings."""
    sheet = state.sheets[seat]
    now = sum(VALUE[n] for n in state.built_now) if seat == state.seat else 0
    reach = sum(0.25 * VALUE[g] / (1 + len(road_path(sheet.built, g)))
                for g in _goals(sheet.built))
    return sheet.total() + now + reach


# --- choosing rerolls ---------------------------------------------------------------------
def keep_for_targets(mask: int, dice: list[int]) -> set[int]:
    """Dice to keep: those paying for the best targets, chosen one after another."""
    free = set(range(len(dice)))
    kept: set[int] = set()
    while free:
        best, best_score, best_dice = None, 0.0, set()
        for name in frontier(mask):
            use, missing = _match(COSTS[KIND[name]], dice, free)
            if missing > len(free - use):
                continue
            score = worth(mask, name) / (1 + missing) ** 2
            if score > best_score:
                best, best_score, best_dice = name, score, use
        if best is None:
            break
        kept |= best_dice
        free -= best_dice
        mask |= 1 << INDEX[best]
    return kept


def _match(cost: dict[int, int], dice: list[int], free: set[int]) -> tuple[set[int], int]:
    use, missing = set(), 0
    for face, k in cost.items():
        have = [i for i in sorted(free) if dice[i] == face][:k]
        use.update(have)
        missing += k - len(have)
    return use, missing


def choose_reroll(state: CatanDiceState) -> Action:
    kept = keep_for_targets(state.sheets[state.seat].built, state.dice)
    reroll = tuple(i for i in range(len(state.dice)) if i not in kept)
    return Action("reroll", *reroll) if reroll else Action("stop")


# --- building -----------------------------------------------------------------------------
@lru_cache(maxsize=1 << 18)
def _plan(counts: tuple[int, ...], mask: int, jokers: tuple[str, ...]):
    """The (worth, first move) of the best sequence of builds, trades and jokers."""
    best: tuple[float, tuple | None] = (0.0, None)
    for name in frontier(mask):
        if all(counts[f] >= k for f, k in COSTS[KIND[name]].items()):
            c = list(counts)
            for f, k in COSTS[KIND[name]].items():
                c[f] -= k
            new_jokers = jokers + (name,) if KIND[name] == "knight" else jokers
            value = worth(mask, name) + _plan(tuple(c), mask | 1 << INDEX[name],
                                              new_jokers)[0]
            if value > best[0]:
                best = (value, ("build", name))
    if counts[GOLD] >= 2:
        for res in range(5):
            c = list(counts)
            c[GOLD] -= 2
            c[res] += 1
            value = _plan(tuple(c), mask, jokers)[0]
            if value > best[0] + 1e-9:
                best = (value, ("trade", res))
    for knight in jokers:
        made = KNIGHT_JOKERS[knight]
        targets = [made] if made is not None else range(5)
        rest = tuple(j for j in jokers if j != knight)
        for target in targets:
            for src in range(6):
                if src == target or counts[src] == 0:
                    continue
                c = list(counts)
                c[src] -= 1
                c[target] += 1
                value = _plan(tuple(c), mask, rest)[0] - JOKER_COST
                if value > best[0] + 1e-9:
                    best = (value, ("joker", knight, src, target))
    return best


def choose_build(state: CatanDiceState) -> Action:
    sheet = state.sheets[state.seat]
    jokers = tuple(k for k in KNIGHT_JOKERS if sheet.joker_available(k))
    _value, move = _plan(tuple(state.free_counts()), sheet.built, jokers)
    if move is None:
        return Action("end")
    free = [i for i in range(len(state.dice)) if not state.used >> i & 1]
    if move[0] == "build":
        return Action("build", KIND[move[1]], move[1])
    if move[0] == "trade":
        i, j = [d for d in free if state.dice[d] == GOLD][:2]
        return Action("trade", i, j, FACES[move[1]])
    _, knight, src, target = move
    die = next(d for d in free if state.dice[d] == src)
    extra = (FACES[target],) if KNIGHT_JOKERS[knight] is None else ()
    return Action("joker", knight, die, *extra)


class CatanDicePolicy(Policy["CatanDiceState"]):
    """The Catan Dice bots' knowledge: the sheet value, and greedy rerolls and builds (MCTS
    evaluates its leaves and orders its moves by the same sheet value)."""

    def evaluate(self, state: CatanDiceState, seat: int) -> float:
        return sheet_worth(state, seat)

    def greedy_action(self, state: CatanDiceState, rng: random.Random) -> Action:
        """The greedy move: a chance-free decision, so ``rng`` is not needed."""
        if state.phase == "choosing":
            return choose_reroll(state)
        return choose_build(state)
