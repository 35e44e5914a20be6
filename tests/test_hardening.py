"""Every way into the engine is safe: any text, any bytes, any JSON, any Python value.

Properties (hypothesis), for every game: the notation parser raises nothing but
IllegalAction and what it parses round-trips; ``apply`` of anything refuses with
IllegalAction and changes nothing, or accepts an action whose text parses back to exactly
it (same types: a bool or a float is no integer) and replays to the same position; the
record loader raises nothing but RecordError on any bytes or JSON.
"""
from __future__ import annotations

import json
import os
import random
import tempfile
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import meeple
from meeple.core.action import Action
from meeple.core.errors import IllegalAction, RecordError
from meeple.core.record import Record
from meeple.core.state import CHANCE
from meeple.play.replay import replay

from helpers import random_steps, snapshot

GAMES = sorted(meeple.GAMES)
SOME = settings(max_examples=80, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

ODD_TOKENS = ["²", "٣", "１", "߃", "-1", "+1", "1_0", "0x1", "00", "-0", "1" * 10, "1.5",
              "True", "None", "", "N", "C", "Nw", ">", ",", "3,4", "03,4", "٣,4", "-3,4",
              "1,1>1,2>1,3", "K6", "K1", "gold", "ore", "road", "R3", "\x00", "ṗlace"]
SEPARATORS = [" ", "  ", "\t", "\u00a0", "\u2003", "\n", ""]


@lru_cache(maxsize=None)
def _positions(name: str) -> tuple:
    """Clones of the positions of one random game (every fifth, the first and the last)
    and the notation tokens its actions used."""
    game = meeple.load(name, max(meeple.games.game_class(name).min_players, 2))
    state = game.new_state(3)
    positions, tokens = [state.clone()], set()
    for i, action in enumerate(random_steps(state, random.Random(3))):
        tokens.update(str(action).split())
        if i % 5 == 0:
            positions.append(state.clone())
    positions.append(state.clone())
    return tuple(positions), tuple(sorted(tokens))


def _exact(value):
    """``value`` with the type of every part, so that ``True`` differs from ``1``."""
    if isinstance(value, tuple):
        return (type(value), tuple(_exact(v) for v in value))
    return (type(value), value)


def _texts(name: str):
    tokens = st.one_of(st.sampled_from(_positions(name)[1]), st.sampled_from(ODD_TOKENS),
                       st.text(max_size=4))
    joined = st.tuples(st.lists(tokens, max_size=8), st.sampled_from(SEPARATORS)).map(
        lambda parts: parts[1].join(parts[0]))
    return st.one_of(joined, st.text(max_size=40))


def _assert_round_trip(state, action) -> None:
    assert type(action) is state.action_type
    assert _exact(state.parse(str(action))) == _exact(action)


def _view(state):
    return (state.view(None), state.scores(), state.current_player, state.action_count,
            [(e["kind"], e["text"]) for e in state.events])


def _apply_or_refuse(state, action) -> None:
    """Apply ``action`` to a clone of ``state``: refused with IllegalAction and nothing
    changed, or accepted, printing as text that parses back to it and replays alike."""
    state = state.clone()
    before, twin = snapshot(state), state.clone()
    try:
        applied = state.apply(action)
    except IllegalAction:
        assert snapshot(state) == before
        return
    _assert_round_trip(state, applied)
    assert _exact(applied) == _exact(state.parse(str(action))) or isinstance(action, str)
    twin.apply(str(applied))
    assert _view(twin) == _view(state)


@pytest.mark.parametrize("name", GAMES)
@SOME
@given(data=st.data())
def test_any_text_parses_or_is_refused(name, data):
    positions, _ = _positions(name)
    state = data.draw(st.sampled_from(positions))
    text = data.draw(_texts(name))
    try:
        action = state.parse(text)
    except IllegalAction:
        pass
    else:
        _assert_round_trip(state, action)
    _apply_or_refuse(state, text)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("number", ["²", "٣", "１", "߃", "+1", "1_0", "1\u00a0", "1" * 10])
def test_numbers_are_ascii_digits(name, number):
    """No number that int() reads but the notation does not write is accepted anywhere."""
    positions, tokens = _positions(name)
    for state in positions:
        for action in [*state.legal_actions()[:40],
                       *([state.sample_chance(random.Random(0))] if state.current_player
                         == CHANCE else [])]:
            parts = str(action).split()
            for i, part in enumerate(parts):
                if any(ch.isdigit() for ch in part):
                    spoilt = " ".join(parts[:i] + [part.replace(
                        next(ch for ch in part if ch.isdigit()), number, 1)] + parts[i + 1:])
                    with pytest.raises(IllegalAction):
                        state.parse(spoilt)


def _atoms(name: str):
    return st.one_of(st.booleans(), st.integers(-3, 300), st.floats(), st.none(),
                     st.text(max_size=3), st.sampled_from(_positions(name)[1]))


def _mutated(name: str, action: Action):
    """Strategies for ``action`` with one part replaced, a part too many or too few, or
    another container: the ways a Python caller gets an action's types wrong."""
    parts = list(action)
    atoms = _atoms(name)

    def replace(i_value):
        i, value = i_value
        return type(action)(*parts[:i], value, *parts[i + 1:])

    def retyped(i):
        part = parts[i]
        options = [str(part), [part], (part,)]
        if isinstance(part, int):
            options += [bool(part % 2), float(part), part + 0.5]
        if isinstance(part, tuple):
            options += [list(part), ">".join(part)]
        return st.sampled_from(options).map(lambda v: replace((i, v)))

    index = st.integers(0, len(parts) - 1)
    return st.one_of(
        st.tuples(index, atoms).map(replace),
        index.flatmap(retyped),
        atoms.map(lambda v: type(action)(*parts, v)),
        st.just(type(action)(*parts[:-1])),
        st.just(tuple(parts)),
        st.just(Action(*parts)),
        st.just(list(parts)))


@pytest.mark.parametrize("name", GAMES)
@SOME
@given(data=st.data())
def test_any_python_value_is_applied_exactly_or_refused(name, data):
    positions, _ = _positions(name)
    state = data.draw(st.sampled_from(positions))
    legal = state.legal_actions() or (
        [state.sample_chance(random.Random(1))] if state.current_player == CHANCE else [])
    atoms = _atoms(name)
    junk = st.lists(st.one_of(atoms, st.tuples(atoms, atoms)), max_size=5).map(
        lambda parts: state.action_type(*parts))
    candidates = [junk, atoms]
    if legal:
        candidates.append(st.sampled_from(legal).flatmap(lambda a: _mutated(name, a)))
    _apply_or_refuse(state, data.draw(st.one_of(*candidates)))


@pytest.mark.parametrize("name", GAMES)
def test_a_bool_is_no_integer(name):
    """Every legal action with an integer part is refused with a bool or float there."""
    for state in _positions(name)[0]:
        for action in state.legal_actions()[:60]:
            for i, part in enumerate(action):
                if type(part) is int and part in (0, 1):
                    for wrong in (bool(part), float(part)):
                        spoilt = type(action)(*action[:i], wrong, *action[i + 1:])
                        with pytest.raises(IllegalAction):
                            state.clone().apply(spoilt)


def test_a_plain_tuple_or_extra_argument_is_refused():
    state = meeple.load("carcassonne").new_state(1)
    draw = state.legal_actions()[0]
    with pytest.raises(IllegalAction, match="not an action of this game"):
        state.apply(tuple(draw))
    with pytest.raises(IllegalAction):
        state.apply(Action(*draw, "extra"))
    state = meeple.load("catan-dice").new_state(1)
    state.apply("roll gold gold ore ore ore ore")
    with pytest.raises(IllegalAction, match="stop takes nothing"):
        state.apply(Action("stop", 1))


def test_only_k6_joker_names_a_resource():
    with pytest.raises(IllegalAction, match="only K6's joker names a resource"):
        meeple.load("catan-dice").new_state(1).parse("joker K1 0 brick")
    state = meeple.load("catan-dice").new_state(1)
    state.apply("roll ore ore ore ore ore ore")
    state.apply("stop")
    state.sheets[0].built |= 1 << 26                       # knight K1 built
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="only K6's joker names a resource"):
        state.apply(Action("joker", "K1", 0, "brick"))
    assert snapshot(state) == before


# --- records ------------------------------------------------------------------------------
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner,
                                                                  max_size=4),
    max_leaves=12)


def _record_like(data):
    """Mostly record-shaped JSON: real games, options and actions with wrong values."""
    name = data.draw(st.sampled_from(GAMES) | st.text(max_size=5))
    options = [o.name for o in meeple.GAMES[name].options] if name in meeple.GAMES else []
    config = st.dictionaries(st.sampled_from(options or ["x"]) | st.text(max_size=3), JSON,
                             max_size=2)
    actions = st.lists(st.sampled_from(_positions(name)[1]) if name in meeple.GAMES
                       else st.text(), max_size=4).map(" ".join)
    record = {"game": name, "players": data.draw(st.integers(-1, 6) | JSON),
              "actions": data.draw(st.lists(actions | JSON, max_size=3) | JSON)}
    for key, values in (("config", config | JSON), ("seed", st.integers() | JSON),
                        ("seats", st.lists(st.dictionaries(
                            st.sampled_from(["seat", "name", "agent", "x"]), JSON)) | JSON)):
        if data.draw(st.booleans()):
            record[key] = data.draw(values)
    return record


@SOME
@given(data=st.data())
def test_any_json_is_a_record_or_a_record_error(data):
    value = data.draw(JSON) if data.draw(st.booleans()) else _record_like(data)
    for load in (lambda: Record.from_json(value), lambda: Record.loads(json.dumps(value))):
        try:
            replay(load())
        except RecordError:
            pass


@SOME
@given(content=st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
@example(content=b"\xff\xfe{}")
@example(content=b"[" * 100_000)
@example(content=b'{"game": "carcassonne", "players": 2, "actions": [], "seed": 1'
         + b"1" * 5000 + b"}")
@example(content=b'{"game": "carcassonne", "players": 2, "actions": [], "config": NaN}')
def test_any_file_is_a_record_or_a_record_error(content):
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "record.json")
        with open(path, "wb") as f:
            f.write(content)
        try:
            replay(Record.load(path))
        except RecordError as e:
            assert "\n" not in str(e)


@pytest.mark.parametrize("config, message", [
    ([], "not a list"), ("deck", "not a string"), (3, "not a number"),
    (False, "not false"), (None, "not null")])
def test_a_config_that_is_not_an_object_is_refused(config, message):
    with pytest.raises(RecordError, match=f"'config' must be an object.*{message}"):
        Record.from_json({"game": "carcassonne", "players": 2, "config": config,
                          "actions": []})


@pytest.mark.parametrize("path, message", [
    ("/dev/zero", "not a regular file"), ("/", "not a regular file"),
    ("/no/such/file", "cannot read"), ("nul\x00here", "cannot read")])
def test_data_files_that_never_end_or_do_not_exist(path, message):
    with pytest.raises(RecordError, match=message):
        Record.load(path)
    with pytest.raises(ValueError, match=message):
        meeple.load("jaeger-sammler", 2, {"board": path})
    with pytest.raises(ValueError, match=message):
        meeple.load("hunters-gatherers", 2, {"tileset": path})


def test_a_huge_data_file_is_refused_unread(tmp_path):
    from meeple.core import datafile
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(datafile.MAX_BYTES + 1)                  # sparse: no disk used
    with pytest.raises(RecordError, match="larger than 8 MiB"):
        Record.load(big)
    with pytest.raises(ValueError, match="larger than 8 MiB"):
        meeple.load("jaeger-sammler", 2, {"board": str(big)})
