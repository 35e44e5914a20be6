"""Random 2-player Carcassonne, base tiles, farmers on: meeple against the public engine.

    python benchmarks/bench_public_engine.py --games-public 5 --games-ours 200 --seed 0

The public engine is wingedsheep's "carcassonne" (package wingedsheep-carcassonne, MIT,
https://github.com/wingedsheep/carcassonne). It is not on PyPI: clone it and
``pip install . "numpy<2"`` in the environment that runs this script (under numpy 2 its
scoring raises TypeError); without it only our side runs.

Both sides play in this process, one after the other, by the same protocol: each game
starts from its own seed (``seed + i``), every move is uniform over the legal moves, and a
game's CPU time (``time.process_time``) and wall time (``time.perf_counter``) include
setting it up. Public engine: ``CarcassonneGameState(players=2, tile_sets=[TileSet.BASE],
supplementary_rules=[SupplementaryRule.FARMERS])`` (its default adds The River, Inns &
Cathedrals and abbots), played with ``ActionUtil.get_possible_actions`` and
``StateUpdater.apply_action``, which is all ``CarcassonneGame.get_possible_actions`` and
``step`` do; ``CarcassonneGame`` itself is not used because its constructor opens a Tk
window. It prints a line per scored feature; that goes to a null stream, inside the timing.
Ours: ``meeple.load("carcassonne", 2)``, the 72-tile base game with farmers,
played by ``meeple.sim.bench.random_game``.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from importlib import metadata

import meeple
from meeple.sim.bench import random_game

PUBLIC = "wingedsheep-carcassonne"


def measure(play: Callable[[int], int], games: int, seed: int) -> dict:
    """Play ``games`` games of ``play(seed)`` (which returns the actions it applied)."""
    cpu, wall, actions = [], [], []
    for i in range(games):
        c, w = time.process_time(), time.perf_counter()
        actions.append(play(seed + i))
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return {"games": games,
            "cpu_s_median": statistics.median(cpu), "cpu_s_mean": statistics.fmean(cpu),
            "wall_s_median": statistics.median(wall), "wall_s_mean": statistics.fmean(wall),
            "actions_mean": statistics.fmean(actions)}


def public_player() -> Callable[[int], int] | None:
    """A function playing one random game on the public engine, or None if not installed."""
    try:
        from wingedsheep.carcassonne.carcassonne_game_state import CarcassonneGameState
        from wingedsheep.carcassonne.tile_sets.supplementary_rules import (
            SupplementaryRule,
        )
        from wingedsheep.carcassonne.tile_sets.tile_sets import TileSet
        from wingedsheep.carcassonne.utils.action_util import ActionUtil
        from wingedsheep.carcassonne.utils.state_updater import StateUpdater
    except ImportError:
        return None

    def play(seed: int) -> int:
        random.seed(seed)                   # the engine shuffles its deck with `random`
        rng = random.Random(seed)
        state = CarcassonneGameState(players=2, tile_sets=[TileSet.BASE],
                                     supplementary_rules=[SupplementaryRule.FARMERS])
        n = 0
        with open(os.devnull, "w") as null, contextlib.redirect_stdout(null):
            while not state.is_terminated():
                action = rng.choice(ActionUtil.get_possible_actions(state))
                state = StateUpdater.apply_action(game_state=state, action=action)
                n += 1
        return n
    return play


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games-public", type=int, default=5, metavar="N")
    ap.add_argument("--games-ours", type=int, default=200, metavar="N")
    ap.add_argument("--seed", type=int, default=0, metavar="S")
    args = ap.parse_args()
    python = f"{platform.python_implementation()} {platform.python_version()}"

    play_public = public_player()
    public = None
    if play_public is None:
        print(f"{PUBLIC} is not installed; only our side is measured. It is not on PyPI: "
              "git clone https://github.com/wingedsheep/carcassonne, then "
              "pip install . 'numpy<2' (in this environment).", file=sys.stderr)
    else:
        public = {"side": "public", "engine": PUBLIC, "version": metadata.version(PUBLIC),
                  "tile_set": "BASE (72 tiles, start tile drawn at random, 35x35 board)",
                  "rules": ["FARMERS"], "players": 2, "actions_include_draws": False, "python": python,
                  **measure(play_public, args.games_public, args.seed)}
        print(json.dumps(public))

    game = meeple.load("carcassonne", 2)
    ours = {"side": "ours", "engine": "meeple", "version": meeple.__version__,
            "tile_set": "base (fixed start tile + 71 drawn, unbounded board)",
            "rules": ["farmers"], "players": 2, "actions_include_draws": True, "python": python,
            **measure(lambda s: random_game(game, s), args.games_ours, args.seed)}
    print(json.dumps(ours))

    for side in (public, ours):
        if side:
            print(f"{side['engine']} {side['version']}: {side['games']} games, CPU "
                  f"median {side['cpu_s_median'] * 1000:.2f} ms / mean "
                  f"{side['cpu_s_mean'] * 1000:.2f} ms per game; wall median "
                  f"{side['wall_s_median'] * 1000:.2f} ms / mean "
                  f"{side['wall_s_mean'] * 1000:.2f} ms; {side['actions_mean']:.0f} actions/game")
    if public:
        r = {k: public[k] / ours[k] for k in ("cpu_s_median", "cpu_s_mean", "wall_s_median")}
        print(f"ratio public/ours: CPU median {r['cpu_s_median']:,.0f}x, CPU mean "
              f"{r['cpu_s_mean']:,.0f}x, wall median {r['wall_s_median']:,.0f}x ({python}; "
              "2 players, base tiles, farmers on, uniform random legal moves)")
    return 0 if public else 1


if __name__ == "__main__":
    sys.exit(main())
