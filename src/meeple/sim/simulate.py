"""Many games between agents, optionally in parallel processes, with a summary.

Game ``i`` of a run with base seed ``s`` uses seed ``s * 1_000_003 + i``, so a run is
reproducible and its games are independent of the number of workers.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from ..core.outcome import win_shares
from ..core.record import Record
from ..games import load
from .backends import require_ray, run_jobs
from .output import writable_dir
from ..play.runner import make_agents, play_game
from .stats import mean_stdev


def game_seed(base: int, index: int) -> int:
    return base * 1_000_003 + index


def _play_batch(name: str, config: dict, specs: Sequence[str], base_seed: int,
                indices: Sequence[int], records: bool = False
                ) -> list[tuple[list[int], dict | None]]:
    """Games ``indices`` of a run: each one's scores and, with ``records``, its record
    (returned, not written: the worker may be on another machine)."""
    game = load(name, len(specs), config)
    results = []
    for i in indices:
        seed = game_seed(base_seed, i)
        result = play_game(game, make_agents(game, specs, seed), seed)
        results.append((result.scores, result.record.to_json() if records else None))
    return results


def _batches(games: int, size: int) -> list[range]:
    return [range(i, min(i + size, games)) for i in range(0, games, size)]


def simulate(name: str, specs: Sequence[str], games: int, seed: int = 1, workers: int = 1,
             config: dict | None = None, records_dir: str | None = None,
             progress: Callable[[int], None] | None = None, backend: str = "local",
             address: str | None = None) -> dict:
    """Play ``games`` games of ``name`` with one agent spec per seat; the JSON summary.
    ``backend`` ``"ray"`` runs the batches as Ray tasks (at ``address``), with the same
    games as the local processes.

    Everything that can be refused is refused (ValueError) before the first game: the
    game, its options, the agents, the counts, and the records folder, which is created
    if missing but only inside an existing folder."""
    config = dict(config or {})
    load(name, len(specs), config)  # fail early on a bad game, player count or option
    for spec in specs:
        make_agents(load(name, len(specs), config), [spec] * len(specs), 0)
    if games < 1:
        raise ValueError("--games must be at least 1")
    if workers < 1:
        raise ValueError("--workers must be at least 1")
    if backend == "ray":
        require_ray()
    if records_dir:
        writable_dir(records_dir, "records folder")
    start = time.perf_counter()
    batch = max(1, min(25, games // (workers * 8) or 1))
    jobs = [(name, config, list(specs), seed, rng, bool(records_dir))
            for rng in _batches(games, batch)]
    parts: dict[int, list] = {}
    for i, part in run_jobs(_play_batch, jobs, workers, backend, address):
        parts[i] = part
        if records_dir:
            for index, (_, record) in zip(jobs[i][4], part):
                Record.from_json(record).save(Path(records_dir) / record_name(name, index,
                                                                              games))
        if progress:
            progress(len(part))
    scores = [s for i in range(len(jobs)) for s, _ in parts[i]]
    elapsed = time.perf_counter() - start
    return summarize(name, specs, scores, seed, elapsed)


def record_name(name: str, index: int, games: int) -> str:
    """The file of game ``index`` of ``games``: its index zero-padded to the width of the
    last one (``catan-dice-007.json`` of 200), so that the files sort in playing order."""
    return f"{name}-{index:0{len(str(games - 1))}d}.json"


def summarize(name: str, specs: Sequence[str], scores: list[list[int]], seed: int,
              elapsed: float) -> dict:
    shares = [win_shares(s) for s in scores]
    seats = []
    for seat, spec in enumerate(specs):
        mean, stdev = mean_stdev([s[seat] for s in scores])
        wins = sum(w[seat] for w in shares)
        alone = len(specs) == 1          # alone there is no one to beat: no wins at all
        seats.append({"seat": seat, "agent": spec, "mean": round(mean, 3),
                      "stdev": round(stdev, 3),
                      "wins": None if alone else round(wins, 2),
                      "win_rate": None if alone or not scores
                      else round(wins / len(scores), 4),
                      "min": min(s[seat] for s in scores) if scores else None,
                      "max": max(s[seat] for s in scores) if scores else None})
    return {"game": name, "games": len(scores), "players": len(specs), "seed": seed,
            "games_per_second": round(len(scores) / elapsed, 2) if elapsed > 0 else None,
            "seconds": round(elapsed, 3), "seats": seats}
