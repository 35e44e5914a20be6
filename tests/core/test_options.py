"""Options as data: one declaration checks a JSON config and parses an agent spec's text."""
from __future__ import annotations

import json
import time

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import meeple
from meeple.agents import agent_classes, make_agent
from meeple.core.options import Option, check_all
from meeple.games import GAMES
from meeple.games.jaeger_sammler.board import DEFAULT_FILE
from meeple.i18n import translate

ITERS = Option("iters", int, 1000, "iterations", low=1)
TIME = Option("time", float, None, "seconds", low=0, low_open=True)
ROLLOUT = Option("rollout", str, "cutoff", "leaf value", allowed=("cutoff", "random"))
DECK = Option("deck", dict, None, "the pile", allowed=("A", "B"), form="{tile type: count}")


def test_values_are_checked_against_type_bounds_and_allowed_values():
    assert ITERS.check(5, "x") == 5 and TIME.check(2, "x") == 2.0
    assert isinstance(TIME.check(2, "x"), float)
    for option, bad in [(ITERS, True), (ITERS, 0), (ITERS, 2.5), (TIME, 0), (TIME, -1),
                        (TIME, float("nan")), (TIME, False), (ROLLOUT, "greedy"),
                        (ROLLOUT, 3), (DECK, {"C": 1}), (DECK, ["A"])]:
        with pytest.raises(ValueError, match=f"option '{option.name}' must be"):
            option.check(bad, "x")


def test_the_message_names_the_type_and_what_is_allowed():
    with pytest.raises(ValueError) as err:
        ROLLOUT.check("greedy", "agent 'mcts'")
    assert str(err.value) == ("agent 'mcts' option 'rollout' must be text: one of cutoff, "
                              "random; got 'greedy'")
    with pytest.raises(ValueError, match=r"object \({tile type: count}\); keys allowed: A B"):
        DECK.check({"C": 1}, "g")
    with pytest.raises(ValueError, match="integer ≥ 1"):
        ITERS.check(0, "g")
    with pytest.raises(ValueError, match="number > 0"):
        TIME.check(0, "g")


@pytest.mark.parametrize("text", ["²", "١٢", "1e3", " 5", "0x10", "True", ""])
def test_numbers_in_text_are_ascii_digits_only(text):
    with pytest.raises(ValueError, match="option 'iters'"):
        ITERS.parse(text, "agent 'mcts'")


def test_text_parses_to_the_declared_type():
    assert ITERS.parse("+12", "a") == 12 and TIME.parse("0.5", "a") == 0.5
    assert TIME.parse("2", "a") == 2.0 and ROLLOUT.parse("random", "a") == "random"


def test_defaults_fill_in_and_unknown_names_are_refused():
    assert check_all((ITERS, TIME), {"iters": 3}, "g") == {"iters": 3, "time": None}
    with pytest.raises(ValueError, match="g has no option 'it'; its options: iters, time"):
        check_all((ITERS, TIME), {"it": 3}, "g")
    with pytest.raises(ValueError, match="g takes no options, got 'x'"):
        check_all((), {"x": 1}, "g")


def test_agent_specs_are_parsed_by_their_declarations():
    game = meeple.load("carcassonne")
    agent = make_agent("mcts:iters=50,c=1,rollout=random", game, 0)
    assert agent.iters == 50 and agent.c == 1.0 and agent.rollout == "random"
    assert make_agent("mcts:time=0.5", game, 0).iters is None     # time alone: no iteration cap
    for spec, message in [("mcts:iters=²", "option 'iters' must be integer"),
                          ("mcts:rollout=deep", "one of cutoff, random, greedy"),
                          ("mcts:time=0", "number > 0"),
                          ("mcts:depth=3", "depth' applies to random and greedy"),
                          ("mcts:wings=2", "no option 'wings'")]:
        with pytest.raises(ValueError, match=message):
            make_agent(spec, game, 0)


# Bounds: every size a client can choose is bounded, and refused before anything is built.

SECONDS = Option("time", float, None, "seconds", low=0, low_open=True, high=3600,
                 budget="seconds")
PILE = Option("deck", dict, None, "the pile", form="{tile type: count}",
              each={"A": 6, "B": 3}, total=8, length=4)
PER_KEY = Option("deck", dict, None, "the pile", each=5, total=100)
PATH = Option("path", str, None, "a file", length=10)
NAMES = Option("names", list, None, "some names", length=3)


def test_a_number_over_its_high_bound_is_refused_naming_the_bound():
    assert SECONDS.check(3600, "x") == 3600.0 and SECONDS.parse("3600", "x") == 3600.0
    for bad in (3600.5, 1e308, 10 ** 400):
        with pytest.raises(ValueError) as err:
            SECONDS.check(bad, "agent 'mcts'")
        assert str(err.value).startswith("agent 'mcts' option 'time' must be number > 0 and "
                                         "≤ 3600; got ")
    with pytest.raises(ValueError, match="got an integer of about 401 digits"):
        SECONDS.check(10 ** 400, "x")            # not converted to a float (OverflowError)


def test_numbers_in_text_beyond_every_bound_are_refused_unread():
    huge = "9" * 100_000                         # int() of it would take long (or refuse)
    start = time.perf_counter()
    with pytest.raises(ValueError, match="option 'iters' must be integer ≥ 1 and ≤ 10000000; "
                                         "got a number of 100000 digits"):
        make_agent(f"mcts:iters={huge}", meeple.load("carcassonne"))
    assert time.perf_counter() - start < 0.2
    with pytest.raises(ValueError, match=r"≤ 3600; got '1e400'"):
        SECONDS.parse("1e400", "x")


def test_counts_are_bounded_each_and_in_all():
    assert PILE.check({"A": 6, "B": 2}, "g") == {"A": 6, "B": 2}
    for value, message in [({"A": 7}, "g option 'deck': the count of 'A' must be ≤ 6; got 7"),
                           ({"B": 10 ** 12}, "the count of 'B' must be ≤ 3; got 1000000000000"),
                           ({"A": 6, "B": 3}, "g option 'deck': the counts must add up to ≤ 8; "
                                              "got 9"),
                           ({"A": -1}, "the count of 'A' must be a whole number ≥ 0; got -1"),
                           ({"A": 1.5}, "the count of 'A' must be a whole number ≥ 0; got 1.5"),
                           ({"A": True}, "whole number ≥ 0; got True")]:
        with pytest.raises(ValueError) as err:
            PILE.check(value, "g")
        assert message in str(err.value)
    assert PER_KEY.check({"X": 5, "Y": 5}, "g")
    with pytest.raises(ValueError, match="the count of 'X' must be ≤ 5; got 6"):
        PER_KEY.check({"X": 6}, "g")
    with pytest.raises(ValueError, match="the counts must add up to ≤ 100; got 105"):
        PER_KEY.check({str(i): 5 for i in range(21)}, "g")
    with pytest.raises(ValueError, match="a whole number ≥ 0"):     # no sum can be cheated
        PER_KEY.check({"X": 5, "Y": -5, **{str(i): 5 for i in range(20)}}, "g")


def test_sizes_of_text_lists_and_objects_are_bounded_and_counted_first():
    assert PATH.check("a" * 10, "g") and NAMES.check([1, 2, 3], "g")
    for option, value, got in [(PATH, "a" * 11, "got 11 characters"),
                               (NAMES, list(range(10 ** 6)), "got 1000000 items"),
                               (PILE, {str(i): 0 for i in range(5)}, "got 5 keys")]:
        start = time.perf_counter()
        with pytest.raises(ValueError, match=f"option '{option.name}' must be .*at most "
                                             f".*; {got}"):
            option.check(value, "g")
        assert time.perf_counter() - start < 0.05


def test_the_bounds_are_shown_in_words_and_as_data():
    assert SECONDS.type_text() == "number > 0 and ≤ 3600"
    assert translate(SECONDS.type_text(), "ru") == "число > 0 и ≤ 3600"       # translatable
    assert translate(PATH.type_text(), "cs") == "text, nejvýše 10 znaků"
    assert PILE.type_text() == ("object ({tile type: count}), each count ≤ a bound per key "
                                "(at most 6), counts ≤ 8 in all, at most 4 keys")
    assert PER_KEY.type_text() == "object, each count ≤ 5, counts ≤ 100 in all"
    assert PATH.type_text() == "text, at most 10 characters"
    assert Option("n", int, 1, "", low=1, high=10_000_000).type_text() == \
        "integer ≥ 1 and ≤ 10000000"               # not 1e+07
    facts = SECONDS.describe()
    assert (facts["low"], facts["low_open"], facts["high"], facts["budget"]) == \
        (0, True, 3600, "seconds")
    facts = PILE.describe()
    assert (facts["each"], facts["total"], facts["length"], facts["budget"]) == \
        ({"A": 6, "B": 3}, 8, 4, None)


def test_a_budget_names_its_kind_and_has_a_bound():
    with pytest.raises(ValueError, match="budget must be one of seconds, iterations, "
                                         "determinizations"):
        Option("time", float, None, "", high=1, budget="minutes")
    with pytest.raises(ValueError, match="a budget needs a high bound"):
        Option("time", float, None, "", budget="seconds")


def test_mcts_budgets_are_declared_by_kind_and_bounded():
    from meeple.agents.mcts import MCTSAgent
    budgets = {o.name: (o.budget, o.high) for o in MCTSAgent.options if o.budget}
    assert budgets == {"iters": ("iterations", 10_000_000), "time": ("seconds", 3600),
                       "dets": ("determinizations", 1000)}
    game = meeple.load("carcassonne")
    for spec, message in [("mcts:time=1e308", "option 'time' must be number > 0 and ≤ 3600; "
                                              r"got 1e\+308"),
                          ("mcts:time=3601", "≤ 3600; got 3601.0"),
                          (f"mcts:iters={10 ** 12}", "option 'iters' must be integer ≥ 1 and "
                                                     "≤ 10000000; got 1000000000000"),
                          ("mcts:dets=1000000000", "option 'dets' must be integer ≥ 1 and "
                                                   "≤ 1000"),
                          ("mcts:depth=10001,rollout=random", "option 'depth' .*≤ 10000"),
                          ("mcts:strata=10001", "option 'strata' .*≤ 10000"),
                          ("mcts:c=101", "option 'c' .*≤ 100"),
                          ("mcts:margin=101", "option 'margin' .*≤ 100"),
                          ("mcts:scale=1001", "option 'scale' .*≤ 1000")]:
        with pytest.raises(ValueError, match=message):
            make_agent(spec, game, 0)
    agent = make_agent("mcts:time=3600,iters=10000000,dets=1000", game, 0)
    assert (agent.time, agent.iters, agent.dets) == (3600.0, 10_000_000, 1000)


def _built_in_options():
    """Every option of every game of this package and of every agent that plays it."""
    for name, cls in GAMES.items():
        if not cls.__module__.startswith("meeple."):
            continue                             # a plugin's options are its own
        for option in cls.options:
            yield name, option
        for agent in agent_classes(cls).values():
            for option in agent.options:
                yield f"{name}/{agent.name}", option


def test_every_option_a_client_can_set_is_bounded():
    seen = 0
    for owner, option in _built_in_options():
        seen += 1
        types = set(option.types)
        if types & {int, float}:
            assert option.high is not None, (owner, option.name)
        if types & {str, list, dict} and option.allowed is None:
            assert option.length is not None, (owner, option.name)
        if option.form == "{tile type: count}":
            assert option.each is not None and option.total is not None, (owner, option.name)
        if option.short is not None:             # the short game is within the bounds
            option.check(option.short, owner)
    assert seen > 10


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_agent_spec_is_refused_or_makes_an_agent(data):
    from meeple.agents.mcts import MCTSAgent
    game = meeple.load("catan-dice")
    option = data.draw(st.sampled_from(MCTSAgent.options))
    text = data.draw(st.one_of(st.integers(-10 ** 40, 10 ** 40).map(str),
                               st.floats(allow_nan=True, allow_infinity=True).map(repr),
                               st.sampled_from(["cutoff", "random", "greedy", "1e308",
                                                "0", "-0", "+1", "1e-308"]),
                               st.text(max_size=20)))
    spec = f"mcts:{option.name}={text}"
    if option.name == "depth":
        spec += ",rollout=random"
    try:
        agent = make_agent(spec, game, 0)
    except ValueError as e:
        said = str(e)           # a comma in the text starts another key=value: named
        assert f"'{option.name}'" in said or "not key=value" in said or (
            "," in text and "has no option" in said), said
        return
    value = agent.settings[option.name]
    if option.high is not None:
        assert value <= option.high


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 30, 10 ** 30) | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=5),
    max_leaves=20)


def _option_values(game: type, option: Option):
    """Values for ``option`` as a client of the server may send them: anything JSON (but no
    text for an option that names a file, which the server refuses), counts of the game's
    own tile types, boards of any size."""
    values = [JSON_VALUES.filter(lambda v: not isinstance(v, str)) if option.file
              else JSON_VALUES]
    if option.form == "{tile type: count}":
        keys = list(option.each) if isinstance(option.each, dict) else ["A"]
        values += [st.dictionaries(st.sampled_from(keys + ["Z", ""]),
                                   st.integers(0, 3) | st.integers(-2, 40)
                                   | st.integers(0, 10 ** 15), max_size=6)] * 3
    if option.name == "board":
        default = json.loads(DEFAULT_FILE.read_text(encoding="utf-8"))
        default["fields"] = sorted(default.pop("neighbours"))
        sides = st.integers(-1, 100) | st.integers(0, 10 ** 12)
        values += [st.builds(lambda rows, cols: {**default, "rows": rows, "cols": cols},
                             sides, sides)] * 3
    return st.one_of(values)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_config_is_refused_or_builds_a_game_that_starts(data):
    name = data.draw(st.sampled_from([n for n, cls in GAMES.items() if cls.options]))
    cls = GAMES[name]
    config = {o.name: data.draw(_option_values(cls, o), label=o.name)
              for o in cls.options if o.name != "tileset" and data.draw(st.booleans())}
    start = time.perf_counter()
    try:
        game = meeple.load(name, None, config)
    except ValueError as e:
        assert str(e).startswith(name) and time.perf_counter() - start < 0.2, str(e)
        event(f"{name} refused")
        return
    event(f"{name} built")
    for option in cls.options:                   # what was built is within the bounds
        pile = {"deck": "pile", "bonus_deck": "bonus_pile"}.get(option.name)
        if pile:
            assert sum(getattr(game, pile)) <= option.total
    if name == "jaeger-sammler":
        assert game.board.rows <= 64 and game.board.cols <= 64
    state = game.new_state(0)
    if state.current_player == meeple.CHANCE:
        state.apply(state.sample_chance())
    assert state.is_terminal() or state.legal_actions()
