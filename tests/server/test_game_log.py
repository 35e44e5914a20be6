"""The game's log in every message (``log``: each seat's action in words, with the seats'
names): one for every viewer, the same after a reload, a reconnect, for a spectator who
comes late, and after a takeback (the log up to what stayed); an update carries its own
actions' entries. Hidden information is never in it (Jäger und Sammler's face-down
tiles)."""
from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.core.state import CHANCE
from meeple.games import load
from meeple.games.jaeger_sammler.tiles import FACE_DOWN, NAMES
from meeple.play.history import History
from meeple.server.live import LiveGame
from meeple.server.messages import state_message
from meeple.server.storage import GameRow, SeatRow

from .helpers import GAMES, auth, create, receive, state, tokens, watch
from .test_takeback import answer, ask, stored

NOTATION = re.compile(
    r"^\w+ (place|follower|hut|draw|pass|reroll|stop|trade|joker|setup|move|remove)\b"
    r"|\bplayed\b|\b[A-X]\b|\b[LB]\d\d\b|\b[RSCK]\d+\b|-?\d+\s*,\s*-?\d+|\d+°|>"
    r"|\b[NESW]\b|\b(Nw|Ne|En|Es|Se|Sw|Ws|Wn)\b|\bseat \d")
"""What notation looks like after a name: a verb, tile letters and codes, sheet names,
fields and coordinates, degrees, paths, edges, half-edges, bare seat numbers."""
HIDDEN = re.compile(r"\b(" + "|".join(NAMES[k] for k in FACE_DOWN) + r")\b", re.I)
NAMED = {"0": "Alice", "1": "Bob"}


def move(client, game_id: str, t: dict, rng: random.Random) -> dict:
    """A random legal move of the seat to move; the state after it."""
    now = state(client, game_id)
    token = t[now["current_player"]]
    mine = state(client, game_id, token)
    reply = client.post(f"/api/games/{game_id}/actions", headers=auth(token),
                        json={"action": rng.choice(mine["legal"]), "index": mine["index"]})
    assert reply.status_code == 200, reply.json()
    return reply.json()


def words_of(log: list[dict]) -> None:
    """Every entry names its seat's person and says its action in words."""
    for entry in log:
        assert entry["text"].startswith(NAMED[str(entry["seat"])] + " "), entry
        assert not NOTATION.search(entry["text"]), entry


@pytest.mark.parametrize("name", GAMES)
def test_the_log_is_words_and_the_same_for_everyone_everywhere(serve, db_url, name):
    client = serve()
    created = create(client, name, players=2, names=NAMED, seed=7)
    game_id, t = created["id"], tokens(created)
    rng = random.Random(7)
    for _ in range(12):
        move(client, game_id, t, rng)
    log = state(client, game_id)["log"]
    rows = stored(db_url, game_id)
    assert [(e["index"], e["seat"]) for e in log] == [(i, s) for i, _, s in rows if s >= 0]
    words_of(log)
    for token in (t[0], t[1], None):                    # a reload, as each viewer
        assert state(client, game_id, token)["log"] == log
    for token in (t[0], None):                          # a reconnect; a late spectator
        with watch(client, game_id, token) as ws:
            first = receive(ws)
            assert first["type"] == "state" and first["log"] == log

    with watch(client, game_id, t[1]) as ws:            # an update: its own entries
        receive(ws)
        after = move(client, game_id, t, rng)
        update = receive(ws)
        assert update["type"] == "update"
        assert update["log"] == [e for e in after["log"] if e["index"] >= update["since"]]
        assert update["log"] and update["log"][0]["index"] >= log[-1]["index"]
    grown = state(client, game_id)["log"]
    assert grown[:len(log)] == log and len(grown) > len(log)

    while not state(client, game_id, t[0])["can_take_back"]:
        move(client, game_id, t, rng)
    grown = state(client, game_id)["log"]
    seat = 0
    reply = ask(client, game_id, t[seat])
    assert reply.status_code == 200, reply.json()
    keep = reply.json()["takeback"]["keep"]
    assert answer(client, game_id, t[1 - seat], True).status_code == 200
    back = state(client, game_id)
    assert back["index"] == keep
    assert back["log"] == [e for e in grown if e["index"] < keep]
    with watch(client, game_id, t[1 - seat]) as ws:
        assert receive(ws)["log"] == back["log"]


def test_a_seat_without_a_name_is_its_colour(serve):
    client = serve()
    created = create(client, "carcassonne", players=2, bots={"1": "random"}, seed=3)
    game_id, token = created["id"], tokens(created)[0]
    now = state(client, game_id, token)
    client.post(f"/api/games/{game_id}/actions", headers=auth(token),
                json={"action": now["legal"][0], "index": now["index"]})
    entry = state(client, game_id)["log"][0]
    assert entry["seat"] == 0 and entry["text"].startswith("red placed ")


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31), length=st.integers(5, 400))
def test_jaeger_sammler_tells_every_viewer_the_same_and_nothing_hidden(seed, length):
    history, rng = History(load("jaeger-sammler", 3), seed, narrate=True), random.Random(seed)
    while not history.state.is_terminal() and len(history.actions) < length:
        s = history.state
        history.apply(s.sample_chance(rng) if s.current_player == CHANCE
                      else rng.choice(s.legal_actions()))
    row = GameRow(id=f"js-{seed}", game="jaeger-sammler", players=3, config={}, seed=seed,
                  seats=[SeatRow(0, "human", "Alice"), SeatRow(1, "human", "Bob"),
                         SeatRow(2, "random", None)])
    live = LiveGame(row, history)
    logs = [state_message(live, seat).log for seat in (0, 1, 2, None)]
    assert all(log == logs[0] for log in logs)
    assert len(logs[0]) == sum(1 for a in history.actors if a >= 0)
    for entry in logs[0]:
        assert entry["text"].startswith(("Alice ", "Bob ", "green ")), entry
        assert not HIDDEN.search(entry["text"]) and not NOTATION.search(entry["text"]), entry
