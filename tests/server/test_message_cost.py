"""A broadcast computes what every seat is told alike once per position (the legal moves,
scores, projected scores, regions, events and moves: :meth:`LiveGame.once`), and only each
seat's own part per seat; and every message is, to the byte, the one the plain builder
(everything computed anew for each seat, as before the memo) makes, in all four games, at
every position, for every seat, a spectator, and after the position changes under the
same :class:`LiveGame` (a move applied in place, a takeback's new state)."""
from __future__ import annotations

import random

import pytest

from meeple.core.state import CHANCE, State
from meeple.games import load
from meeple.play.history import History
from meeple.server.live import LiveGame
from meeple.core.text import named
from meeple.server.gamelog import people_of
from meeple.server.messages import moves_since, seats_of, state_message
from meeple.server.models import GameState, Message, Position
from meeple.server.storage import GameRow, SeatRow

from .helpers import GAMES


def told(live: LiveGame) -> list[dict]:
    """The game's log made anew: the actions replayed, each seat's told before it is
    applied, with the seat's name (else its colour)."""
    names = list(live.game.colours[:live.row.players])
    for s in live.row.seats:
        if s.name:
            names[s.seat] = s.name
    state, out = live.game.new_state(live.row.seed), []
    for i, text in enumerate(live.history.actions):
        action, seat = state.parse(text), state.current_player
        if seat >= 0:
            did = named(state.narrate(action), people_of(live))
            out.append({"index": i, "seat": seat, "text": f"{names[seat]} {did}"})
        state.apply(action)
    return out


def plain(live: LiveGame, seat: int | None, since: int = 0, moves: bool = False,
          model: type[GameState] = GameState, **extra) -> str:
    """The message's JSON as the builder made it before any memo: all of it per seat."""
    state, row = live.state, live.row
    over = state.is_terminal()
    secret = live.game.secret_scores and not over
    actions = live.history.actions
    legal = state.legal_actions() if seat is not None and state.current_player == seat else []
    view = state.view(seat)
    if not row.aids:                             # the pile's composition is an aid
        view.pop("pile", None)
    log, names = told(live), people_of(live)
    takeback = row.takeback and {**row.takeback, "undo": [
        e["text"] for e in log if e["index"] >= row.takeback["keep"]]}
    return model(**{
        "id": row.id, "game": row.game, "players": row.players, "status": row.status,
        "index": live.index, "turn": state.turn, "current_player": state.current_player,
        "terminal": over, "seat": seat, "view": view,
        "regions": state.piece_regions(),
        "legal": [str(a) for a in legal], "legal_parts": [list(a) for a in legal],
        "advice": named(state.advice(seat), names) if legal else None,
        "scores": None if secret else state.scores(),
        "projected": state.projected_scores() if row.aids else None,
        "breakdown": None if secret else named(state.score_breakdown(), names),
        "events": named(state.events_since(since), names),
        "last_action": actions[-1] if actions else None,
        "moves": moves_since(live, since) if moves else [],
        "seats": seats_of(row.seats), "colours": list(live.game.colours[:row.players]),
        "takeback": takeback, "log": [e for e in log if e["index"] >= since],
        "can_take_back": (seat is not None and not over
                          and isinstance(live.history.undo_point({seat}), int)),
        "rematch": row.rematch, "aids": row.aids, "practice": row.practice,
        "version": row.version, "since": since,
    }, **extra).model_dump_json()


def row_of(name: str, seed: int, aids: bool = True) -> GameRow:
    return GameRow(id=f"{name}-{seed}", game=name, players=2, config={}, seed=seed,
                   aids=aids, version=seed + 3, takeback={"by": 1, "keep": 0},
                   seats=[SeatRow(0, "human", "Ana"), SeatRow(1, "random", None)])


def mid_game(name: str, seed: int, length: int) -> History:
    """A game of ``name`` played at random until it has ``length`` actions and a seat is
    to move."""
    history = History(load(name, 2), seed, narrate=True)
    rng = random.Random(seed)
    while history.state.current_player < 0 or len(history.actions) < length:
        state = history.state
        history.apply(state.sample_chance(rng) if state.current_player == CHANCE
                      else rng.choice(state.legal_actions()))
    return history


def broadcast(live: LiveGame, since: int, kind: str, seats=(0, None, 1, 0)) -> dict:
    """What Host.broadcast sends: one message per distinct seat watching (as Hub.publish)."""
    made: dict = {}
    for seat in seats:
        if seat not in made:
            made[seat] = state_message(live, seat, since, kind == "update", model=Message,
                                       type=kind).model_dump_json()
    return made


@pytest.mark.parametrize("name", GAMES)
def test_every_message_is_the_plain_builders(name):
    for seed, aids in ((1, True), (2, False)):
        row = row_of(name, seed, aids)
        history = History(load(name, 2), seed, narrate=True)
        rng = random.Random(seed)
        since = 0
        while history.state.current_player == CHANCE:       # a set-up first
            history.apply(history.state.sample_chance(rng))
        while True:
            live = LiveGame(row, history.fork())         # as Host.play leaves it
            for kind in ("update", "state", "seats"):
                at = since if kind == "update" else (0 if kind == "state" else live.index)
                for seat, text in broadcast(live, at, kind).items():
                    assert text == plain(live, seat, at, kind == "update", model=Message,
                                         type=kind), (kind, seat, live.index)
            for seat in (0, 1, None):                    # the HTTP state, other since
                for at in (0, max(0, live.index - 5)):
                    assert state_message(live, seat, at).model_dump_json() == \
                        plain(live, seat, at)
            assert state_message(live, None, since, model=Position, of=99) \
                .model_dump_json() == plain(live, None, since, model=Position, of=99)
            state = history.state
            if state.is_terminal():
                break
            since = len(history.actions)
            history.apply(rng.choice(state.legal_actions()))
            while history.state.current_player == CHANCE:
                history.apply(history.state.sample_chance(rng))


def counting(monkeypatch, state: State) -> dict[str, int]:
    """Count the calls of ``state``'s per-position methods (on its class)."""
    calls = dict.fromkeys(("legal_actions", "projected_scores", "piece_regions", "scores",
                           "score_breakdown", "events_since", "view"), 0)
    cls = type(state)
    for method in calls:
        original = getattr(cls, method)

        def counted(self, *args, _original=original, _method=method):
            calls[_method] += 1
            return _original(self, *args)
        monkeypatch.setattr(cls, method, counted)
    return calls


@pytest.mark.parametrize("name", GAMES)
def test_a_broadcast_computes_the_shared_parts_once(monkeypatch, name):
    history = mid_game(name, 4, 12)
    live = LiveGame(row_of(name, 4), history)
    calls = counting(monkeypatch, history.state)
    since, to_move = live.index - 3, history.state.current_player
    plain(live, to_move, since, True, model=Message, type="update")
    one = dict(calls)                                      # what one message costs
    assert one["projected_scores"] == one["view"] == 1
    assert one["legal_actions"] in (1, 2)          # the legal moves; the advice, if it reads them
    calls.update(dict.fromkeys(calls, 0))
    made = broadcast(LiveGame(live.row, history), since, "update")
    assert len(made) == 3
    assert calls == {**one, "view": 3}                     # three cost one, but the views
    broadcast(live_again := LiveGame(live.row, history), since, "update")
    broadcast(live_again, since, "update")                 # the same again: all kept
    assert calls == {**{k: 2 * n for k, n in one.items()}, "view": 9}   # one more LiveGame


def test_a_position_changed_under_the_same_live_game_is_never_served_stale():
    history = History(load("carcassonne", 2), 8, narrate=True)
    rng = random.Random(8)
    live = LiveGame(row_of("carcassonne", 8), history)
    live.deal()
    for _ in range(6):                                     # moves applied in place
        seat = history.state.current_player
        before = state_message(live, seat)
        live.play(seat, rng.choice(live.legal()[0]))
        after = state_message(live, history.state.current_player)
        assert after.index > before.index
        assert after.model_dump_json() == plain(live, history.state.current_player)
    assert history.undo({0}) is None                       # a new state object, fewer actions
    for seat in (0, 1, None):
        assert state_message(live, seat).model_dump_json() == plain(live, seat)
    fork = LiveGame(live.row, history.fork())              # a fork: its own memo
    assert fork.legal() == live.legal() and fork.legal()[0] is not live.legal()[0]


def test_seat_parts_are_never_shared():
    """The legal moves go to the seat to move alone, each seat gets its own view (the
    face-down tiles of Jäger und Sammler differ) and its own takeback right."""
    name = "jaeger-sammler"
    history = mid_game(name, 9, 20)
    live = LiveGame(row_of(name, 9), history)
    to_move = history.state.current_player
    messages = {seat: state_message(live, seat, 0, True, model=Message, type="update")
                for seat in (0, 1, None)}
    for seat, message in messages.items():
        assert message.seat == seat
        assert message.view == history.state.view(seat)
        assert bool(message.legal) == (seat == to_move)
        assert message.can_take_back == (seat is not None and isinstance(
            history.undo_point({seat}), int))
