"""Does a short greedy roll-out from the set-up's end, scored by the learnt ``game`` chance,
predict the winner better than the learnt ``start`` chance read off the set-up's end?
(issue 28: the look-ahead bot weighs its set-up by the ``start`` chance.)

    python benchmarks/catan_setup_rollouts.py --games 600 --rollouts 8 --workers 2

Plays 4-player games of four ``greedy`` bots (seeds ``game_seed(77, i)``, far from the
fitting's 40 and 41; each set-up settlement, with chance 1/2, one of the 8 best by their
worth, as the fitting's ``--explore 0.5``). At the set-up's end it scores every seat by
the ``start`` chance, by the ``game`` chance read there, and by the ``game`` chance after
4, 8 and 16 turns of greedy play, averaged over ``--rollouts`` dice sequences; then plays
the game out and reports each score's mean log-loss of the winner (chance: 1.386) and how
often the likeliest seat won.
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import random

import meeple
from meeple.core.state import CHANCE
from meeple.games.catan import learnt
from meeple.games.catan.phases import PREROLL, SETTLE
from meeple.games.catan.policy import best_spots
from meeple.sim.simulate import game_seed

HORIZONS = (4, 8, 16)
POLICY = meeple.load("catan", 4, {}).policy


def greedy_until(state, rng, done) -> None:
    """Greedy moves for every seat (chance drawn from ``rng``) until ``done(state)``."""
    while not state.is_terminal() and not done(state):
        p = state.current_player
        state.apply_unchecked(state.sample_chance(rng) if p == CHANCE
                              else POLICY.greedy_action(state, rng))


def one(args: tuple[int, int]) -> dict:
    """One game's scores at the set-up's end, and its winner."""
    index, rollouts = args
    seed = game_seed(77, index)
    s = meeple.load("catan", 4, {}).new_state(seed)
    rng = random.Random(seed)
    while s.phase != PREROLL:
        if s.phase == SETTLE and rng.random() < 0.5:
            s.apply_unchecked(rng.choice(best_spots(s, s.legal_actions(), 8)))
        else:
            p = s.current_player
            s.apply_unchecked(s.sample_chance(rng) if p == CHANCE
                              else POLICY.greedy_action(s, rng))
    out = {"start": learnt.chances(s, learnt.WEIGHTS["start"]), "game, no roll-out":
           learnt.chances(s)}
    sums = {t: [0.0] * 4 for t in HORIZONS}
    for r in range(rollouts):
        w, dice, t0 = s.clone(), random.Random(seed * 1000 + r), s.turns
        for t in HORIZONS:
            greedy_until(w, dice, lambda st, t=t: st.turns >= t0 + t)
            for seat, c in enumerate(learnt.chances(w)):
                sums[t][seat] += c / rollouts
    out.update({f"game after {t} turns": sums[t] for t in HORIZONS})
    greedy_until(s, rng, lambda st: False)
    out["winner"] = s.winner
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--rollouts", type=int, default=8)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    with multiprocessing.Pool(args.workers) as pool:
        rows = pool.map(one, [(i, args.rollouts) for i in range(args.games)], chunksize=4)
    print(f"{len(rows)} games, {args.rollouts} roll-outs each; chance's log-loss "
          f"{math.log(4):.3f}")
    for key in [k for k in rows[0] if k != "winner"]:
        loss = -sum(math.log(max(1e-12, r[key][r["winner"]])) for r in rows) / len(rows)
        top = sum(max(range(4), key=lambda k: r[key][k]) == r["winner"] for r in rows)
        print(f"{key:22s} log-loss {loss:.4f}   likeliest won {top / len(rows):.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
