"""Memory over a long run: many random games in one process, its resident size as it goes.

    python benchmarks/bench_memory.py [GAME ...] [--games 10000]
    python benchmarks/bench_memory.py GAME ... --after 500 --games 174

A long-running server or a million-game simulation must run in bounded memory, so every
module-level cache of the engine is bounded (:class:`meeple.core.memo.Memo`). This plays
``--games`` seeded random games (:func:`meeple.sim.bench.random_game`, seeds 0, 1, ...) of
each game, every game in a fresh process of its own, and prints one JSON line after a tenth
of them and one at the end: the resident set size now (``/proc/self/statm``, after a
``gc.collect()``), the peak so far (``ru_maxrss``, which the kernel updates lazily, so at
least the size now), both in KiB (Linux), and the entries of every module-level cache the
audit found that is loaded and not empty, with its limit where it has one. In bounded
memory the two lines show about the same sizes.

With ``--after W`` it measures what a long run costs in time instead: the instructions per
game (valgrind's callgrind, repeatable whatever else the machine runs) of ``--games`` random
games played after ``W`` others in the same process, when the caches are warm or full.
``PYTHONPATH=OTHER/src`` measures another checkout.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

GAMES = ("carcassonne", "hunters-gatherers", "catan-dice", "jaeger-sammler")
CACHES = {
    "meeple.games._tilegame.state": ("_PLACE_ROWS",),
    "meeple.games._tilegame.notation": ("_DRAW", "_PLACE", "_PAIR"),
    "meeple.games._tilegame.outlook": ("_CLOSERS", "_FILLS"),
    "meeple.games._tilegame.picture": ("_CELLS",),
    "meeple.games.hunters_gatherers.tileset": ("_LOADED", "_load"),
    "meeple.games.jaeger_sammler.board": ("_load_file",),
    "meeple.games.catan_dice.rules": ("_ROLL_OUTCOMES",),
    "meeple.games.catan_dice.island": ("frontier",),
    "meeple.games.catan_dice.policy": ("worth", "_plan"),
    "meeple.games.catan_dice.planner": ("sheet_value", "plans", "ranked_plans", "turn_table"),
}
"""The module-level caches and memos of the engine (the audit of issue 13), by module."""


def rss_kib() -> int:
    """The resident set size of this process now, in KiB."""
    with open("/proc/self/statm", encoding="ascii") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") // 1024


def cache_sizes() -> dict[str, int | str]:
    """Entries in each non-empty cache of :data:`CACHES` whose module is loaded (an
    ``lru_cache`` by its ``cache_info``), as ``"n/limit"`` where it has a limit, named
    ``module.name`` without the ``meeple.games.`` prefix."""
    sizes: dict[str, int | str] = {}
    for module_name, names in CACHES.items():
        module = sys.modules.get(module_name)
        for name in names:
            cache = getattr(module, name, None)
            if cache is None:
                continue
            info = cache.cache_info() if hasattr(cache, "cache_info") else None
            size, limit = (info.currsize, info.maxsize) if info else (
                len(cache), getattr(cache, "limit", None))
            if size:
                key = f"{module_name.removeprefix('meeple.games.')}.{name}"
                sizes[key] = f"{size}/{limit}" if limit else size
    return sizes


def measure(name: str, games: int) -> None:
    """Play ``games`` random games of ``name`` here, printing the figures at the marks."""
    import meeple
    from meeple.sim.bench import random_game
    game = meeple.load(name)
    marks, start = {max(1, games // 10), games}, time.perf_counter()
    for seed in range(games):
        random_game(game, seed)
        if (seed + 1) % 100 == 0:
            print(f"\r{name}: {seed + 1}/{games} games", end="", file=sys.stderr, flush=True)
        if seed + 1 in marks:
            gc.collect()
            now = rss_kib()
            peak = max(now, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
            row = {"game": name, "games": seed + 1, "rss_kib": now, "peak_rss_kib": peak,
                   "seconds": round(time.perf_counter() - start, 1), "caches": cache_sizes()}
            print(file=sys.stderr)
            print(json.dumps(row), flush=True)


def play_after(name: str, warm: int, games: int) -> None:
    """Play ``warm`` random games, then ``games`` more (seeds ``warm`` on), waiting for a
    line on stdin before and after those (while callgrind is switched on and off)."""
    import meeple
    from meeple.sim.bench import random_game
    game = meeple.load(name)
    for seed in range(warm):
        random_game(game, seed)
    _ready()
    for seed in range(warm, warm + games):
        random_game(game, seed)
    _ready()


def _ready() -> None:
    print("ready", flush=True)
    sys.stdin.readline()


def instructions_after(name: str, warm: int, games: int) -> dict:
    """The instructions per game of ``games`` random games played after ``warm`` others in
    one process: callgrind starts with instrumentation off and ``callgrind_control``
    switches it on for those games only (the warm-up runs at valgrind's plain speed)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        command = ["valgrind", "--tool=callgrind", "--instr-atstart=no",
                   f"--callgrind-out-file={out}", sys.executable, __file__, "--one", name,
                   "--after", str(warm), "--games", str(games)]
        with subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True) as child:
            for switch in ("on", "off"):
                child.stdout.readline()
                subprocess.run(["callgrind_control", "-i", switch, str(child.pid)],
                               check=True, capture_output=True)
                child.stdin.write("\n")
                child.stdin.flush()
        with open(out, encoding="utf-8") as f:
            total = max(int(line.split()[1]) for line in f
                        if line.startswith(("summary:", "totals:")))
    return {"game": name, "after": warm, "games": games,
            "instructions_per_game": total // games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES), metavar="GAME")
    parser.add_argument("--games", dest="count", type=int, default=10_000,
                        help="random games per game (default 10000)")
    parser.add_argument("--after", type=int, metavar="W",
                        help="instead: instructions per game of --games games played after "
                             "W others in the same process (needs valgrind)")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        if args.after is None:
            measure(args.one, args.count)
        else:
            play_after(args.one, args.after, args.count)
        return
    for name in args.games:
        if args.after is None:
            subprocess.run([sys.executable, __file__, "--one", name, "--games",
                            str(args.count)], check=True)
        else:
            print(json.dumps(instructions_after(name, args.after, args.count)), flush=True)


if __name__ == "__main__":
    main()
