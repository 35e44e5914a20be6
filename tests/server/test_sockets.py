"""Open WebSockets are bounded: per address (4429 past it) and in all (1013), the caps
following the process's descriptor limit, whose soft value is raised to the hard one;
a refused or failed connection gives its slot back. Past a cap: a clear refusal, never a
crash, and HTTP still answers."""
from __future__ import annotations

import contextlib
import subprocess
import sys

import pytest
from starlette.websockets import WebSocketDisconnect

from meeple.server import limits

from .helpers import create, receive, watch


@pytest.fixture
def db_url(tmp_path) -> str:
    """SQLite: a limit of the process, not of the database."""
    return f"sqlite:///{tmp_path}/meeple.db"


def refused(ws) -> WebSocketDisconnect:
    with pytest.raises(WebSocketDisconnect) as closed:
        receive(ws)
    return closed.value


def test_the_21st_websocket_from_one_address_is_refused_4429(serve):
    client = serve()
    game_id = create(client, "carcassonne", seed=1)["id"]
    with contextlib.ExitStack() as stack:
        for _ in range(20):
            assert receive(stack.enter_context(watch(client, game_id)))["type"] == "state"
        for _ in range(10):
            with watch(client, game_id) as ws:
                closed = refused(ws)
                assert closed.code == 4429
                assert closed.reason == ("too many connections from one address: at most 20 "
                                         "at once")
        assert client.get("/api/games/types").status_code == 200     # HTTP still answers
        assert client.app.state.sockets.count == 20
    # closed ones are given back: a new one is served
    assert client.app.state.sockets.count == 0
    with watch(client, game_id) as ws:
        assert receive(ws)["type"] == "state"


def test_past_the_cap_in_all_the_server_is_full_1013(serve):
    client = serve(max_sockets=3, max_sockets_per_address=10)
    game_id = create(client, "carcassonne", seed=1)["id"]
    with contextlib.ExitStack() as stack:
        for _ in range(3):
            assert receive(stack.enter_context(watch(client, game_id)))["type"] == "state"
        with watch(client, game_id) as ws:
            closed = refused(ws)
        assert closed.code == 1013 and "server is full" in closed.reason
    with watch(client, game_id) as ws:
        assert receive(ws)["type"] == "state"


def test_refused_and_failed_connections_give_their_slot_back(serve):
    client = serve(max_sockets_per_address=2)
    created = create(client, "carcassonne", seed=1)
    game_id = created["id"]
    for path in ("nosuchgame", game_id):       # 4404, then a token in the URL: 4400
        for _ in range(5):
            with client.websocket_connect(f"/api/games/{path}/ws?token=x" if path == game_id
                                          else f"/api/games/{path}/ws") as ws:
                assert refused(ws).code in (4400, 4404)
    assert client.app.state.sockets.count == 0 and not client.app.state.sockets.open


def test_the_caps_follow_the_descriptor_limit():
    # 80 % of the limit less a reserve; a quarter of that (at most 1000) for HTTP
    assert limits.default_caps(1024) == (567, 188)
    assert limits.default_caps(256) == (105, 35)
    sockets, http = limits.default_caps(1_048_576)
    assert http == 1000 and sockets + http == int(1_048_576 * 0.8) - 64
    assert all(n >= 8 for n in limits.default_caps(16))


def test_the_soft_descriptor_limit_is_raised_to_the_hard_one():
    """In a child process started at a soft limit of 256 (this one keeps its own)."""
    resource = pytest.importorskip("resource")
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard != resource.RLIM_INFINITY and hard <= 256:
        pytest.skip(f"the hard limit here is {hard}")
    script = ("import resource; from meeple.server.limits import raise_fd_limit; "
              "resource.setrlimit(resource.RLIMIT_NOFILE, (256, resource.getrlimit("
              "resource.RLIMIT_NOFILE)[1])); print(*raise_fd_limit()); "
              "print(*resource.getrlimit(resource.RLIMIT_NOFILE))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.split()
    before, after, now_soft, now_hard = map(int, out)
    assert before == 256 and after == now_soft == now_hard
    assert now_hard == (hard if hard != resource.RLIM_INFINITY else now_hard)
