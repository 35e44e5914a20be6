"""The server under attack: does everyone else still get served?

    python benchmarks/bench_abuse.py [--seconds 15] [--attack NAME ...] [--json]

It starts the real server (``python -m meeple.cli serve`` on a free port of 127.0.0.1, a
fresh SQLite file, two bot workers, its default limits and quotas) and, for each attack in
turn, measures what two well-behaved clients see while one attacker does its worst:

- a **prober** (from 127.0.0.2) that reads a game's state (``GET /api/games/{id}``) 20 times a
  second: the p95 of those reads (aim: under 50 ms);
- a **person** (from 127.0.0.3) playing Carcassonne against the ``greedy`` bot: the time from
  sending a move to the bot's reply being stored (aim: under 1 s).

Every client has an address of its own on the loopback (127.0.0.0/8), as clients on a
network would, so that the per-address limits apply to the attacker alone. The attacks
(the audit's findings, ``../shared/audits/server.md``), each from an address of its own:

- ``none``: no attack (the baseline);
- ``huge-board``: Jäger und Sammler boards of 20,000 × 20,000 sent as fast as the rate
  limit lets through;
- ``socket-flood``: WebSockets opened and held, 100 a second;
- ``bots-at-cap``: games of bots alone, both seats ``mcts:time=5`` (the time cap), as many
  as the server lets one client have (the rest refused);
- ``reviews``: reviews of 20 finished games asked for, again and again;
- ``creation-flood``: games created as fast as the rate limit lets through;
- ``bots-and-reviews``: ``bots-at-cap`` and ``reviews`` at once (the issue's case).

Bounded: each attack lasts ``--seconds`` (default 15) plus a few seconds to set up, and
the server is stopped at the end. Loopback only.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_server import Server, percentile  # noqa: E402

ATTACKS = ("none", "huge-board", "socket-flood", "bots-at-cap", "reviews", "creation-flood",
           "bots-and-reviews")
PROBER, PERSON = "127.0.0.2", "127.0.0.3"
HUGE_BOARD = {"rows": 20000, "cols": 20000, "summer_settlements": [],
              "winter_settlements": [], "mammoths": {"summer": [], "winter": []}}
REVIEWED_GAMES = 20


def client(address: str, base: str, token: str | None = None):
    """An HTTP client whose connections come from ``address``."""
    import httpx
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.AsyncClient(base_url=base, headers=headers, timeout=30,
                             transport=httpx.AsyncHTTPTransport(local_address=address))


# --- the well-behaved clients --------------------------------------------------------------
async def probe(base: str, game_id: str, until: float, out: list[float]) -> None:
    """Read the game's state 20 times a second until ``until``; each read's seconds."""
    async with client(PROBER, base) as http:
        while time.monotonic() < until:
            started = time.monotonic()
            reply = await http.get(f"/api/games/{game_id}")
            if reply.status_code == 200:
                out.append(time.monotonic() - started)
            await asyncio.sleep(max(0.0, 0.05 - (time.monotonic() - started)))


async def person(base: str, until: float, out: list[float]) -> None:
    """Play Carcassonne against ``greedy`` until ``until``; each bot reply's seconds (from
    sending the move to the bot's move stored and the person to move again)."""
    async with client(PERSON, base) as http:
        game_id = token = None
        while time.monotonic() < until:
            if game_id is None:
                reply = await http.post("/api/games", json={
                    "game": "carcassonne", "bots": {"1": "greedy"}})
                if reply.status_code == 429:         # over the rate limit: a moment
                    await asyncio.sleep(0.1)
                    continue
                if reply.status_code != 201:
                    raise RuntimeError(f"the person's game was refused: {reply.text}")
                created = reply.json()
                game_id, token = created["id"], created["seats"][0]["token"]
                auth = {"Authorization": f"Bearer {token}"}
            reply = await http.get(f"/api/games/{game_id}", headers=auth)
            if reply.status_code != 200:             # over the rate limit: a moment
                await asyncio.sleep(0.05)
                continue
            now = reply.json()
            if now["terminal"]:
                game_id = None
                continue
            if not now["legal"]:
                await asyncio.sleep(0.02)
                continue
            started = time.monotonic()
            moved = await http.post(f"/api/games/{game_id}/actions", headers=auth,
                                    json={"action": now["legal"][0], "index": now["index"]})
            if moved.status_code != 200:
                continue
            state = moved.json()
            if state["current_player"] == state["seat"] or state["terminal"]:
                continue                       # the person's own next step (a follower)
            while time.monotonic() < until + 30:
                await asyncio.sleep(0.025)           # 40 reads a second: within the limit
                reply = await http.get(f"/api/games/{game_id}", headers=auth)
                if reply.status_code != 200:
                    continue
                state = reply.json()
                if state["terminal"] or state["current_player"] == state["seat"]:
                    out.append(time.monotonic() - started)
                    break


# --- the attacks ---------------------------------------------------------------------------
async def huge_board(base: str, until: float, seen: Counter) -> None:
    async with client("127.0.0.10", base) as http:
        while time.monotonic() < until:
            reply = await http.post("/api/games", json={"game": "jaeger-sammler",
                                                        "config": {"board": HUGE_BOARD}})
            seen[reply.status_code] += 1
            if reply.status_code == 429:
                await asyncio.sleep(0.02)


async def socket_flood(base: str, game_id: str, until: float, seen: Counter) -> None:
    from websockets.asyncio.client import connect
    url = base.replace("http", "ws") + f"/api/games/{game_id}/ws"
    held = []
    try:
        while time.monotonic() < until:
            try:
                ws = await connect(url, local_addr=("127.0.0.11", 0), open_timeout=5,
                                   ping_interval=None)
                held.append(ws)
                seen["opened"] += 1
            except Exception as e:               # refused: by the server or the kernel
                seen[type(e).__name__] += 1
            await asyncio.sleep(0.01)
        for ws in held:                          # which of them the server closed
            seen["closed by server"] += ws.close_code is not None
    finally:
        for ws in held:
            await ws.close()


async def bots_at_cap(base: str, until: float, seen: Counter) -> None:
    async with client("127.0.0.12", base) as http:
        for _ in range(5):                      # more than a client may have: the rest 429
            reply = await http.post("/api/games", json={
                "game": "carcassonne", "bots": {"0": "mcts:time=5", "1": "mcts:time=5"}})
            seen[reply.status_code] += 1
        await asyncio.sleep(max(0.0, until - time.monotonic()))


async def finished_games(base: str, address: str, n: int) -> list[str]:
    """``n`` short games (three tiles) played to the end, for reviews."""
    ids = []
    async with client(address, base) as http:
        for _ in range(n):
            created = (await http.post("/api/games", json={
                "game": "carcassonne", "bots": {"1": "random"},
                "config": {"deck": {"U": 1, "V": 2}}})).json()
            auth = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
            while True:
                await asyncio.sleep(0.03)               # within the rate limit
                reply = await http.get(f"/api/games/{created['id']}", headers=auth)
                if reply.status_code != 200:
                    continue
                now = reply.json()
                if now["terminal"]:
                    break
                if now["legal"]:
                    await http.post(f"/api/games/{created['id']}/actions", headers=auth,
                                    json={"action": now["legal"][0], "index": now["index"]})
            ids.append(created["id"])
    return ids


async def reviews(base: str, ids: list[str], until: float, seen: Counter) -> None:
    async with client("127.0.0.13", base) as http:
        while time.monotonic() < until:
            for game_id in ids:
                reply = await http.get(f"/api/games/{game_id}/analysis")
                seen[reply.status_code] += 1
            await asyncio.sleep(0.5)


async def creation_flood(base: str, until: float, seen: Counter) -> None:
    async with client("127.0.0.14", base) as http:
        while time.monotonic() < until:
            reply = await http.post("/api/games", json={"game": "carcassonne"})
            seen[reply.status_code] += 1
            if reply.status_code == 429:
                await asyncio.sleep(0.02)


# --- one attack, measured --------------------------------------------------------------------
async def run_attack(name: str, base: str, seconds: float, watched: str,
                     reviewed: list[str]) -> dict:
    seen: Counter = Counter()
    until = time.monotonic() + seconds
    attack = {"none": lambda: asyncio.sleep(seconds),
              "huge-board": lambda: huge_board(base, until, seen),
              "socket-flood": lambda: socket_flood(base, watched, until, seen),
              "bots-at-cap": lambda: bots_at_cap(base, until, seen),
              "reviews": lambda: reviews(base, reviewed, until, seen),
              "creation-flood": lambda: creation_flood(base, until, seen),
              "bots-and-reviews": lambda: asyncio.gather(bots_at_cap(base, until, seen),
                                                         reviews(base, reviewed, until, seen)),
              }[name]
    reads: list[float] = []
    replies: list[float] = []
    await asyncio.gather(attack(), probe(base, watched, until, reads),
                         person(base, until, replies))
    ms = lambda v: None if v is None else round(1000 * v, 1)    # noqa: E731
    return {"attack": name, "seconds": seconds,
            "get_p50_ms": ms(percentile(reads, 50)), "get_p95_ms": ms(percentile(reads, 95)),
            "get_max_ms": ms(max(reads, default=None)), "gets": len(reads),
            "bot_reply_p50_s": percentile(replies, 50), "bot_reply_p95_s":
            percentile(replies, 95), "bot_reply_max_s": max(replies, default=None),
            "bot_replies": len(replies), "attack_outcomes": {str(k): v for k, v in seen.items()}}


async def main_async(args) -> list[dict]:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(None, bot_workers=2, rate=50.0, folder=folder, lift_caps=False)
        try:
            server.wait_ready()
            base = server.base
            async with client("127.0.0.4", base) as http:
                watched = (await http.post("/api/games", json={
                    "game": "catan-dice", "players": 2})).json()["id"]
            reviewed = []
            if {"reviews", "bots-and-reviews"} & set(args.attack):
                reviewed = await finished_games(base, "127.0.0.13", REVIEWED_GAMES)
            results = []
            for name in args.attack:
                result = await run_attack(name, base, args.seconds, watched, reviewed)
                results.append(result)
                if not args.json:
                    print_row(result)
            return results
        finally:
            server.stop()


def print_row(r: dict) -> None:
    def s(v):
        return "–" if v is None else f"{v:.2f}"
    print(f"{r['attack']:<17} GET p95 {r['get_p95_ms']} ms (max {r['get_max_ms']}, "
          f"{r['gets']} reads) · greedy reply p95 {s(r['bot_reply_p95_s'])} s (max "
          f"{s(r['bot_reply_max_s'])}, {r['bot_replies']} replies) · attack: "
          f"{r['attack_outcomes']}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--attack", nargs="+", choices=ATTACKS, default=list(ATTACKS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = asyncio.run(main_async(args))
    if args.json:
        print(json.dumps(results))


if __name__ == "__main__":
    main()
