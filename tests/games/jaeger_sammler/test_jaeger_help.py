"""The terminal help of Jäger und Sammler: the legal moves grouped by pawn, every number
labelling the move a bare number at the prompt plays, and short enough to read."""
from __future__ import annotations

import random
import re

import meeple
from meeple.core.drawing import prompt_key
from meeple.games.jaeger_sammler.notation import JSAction, move

from helpers import legal_help, random_steps

FIELD = r"\d+,\d+"
ENTRY = re.compile(rf"(\d+) ({FIELD})")
MARKUP = re.compile(r"\[[^\]]*\]")


def _positions(seed: int, players: int, every: int = 7, limit: int = 14):
    """States of a random game where a seat is to move: the first turn, then every
    ``every``-th action (both seasons), at most ``limit``."""
    state = meeple.load("jaeger-sammler", players).new_state(seed)
    out = []
    for i, _ in enumerate(random_steps(state, random.Random(seed))):
        if state.current_player >= 0 and (not out or i % every == 0):
            out.append(state.clone())
            if len(out) == limit:
                break
    return out


def _after(seed: int, players: int, actions: int):
    """The state of a random game once ``actions`` actions have been applied."""
    state = meeple.load("jaeger-sammler", players).new_state(seed)
    steps = random_steps(state, random.Random(seed))
    for _ in range(actions):
        next(steps)
    return state


def _move(group: tuple, end: str) -> JSAction:
    """The move an entry ending on ``end`` spells under ``group``."""
    kind, *fields = group
    if kind == "via":
        return move((*fields, end))
    if kind == "pair":
        return move(tuple(fields[:2]), (fields[2], end))
    return JSAction("remove", end)


def _parsed(help_text: str) -> dict[int, JSAction]:
    """The help read back: each number printed and the move its group and entry spell
    (``pawn A`` + ``via B`` + ``N C`` is move A>B>C, ``A>B + D>`` + ``N E`` is move A>B
    D>E, ``remove A`` + ``N F`` is remove F); a wrapped line keeps its group."""
    found: dict[int, JSAction] = {}
    start = group = None
    for line in MARKUP.sub("", help_text).splitlines()[1:]:
        head, colon, rest = line.partition(":")
        if not colon:
            rest = line                                  # a wrapped line: same group
        elif m := re.fullmatch(rf"pawn ({FIELD}) \(.*\), two steps (over B to C:|\(none\))",
                               line.strip()):
            start, group = m.group(1), None
            continue
        elif m := re.fullmatch(rf"\s+via ({FIELD}) [\w ]+", head):
            group = ("via", start, m.group(1))
        elif m := re.fullmatch(rf"\s+({FIELD})>({FIELD}) \+ ({FIELD})>", head):
            group = ("pair", *m.groups())
        elif head == "remove A":
            group = ("remove",)
        elif ENTRY.search(rest):
            raise AssertionError(f"numbers under an unknown heading: {line!r}")
        else:
            group = None
        for number, end in ENTRY.findall(rest):
            assert group is not None, line
            assert int(number) not in found, f"{number} printed twice"
            found[int(number)] = _move(group, end)
    return found


def _flat_lines(legal) -> int:
    """How many lines the old help took: one flat list, 78 columns, ``  N move ...``."""
    per_line = max(1, 78 // (max(len(str(a)) for a in legal) + 6))
    return 1 + -(-len(legal) // per_line)


def test_every_number_in_the_help_labels_the_move_that_number_plays():
    later_first = _after(0, 2, 3)          # move 8,2>7,2 1,1>0,1: the later pawn first
    together = _after(0, 3, 72)            # move 6,4>5,4 6,4>6,3: two pawns on one field
    assert any(str(a) == "move 8,2>7,2 1,1>0,1" for a in later_first.legal_actions())
    assert any(str(a) == "move 6,4>5,4 6,4>6,3" for a in together.legal_actions())
    checked = 0
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 2)):
        for state in [*_positions(seed, players), later_first, together]:
            view, legal = state.view(state.current_player), state.legal_actions()
            drawing = state.game.drawing
            numbered = drawing.numbered(view, legal)
            assert sorted(map(str, numbered)) == sorted(map(str, legal))   # a permutation
            printed = _parsed(legal_help(state))
            assert sorted(printed) == list(range(1, len(numbered) + 1))
            for n, action in printed.items():
                assert action == numbered[n - 1], (n, str(action), str(numbered[n - 1]))
            checked += len(printed)
    assert checked > 2000


def test_the_help_is_grouped_by_pawn_and_fits_80_columns():
    for seed, players in ((5, 2), (6, 4)):
        for state in _positions(seed, players):
            view = state.view(state.current_player)
            lines = MARKUP.sub("", legal_help(state)).splitlines()
            for name in set(view["seats"][state.current_player]["pawns"]):
                heads = [line for line in lines if line.startswith(f"pawn {name} (")]
                assert len(heads) == 1, (name, heads)
            assert max(map(len, lines)) <= 80


def test_the_first_turn_help_is_much_shorter_than_the_flat_list():
    for players in (2, 4):
        state = meeple.load("jaeger-sammler", players).new_state(3)
        state.apply(state.sample_chance())
        legal = state.legal_actions()
        text = MARKUP.sub("", legal_help(state))
        assert len(legal) > 300
        assert len(text.splitlines()) < _flat_lines(legal) / 2
        assert "move A>B>C" in text and "move A>B D>E" in text and "remove A" in text
        assert "pawn 1,1 (summer settlement)" in text
        assert "via 0,1 jug:" in text                   # the field passed and its tile


def test_a_two_step_over_an_occupied_field_says_it_is_passed_over():
    state = meeple.load("jaeger-sammler", 2).new_state(3)
    state.apply(state.sample_chance())
    assert "via 0,2 tubers:" in MARKUP.sub("", legal_help(state))
    state.apply("move 1,1>0,1>0,2")                      # seat 0 now stands on 0,2
    text = MARKUP.sub("", legal_help(state))             # seat 1, also in 1,1
    assert "via 0,2 occupied:" in text and "via 0,2 tubers:" not in text


def test_a_move_may_be_typed_without_the_word_move():
    state = _positions(7, 3)[-1]
    view, legal = state.view(state.current_player), state.legal_actions()
    drawing = state.game.drawing
    for action in legal:
        typed = prompt_key(str(action).removeprefix("move "))
        found = [a for a in legal if typed in {prompt_key(f) for f in
                                               (str(a), *drawing.prompt_forms(view, a))}]
        assert found == [action]
