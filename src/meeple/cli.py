"""The ``meeple`` command: parses the command line, then calls the library."""
from __future__ import annotations

import argparse
import json
import sys

from . import __version__
from .agents import parse_spec_list
from .games import GAMES

EPILOG = ("Games: " + ", ".join(GAMES) + ". Notation of each game: docs/<game>.md; "
          "'meeple games' lists their options, 'meeple agents' the bots.")


def _config(text: str | None) -> dict:
    if not text:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        raise argparse.ArgumentTypeError(f"--config is not JSON: {e}") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError("--config must be a JSON object")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="meeple", epilog=EPILOG,
        description="Play and study Carcassonne, Hunters & Gatherers, Jäger und Sammler and "
                    "the Catan Dice Game.")
    parser.add_argument("--version", action="version", version=f"meeple {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = sub.add_parser("play", help="play a game in the terminal", epilog=EPILOG,
                          description="Play in the terminal: 'human' seats are prompted, "
                                      "other seats are bots (random, greedy, ...).")
    play.add_argument("game", choices=list(GAMES))
    play.add_argument("--players", type=parse_spec_list, default=None,
                      help="one entry per seat: human or an agent spec (default: human, "
                           "plus greedy opponents where the game needs them)")
    play.add_argument("--seed", type=int, default=None, help="seed (default: random)")
    play.add_argument("--config", type=_config, default=None, help="game options as JSON")
    play.add_argument("--save", metavar="FILE", help="write the game record here at the end")
    play.add_argument("--hints", nargs="?", const="auto", default=None, metavar="AGENT",
                      help="on your turn, show a bot's top three moves with their estimated "
                           "win rate (expected score alone); AGENT is a spec such as "
                           "mcts:time=1 or planner (default: the first bot seat's agent, "
                           "else mcts)")

    sim = sub.add_parser("simulate", help="play many games between agents", epilog=EPILOG,
                         description="Bots play many games; prints per-seat means, spread, "
                                     "win shares and speed.")
    sim.add_argument("game", choices=list(GAMES))
    sim.add_argument("--agents", type=parse_spec_list, required=True,
                     help="comma-separated agent specs, one per seat, e.g. greedy,random or "
                          "mcts:iters=500,greedy")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--workers", type=int, default=1, help="parallel processes")
    sim.add_argument("--config", type=_config, default=None, help="game options as JSON")
    sim.add_argument("--records", metavar="DIR", help="write DIR/<game>-<index>.json per game")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")

    rep = sub.add_parser("replay", help="replay a game record and report the state reached",
                         description="Replays a JSON game record; an illegal action or a "
                                     "malformed record exits with status 1 and says why.")
    rep.add_argument("file")
    rep.add_argument("--json", action="store_true", help="print the report as JSON")

    tour = sub.add_parser("tournament", help="round robin between agents, with Elo",
                          epilog=EPILOG,
                          description="Every combination of agents plays --games games with "
                                      "rotating seats (alone: every agent plays the same "
                                      "seeds); prints win rates with 95% intervals, mean "
                                      "scores and Elo ratings.")
    tour.add_argument("game", choices=list(GAMES))
    tour.add_argument("--agents", type=parse_spec_list, required=True,
                      help="comma-separated agent specs, e.g. random,greedy,mcts:iters=2000")
    tour.add_argument("--games", type=int, default=100, help="games per matchup")
    tour.add_argument("--players", type=int, default=None,
                      help="seats per game (default: the game's usual number)")
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--workers", type=int, default=1, help="parallel processes")
    tour.add_argument("--config", type=_config, default=None, help="game options as JSON")
    tour.add_argument("--json", action="store_true", help="print the results as JSON")
    tour.add_argument("--plot", metavar="FILE.png", help="save the score distributions here")

    games = sub.add_parser("games", help="list the games, their players and options",
                           description="Every game with its player range, whether it hides "
                                       "information or has chance, its score range, and "
                                       "the options --config takes (name, type, default, "
                                       "allowed values).")
    games.add_argument("game", nargs="?", choices=list(GAMES))
    games.add_argument("--json", action="store_true", help="print the list as JSON")

    agents = sub.add_parser("agents", help="list the agents (bots) and their options",
                            description="Every agent that plays GAME (default: any game), "
                                        "with one line on what it does and the options of "
                                        "its spec, e.g. mcts:iters=2000,c=1.")
    agents.add_argument("game", nargs="?", choices=list(GAMES))
    agents.add_argument("--json", action="store_true", help="print the list as JSON")

    bench = sub.add_parser("bench", help="measure random-play speed",
                           description="Random-play games per second for each game.")
    bench.add_argument("game", nargs="?", choices=list(GAMES))
    bench.add_argument("--seconds", type=float, default=3.0, help="time per game")
    bench.add_argument("--json", action="store_true")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handler = {"play": cmd_play, "simulate": cmd_simulate, "replay": cmd_replay,
               "tournament": cmd_tournament, "games": cmd_games, "agents": cmd_agents,
               "bench": cmd_bench}[args.command]
    try:
        return handler(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def _fail(message: str) -> int:
    print(f"meeple: error: {message}", file=sys.stderr)
    return 1


def cmd_play(args) -> int:
    import random

    from .games import load
    from .terminal import TerminalGame
    players = args.players
    try:
        if players is None:
            game = load(args.game, None, args.config)
            players = ["human"] + ["greedy"] * (game.players - 1)
        game = load(args.game, len(players), args.config)
    except ValueError as e:
        return _fail(str(e))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    try:
        session = TerminalGame(game, players, seed, save=args.save, hints=args.hints)
    except ValueError as e:
        return _fail(str(e))
    session.console.print(f"{game.title}, seed {seed}, seats: {', '.join(players)}")
    session.run()
    return 0


def _progress():
    """A rich progress bar on stderr (games done, elapsed, ETA); silent when piped."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    err = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn())
    return Progress(*columns, console=err, transient=True, disable=not err.is_terminal)


def cmd_simulate(args) -> int:
    from rich.console import Console

    from .report import summary_table
    from .sim.simulate import simulate
    try:
        with _progress() as progress:
            task = progress.add_task(f"{args.game}", total=args.games)
            summary = simulate(args.game, args.agents, args.games, seed=args.seed,
                               workers=args.workers, config=args.config,
                               records_dir=args.records,
                               progress=lambda n: progress.advance(task, n))
    except ValueError as e:
        return _fail(str(e))
    if args.json:
        print(json.dumps(summary))
    else:
        Console().print(summary_table(summary))
    return 0


def cmd_tournament(args) -> int:
    from rich.console import Console

    from .games import load
    from .report import tournament_tables
    from .sim.tournament import schedule, tournament
    try:
        players = load(args.game, args.players, args.config).players
        total = sum(len(d) for d in schedule(len(args.agents), players, args.games).values())
        with _progress() as progress:
            task = progress.add_task(f"{args.game} tournament", total=total)
            result = tournament(args.game, args.agents, args.games, players=players,
                                seed=args.seed, workers=args.workers, config=args.config,
                                progress=lambda n: progress.advance(task, n))
    except ValueError as e:
        return _fail(str(e))
    if args.plot:
        from .sim.plot import plot_scores
        try:
            plot_scores(result, args.plot)
        except RuntimeError as e:
            return _fail(str(e))
    if args.json:
        print(json.dumps(result))
        return 0
    console = Console()
    for table in tournament_tables(result):
        console.print(table)
    if args.plot:
        console.print(f"Score distributions saved to {args.plot}")
    return 0


def cmd_replay(args) -> int:
    from .core.errors import RecordError
    from .core.record import Record
    from .sim.replay import replay, summary
    try:
        state = replay(Record.load(args.file))
    except RecordError as e:
        return _fail(str(e))
    report = summary(state)
    if args.json:
        print(json.dumps(report))
        return 0
    from rich.console import Console

    from .report import breakdown_table
    console = Console(highlight=False)
    console.print(state.game.drawing.picture(state.view(None)))
    console.print(breakdown_table(state))
    console.print(f"terminal: {report['terminal']}  turn: {report['turn']}  "
                  f"scores: {report['scores']}  to move: {report['current_player']}")
    return 0


def cmd_games(args) -> int:
    from rich.console import Console

    from .games import load
    from .report import games_text
    rows = [load(name).describe() for name in ([args.game] if args.game else GAMES)]
    if args.json:
        print(json.dumps(rows))
    else:
        Console(highlight=False).print(games_text(rows))
    return 0


def cmd_agents(args) -> int:
    from rich.console import Console

    from .agents import agent_classes
    from .report import agents_text
    names = [args.game] if args.game else list(GAMES)
    plays: dict[str, tuple[dict, list[str]]] = {}
    for name in names:
        for cls in agent_classes(GAMES[name]).values():
            plays.setdefault(cls.name, (cls.describe(), []))[1].append(name)
    rows = list(plays.values())
    if args.json:
        print(json.dumps([{**info, "games": games} for info, games in rows]))
    else:
        Console(highlight=False).print(agents_text(rows, names))
    return 0


def cmd_bench(args) -> int:
    from rich.console import Console

    from .report import bench_table
    from .sim.bench import bench_all
    rows = bench_all([args.game] if args.game else None, seconds=args.seconds)
    if args.json:
        print(json.dumps(rows))
        return 0
    Console().print(bench_table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
