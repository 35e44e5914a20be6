"""A bot worker keeps the positions it replayed (:func:`meeple.server.workers.position`) and
applies only a job's new actions to them: whatever it hands an agent must be the very
position a replay of the whole record makes, after a move, a takeback (a shorter list, or
another branch), a game of another kind with the same seed, an illegal action, a search
on the copy it handed out, and an eviction."""
from __future__ import annotations

import random

import pytest

from meeple.agents import make_agent
from meeple.core.errors import RecordError
from meeple.core.record import Record
from meeple.core.state import CHANCE, State
from meeple.games import BUILT_IN, load
from meeple.play.hints import hint_agent, hints
from meeple.play.history import History
from meeple.play.replay import replay
from meeple.server import workers

from helpers import snapshot

GAMES = [cls.name for cls in BUILT_IN]


@pytest.fixture(autouse=True)
def replays(monkeypatch) -> list[int]:
    """Each test starts with no position kept (the module's cache is per process); the
    list counts the worker's replays from the start."""
    monkeypatch.setattr(workers, "_replayed", type(workers._replayed)())
    count = [0]
    new_game_state = workers.new_game_state

    def counted(record):
        count[0] += 1
        return new_game_state(record)
    monkeypatch.setattr(workers, "new_game_state", counted)
    return count


def played(name: str, seed: int, players: int | None = None, length: int | None = None,
           rng_seed: int | None = None) -> History:
    """A game of ``name`` played at random (chance dealt by the state's RNG), to its end
    or ``length`` actions; by ``players`` seats (default: 2, or the fewest the game allows)."""
    if players is None:
        from meeple.games import game_class
        players = max(2, game_class(name).min_players)
    history = History(load(name, players), seed)
    rng = random.Random(seed if rng_seed is None else rng_seed)
    while not history.state.is_terminal() and (length is None or
                                                len(history.actions) < length):
        state = history.state
        history.apply(state.sample_chance(rng) if state.current_player == CHANCE
                      else rng.choice(state.legal_actions()))
    return history


def record(history: History, n: int | None = None) -> dict:
    data = workers.record_of(history)
    if n is not None:
        data["actions"] = data["actions"][:n]
    return data


def assert_same(cached: State, replayed: State) -> None:
    """The two positions agree in everything an agent or a seat reads of them."""
    assert cached is not replayed
    assert cached.current_player == replayed.current_player
    assert cached.action_count == replayed.action_count
    assert cached.view(None) == replayed.view(None)
    assert [str(a) for a in cached.legal_actions()] == \
        [str(a) for a in replayed.legal_actions()]
    assert snapshot(cached) == snapshot(replayed)
    assert cached.rng.getstate() == replayed.rng.getstate()


def assert_same_moves(data: dict, seeds=(1, 2)) -> None:
    """The worker's ``choose`` (with its cache) plays what agents on a replay play."""
    state = replay(Record.from_json(data))
    if state.current_player < 0:
        return
    for spec in ("greedy", "random"):
        for seed in seeds:
            expected = str(make_agent(spec, state.game, seed=seed).act(state.clone()))
            assert workers.choose(data, spec, seed) == expected, (spec, seed)


@pytest.mark.parametrize("name", GAMES)
def test_each_new_action_applied_to_the_kept_position_is_the_replay(name, replays):
    history = played(name, seed=11)
    n = len(history.actions)
    step = max(1, n // 40)
    for k in [*range(0, n, step), n]:
        data = record(history, k)
        assert_same(workers.position(data), replay(Record.from_json(data)))
        assert_same_moves(data)
        assert workers._replayed[workers._identity(Record.from_json(data))][0] == \
            data["actions"]
    assert replays == [1]                                  # once, then only new actions


@pytest.mark.parametrize("name", GAMES)
def test_a_takeback_or_another_branch_replays_anew(name, replays):
    history = played(name, seed=12, length=60)
    n = len(history.actions)
    workers.position(record(history))
    shorter = record(history, n - 7)                       # a takeback: fewer actions
    assert_same(workers.position(shorter), replay(Record.from_json(shorter)))
    assert_same_moves(shorter)
    assert replays == [2]
    other = played(name, seed=12, length=n, rng_seed=99)   # the same game, another branch
    assert other.actions[:n // 2] != history.actions[:n // 2]
    for data in (record(other, n // 2), record(other), record(history)):
        assert_same(workers.position(data), replay(Record.from_json(data)))
        assert_same_moves(data)
    assert replays == [4]                                  # the branch, then back


def test_games_with_the_same_seed_are_kept_apart():
    histories = [played(name, seed=5, length=40) for name in GAMES]
    histories.append(played("carcassonne", seed=5, players=3, length=40))
    for _ in range(2):                                     # interleaved, twice
        for history in histories:
            data = record(history)
            assert_same(workers.position(data), replay(Record.from_json(data)))
            assert_same_moves(data, seeds=(3,))
    assert len(workers._replayed) == len(histories)


@pytest.mark.parametrize("name", GAMES)
def test_a_search_on_the_copy_leaves_the_kept_position_alone(name):
    history = played(name, seed=13, length=30)
    while history.state.current_player < 0:
        history = played(name, seed=13, length=len(history.actions) + 1)
    data = record(history)
    workers.choose(data, "mcts:iters=30", 4)
    state = replay(Record.from_json(data))
    agent = hint_agent(state.game, "mcts:iters=30", 6)
    expected = [(str(r.action), r.value, r.visits) for r in hints(state, agent, 3)]
    found = workers.rank(data, "mcts:iters=30", 6, 3)
    assert [(m["action"], m["value"], m["visits"]) for m in found["moves"]] == expected
    assert_same(workers.position(data), replay(Record.from_json(data)))
    assert_same_moves(data)


def test_an_illegal_new_action_is_refused_and_the_cache_still_replays_right():
    history = played("carcassonne", seed=14, length=30)
    good = record(history)
    workers.position(record(history, 20))
    bad = {**good, "actions": [*good["actions"][:25], "place Z 99 99 0"]}
    with pytest.raises(RecordError, match="action 25"):
        workers.position(bad)
    assert_same(workers.position(good), replay(Record.from_json(good)))


def test_the_cache_keeps_the_last_used_games():
    for seed in range(workers.CACHED_STATES + 5):
        workers.position(record(History(load("catan-dice", 1), seed)))
    assert len(workers._replayed) == workers.CACHED_STATES
    assert workers._identity(Record.from_json(record(History(load("catan-dice", 1), 0)))) \
        not in workers._replayed


def test_record_of_is_the_record_without_its_seats():
    history = played("hunters-gatherers", seed=15, length=20)
    history.seats = [{"seat": 0, "name": "Ana"}]
    data = workers.record_of(history)
    full = history.record().to_json()
    del full["seats"]
    assert data == full
    assert Record.from_json(data).actions == history.actions
    data["actions"].append("x")                            # a copy, not the history's list
    assert len(history.actions) == 20
