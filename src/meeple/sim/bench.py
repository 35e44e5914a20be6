"""Speed measurements: random-play games per second (``meeple bench``, ``benchmarks/``)."""
from __future__ import annotations

import random
import statistics
import time

from ..core.state import CHANCE
from ..games import GAMES, load


def random_game(game, seed: int) -> int:
    """Play one game with uniformly random moves; the number of actions applied."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            action = state.sample_chance()
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        n += 1
    return n


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
