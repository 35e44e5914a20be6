"""A server's start and its lobby with many stored games.

    python benchmarks/bench_start.py [--games 10000] [--db URL]

Stores ``--games`` unfinished Carcassonne games (a person to move in each, their seats
named) straight into a fresh database (SQLite in a temporary folder, or
``--db``, whose ``public`` schema is dropped and made again), plus 10 games whose bot is to
move, then measures:

- the start: from launching ``python -m meeple.cli serve`` to its first answer to
  ``GET /api/games/types`` (the migrations, which find the schema up to date, included);
- the lobby: ``GET /api/games?limit=500`` and ``?status=open&limit=20``, the median of 20
  requests each, while the server has nothing else to do.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_server import free_port, reset_postgres  # noqa: E402


def store_games(url: str, n: int, bots: int) -> None:
    """``n`` games with a person to move and ``bots`` with a bot to move, in one
    transaction, as the server would have stored them (the migrations run first)."""
    import sqlalchemy as sa

    from meeple.server import database, schema
    engine = database.open_engine(url)
    database.upgrade(engine)
    when = datetime.now(timezone.utc)
    games, seats = [], []
    for i in range(n + bots):
        game_id = f"bench{i:07d}"
        bot = i >= n
        games.append({"id": game_id, "game": "carcassonne", "players": 2, "config": {},
                      "seed": str(i), "private": False, "practice": False, "aids": True,
                      "created_at": when, "updated_at": when, "index": 0, "turn": 1,
                      "finished": False, "scores": None, "version": 1,
                      "to_move": 1 if bot else 0})
        seats += [{"game_id": game_id, "seat": 0, "agent": "human", "name": "A",
                   "token_hash": None},
                  {"game_id": game_id, "seat": 1, "agent": "greedy" if bot else "human",
                   "name": None if bot else "B", "token_hash": None}]
    try:
        with engine.begin() as db:
            db.execute(sa.insert(schema.games), games)
            db.execute(sa.insert(schema.seats), seats)
    finally:
        engine.dispose()


def timed_get(url: str, n: int = 20) -> float:
    import httpx
    times = []
    with httpx.Client(timeout=30) as http:
        for _ in range(n):
            started = time.perf_counter()
            reply = http.get(url)
            times.append(time.perf_counter() - started)
            assert reply.status_code == 200, reply.text
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--db", help="a PostgreSQL URL (its public schema is DROPPED)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.db or f"sqlite:///{folder}/start.db"
        if args.db:
            reset_postgres(args.db)
        store_games(url, args.games, 10)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        log = open(os.path.join(folder, "server.log"), "wb")
        started = time.perf_counter()
        server = subprocess.Popen([sys.executable, "-m", "meeple.cli", "serve", "--port",
                                   str(port), "--db", url], stdout=log,
                                  stderr=subprocess.STDOUT)
        try:
            import httpx
            while True:
                try:
                    if httpx.get(base + "/api/games/types", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if server.poll() is not None:
                    raise RuntimeError("the server exited")
                time.sleep(0.02)
            start = time.perf_counter() - started
            lobby = timed_get(base + "/api/games?limit=500")
            open_20 = timed_get(base + "/api/games?status=open&limit=20")
        finally:
            server.terminate()
            server.wait(20)
            log.close()
    print(json.dumps({"stored_games": args.games + 10, "db": url.split(":")[0],
                      "start_s": round(start, 2), "lobby_500_ms": round(1000 * lobby, 1),
                      "lobby_open_20_ms": round(1000 * open_20, 1)}))


if __name__ == "__main__":
    main()
