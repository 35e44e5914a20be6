"""Instructions (valgrind's callgrind) for random play and MCTS, repeatable to the last
digit whatever else the machine is doing: for comparing two versions of the code.

    python benchmarks/bench_instructions.py [--src DIR] [GAME ...]

For each game it counts, in separate runs under ``valgrind --tool=callgrind``, the
instructions of (a) importing meeple and loading the game, (b) that plus a fixed set of
seeded random games, (c) that plus one fixed-iteration MCTS search of a fixed position; and
prints (b) − (a) and (c) − (a) per game as one JSON line. ``--src`` runs another checkout's
``src`` (e.g. a ``git worktree`` of an older commit) instead of the installed meeple.
Needs valgrind (Debian's package); a run takes about a minute per game.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import subprocess
import sys
import tempfile

GAMES = {"catan-dice": (60, "mcts:iters=600"), "carcassonne": (8, "mcts:iters=300"),
         "hunters-gatherers": (6, "mcts:iters=300"), "jaeger-sammler": (2, "mcts:iters=150")}
"""Random games per measurement, and the MCTS search of the position half-way through a
random game (seed 1)."""


def work(what: str, name: str) -> None:
    """The measured work itself (run inside valgrind)."""
    import meeple
    from meeple.agents import make_agent
    from meeple.core.state import CHANCE
    game = meeple.load(name)
    # What import and load left behind is moved out of the collector's sight, so that the
    # count is of the work alone: otherwise a version that imports a few more modules
    # makes every full collection in the work traverse more objects, and where the work
    # happens to cross a collection threshold differs by version (±1 %, not the code).
    gc.collect()
    gc.freeze()
    games, spec = GAMES[name]
    if what == "random":
        for seed in range(games):
            state, rng = game.new_state(seed), random.Random(seed)
            while not state.is_terminal():
                state.apply(state.sample_chance() if state.current_player == CHANCE
                            else rng.choice(state.legal_actions()))
    elif what == "mcts":
        state, rng, decisions = game.new_state(1), random.Random(1), []
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply_unchecked(state.sample_chance(rng))
                continue
            decisions.append(state.clone())
            state.apply_unchecked(rng.choice(state.legal_actions()))
        choices = [d for d in decisions if len(d.legal_actions()) > 1]
        make_agent(spec, game, seed=0).ranked(choices[len(choices) // 2], 3)


def count(what: str, name: str, src: str | None) -> int:
    """The instructions of one run of ``work(what, name)`` under callgrind."""
    env = dict(os.environ)
    if src:
        env["PYTHONPATH"] = src
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        sys.executable, __file__, "--work", what, name],
                       env=env, check=True, capture_output=True)
        with open(out, encoding="utf-8") as f:
            for line in f:
                if line.startswith(("summary:", "totals:")):
                    return int(line.split()[1])
    raise RuntimeError("callgrind wrote no total")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--src", help="a checkout's src folder to measure instead")
    parser.add_argument("--work", nargs=2, metavar=("WHAT", "GAME"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.work:
        work(*args.work)
        return
    for name in args.games:
        base = count("none", name, args.src)
        row = {"game": name, "import_and_load": base}
        for what in ("random", "mcts"):
            row[what] = count(what, name, args.src) - base
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
