"""The platform contract on every registered game: declared facts and options, one
visibility rule (the view decides what a seat sees, the picture draws only from it), and
events that agree with the scores and the breakdown."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
from meeple.core.state import State
from meeple.play.replay import replay

from helpers import random_playout, random_steps, snapshot

GAMES = sorted(meeple.GAMES)
FAST = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _players(name: str) -> int:
    return max(meeple.GAMES[name].min_players, 2)


def _played(name: str, seed: int, cut: float) -> State:
    """A random game of ``name`` played to the share ``cut`` of its length."""
    return replay(meeple.Record(name, _players(name), {}, seed, _actions(name, seed, cut)))


# --- declared facts and options ----------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_games_declare_their_facts(name):
    game = meeple.load(name)
    facts = game.describe()
    json.dumps(facts)
    assert facts["name"] == name and facts["title"]
    assert 1 <= game.min_players <= game.default_players <= game.max_players
    hides = type(game.new_state(0)).determinize is not State.determinize
    assert game.hides_information == hides     # what hides something re-samples it
    low, high = game.score_range
    assert high is None or low < high
    for option in facts["options"]:
        assert option["name"] and option["type"] and option["help"]
        assert isinstance(option["file"], bool)


@pytest.mark.parametrize("name", GAMES)
def test_scores_are_secret_only_where_they_count_what_nobody_sees(name):
    """``secret_scores``: Jäger und Sammler's running score counts the face-down tiles and
    Catan's the hidden victory point cards, so two deals of them that look the same to every
    seat give different scores; in the other games the running score is what every view
    shows."""
    game = meeple.load(name)
    assert game.describe()["secret_scores"] is game.secret_scores
    assert game.secret_scores == (name in ("jaeger-sammler", "catan"))
    if not game.secret_scores:
        state = game.new_state(3)
        rng = random.Random(3)
        for _ in range(40):
            if state.is_terminal():
                break
            state.apply(state.sample_chance(rng) if state.current_player == meeple.CHANCE
                        else rng.choice(state.legal_actions()))
        view = state.view(None)
        shown = view.get("scores") or [s.get("score", s.get("total")) for s in
                                       view.get("sheets", [])]
        assert shown == state.scores()


def test_only_options_that_name_a_file_say_so():
    named = {(g, o.name) for g in GAMES for o in meeple.load(g).options if o.file}
    assert named == {("hunters-gatherers", "tileset"), ("jaeger-sammler", "board")}


@pytest.mark.parametrize("name", GAMES)
@FAST
@given(seed=st.integers(0, 2**31))
def test_final_scores_lie_in_the_declared_range(name, seed):
    low, high = meeple.load(name).score_range
    scores = _played(name, seed, 1.0).scores()
    assert all(low <= s and (high is None or s <= high) for s in scores)


@pytest.mark.parametrize("name", GAMES)
def test_a_bad_option_names_the_option_its_type_and_the_values_allowed(name):
    cls = meeple.GAMES[name]
    with pytest.raises(ValueError, match="option.*'colour'"):
        meeple.load(name, config={"colour": "red"})
    for option in cls.options:
        with pytest.raises(ValueError) as err:
            meeple.load(name, config={option.name: 3.5})
        message = str(err.value)
        assert f"option {option.name!r}" in message and option.type_text() in message


def test_a_bad_key_lists_the_keys_allowed():
    with pytest.raises(ValueError, match="keys allowed: A B C") as err:
        meeple.load("carcassonne", config={"deck": {"Z": 1}})
    assert "'Z'" in str(err.value)


def test_options_are_not_guessed_from_other_types():
    with pytest.raises(ValueError, match="must be object"):
        meeple.load("carcassonne", config={"deck": ["A", "B"]})
    with pytest.raises(ValueError, match="options must be an object"):
        meeple.load("carcassonne", config=["deck"])
    with pytest.raises(ValueError, match="number of players must be a whole number, not True"):
        meeple.load("carcassonne", players=True)


# --- one visibility rule ------------------------------------------------------------------
def _actions(name: str, seed: int, cut: float, decision: bool = False) -> list[str]:
    """The first share ``cut`` of a random game's actions; with ``decision``, cut where a
    seat is to move."""
    game = meeple.load(name, _players(name))
    state = game.new_state(seed)
    actions = random_playout(state, random.Random(seed))
    end = int(cut * len(actions))
    if decision:
        replayed = game.new_state(seed)
        for i, text in enumerate(actions):
            if i >= end and replayed.current_player >= 0:
                return actions[:i]
            replayed.apply(text)
    return actions[:end]


def _twins(name: str, seed: int, cut: float, decision: bool = False
           ) -> tuple[State, list[tuple[int | None, str, State]]]:
    """A position and twins that differ from it only in what a seat may not see:
    ``(seat, "seed", twin)``, the same actions from another seed (the state's RNG, which
    decides the future draws, is hidden from every seat), and where the game hides more,
    ``(seat, "dealt", twin)``, a determinization for that seat."""
    actions = _actions(name, seed, cut, decision)
    players = _players(name)
    state = replay(meeple.Record(name, players, {}, seed, actions))
    twins = [(p, "seed", replay(meeple.Record(name, players, {}, seed + 1, actions)))
             for p in (None, *range(players))]
    if state.game.hides_information:
        twins += [(p, "dealt", state.determinize(p, random.Random(seed + p)))
                  for p in range(players)]
    return state, twins


@pytest.mark.parametrize("name", GAMES)
@FAST
@given(seed=st.integers(0, 2**31), cut=st.floats(0, 1))
def test_what_a_seat_may_not_see_changes_neither_its_view_nor_its_picture(name, seed, cut):
    state, twins = _twins(name, seed, cut)
    drawing = state.game.drawing
    for seat, _how, twin in twins:
        assert twin.view(seat) == state.view(seat)
        assert drawing.picture(twin.view(seat)) == drawing.picture(state.view(seat))
        if seat is not None and twin.current_player == seat:
            legal = twin.legal_actions()
            assert legal == state.legal_actions()
            assert (drawing.legal_help(twin.view(seat), legal)
                    == drawing.legal_help(state.view(seat), legal))


@pytest.mark.parametrize("name", GAMES)
def test_the_twins_do_differ_in_what_is_hidden(name):
    """The visibility test compares states that really differ: their RNGs draw other
    futures, and a determinization deals the face-down tiles anew."""
    state, twins = _twins(name, 11, 0.5)
    futures = {tuple(t.clone().rng.random() for _ in range(3)) for _, how, t in twins
               if how == "seed"}
    assert state.clone().rng.random() not in {f[0] for f in futures}
    dealt = [t for _, how, t in twins if how == "dealt"]
    assert bool(dealt) == state.game.hides_information
    assert all(snapshot(t) != snapshot(state) for t in dealt)


def test_the_jaeger_sammler_view_hides_the_face_down_kinds():
    state = replay(meeple.Record("jaeger-sammler", 2, {}, 4, _actions("jaeger-sammler", 4, 0.6)))
    assert sum(map(sum, state.coll)) > 0
    seen = json.dumps(state.view(0)) + state.game.drawing.picture(state.view(0))
    dealt = state.determinize(0, random.Random(1))
    assert dealt.coll != state.coll
    assert json.dumps(dealt.view(0)) + state.game.drawing.picture(dealt.view(0)) == seen


@pytest.mark.parametrize("name", GAMES)
def test_hints_see_what_the_seat_sees(name):
    """The terminal's hints search a determinization of the seat's view: positions that
    look the same to the seat get the same hints."""
    import io

    from rich.console import Console

    from meeple.terminal.play import TerminalGame
    state, twins = _twins(name, 5, 0.4, decision=True)
    seat = state.current_player
    spec = "planner" if name == "catan-dice" else "mcts:iters=40"
    texts = []
    for position in [state] + [t for s, _how, t in twins if s == seat]:
        session = TerminalGame(state.game, ["human"] * state.num_players, 3, hints=spec,
                               console=Console(file=io.StringIO(), width=120))
        session.history.state = position
        session.console.print(session.hint_table())
        texts.append(session.console.file.getvalue())
    assert len(texts) > 1 and all(t == texts[0] for t in texts)


# --- events -------------------------------------------------------------------------------
def _points_by_events(state: State) -> list[int]:
    totals = [0] * state.num_players
    for event in state.events:
        for seat in event.get("owners", ()) if "points" in event else ():
            totals[seat] += event["points"]
    return totals


@pytest.mark.parametrize("name", GAMES)
@FAST
@given(seed=st.integers(0, 2**31))
def test_events_are_data_and_words_and_agree_with_the_breakdown(name, seed):
    state = meeple.load(name, _players(name)).new_state(seed)
    running = not state.game.secret_scores  # a score so far that counts hidden things
    seen = state.events
    for _ in random_steps(state, random.Random(seed)):
        # the whole log is read now and then (a Catan game has thousands of events)
        events = state.events if state.action_count % 97 == 0 else \
            seen + state.events_since(state.action_count - 1)
        assert events[: len(seen)] == seen                  # the log only grows
        for event in events[len(seen):]:                    # what this action did
            assert event["index"] == state.action_count - 1
            assert isinstance(event["kind"], str) and isinstance(event["text"], str)
            assert event["text"]
        seen = events
        if running:
            assert _points_by_events(state) == state.scores()
    assert state.events == seen
    json.dumps(seen)
    assert all(state.events_since(i) == [e for e in seen if e["index"] >= i]
               for i in range(0, state.action_count, 7))
    totals = [s["total"] for s in state.score_breakdown()["seats"]]
    assert _points_by_events(state) == state.scores() == totals


def test_events_are_public_every_deal_of_the_hidden_tiles_gives_the_same_events():
    state = meeple.load("jaeger-sammler", 3).new_state(9)
    rng = random.Random(9)
    while not state.is_terminal():
        seat = state.current_player
        action = (state.sample_chance(rng) if seat < 0
                  else rng.choice(state.legal_actions()))
        if seat >= 0 and rng.random() < 0.2:
            twin = state.determinize(seat, random.Random(rng.random()))
            twin.apply(action)
            state_copy = state.clone()
            state_copy.apply(action)
            new = state_copy.action_count - 1
            assert twin.events_since(new) == state_copy.events_since(new)
        state.apply(action)


@pytest.mark.parametrize("name", GAMES)
def test_changing_an_event_read_changes_nothing(name):
    state = _played(name, 3, 1.0)
    before = (snapshot(state), state.scores(), state.score_breakdown())
    for event in state.events:
        for value in event.values():
            if isinstance(value, list):
                value.append("x")
            elif isinstance(value, dict):
                value["x"] = 1
        event["points"] = 10**6
    assert (snapshot(state), state.scores(), state.score_breakdown()) == before


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_keeps_its_own_events(name):
    state = _played(name, 2, 0.3)
    before = state.events
    copy = state.clone()
    random_playout(copy, random.Random(2))
    assert state.events == before and len(copy.events) > len(before)
    assert copy.events[: len(before)] == before


@pytest.mark.parametrize("name,kind", [("carcassonne", "scored"),
                                       ("hunters-gatherers", "bonus"),
                                       ("jaeger-sammler", "crate"),
                                       ("jaeger-sammler", "season"),
                                       ("catan-dice", "written")])
def test_each_game_words_its_consequences(name, kind):
    texts = []
    for seed in range(40):
        texts += [e["text"] for e in _played(name, seed, 1.0).events if e["kind"] == kind]
        if texts:
            break
    assert texts, f"no {kind} event in 40 random games of {name}"


def test_projected_scores_are_the_final_scoring_of_the_board_as_it_stands():
    """The tile games' "score if it ended now": at least the points so far, the final
    points at the end, and the position is not changed by asking; elsewhere None."""
    rng = random.Random(3)
    for name in ("carcassonne", "hunters-gatherers"):
        state = meeple.load(name, players=3).new_state(seed=5)
        ahead = False
        while not state.is_terminal():
            if state.current_player >= 0:
                checked = state.action_count % 15 == 0
                before = snapshot(state) if checked else None
                projected = state.projected_scores()
                assert not checked or snapshot(state) == before
                assert all(p >= s for p, s in zip(projected, state.scores()))
                ahead |= projected != state.scores()
            state.apply_unchecked(rng.choice(state.legal_actions())
                                  if state.current_player >= 0 else state.sample_chance(rng))
        assert state.projected_scores() == state.scores()
        assert ahead            # open features and fields would have scored on the way
    for name in ("catan-dice", "jaeger-sammler"):
        assert meeple.load(name).new_state(seed=1).projected_scores() is None
