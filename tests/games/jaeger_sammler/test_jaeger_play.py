"""Terminal play, the drawing, and the greedy bot."""
from __future__ import annotations

import random
import re
import subprocess
import sys

import meeple
from meeple.core.record import Record
from meeple.play.runner import make_agents, play_game
from meeple.sim.simulate import simulate

from helpers import legal_help, picture


def test_a_person_plays_against_greedy_in_the_terminal(tmp_path):
    saved = tmp_path / "game.json"
    moves = ["help", "move 1,1>1,3>1,4", "999", "17", "board", "remove 1,3", "remove 1,10",
             "remove 8,1", "remove 8,10"]
    proc = subprocess.run([sys.executable, "-m", "meeple.cli", "play", "jaeger-sammler",
                           "--players", "human,greedy", "--seed", "3", "--save", str(saved)],
                          input="\n".join(moves) + "\n", capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "legal moves (type one, or its number)" in out
    assert "pawn 1,1 (summer settlement)" in out
    assert re.search(r"via 1,2 tubers: .* 17 1,3 ", out)     # 17 is move 1,1>1,2>1,3
    assert "Not allowed: move 1,1>1,3>1,4: 1,3 is not next to 1,1" in out
    assert "No move numbered 999" in out
    assert re.search(r"red \(you\) moved a pawn [^—]*—\s+1,1>1,2>1,3", out)   # by number
    assert "Final scores" in out and "Score breakdown" in out
    record = Record.load(saved)
    assert record.actions[1] == "move 1,1>1,2>1,3"
    assert meeple.replay(record).is_terminal()


def test_render_draws_the_hex_board_pawns_settlements_and_crates():
    game = meeple.load("jaeger-sammler", 2)
    state = game.new_state(3)
    assert "set-up" in picture(state, 0)
    state.apply(state.sample_chance())
    state.apply("move 1,1>1,2>1,3")
    text = picture(state, 0)
    assert isinstance(text, str)
    lines = text.splitlines()
    assert lines[1].split() == [str(c) for c in range(12)]    # column numbers
    assert lines[3].startswith("  1    ")                      # odd rows shifted
    assert "[bold white on red]ju0[/]" in text                # seat 0's pawn on a jug
    plain = re.sub(r"\[[^\]]*\]", "", text)
    assert "S *" in plain and "W  " in plain                  # settlements
    assert "seat 0 (you)" in plain and "face down 1 summer + 0 winter" in plain
    assert "tuber" not in plain.split("settlements and caves:")[1]  # face-down kinds hidden
    help_text = legal_help(state)
    a, b, c = state.legal_actions()[0][1]                      # number 1, seat 1's first pawn
    assert f"[bold]pawn {a}[/] (" in help_text
    assert re.search(rf"\n  via {b} \w+: +1 {c} ", help_text)
    numbered = game.drawing.numbered(state.view(1), state.legal_actions())
    assert numbered[0] == state.legal_actions()[0]


def test_the_final_picture_reveals_the_collections():
    game = meeple.load("jaeger-sammler", 2)
    result = play_game(game, make_agents(game, ["random", "random"], 4), 4)
    text = picture(result.state, None)
    assert "game over" in text and "revealed:" in text and "points" in text


def test_greedy_plays_legal_moves_and_games_of_greedy_bots_end():
    game = meeple.load("jaeger-sammler", 3)
    result = play_game(game, make_agents(game, ["greedy"] * 3, 2), 2)
    assert result.state.is_terminal() and result.state.turns < 400
    assert meeple.replay(result.record).scores() == result.scores


def test_greedy_beats_random_by_far():
    summary = simulate("jaeger-sammler", ["greedy", "random", "random"], 8, seed=5)
    greedy, *others = summary["seats"]
    assert greedy["win_rate"] >= 0.75
    assert greedy["mean"] > 1.8 * max(s["mean"] for s in others)


def test_greedy_choice_depends_only_on_the_rng_it_is_given():
    game = meeple.load("jaeger-sammler", 2)
    state = game.new_state(6)
    state.apply(state.sample_chance())
    picks = {str(game.policy.greedy_action(state, random.Random(1))) for _ in range(3)}
    assert len(picks) == 1 and state.check(state.parse(picks.pop())) is None
