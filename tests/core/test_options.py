"""Options as data: one declaration checks a JSON config and parses an agent spec's text."""
from __future__ import annotations

import pytest

import meeple
from meeple.agents import make_agent
from meeple.core.options import Option, check_all

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
