"""The board is on screen when a person moves (issue 25, terminal review H1, H2, H4):
``meeple play`` in pseudo-terminals of 80x24 and 120x45, read as the last screen shows it."""
from __future__ import annotations

import os
import re
import sys

import pexpect
import pytest

from screen import screen

PROMPT = r"seat \d> "
SIZES = [(24, 80), (45, 120)]


def spawn(rows: int, columns: int, *args: str) -> pexpect.spawn:
    """``meeple play ARGS`` in a pseudo-terminal of ``rows`` × ``columns``."""
    env = {**os.environ, "TERM": "dumb", "COLUMNS": str(columns), "LINES": str(rows)}
    child = pexpect.spawn(sys.executable, ["-m", "meeple.cli", "play", *args], env=env,
                          encoding="utf-8", timeout=60, dimensions=(rows, columns))
    child.seen = ""
    return child


def until(child: pexpect.spawn, pattern) -> str:
    """Wait for ``pattern``; what came before it. Everything read is kept in ``seen``."""
    child.expect(pattern)
    child.seen += child.before + child.after
    return child.before


def place_first_fit(child: pexpect.spawn) -> None:
    """At a placement's prompt: ask for help and place the tile at the first place listed."""
    child.sendline("help")
    text = until(child, PROMPT)
    x, y, degrees = re.search(r"\((-?\d+),(-?\d+)\):(\d+)", text.split("with (X,Y):R")[1]
                              ).groups()
    child.sendline(f"{x} {y} {degrees}")
    until(child, PROMPT)


def last_tile(output: str) -> tuple[str, str]:
    """The x and y of the tile placed last in the move log of ``output`` (a move in words,
    then the form typed for it: ``blue placed a road ... — (-1,0):90``, maybe wrapped)."""
    return re.findall(r" placed [^—]*—\s+\((-?\d+),(-?\d+)\):\d+", output)[-1]


def assert_board_and_prompt(lines: list[str], x: str, y: str) -> None:
    """The screen shows the board around the tile at (x, y), labelled on every side, and
    the prompt on its last line."""
    text = "\n".join(lines)
    assert re.fullmatch(PROMPT, lines[-1].rstrip() + " "), text
    assert re.search(rf"▼{x}\b", text) and re.search(rf"▲{x}\b", text), text
    assert re.search(rf"^ *{y}▶", text, re.M) and re.search(rf"◀{y}$", text, re.M), text


@pytest.mark.parametrize("rows, columns", SIZES)
@pytest.mark.parametrize("name", ["carcassonne", "hunters-gatherers"])
def test_after_several_turns_the_last_tile_and_the_prompt_share_the_screen(name, rows, columns):
    child = spawn(rows, columns, name, "--players", "human,greedy", "--seed", "4")
    until(child, PROMPT)
    legend = child.seen.count("legend:")
    for turn in range(6):
        place_first_fit(child)
        lines = screen(child.seen, rows, columns)
        assert_board_and_prompt(lines, *last_tile(child.seen))      # our tile, just placed
        child.sendline("pass")
        until(child, PROMPT)
        lines = screen(child.seen, rows, columns)
        assert_board_and_prompt(lines, *last_tile(child.seen))      # the bot's, then ours
        assert len(lines) == rows and "drew" in "\n".join(lines)
    assert legend == 1 and child.seen.count("legend:") == 1 + 6   # once, then on each help
    child.sendline("board")
    until(child, PROMPT)
    assert_board_and_prompt(screen(child.seen, rows, columns), *last_tile(child.seen))
    child.sendline("quit")
    child.expect(r"Leave and lose it\? \(y/N\)")         # not saved: asked first
    child.sendline("y")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("rows, columns", SIZES)
def test_watching_bots_draws_the_board_after_every_move(rows, columns):
    child = spawn(rows, columns, "carcassonne", "--players", "greedy,greedy", "--seed", "2",
                  "--delay", "0.01")
    for move in range(6):                 # place, then pass or a follower: each drawn
        until(child, r"(red|blue) (placed|put)[^\r\n]*\r\n")
        until(child, r"▲-?\d+[^\n]*\n")
        text = "\n".join(screen(child.seen, rows, columns))
        x, y = last_tile(child.seen)
        assert re.search(rf"▼{x}\b", text) and re.search(rf"◀{y}$", text, re.M), text
    child.terminate(force=True)


def test_jaeger_sammler_moves_are_found_by_their_fields(tmp_path):
    """``help 1,10`` lists only the moves naming that field, numbered as in the whole
    list, under the board with where they end marked; fields typed pick a move."""
    save = tmp_path / "game.json"
    child = spawn(24, 80, "jaeger-sammler", "--players", "human,greedy", "--seed", "3",
                  "--save", str(save))
    until(child, PROMPT)
    child.sendline("help 1,10")
    text = until(child, PROMPT)
    head = re.search(r"(\d+) of the (\d+) legal moves", text)
    assert head and int(head.group(1)) < int(head.group(2)) // 2, text
    assert "◆" in text and "pawn 1,1 " not in text and "pawn 1,10 " in text
    entries = re.findall(r"via (\d+,\d+) [^:]*: +((?:\d+ \d+,\d+ *)+)", text)
    assert entries and len(text.splitlines()) < 40
    child.sendline("1,10 0,9")                   # two moves go from 1,10 to 0,9
    text = until(child, PROMPT)
    assert "2 moves name 1,10 0,9" in text and "1,10>1,9>0,9" not in child.seen
    child.sendline("1,10 1,9 0,9")
    until(child, r"red \(you\) moved [^—]*—\s+1,10>1,9>0,9")
    until(child, PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def board_rows(lines: list[str]) -> list[int]:
    """The tile rows of the board on screen, by the row labels on its left margin."""
    return [int(m.group(1)) for line in lines
            if (m := re.match(r" *(-?\d+)(?:▶| ) .*(?:◀-?\d+| -?\d+)$", line.rstrip()))]


@pytest.mark.parametrize("rows, columns", SIZES)
@pytest.mark.parametrize("name", ["carcassonne", "hunters-gatherers"])
def test_five_players_leave_the_board_four_tile_rows(name, rows, columns):
    """With five seats the status took a line per seat and the board kept 2 tile rows at
    80x24; now the seats share a line or two. Turns are counted in rounds, as players
    count them (``turn 71`` counted every seat's turn)."""
    child = spawn(rows, columns, name, "--players", "human," + ",".join(["greedy"] * 4),
                  "--seed", "4")
    until(child, PROMPT)
    for round_ in (2, 3):
        place_first_fit(child)
        child.sendline("pass")
        until(child, PROMPT)
        lines = screen(child.seen, rows, columns)
        text = "\n".join(lines)
        assert len(board_rows(lines)) >= 4, text
        assert f"round {round_}:" in text and not re.search(r"\bturn \d", text), text
    child.terminate(force=True)


@pytest.mark.parametrize("rows, columns", SIZES)
def test_the_bots_moves_between_yours_are_told_in_words(rows, columns):
    """The bots' moves were printed as notation (``seat 1: place L53 0 1 270``); now in
    the engine's words (the server log's), after the seat's colour, the form a person types
    beside them."""
    child = spawn(rows, columns, "hunters-gatherers", "--players", "human,greedy,greedy",
                  "--seed", "5")
    until(child, PROMPT)
    place_first_fit(child)
    child.sendline("pass")
    log = until(child, PROMPT)
    for colour in ("blue", "yellow"):
        assert re.search(rf"{colour} placed [^—]*of the\s+starting tile\s+—\s+\(-?\d+,-?\d+\):\d+",
                         log), log
    assert "red (you) put no tribe member or hut on the tile" in log
    assert not re.search(r"seat \d: |place L\d+ -?\d", log), log
    child.terminate(force=True)


@pytest.mark.parametrize("lang, prompt, among", [("cs", r"hráč \d> ", "jedno z"),
                                                 ("ru", r"игрок \d> ", "одно из")])
@pytest.mark.parametrize("name", ["carcassonne", "hunters-gatherers"])
def test_the_screen_fits_80x24_in_czech_and_russian_too(name, lang, prompt, among):
    """Longer words, the same room: the status, the drawn tile's lines and the prompt in
    Czech or Russian still leave the board on an 80x24 screen with the prompt."""
    rows, columns = 24, 80
    child = spawn(rows, columns, name, "--players", "human,greedy,greedy", "--seed", "4",
                  "--lang", lang)
    until(child, prompt)
    for _ in range(4):
        child.sendline("help")
        text = until(child, prompt)
        x, y, degrees = re.search(r"\((-?\d+),(-?\d+)\):(\d+)", text.split(among)[1]).groups()
        child.sendline(f"{x} {y} {degrees}")
        until(child, prompt)
        child.sendline("pass")
        until(child, prompt)
        lines = screen(child.seen, rows, columns)
        text = "\n".join(lines)
        assert len(lines) == rows and re.fullmatch(prompt, lines[-1].rstrip() + " "), text
        assert "▼" in text and "▲" in text and "◀" in text, text
        assert len(board_rows(lines)) >= 3, text
    child.terminate(force=True)
