"""The rules pages (issue 26): every page parses, every language of a game has the same
sections and the same pictures, every picture is a legal position of the engine, every
worked example plays and scores what the page says, and the cs/ru pages have no English."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from meeple import rulebook as rb
from meeple.core.errors import RecordError

GAMES = ("carcassonne", "hunters-gatherers", "jaeger-sammler", "catan-dice", "catan")
PAGES = [(g, lang) for g in GAMES for lang in rb.LANGUAGES]
BLOCKS = [(g, i) for g in GAMES if "en" in rb.languages(g)
          for i in range(len(rb.load(g, "en").blocks))]


def test_every_game_has_a_page_in_every_language():
    for game in GAMES:
        assert rb.languages(game) == ["en", "cs", "ru"]
    assert set(GAMES) <= set(rb.games())


@pytest.mark.parametrize("game,lang", PAGES)
def test_every_page_parses_and_says_what_it_follows(game, lang):
    book = rb.load(game, lang)
    assert book.title and book.sections
    assert "seed" in book.note.lower()                 # which rulebook passages it follows
    assert all(s.title and (s.text or s.blocks) for s in book.sections)
    assert any(b.kind == "example" for b in book.blocks)


@pytest.mark.parametrize("game", GAMES)
def test_every_language_has_the_same_sections_and_blocks(game):
    en = rb.load(game, "en")
    for lang in ("cs", "ru"):
        other = rb.load(game, lang)
        assert [s.id for s in other.sections] == [s.id for s in en.sections], lang
        for mine, theirs in zip(en.sections, other.sections):
            assert [b.key() for b in theirs.blocks] == [b.key() for b in mine.blocks], \
                f"{game}.{lang}.md, section {mine.id}: its blocks differ from English"


@pytest.mark.parametrize("game,index", BLOCKS)
def test_every_block_replays_legally(game, index):
    block = rb.load(game, "en").blocks[index]
    state = rb.replay(block)                  # RecordError names an illegal action
    assert state.action_count == len(block.actions)
    state.game.drawing.picture(state.view(None), width=100)


@pytest.mark.parametrize("game,index", [b for b in BLOCKS
                                        if rb.load(b[0], "en").blocks[b[1]].kind == "example"])
def test_every_worked_example_scores_what_the_page_says(game, index):
    block = rb.load(game, "en").blocks[index]
    assert rb.check(block) == []


def test_the_rulebook_examples_are_there():
    """The seeds' own worked examples, played: Carcassonne's monastery (9), H&G's river
    (6) and hut (5), Jäger und Sammler's 96 points, Catan Dice's first three turns (7), and for Catan (no
    seed holds its rules) the rules spec's example of the set-up and two rounds (3, 2, 2)."""
    said = {g: [(b.scores, b.breakdown) for b in rb.load(g, "en").blocks if b.kind == "example"]
            for g in GAMES}
    assert ([9, 0], [{"seat": 0, "kind": "monastery", "points": 9}]) in said["carcassonne"]
    assert any(s == [6, 0] for s, _ in said["hunters-gatherers"])
    assert any(b == [{"seat": 0, "kind": "huts", "points": 5}] for _, b in said["hunters-gatherers"])
    assert any(s == [96, 0] for s, _ in said["jaeger-sammler"])
    assert any(s == [7] for s, _ in said["catan-dice"])
    assert any(s == [3, 2, 2] for s, _ in said["catan"])          # the spec's example 7.6


def test_a_wrong_example_is_found():
    block = next(b for b in rb.load("carcassonne", "en").blocks if b.kind == "example")
    block.scores = [b + 1 for b in block.scores]
    assert rb.check(block) and "the example says" in rb.check(block)[0]
    block.actions = block.actions + ["place X 5 5 0"]
    with pytest.raises(RecordError, match="illegal"):
        rb.replay(block)


ENGLISH = {"the", "and", "of", "is", "are", "you", "your", "with", "for", "an", "in", "it",
           "this", "that", "when", "each", "every", "points", "player", "tile", "turn",
           "score", "scores", "game", "not", "or", "from", "at", "its", "may", "must"}
"""Common English words that are no Czech words ("a", "to", "on", "by" are Czech too)."""


def _prose(book: rb.Rulebook) -> str:
    """The words a reader reads: the text without code spans and blocks, and the captions."""
    parts = [book.title, book.intro] + [s.title for s in book.sections]
    for section in book.sections:
        for part in section.parts:
            if isinstance(part, str):
                parts.append(re.sub(r"```.*?```", " ", part, flags=re.S))
            else:
                parts.append(part.caption)
    return re.sub(r"`[^`]*`", " ", "\n".join(parts))


@pytest.mark.parametrize("game,lang", [(g, lang) for g in GAMES for lang in ("cs", "ru")])
def test_no_english_in_czech_and_russian_pages(game, lang):
    words = re.findall(r"\w+", _prose(rb.load(game, lang)))
    english = [w for w in words if w.lower() in ENGLISH]
    assert not english, f"{game}.{lang}.md reads English: {english[:10]}"
    if lang == "ru":            # Cyrillic prose: Latin letters only in names and notation
        latin = [w for w in words if re.fullmatch(r"[A-Za-z]+", w)]
        assert len(latin) < 20, f"{game}.ru.md: Latin words {latin[:20]}"


def test_the_format_is_checked():
    with pytest.raises(rb.RulebookError, match="needs its id"):
        rb.parse("# T\n## Section\n", "carcassonne", "en")
    with pytest.raises(rb.RulebookError, match="lacks caption"):
        rb.parse('# T\n## S {#s}\n```position\n{"players": 2, "actions": []}\n```\n',
                 "carcassonne", "en")
    with pytest.raises(rb.RulebookError, match="states 'scores'"):
        rb.parse('# T\n## S {#s}\n```example\n{"players": 2, "actions": [], "caption": "c"}'
                 '\n```\n', "carcassonne", "en")
    book = rb.parse("<!-- seed 1 -->\n# T\nintro\n## S {#s}\ntext\n```\ncode\n```\n",
                    "carcassonne", "en")
    assert (book.note, book.title, book.intro) == ("seed 1", "T", "intro")
    assert book.sections[0].parts == ["text\n```\ncode\n```"]
    with pytest.raises(LookupError, match="there are: en, cs, ru"):
        rb.load("carcassonne", "de")


def test_language_from_the_environment():
    from meeple.i18n import choose

    def f(environ):
        return choose(None, environ)
    assert f({"LANG": "cs_CZ.UTF-8"}) == "cs"
    assert f({"LANG": "ru_RU"}) == "ru"
    assert f({"LC_ALL": "ru_RU.UTF-8", "LANG": "cs_CZ.UTF-8"}) == "ru"
    assert f({"LANG": "de_DE.UTF-8"}) == "en"
    assert f({"LANG": "C.UTF-8"}) == "en"
    assert f({}) == "en"


def _rules(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    import os
    return subprocess.run([sys.executable, "-m", "meeple.cli", "rules", *args],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "COLUMNS": "100", **(env or {})})


@pytest.mark.parametrize("game", GAMES)
def test_meeple_rules_in_czech_prints_the_czech_title(game):
    proc = _rules(game, "--lang", "cs")
    assert proc.returncode == 0, proc.stderr
    assert rb.load(game, "cs").title in proc.stdout
    assert "Traceback" not in proc.stderr and "\x1b[" not in proc.stdout   # piped: plain


def test_meeple_rules_takes_the_language_from_lang_and_refuses_an_unknown_one():
    proc = _rules("carcassonne", env={"LANG": "ru_RU.UTF-8", "LC_ALL": ""})
    assert proc.returncode == 0 and rb.load("carcassonne", "ru").title in proc.stdout
    proc = _rules("carcassonne", "--lang", "de")
    assert proc.returncode == 1 and "en, cs, ru" in proc.stderr
