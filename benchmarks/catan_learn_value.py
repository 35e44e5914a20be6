"""Fit Catan's learnt win chance (:mod:`meeple.games.catan.learnt`) from self-play (issue 28).

    python benchmarks/catan_learn_value.py --games 3000 --seed 40 --data /tmp/rows3000.jsonl
    python benchmarks/catan_learn_value.py --games 6000 --seed 41 --explore 0.5 \
        --data /tmp/rows6000x.jsonl
    python benchmarks/catan_learn_value.py --fit /tmp/rows3000.jsonl /tmp/rows6000x.jsonl

The first two play 4-player games of four ``greedy`` bots (seeds ``game_seed(seed, i)``;
with ``--explore P`` each set-up settlement is, with chance P, a random one of the 8 best
by their worth) and write, for the position when the set-up ends and the start of every
turn after it, every seat's features and the seat that won (one JSON line per position).
The third fits the two weight vectors of the conditional logit (``start``: the set-up's
end alone; ``game``: every position) by Newton's method on each file's first four fifths of
games, reports on the rest the mean log-loss and how often the likeliest seat won, next to
the hand-made value's logistic margin (the look-ahead bot's old roll-out score) and to
chance, then refits on all games and writes ``learnt_weights.json`` (``--dry``: report
only). These three commands made the weights in the tree. numpy is used here only; the
engine reads the weights with the standard library.
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time

import meeple
from meeple.core.state import CHANCE
from meeple.games.catan import learnt
from meeple.games.catan.policy import best_spots
from meeple.games.catan.phases import PREROLL, SETTLE
from meeple.play.runner import make_agents
from meeple.sim.simulate import game_seed

L2 = 1e-3
SPOTS = 8
"""Ridge on the standardized weights (the rows of a game are far from independent)."""


def play(args: tuple[int, int, float]) -> list[dict]:
    """One greedy self-play game's rows; with ``explore`` > 0, each set-up settlement is
    with that chance one of the :data:`SPOTS` best by their worth at random instead of
    greedy's (so that the set-up's chance is fitted on the spots a search weighs, not only
    on greedy's)."""
    seed, index, explore = args
    game = meeple.load("catan", 4, {})
    agents = make_agents(game, ["greedy"] * 4, seed)
    state = game.new_state(seed)
    rows, seen = [], set()
    policy = game.policy
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.phase == SETTLE and rng.random() < explore:
            state.apply_unchecked(rng.choice(best_spots(state, state.legal_actions(), SPOTS)))
            continue
        if state.phase == PREROLL and state.turns not in seen:
            seen.add(state.turns)
            rows.append({"game": index, "start": len(seen) == 1,
                         "spread": policy.reward_scale(state),
                         "features": learnt.all_features(state)})
        p = state.current_player
        state.apply_unchecked(state.sample_chance() if p == CHANCE else agents[p].act(state))
    for row in rows:
        row["winner"] = state.winner
    return rows


def generate(games: int, seed: int, workers: int, path: str, explore: float) -> None:
    start = time.perf_counter()
    jobs = [(game_seed(seed, i), i, explore) for i in range(games)]
    with open(path, "w") as out, multiprocessing.Pool(workers) as pool:
        for done, rows in enumerate(pool.imap_unordered(play, jobs, chunksize=4), 1):
            for row in rows:
                out.write(json.dumps(row) + "\n")
            if done % 50 == 0 or done == games:
                print(f"{done}/{games} games, {time.perf_counter() - start:.0f} s",
                      file=sys.stderr, flush=True)


def fit(x, y, l2: float = L2):
    """Weights (raw feature scale) of the conditional logit of ``y`` (the winning seat of
    each position) on ``x`` (positions × seats × features), by Newton's method."""
    import numpy as np
    flat = x.reshape(-1, x.shape[2])
    mu, sd = flat.mean(0), flat.std(0)
    sd[sd == 0] = 1.0
    z = (x - mu) / sd
    w = np.zeros(x.shape[2])
    onehot = np.eye(x.shape[1])[y]
    for _ in range(30):
        p = softmax(z @ w)
        grad = np.einsum("nsf,ns->f", z, p - onehot) / len(y) + l2 * w
        zp = np.einsum("nsf,ns->nf", z, p)
        hess = (np.einsum("nsf,nsg,ns->fg", z, z, p) - np.einsum("nf,ng->fg", zp, zp)) / len(y)
        step = np.linalg.solve(hess + l2 * np.eye(len(w)), grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w / sd


def softmax(scores):
    import numpy as np
    e = np.exp(scores - scores.max(1, keepdims=True))
    return e / e.sum(1, keepdims=True)


def report(name: str, p, y) -> None:
    import numpy as np
    loss = -np.log(np.clip(p[np.arange(len(y)), y], 1e-12, None)).mean()
    top = (p.argmax(1) == y).mean()
    print(f"  {name:<34} log-loss {loss:.4f}   likeliest seat won {100 * top:.1f} %")


def load(paths: list[str]):
    """Features, winners, held-out mask (each file's last fifth of games), set-up ends and
    spreads of the rows in ``paths``."""
    import numpy as np
    rows, test = [], []
    for path in paths:
        part = [json.loads(line) for line in open(path)]
        part = [r for r in part if r["winner"] >= 0]
        cut = np.quantile(np.unique([r["game"] for r in part]), 0.8)
        rows += part
        test += [r["game"] > cut for r in part]
    return (np.array([r["features"] for r in rows]), np.array([r["winner"] for r in rows]),
            np.array(test), np.array([r["start"] for r in rows]),
            np.array([r["spread"] for r in rows]))


def fit_and_write(paths: list[str], dry: bool) -> None:
    import numpy as np
    from meeple.games.catan.lookahead import LOGISTIC
    x, y, test, start, spread = load(paths)
    train = ~test
    print(f"{int(start.sum())} games, {len(y)} positions; fitted on each file's first four "
          f"fifths of games, measured on the rest")
    hand = x[:, :, learnt.NAMES.index("value")] * (LOGISTIC / spread[:, None])
    out = {"features": list(learnt.NAMES)}
    for name, sel in (("start", start), ("game", np.ones_like(start))):
        w = fit(x[sel & train], y[sel & train])
        print(f"{name} (positions: {int((sel & test).sum())} measured)")
        report("chance (one in four; seat 0 first)", np.full((int((sel & test).sum()), 4), 0.25),
               y[sel & test])
        report("hand-made value, logistic margin", softmax(hand[sel & test]), y[sel & test])
        report("learnt", softmax(x[sel & test] @ w), y[sel & test])
        out[name] = [float(v) for v in fit(x[sel], y[sel])]
    if dry:
        return
    learnt.WEIGHTS_FILE.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {learnt.WEIGHTS_FILE}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=0, help="self-play games to play")
    ap.add_argument("--seed", type=int, default=40)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--data", default="catan-rows.jsonl", help="where rows are written")
    ap.add_argument("--explore", type=float, default=0.0,
                    help="chance that a set-up settlement is a random one of the 8 best")
    ap.add_argument("--fit", metavar="ROWS", nargs="+", help="fit the weights on these rows")
    ap.add_argument("--dry", action="store_true", help="with --fit: report, write nothing")
    args = ap.parse_args(argv)
    if args.games:
        generate(args.games, args.seed, args.workers, args.data, args.explore)
    if args.fit:
        fit_and_write(args.fit, args.dry)
    return 0


if __name__ == "__main__":
    sys.exit(main())
