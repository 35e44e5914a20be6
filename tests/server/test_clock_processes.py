"""Clocks with real server processes: a server that was down makes nobody lose on time (the
first process back moves every running deadline on by the downtime), and of two processes
on one PostgreSQL exactly one acts on a timeout, which both processes' WebSockets hear."""
from __future__ import annotations

import json
import time
from contextlib import ExitStack
from datetime import timedelta

import httpx
import pytest
import sqlalchemy as sa
from sqlalchemy.pool import NullPool
from websockets.sync.client import connect

from meeple.server import schema
from meeple.server.clocks import SWEEP_S

from .helpers import auth, stored_game, tokens
from .test_crash import Server
from .test_processes import create, get, pair  # noqa: F401  (pair: the fixture)

FIVE = {"kind": "move", "seconds": 5}




def standins(url: str, game_id: str) -> list:
    engine = sa.create_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as db:
            s = schema.seats
            return [r.standin for r in db.execute(sa.select(s.c.standin).where(
                s.c.game_id == game_id).order_by(s.c.seat))]
    finally:
        engine.dispose()


@pytest.fixture
def server(db_url, tmp_path):
    srv = Server(db_url, tmp_path / "server.log")
    yield srv
    srv.stop()


def test_a_server_down_past_a_deadline_makes_nobody_lose_on_time(server, db_url):
    server.start()
    with httpx.Client(base_url=server.base, timeout=10) as client:
        games = [create(client, game="carcassonne", clock=FIVE, on_timeout=mode,
                        names={"0": "Ana", "1": "Bo"}) for mode in ("bot", "claim")]
        server.kill()                                  # SIGKILL: no goodbye of any kind
    killed = time.monotonic()
    before = {g["id"]: stored_game(db_url, g["id"]) for g in games}
    time.sleep(5 + 3)                                  # past every deadline, and STALE_S
    restarting = time.monotonic()
    server.start()
    up = time.monotonic()
    time.sleep(2 * SWEEP_S + 0.5)                      # a sweep or two, had nothing moved
    with httpx.Client(base_url=server.base, timeout=10) as client:
        for created in games:
            game_id = created["id"]
            after = stored_game(db_url, game_id)
            assert after.timed_out is None and standins(db_url, game_id) == [None, None]
            shift = (after.deadline - before[game_id].deadline).total_seconds()
            assert restarting - killed - 0.5 <= shift <= up - killed + SWEEP_S + 1, shift
            assert after.version == before[game_id].version + 1
            seen = get(client, game_id, tokens(created)[0])
            assert seen["clock"]["timed_out"] is None and seen["seats"][0]["bot"] is None
            assert seen["legal"]                         # still seat 0's to play
        # and the clocks run on: the bot game's seat goes to the bot once its time is out
        game_id = games[0]["id"]
        deadline = time.monotonic() + 20
        while standins(db_url, game_id)[0] is None:
            assert time.monotonic() < deadline, "the clock stopped after the restart"
            time.sleep(0.2)


def test_of_two_processes_exactly_one_acts_on_a_timeout_and_both_tell_their_sockets(
        pair, postgres_url):  # noqa: F811  (pair: the fixture imported above)
    a, b = pair
    claims = [create(a, game="carcassonne", clock=FIVE, on_timeout="claim",
                     names={"0": "Ana", "1": "Bo"}) for _ in range(3)]
    bots = [create(b, game="carcassonne", clock=FIVE, bots={"1": "greedy"})
            for _ in range(2)]
    versions = {g["id"]: stored_game(postgres_url, g["id"]).version for g in claims + bots}
    watched = claims[0]["id"]
    with ExitStack() as stack:
        sockets = [stack.enter_context(connect(
            c.base_url.copy_with(scheme="ws").join(f"/api/games/{watched}/ws").__str__(),
            additional_headers=auth(tokens(claims[0])[1]))) for c in (a, b)]
        for ws in sockets:
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
        for ws in sockets:                             # both hear the timeout
            while True:
                message = json.loads(ws.recv(timeout=20))
                if message["clock"]["timed_out"] is not None:
                    break
            assert message["clock"]["timed_out"] == 0 and not message["terminal"]
    deadline = time.monotonic() + 20
    while any(stored_game(postgres_url, g["id"]).timed_out is None for g in claims):
        assert time.monotonic() < deadline
        time.sleep(0.2)
    time.sleep(2 * SWEEP_S + 0.5)                      # both processes swept again since
    for created in claims:
        row = stored_game(postgres_url, created["id"])
        assert row.version == versions[created["id"]] + 1      # one write: one process acted
        assert row.timed_out == 0 and row.deadline is None
        seen = [get(c, created["id"]) for c in (a, b)]
        for s in seen:
            del s["clock"]["now"]
        assert seen[0] == seen[1]
    for created in bots:                               # a stand-in took over, once
        game_id = created["id"]
        deadline = time.monotonic() + 20
        while standins(postgres_url, game_id)[0] is None:
            assert time.monotonic() < deadline
            time.sleep(0.2)
        assert standins(postgres_url, game_id) == ["mcts:time=0.5", None]
    claimed = a.post(f"/api/games/{watched}/claim", headers=auth(tokens(claims[0])[1]),
                     json={"end": "win"})
    assert claimed.status_code == 200, claimed.text
    again = b.post(f"/api/games/{watched}/claim", headers=auth(tokens(claims[0])[1]),
                   json={"end": "abandoned"})
    assert again.status_code == 409, again.text
    assert get(b, watched)["result"] == {"ended": "claimed", "by": 1, "timed_out": 0}


def test_processes_starting_at_once_after_a_downtime_shift_the_deadlines_once(db_url):
    """Several processes back at once: the heartbeat's row lock lets the first shift every
    running deadline by the downtime; the others find a fresh beat. A finished game's
    deadline and an untimed game stay as they were."""
    import threading
    from datetime import datetime, timezone

    from meeple.server import database
    from meeple.server.clocks import HEARTBEAT, STALE_S
    from meeple.server.storage import GameRow, SeatRow, Store

    engines = [database.open_engine(db_url) for _ in range(4)]
    try:
        database.upgrade(engines[0])
        stores = [Store(e) for e in engines]
        when = datetime.now(timezone.utc)
        deadline = when + timedelta(seconds=30)
        for game_id, running, finished in (("run", deadline, False), ("done", deadline, True),
                                           ("none", None, False)):
            stores[0].create(GameRow(game_id, "carcassonne", 2, {}, 1, finished=finished,
                                     deadline=running,
                                     seats=[SeatRow(0, "human"), SeatRow(1, "human")]), [])
        assert stores[0].beat(HEARTBEAT, STALE_S) is None       # the first beat ever
        l = schema.leases
        with engines[0].begin() as db:                          # nobody beat for 100 s
            db.execute(sa.update(l).where(l.c.name == HEARTBEAT).values(
                expires_at=when - timedelta(seconds=100)))
        shifts, go = [], threading.Barrier(len(stores))

        def back(store):
            go.wait()
            shifts.append(store.beat(HEARTBEAT, STALE_S))
        threads = [threading.Thread(target=back, args=(s,)) for s in stores]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        made = [s for s in shifts if s is not None]
        assert len(made) == 1 and len(shifts) == len(stores)
        assert timedelta(seconds=100) <= made[0] < timedelta(seconds=110)
        rows = {g: stores[0].game(g) for g in ("run", "done", "none")}
        moved = rows["run"].deadline.replace(tzinfo=timezone.utc) - deadline
        assert moved == made[0] and rows["run"].version == 1
        assert rows["done"].deadline.replace(tzinfo=timezone.utc) == deadline
        assert rows["done"].version == 0 and rows["none"].deadline is None
        assert stores[1].beat(HEARTBEAT, STALE_S) is None       # fresh now
    finally:
        for e in engines:
            e.dispose()
