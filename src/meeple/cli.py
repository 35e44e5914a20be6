"""The ``meeple`` command: parses the command line, then calls the library."""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import __version__
from .cli_words import _LANG, say, words
from .games import BUILT_IN_CLASSES, GAMES

if TYPE_CHECKING:
    from rich.console import Console

def _epilog() -> str:
    """The games and where to read more, under every command's help."""
    return say(words("Games: {games}, and those of installed packages. Notation of each "
                     "game: docs/<game>.md; 'meeple games' lists them all with their "
                     "options, 'meeple agents' the bots.")).format(
                         games=", ".join(BUILT_IN_CLASSES))


class GameNames:
    """The ``choices`` of a GAME argument: every game's name, read only when needed (a
    built-in name is known at once; listing them all, for a help text or an error, looks
    for other packages' games, which is what costs), so that building the parser loads no
    game and no package metadata."""

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in GAMES

    def __iter__(self):
        return iter(GAMES)

_WHOLE = re.compile(r"[0-9]+")
_DECIMAL = re.compile(r"[0-9]+(\.[0-9]*)?|\.[0-9]+")


def _number(low: float, decimal: bool = False) -> Callable[[str], float]:
    """An argparse type for a number of at least ``low``, written in ASCII digits (with a
    decimal point if ``decimal``). Python's int() and float() also read other scripts'
    digits (int("٣") is 3) and str.isdigit() passes "²", which int() refuses, so the
    command line takes only what every reader of it sees as a number."""
    kind = "number" if decimal else "whole number"

    def parse(text: str) -> float:
        if (_DECIMAL if decimal else _WHOLE).fullmatch(text) and len(text) <= 100:
            value = float(text) if decimal else int(text)
            if value >= low:
                return value
        raise argparse.ArgumentTypeError(f"must be a {kind} ≥ {low:g}, not {text!r}")

    return parse


def parse_spec_list(text: str) -> list[str]:
    """The agent specs of ``--players`` and ``--agents`` (see
    :func:`meeple.agents.parse_spec_list`); an empty one between commas (``greedy,,random``)
    is a mistake to point out, not to skip."""
    from .agents import parse_spec_list as specs
    if any(not part.strip() for part in text.split(",")):
        raise argparse.ArgumentTypeError(f"an empty agent spec in {text!r} (specs are "
                                         "separated by single commas)")
    return specs(text)


def _config(text: str | None) -> dict:
    """The game options of ``--config``: a JSON object, read with the limits of all data
    that anyone may hand us (no NaN, no absurd nesting or numbers)."""
    if not text:
        return {}
    from .core.datafile import parse_json
    # argparse puts "argument --config:" in front of the message
    value = parse_json(text, "the value", error=argparse.ArgumentTypeError)
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError("must be a JSON object of game options "
                                         "('meeple games' lists them)")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The ``meeple`` command and its subcommands, one small function each."""
    parser = argparse.ArgumentParser(
        prog="meeple", epilog=_epilog(),
        description=say(words("Play and study Carcassonne, Hunters & Gatherers, Jäger und "
                              "Sammler, the Catan Dice Game and Catan.")))
    parser.add_argument("--version", action="version", version=f"meeple {__version__}",
                        help=say(words("show program's version number and exit")))
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in (_add_play, _add_simulate, _add_replay, _add_tournament, _add_games,
                _add_agents, _add_rules, _add_serve, _add_db, _add_bench):
        add(sub)
    return _localized(parser)


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help with its "usage: " in the command's language (:func:`_localized`)."""

    def add_usage(self, usage, actions, groups, prefix=None) -> None:
        # TRANSLATORS: the start of argparse's usage line; keep the space after the colon
        said = say(words("usage: ")) if prefix is None else prefix
        super().add_usage(usage, actions, groups, said)


def _localized(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """``parser`` and its commands' parsers saying argparse's own words in the command's
    language too: "usage: " (in errors as well), the group titles and -h's help. Done on the
    parsers once built: a parser built with parents gathers their options into its own
    groups by title, which must then still be argparse's."""
    parser.formatter_class = _HelpFormatter
    parser._positionals.title = say(words("positional arguments"))
    parser._optionals.title = say(words("options"))
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            action.help = say(words("show this help message and exit"))
        elif isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                _localized(command)
    return parser


def _json_option(said: str) -> argparse.ArgumentParser:
    """The parent parser of ``--json``, ``said`` its help (already said: "print the list as
    JSON")."""
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--json", action="store_true", help=said)
    return parent


def _batch_options(games: str) -> argparse.ArgumentParser:
    """The parent parser of the batch commands (simulate, tournament): how many games
    (``games``, already said, is the help of --games), seeds, workers, where they run,
    options, JSON."""
    parent = argparse.ArgumentParser(
        add_help=False, parents=[_json_option(say(words("print the results as JSON")))])
    parent.add_argument("--games", type=_number(1), default=100, help=games)
    parent.add_argument("--seed", type=_number(0), default=1,
                        help=say(words("base seed, a whole number ≥ 0 (default: "
                                       "%(default)s)")))
    parent.add_argument("--workers", type=_number(1), default=1,
                        help=say(words("parallel processes, ≥ 1 (default: %(default)s; with "
                                       "--backend ray the CPUs of the local Ray; a cluster "
                                       "(--address) uses all of its own)")))
    parent.add_argument("--backend", choices=["local", "ray"], default="local",
                        help=say(words("where the games run: local processes (default) or "
                                       "Ray tasks (extra 'dist'); the same games either way")))
    parent.add_argument("--address", metavar="ADDR",
                        help=say(words("the Ray cluster to use (e.g. ray://head:10001 or auto; "
                                       "default: a local Ray started for the run)")))
    parent.add_argument("--config", type=_config, default=None,
                        help=say(words("game options as JSON")))
    return parent


def _db_option() -> argparse.ArgumentParser:
    """The parent parser of ``--db`` (serve, db)."""
    parent = argparse.ArgumentParser(add_help=False)
    # the default URL is a path: a % in it is argparse's to print, not to fill in
    parent.add_argument("--db", metavar="URL",
                        help=say(words("any SQLAlchemy URL: sqlite:///games.db, "
                                       "postgresql+psycopg://user:password@host/dbname "
                                       "(default: {db})")).format(
                                           db=_default_db().replace("%", "%%")))
    return parent


def _add_play(sub) -> None:
    play = sub.add_parser("play", help=say(words("play a game in the terminal")),
                          epilog=_epilog(),
                          description=say(words("Play in the terminal: 'human' seats are "
                                                "prompted, other seats are bots (random, "
                                                "greedy, ...).")))
    play.add_argument("game", nargs="?", choices=GameNames(), metavar="GAME",
                      help=say(words("the game: %(choices)s (with --load it may be left out: "
                                     "the record names it)")))
    play.add_argument("--players", type=parse_spec_list, default=None,
                      help=say(words("one entry per seat: human or an agent spec (default: "
                                     "human, plus greedy opponents where the game needs "
                                     "them)")))
    play.add_argument("--seed", type=_number(0), default=None,
                      help=say(words("a whole number ≥ 0 that fixes the deal (default: "
                                     "random)")))
    play.add_argument("--config", type=_config, default=None,
                      help=say(words("game options as JSON")))
    play.add_argument("--save", metavar="FILE",
                      help=say(words("write the game record here at the end (checked before "
                                     "the game starts; an existing file is overwritten)")))
    play.add_argument("--load", metavar="FILE",
                      help=say(words("continue the game saved in FILE (its seats unless "
                                     "--players is given; saved back to FILE unless --save "
                                     "names another)")))
    play.add_argument("--delay", type=_number(0, decimal=True), default=0.0, metavar="S",
                      help=say(words("wait S seconds after each bot move, to watch bots play "
                                     "(e.g. --players greedy,mcts --delay 1)")))
    play.add_argument("--hints", nargs="?", const="auto", default=None, metavar="AGENT",
                      help=say(words("on your turn, show a bot's top three moves with their "
                                     "estimated win rate (expected score alone); AGENT is a "
                                     "spec such as mcts:time=1 or planner (default: the "
                                     "first bot seat's agent, else mcts)")))
    _lang_option(play)
    play.set_defaults(handler=cmd_play)


def _lang_option(parser) -> None:
    """``--lang``: the language of the command's words (read before the parser is built,
    so that its --help is in it too: :func:`early_language`)."""
    parser.add_argument("--lang", metavar="LANG",
                        help=say(words("en, cs or ru (default: from LC_ALL / LC_MESSAGES / "
                                       "LANG, else English)")))


def early_language(argv: list[str]) -> str:
    """The language a command speaks: its ``--lang LANG`` (or ``--lang=LANG``), else the
    environment's (:func:`meeple.i18n.choose`); read from the arguments before they are
    parsed, since the parser's own help is in that language. English is known without
    importing the languages (``meeple --version`` stays quick)."""
    import os
    requested = None
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            requested = argv[i + 1]
        elif arg.startswith("--lang="):
            requested = arg[len("--lang="):]
    named = [requested or ""] + [os.environ.get(n, "") for n in ("LC_ALL", "LC_MESSAGES",
                                                                  "LANG")]
    if not any(re.split(r"[._\-]", value.lower())[0] in ("cs", "ru") for value in named):
        return "en"
    from .i18n import choose
    return choose(requested)


def _add_simulate(sub) -> None:
    sim = sub.add_parser("simulate", help=say(words("play many games between agents")),
                         epilog=_epilog(),
                         parents=[_batch_options(say(words(
                             "games to play, ≥ 1 (default: %(default)s)")))],
                         description=say(words("Bots play many games; prints per-seat means, "
                                               "spread, win shares and speed.")))
    sim.add_argument("game", choices=GameNames(), metavar="GAME",
                     help=say(words("the game: %(choices)s")))
    sim.add_argument("--agents", type=parse_spec_list, required=True,
                     help=say(words("comma-separated agent specs, one per seat, e.g. "
                                    "greedy,random or mcts:iters=500,greedy")))
    sim.add_argument("--records", metavar="DIR",
                     help=say(words("write DIR/<game>-<index>.json per game (the index "
                                    "zero-padded, 000 to 199 of 200, so that the files sort in "
                                    "order); DIR is created if missing, inside a folder that "
                                    "exists")))
    sim.set_defaults(handler=cmd_simulate)


def _add_replay(sub) -> None:
    rep = sub.add_parser("replay",
                         help=say(words("replay a game record and report the state reached")),
                         parents=[_json_option(say(words("print the report as JSON")))],
                         description=say(words("Replays a JSON game record; an illegal "
                                               "action or a malformed record exits with "
                                               "status 1 and says why.")))
    rep.add_argument("file", help=say(words("a game record (JSON, as play --save and "
                                            "simulate --records write it)")))
    rep.add_argument("--at", type=_number(0), default=None, metavar="N",
                     help=say(words("the position after the first N actions (default: "
                                    "all)")))
    rep.add_argument("--step", action="store_true",
                     help=say(words("step through the game with the keyboard (from --at N "
                                    "or the start)")))
    _lang_option(rep)
    rep.set_defaults(handler=cmd_replay)


def _add_tournament(sub) -> None:
    tour = sub.add_parser("tournament", help=say(words("round robin between agents, with Elo")),
                          epilog=_epilog(), parents=[_batch_options(say(words(
                              "games per matchup, ≥ 1 (default: %(default)s)")))],
                          description=say(words(
                              "Every combination of agents plays --games games with rotating "
                              "seats (alone: every agent plays the same seeds); prints win "
                              "rates with 95% intervals, mean scores and Elo ratings.")))
    tour.add_argument("game", choices=GameNames(), metavar="GAME",
                      help=say(words("the game: %(choices)s")))
    tour.add_argument("--agents", type=parse_spec_list, required=True,
                      help=say(words("comma-separated agent specs, e.g. "
                                     "random,greedy,mcts:iters=2000")))
    tour.add_argument("--players", type=_number(1), default=None,
                      help=say(words("seats per game (default: the game's usual number)")))
    tour.add_argument("--plot", metavar="FILE.png",
                      help=say(words("save the score distributions here (needs matplotlib; "
                                     "the extension names the format: .png, .svg, .pdf, ...)")))
    tour.set_defaults(handler=cmd_tournament)


def _add_games(sub) -> None:
    games = sub.add_parser("games", help=say(words("list the games, their players and options")),
                           parents=[_json_option(say(words("print the list as JSON")))],
                           description=say(words(
                               "Every game with its player range, whether it hides "
                               "information or has chance, its score range, and the options "
                               "--config takes (name, type, default, allowed values).")))
    games.add_argument("game", nargs="?", choices=GameNames(), metavar="GAME",
                       help=say(words("the game: %(choices)s")))
    games.set_defaults(handler=cmd_games)


def _add_agents(sub) -> None:
    agents = sub.add_parser("agents", help=say(words("list the agents (bots) and their options")),
                            parents=[_json_option(say(words("print the list as JSON")))],
                            description=say(words(
                                "Every agent that plays GAME (default: any game), with one "
                                "line on what it does and the options of its spec, e.g. "
                                "mcts:iters=2000,c=1.")))
    agents.add_argument("game", nargs="?", choices=GameNames(), metavar="GAME",
                        help=say(words("the game: %(choices)s")))
    agents.set_defaults(handler=cmd_agents)


def _add_rules(sub) -> None:
    rules = sub.add_parser(
        "rules", help=say(words("the rules of a game, with pictures (en, cs, ru)")),
        description=say(words("Prints the rules page of GAME: the goal, the turn, the "
                              "scoring and worked examples, each picture drawn by the game's "
                              "own board code. Not paged: pipe it to 'less -R' to page it.")))
    rules.add_argument("game", choices=GameNames(), metavar="GAME",
                       help=say(words("the game: %(choices)s")))
    rules.add_argument("--lang", metavar="LANG",
                       help=say(words("en, cs or ru (default: from LC_ALL / LC_MESSAGES / "
                                      "LANG, e.g. cs_CZ.UTF-8 is cs; else en)")))
    rules.set_defaults(handler=cmd_rules)


def _add_serve(sub) -> None:
    serve = sub.add_parser(
        "serve", help=say(words("host games over HTTP and WebSocket (extra 'web')")),
        parents=[_db_option()], epilog=_epilog(),
        description=say(words(
            "Serve every game for people anywhere and for bots: the API at /api (OpenAPI at "
            "/docs), games stored in a database that loses nothing. The database by default: "
            "{db}. A SQLite database is served by one process (a second one on the same file "
            "is refused); several processes, here (--workers) or on other machines, need "
            "PostgreSQL, each given the same --db URL (docs/server.md, 'Several processes and "
            "machines'). Every limit below holds per process.")).format(db=_default_db()))
    serve.add_argument("--host", default="127.0.0.1",
                       help=say(words("address to listen on (default: %(default)s, this "
                                      "machine only)")))
    serve.add_argument("--port", type=_number(1), default=8000,
                       help=say(words("port (default: %(default)s)")))
    serve.add_argument("--open", action="store_true",
                       help=say(words("open the page in a browser")))
    serve.add_argument("--workers", type=_number(1), default=1, metavar="N",
                       help=say(words("server processes on this address (default: "
                                      "%(default)s). More than one needs PostgreSQL (--db "
                                      "postgresql+psycopg://...); each process has its own "
                                      "--bot-workers, and its own share of every limit: "
                                      "--rate, the WebSocket and HTTP caps, --games-per-hour "
                                      "and the quotas hold per process")))
    serve.add_argument("--bot-workers", type=_number(1), default=2,
                       help=say(words("processes that choose bots' moves, per server process "
                                      "(default: %(default)s)")))
    from .server.limits import add_limit_flags
    from .server.quotas import add_quota_flags
    add_limit_flags(serve)
    add_quota_flags(serve)
    serve.add_argument("--rate", type=_number(0.1, decimal=True), default=50.0,
                       help=say(words("requests a second allowed per client (default: "
                                      "%(default)s)")))
    serve.set_defaults(handler=cmd_serve)


def _add_db(sub) -> None:
    db = sub.add_parser("db", help=say(words("manage the server's database")),
                        parents=[_db_option()],
                        description=say(words(
                            "upgrade: create or upgrade the schema (Alembic migrations; "
                            "'meeple serve' also does it on start). check: replay every "
                            "stored game and list those whose log no longer replays, with the "
                            "reason (exit status 1 if any; the server answers 503 for each of "
                            "them alone).")))
    db.add_argument("action", choices=["upgrade", "check"],
                    help=say(words("upgrade: to the newest schema; check: replay every stored "
                                   "game")))
    db.set_defaults(handler=cmd_db)


def _add_bench(sub) -> None:
    bench = sub.add_parser("bench", help=say(words("measure random-play speed")),
                           parents=[_json_option(say(words("print the table as JSON")))],
                           description=say(words("Random-play games per second for each "
                                                 "game.")))
    bench.add_argument("game", nargs="?", choices=GameNames(), metavar="GAME",
                       help=say(words("the game: %(choices)s")))
    bench.add_argument("--seconds", type=_number(0.1, decimal=True), default=3.0,
                       help=say(words("time per game, ≥ 0.1 (default: %(default)s)")))
    bench.set_defaults(handler=cmd_bench)


def _backend_problem(args) -> str | None:
    if args.address and args.backend != "ray":
        return "--address names a Ray cluster: give --backend ray too"
    return None


def _default_db() -> str:
    """Where ``meeple serve`` keeps its games unless told otherwise, for --help."""
    try:
        from .server.datadir import default_url
        return default_url()
    except ImportError:
        return say(words("a SQLite file in your data directory "
                         "(~/.local/share/meeple/meeple.db)"))


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    lang = _LANG[0] = early_language(arguments)
    if lang == "en":
        return _main(arguments)
    from .core.text import reading
    from .i18n import translate
    with reading(lambda value: translate(value, lang)):
        return _main(arguments)


def _main(argv: list[str]) -> int:
    parser = build_parser()
    if not argv:
        parser.print_help()               # ``meeple`` alone: what it does, as git says
        return 0
    args = parser.parse_args(argv)
    try:
        status = args.handler(args)
        sys.stdout.flush()          # a closed pipe is found here, not at Python's exit
        return status
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return _pipe_closed()


SIGPIPE_STATUS = 141
"""The exit status of a program that a closed pipe stopped (128 + SIGPIPE), as a shell
reports ``git log | head -1``'s git."""


def _pipe_closed() -> int:
    """The reader of our output has gone (``meeple simulate ... --json | head -1``): stop
    quietly, as git and grep do. Standard output is pointed at the null device so that
    Python's final flush of what is still buffered raises nothing either."""
    import os
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return SIGPIPE_STATUS


def _fail(message: Any) -> int:
    """``meeple: error: ...`` on stderr, exit status 1; an exception's own words (a
    ``Text`` the engine raised is said in the reader's language)."""
    from .core.errors import reason
    from .core.text import say
    if isinstance(message, BaseException):
        message = reason(message)
    print(f"meeple: error: {say(message)}", file=sys.stderr)
    return 1


def _plot_problem(path: str) -> str | None:
    """Why the --plot file cannot be drawn, asked before the games are played: the file
    must be writable, matplotlib must import, the name must end in a format it writes."""
    from .sim.output import writable_file
    from .sim.plot import check_image_path, require_matplotlib
    try:
        writable_file(path, "--plot file")
        require_matplotlib()
        check_image_path(path)
    except (RuntimeError, ValueError) as e:
        return str(e)
    return None


def cmd_play(args) -> int:
    from .sim.output import writable_file
    from .terminal.play import TerminalGame
    try:
        game, players, seed, actions = _play_setup(args)
        save = args.save or args.load
        if save is not None:
            writable_file(save, "--save file")
        session = TerminalGame(game, players, seed, save=save, hints=args.hints,
                               actions=actions, delay=args.delay)
    except ValueError as e:
        return _fail(e)
    from .core.text import nwords, say as told, words  # (this words: a Text with fields)
    seats = ", ".join(session.seats)
    opening = (nwords("{game}, seed {seed}, seats: {seats}, resumed after {n} action",
                      "{game}, seed {seed}, seats: {seats}, resumed after {n} actions",
                      len(actions), game=game.title, seed=seed, seats=seats)
               if actions else words("{game}, seed {seed}, seats: {seats}",
                                     game=game.title, seed=seed, seats=seats))
    session.console.print(told(opening))
    if actions and session.state.is_terminal():
        session.console.print(told(words(
            "The game in {file} is already over: here is its end ('meeple replay {file} "
            "--step' goes through it).", file=args.load)))
    session.run()
    return 0


def _play_setup(args) -> tuple:
    """The game, the seats, the seed and the actions already played (of --load);
    ValueError (RecordError) saying what is wrong."""
    import random

    from .games import load
    if args.load:
        return _resumed(args)
    if args.game is None:
        raise ValueError("name the game to play (meeple play GAME; 'meeple games' lists "
                         "them), or --load a saved one")
    players = args.players
    if players is None:
        players = ["human"] + ["greedy"] * (load(args.game, None, args.config).players - 1)
    game = load(args.game, len(players), args.config)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    return game, players, seed, []


def _resumed(args) -> tuple:
    """The game saved in ``args.load``, checked to replay, with its seats."""
    import random

    from .core.record import Record
    from .play.replay import replay
    record = Record.load(args.load)
    if args.game is None:
        args.game = record.game
    if record.game != args.game:
        raise ValueError(f"{args.load} holds a {record.game} game, not {args.game}")
    if args.config or args.seed is not None:
        raise ValueError("a saved game keeps its options and seed: drop --config and --seed")
    game = replay(record).game                     # RecordError naming a bad action
    if args.players:
        players = args.players
        if len(players) != record.players:
            raise ValueError(f"--players names {len(players)} seat"
                             f"{'' if len(players) == 1 else 's'}; the game in {args.load} "
                             f"has {record.players}")
    else:
        players = [s.get("agent", "") for s in
                   sorted(record.seats or [], key=lambda s: s["seat"])]
        if len(players) != record.players or not all(players):
            raise ValueError(f"{args.load} does not say who sat in each of its "
                             f"{record.players} seats: give --players")
    seed = record.seed if record.seed is not None else random.SystemRandom().randrange(1 << 31)
    return game, players, seed, record.actions


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

    from .terminal.report import summary_table
    from .sim.simulate import simulate
    if problem := _backend_problem(args):
        return _fail(problem)
    try:
        with _progress() as progress:
            task = progress.add_task(f"{args.game}", total=args.games)
            summary = simulate(args.game, args.agents, args.games, seed=args.seed,
                               workers=args.workers, config=args.config,
                               records_dir=args.records, backend=args.backend,
                               address=args.address,
                               progress=lambda n: progress.advance(task, n))
    except ValueError as e:
        return _fail(e)
    except OSError as e:          # a record that could not be written half-way
        return _fail(f"simulation stopped: {e}")
    if args.json:
        print(json.dumps(summary))
    else:
        Console().print(summary_table(summary))
    return 0


def cmd_tournament(args) -> int:
    from rich.console import Console

    from .games import load
    from .terminal.report import tournament_tables
    from .sim.tournament import schedule, tournament
    if problem := _backend_problem(args):
        return _fail(problem)
    try:
        players = load(args.game, args.players, args.config).players
        if args.plot is not None and (problem := _plot_problem(args.plot)):
            return _fail(problem)
        total = sum(len(d) for d in schedule(len(args.agents), players, args.games).values())
        with _progress() as progress:
            task = progress.add_task(f"{args.game} tournament", total=total)
            result = tournament(args.game, args.agents, args.games, players=players,
                                seed=args.seed, workers=args.workers, config=args.config,
                                backend=args.backend, address=args.address,
                                progress=lambda n: progress.advance(task, n))
    except ValueError as e:
        return _fail(e)
    console = Console()
    if args.json:
        print(json.dumps(result))
    else:
        for table in tournament_tables(result):
            console.print(table)
    return _save_plot(result, args.plot, console, quiet=args.json) if args.plot else 0


def _save_plot(result: dict, path: str, console: Console, quiet: bool) -> int:
    """Draw the tournament's scores into ``path``, after the results are printed, so
    that a failure here (a full disk) loses only the picture."""
    from .sim.plot import plot_scores
    try:
        plot_scores(result, path)
    except (OSError, RuntimeError, ValueError) as e:
        return _fail(f"cannot save the picture {path}: {e}")
    if not quiet:
        console.print(f"Score distributions saved to {path}")
    return 0


def cmd_replay(args) -> int:
    from .core.errors import RecordError
    from .core.record import Record
    from .terminal.replay_view import position
    from .play.replay import summary
    try:
        record = Record.load(args.file)
        state = position(record, args.at)            # checks --at for --step too
    except RecordError as e:
        return _fail(e)
    if args.json:
        print(json.dumps(summary(state)))
        return 0
    from rich.console import Console

    from .terminal.replay_view import show, step_through
    console = Console(highlight=False)
    if args.step:
        step_through(console, record, args.at or 0)       # --at checked above
    else:
        show(console, record, state)
    return 0


def cmd_games(args) -> int:
    from rich.console import Console

    from .games import load
    from .terminal.report import games_text
    rows = [load(name).describe() for name in ([args.game] if args.game else GAMES)]
    if args.json:
        print(json.dumps(rows))
    else:
        console = Console(highlight=False)
        console.print(games_text(rows, columns=console.width))
    return 0


def cmd_agents(args) -> int:
    from rich.console import Console

    from .agents import agent_classes
    from .terminal.report import agents_text
    names = [args.game] if args.game else list(GAMES)
    plays: dict[str, tuple[dict, list[str]]] = {}
    for name in names:
        for cls in agent_classes(GAMES[name]).values():
            plays.setdefault(cls.name, (cls.describe(), []))[1].append(name)
    rows = list(plays.values())
    if args.json:
        print(json.dumps([{**info, "games": games} for info, games in rows]))
    else:
        console = Console(highlight=False)
        console.print(agents_text(rows, names, columns=console.width))
    return 0


def cmd_bench(args) -> int:
    from rich.console import Console

    from .terminal.report import bench_table
    from .sim.bench import bench_all
    from contextlib import nullcontext
    err = Console(stderr=True)          # seconds of silence otherwise: say what runs
    what = args.game or "every game"
    with (err.status(f"measuring random play of {what}, {args.seconds:g} s a game …")
          if err.is_terminal else nullcontext()):
        rows = bench_all([args.game] if args.game else None, seconds=args.seconds)
    if args.json:
        print(json.dumps(rows))
        return 0
    Console().print(bench_table(rows))
    return 0


def cmd_rules(args) -> int:
    from rich.console import Console

    from . import rulebook
    from .i18n import choose
    from .terminal.rules_view import show_rulebook
    have = rulebook.languages(args.game)
    if not have:
        return _fail(f"there is no rules page for {args.game} yet")
    lang = args.lang or choose()
    if lang not in have:
        return _fail(f"the rules of {args.game} are written in {', '.join(have)}, "
                     f"not {lang!r}")
    show_rulebook(Console(highlight=False), rulebook.load(args.game, lang))
    return 0


def _web_missing() -> str | None:
    """Why the server cannot run here (its extra is not installed), or None."""
    try:
        import alembic, fastapi, sqlalchemy, uvicorn  # noqa: F401,E401
    except ImportError as e:
        return f"the server needs the 'web' extra ({e.name} is missing): pip install 'meeple[web]'"
    return None


def cmd_serve(args) -> int:
    problem = _web_missing()
    if problem:
        return _fail(problem)
    from .server.limits import limit_options
    from .server.quotas import quotas_of
    from .server.run import serve
    try:
        return serve(args.host, args.port, args.db, open_browser=args.open,
                     bot_workers=args.bot_workers, rate=args.rate, **limit_options(args),
                     quotas=quotas_of(args), workers=args.workers)
    except ValueError as e:
        return _fail(e)


def cmd_db(args) -> int:
    problem = _web_missing()
    if problem:
        return _fail(problem)
    from .server.run import upgrade_database
    try:
        print(upgrade_database(args.db))
    except ValueError as e:
        return _fail(e)
    return _db_check(args.db) if args.action == "check" else 0


def _db_check(url: str | None) -> int:
    """Replay every stored game; list the broken ones (exit status 1 if any)."""
    from .server.check import broken_games
    from .server.datadir import default_url
    with _progress() as progress:
        task = progress.add_task("replaying", total=None)
        broken = list(broken_games(url or default_url(), lambda done, of: progress.update(
            task, completed=done, total=of)))
        checked = progress.tasks[0].total or 0
    for game_id, game, reason in broken:
        print(f"{game_id} ({game}): {reason}")
    print(f"{checked} stored games replayed: " + (f"{len(broken)} do not replay"
                                                  if broken else "every one replays"))
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())

