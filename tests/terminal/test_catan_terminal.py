"""Catan at the terminal (issue 28): a person plays the set-up and several turns against two
random bots in pseudo-terminals of 80x24 and 120x45 — building by node ids, a bank trade,
an offer to the players, the robber and discards when they come — and at every prompt the
map, the panel and the line saying what to do are on the last screen, within its width."""
from __future__ import annotations

import os
import re
import sys

import pexpect
import pytest

from screen import screen

PROMPT = r"seat 0> "
SIZES = [(24, 80), (45, 120)]


def spawn(rows: int, columns: int) -> pexpect.spawn:
    env = {**os.environ, "TERM": "dumb", "COLUMNS": str(columns), "LINES": str(rows)}
    child = pexpect.spawn(sys.executable, ["-m", "meeple.cli", "play", "catan", "--players",
                                           "human,random,random", "--seed", "5"],
                          env=env, encoding="utf-8", timeout=60, dimensions=(rows, columns))
    child.seen = ""
    return child


def until(child: pexpect.spawn) -> str:
    child.expect(PROMPT)
    child.seen += child.before + child.after
    return child.before


def say(child: pexpect.spawn, text: str) -> str:
    child.sendline(text)
    return until(child)


def check_screen(child: pexpect.spawn, rows: int, columns: int) -> str:
    """The map, the panel and the prompt are all on the last screen; the line above the
    prompt says what to do. Returns that line."""
    lines = screen(child.seen, rows, columns)
    text = "\n".join(lines)
    assert lines[-1].startswith("seat 0>"), text
    assert "<9>" in text and "<0>" in text and "<18>" in text, text     # the whole map
    assert "bank " in text and "red (you)" in text, text                 # the panel
    assert all(len(line) <= columns for line in lines)
    return lines[-2]


@pytest.mark.parametrize("rows, columns", SIZES)
def test_a_person_plays_the_set_up_and_turns_with_trades(rows, columns):
    child = spawn(rows, columns)
    until(child)
    if columns >= 120:
        assert "│" in child.seen and re.search(r"[╱╲]\d", child.seen)   # edge ids shown
    for _ in range(2):                                   # the set-up: settlement, road
        todo = check_screen(child, rows, columns)
        assert "settlement N" in todo, todo
        help_text = say(child, "help")
        node = re.search(r"settlement N, N one of: (\d+)", help_text).group(1)
        say(child, f"settlement {node}")
        todo = check_screen(child, rows, columns)
        assert f"road {node} M" in todo, todo
        help_text = say(child, "help")
        a, b = re.search(r"road E or road A B: \d+ \((\d+)-(\d+)\)", help_text).groups()
        say(child, f"road {a} {b}")                      # a road named by its two nodes
    banked = offered = False
    for _ in range(60):
        todo = check_screen(child, rows, columns)
        if "roll" in todo and "first play" in todo:
            say(child, "roll")
        elif "discard" in todo:
            example = re.search(r"discard (\d+) cards, e\.g\. ([a-z ]+) \(", say(child, "help"))
            say(child, f"discard {example.group(2)}")
        elif "move the robber" in todo:
            hexes = re.search(r"robber H \(\+ whom\): (\d+)( [a-z]+)?", say(child, "help"))
            say(child, f"robber {hexes.group(1)}{hexes.group(2) or ''}")
        elif "accept, decline" in todo:
            say(child, "decline")
        elif "cancel" in todo:                            # answers to our offer are in
            partners = re.search(r"trade with: ([a-z]+)", say(child, "help"))
            out = say(child, f"trade {partners.group(1)}" if partners else "cancel")
            assert "→" in out or "closed" in out or "cancel" in out, out
        elif "build (" in todo:
            panel = say(child, "trade")                   # the trade panel
            assert "with the bank:" in panel and "your hand:" in panel, panel
            bank = re.search(r"with the bank: (\d) ([a-z]+) for ([a-z]+)", panel)
            if bank and not banked:
                out = say(child, f"bank {bank.group(1)} {bank.group(2)} for "
                                 f"{bank.group(3)}")
                assert "to the bank for" in out, out
                banked = True
                continue
            offers = re.search(r"offer GIVE for GET: \d+ possible, e\.g\. offer ([a-z ]+) "
                               r"for ([a-z ]+) \(", say(child, "help offer"))
            if offers and not offered:
                gives, asks = offers.groups()
                out = say(child, f"offer {gives} for {asks}")
                assert "offer" in out, out
                offered = True
                continue
            if banked and offered:
                break
            say(child, "end")
        else:
            raise AssertionError(f"what to do? {todo}")
    assert banked and offered, child.seen[-3000:]
    child.sendline("board all")
    until(child)
    assert "<9>" in child.seen[-8000:]
    child.sendline("quit")
    child.expect(r"Leave and lose it\? \(y/N\)")
    child.sendline("y")
    child.expect(pexpect.EOF)
