"""Position values compared without search: the greedy one-turn player on the game's search
value (``value.values``, MCTS's leaf evaluation) against the same player on the greedy
heuristic (``policy.values``), seats alternated.

A value that wins here is a better leaf evaluation for MCTS too; games are fast (well under
a second each), so a value's constants can be tried on hundreds of games in minutes.

    python benchmarks/bench_values.py carcassonne --games 200
    python benchmarks/bench_values.py hunters-gatherers --games 200 --set RETURN=0.5
"""
from __future__ import annotations

import argparse
import importlib
import random
import time

from rich.progress import Progress

import meeple
from meeple.games._tilegame import policy as shared
from meeple.sim.stats import wilson_interval

TILE_GAMES = ("carcassonne", "hunters-gatherers")


def play(game: meeple.Game, seed: int, seats: list) -> list[int]:
    """One game with each seat's greedy player on its own values; the final scores."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_player
        if seat < 0:
            state.apply_unchecked(state.sample_chance())
        else:
            state.apply_unchecked(shared.greedy_action(seats[seat], state, rng))
    return state.scores()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=TILE_GAMES)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=NUMBER",
                        help="override a constant of the search value module")
    args = parser.parse_args()
    package = f"meeple.games.{args.game.replace('-', '_')}"
    value = importlib.import_module(f"{package}.value")
    for item in args.set:
        name, _, number = item.partition("=")
        setattr(value, name, float(number))
    game = meeple.load(args.game, 2)
    wins = margin = 0.0
    start = time.perf_counter()
    with Progress() as progress:
        task = progress.add_task("games", total=args.games)
        for g in range(args.games):
            mine = g % 2                                   # the search value's seat
            seats = [game.policy.greedy_values] * 2
            seats[mine] = game.policy.search_values
            scores = play(game, args.seed + g, seats)
            diff = scores[mine] - scores[1 - mine]
            wins += 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0
            margin += diff
            progress.advance(task)
    low, high = wilson_interval(wins, args.games)
    print(f"{args.game}: greedy on value.values vs greedy on policy.values "
          f"{' '.join(args.set)}: {wins:g}/{args.games} = {wins / args.games:.1%} "
          f"({low:.1%} … {high:.1%}), mean margin {margin / args.games:+.1f}, "
          f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
