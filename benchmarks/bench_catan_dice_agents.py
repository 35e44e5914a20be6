"""Catan Dice Game alone: mean score of random, greedy and the planner over the same seeds.

    python benchmarks/bench_catan_dice_agents.py --games 1000 --workers 2
    python benchmarks/bench_catan_dice_agents.py --games 100 --extra mcts:iters=2000,rollout=cutoff
    python benchmarks/bench_catan_dice_agents.py --fit 400 --rounds 8 --games 0   # refit V

``--fit`` re-learns the planner's sheet value by simulation (policy iteration, see
``benchmarks/planner_fit.py``) and writes ``planner_weights.json`` before measuring.
"""
from __future__ import annotations

import argparse
import json
import time

from meeple.agents import parse_spec_list
from meeple.games.catan_dice import planner
from meeple.sim.tournament import tournament

import planner_fit

AGENTS = ["random", "greedy", "planner"]


def refit(games: int, rounds: int, seed: int) -> None:
    start = time.perf_counter()
    mean, weights = planner_fit.fit_weights(
        games=games, rounds=rounds, seed=seed,
        report=lambda r, m: print(f"round {r}: the policy played scored {m:.2f}", flush=True))
    rows = [[round(x, 4) for x in row] for row in weights]
    planner.WEIGHTS_FILE.write_text(json.dumps({"weights": rows}) + "\n", encoding="utf-8")
    print(f"fitted on {games} games x {rounds} rounds in {time.perf_counter() - start:.0f} s; "
          f"kept the policy that scored {mean:.2f}; wrote {planner.WEIGHTS_FILE}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="solo games per agent")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--extra", type=parse_spec_list, default=[], help="more agent specs")
    parser.add_argument("--fit", type=int, metavar="GAMES", help="refit the planner first")
    parser.add_argument("--rounds", type=int, default=3, help="fitting rounds (with --fit)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.fit:
        refit(args.fit, args.rounds, args.seed)
    if args.games <= 0:
        return
    result = tournament("catan-dice", AGENTS + args.extra, args.games, players=1,
                        seed=args.seed, workers=args.workers)
    if args.json:
        print(json.dumps({k: v for k, v in result.items() if k != "agents"} |
                         {"agents": [{k: v for k, v in r.items() if k != "scores"}
                                     for r in result["agents"]]}))
        return
    print(f"catan-dice alone, {args.games} games per agent (same seeds), "
          f"{result['seconds']:.0f} s with {args.workers} worker(s)")
    print("| agent | mean | 95% CI | stdev | min | max |")
    print("|---|---|---|---|---|---|")
    for r in result["agents"]:
        print(f"| {r['agent']} | {r['mean']:.2f} | {r['mean_low']:.2f}–{r['mean_high']:.2f} "
              f"| {r['stdev']:.2f} | {min(r['scores'])} | {max(r['scores'])} |")


if __name__ == "__main__":
    main()
