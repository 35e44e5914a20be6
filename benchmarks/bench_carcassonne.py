"""Carcassonne speed: random 2-player games per second, and the costs search cares about.

    python benchmarks/bench_carcassonne.py [--games 500] [--json] [--profile]

Reports full random games (median and p90 milliseconds per game, games per second, in one
process), ``legal_actions()`` for a freshly drawn tile on a 60-tile board, ``clone()`` on
that board, and one greedy decision there. ``--profile`` prints the cProfile top functions
of 100 random games instead (profile before optimising).
"""
from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import statistics
import time

import meeple
from meeple.core.state import CHANCE


def random_game(game, seed: int) -> int:
    """One full game with uniformly random moves (draws from the state's RNG); actions."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(rng.choice(state.legal_actions()))
        n += 1
    return n


def board_with(game, tiles: int, seed: int = 7):
    """A random-play state with ``tiles`` tiles placed, stopped at a chance node."""
    state, rng = game.new_state(seed), random.Random(seed)
    while not (len(state.board.placed) >= tiles and state.current_player == CHANCE):
        state.apply(state.sample_chance() if state.current_player == CHANCE
                    else rng.choice(state.legal_actions()))
    return state


def _per_call_us(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6


def measure(games: int) -> dict:
    game = meeple.load("carcassonne", 2)
    times, actions = [], 0
    for seed in range(games):
        t = time.perf_counter()
        actions += random_game(game, seed)
        times.append(time.perf_counter() - t)
    times.sort()
    base = board_with(game, 60)
    drawn = []
    for i in range(200):                     # a fresh draw each time: nothing cached
        s = base.clone()
        s.apply(s.sample_chance(random.Random(i)))
        if s.current_player != CHANCE:
            drawn.append(s)
    legal_us = statistics.median(_per_call_us(s.legal_actions, 1) for s in drawn)
    rng = random.Random(1)
    return {
        "games": games,
        "median_ms_per_game": round(statistics.median(times) * 1000, 3),
        "p90_ms_per_game": round(times[int(0.9 * len(times))] * 1000, 3),
        "games_per_second": round(games / sum(times), 1),
        "actions_per_second": round(actions / sum(times)),
        "legal_actions_us_60_tiles": round(legal_us, 1),
        "placements_listed_60_tiles": round(statistics.mean(
            len(s.legal_actions()) for s in drawn), 1),
        "clone_us_60_tiles": round(_per_call_us(base.clone, 2000), 1),
        "greedy_decision_ms_60_tiles": round(statistics.median(
            _per_call_us(lambda s=s: game.greedy_action(s, rng), 1) for s in drawn[:30])
            / 1000, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        game = meeple.load("carcassonne", 2)
        profiler = cProfile.Profile()
        profiler.runcall(lambda: [random_game(game, s) for s in range(100)])
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    result = measure(args.games)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>30}: {value}")


if __name__ == "__main__":
    main()
