"""MCTS speed on every registered game: iterations per second at the start and in the middle
of a game, for each rollout policy; optionally seconds per self-play game.

    python benchmarks/bench_mcts.py                      # all games, 2 s per measurement
    python benchmarks/bench_mcts.py carcassonne --seconds 5 --json
    python benchmarks/bench_mcts.py carcassonne --selfplay mcts:iters=1500,dets=3 --games 3
    python benchmarks/bench_mcts.py carcassonne --search mcts:iters=3000,dets=3 --repeat 5

``--search`` times a fixed number of iterations on the half-way position and reports the
best and the median of ``--repeat`` runs: steadier than a time budget on a machine whose
speed varies.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from itertools import chain

from meeple.agents import make_agent
from meeple.core.state import State
from meeple.games import GAMES, load
from meeple.play.playout import random_steps
from meeple.play.runner import make_agents, play_game

ROLLOUTS = ("random", "greedy", "cutoff")


def positions(name: str, players: int | None, seed: int = 1) -> dict[str, State]:
    """The first real choice (two moves or more) of a random game, and the one half-way."""
    state, rng = load(name, players).new_state(seed), random.Random(seed)
    decisions = [state.clone() for _ in chain([None], random_steps(state, rng, rng))
                 if state.current_player >= 0]
    choices = [d for d in decisions if len(d.legal_actions()) > 1] or decisions
    return {"start": choices[0], "middle": choices[len(choices) // 2]}


def iterations_per_second(state: State, rollout: str, seconds: float) -> dict:
    agent = make_agent(f"mcts:time={seconds},rollout={rollout}", state.game, seed=0)
    start = time.perf_counter()
    agent.search(state)
    elapsed = time.perf_counter() - start
    return {"rollout": rollout, "iterations": agent.iterations,
            "iterations_per_second": round(agent.iterations / elapsed, 1)}


def bench(names: list[str], seconds: float) -> list[dict]:
    rows = []
    for name in names:
        for where, state in positions(name, None).items():
            for rollout in ROLLOUTS:
                row = {"game": name, "players": state.game.players, "position": where,
                       "turn": state.turn, "legal_actions": len(state.legal_actions())}
                try:
                    row.update(iterations_per_second(state, rollout, seconds))
                except Exception as e:  # a game under construction must not stop the table
                    row.update({"rollout": rollout, "iterations": None,
                                "iterations_per_second": f"error: {type(e).__name__}: {e}"})
                rows.append(row)
                print(json.dumps(row), file=sys.stderr)
    return rows


def selfplay(name: str, spec: str, games: int, players: int | None) -> dict:
    """Seconds per game with ``spec`` in every seat."""
    game = load(name, players)
    times = []
    for seed in range(games):
        start = time.perf_counter()
        play_game(game, make_agents(game, [spec] * game.players, seed), seed)
        times.append(time.perf_counter() - start)
    return {"game": name, "players": game.players, "agent": spec, "games": games,
            "seconds_per_game": round(sum(times) / games, 2)}


def search_speed(name: str, spec: str, repeat: int, players: int | None) -> dict:
    """Iterations per second of ``spec``'s search on the half-way position, best and
    median of ``repeat`` runs."""
    state = positions(name, players)["middle"]
    rates = []
    for _ in range(repeat):
        agent = make_agent(spec, state.game, seed=0)
        start = time.perf_counter()
        agent.search(state)
        rates.append(agent.iterations / (time.perf_counter() - start))
    rates.sort()
    return {"game": name, "players": state.game.players, "agent": spec, "runs": repeat,
            "best_iterations_per_second": round(rates[-1]),
            "median_iterations_per_second": round(rates[len(rates) // 2])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", choices=[[], *GAMES], default=[],
                        help="games to measure (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=2.0, help="search time per row")
    parser.add_argument("--selfplay", metavar="SPEC",
                        help="instead: seconds per game with this agent in every seat")
    parser.add_argument("--games", dest="count", type=int, default=3,
                        help="self-play games per game (with --selfplay)")
    parser.add_argument("--search", metavar="SPEC",
                        help="instead: iterations per second of this agent's search on the "
                             "half-way position")
    parser.add_argument("--repeat", type=int, default=5, help="runs per game (with --search)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    names = args.games or list(GAMES)
    if args.selfplay:
        rows = [selfplay(n, args.selfplay, args.count, args.players) for n in names]
    elif args.search:
        rows = [search_speed(n, args.search, args.repeat, args.players) for n in names]
    else:
        rows = bench(names, args.seconds)
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    keys = list(rows[0])
    print("| " + " | ".join(keys) + " |")
    print("|" + "---|" * len(keys))
    for r in rows:
        print("| " + " | ".join(str(r[k]) for k in keys) + " |")


if __name__ == "__main__":
    main()
