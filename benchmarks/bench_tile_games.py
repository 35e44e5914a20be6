"""Tile-laying games' speed: random 2-player games per second, and what search pays for.

    python benchmarks/bench_tile_games.py [--game carcassonne|hunters-gatherers]
        [--games 500] [--json] [--profile]

Reports full random games (median and p90 milliseconds per game, games and actions per
second, in one process), and on a 60-tile board ``legal_actions()`` for a
freshly drawn tile, ``clone()`` and one greedy decision. ``--profile`` prints the cProfile
top functions of 100 random games instead (profile before optimising). The game loop is
``meeple bench``'s (:func:`meeple.sim.bench.random_game`).
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
from meeple.sim.bench import random_game
from meeple.play.playout import random_steps

GAMES = ("carcassonne", "hunters-gatherers")


def board_with(game, tiles: int, seed: int = 7):
    """A random-play state with ``tiles`` tiles placed, stopped at a chance node."""
    state = game.new_state(seed)
    steps = random_steps(state, random.Random(seed))
    while not (len(state.board.placed) >= tiles and state.current_player == CHANCE):
        next(steps)
    return state


def _per_call_us(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6


def _games(game, count: int) -> tuple[list[float], int]:
    """Seconds per random game (sorted) and the total of actions."""
    seconds, actions = [], 0
    for seed in range(count):
        start = time.perf_counter()
        actions += random_game(game, seed)
        seconds.append(time.perf_counter() - start)
    return sorted(seconds), actions


def _drawn_states(base, count: int) -> list:
    """Copies of ``base`` each with a fresh tile drawn (nothing cached yet)."""
    out = []
    for i in range(count):
        s = base.clone()
        s.apply(s.sample_chance(random.Random(i)))
        if s.current_player != CHANCE:
            out.append(s)
    return out


def measure(games: int, name: str) -> dict:
    game = meeple.load(name, 2)
    seconds, actions = _games(game, games)
    total = sum(seconds)
    base = board_with(game, 60)
    drawn = _drawn_states(base, 200)
    rng = random.Random(1)
    greedy_us = [_per_call_us(lambda s=s: game.policy.greedy_action(s, rng), 1) for s in drawn[:30]]
    return {
        "games": games,
        "median_ms_per_game": round(statistics.median(seconds) * 1000, 3),
        "p90_ms_per_game": round(seconds[int(0.9 * len(seconds))] * 1000, 3),
        "games_per_second": round(games / total, 1),
        "actions_per_second": round(actions / total),
        "legal_actions_us_60_tiles": round(statistics.median(
            _per_call_us(s.legal_actions, 1) for s in drawn), 1),
        "placements_listed_60_tiles": round(statistics.mean(
            len(s.legal_actions()) for s in drawn), 1),
        "clone_us_60_tiles": round(_per_call_us(base.clone, 2000), 1),
        "greedy_decision_ms_60_tiles": round(statistics.median(greedy_us) / 1000, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--game", default="carcassonne", choices=GAMES)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if not args.profile:
        result = measure(args.games, args.game)
        print(json.dumps(result) if args.json else
              "\n".join(f"{key:>30}: {value}" for key, value in result.items()))
        return
    game = meeple.load(args.game, 2)
    profiler = cProfile.Profile()
    profiler.runcall(lambda: [random_game(game, s) for s in range(100)])
    pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
