"""Speed measurements: random-play games per second (``meeple bench``, ``benchmarks/``)."""
from __future__ import annotations

import random
import statistics
import time

from ..core.game import Game
from ..games import GAMES, load
from ..play.playout import random_steps


def random_game(game: Game, seed: int) -> int:
    """Play one game from ``seed`` with uniformly random moves (chance from the state's own
    RNG); the number of actions applied."""
    return sum(1 for _ in random_steps(game.new_state(seed), random.Random(seed)))


def bench_random_play(name: str, players: int | None = None, seconds: float = 3.0) -> dict:
    """Random games of ``name`` for about ``seconds``: games/s, median ms, actions/s."""
    game = load(name, players)
    times, actions, seed = [], 0, 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or seed < 3:
        t = time.perf_counter()
        actions += random_game(game, seed)
        times.append(time.perf_counter() - t)
        seed += 1
    total = sum(times)
    return {"game": name, "players": game.players, "games": len(times),
            "games_per_second": round(len(times) / total, 1),
            "median_ms": round(statistics.median(times) * 1000, 3),
            "actions_per_second": round(actions / total)}


def bench_all(names: list[str] | None = None, seconds: float = 3.0) -> list[dict]:
    return [bench_random_play(n, seconds=seconds) for n in (names or list(GAMES))]
