"""The game-agnostic pieces: actions, records, the registry, agent specs, statistics."""
from __future__ import annotations

import pytest

import meeple
from meeple.agents import make_agent, parse_spec
from meeple.core.action import Action
from meeple.core.outcome import win_shares
from meeple.core.record import Record, RecordError
from meeple.play.replay import replay
from meeple.sim.stats import wilson_interval


def test_action_text_is_its_notation():
    a = Action("place", "U", 0, -1, 90)
    assert str(a) == "place U 0 -1 90" and a.kind == "place"
    assert a == ("place", "U", 0, -1, 90) and hash(a) == hash(Action("place", "U", 0, -1, 90))


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(ValueError, match="known games: .*catan-dice"):
        meeple.load("monopoly")


def test_record_round_trip():
    rec = Record("catan-dice", 1, {}, 5, ["roll ore ore ore ore ore ore", "stop"])
    assert Record.loads(rec.dumps()) == rec
    state = replay(rec)
    assert state.phase == "building"


def test_record_keys_are_checked():
    with pytest.raises(RecordError, match="unknown keys moves"):
        Record.from_json({"game": "catan-dice", "players": 1, "actions": [], "moves": []})
    with pytest.raises(RecordError, match="'players' must be an integer"):
        Record.from_json({"game": "catan-dice", "players": "1", "actions": []})
    with pytest.raises(RecordError, match="'seed' must be an integer"):
        Record.from_json({"game": "catan-dice", "players": 1, "seed": "x", "actions": []})


def test_replay_error_names_the_index():
    rec = Record("catan-dice", 1, {}, 5, ["roll ore ore ore ore ore ore", "end", "stop"])
    with pytest.raises(RecordError) as err:
        replay(rec)
    assert err.value.index == 1 and "action 1 ('end')" in str(err.value)


def test_apply_rejects_non_actions_without_change():
    state = meeple.load("catan-dice").new_state(1)
    with pytest.raises(meeple.IllegalAction, match="not an action"):
        state.apply(42)
    state.apply("roll gold gold ore ore ore ore")
    state.apply("stop")
    with pytest.raises(meeple.IllegalAction, match="trade takes two dice"):
        state.apply(Action("trade"))
    with pytest.raises(meeple.IllegalAction, match="joker takes a knight"):
        state.apply(Action("joker", "K1"))


def test_agent_specs():
    assert parse_spec("mcts:iters=2000,c=1.4") == ("mcts", {"iters": "2000", "c": "1.4"})
    with pytest.raises(ValueError, match="not key=value"):
        parse_spec("mcts:iters")
    game = meeple.load("catan-dice")
    with pytest.raises(ValueError, match="takes no options"):
        make_agent("random:x=1", game)
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("oracle", game)


def test_win_shares_split_ties():
    assert win_shares([3, 7, 7]) == [0.0, 0.5, 0.5]
    assert win_shares([5]) == [1.0]


def test_wilson_interval_contains_the_proportion():
    lo, hi = wilson_interval(75, 100)
    assert lo < 0.75 < hi and 0.65 < lo and hi < 0.83


@pytest.mark.parametrize("name", sorted(meeple.GAMES))
def test_clones_draw_chance_as_the_original_would(name):
    """A clone shares its original's RNG until one uses it (copy on first use): whichever
    draws first, each draws what it would have drawn alone."""
    game = meeple.load(name)
    alone, state = game.new_state(5), game.new_state(5)
    expected = [alone.rng.random() for _ in range(3)]
    copy = state.clone()
    grandchild = copy.clone()
    assert [copy.rng.random() for _ in range(3)] == expected
    assert [state.rng.random() for _ in range(3)] == expected
    assert [grandchild.rng.random() for _ in range(3)] == expected
    state.rng.random()
    later = state.clone()
    assert later.rng.random() == state.rng.random()


def test_records_may_say_who_sat_where():
    seats = [{"seat": 0, "name": "Ana", "agent": "human"}, {"seat": 1, "agent": "mcts:time=1"}]
    rec = Record("catan-dice", 2, {}, 5, ["roll ore ore ore ore ore ore"], seats)
    back = Record.loads(rec.dumps())
    assert back == rec and back.to_json()["seats"] == seats
    assert "seats" not in Record("catan-dice", 1).to_json()       # optional: old records
    for bad, message in [("x", "must be a list"), ([{"name": "Ana"}], "with 'seat'"),
                         ([{"seat": 2}], "distinct seat number 0–1"),
                         ([{"seat": 0}, {"seat": 0}], "distinct"),
                         ([{"seat": 0, "agent": 3}], "must be text"),
                         ([{"seat": 0, "colour": "red"}], "optional 'name' and 'agent'")]:
        with pytest.raises(RecordError, match=message):
            Record.from_json({"game": "catan-dice", "players": 2, "actions": [],
                              "seats": bad})
