"""Two real server processes on one real PostgreSQL: the database is the only truth.

Each test starts two ``meeple serve`` subprocesses, A and B, on the same database and
drives them over HTTP and WebSockets as clients would: moves made through one are heard on
the other's WebSockets, a takeback through one never leaves the other serving (or storing
on) a stale game, simultaneous submissions of one action index let exactly one win, and a
bot whose process is killed while it thinks is moved once by the other.
"""
from __future__ import annotations

import json
import os
import random
import signal
import threading
import time
from contextlib import ExitStack, contextmanager

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import connect

from server_process import serve
from .conftest import available_postgres, reset_schema
from .helpers import auth, tokens

SHORT = {"deck": {"U": 3, "V": 3, "E": 2, "D": 2}}      # a Carcassonne of ten tiles


@contextmanager
def two_servers(folder, url: str, *flags: str):
    """Servers A and B (``server_process.Server``) on the database at ``url``."""
    with ExitStack() as stack:
        servers = []
        for name in "ab":
            (folder / name).mkdir(exist_ok=True)
            servers.append(stack.enter_context(serve(folder / name, None, "--db", url,
                                                     "--rate", "1000000", *flags)))
        yield servers


@pytest.fixture
def pair(tmp_path, postgres_url):
    with two_servers(tmp_path, postgres_url) as servers:
        yield [httpx.Client(base_url=s.base, timeout=30) for s in servers]


def create(client: httpx.Client, **body) -> dict:
    reply = client.post("/api/games", json=body)
    assert reply.status_code == 201, reply.text
    return reply.json()


def get(client: httpx.Client, game_id: str, token: str | None = None) -> dict:
    reply = client.get(f"/api/games/{game_id}", headers=auth(token))
    assert reply.status_code == 200, reply.text
    return reply.json()


def move(client: httpx.Client, game_id: str, token: str, action: str,
         index: int | None = None) -> httpx.Response:
    return client.post(f"/api/games/{game_id}/actions", headers=auth(token),
                       json={"action": action, "index": index})


def read(url: str, reading):
    """``reading(store)`` on a Store of its own over the database at ``url``."""
    from meeple.server import database
    from meeple.server.storage import Store

    engine = database.open_engine(url)
    try:
        return reading(Store(engine))
    finally:
        engine.dispose()


def stored(url: str, game_id: str) -> list[str]:
    """The game's log as stored."""
    return read(url, lambda store: [r.action for r in store.actions(game_id)])


def replayed_view(url: str, game_id: str, game: dict) -> tuple[int, dict]:
    """The number of stored actions and the spectator's view of their replay."""
    from meeple.games import load
    from meeple.play.history import History

    actions = stored(url, game_id)
    seed = read(url, lambda store: store.game(game_id).seed)
    history = History(load(game["game"], game["players"], game.get("config") or None), seed,
                      actions)
    return len(actions), json.loads(json.dumps(history.state.view(None)))


def agree(clients: list[httpx.Client], url: str, game_id: str, game: dict,
          seat_tokens: dict[int, str]) -> dict:
    """Every process serves the stored log's position, to every seat and a spectator: the
    states they send are equal, and the spectator's view is the replay of the stored log."""
    index, view = replayed_view(url, game_id, game)
    for token in [None, *seat_tokens.values()]:
        seen = [get(c, game_id, token) for c in clients]
        assert all(s == seen[0] for s in seen), f"processes disagree for {token and 'a seat'}"
        assert seen[0]["index"] == index
        if token is None:
            assert seen[0]["view"] == view
    return get(clients[0], game_id)


def to_move(client, game_id, seat_tokens) -> tuple[int, dict]:
    """The seat to move and its state."""
    now = get(client, game_id)
    seat = now["current_player"]
    return seat, get(client, game_id, seat_tokens[seat])


def test_a_websocket_on_b_hears_every_move_made_through_a(pair):
    a, b = pair
    created = create(a, game="carcassonne", players=2, config=SHORT, seed=1,
                     names={"0": "Ana", "1": "Bo"})
    game_id, t = created["id"], tokens(created)
    heard = []
    with connect(b.base_url.copy_with(scheme="ws").join(f"/api/games/{game_id}/ws")
                 .__str__(), additional_headers=auth(t[1])) as ws:
        first = json.loads(ws.recv(timeout=10))
        assert first["type"] == "state"
        rng, index = random.Random(3), first["index"]
        made = 0
        while made < 12:
            seat, now = to_move(a, game_id, t)
            if now["terminal"]:
                break
            reply = move(a, game_id, t[seat], rng.choice(now["legal"]), now["index"])
            assert reply.status_code == 200, reply.text
            made += 1
            index = reply.json()["index"]
            while True:                           # B's socket hears it, in order
                message = json.loads(ws.recv(timeout=10))
                heard.append(message)
                assert message["type"] == "update"
                if message["index"] >= index:
                    break
        assert made == 12
        last, served = heard[-1], get(b, game_id, t[1])
        differ = {"type", "moves", "since", "events", "log"}   # an update's own parts
        assert {k: v for k, v in last.items() if k not in differ} == \
            {k: v for k, v in served.items() if k not in differ}
        # every move made through A, in order and none twice, from B's updates
        moves = [m["index"] for message in heard for m in message["moves"]]
        assert moves == sorted(set(moves))


def test_a_takeback_through_b_then_moves_through_a_stay_consistent(pair, postgres_url):
    """The audit's sequence (server.md, H2), then several takebacks in a row."""
    a, b = pair
    game = {"game": "carcassonne", "players": 2, "config": SHORT}
    created = create(a, **game, seed=1, names={"0": "Ana", "1": "Bo"})
    game_id, t = created["id"], tokens(created)
    # through A, seat 0 places its tile and passes: seat 1 to place
    for _ in range(2):
        seat, now = to_move(a, game_id, t)
        assert seat == 0
        legal = now["legal"]
        choice = next((x for x in legal if x == "pass"), legal[0])
        assert move(a, game_id, t[0], choice, now["index"]).status_code == 200
    at = get(a, game_id)["index"]
    # through B, seat 0 takes back its turn (the tile and the pass) and seat 1 accepts;
    # seat 0 now places the tile again and puts a follower
    asked = b.post(f"/api/games/{game_id}/takeback", headers=auth(t[0]))
    assert asked.status_code == 200, asked.text
    answered = b.post(f"/api/games/{game_id}/takeback/answer", headers=auth(t[1]),
                      json={"accept": True})
    assert answered.status_code == 200, answered.text
    seat, now = to_move(b, game_id, t)
    assert seat == 0 and now["index"] == 1
    assert move(b, game_id, t[0], now["legal"][0], now["index"]).status_code == 200
    seat, now = to_move(b, game_id, t)
    follower = next(x for x in now["legal"] if x.startswith("follower"))
    assert move(b, game_id, t[0], follower, now["index"]).status_code == 200
    assert get(a, game_id)["index"] == at          # the same length, a different log
    after = agree([a, b], postgres_url, game_id, game, t)
    assert after["view"]["followers"], "A serves the follower placed through B"
    # moves through A go on from the stored game; a move illegal there is refused
    rng = random.Random(5)
    for step in range(30):
        seat, now = to_move(a, game_id, t)
        if now["terminal"]:
            break
        client = (a, b)[step % 2]
        if step % 7 == 3:                           # a takeback through the other process
            other = (b, a)[step % 2]
            if get(other, game_id, t[1 - seat])["can_take_back"]:
                assert other.post(f"/api/games/{game_id}/takeback",
                                  headers=auth(t[1 - seat])).status_code == 200
                assert client.post(f"/api/games/{game_id}/takeback/answer",
                                   headers=auth(t[seat]),
                                   json={"accept": True}).status_code == 200
                agree([a, b], postgres_url, game_id, game, t)
                continue
        reply = move(client, game_id, t[seat], rng.choice(now["legal"]), now["index"])
        assert reply.status_code == 200, reply.text
        agree([a, b], postgres_url, game_id, game, t)
    # several takebacks in a row, alternating processes, each agreed on
    for step in range(3):
        for seat in (0, 1):
            client = (a, b)[(step + seat) % 2]
            if not get(client, game_id, t[seat])["can_take_back"]:
                continue
            assert client.post(f"/api/games/{game_id}/takeback",
                               headers=auth(t[seat])).status_code == 200
            other = (b, a)[(step + seat) % 2]
            assert other.post(f"/api/games/{game_id}/takeback/answer",
                              headers=auth(t[1 - seat]),
                              json={"accept": True}).status_code == 200
            agree([a, b], postgres_url, game_id, game, t)


def test_eight_submissions_of_one_index_across_two_processes_one_wins(pair, postgres_url):
    a, b = pair
    game = {"game": "carcassonne", "players": 2, "config": SHORT}
    for round_ in range(3):
        created = create(a, **game, seed=10 + round_, names={"0": "Ana", "1": "Bo"})
        game_id, t = created["id"], tokens(created)
        seat, now = to_move(a, game_id, t)
        barrier, replies = threading.Barrier(8), [None] * 8
        choices = [now["legal"][n % len(now["legal"])] for n in range(8)]

        def submit(n: int) -> None:
            client = httpx.Client(base_url=(a, b)[n % 2].base_url, timeout=30)
            barrier.wait()
            replies[n] = move(client, game_id, t[seat], choices[n], now["index"])
            client.close()

        threads = [threading.Thread(target=submit, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        codes = sorted(r.status_code for r in replies)
        assert codes == [200] + [409] * 7, [(r.status_code, r.text) for r in replies]
        won = next(n for n, r in enumerate(replies) if r.status_code == 200)
        log = stored(postgres_url, game_id)
        assert log[now["index"]] == choices[won]
        assert agree([a, b], postgres_url, game_id, game, t)["index"] == len(log)


THINK_S = 12
"""The bot's think in the test below: long enough for server B to start while A's bot is
still thinking, on a loaded machine too."""


def test_a_bot_whose_process_is_killed_while_thinking_is_moved_once_by_the_other(
        tmp_path, postgres_url):
    slow = ("--bot-seconds", "60")
    (tmp_path / "a").mkdir()
    with serve(tmp_path / "a", None, "--db", postgres_url, *slow) as server_a:
        a = httpx.Client(base_url=server_a.base, timeout=30)
        created = create(a, game="carcassonne", players=2, config=SHORT, seed=4,
                         bots={"1": f"mcts:time={THINK_S}"}, names={"0": "Ana"})
        game_id, t = created["id"], tokens(created)
        while True:                                 # seat 0 moves until the bot is to move
            now = get(a, game_id, t[0])
            if now["current_player"] == 1:
                break
            assert move(a, game_id, t[0], now["legal"][0], now["index"]).status_code == 200
        index = now["index"]
        assert _lease_holder(postgres_url, game_id).split(":")[1] == str(server_a.process.pid)
        (tmp_path / "b").mkdir()
        with serve(tmp_path / "b", None, "--db", postgres_url, *slow) as server_b:
            b = httpx.Client(base_url=server_b.base, timeout=30)
            assert get(b, game_id)["index"] == index       # A's bot is still thinking
            assert _lease_holder(postgres_url, game_id).split(":")[1] == \
                str(server_a.process.pid)
            os.kill(server_a.process.pid, signal.SIGKILL)
            killed = time.monotonic()
            deadline = killed + 40
            while get(b, game_id)["index"] == index:
                assert time.monotonic() < deadline, "B never moved the bot"
                time.sleep(0.2)
            took = time.monotonic() - killed
            log = stored(postgres_url, game_id)
            assert len(log) > index
            time.sleep(1)                           # nothing more comes of A's bot
            assert stored(postgres_url, game_id)[:len(log)] == log
            assert _taken_back(postgres_url, game_id) == 0
            assert took < 6 + 2 + THINK_S + 10      # lease, sweep, the bot's think, slack
            holder = _lease_holder(postgres_url, game_id)   # B's, or none (no bot to move)
            assert holder is None or holder.split(":")[1] == str(server_b.process.pid)


def _scalar(url: str, query):
    """One value the database at ``url`` answers ``query`` with."""
    def ask(store):
        with store.engine.connect() as db:
            return db.execute(query).scalar()
    return read(url, ask)


def _lease_holder(url: str, game_id: str) -> str | None:
    import sqlalchemy as sa

    from meeple.server import schema

    return _scalar(url, sa.select(schema.leases.c.holder)
                   .where(schema.leases.c.name == f"bot:{game_id}"))


def _taken_back(url: str, game_id: str) -> int:
    import sqlalchemy as sa

    from meeple.server import schema

    t = schema.taken_back
    return _scalar(url, sa.select(sa.func.count()).select_from(t).where(t.c.game_id == game_id))


# --- a property: random moves, takebacks and joins through two processes -------------------
STEPS = st.lists(st.tuples(st.sampled_from(["move", "move", "move", "takeback", "join"]),
                           st.integers(0, 1), st.integers(0, 2 ** 16)),
                 min_size=5, max_size=25)


@pytest.fixture(scope="module")
def module_pair(tmp_path_factory, _postgres_status):
    url = available_postgres(_postgres_status)
    reset_schema(url)
    with two_servers(tmp_path_factory.mktemp("pair"), url) as servers:
        yield url, [httpx.Client(base_url=s.base, timeout=30) for s in servers]


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=STEPS, game=st.sampled_from(["carcassonne", "jaeger-sammler", "catan-dice"]))
def test_interleaved_moves_takebacks_and_joins_agree_with_the_stored_log(module_pair, steps,
                                                                         game):
    url, clients = module_pair
    body = {"game": game, "players": 2, "config": SHORT if game == "carcassonne" else {}}
    created = create(clients[0], **body, names={"0": "Ana", "1": "Bo"})
    game_id, t = created["id"], tokens(created)
    for kind, through, n in steps:
        client, other = clients[through], clients[1 - through]
        seat, now = to_move(client, game_id, t)
        if now["terminal"]:
            break
        if kind == "move":
            reply = move(client, game_id, t[seat], now["legal"][n % len(now["legal"])],
                         now["index"])
            assert reply.status_code == 200, reply.text
        elif kind == "join":
            who = n % 2
            reply = client.post(f"/api/games/{game_id}/join", headers=auth(t[who]),
                                json={"seat": who, "name": f"P{n}"})
            assert reply.status_code == 200, reply.text
        else:
            asker = n % 2
            if get(client, game_id, t[asker])["can_take_back"]:
                assert client.post(f"/api/games/{game_id}/takeback",
                                   headers=auth(t[asker])).status_code == 200
                assert other.post(f"/api/games/{game_id}/takeback/answer",
                                  headers=auth(t[1 - asker]),
                                  json={"accept": True}).status_code == 200
        agree(clients, url, game_id, body, t)
