"""Catan and the Catan Dice Game at the terminal in Czech and Russian (issue 26): a person
plays several turns through a pseudo-terminal of 80x24 (the set-up, rolls, the trade panel,
the robber and discards when they come; rolling, keeping and building on the sheet) and no
common English word is on the screens once the notation typed at the prompt is set aside
(in Russian, no Latin word at all but the notation). Then the drawings' own words: the map's
letters fit their cells in every language, every phase has words, and the prompt takes the
reader's colour and resource words as it takes the English ones."""
from __future__ import annotations

import random
import re

import pytest
from rich.text import Text

import meeple
from catan_play import choose
from meeple.core.text import colour_word, reading
from meeple.games.catan import phases
from meeple.games.catan.render import layout, normalise
from meeple.games.catan.text_board import LETTERS, ROBBER, SHORT, whole
from meeple.games.catan.words import PHASE_WORDS, resource
from meeple.games.catan_dice.render import START
from meeple.i18n import LANGUAGES, translate
from screen import screen
from test_screen_fits import until
from test_terminal_czech import COLUMNS, ESCAPE, ROWS, STOP, english, leave, spawn

CATAN_NOTATION = re.compile(
    r"\b(settlement|city|road|roll|buy|end|accept|decline|cancel|counter|offer|trade|bank|"
    r"maritime|discard|robber|from|for|build|play|knight|roadbuilding|plenty|monopoly|lumber|"
    r"brick|wool|grain|ore|board|all|help|legend|quit|undo|save|load|docs|human|random|greedy|"
    r"COLUMNS|[A-Z])\b")
"""What a person types at Catan's prompt (commands, moves, resources in the notation, the
one-letter placeholders and resource letters) and the agents' names: not English words."""
CATAN_STOP = re.compile(
    r"\b(cards?|hand|dice|costs|knights|hexes|map|rolled|development|harbours?|terrain|"
    r"mountains|fields|hills|pasture|forest|desert|total|joker|locked|built|spent|after|"
    r"building|rolling|stolen|none|gives|accepts|declines|wins|free|node|edge|hex|possible|"
    r"allowed|ways|whom|one|or|setup|before|answer|close|ROBBER|knights|kn|rd|dev|"
    r"sheet|exchange|jokers|writes|costs|last)\b", re.I)
"""Catan's own English words, besides the common ones of :data:`STOP` (not the sheet's
``START``, a Czech word too: Russian's Latin check finds it)."""
DICE_NOTATION = re.compile(
    r"\b(build|road|settlement|city|knight|stop|reroll|end|trade|joker|roll|lumber|brick|"
    r"wool|grain|ore|gold|board|all|help|legend|quit|undo|save|load|docs|human|greedy|COLUMNS|"
    r"[A-Z])\b")
"""What a person types at the Catan Dice prompt, and the agents' names."""
READER = {
    "cs": {"prompt": "hráč 0> ", "leave": r"Odejít a ztratit ji\? \(a/N\)", "yes": "a",
           "catan": ["Katan · tah 1 · červená (vy)", "příprava: vesnice", "v ruce:",
                     "banka 19L 19B 19W 19G 19O", "mapa: pole ukazují terén"],
           "trade": "s bankou:",
           "dice": ["Kostky — červená (vy), tah 1 z 15", "hod kostkami: ", "rytíři: ", "ceny: ",
                    "skóre ", "celkem"]},
    "ru": {"prompt": "игрок 0> ", "leave": r"Выйти и потерять её\? \(д/Н\)", "yes": "д",
           "catan": ["Катан · ход 1 · красный (вы)", "подготовка: поселение", "на руке:",
                     "банк 19L 19B 19W 19G 19O", "карта: гексы показывают местность"],
           "trade": "с банком:",
           "dice": ["Кубики — красный (вы), ход 1 из 15", "бросок кубиков: ", "рыцари: ",
                    "цены: ", "счёт  │", "итого"]},
}
"""Each language's prompt, its question on leaving an unsaved game and its yes, and words
its screens must show."""


SEED = "5"
"""A game in which the person moves the robber within its first turns."""


def said(child, text: str, prompt: str) -> str:
    child.sendline(text)
    return until(child, prompt)


def latin(text: str, notation: re.Pattern) -> set[str]:
    """The Latin words of three letters or more in ``text``, the notation set aside."""
    return set(re.findall(r"\b[A-Za-z]{3,}\b", notation.sub(" ", ESCAPE.sub("", text))))


def catan_move(child, prompt: str, todo: str, trade_word: str, seen: dict) -> bool:
    """One move of the person, chosen by what the line above the prompt says (its notation,
    the same in every language); True once four turns have ended and the robber moved."""
    if "settlement N, city N" in todo:                   # trade and build
        if not seen.get("trade"):
            panel = said(child, "trade", prompt)
            assert trade_word in panel, panel
            seen["trade"] = True
        said(child, "end", prompt)
        seen["ends"] = seen.get("ends", 0) + 1
        return seen["ends"] >= 4 and seen.get("robber", False)
    if "settlement N" in todo:
        node = re.search(r"settlement N, N [^:]+: (\d+)", said(child, "help", prompt)).group(1)
        said(child, f"settlement {node}", prompt)
    elif re.search(r"road \d+ M", todo) or "road A B" in todo:
        a, b = re.search(r"road A B: \d+ \((\d+)-(\d+)\)", said(child, "help", prompt)).groups()
        said(child, f"road {a} {b}", prompt)
    elif "discard 2 ore wool" in todo:
        cards = re.search(r"discard \d+ \S+, \S+ ([a-z ]+) \(", said(child, "help", prompt))
        said(child, f"discard {cards.group(1)}", prompt)
    elif "robber H" in todo:                             # whom by the reader's colour word
        hexes = re.search(r"robber H \(\+ \S+\): (\d+)( [^\s,]+)?", said(child, "help", prompt))
        said(child, f"robber {hexes.group(1)}{hexes.group(2) or ''}", prompt)
        seen["robber"] = True
    elif "roll" in todo:
        said(child, "roll", prompt)
    elif "accept" in todo:
        said(child, "decline", prompt)
    elif "cancel" in todo:
        said(child, "cancel", prompt)
    else:
        raise AssertionError(f"what to do? {todo}")
    return False


@pytest.mark.parametrize("lang", ["cs", "ru"])
def test_catan_in_the_reader_s_language(lang):
    reader = READER[lang]
    prompt = reader["prompt"]
    child = spawn("catan", "--players", "human,random,random", "--seed", SEED, "--lang", lang)
    until(child, prompt)
    seen: dict = {}
    for _ in range(150):
        lines = screen(child.seen, ROWS, COLUMNS)
        text = "\n".join(lines)
        assert len(lines) == ROWS and lines[-1].startswith(prompt.strip()), text
        assert "<0>" in text and "<9>" in text and "<18>" in text, text     # the whole map
        if catan_move(child, prompt, lines[-2], reader["trade"], seen):
            break
    assert seen.get("ends", 0) >= 4 and seen.get("robber"), child.seen[-3000:]
    leave(child, reader["leave"], reader["yes"])
    for words in reader["catan"]:
        assert words in child.seen, words
    assert english(child.seen, CATAN_NOTATION, STOP) == []
    assert english(child.seen, CATAN_NOTATION, CATAN_STOP) == []
    if lang == "ru":
        assert latin(child.seen, CATAN_NOTATION) == set()


@pytest.mark.parametrize("lang", ["cs", "ru"])
def test_catan_dice_in_the_reader_s_language(lang):
    reader = READER[lang]
    prompt = reader["prompt"]
    child = spawn("catan-dice", "--players", "human,greedy", "--seed", "2", "--lang", lang)
    until(child, prompt)
    ends = 0
    for _ in range(60):
        help_text = said(child, "help", prompt)
        build = re.search(r"\b(build (?:road|settlement|city|knight) [RSCK]\d+)", help_text)
        if "reroll I" in help_text:
            said(child, "stop", prompt)
        elif build:
            said(child, build.group(1), prompt)
        else:
            said(child, "end", prompt)
            ends += 1
            if ends == 4:
                break
        lines = screen(child.seen, ROWS, COLUMNS)
        assert len(lines) == ROWS and lines[-1].startswith(prompt.strip()), "\n".join(lines)
    assert ends == 4
    leave(child, reader["leave"], reader["yes"])
    for words in reader["dice"]:
        assert words in child.seen, words
    assert english(child.seen, DICE_NOTATION, STOP) == []
    assert english(child.seen, DICE_NOTATION, CATAN_STOP) == []
    if lang == "ru":
        assert latin(child.seen, DICE_NOTATION) == set()


OTHERS = [lang for lang in LANGUAGES if lang != "en"]


@pytest.mark.parametrize("lang", OTHERS)
def test_the_map_s_marks_fit_their_cells_in_every_language(lang):
    """A seat's letter is one column, each its own; a terrain three; the robber six; the
    sheet's start five (the drawings are laid out in columns)."""
    letters = [translate(letter, lang) for letter in LETTERS]
    assert all(len(letter) == 1 for letter in letters) and len(set(letters)) == len(letters)
    assert all(len(translate(short, lang)) == 3 for short in SHORT.values())
    assert len(translate(ROBBER, lang)) <= 6 and len(translate(START, lang)) <= 5


def test_every_phase_has_words():
    names = {value for key, value in vars(phases).items()
             if key.isupper() and isinstance(value, str)}
    assert set(PHASE_WORDS) == names


@pytest.mark.parametrize("lang", OTHERS)
def test_the_prompt_takes_the_reader_s_colour_and_resource_words(lang):
    view = {"seat": 0}
    with reading(lambda value: translate(value, lang)):
        blue = translate(colour_word("blue"), lang)
        ore, grain = translate(resource("ore"), lang), translate(resource("grain"), lang)
        assert normalise(view, f"robber 4 {blue}") == "robber 4 from 1"
        assert normalise(view, f"trade {blue}") == "trade 1"
        assert normalise(view, f"bank 4 {ore} for {grain}") == "maritime ore ore ore ore for grain"
        assert normalise(view, f"offer 2 {grain} for {ore}") == "offer grain grain for ore"
    assert normalise(view, "robber 4 blue") == "robber 4 from 1"       # English as before


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_catan_s_screens_fit_80_columns_through_a_game(lang):
    """Every 5th position of a 4-player game, drawn for the seat to move at 80x24: no line
    wider than 80 columns, no more lines than the screen has."""
    state = meeple.load("catan", 4).new_state(3)
    rng = random.Random(3)
    drawn = 0
    reader = None if lang == "en" else (lambda value: translate(value, lang))
    while not state.is_terminal() and drawn < 120:
        seat = state.current_player
        if seat < 0:
            state.apply(state.sample_chance())
            continue
        if state.action_count % 5 == 0:
            with reading(reader):
                lines = layout(state.view(seat), 80, 23).split("\n")
            assert len(lines) <= 23
            assert max(Text.from_markup(line).cell_len for line in lines) <= 80, lines
            drawn += 1
        state.apply(choose([str(a) for a in state.legal_actions()], rng))
    assert drawn >= 60


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_the_whole_map_names_every_harbour_s_resource(lang):
    """A 2:1 harbour's resource is written under its rate, or beside it off the south coast
    (under it there is no row: the lumber harbour of this board lost its word)."""
    state = meeple.load("catan", 3).new_state(7)
    state.apply(state.sample_chance())
    view = state.view(0)
    with reading(None if lang == "en" else (lambda value: translate(value, lang))):
        text = "\n".join(Text.from_markup(line).plain for line in whole(view))
    for kind in view["board"]["harbours"]:
        if kind != "any":
            assert translate(resource(kind), lang) in text, kind
