"""Jäger und Sammler speed: random games per second (2–4 players), and greedy moves per second.

    python benchmarks/bench_jaeger_sammler.py [--seconds 10] [--players 2 3 4]

One process; one JSON line per measurement. Results go in benchmarks/README.md with the
command and the machine.
"""
from __future__ import annotations

import argparse
import json
import time

import meeple
from meeple.sim.bench import bench_random_play
from meeple.play.runner import make_agents, play_game


def bench_greedy(players: int, seconds: float) -> dict:
    """Whole games with greedy in every seat: games/s and greedy decisions per second."""
    game = meeple.load("jaeger-sammler", players)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 2:
        result = play_game(game, make_agents(game, ["greedy"] * players, games), games)
        moves += result.state.turns
        games += 1
    elapsed = time.perf_counter() - start
    return {"game": "jaeger-sammler", "players": players, "agents": "greedy", "games": games,
            "games_per_second": round(games / elapsed, 2),
            "greedy_moves_per_second": round(moves / elapsed)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--greedy", action="store_true", help="also time greedy-only games")
    args = parser.parse_args()
    for players in args.players:
        print(json.dumps(bench_random_play("jaeger-sammler", players, seconds=args.seconds)))
    if args.greedy:
        for players in args.players:
            print(json.dumps(bench_greedy(players, args.seconds)))


if __name__ == "__main__":
    main()
