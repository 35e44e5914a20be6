"""Random-play games per second of every registered game, in one process.

    python benchmarks/bench_random_play.py [GAME ...] [--seconds 10]

Results go in benchmarks/README.md with the command and the machine.
"""
from __future__ import annotations

import argparse
import json

from meeple.games import GAMES
from meeple.sim.bench import bench_random_play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    for name in args.games:
        print(json.dumps(bench_random_play(name, seconds=args.seconds)))


if __name__ == "__main__":
    main()
