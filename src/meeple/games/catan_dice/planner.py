"""A planner for the Catan Dice Game alone: exact dice expectations over a learned sheet value.

Within a turn the planner is exact. For every multiset of six faces it finds the best way
to finish the turn: a *plan* (up to three structures whose prerequisites are met, paid by
the dice, by gold exchanges and by jokers) worth its points plus the value of the sheet it
leaves, ``V(sheet, turns left)``; or an X. Over the rerolls it takes expectations: the value
of keeping a multiset ``K`` is the mean over the rerolled dice, which adding one die at a time
computes exactly (it equals the sum over the multisets of new faces weighted by their
multinomial probabilities) for all 924 multisets of up to six faces at once; a roll's value
is the best keep among its sub-multisets.

``V`` is linear in features of the sheet (how far the settlements, cities and knights have
got, how many roads are missing to the next settlement and city, which jokers are left,
which roads are built), with one weight vector per number of turns left, learned by
simulation (``benchmarks/planner_fit.py``) and stored in ``planner_weights.json``.
"""
from __future__ import annotations

import itertools
import json
from array import array
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, Sequence

from ...core.action import Action
from ...core.text import words
from ...core.agent import EXPECTED_SCORE, RankedAction, RankingAgent
from .island import (COSTS, GOLD, INDEX, KIND, KNIGHT_JOKERS, RESOURCES, STRUCTURES, TURNS,
                     VALUE, X_POINTS)
from .policy import frontier, road_path

if TYPE_CHECKING:
    from .rules import CatanDiceState

DICE = 6
SIDES = 6
KNIGHTS = tuple(KNIGHT_JOKERS)                           # K1..K6
KNIGHT_BITS = tuple(INDEX[k] for k in KNIGHTS)
SETTLEMENTS = tuple(n for n, *_ in STRUCTURES if KIND[n] == "settlement")
CITIES = tuple(n for n, *_ in STRUCTURES if KIND[n] == "city")
ROAD_BITS = tuple(INDEX[n] for n, *_ in STRUCTURES if KIND[n] == "road")
NEED = {kind: tuple(cost.get(r, 0) for r in range(5)) for kind, cost in COSTS.items()}
WEIGHTS_FILE = Path(__file__).with_name("planner_weights.json")


# --- multisets of faces -------------------------------------------------------------------
def _multisets() -> list[tuple[int, ...]]:
    out = []
    for size in range(DICE + 1):
        for combo in itertools.combinations_with_replacement(range(SIDES), size):
            out.append(tuple(combo.count(f) for f in range(SIDES)))
    return out


MULTISETS = _multisets()
"""Every multiset of at most six faces as counts per face, smallest first (924)."""
MS_INDEX = {m: i for i, m in enumerate(MULTISETS)}
SIZE = [sum(m) for m in MULTISETS]
FULL = [i for i, m in enumerate(MULTISETS) if SIZE[i] == DICE]
ADD = [[MS_INDEX.get(m[:f] + (m[f] + 1,) + m[f + 1:], -1) for f in range(SIDES)]
       for m in MULTISETS]
LESS = [[MS_INDEX[m[:f] + (m[f] - 1,) + m[f + 1:]] for f in range(SIDES) if m[f]]
        for m in MULTISETS]


def expectation(top: Sequence[float]) -> list[float]:
    """``X[K]``: the mean of ``top`` over the full multisets that rolling ``6 - |K|`` fresh
    dice completes ``K`` to, for every multiset ``K`` (``top`` is read at full ones only)."""
    x = [0.0] * len(MULTISETS)
    for i in reversed(range(len(MULTISETS))):
        x[i] = top[i] if SIZE[i] == DICE else sum(x[j] for j in ADD[i]) / SIDES
    return x


def best_keep(x: Sequence[float]) -> list[float]:
    """For every multiset ``D``: the best ``x[K]`` over the multisets ``K`` inside it."""
    m = [0.0] * len(MULTISETS)
    for i in range(len(MULTISETS)):
        m[i] = max([x[i], *(m[j] for j in LESS[i])])
    return m


# --- the sheet value ----------------------------------------------------------------------
# feature layout: a constant, then one-hot (settlements built, roads missing to the next),
# one-hot (cities built, roads missing to the next), one-hot knights built, one flag per
# joker left, one flag per road built
SETTLEMENT_AT, CITY_AT, KNIGHT_AT, JOKER_AT, ROAD_AT = 1, 22, 52, 59, 65
N_FEATURES = 81


def features(built: int, used: int) -> list[float]:
    """Features of a sheet: progress of each track, roads missing, jokers left, roads."""
    s = sum(built >> INDEX[n] & 1 for n in SETTLEMENTS)
    c = sum(built >> INDEX[n] & 1 for n in CITIES)
    k = sum(built >> b & 1 for b in KNIGHT_BITS)
    ds = len(road_path(built, SETTLEMENTS[s])) if s < len(SETTLEMENTS) else 0
    dc = len(road_path(built, CITIES[c])) if c < len(CITIES) else 0
    f = [0.0] * N_FEATURES
    f[0] = 1.0
    f[SETTLEMENT_AT + s * 3 + min(ds, 2)] = 1.0
    f[CITY_AT + c * 6 + min(dc, 5)] = 1.0
    f[KNIGHT_AT + k] = 1.0
    for i, b in enumerate(KNIGHT_BITS):
        f[JOKER_AT + i] = float(built >> b & 1 and not used >> i & 1)
    for i, b in enumerate(ROAD_BITS):
        f[ROAD_AT + i] = float(built >> b & 1)
    return f


@lru_cache(maxsize=1 << 17)
def sheet_value(built: int, used: int, turns: int) -> float:
    """``V``: the expected points still to come with ``turns`` turns left."""
    if turns <= 0:
        return 0.0
    w = WEIGHTS[min(turns, len(WEIGHTS)) - 1]
    return sum(a * b for a, b in zip(w, features(built, used)) if b)


# --- plans: what one turn can build -------------------------------------------------------
class Plan(NamedTuple):
    """Structures one turn adds to a sheet."""

    built: int                  # the sheet's structures after the plan
    points: int
    need: tuple[int, ...]       # resources the plan costs, per resource
    names: tuple[str, ...]      # in an order that respects prerequisites


@lru_cache(maxsize=1 << 14)
def plans(built: int) -> tuple[Plan, ...]:
    """Every set of structures one turn's six dice could pay for, from ``built``."""
    found: dict[int, Plan] = {}

    def grow(mask: int, names: tuple[str, ...], need: tuple[int, ...]) -> None:
        for name in frontier(mask):
            cost = NEED[KIND[name]]
            total = tuple(a + b for a, b in zip(need, cost))
            if sum(total) > DICE:
                continue
            new = mask | 1 << INDEX[name]
            if new not in found:
                chain = names + (name,)
                found[new] = Plan(new, sum(VALUE[n] for n in chain), total, chain)
                grow(new, chain, total)

    grow(built, (), (0,) * 5)
    return tuple(found.values())


class Payment(NamedTuple):
    """How a plan is paid beyond the dice that show what it needs."""

    jokers: tuple[str, ...]     # knights whose jokers are spent
    used: int                   # the jokers-used mask afterwards
    trades: int                 # gold exchanges


def payments(need: Sequence[int], counts: Sequence[int], used: int,
             avail: Sequence[str]) -> list[Payment]:
    """The ways to pay ``need`` from dice ``counts`` (per face) with gold exchanges and the
    jokers ``avail``, spending no joker that is not needed."""
    deficit = [max(0, n - c) for n, c in zip(need, counts)]
    short = sum(deficit)
    if short == 0:
        return [Payment((), used, 0)]
    gold = counts[GOLD]
    spare = sum(max(0, c - n) for n, c in zip(need, counts[:5]))
    useful = [k for k in avail if (made := KNIGHT_JOKERS[k]) is None or deficit[made]]
    out = []
    for r in range(min(len(useful), short) + 1):
        for jokers in itertools.combinations(useful, r):
            trades = short - r
            if 2 * trades > gold or r > spare + gold - 2 * trades:
                continue
            mask = used
            for k in jokers:
                mask |= 1 << (int(k[1:]) - 1)
            out.append(Payment(jokers, mask, trades))
        if out:
            return out
    return out


def jokers_available(built: int, used: int) -> tuple[str, ...]:
    """The knights built whose jokers are not used."""
    return tuple(k for i, k in enumerate(KNIGHTS)
                 if built >> KNIGHT_BITS[i] & 1 and not used >> i & 1)


class Finish(NamedTuple):
    """The best end of a turn from its dice."""

    value: float                # points of the turn plus the value of the sheet left
    plan: Plan | None           # None: build nothing more
    payment: Payment | None


def best_finish(counts: Sequence[int], built: int, used: int, turns_after: int,
                points_now: int = 0) -> Finish:
    """The best way to end the turn with the free dice ``counts`` (per face), when
    ``points_now`` points were already built this turn (0: an X if nothing is built)."""
    stop = (points_now or X_POINTS) + sheet_value(built, used, turns_after)
    best = Finish(stop, None, None)
    avail = jokers_available(built, used)
    for bound, plan in ranked_plans(built, used, turns_after):
        if points_now + bound <= best.value:
            break
        for pay in payments(plan.need, counts, used, avail):
            value = points_now + plan.points + sheet_value(plan.built, pay.used, turns_after)
            if value > best.value:
                best = Finish(value, plan, pay)
    return best


@lru_cache(maxsize=1 << 14)
def ranked_plans(built: int, used: int, turns_after: int) -> tuple[tuple[float, Plan], ...]:
    """The plans with an upper bound of their worth (no joker spent), best first."""
    out = [(p.points + sheet_value(p.built, used, turns_after), p) for p in plans(built)]
    return tuple(sorted(out, key=lambda bp: -bp[0]))


# --- a whole turn -------------------------------------------------------------------------
class TurnTable(NamedTuple):
    """Values of a turn from one sheet, indexed by multiset: ``build`` finishing the turn
    with a full roll, ``keep[r]`` keeping a multiset with ``r + 1`` rolls to come."""
    build: array
    keep: tuple[array, array, array]

    @property
    def value(self) -> float:
        """The turn's expected worth before its first roll (three rolls to come)."""
        return self.keep[2][0]


@lru_cache(maxsize=1 << 10)
def turn_table(built: int, used: int, turns_after: int) -> TurnTable:
    build = [0.0] * len(MULTISETS)
    for i in FULL:
        build[i] = best_finish(MULTISETS[i], built, used, turns_after).value
    keep0 = expectation(build)                  # keep, then one last roll
    keep1 = expectation(best_keep(keep0))       # keep, then two rolls
    keep2 = expectation(best_keep(keep1))       # the whole turn from its first roll
    return TurnTable(array("d", build), (array("d", keep0), array("d", keep1),
                                         array("d", keep2)))


def sheet_key(state: "CatanDiceState") -> tuple[int, int, int]:
    """(built, jokers used, turns left after this one) for the seat to move."""
    sheet = state.sheets[state.seat]
    return sheet.built, sheet.jokers_used, TURNS - len(sheet.boxes) - 1


def counts_of(state: "CatanDiceState") -> tuple[int, ...]:
    """How many free dice show each face."""
    return tuple(state.free_counts())


# --- choosing moves -----------------------------------------------------------------------
def reroll_options(state: "CatanDiceState") -> list[tuple[float, Action]]:
    """Every keep after a roll with its expected worth: ``stop`` and each reroll."""
    built, used, after = sheet_key(state)
    table = turn_table(built, used, after)
    dice = counts_of(state)
    rerolls_left = 3 - state.rolls
    keep = table.keep[rerolls_left - 1]
    full = MS_INDEX[dice]
    out = [(table.build[full], Action("stop"))]
    for sub in itertools.product(*(range(c + 1) for c in dice)):
        if sub == dice:
            continue
        out.append((keep[MS_INDEX[sub]], _reroll_action(state.dice, sub)))
    return out


def _reroll_action(dice: Sequence[int], keep: Sequence[int]) -> Action:
    """Reroll the dice not needed to keep the multiset ``keep``."""
    left = list(keep)
    reroll = []
    for i, f in enumerate(dice):
        if left[f]:
            left[f] -= 1
        else:
            reroll.append(i)
    return Action("reroll", *reroll)


def build_step(state: "CatanDiceState") -> tuple[float, Action]:
    """The value of the best finish of the turn and its next action."""
    built, used, after = sheet_key(state)
    points_now = sum(VALUE[n] for n in state.built_now)
    finish = best_finish(counts_of(state), built, used, after, points_now)
    return finish.value, next_action(state, finish)


def next_action(state: "CatanDiceState", finish: Finish) -> Action:
    """The first step of ``finish``: a gold exchange or joker it needs, else a build."""
    plan, pay = finish.plan, finish.payment
    if plan is None or pay is None:         # (both are None when nothing more is built)
        return Action("end")
    counts = counts_of(state)
    deficit = [max(0, n - c) for n, c in zip(plan.need, counts)]
    free = [i for i in range(DICE) if not state.used >> i & 1]
    if pay.trades:
        res = _trade_target(deficit, pay.jokers)
        i, j = [d for d in free if state.dice[d] == GOLD][:2]
        return Action("trade", i, j, RESOURCES[res])
    if pay.jokers:
        knight = next((k for k in pay.jokers if KNIGHT_JOKERS[k] is not None), pay.jokers[0])
        target = KNIGHT_JOKERS[knight]
        if target is None:
            target = next(r for r in range(5) if deficit[r])
        source = _spare_die(state, free, plan.need)
        extra = (RESOURCES[target],) if KNIGHT_JOKERS[knight] is None else ()
        return Action("joker", knight, source, *extra)
    name = plan.names[0]
    return Action("build", KIND[name], name)


def _trade_target(deficit: list[int], jokers: Sequence[str]) -> int:
    """A resource that the jokers to be spent will not cover."""
    left = list(deficit)
    for k in jokers:
        made = KNIGHT_JOKERS[k]
        if made is not None:
            left[made] -= 1
    if any(k for k in jokers if KNIGHT_JOKERS[k] is None):
        r = next((r for r in range(5) if left[r] > 0), None)
        if r is not None:
            left[r] -= 1
    return next((r for r in range(5) if left[r] > 0), next(r for r in range(5) if deficit[r]))


def _spare_die(state: "CatanDiceState", free: list[int], need: Sequence[int]) -> int:
    """A free die the plan does not need: a surplus resource die first, then gold."""
    left = list(need) + [0]
    spare_gold = None
    for d in free:
        f = state.dice[d]
        if f == GOLD:
            spare_gold = d if spare_gold is None else spare_gold
        elif left[f]:
            left[f] -= 1
        else:
            return d
    assert spare_gold is not None, "a plan that spends a joker leaves a die to spare"
    return spare_gold


class PlannerAgent(RankingAgent["CatanDiceState"]):
    """Exact expectations over the dice within a turn, a fitted sheet value across turns."""

    name = "planner"
    description = words("exact expectation over the rerolls of a turn and a fitted sheet value "
                        "across turns (the strongest Catan Dice bot)")
    ranks_by = EXPECTED_SCORE

    def act(self, state: "CatanDiceState") -> Action:
        if state.phase == "choosing":
            return max(reroll_options(state), key=lambda va: va[0])[1]
        return build_step(state)[1]

    def ranked(self, state: "CatanDiceState", k: int = 3) -> list[RankedAction]:
        """The ``k`` best moves with the expected final score after each."""
        done = state.sheets[state.seat].total()
        if state.phase == "choosing":
            options = reroll_options(state)
        else:
            options = self._build_options(state)
        options.sort(key=lambda va: -va[0])
        return [RankedAction(a, round(done + v, 2), None) for v, a in options[:k]]

    def _build_options(self, state: "CatanDiceState") -> list[tuple[float, Action]]:
        value, best = build_step(state)
        out = [(value, best)]
        for action in state.legal_actions():
            if action != best:
                child = state.clone()
                child.apply_unchecked(action)
                if action[0] == "end":
                    built, used, after = sheet_key(state)
                    worth = ((sum(VALUE[n] for n in state.built_now) or X_POINTS)
                             + sheet_value(built, used, after))
                else:
                    worth = build_step(child)[0]
                out.append((worth, action))
        return out


def set_weights(weights: list[list[float]]) -> None:
    """Use ``weights`` (one row per number of turns left) for ``V`` from now on."""
    WEIGHTS[:] = [list(w) for w in weights]
    for cached in (sheet_value, ranked_plans, turn_table):
        cached.cache_clear()


def load_weights(path: Path = WEIGHTS_FILE) -> list[list[float]]:
    """The weights of ``V`` stored by ``benchmarks/planner_fit.py`` (one row per number of turns left)."""
    rows = json.loads(path.read_text(encoding="utf-8"))["weights"]
    if len(rows) != TURNS or any(len(r) != N_FEATURES for r in rows):
        raise ValueError(f"{path.name}: expected {TURNS} rows of {N_FEATURES} weights")
    return rows


WEIGHTS: list[list[float]] = load_weights()
