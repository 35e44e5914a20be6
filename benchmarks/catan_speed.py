"""Random 4-player Catan games per second: meeple and catanatron side by side, in one run.

    python benchmarks/catan_speed.py --seconds 20          # each side about 20 s
    python benchmarks/catan_speed.py --seconds 5 --profile meeple-0   # cProfile one side
    python benchmarks/catan_speed.py --mcts 400 --positions 6       # MCTS iterations/s

Both sides play whole games from a new game to the end, in this process, one side after
the other, each move uniform over the legal moves, chance drawn by the engine:

- **catanatron** (PyPI ``catanatron``): ``Game([RandomPlayer(c) for c in 4 colours],
  seed=s).play()`` — its ``BASE`` map made at random, its own random seating, its
  ``RandomPlayer`` (uniform over ``state.playable_actions``), each action validated by
  ``Game.execute`` (membership in the playable list), up to its limit of 1,000 turns.
  Its players never trade with each other (domestic offers are not in its playable
  actions), its maritime list holds only each resource's best rate, discards are one
  random action per seat, and it ends when anyone reaches 10 (rules spec 9.1).
- **meeple**: ``meeple.load("catan", 4, config).new_state(s)``, from the chance action that
  lays the variable board to the win; ``state.legal_actions()``, a uniform choice
  (``random.Random(s)``), ``state.apply(...)`` — which checks the action again — and the
  state's own ``sample_chance`` at chance nodes (the board, the dice, a stolen card, a
  drawn card). The check of a move that is itself (the same object) in the last list
  ``legal_actions`` gave at this position (up to 40 moves), or of the outcome
  ``sample_chance`` just drew there (dice, stolen card, drawn card), is that membership,
  as in catanatron's ``Game.execute``; any other action (a server's or a replay's, parsed
  from text; a longer list's; the board) goes through the full check
  (``legal.why_not``). Rows:
  - ``meeple`` — the default options: ``offers_per_turn: 3``, so a random mover opens up
    to three domestic offers a turn and every other seat answers each (accept, decline or
    one of the counters): most of a random game's actions are offers and answers.
  - ``meeple-0`` — ``offers_per_turn: 0``: no domestic trade, like catanatron's players.
  - ``…/unchecked`` — the same games with ``apply_unchecked`` (the path of simulation and
    search: the action comes from ``legal_actions()``, so it is not checked twice).
  Every maritime rate a player is entitled to is a legal move in meeple (9.1), and a 7
  asks each discarding seat for a whole discard chosen among all the ways to discard.

``--mcts N`` times instead the shared ``mcts`` agent (``mcts:iters=N``, its default five
determinizations, for each leaf value: ``cutoff``, the default, and ``random`` rollouts
capped at ``depth=50`` moves) on positions of random 4-player games (decisions with two
moves or more, spread evenly over each game; seeds 1, 2, ...), for both option sets:
iterations per second over all searches (CPU time, ``time.process_time``).
"""
from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import random
import statistics
import time
from importlib import metadata

import meeple
from meeple.core.state import CHANCE


def meeple_game(game, seed: int, checked: bool = True) -> tuple[int, int]:
    """One random game; (actions applied, turns)."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    choice = rng.choice
    apply = state.apply if checked else state.apply_unchecked
    n = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            apply(state.sample_chance())
        else:
            apply(choice(state.legal_actions()))
        n += 1
    return n, state.turns


def catanatron_game(seed: int) -> tuple[int, int]:
    from catanatron import Color, Game, RandomPlayer
    game = Game([RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)],
                seed=seed)
    game.play()
    return len(game.state.actions), game.state.num_turns


def sides() -> dict:
    out = {}
    for label, config in (("meeple", {}), ("meeple-0", {"offers_per_turn": 0})):
        game = meeple.load("catan", 4, config)
        out[label] = lambda seed, g=game: meeple_game(g, seed)
        out[label + "/unchecked"] = lambda seed, g=game: meeple_game(g, seed, False)
    try:
        import catanatron  # noqa: F401
        out["catanatron"] = catanatron_game
    except ImportError:
        pass
    return out


def measure(play, seconds: float, first_seed: int = 1, least: int = 3) -> dict:
    times, actions, turns = [], [], []
    seed = first_seed
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or len(times) < least:
        t = time.process_time()
        a, n = play(seed)
        times.append(time.process_time() - t)
        actions.append(a)
        turns.append(n)
        seed += 1
    total = sum(times)
    return {"games": len(times), "games_per_second": len(times) / total,
            "median_ms": statistics.median(times) * 1000,
            "actions": statistics.mean(actions), "turns": statistics.mean(turns),
            "us_per_action": total / sum(actions) * 1e6}


def mcts_positions(config: dict, count: int) -> list:
    """``count`` positions (a seat to move, two moves or more) of random games, spread
    over each game: three from each game, at a quarter, a half and three quarters."""
    game = meeple.load("catan", 4, config)
    out, seed = [], 1
    while len(out) < count:
        state, rng = game.new_state(seed), random.Random(seed)
        found = []
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply(state.sample_chance())
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                found.append(state.clone())
            state.apply(rng.choice(legal))
        out += [found[len(found) * k // 4] for k in (1, 2, 3)]
        seed += 1
    return out[:count]


def mcts_speed(iters: int, count: int) -> None:
    from meeple.agents import make_agent
    print(f"MCTS on {count} positions of random 4-player games, mcts:iters={iters}")
    print(f"{'options':10} {'leaf value':22} {'iterations':>10} {'seconds':>8} {'iter/s':>8}")
    for label, config in (("meeple", {}), ("meeple-0", {"offers_per_turn": 0})):
        states = mcts_positions(config, count)
        for rollout in ("cutoff", "random,depth=50"):
            done, spent = 0, 0.0
            for k, state in enumerate(states):
                agent = make_agent(f"mcts:iters={iters},rollout={rollout}", state.game,
                                   seed=k)
                t = time.process_time()
                agent.search(state)
                spent += time.process_time() - t
                done += agent.iterations
            print(f"{label:10} {rollout:22} {done:10d} {spent:8.2f} {done / spent:8.0f}",
                  flush=True)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seconds", type=float, default=10.0, help="CPU seconds per side")
    p.add_argument("--only", nargs="*", help="sides to run (default: all)")
    p.add_argument("--profile", help="cProfile this side instead")
    p.add_argument("--mcts", type=int, metavar="N",
                   help="instead: MCTS iterations per second, N iterations a search")
    p.add_argument("--positions", type=int, default=6, help="positions searched (--mcts)")
    args = p.parse_args(argv)
    if args.mcts:
        mcts_speed(args.mcts, args.positions)
        return
    table = sides()
    if args.profile:
        play = table[args.profile]
        cProfile.runctx("measure(play, args.seconds)", globals(), locals(), "/tmp/catan.prof")
        pstats.Stats("/tmp/catan.prof").sort_stats("tottime").print_stats(25)
        return
    versions = f"Python {platform.python_version()}, meeple, catanatron " + (
        metadata.version("catanatron") if "catanatron" in table else "not installed")
    print(versions)
    print(f"{'side':22} {'games':>6} {'games/s':>9} {'median ms':>10} {'actions':>8} "
          f"{'turns':>6} {'µs/action':>10}")
    rows = {}
    for label, play in table.items():
        if args.only and label not in args.only:
            continue
        r = rows[label] = measure(play, args.seconds)
        print(f"{label:22} {r['games']:6d} {r['games_per_second']:9.1f} "
              f"{r['median_ms']:10.1f} {r['actions']:8.0f} {r['turns']:6.0f} "
              f"{r['us_per_action']:10.1f}", flush=True)
    if "catanatron" in rows:
        base = rows["catanatron"]["games_per_second"]
        for label, r in rows.items():
            if label != "catanatron":
                print(f"{label}: {r['games_per_second'] / base:.1f}× catanatron's games/s")


if __name__ == "__main__":
    main()
