"""Learning the Catan Dice planner's sheet value ``V`` by simulation (an offline tool, not
part of the installed package: it writes ``planner_weights.json``, which the package reads).

Approximate policy iteration: the planner plays games with the current ``V``; for each
number of turns left, ``V`` is fitted by ridge regression to the points those games still
brought from the sheets met at turn starts (the samples of the last few rounds together,
which damps the swings between rounds); repeat, and keep the weights of the policy that
scored best. Fitting to the planner's own one-turn expectations instead (fitted value
iteration) learns a more optimistic ``V`` and plays worse (about 71 against 80 points).

    python benchmarks/bench_catan_dice_agents.py --fit 400 --rounds 8 --games 0
"""
from __future__ import annotations

from typing import Callable

import meeple
from meeple.games.catan_dice.island import TURNS
from meeple.games.catan_dice.planner import (JOKER_AT, KNIGHTS, N_FEATURES, WEIGHTS,
                                             PlannerAgent, features, set_weights)

Sample = tuple[int, int, int]
"""(structures built, jokers used, points the game still brought after that turn start)."""


def play_and_record(games: int, seed: int) -> tuple[list[list[Sample]], float]:
    """Planner games from seeds ``seed``, ``seed + 1``, ...: for each number of turns left
    ``t``, the sheets met at turn starts with the points still to come (``out[t - 1]``);
    and the mean final score."""
    game = meeple.load("catan-dice", players=1)
    out: list[list[Sample]] = [[] for _ in range(TURNS)]
    total = 0
    for g in range(games):
        state, agent, marks = game.new_state(seed + g), PlannerAgent(game, seed + g), []
        while not state.is_terminal():
            if state.phase == "rolling":
                if state.rolls == 0:
                    sheet = state.sheets[0]
                    marks.append((len(sheet.boxes), sheet.built, sheet.jokers_used,
                                  sheet.total()))
                state.apply_unchecked(state.sample_chance())
            else:
                state.apply_unchecked(agent.act(state))
        final = state.scores()[0]
        total += final
        for done, built, used, points in marks:
            out[TURNS - done - 1].append((built, used, final - points))
    return out, total / games


def fit_weights(games: int = 400, rounds: int = 8, seed: int = 0, pool: int = 3,
                ridge: float = 3.0, start: list[list[float]] | None = None,
                report: Callable[[int, float], None] | None = None
                ) -> tuple[float, list[list[float]]]:
    """Approximate policy iteration by simulation: play ``games`` games with the current
    ``V``, fit ``V`` for each number of turns left to the points those games still brought
    (the samples of the last ``pool`` rounds together), repeat. Each round also measures the
    policy it played; the weights of the best one are set and returned with its mean."""
    set_weights(start or [[0.0] * N_FEATURES for _ in range(TURNS)])
    best: tuple[float, list[list[float]]] = (float("-inf"), WEIGHTS[:])
    recent: list[list[list[Sample]]] = []
    for r in range(rounds):
        samples, mean = play_and_record(games, seed + r * games)
        if report:
            report(r, mean)
        if mean > best[0]:
            best = (mean, [list(w) for w in WEIGHTS])
        recent = (recent + [samples])[-pool:]
        weights = []
        for t in range(1, TURNS + 1):
            rows = [row for s in recent for row in s[t - 1]]
            w = ridge_fit([features(b, u) for b, u, _ in rows], [y for *_, y in rows], ridge)
            for i in range(JOKER_AT, JOKER_AT + len(KNIGHTS)):
                w[i] = max(0.0, w[i])       # a joker left never lowers the value
            weights.append(w)
        set_weights(weights)
    set_weights(best[1])
    return best


def ridge_fit(xs: list[list[float]], ys: list[float], ridge: float) -> list[float]:
    """Least squares with an L2 penalty (not on the first, constant feature)."""
    n = len(xs[0])
    a = [[ridge * (i == j and i > 0) for j in range(n)] for i in range(n)]
    b = [0.0] * n
    for x, y in zip(xs, ys):
        nz = [(i, v) for i, v in enumerate(x) if v]
        for i, vi in nz:
            b[i] += vi * y
            for j, vj in nz:
                a[i][j] += vi * vj
    return _solve(a, b)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting; a singular column gets weight 0."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[piv][col]) < 1e-12:
            continue
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]
