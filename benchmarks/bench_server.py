"""The game server under load: G concurrent games, each a person on a WebSocket and bots.

    python benchmarks/bench_server.py [--games 50] [--seconds 30] [--game NAME] [--bot greedy]
    python benchmarks/bench_server.py --db postgresql+psycopg://USER:PASSWORD@HOST/DB
    python benchmarks/bench_server.py --sweep [--seconds 20]      # G = 10, 25, 50, 100, 200
    python benchmarks/bench_server.py --db URL --processes 2      # two servers, one database
    python benchmarks/bench_server.py --db URL --workers 2        # meeple serve --workers 2

It starts the real server as a subprocess (``python -m meeple.cli serve`` on a free port of
127.0.0.1, ``--rate 1000000`` so that the rate limiter never refuses, the per-address caps
on WebSockets and games created lifted, ``--bot-workers 2`` unless told), on a fresh SQLite
file in a temporary folder, or on ``--db URL`` (a PostgreSQL database has its ``public``
schema dropped and created again first, as the server's tests do: everything in it is
lost). It waits until ``GET /api/games/types`` answers, and stops
the server (SIGINT, then SIGKILL for it and its bot workers if they linger) at the end.

``--processes N`` starts N such servers on the same ``--db`` (PostgreSQL only: refused
without ``--db``), each on a port of its own with ``--bot-workers`` of its own, the first
alone until it answers (it migrates the empty database), then the others. Game slot ``i``
belongs to process ``i % N``: its games are created there and its person's WebSocket, which
carries the person's moves, is open there; the bots of a game move wherever their lease
is held (any process). ``--workers N`` passes ``--workers N`` to each ``meeple serve``
(uvicorn's worker processes on one port; the kernel spreads the connections).

The load: ``--games`` G games at once, created by ``POST /api/games``; each has one person's
seat (its seat rotates from game to game) and ``--players - 1`` bot seats played by the
server (``--bot``, default ``random``). The games are taken in turn from the four games,
or all are ``--game``. Each person is one WebSocket connection in this process (asyncio,
the ``websockets`` package) that plays a uniformly random legal move as soon as an update
says it is its turn, after ``--think`` seconds (each wait drawn uniformly from 0.5–1.5 ×
think; 0, the default, answers at once: a closed loop that keeps the server busy). A game
that ends is replaced by a new one in the same slot (``--no-replace``: it is not, and the run
also ends once every game has ended), so the load stays at G games.

Measured, in a window of ``--seconds`` that opens ``--warmup`` seconds after the last of
the first G games is connected:

- latency: from sending ``{"action", "index"}`` to receiving the ``update`` whose ``index``
  is past it, i.e. the server's lock, a read of the game's row, the check and the apply on
  a copy, the commit (``Store.append``: SQLite in WAL mode with its default synchronous FULL,
  so an fsync of the WAL per move), the broadcast, and both event loops and the loopback in
  between. Actions sent in the window count; once it closes no new action is sent and
  those on their way get ``--grace`` seconds to arrive.
- actions/s: the growth of every game's ``index`` (people, bots and chance outcomes alike)
  seen in updates received in the window, divided by its length; ``bot moves`` counts the
  updates that answer no action of the person (one per bot move).
- CPU over the window, in % of one core: the server's processes (every ``meeple serve``
  of ``--processes`` and each one's ``--workers``, summed), their bot workers (summed), this
  client, every ``postgres`` process, and the rest of the machine (``/proc/stat``: the
  kernel's work for no process, and whatever else runs there). ``loop lag`` is how late
  this client's event loop runs a 10 ms timer (p95), so a busy client shows up instead of
  passing for server latency.

``--sweep`` runs one fresh server and database per load G in ``--loads`` (default 10, 25,
50, 100, 200), ``--seconds`` each, one row per load, and says where p95 passes
``--target`` ms (100). ``--json`` prints the results as JSON instead of the tables.
``--py-spy FILE`` records the (first) server's process (all its threads) with py-spy during
the window (``pip install py-spy``; a flame graph, or ``--py-spy-format raw`` for collapsed
stacks; ``--py-spy-flags=--gil`` for the GIL holder only; with ``--workers``,
``--py-spy-flags=--subprocesses`` records the workers). ``--serve-with SCRIPT`` runs
any other launcher of ``meeple serve`` (to measure a change A/B).
Loopback only, bounded in time: each load ends after about its set-up, ``--warmup``,
``--seconds`` and at most ``--grace``. The client raises its own soft limit on open files
to the hard one (each person's WebSocket is a descriptor here), and refuses a load the
limit cannot hold.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

GAMES = ("carcassonne", "hunters-gatherers", "jaeger-sammler", "catan-dice")
LOADS = (10, 25, 50, 100, 200)
STALL_S = 60.0
"""A game that sends nothing for this long is counted as stalled and replaced."""


# --- the server ---------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def reset_postgres(url: str) -> None:
    """Drop and create the ``public`` schema of the database at ``url`` (as
    tests/server/conftest.py does): the server then starts on an empty database. A database
    that does not exist yet is created first (the role needs CREATEDB). Use a database of its
    own (e.g. ``meeple_bench``), not the tests' one: a test run at the same time drops that
    schema, and this drops theirs."""
    import sqlalchemy as sa
    from sqlalchemy.engine import make_url
    from sqlalchemy.pool import NullPool
    options = {"poolclass": NullPool, "connect_args": {"connect_timeout": 5}}
    engine = sa.create_engine(url, **options)
    try:
        engine.connect().close()
    except sa.exc.OperationalError as e:
        if "does not exist" not in str(e):
            raise
        name = make_url(url).database
        admin = sa.create_engine(make_url(url).set(database="postgres"),
                                 isolation_level="AUTOCOMMIT", **options)
        try:
            with admin.connect() as conn:
                conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
        finally:
            admin.dispose()
    try:
        with engine.begin() as conn:
            conn.execute(sa.text("SET LOCAL lock_timeout = '10s'"))
            conn.execute(sa.text("DROP SCHEMA IF EXISTS public CASCADE"))
            conn.execute(sa.text("CREATE SCHEMA public"))
    finally:
        engine.dispose()


def children_of(pid: int) -> list[int]:
    """The child processes of ``pid`` (its bot workers), from /proc."""
    found = []
    with contextlib.suppress(OSError):
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as f:
                found += [int(p) for p in f.read().split()]
    return found


def spawned(pid: int) -> bool:
    """Whether ``pid`` is a process started by multiprocessing (a worker of either kind)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return b"multiprocessing" in f.read()
    except OSError:
        return False


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of ``pid`` so far (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine so far, from /proc/stat."""
    with open("/proc/stat", encoding="ascii") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    idle = values[3] + values[4]                  # idle + iowait
    tick = os.sysconf("SC_CLK_TCK")
    return (sum(values[:8]) - idle) / tick, sum(values[:8]) / tick


def postgres_seconds() -> dict[int, float]:
    """CPU seconds so far of each process named ``postgres`` (the database server), by pid."""
    found = {}
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            with contextlib.suppress(OSError), \
                    open(f"/proc/{pid}/comm", encoding="ascii", errors="replace") as f:
                if f.read().startswith("postgres"):
                    found[int(pid)] = cpu_seconds(int(pid))
    return found


def cpu_snapshot(servers: list[Server]) -> dict:
    """CPU seconds so far: the servers' processes, their bot workers, this client,
    PostgreSQL (by pid), the machine (busy and in all)."""
    spent = [server.cpu() for server in servers]
    busy, total = machine_busy()
    return {"server": sum(s for s, _ in spent), "bot_workers": sum(w for _, w in spent),
            "client": time.process_time(), "postgres": postgres_seconds(), "machine": busy,
            "capacity": total}


def raise_fd_limit(games: int) -> None:
    """This client's soft limit on open files raised to the hard one; SystemExit if it
    cannot hold ``games`` WebSockets and the HTTP connections beside them."""
    try:
        import resource
    except ImportError:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        with contextlib.suppress(ValueError, OSError):     # an unlimited hard one may fail
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    if soft != resource.RLIM_INFINITY and soft < games + 256:
        sys.exit(f"this client may open {soft} files, too few for {games} WebSockets: "
                 "raise the limit (ulimit -n)")


def unlimited(launcher: list[str]) -> list[str]:
    """The flags that lift the per-address caps of ``launcher``'s ``meeple serve`` (every
    client of this benchmark is one address: its G WebSockets and the games it creates
    would pass them), where it has them (a version from before the caps has none)."""
    shown = subprocess.run([sys.executable, *launcher, "serve", "--help"], capture_output=True,
                           text=True, check=False).stdout
    flags = {"--max-sockets-per-address": "100000", "--games-per-hour": "1000000"}
    return [part for flag, value in flags.items() if flag in shown for part in (flag, value)]


class Server:
    """``python -m meeple.cli serve`` in a subprocess, on a fresh database."""

    def __init__(self, db: str | None, bot_workers: int, rate: float, folder: str,
                 serve_with: str | None = None, lift_caps: bool = True, workers: int = 1,
                 reset: bool = True):
        """``lift_caps``: the per-address caps lifted (every client of this benchmark is one
        address); False keeps the server's defaults (``bench_abuse.py``). ``workers``: its
        ``--workers``. ``reset``: a PostgreSQL ``db`` emptied first (not for the second
        server on it)."""
        self.port = free_port()
        self.uvicorn_workers = workers
        if db is None:
            self.url = f"sqlite:///{folder}/meeple-{self.port}.db"
        else:
            if reset:
                reset_postgres(db)
            self.url = db
        self.kind = self.url.split(":", 1)[0].split("+", 1)[0]
        self.log_path = os.path.join(folder, f"server-{self.port}.log")
        self.log = open(self.log_path, "wb")  # noqa: SIM115 (open while the server runs)
        launcher = [serve_with] if serve_with else ["-m", "meeple.cli"]
        command = [sys.executable, *launcher, "serve", "--host", "127.0.0.1",
                   "--port", str(self.port), "--db", self.url, "--bot-workers",
                   str(bot_workers), "--rate", f"{rate:.1f}",
                   *(["--workers", str(workers)] if workers > 1 else []),
                   *(unlimited(launcher) if lift_caps else [])]
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        self.workers: set[int] = set()
        """The bot workers seen (and the resource tracker of multiprocessing)."""
        self.processes: set[int] = set()
        """uvicorn's worker processes seen (``--workers``): server processes too."""

    def wait_ready(self, timeout: float = 60.0) -> None:
        import httpx
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited ({self.process.returncode}):\n"
                                   + self.tail())
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.base + "/api/games/types", timeout=2).status_code == 200:
                    return
            time.sleep(0.2)
        raise RuntimeError(f"the server did not answer within {timeout:g} s:\n" + self.tail())

    def note_workers(self) -> None:
        """Every process the server has started, as far as seen now: with ``--workers``,
        uvicorn's workers (its multiprocessing children), and the bot workers below."""
        children = children_of(self.process.pid)
        if self.uvicorn_workers > 1:
            self.processes.update(p for p in children if spawned(p))
        todo = list(children)
        while todo:
            pid = todo.pop()
            if pid not in self.processes:
                self.workers.add(pid)
            todo += children_of(pid)

    def cpu(self) -> tuple[float, float]:
        """CPU seconds so far of the server's processes and of its bot workers."""
        self.note_workers()
        return (cpu_seconds(self.process.pid) + sum(cpu_seconds(p) for p in self.processes),
                sum(cpu_seconds(p) for p in self.workers))

    def tail(self, lines: int = 30) -> str:
        self.log.flush()
        with open(self.log_path, "rb") as f:
            return b"\n".join(f.read().splitlines()[-lines:]).decode(errors="replace")

    def stop(self) -> None:
        self.note_workers()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for pid in self.workers | self.processes:   # only those this server started
            if spawned(pid):                            # still a worker, not a reused pid
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
        self.log.close()


# --- the people ---------------------------------------------------------------------------
@dataclass
class Tally:
    """What one kind of game (or all) did in the window."""
    latencies: list[float] = field(default_factory=list)   # ms
    person: int = 0
    bots: int = 0
    advance: int = 0
    started: int = 0
    finished: int = 0

    def add(self, other: Tally) -> None:
        self.latencies += other.latencies
        for name in ("person", "bots", "advance", "started", "finished"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


class Load:
    """G game slots played by people on WebSockets, and what they measure; slot ``i``
    played through server ``i % len(servers)``."""

    def __init__(self, servers: list[Server], args, games: int):
        self.servers, self.args, self.slots = servers, args, games
        self.rng = random.Random(args.seed)
        self.tallies: dict[str, Tally] = {name: Tally() for name in GAMES}
        self.errors: dict[str, int] = {}
        self.stalls = 0
        self.created = 0
        self.connected = 0
        self.bytes = self.messages = 0
        self.window: tuple[float, float] | None = None   # (open, close), perf_counter
        self.closing = False
        self.all_connected = asyncio.Event()
        self.lags: list[float] = []
        self.https: list = []           # an HTTP client per server, in their order

    def in_window(self, t: float) -> bool:
        return self.window is not None and self.window[0] <= t <= self.window[1]

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1

    async def create(self, slot: int, number: int) -> tuple[str, str, int, str]:
        """A new game for ``slot``: its id, the person's token and seat, the game's name."""
        args = self.args
        name = args.game or GAMES[slot % len(GAMES)]
        seat = number % args.players
        body = {"game": name, "players": args.players,
                "bots": {str(s): args.bot for s in range(args.players) if s != seat},
                "names": {str(seat): f"bench-{slot}"},
                "seed": self.rng.randrange(2 ** 48)}
        import httpx
        http = self.https[slot % len(self.servers)]
        for attempt in range(5):
            try:
                reply = await http.post("/api/games", json=body)
                if reply.status_code == 201:
                    break
                why = f"{reply.status_code} {reply.text[:200]}"
                self.error(f"create {reply.status_code}")
            except httpx.TransportError as e:     # e.g. a keep-alive closed as it was reused
                why = f"{type(e).__name__} {e}"
                self.error(f"create {type(e).__name__}")
            await asyncio.sleep(0.5 * (attempt + 1))
        else:
            raise RuntimeError(f"cannot create a game: {why}")
        created = reply.json()
        self.created += 1
        return created["id"], created["seats"][0]["token"], seat, name

    async def play_slot(self, slot: int) -> None:
        """Play games in ``slot`` until the window closes (one after another if replaced)."""
        import httpx
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed
        args, number, first = self.args, slot, True
        rng = random.Random(args.seed * 100_003 + slot)
        while not self.closing:
            game_id, token, seat, name = await self.create(slot, number)
            number += self.slots
            tally = self.tallies[name]
            if self.in_window(time.perf_counter()):
                tally.started += 1
            port = self.servers[slot % len(self.servers)].port
            url = f"ws://127.0.0.1:{port}/api/games/{game_id}/ws"
            try:
                async with connect(url, max_size=2 ** 24, open_timeout=60, ping_interval=None,
                                   additional_headers={"Authorization": f"Bearer {token}"}
                                   ) as ws:
                    if first:
                        first = False
                        self.connected += 1
                        if self.connected == self.slots:
                            self.all_connected.set()
                    ended = await self.play_game(ws, slot, game_id, token, seat, tally, rng)
            except (OSError, ConnectionClosed, httpx.HTTPError, KeyError) as e:
                self.error(f"client {type(e).__name__}")   # counted; a new game takes over
                await asyncio.sleep(0.5)
                continue
            if ended and self.in_window(time.perf_counter()):
                tally.finished += 1
            if ended and not args.replace:
                return

    async def play_game(self, ws, slot: int, game_id: str, token: str, seat: int,
                        tally: Tally, rng: random.Random) -> bool:
        """Play one game on ``ws``; True once it is over, False if the run closes or the
        game stalls first."""
        pending: tuple[int, float] | None = None      # (index sent at, time sent)
        last = None
        while True:
            if self.closing and pending is None:
                return False
            try:
                raw = await asyncio.wait_for(ws.recv(), STALL_S)
            except asyncio.TimeoutError:
                self.stalls += 1
                return False
            now = time.perf_counter()
            self.bytes += len(raw)
            self.messages += 1
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "error":
                self.error(f"ws {message.get('status')}")
                pending = None
                message = await self.fetch_state(slot, game_id, token)   # resync, go on
                kind = "state"
            if kind not in ("state", "update"):
                continue
            index = message["index"]
            if kind == "update" and last is not None:
                mine = pending is not None and index > pending[0]
                if self.in_window(now):
                    tally.advance += index - last
                    if not mine:
                        tally.bots += 1
                if mine:
                    if self.in_window(pending[1]):
                        tally.latencies.append((now - pending[1]) * 1000)
                        tally.person += 1
                    pending = None
            last = index
            if message["terminal"]:
                return True
            if message["current_player"] == seat and message["legal"] and pending is None \
                    and not self.closing:
                if self.args.think > 0:
                    await asyncio.sleep(self.args.think * rng.uniform(0.5, 1.5))
                    if self.closing:
                        return False
                action = rng.choice(message["legal"])
                pending = (index, time.perf_counter())
                await ws.send(json.dumps({"action": action, "index": index}))

    async def fetch_state(self, slot: int, game_id: str, token: str) -> dict:
        http = self.https[slot % len(self.servers)]
        reply = await http.get(f"/api/games/{game_id}",
                               headers={"Authorization": f"Bearer {token}"})
        reply.raise_for_status()
        return {"type": "state", **reply.json()}

    async def ticker(self) -> None:
        """How late the client's event loop runs a 10 ms timer (in the window)."""
        loop = asyncio.get_running_loop()
        while True:
            t = loop.time()
            await asyncio.sleep(0.01)
            late = (loop.time() - t - 0.01) * 1000
            if self.in_window(time.perf_counter()):
                self.lags.append(late)

    async def run(self) -> dict:
        import httpx
        args = self.args
        limits = httpx.Limits(max_connections=50, max_keepalive_connections=50)
        async with contextlib.AsyncExitStack() as clients:
            self.https = [await clients.enter_async_context(
                httpx.AsyncClient(base_url=server.base, timeout=60, limits=limits))
                for server in self.servers]
            ticker = asyncio.create_task(self.ticker())
            tasks = [asyncio.create_task(self.play_slot(i)) for i in range(self.slots)]
            done_early = asyncio.gather(*tasks, return_exceptions=True)
            setup = time.perf_counter()
            waiter = asyncio.create_task(self.all_connected.wait())
            await asyncio.wait([waiter, done_early], return_when=asyncio.FIRST_COMPLETED,
                               timeout=max(60.0, self.slots * 1.0))
            if not self.all_connected.is_set():
                failed = [t.exception() for t in tasks if t.done() and t.exception()]
                raise RuntimeError(f"only {self.connected}/{self.slots} games connected: "
                                   f"{failed[:1]}")
            setup = time.perf_counter() - setup
            await asyncio.sleep(args.warmup)
            opened = time.perf_counter()
            self.window = (opened, float("inf"))
            cpu0 = cpu_snapshot(self.servers)
            spy = self.start_py_spy()
            if args.replace:
                await asyncio.sleep(args.seconds)
            else:
                await asyncio.wait([done_early], timeout=args.seconds or None)
            closed = time.perf_counter()
            self.window = (opened, closed)
            cpu1 = cpu_snapshot(self.servers)
            self.closing = True
            await asyncio.wait([done_early], timeout=args.grace)
            for task in tasks:
                task.cancel()
            results = await asyncio.gather(*tasks, return_exceptions=True)
            ticker.cancel()
            if spy is not None:
                spy.wait()
        crashed = [r for r in results if isinstance(r, Exception)
                   and not isinstance(r, asyncio.CancelledError)]
        for r in crashed:
            self.error(f"client {type(r).__name__}: {str(r)[:80]}")
        return self.result(setup, closed - opened, cpu0, cpu1)

    def start_py_spy(self):
        if not self.args.py_spy:
            return None
        flags = self.args.py_spy_flags.split()
        if "--native" not in flags:           # py-spy refuses --native with --nonblocking
            flags.append("--nonblocking")
        return subprocess.Popen(
            ["py-spy", "record", "-o", self.args.py_spy, "--pid",
             str(self.servers[0].process.pid), "--duration", str(max(1, int(self.args.seconds))),
             "--format", self.args.py_spy_format, "--rate", "200", *flags],
            stdout=subprocess.DEVNULL, stderr=open(self.args.py_spy + ".log", "wb"))

    def result(self, setup: float, seconds: float, cpu0, cpu1) -> dict:
        before = cpu0.pop("postgres")         # a backend that ended in the window is lost
        cpu0["postgres"] = sum(before.get(pid, 0.0) for pid in cpu1["postgres"])
        cpu1["postgres"] = sum(cpu1["postgres"].values())
        cpu = {k: (cpu1[k] - cpu0[k]) / seconds * 100 for k in cpu0}
        cpu["other"] = cpu["machine"] - sum(cpu[k] for k in ("server", "bot_workers",
                                                              "client", "postgres"))
        cpu["capacity"] = round(cpu["capacity"] / 100) * 100
        rows = {}
        everything = Tally()
        for name, tally in self.tallies.items():
            if tally.person or tally.bots or tally.started:
                rows[name] = row_of(tally, seconds)
                everything.add(tally)
        return {"server": self.servers[0].kind, "processes": len(self.servers),
                "workers": self.args.workers, "games": self.slots, "seconds": round(seconds, 2),
                "think": self.args.think, "bot": self.args.bot, "players": self.args.players,
                "bot_workers": self.args.bot_workers, "setup_s": round(setup, 2),
                "all": row_of(everything, seconds), "by_game": rows,
                "cpu_percent": {k: round(v, 1) for k, v in cpu.items()},
                "client_loop_lag_ms_p95": round(percentile(self.lags, 95) or 0.0, 2),
                "games_created": self.created, "stalls": self.stalls, "errors": self.errors,
                "mean_message_bytes": round(self.bytes / max(1, self.messages))}


def percentile(values: list[float], p: float) -> float | None:
    """The ``p``-th percentile (linear between the closest ranks); None without values."""
    if not values:
        return None
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    low = int(k)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def row_of(tally: Tally, seconds: float) -> dict:
    lat = tally.latencies
    return {"games_started": tally.started, "games_finished": tally.finished,
            "person_actions": tally.person, "bot_moves": tally.bots,
            "actions_per_s": round(tally.advance / seconds, 1),
            **{f"p{p}_ms": round(percentile(lat, p), 1) if lat else None
               for p in (50, 95, 99)},
            "max_ms": round(max(lat), 1) if lat else None}


def measure(args, games: int, folder: str) -> dict:
    """One load: fresh servers (``--processes``) and database, G games, the window; its
    result. The first server migrates the empty database alone; the others start once it
    answers."""
    servers: list[Server] = []
    try:
        for i in range(args.processes):
            servers.append(Server(args.db, args.bot_workers, args.rate, folder,
                                  args.serve_with, workers=args.workers, reset=i == 0))
            if i == 0:
                servers[0].wait_ready()
        for server in servers[1:]:
            server.wait_ready()
        result = asyncio.run(Load(servers, args, games).run())
    finally:
        for server in servers:
            server.stop()
    return result


# --- printing -----------------------------------------------------------------------------
COLUMNS = ("person_actions", "bot_moves", "actions_per_s", "p50_ms", "p95_ms", "p99_ms",
           "max_ms")
HEADS = ("person actions", "bot moves", "actions/s", "p50 ms", "p95 ms", "p99 ms", "max ms")


def fmt(value) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:,.1f}"
    return f"{value:,}"


def print_result(result: dict) -> None:
    print(f"\n{result['server']}{servers(result)}, {result['games']} games at once, "
          f"{result['seconds']} s, "
          f"bot {result['bot']} × {result['players'] - 1}, think {result['think']:g} s, "
          f"{result['bot_workers']} bot workers (set-up {result['setup_s']} s)\n")
    print("| game | games started / ended | " + " | ".join(HEADS) + " |")
    print("|---" * (len(HEADS) + 2) + "|")
    rows = [*result["by_game"].items(), ("**all**", result["all"])]
    for name, row in rows:
        games = f"{row['games_started']} / {row['games_finished']}"
        print(f"| {name} | {games} | " + " | ".join(fmt(row[c]) for c in COLUMNS) + " |")
    print(footer(result))


def servers(result: dict) -> str:
    """", 2 server processes × 2 workers" where there are several ("" for one)."""
    processes, workers = result.get("processes", 1), result.get("workers", 1)
    words = f", {processes} server processes" if processes > 1 else ""
    return words + (f" × {workers} workers" if workers > 1 else "")


def footer(result: dict) -> str:
    cpu = result["cpu_percent"]
    return (f"\nCPU in the window, % of one core: server {cpu['server']}, bot workers "
            f"{cpu['bot_workers']}, client {cpu['client']}, PostgreSQL {cpu['postgres']}, "
            f"everything else {cpu['other']}; the machine {cpu['machine']} of "
            f"{cpu['capacity']:.0f}. Client loop lag p95 "
            f"{result['client_loop_lag_ms_p95']} ms; mean message "
            f"{result['mean_message_bytes']:,} bytes; stalls {result['stalls']}; errors "
            f"{result['errors'] or 'none'}")


def print_sweep(results: list[dict], target: float) -> None:
    first = results[0]
    print(f"\n{first['server']}{servers(first)}, sweep, {first['seconds']} s per load, bot {first['bot']} × "
          f"{first['players'] - 1}, think {first['think']:g} s, {first['bot_workers']} bot "
          f"workers\n")
    print("| games | " + " | ".join(HEADS) + " | CPU % server / bots / client / "
          "PostgreSQL / other |")
    print("|---" * (len(HEADS) + 2) + "|")
    for r in results:
        cpu = r["cpu_percent"]
        print(f"| {r['games']} | " + " | ".join(fmt(r["all"][c]) for c in COLUMNS)
              + f" | {cpu['server']:.0f} / {cpu['bot_workers']:.0f} / {cpu['client']:.0f} / "
                f"{cpu['postgres']:.0f} / {cpu['other']:.0f} |")
    print("\n" + crossing(results, target))


def crossing(results: list[dict], target: float) -> str:
    below = None
    for r in results:
        if r["all"]["p95_ms"] is None:
            continue
        if r["all"]["p95_ms"] > target:
            if below is None:
                return (f"p95 is over {target:g} ms from the smallest load ({r['games']} "
                        "games) on")
            return (f"p95 passes {target:g} ms between {below['games']} games "
                    f"({below['all']['p95_ms']:.1f} ms) and {r['games']} games "
                    f"({r['all']['p95_ms']:.1f} ms)")
        below = r
    return f"p95 stays under {target:g} ms up to {results[-1]['games']} games"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="games at once, G (default 50)")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="length of the measured window per load (default 30; with "
                             "--no-replace, 0 waits until every game has ended)")
    parser.add_argument("--warmup", type=float, default=2.0,
                        help="seconds of play before the window opens (default 2)")
    parser.add_argument("--grace", type=float, default=10.0,
                        help="seconds for the actions on their way when the window closes")
    parser.add_argument("--game", choices=GAMES, help="only this game (default: all four "
                        "in turn)")
    parser.add_argument("--players", type=int, default=2,
                        help="seats per game: one person, the rest bots (default 2)")
    parser.add_argument("--bot", default="random", help="the bots' agent spec (default "
                        "random; e.g. greedy)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="the person's mean think time in seconds (default 0)")
    parser.add_argument("--no-replace", dest="replace", action="store_false",
                        help="do not replace a game that ends")
    parser.add_argument("--db", metavar="URL", help="a PostgreSQL URL (its public schema is "
                        "DROPPED and created again; a missing database is created); default "
                        "a fresh SQLite file")
    parser.add_argument("--bot-workers", type=int, default=2,
                        help="the server's --bot-workers (default 2; each process's)")
    parser.add_argument("--processes", type=int, default=1, metavar="N",
                        help="N servers on the same --db (PostgreSQL), game i on server "
                             "i %% N (default 1)")
    parser.add_argument("--workers", type=int, default=1, metavar="N",
                        help="each server's --workers (default 1)")
    parser.add_argument("--rate", type=float, default=1e6,
                        help="the server's --rate (default 1000000: no limit)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sweep", action="store_true",
                        help="one fresh server per load in --loads, one row each")
    parser.add_argument("--loads", default=",".join(map(str, LOADS)),
                        help="the loads of --sweep (default 10,25,50,100,200)")
    parser.add_argument("--target", type=float, default=100.0,
                        help="the p95 in ms whose crossing --sweep reports (default 100)")
    parser.add_argument("--py-spy", metavar="FILE",
                        help="record the server with py-spy during the window")
    parser.add_argument("--py-spy-format", default="flamegraph",
                        choices=("flamegraph", "speedscope", "raw"))
    parser.add_argument("--py-spy-flags", default="", metavar="FLAGS",
                        help="more py-spy record options, e.g. '--gil' or '--idle --native'")
    parser.add_argument("--serve-with", metavar="SCRIPT",
                        help="run SCRIPT (which takes the arguments of 'meeple serve', like "
                             "python -m meeple.cli) instead: to try a change to the server "
                             "without touching it, A/B (guard its main() with if __name__ == "
                             "'__main__': the bot workers are spawned and import it)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.add_argument("--save", metavar="FILE", help="also write the JSON to FILE")
    args = parser.parse_args()
    if args.players < 2:
        parser.error("--players must be at least 2 (one person and a bot)")
    if args.processes < 1 or args.workers < 1:
        parser.error("--processes and --workers must be at least 1")
    if args.processes > 1 and args.db is None:
        parser.error("--processes over 1 needs --db (a PostgreSQL URL): SQLite is served "
                     "by one process")
    loads = [int(n) for n in args.loads.split(",")] if args.sweep else [args.games]
    raise_fd_limit(max(loads))
    results = []
    with tempfile.TemporaryDirectory(prefix="bench-server-") as folder:
        for games in loads:
            try:
                result = measure(args, games, folder)
            except Exception as e:
                if not args.sweep:
                    raise
                print(f"{games} games: failed: {e}", file=sys.stderr, flush=True)
                continue
            results.append(result)
            if args.sweep and not args.json:
                print(f"{games} games: p95 {result['all']['p95_ms']} ms, "
                      f"{result['all']['actions_per_s']} actions/s", file=sys.stderr,
                      flush=True)
    if not results:
        sys.exit("no load could be measured")
    data = json.dumps(results if args.sweep else results[0], indent=2)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            f.write(data + "\n")
    if args.json:
        print(data)
    elif args.sweep:
        print_sweep(results, args.target)
        for r in results:
            print(f"{r['games']} games: " + footer(r).strip())
    else:
        print_result(results[0])


if __name__ == "__main__":
    main()
