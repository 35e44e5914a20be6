"""Catan bot strength: one agent against copies of another, its seat rotating (issue 28).

    python benchmarks/bench_catan_bots.py --bot mcts:iters=300 --others greedy --games 100

Game ``i`` puts the bot in seat ``i mod players`` (the others in the rest) and uses seed
``seed * 1_000_003 + i``. Prints a line per game and then the bot's win share with its
Wilson 95 % interval (parity is one in the number of players), its mean points and the
others' mean, and the wall time. The tournament command (``meeple tournament``) lists
each agent once per table, so it cannot seat three greedy bots with one MCTS; this does.
"""
from __future__ import annotations

import argparse
import json
import sys
import time

import meeple
from meeple.play.runner import make_agents, play_game
from meeple.sim.simulate import game_seed
from meeple.sim.stats import wilson_interval


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bot", required=True)
    ap.add_argument("--others", default="greedy")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--config", default="{}")
    args = ap.parse_args(argv)
    game = meeple.load("catan", args.players, json.loads(args.config))
    wins, mine, theirs = 0.0, [], []
    start = time.perf_counter()
    for i in range(args.games):
        seat = i % args.players
        specs = [args.others] * args.players
        specs[seat] = args.bot
        seed = game_seed(args.seed, i)
        state = play_game(game, make_agents(game, specs, seed), seed).state
        won = seat in state.winners()
        wins += won / len(state.winners())
        scores = state.scores()
        mine.append(scores[seat])
        theirs += [s for p, s in enumerate(scores) if p != seat]
        print(f"game {i} seat {seat} scores {scores} {'won' if won else 'lost'} "
              f"({wins:g}/{i + 1}, {time.perf_counter() - start:.0f} s)", flush=True)
    low, high = wilson_interval(wins, args.games)
    print(json.dumps({"bot": args.bot, "others": args.others, "players": args.players,
                      "games": args.games, "wins": wins, "win_rate": wins / args.games,
                      "low": round(low, 4), "high": round(high, 4),
                      "mean_points": sum(mine) / len(mine),
                      "others_mean_points": sum(theirs) / len(theirs),
                      "seconds": round(time.perf_counter() - start, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
