"""Environment steps per second against the engine's own random play, per game.

    python benchmarks/bench_rl.py [GAME ...] [--players 2] [--seconds 10]

Three loops play whole games with uniformly random legal moves, one process, for about
``--seconds`` each, and count the moves of the seats (chance outcomes are not counted):

- ``engine``: ``state.legal_actions()`` + ``random.choice`` + ``state.apply_unchecked`` and
  ``sample_chance`` at chance nodes — the floor every driver pays;
- ``aec``: the PettingZoo loop ``env.last()`` (the seat's observation from its view, the
  mask) + a random allowed index + ``env.step``;
- ``aec, mask only``: ``env.last(observe=False)`` + ``env.legal_indices()`` + ``env.step``: what an
  agent that needs no observation (a search, a baseline) pays for the index numbering;
- ``gym``: the single-agent wrapper against ``random`` bots (the bots' moves not counted).

Results go in benchmarks/README.md with the command and the machine.
"""
from __future__ import annotations

import argparse
import json
import random
import time

import numpy as np

import meeple
import meeple.rl


def engine_loop(game: str, players: int, seconds: float) -> tuple[int, float]:
    rng, moves, start = random.Random(1), 0, time.perf_counter()
    g = meeple.load(game, players)
    seed = 0
    while time.perf_counter() - start < seconds:
        state = g.new_state(seed=seed)
        seed += 1
        while not state.is_terminal():
            if state.current_player < 0:
                state.apply_unchecked(state.sample_chance())
            else:
                state.apply_unchecked(rng.choice(state.legal_actions()))
                moves += 1
    return moves, time.perf_counter() - start


def aec_loop(game: str, players: int, seconds: float, observe: bool) -> tuple[int, float]:
    rng, moves, start = random.Random(1), 0, time.perf_counter()
    env = meeple.rl.env(game, players=players)
    seed = 0
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last(observe)
            if terminated or truncated:
                env.step(None)
                continue
            if observe:
                allowed = np.flatnonzero(observation["action_mask"].view(bool))
                env.step(int(allowed[rng.randrange(len(allowed))]))
            else:
                env.step(rng.choice(env.legal_indices()))
            moves += 1
    return moves, time.perf_counter() - start


def gym_loop(game: str, players: int, seconds: float) -> tuple[int, float]:
    rng, moves, start = random.Random(1), 0, time.perf_counter()
    env = meeple.rl.gym_env(game, opponents="random", players=players)
    seed = 0
    while time.perf_counter() - start < seconds:
        observation, _ = env.reset(seed=seed)
        seed += 1
        done = False
        while not done:
            allowed = np.flatnonzero(observation["action_mask"].view(bool))
            observation, _, done, _, _ = env.step(int(allowed[rng.randrange(len(allowed))]))
            moves += 1
    return moves, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["carcassonne", "hunters-gatherers",
                                                     "jaeger-sammler", "catan-dice"])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    for game in args.games:
        row = {"game": game, "players": args.players,
               "size": meeple.rl.env(game, players=args.players).encoding.size}
        loops = {"engine": (engine_loop,), "aec": (aec_loop, True),
                 "aec_mask_only": (aec_loop, False), "gym": (gym_loop,)}
        for name, (run, *extra) in loops.items():
            moves, elapsed = run(game, args.players, args.seconds, *extra)
            row[f"{name}_steps_per_s"] = round(moves / elapsed)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
