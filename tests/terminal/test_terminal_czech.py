"""Terminal play in the reader's language (issue 26): ``meeple play --lang cs`` and
``LANG=ru_RU.UTF-8 meeple play``, played through a pseudo-terminal at 80x24 as a person
plays: the prompt, the help, a move, the bots' moves, an event, the score breakdown and the
end. No English word of a stop-list is on the screens, once the notation the player types
(the commands, the moves, the feature kinds of ``follower KIND LOC``) is set aside."""
from __future__ import annotations

import os
import re
import sys

import pexpect

from screen import screen
from test_screen_fits import until

ROWS, COLUMNS = 24, 80
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
NOTATION = re.compile(
    r"\b(place|follower|pass|hut|help|undo|board|all|legend|quit|draw|move|remove|road|city|"
    r"field|monastery|forest|river|meadow|human|greedy|docs|save|load|default|Jäger|und|"
    r"Sammler|Carcassonne|COLUMNS|KIND|LOC|FILE|FIELD|[NESWC]|[NESW][nesw])\b")
"""What a person types or names at the prompt (commands, moves, kinds, agent specs, file
options) and the games' own names: not English sentences."""
STOP = re.compile(r"\b(the|and|your|you|turn|tile|tiles|points|point|seat|round|drew|placed|"
                  r"fits|legal|left|game|over|score|scores|breakdown|with|of|to|is|it|"
                  r"nothing|winner|pawn|pawns|crates|weapons|mammoths|summer|winter|took)\b",
                  re.I)


def spawn(*args: str, lang: str | None = None) -> pexpect.spawn:
    env = {**os.environ, "TERM": "dumb", "COLUMNS": str(COLUMNS), "LINES": str(ROWS)}
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    env["LANG"] = lang or "C.UTF-8"
    child = pexpect.spawn(sys.executable, ["-m", "meeple.cli", "play", *args], env=env,
                          encoding="utf-8", timeout=90, dimensions=(ROWS, COLUMNS))
    child.seen = ""
    return child


def leave(child: pexpect.spawn, question: str, yes: str) -> None:
    """``quit``, the unsaved game's question answered yes in the reader's language, and the
    end of the program (its last screens kept in ``seen``)."""
    child.sendline("quit")
    until(child, question)
    child.sendline(yes)
    child.expect(pexpect.EOF)
    child.seen += child.before


def english(text: str, notation: re.Pattern = NOTATION, stop: re.Pattern = STOP) -> list[str]:
    """The stop-list's English words in ``text``, the notation set aside."""
    plain = notation.sub(" ", ESCAPE.sub("", text))
    return sorted({m.group().lower() for m in stop.finditer(plain)})


def test_carcassonne_in_czech():
    prompt = r"hráč 0> "
    child = spawn("carcassonne", "--players", "human,greedy", "--seed", "4", "--lang", "cs")
    until(child, prompt)
    assert "Napište tah" in child.seen and "legenda:" in child.seen
    lines = screen(child.seen, ROWS, COLUMNS)
    assert lines[-1].startswith("hráč 0>") and any("▼" in line for line in lines)
    for turn in range(8):
        child.sendline("help")
        text = until(child, prompt)
        assert "Přiložte kartu" in text, text
        x, y, degrees = re.search(r"\((-?\d+),(-?\d+)\):(\d+)", text.split("jedno z")[1]
                                  ).groups()
        child.sendline(f"{x} {y} {degrees}")
        text = until(child, prompt)
        assert "přiložil" in text and "její části:" in text, text
        child.sendline("pass")
        until(child, prompt)
        lines = screen(child.seen, ROWS, COLUMNS)
        assert len(lines) == ROWS and lines[-1].startswith("hráč 0>"), "\n".join(lines)
        assert max(len(line) for line in lines) <= COLUMNS
        if "  → " in child.seen and turn >= 2:
            break
    assert "modrá: karta: " in child.seen                      # a bot's move, in words
    assert re.search(r"→ .*(bod|bodů|body)", child.seen)        # an event: points scored
    child.sendline("1 2 3")
    until(child, prompt)
    assert "Nelze:" in child.seen or "není" in child.seen     # a refusal in Czech
    leave(child, r"Odejít a ztratit ji\? \(a/N\)", "a")
    assert "Hra zůstala nedokončená a neuložená." in child.seen
    assert "Rozpis skóre" in child.seen and "Dosavadní skóre:" in child.seen
    assert english(child.seen) == [], english(child.seen)


def test_jaeger_sammler_in_russian_from_lang():
    prompt = r"игрок 0> "
    child = spawn("jaeger-sammler", "--players", "human,greedy", "--seed", "3",
                  lang="ru_RU.UTF-8")
    until(child, prompt)
    assert "лето, раунд 1, ходит игрок 0" in child.seen
    assert "Выложено 112 летних жетонов" in child.seen          # the set-up's event
    child.sendline("help")
    text = until(child, prompt)
    assert "допустим" in text and "фишка" in text, text
    child.sendline("1")
    until(child, prompt)
    assert "красный (вы): фишка на два шага" in child.seen
    assert re.search(r"синий: (фишка|две фишки)", child.seen)   # the bot's move
    assert re.search(r"→ (красный \(вы\)|синий) берёт", child.seen)   # an event
    lines = screen(child.seen, ROWS, COLUMNS)
    assert lines[-1].startswith("игрок 0>"), "\n".join(lines)
    leave(child, r"Выйти и потерять её\? \(д/Н\)", "д")
    assert "Счёт скрыт до конца игры" in child.seen
    latin = {w for w in re.findall(r"\b[A-Za-z]{3,}\b", NOTATION.sub(" ", ESCAPE.sub(
        "", child.seen)))}
    assert latin == set(), latin


def test_play_help_in_czech():
    proc = pexpect.run(f"{sys.executable} -m meeple.cli play --help --lang cs",
                       env={**os.environ, "COLUMNS": "200"}, encoding="utf-8")
    assert "hrát hru v terminálu" not in proc         # the subcommand's own page
    assert "jedna položka na místo" in proc and "celé číslo ≥ 0" in proc
    assert "one entry per seat" not in proc
