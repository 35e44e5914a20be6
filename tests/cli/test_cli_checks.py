"""The command line refuses what it cannot do before it starts: numbers that are not plain
ASCII digits or are out of range, output places that cannot be written, a picture without
matplotlib. Each refusal is one clear line and an exit status, never a traceback, and
comes fast (the runs asked for would take hours) with nothing written."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time

import pytest
from rich.console import Console

from meeple.cli import main
from meeple.core.record import Record
from meeple.games import load
from meeple.sim.output import writable_dir, writable_file
from meeple.sim.simulate import simulate
from meeple.sim.tournament import tournament
from meeple.terminal.play import TerminalGame

LONG = ("--games", "100000")
"""A run that would take far longer than the test's timeout, were it started."""


def _command(args, pythonpath: str | None = None) -> dict:
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [pythonpath,
                                                          env.get("PYTHONPATH")]))
    return {"args": [sys.executable, "-m", "meeple.cli", *args], "env": env, "text": True}


def run(*args: str, stdin: str = "", cwd=None, pythonpath: str | None = None
        ) -> subprocess.CompletedProcess:
    return subprocess.run(**_command(args, pythonpath), input=stdin, capture_output=True,
                          timeout=30, cwd=cwd, check=False)


def refused(proc: subprocess.CompletedProcess, status: int, message: str) -> None:
    """``proc`` failed with ``status`` and ``message`` on stderr, nothing else to see."""
    assert proc.returncode == status, proc.stderr
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    lines = [line for line in proc.stderr.splitlines() if "error:" in line]
    assert len(lines) == 1, proc.stderr


SIMULATE = ("simulate", "catan-dice", "--agents", "random", *LONG)
TOURNAMENT = ("tournament", "catan-dice", "--agents", "random,greedy", *LONG)
BAD_ARGUMENTS = [
    ((*SIMULATE, "--workers", "0"), "argument --workers: must be a whole number ≥ 1, not '0'"),
    ((*SIMULATE, "--games", "0"), "argument --games: must be a whole number ≥ 1, not '0'"),
    ((*SIMULATE, "--games", "٣"), "argument --games: must be a whole number ≥ 1, not '٣'"),
    ((*TOURNAMENT, "--seed", "²"), "argument --seed: must be a whole number ≥ 0, not '²'"),
    ((*SIMULATE, "--seed", "-1"), "argument --seed: must be a whole number ≥ 0, not '-1'"),
    ((*TOURNAMENT, "--workers", "١"), "argument --workers: must be a whole number ≥ 1"),
    ((*TOURNAMENT, "--players", "1.5"), "argument --players: must be a whole number ≥ 1"),
    (("play", "catan-dice", "--seed", "7e3"), "argument --seed: must be a whole number ≥ 0"),
    (("bench", "--seconds", "٠.٥"), "argument --seconds: must be a number ≥ 0.1, not '٠.٥'"),
    ((*SIMULATE, "--config", '{"x": NaN}'),
     "argument --config: the value: NaN is not a number JSON allows"),
    ((*SIMULATE, "--config", "[]"), "argument --config: must be a JSON object of game options"),
]
"""Arguments argparse refuses, with the message: ``--games ٣`` is the Arabic-Indic digit
three, which int() reads as 3; int("²") raises although "²".isdigit()."""


@pytest.mark.parametrize("args, message", BAD_ARGUMENTS,
                         ids=[" ".join(args[-2:]) for args, _m in BAD_ARGUMENTS])
def test_bad_numbers_and_options_are_argparse_errors(capsys, args, message):
    """In this process, as a subprocess for each would take seconds: argparse's own exit
    (status 2) and message, and no other exception."""
    with pytest.raises(SystemExit) as stop:
        main(list(args))
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_a_bad_number_in_a_real_process():
    refused(run(*SIMULATE, "--games", "٣"), 2,
            "meeple simulate: error: argument --games: must be a whole number ≥ 1, not '٣'")


def test_a_bare_number_that_is_not_ascii_is_no_move_number():
    proc = run("play", "catan-dice", "--players", "human", "--seed", "4",
               stdin="²\n٣\nquit\n")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stdout.count("Not allowed") == 2


def test_save_into_a_missing_folder_or_onto_a_directory_is_refused(tmp_path):
    (tmp_path / "adir").mkdir()
    refused(run("play", "catan-dice", "--players", "human", "--save", "nowhere/game.json",
                cwd=tmp_path),
            1, "meeple: error: --save file nowhere/game.json: there is no folder nowhere")
    refused(run("play", "catan-dice", "--players", "human", "--save", "adir", cwd=tmp_path),
            1, "meeple: error: --save file adir is a directory, not a file")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["adir"]


def test_records_onto_a_file_or_into_a_missing_parent_is_refused_before_playing(tmp_path):
    (tmp_path / "taken").write_text("mine")
    start = time.perf_counter()
    refused(run("simulate", "catan-dice", "--agents", "random", "--records", "taken", *LONG,
                cwd=tmp_path),
            1, "meeple: error: records folder taken is a file, not a folder")
    refused(run("simulate", "catan-dice", "--agents", "random", "--records", "no/games",
                *LONG, cwd=tmp_path),
            1, "meeple: error: records folder no/games: there is no folder no")
    assert time.perf_counter() - start < 20
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]
    assert (tmp_path / "taken").read_text() == "mine"


@pytest.mark.parametrize("path, message", [
    ("nowhere/scores.png", "--plot file nowhere/scores.png: there is no folder nowhere"),
    ("scores.docx", "cannot draw scores.docx: the file name must end in one of "),
])
def test_a_plot_that_cannot_be_drawn_is_refused_before_playing(tmp_path, path, message):
    pytest.importorskip("matplotlib")
    refused(run("tournament", "catan-dice", "--agents", "random,greedy", "--plot", path,
                *LONG, cwd=tmp_path), 1, message)
    assert list(tmp_path.iterdir()) == []


def test_a_plot_without_matplotlib_is_refused_before_playing(tmp_path):
    """matplotlib really fails to import: a package of that name that raises ImportError
    comes first on the path."""
    fake = tmp_path / "fake" / "matplotlib"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('no matplotlib here')\n")
    proc = run("tournament", "catan-dice", "--agents", "random,greedy", "--plot",
               "scores.png", *LONG, cwd=tmp_path, pythonpath=str(tmp_path / "fake"))
    refused(proc, 1, "meeple: error: plotting needs matplotlib: pip install 'meeple[plot]'")
    assert not (tmp_path / "scores.png").exists()


def test_records_into_a_new_folder_whose_parent_exists(tmp_path):
    proc = run("simulate", "catan-dice", "--agents", "random", "--games", "2", "--json",
               "--records", str(tmp_path / "new"))
    assert proc.returncode == 0, proc.stderr
    names = sorted(p.name for p in (tmp_path / "new").iterdir())
    assert names == ["catan-dice-0.json", "catan-dice-1.json"]


def test_save_onto_an_existing_file_overwrites_it(tmp_path):
    saved = tmp_path / "game.json"
    saved.write_text("an older game")
    proc = run("play", "catan-dice", "--players", "human", "--seed", "4", "--save",
               str(saved), stdin="stop\nquit\n")
    assert proc.returncode == 0, proc.stderr
    assert Record.load(saved).actions[1] == "stop"


def test_a_save_that_fails_at_the_end_prints_the_record(tmp_path):
    """The folder checked at the start is gone at the end: the record goes to the screen."""
    folder = tmp_path / "games"
    folder.mkdir()
    out = io.StringIO()
    session = TerminalGame(load("catan-dice", 1), ["greedy"], 4, save=str(folder / "g.json"),
                           console=Console(file=out, width=80))
    folder.rmdir()
    session.run()
    text = out.getvalue()
    assert "Cannot save the record to" in text and "Here it is, to copy:" in text
    line = next(x for x in text.splitlines() if x.startswith('{"game"'))
    assert Record.from_json(json.loads(line)).actions == session.actions


def test_the_checks_leave_no_trace(tmp_path):
    """A probe leaves an existing file as it was, removes a file it made, and makes only
    the one folder asked for."""
    kept = tmp_path / "kept.json"
    kept.write_text("old")
    writable_file(kept, "file")
    writable_file(tmp_path / "new.json", "file")
    writable_dir(tmp_path / "records", "folder")
    assert kept.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.json", "records"]
    assert list((tmp_path / "records").iterdir()) == []
    with pytest.raises(ValueError, match="there is no folder"):
        writable_dir(tmp_path / "a" / "b", "folder")


def test_the_library_refuses_the_same_before_playing(tmp_path):
    with pytest.raises(ValueError, match="--workers must be at least 1"):
        simulate("catan-dice", ["random"], 100000, workers=0)
    with pytest.raises(ValueError, match="--games must be at least 1"):
        simulate("catan-dice", ["random"], 0)
    with pytest.raises(ValueError, match="--workers must be at least 1"):
        tournament("catan-dice", ["random", "greedy"], 100000, workers=0)
    with pytest.raises(ValueError, match="records folder .* there is no folder"):
        simulate("catan-dice", ["random"], 100000, records_dir=str(tmp_path / "a" / "b"))
    assert list(tmp_path.iterdir()) == []


def test_a_refused_option_is_said_in_the_reader_s_language():
    """The engine's refusal of an option is said in --lang's words (it was English)."""
    refused(run("play", "carcassonne", "--config", '{"deck": {"A": 7}}', "--lang", "cs"), 1,
            "meeple: error: carcassonne: volba 'deck': počet 'A' smí být nejvýše 6; zadáno 7")
    refused(run("play", "carcassonne", "--players", "human,mcts:iters=x", "--lang", "ru"), 1,
            "бот 'mcts': параметр 'iters': нужно целое число")
    refused(run("play", "carcassonne", "--players", "human,mcts:iters=x"), 1,
            "agent 'mcts' option 'iters' must be integer")


def test_the_command_list_is_in_the_reader_s_language():
    """``meeple --help`` named four games and listed every command but play and replay in
    English under LANG=cs."""
    env = {**os.environ, "LANG": "cs_CZ.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    said = subprocess.run([sys.executable, "-m", "meeple.cli", "--help"], env=env,
                          capture_output=True, text=True, timeout=30, check=True).stdout
    for czech in ("Osadníky z Katanu – Kostky a Katan", "odehrát mnoho her mezi boty",
                  "pravidla hry s obrázky", "spravovat databázi serveru", "Zápis každé hry"):
        assert czech in " ".join(said.split()), said
    english = run("--help").stdout
    assert "the Catan Dice Game and Catan" in " ".join(english.split())


def test_the_research_commands_help_is_in_the_reader_s_language():
    """``meeple simulate --help`` and ``meeple serve --help`` (its limits and quotas too)
    were English under LANG=cs, argparse's own words with them; English is as it was,
    argparse still filling in the defaults."""
    def shown(lang: str, *args: str) -> str:
        env = {**os.environ, "LANG": lang, "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "100"}
        said = subprocess.run([sys.executable, "-m", "meeple.cli", *args], env=env,
                              capture_output=True, text=True, timeout=30, check=True).stdout
        return " ".join(said.split())

    simulate, serve = shown("cs_CZ.UTF-8", "simulate", "--help"), shown("cs_CZ.UTF-8",
                                                                          "serve", "--help")
    for said in (simulate, serve):
        assert said.startswith("použití: meeple ")
        assert "volby: -h, --help vypsat tuto nápovědu a skončit" in said
    assert "poziční argumenty: GAME hra: carcassonne" in simulate
    assert "kolik her odehrát, ≥ 1 (výchozí: 100)" in simulate
    assert "souběžné procesy, ≥ 1 (výchozí: 1;" in simulate
    assert "Výchozí databáze: " in serve and "meeple.db" in serve
    assert "kolik her smí jedna adresa založit za hodinu (výchozí: 60;" in serve
    assert "kolik rozborů dohraných her smí mít jeden klient" in serve
    for english in ("usage:", "options:", "show this help message", "games to play",
                    "parallel processes", "The database by default", "games one address "
                    "may create", "reviews of finished games"):
        assert english not in simulate + serve, english
    english = shown("C", "simulate", "--help")
    assert english.startswith("usage: meeple simulate ")
    assert "games to play, ≥ 1 (default: 100)" in english
    assert "options: -h, --help show this help message and exit" in english
