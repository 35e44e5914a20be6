"""Terminal play's findings of the terminal review (audits/terminal.md M1, M5, M6, L6),
played through a pseudo-terminal as a person plays them."""
from __future__ import annotations

import os
import re
import sys

import pexpect
import pytest
from rich.text import Text

import meeple
from meeple.core.record import Record

PROMPT = r"seat \d> "


def spawn(*args: str) -> pexpect.spawn:
    env = {**os.environ, "TERM": "dumb", "COLUMNS": "200", "LINES": "60"}
    return pexpect.spawn(sys.executable, ["-m", "meeple.cli", "play", *args], env=env,
                         encoding="utf-8", timeout=60, dimensions=(60, 200))


def test_leaving_jaeger_sammler_shows_no_hidden_value(tmp_path):
    """M1: a quit printed every seat's face-down tiles' points and the totals with them."""
    save = tmp_path / "peek.json"
    child = spawn("jaeger-sammler", "--seed", "3", "--save", str(save))
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    tail = child.before
    assert "Scores stay hidden until the game ends" in tail
    assert "Score breakdown" not in tail and "Scores so far" not in tail
    assert "shown at the end" not in tail


def _carcassonne_x() -> tuple[str, list[str]]:
    state = meeple.load("carcassonne").new_state(1489381059)
    while state.current_player < 0:
        state.apply(state.sample_chance())
    return state.view(0)["tile"], [str(a) for a in state.legal_actions()]


def test_the_taught_placement_form_gets_the_engines_reason():
    """M5: ``(5,5):0`` said "unknown action"; ``place X 5 5 0`` gave the real reason."""
    tile, legal = _carcassonne_x()
    assert f"place {tile} 5 5 0" not in legal
    child = spawn("carcassonne", "--seed", "1489381059")
    child.expect(PROMPT)
    for typed in ("(5,5):0", "5 5 0", "place 5 5 0"):
        child.sendline(typed)
        child.expect(r"Not allowed: ([^\r\n]*)")
        reason = child.match.group(1)
        assert "unknown action" not in reason
        assert f"place {tile} 5 5 0" in reason and "does not touch" in reason
        child.expect(PROMPT)
    child.sendline("quit")
    child.expect(r"\(y/N\)")
    child.sendline("y")
    child.expect(pexpect.EOF)


def test_quit_without_save_asks_first(tmp_path):
    """M6: ``quit`` without --save threw the game away with no word."""
    child = spawn("carcassonne", "--seed", "4")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(r"not saved.*Leave and lose it\? \(y/N\)")
    child.sendline("n")
    child.expect(PROMPT)                       # still playing
    child.sendline("quit")
    child.expect(r"\(y/N\)")
    child.sendline("y")
    child.expect("Game left unfinished, and not saved")
    child.expect(pexpect.EOF)


def test_quit_with_save_asks_nothing(tmp_path):
    save = tmp_path / "g.json"
    child = spawn("carcassonne", "--seed", "4", "--save", str(save))
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "(y/N)" not in child.before and save.exists()


def _catan_end_with_a_build_at_hand() -> int:
    """A seed whose first roll, kept, lets something be built."""
    for seed in range(5, 60):
        state = meeple.load("catan-dice").new_state(seed)
        while state.current_player < 0:
            state.apply(state.sample_chance())
        state.apply("stop")
        while state.current_player < 0:
            state.apply(state.sample_chance())
        if any(a[0] == "build" for a in state.legal_actions()):
            return seed
    raise AssertionError("no seed found")


def test_ending_a_catan_dice_turn_with_nothing_built_asks_first(tmp_path):
    """M6: ``end`` with something affordable wrote an X at once, past undo."""
    seed = _catan_end_with_a_build_at_hand()
    save = tmp_path / "g.json"
    child = spawn("catan-dice", "--seed", str(seed), "--save", str(save))
    child.expect(PROMPT)
    child.sendline("stop")
    child.expect(PROMPT)
    child.sendline("end")
    child.expect(r"Nothing is built this turn, though .* can be: end writes an X")
    child.expect(r"Play end anyway\? \(y/N\)")
    child.sendline("")
    child.expect("Not played")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert Record.load(save).actions[-1] == "stop"          # no X written
    child = spawn("catan-dice", "--load", str(save))
    child.expect(PROMPT)
    child.sendline("end")
    child.expect(r"\(y/N\)")
    child.sendline("y")
    child.expect(r"red (\(you\) )?[^\r\n]*ended the turn")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert Record.load(save).actions[-1] != "stop"


def test_a_solo_game_ends_with_a_score_not_a_winner():
    """L6: solo Catan Dice printed ``Winner: seat 0 (human)``."""
    child = spawn("catan-dice", "--players", "greedy", "--seed", "2")
    child.expect(r"Final score -?\d+\.")
    child.expect(pexpect.EOF)
    assert "Winner" not in child.before


def test_the_last_line_names_seats_by_colour():
    """L6: ``Final scores [48, 80]. Winner: seat 1 (greedy).``: a Python list, seat numbers."""
    child = spawn("carcassonne", "--players", "greedy,greedy", "--seed", "3")
    child.expect(r"Final scores: red (\d+), blue (\d+)\. Winner: (red|blue) \(seat ([01]), "
                 r"greedy\)\.")
    red, blue, colour, seat = child.match.groups()
    assert (colour == "red") == (int(red) > int(blue)) and (seat == "0") == (colour == "red")
    child.expect(pexpect.EOF)


def test_ctrl_u_keeps_the_prompt():
    """L5: Ctrl-U erased the prompt with the line (readline did not know the prompt: rich
    printed it before input()), leaving an empty line with no ``seat 0>``."""
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120", "LINES": "45"}
    child = pexpect.spawn(sys.executable, ["-m", "meeple.cli", "play", "catan-dice",
                                           "--seed", "3"],
                          env=env, encoding="utf-8", timeout=60, dimensions=(45, 120))
    child.expect(r"seat 0>")
    child.send("abc")
    child.expect("abc")
    child.send("\x15")                                   # Ctrl-U: discard the line
    child.sendline("help")                               # what is typed next still runs
    child.expect(r"stop")
    erased = child.before
    assert "\r\x1b[K" not in erased, repr(erased)        # no return to column 0 and erase
    child.expect(r"seat 0>")
    child.sendline("quit")
    child.expect(r"\(y/N\)")
    child.sendline("y")
    child.expect(pexpect.EOF)


def test_the_prompt_line_and_the_words_of_the_tile_games():
    """L1: ``place X X Y R`` (placeholders named like tiles); L6: ``1 followers``,
    ``monastery at (-1, 1)`` where every other message writes ``(-1,1)``."""
    tile, _ = _carcassonne_x()
    child = spawn("carcassonne", "--seed", "1489381059")
    child.expect(PROMPT)
    seen = child.before
    assert f"place {tile} at (x,y):degrees" in seen and "X Y R" not in seen
    child.sendline("quit")
    child.expect(r"\(y/N\)")
    child.sendline("y")
    child.expect(pexpect.EOF)
    game = meeple.load("carcassonne")
    table = game.drawing.table                 # (the status counts, so no plural to miss)
    assert table.in_hand == "followers in hand"
    assert table.seat_status({"supply": [1, 7]}, 0) == "1"
    texts = []
    state = game.new_state(11)
    from meeple.agents import make_agent
    bots = [make_agent("greedy", game, 1), make_agent("greedy", game, 2)]
    while not state.is_terminal():
        p = state.current_player
        state.apply(state.sample_chance() if p < 0 else bots[p].act(state))
    for seat in state.score_breakdown()["seats"]:
        texts += [item["text"] for item in seat["items"]]
    assert not any(re.search(r"\(-?\d+, -?\d+\)", t) for t in texts), texts


def test_an_unknown_action_lists_a_players_moves_first():
    """L6: Jäger und Sammler's error listed ``actions: setup, move, remove``; setup is no
    player's move."""
    state = meeple.load("jaeger-sammler").new_state(3)
    while state.current_player < 0:
        state.apply(state.sample_chance())
    try:
        state.apply("jump 1,1")
    except meeple.IllegalAction as e:
        message = str(e)
    assert "moves: move, remove (and chance's: setup)" in message, message
    carcassonne = meeple.load("carcassonne").new_state(1)
    try:
        carcassonne.apply("jump")
    except meeple.IllegalAction as e:
        assert "moves: place, follower, pass (and chance's: draw)" in str(e), str(e)


def test_the_tile_games_mark_your_seat():
    """L6: Jäger und Sammler marked the viewer's seat ``(you)``; the tile games did not."""
    for name in ("carcassonne", "hunters-gatherers"):
        game = meeple.load(name)
        state = game.new_state(2)
        mine = Text.from_markup(game.drawing.picture(state.view(1), width=120)).plain
        public = game.drawing.picture(state.view(None), width=120)
        assert "blue (you) 0" in mine and "red (you)" not in mine
        assert "(you)" not in public


def test_catan_dice_shows_every_sheet_within_80_columns():
    """L11: only your own sheet was shown (the others as totals), and at 80 columns the
    score row wrapped as ``total 0  (X`` / ``= -2)``."""
    from rich.text import Text
    game = meeple.load("catan-dice", players=3)
    state = game.new_state(5)
    while state.current_player < 0:
        state.apply(state.sample_chance())
    lines = [Text.from_markup(line).plain
             for line in game.drawing.picture(state.view(0), width=80).splitlines()]
    rows = [line for line in lines if "│ total" in line]
    assert [r.split("│")[0] for r in rows] == ["score ", "blue  ", "green "]
    assert all(len(r) <= 80 for r in rows)
    assert len({r.index("│") for r in rows}) == 1          # the boxes line up
    dice = [line for line in lines if "after roll" in line or line.startswith("dice:")]
    assert dice and all(len(line) <= 80 for line in dice)


def test_chance_is_told_in_words():
    """L6: ``chance: draw X`` is engine jargon in the move log."""
    child = spawn("carcassonne", "--players", "greedy,greedy", "--seed", "3")
    child.expect(r"tile drawn: [A-X]\r?\n")
    child.expect(pexpect.EOF)
    assert "chance: draw" not in child.before
    child = spawn("catan-dice", "--players", "greedy", "--seed", "3")
    child.expect(r"dice rolled: [a-z]+ [a-z]+")
    child.expect(pexpect.EOF)


def test_jaeger_sammler_counts_rounds_as_players_do():
    """L6: ``turn 13`` counted every seat's turn; a round is every seat's move once."""
    game = meeple.load("jaeger-sammler")
    state = game.new_state(3)
    while state.current_player < 0:
        state.apply(state.sample_chance())
    for _ in range(4):                                   # two moves of each seat
        state.apply(state.legal_actions()[0])
    picture = Text.from_markup(game.drawing.picture(state.view(0), width=80)).plain
    assert "summer, round 3, seat 0 to move" in picture and "turn 5" not in picture


@pytest.mark.parametrize("name,players", [
    ("catan-dice", 1), ("catan-dice", 2), ("catan-dice", 3), ("catan-dice", 4),
    ("carcassonne", 5), ("hunters-gatherers", 5), ("jaeger-sammler", 3),
    ("jaeger-sammler", 4), ("catan", 4)])
def test_the_picture_fits_the_rows_the_terminal_leaves_it(name, players):
    """At 80x24 the picture must leave the prompt on screen: the 2-player Catan Dice sheet
    ran a row past it in some positions, Jäger und Sammler's four seats two rows, a tile
    game's note on a cut board one (its line wrapped); whatever the position, the picture
    fits the height it is given (21 and 23 rows: the terminal's 24 less the prompt and the
    moves printed since)."""
    import random
    from meeple.core.render import rows_taken
    game = meeple.load(name, players=players)
    for seed in range(2):
        state, rng = game.new_state(seed), random.Random(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            if state.current_player < 0:
                state.apply(state.sample_chance(rng))
                continue
            view = state.view(state.current_player)
            for height in (21, 23):
                picture = game.drawing.fitted(view, 80, height)
                assert rows_taken(picture, 80) <= height, picture
            state.apply(rng.choice(state.legal_actions()))
    if name == "catan-dice":
        assert "costs:" in game.drawing.legend()       # left out of a short picture
