"""Languages: the engine's words as :class:`Text` (English as ever, translatable), the
catalogues complete in every language with every plural form, the reader's language chosen
from the environment and from a browser's header, and plural forms the browser picks by
CLDR category agreeing with the catalogue's own for every number."""
from __future__ import annotations

import copy
import json
import pickle
import random
import re
import string

import pytest
from babel import Locale

import meeple
from meeple.core.state import CHANCE
from meeple.core.text import Text, join_words, nwords, words
from meeple.i18n import (LANGUAGES, catalogue_json, choose, negotiate, plural_categories,
                         translate, translations)
from meeple.i18n.extract import missing, read, source_catalog
from meeple.play.history import History

OTHERS = [lang for lang in LANGUAGES if lang != "en"]


def test_a_text_is_its_english_words_everywhere_a_string_goes():
    said = nwords("{n} follower left", "{n} followers left", 3)
    assert said == "3 followers left" and isinstance(said, str)
    assert json.dumps({"t": said}) == '{"t": "3 followers left"}'
    for twin in (pickle.loads(pickle.dumps(said)), copy.deepcopy(said)):
        assert twin == said and twin.msgid == said.msgid and twin.n == 3
    assert words("{a} met {b}", a="Ana", b="Bo") == "Ana met Bo"
    assert join_words(["a", "b", "c"]) == "a, b and c" and join_words(["a"]) == "a"


@pytest.mark.parametrize("lang", OTHERS)
def test_every_message_of_the_source_is_in_every_language_with_every_plural_form(lang):
    assert missing(lang) == []


@pytest.mark.parametrize("lang", OTHERS)
def test_translations_use_only_their_message_s_fields(lang):
    fields = lambda s: {f for _, f, _, _ in string.Formatter().parse(s) if f}  # noqa: E731
    for message in read(lang):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        said = message.string if isinstance(message.string, tuple) else (message.string,)
        allowed = set().union(*map(fields, ids)) | ({"n"} if len(ids) > 1 else set())
        for form in said:
            assert fields(form) <= allowed, (lang, message.id, form)


def test_the_source_catalogue_finds_the_engine_s_words():
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in source_catalog()}
    assert {"kept the dice", "rerolled a die ({faces})", "a cave"} <= ids


@pytest.mark.parametrize("lang", OTHERS)
def test_plural_categories_agree_with_the_catalogue_for_every_number(lang):
    mapping, locale = plural_categories(lang), Locale.parse(lang)
    plural = translations(lang).plural  # type: ignore[attr-defined]
    for n in range(1001):
        assert mapping[locale.plural_form(n)] == plural(n), n


def test_czech_and_russian_counts_take_three_forms():
    said = nwords("rerolled a die ({faces})", "rerolled {n} dice ({faces})", 2, faces="x")
    assert translate(said, "cs") == "přehoz 2 kostek (x)"
    assert translate(nwords("rerolled a die ({faces})", "rerolled {n} dice ({faces})", 1,
                            faces="x"), "cs") == "přehoz kostky (x)"
    assert translate(nwords("rerolled a die ({faces})", "rerolled {n} dice ({faces})", 5,
                            faces="x"), "ru") == "переброс 5 кубиков (x)"


def test_translate_reaches_inside_parameters_lists_and_dicts():
    said = words("built {building}", building=words("a road"))
    assert translate({"log": [said, 3, "plain"]}, "cs") == {"log": ["stavba: cesta", 3,
                                                                     "plain"]}
    assert translate(said, "en") is said and translate(said, "de") == "built a road"


@pytest.mark.parametrize("environ, requested, expected", [
    ({"LANG": "cs_CZ.UTF-8"}, None, "cs"), ({"LANG": "ru_RU.UTF-8"}, None, "ru"),
    ({"LANG": "de_DE.UTF-8"}, None, "en"), ({}, None, "en"),
    ({"LC_ALL": "ru_RU", "LANG": "cs_CZ"}, None, "ru"), ({"LANG": "cs_CZ"}, "en", "en"),
    ({}, "ru", "ru"), ({}, "cs-CZ", "cs"), ({"LANG": "C.UTF-8"}, None, "en"),
])
def test_the_terminal_s_language(environ, requested, expected):
    assert choose(requested, environ) == expected


@pytest.mark.parametrize("header, expected", [
    ("cs-CZ,cs;q=0.9,en;q=0.8", "cs"), ("de-DE,ru;q=0.5,cs;q=0.4", "ru"),
    ("en-GB,en;q=0.9,cs;q=0.8", "en"), ("", "en"), (None, "en"), ("de", "en"),
    ("cs;q=0,ru", "ru"), ("*", "en"), ("x" * 5000, "en"), ("ru;q=abc,cs", "cs"),
])
def test_the_browser_s_language(header, expected):
    assert negotiate(header) == expected


def test_the_browser_s_catalogue():
    cs = catalogue_json("cs")
    assert cs["plural"] == {"one": 0, "few": 1, "other": 2}
    assert cs["messages"]["kept the dice"] == "kostky ponechány"
    assert cs["messages"]["resource\x04ore"] == "ruda"
    assert len(cs["messages"]["rerolled a die ({faces})"]) == 3
    assert catalogue_json("en")["messages"] == {}


PLAYERS = {"catan": 3}
"""Games not played by two."""

LATIN_WORD = re.compile(r"\b[a-z]{3,}\b")
ENGLISH = re.compile(r"\b(the|and|then|rolled|moved|built|placed|put|of|tile)\b")


@pytest.mark.parametrize("name", ["carcassonne", "hunters-gatherers", "jaeger-sammler",
                                  "catan-dice", "catan"])
@pytest.mark.parametrize("lang", OTHERS)
def test_a_whole_game_s_log_reads_in_czech_and_russian(name, lang):
    rng = random.Random(4)
    history = History(meeple.load(name, PLAYERS.get(name, 2)), 4, narrate=True)
    while not history.state.is_terminal():
        state = history.state
        history.apply(state.sample_chance(rng) if state.current_player == CHANCE
                      else rng.choice(state.legal_actions()))
    lines = [translate(w, lang) for _, _, w in history.narration]
    assert lines and all(isinstance(w, Text) for _, _, w in history.narration)
    english = [line for line in lines if lang == "ru" and LATIN_WORD.search(line)
               or lang == "cs" and ENGLISH.search(line)]
    assert not english


NOTATION = re.compile(
    r"\b(pass|place|follower|hut|draw|move|remove|setup|roll|reroll|stop|trade|joker|build|"
    r"end|road|city|field|monastery|forest|river|meadow|lake|settlement|knight|ore|grain|"
    r"wool|lumber|brick|gold|berries|tubers|herbs|jug|necklace|fur|skull|weapon|path|cave|"
    r"mammoth\d?|RES|KIND|LOC|NAME|[A-Z]\d*|[NESW][nesw]?)\b")
"""The notation a refusal may name (a move as typed, its kinds and fields)."""


def _random_game(name: str, seed: int):
    rng = random.Random(seed)
    state = meeple.load(name, PLAYERS.get(name, 2)).new_state(seed)
    middle = []
    while not state.is_terminal():
        state.apply(state.sample_chance(rng) if state.current_player == CHANCE
                    else rng.choice(state.legal_actions()))
        if state.action_count % 37 == 0:
            middle.append(state.score_breakdown())     # Jäger und Sammler's hidden items too
    return state, middle


def _left_in_english(lines: list[str], lang: str) -> list[str]:
    return [line for line in lines if lang == "ru" and LATIN_WORD.search(
        re.sub(r"\b(X|[A-Z]+\d*|[RKSC]\d)\b", "", line))
        or lang == "cs" and (ENGLISH.search(line) or re.search(
            r"\b(points?|seat|tiles|with|completed|round|incomplete|took|left)\b", line))]


@pytest.mark.parametrize("name", ["carcassonne", "hunters-gatherers", "jaeger-sammler",
                                  "catan-dice", "catan"])
@pytest.mark.parametrize("lang", OTHERS)
def test_a_whole_game_s_events_and_breakdown_read_in_czech_and_russian(name, lang):
    state, middle = _random_game(name, 5)
    texts = [e["text"] for e in state.events] + [
        item["text"] for breakdown in [state.score_breakdown(), *middle]
        for seat in breakdown["seats"] for item in seat["items"]]
    assert texts and all(isinstance(t, Text) for t in texts)
    said = [translate(t, lang) for t in texts]
    assert _left_in_english(said, lang) == []
    final = translate(state.score_breakdown(), lang)        # as the server sends it
    assert [item["text"] for seat in final["seats"] for item in seat["items"]] == said[
        len(state.events):len(state.events) + sum(len(seat["items"])
                                                  for seat in final["seats"])]


@pytest.mark.parametrize("name", ["carcassonne", "hunters-gatherers", "jaeger-sammler",
                                  "catan-dice", "catan"])
@pytest.mark.parametrize("lang", OTHERS)
def test_refusals_read_in_czech_and_russian(name, lang):
    """Every way a move is refused in a random game (each legal move's neighbours in the
    notation, mangled) is said in the reader's language."""
    rng = random.Random(6)
    state = meeple.load(name, PLAYERS.get(name, 2)).new_state(6)
    reasons = []
    for _ in range(40):
        if state.is_terminal():
            break
        for text in ("", "nonsense", "pass 1", "place", "move 99,99>0,0>0,1", "build road",
                     "roll ore", "follower road Q", "remove 1,1", "hut X", "reroll 9"):
            try:
                state.checked(text)
            except meeple.IllegalAction as e:
                reasons.append(e.args[0])
        state.apply(state.sample_chance(rng) if state.current_player == CHANCE
                    else rng.choice(state.legal_actions()))
    assert reasons and all(isinstance(r, Text) for r in reasons)
    said = [translate(r, lang) for r in reasons]
    plain = [NOTATION.sub("", re.sub(r"'[^']*'|\(zápis: .*\)|\(запись: .*\)|"
                                     r"(tahy|ходы): .*", "", s)) for s in said]
    assert _left_in_english(plain, lang) == [], said


def test_a_driver_names_the_engine_s_seats_its_own_way_in_every_language():
    from meeple.core.text import colour_word, named, seat_words
    said = nwords("{what}: {n} point to {owners}", "{what}: {n} points to {owners}", 4,
                  what=words("city"), owners=join_words([seat_words(0, "red"),
                                                        seat_words(1, "blue")]))
    assert said == "city: 4 points to seat 0 (red) and seat 1 (blue)"
    events = [{"text": said, "seat": 1}]
    told = named(events, ["Ana", words("{colour} (you)", colour=colour_word("green"))])
    assert told[0]["text"] == "city: 4 points to Ana and green (you)"
    assert events[0]["text"] is said                         # nothing changed in place
    assert translate(told, "cs")[0]["text"].endswith("Ana a zelená (vy)")
    assert named(said, ["Ana"]).endswith("to Ana and seat 1 (blue)")   # a seat not named
    plain = words("{who} passed", who="Ana")
    assert named(plain, ["Bob"]) is plain
