"""Round-robin tournaments between agents: win rates, mean scores and Elo ratings.

The schedule: in a one-player game every agent plays the same ``games`` seeds alone; with
``P`` players every combination of ``P`` agents plays ``games`` games, the seats rotating
from game to game, and the ``P`` rotations of a deal share its seed (so each agent meets the
same tiles or dice from every seat). Games are batched by seating and played in processes.

Pairwise results feed the ratings: two agents in the same game, or in one-player games two
agents on the same seed, compare their scores (a tie is half a win each). Elo is fitted to
them with the Bradley–Terry model (minorisation–maximisation), with one virtual draw per
pair so that an agent that never loses still gets a finite rating.
"""
from __future__ import annotations

import itertools
import math
import time
from collections import defaultdict
from collections.abc import Callable, Sequence

from ..agents import make_agent
from ..core.outcome import win_shares
from ..games import load
from .backends import require_ray, run_jobs
from .simulate import _batches, _play_batch
from .stats import mean_stdev, wilson_interval

ELO_BASE = 1500.0
Seating = tuple[int, ...]
"""The agents (indices into the tournament's list) in seat order."""


def schedule(agents: int, players: int, games: int) -> dict[Seating, list[int]]:
    """The deals (seed indices) each seating plays."""
    plan: dict[Seating, list[int]] = defaultdict(list)
    if players == 1:
        for a in range(agents):
            plan[(a,)] = list(range(games))
        return dict(plan)
    for combo in itertools.combinations(range(agents), players):
        for g in range(games):
            r = g % players
            plan[combo[r:] + combo[:r]].append(g // players)
    return dict(plan)


def tournament(name: str, agents: Sequence[str], games: int, players: int | None = None,
               seed: int = 1, workers: int = 1, config: dict | None = None,
               progress: Callable[[int], None] | None = None, backend: str = "local",
               address: str | None = None) -> dict:
    """Play the round robin of ``agents`` in game ``name``; the summary (see ``summarize``).
    ``backend`` ``"ray"`` plays the batches as Ray tasks (at ``address``)."""
    config = dict(config or {})
    game = load(name, players, config)
    players = game.players
    agents = list(agents)
    _validate(agents, players, games, workers, game)
    if backend == "ray":
        require_ray()
    plan = schedule(len(agents), players, games)
    tasks = [(seating, deals) for seating, all_deals in plan.items()
             for deals in _batches_of(all_deals, workers)]
    start = time.perf_counter()
    results: list[tuple[Seating, int, list[int]]] = []

    jobs = [(name, config, [agents[a] for a in seating], seed, deals)
            for seating, deals in tasks]
    for i, part in run_jobs(_play_batch, jobs, workers, backend, address):
        seating, deals = tasks[i]
        results.extend((seating, d, s) for d, (s, _) in zip(deals, part))
        if progress:
            progress(len(part))
    results.sort()
    return summarize(name, agents, players, games, seed, results,
                     time.perf_counter() - start)


def _validate(agents: list[str], players: int, games: int, workers: int, game) -> None:
    if not agents:
        raise ValueError("name at least one agent")
    if len(set(agents)) != len(agents):
        raise ValueError("each agent may be listed once (give options to tell them apart)")
    if players > 1 and len(agents) < players:
        raise ValueError(f"a {players}-player tournament needs at least {players} agents")
    if games < 1:
        raise ValueError("--games must be at least 1")
    if workers < 1:
        raise ValueError("--workers must be at least 1")
    for spec in agents:
        make_agent(spec, game, 0)  # fail early on an unknown agent or option


def _batches_of(deals: list[int], workers: int) -> list[list[int]]:
    size = max(1, min(25, len(deals) // (workers * 4) or 1))
    return [[deals[i] for i in r] for r in _batches(len(deals), size)]


def summarize(name: str, agents: Sequence[str], players: int, games: int, seed: int,
              results: list[tuple[Seating, int, list[int]]], elapsed: float) -> dict:
    """Per-agent win rates (Wilson 95%), mean scores, Elo, and the pairwise table."""
    scores: dict[int, list[int]] = defaultdict(list)
    wins: dict[int, float] = defaultdict(float)
    for seating, score in _games(results, players):
        shares = win_shares(score)
        for seat, a in enumerate(seating):
            scores[a].append(score[seat])
            wins[a] += shares[seat]
    pair_wins, pair_games, pair_points = _pairwise(results, players)
    elo = elo_ratings(len(agents), pair_wins, pair_games)
    rows = []
    for a, spec in enumerate(agents):
        n = len(scores[a])
        mean, stdev = mean_stdev(scores[a])
        low, high = wilson_interval(wins[a], n)
        half = 1.96 * stdev / math.sqrt(n) if n else 0.0
        rows.append({"agent": spec, "games": n, "wins": round(wins[a], 2),
                     "win_rate": round(wins[a] / n, 4) if n else 0.0,
                     "win_low": round(low, 4), "win_high": round(high, 4),
                     "mean": round(mean, 3), "stdev": round(stdev, 3),
                     "mean_low": round(mean - half, 3), "mean_high": round(mean + half, 3),
                     "elo": round(elo[a], 1), "scores": scores[a]})
    pairwise = [_pair_row(agents, a, b, pair_wins[a, b], pair_games[a, b], pair_points)
                for a, b in sorted(pair_games) if a != b]
    total = len(results)
    return {"game": name, "players": players, "games": total, "games_per_matchup": games,
            "seed": seed, "seconds": round(elapsed, 3),
            "games_per_second": round(total / elapsed, 3) if elapsed > 0 else None,
            "agents": rows, "pairwise": pairwise}


def _games(results, players: int):
    """(seating, scores) per game; in a one-player tournament, one game per seed with every
    agent in it, so that "wins" means scoring best on that seed."""
    if players > 1:
        return [(seating, score) for seating, _deal, score in results]
    by_deal: dict[int, dict[int, int]] = defaultdict(dict)
    for (a,), deal, (score,) in results:
        by_deal[deal][a] = score
    return [(tuple(row), [row[a] for a in row]) for _d, row in sorted(by_deal.items())]


def _pairwise(results, players: int):
    """Pairwise wins (ties half), games, and score sums, keyed by (agent, opponent): in
    the games where both sat, how often ``agent`` scored more, and its points there."""
    pair_wins: dict[tuple[int, int], float] = defaultdict(float)
    pair_games: dict[tuple[int, int], int] = defaultdict(int)
    pair_points: dict[tuple[int, int], float] = defaultdict(float)
    for seating, score in _games(results, players):
        for (i, a), (j, b) in itertools.permutations(enumerate(seating), 2):
            pair_games[a, b] += 1
            pair_points[a, b] += score[i]
            pair_wins[a, b] += 1.0 if score[i] > score[j] else 0.5 if score[i] == score[j] else 0
    return dict(pair_wins), dict(pair_games), dict(pair_points)


def _pair_row(agents: Sequence[str], a: int, b: int, wins: float, games: int,
              points: dict[tuple[int, int], float]) -> dict:
    """One matchup: ``a``'s wins over ``b`` with the Wilson 95% interval, and both sides'
    mean scores in the games they shared."""
    low, high = wilson_interval(wins, games)
    return {"agent": agents[a], "opponent": agents[b], "games": games,
            "wins": round(wins, 2), "win_rate": round(wins / games, 4),
            "win_low": round(low, 4), "win_high": round(high, 4),
            "mean": round(points[a, b] / games, 3),
            "opponent_mean": round(points[b, a] / games, 3)}


def elo_ratings(n: int, pair_wins: dict[tuple[int, int], float],
                pair_games: dict[tuple[int, int], int], rounds: int = 2000) -> list[float]:
    """Bradley–Terry strengths by minorisation–maximisation, as Elo (mean 1500).

    Each pair that met gets one virtual draw, which keeps ratings finite."""
    games = {k: v + 1 for k, v in pair_games.items() if k[0] != k[1]}
    won = [0.5 * sum(1 for (a, _b) in games if a == i) for i in range(n)]
    for (a, _b), w in pair_wins.items():
        won[a] += w
    gamma = [1.0] * n
    for _ in range(rounds):
        new = []
        for i in range(n):
            denom = sum(g / (gamma[i] + gamma[b]) for (a, b), g in games.items() if a == i)
            new.append(won[i] / denom if denom else gamma[i])
        centre = math.exp(sum(math.log(g) for g in new) / n)
        new = [g / centre for g in new]
        done = max(abs(x - y) for x, y in zip(new, gamma)) < 1e-10
        gamma = new
        if done:
            break
    return [ELO_BASE + 400 * math.log10(g) for g in gamma]
