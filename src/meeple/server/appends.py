"""The move path's one write, in each database's own SQL (:meth:`.storage.Store.append`).

Every move of every game is this write, so it skips SQLAlchemy's statement machinery
(building, caching and compiling statements, wrapping the driver: half of the server's
time per move) and speaks to the driver on the pool's connection. On PostgreSQL it is one
statement in one round trip: the version check and the summary (with the clock's new
deadline and time left, where the summary carries them: :mod:`.clocks`), the actions, the
takeback request a move ends, the bot lease that goes with the move and the notice to the
other processes, all or nothing. On SQLite (one process, a local file) it is one short
transaction of plain statements. The values are stored exactly as the SQLAlchemy tables
(:mod:`.schema`) store them, so every other read and write sees the same rows.
"""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from typing import Any, Sequence

POSTGRES = """
WITH g AS (
  UPDATE games SET version = version + 1, updated_at = %(now)s, "index" = %(index)s,
         turn = %(turn)s, finished = %(finished)s, scores = %(scores)s::json,
         to_move = %(to_move)s,
         deadline = CASE WHEN %(clocked)s THEN %(deadline)s::timestamptz ELSE deadline END,
         remaining = CASE WHEN %(clocked)s THEN %(remaining)s::json ELSE remaining END,
         timed_out = CASE WHEN %(clocked)s THEN %(timed_out)s::int ELSE timed_out END
   WHERE id = %(id)s AND version = %(seen)s
  RETURNING id, version, pg_notify(%(channel)s, id || ' ' || version) AS notice),
a AS (
  INSERT INTO actions (game_id, "index", action, seat, at)
  SELECT g.id, r.i, r.a, r.s, r.t FROM g,
         unnest(%(indices)s::int[], %(texts)s::text[], %(seats)s::int[],
                %(ats)s::timestamptz[]) AS r(i, a, s, t)),
t AS (
  DELETE FROM takebacks WHERE %(drop)s AND game_id IN (SELECT id FROM g)),
l AS (
  INSERT INTO leases (name, holder, expires_at)
  SELECT 'bot:' || g.id, %(holder)s, %(until)s FROM g WHERE %(take)s
  ON CONFLICT (name) DO UPDATE SET holder = excluded.holder,
                                   expires_at = excluded.expires_at),
d AS (
  DELETE FROM leases WHERE %(untake)s AND name IN (SELECT 'bot:' || id FROM g))
SELECT version FROM g
"""


def append_postgres(connection: Any, params: dict) -> int | None:
    """Run :data:`POSTGRES` on a psycopg connection in autocommit (one statement is one
    transaction); the new version, None if the game was not at ``seen``. The driver's
    IntegrityError (an index taken) leaves nothing stored."""
    connection.autocommit = True
    try:
        with connection.cursor() as cursor:
            cursor.execute(POSTGRES, params)
            row = cursor.fetchone()
    finally:
        connection.autocommit = False
    return None if row is None else row[0]


def append_sqlite(connection: Any, params: dict) -> int | None:
    """The same write on a sqlite3 connection, in one transaction (the caller holds this
    process's write turn); the new version, None if the game was not at ``seen``."""
    at = _sqlite_time
    cursor = connection.cursor()
    try:
        cursor.execute("BEGIN IMMEDIATE")
        clock = ((", deadline = ?, remaining = ?, timed_out = ?",
                  (params["deadline"] and at(params["deadline"]), params["remaining"],
                   params["timed_out"])) if params["clocked"] else ("", ()))
        cursor.execute(
            'UPDATE games SET version = version + 1, updated_at = ?, "index" = ?, turn = ?, '
            f"finished = ?, scores = ?, to_move = ?{clock[0]} WHERE id = ? AND version = ? "
            "RETURNING version",
            (at(params["now"]), params["index"], params["turn"], int(params["finished"]),
             params["scores"], params["to_move"], *clock[1], params["id"], params["seen"]))
        row = cursor.fetchone()
        if row is None:
            connection.rollback()
            return None
        cursor.executemany(
            'INSERT INTO actions (game_id, "index", action, seat, at) VALUES (?, ?, ?, ?, ?)',
            [(params["id"], i, a, s, at(t)) for i, a, s, t in
             zip(params["indices"], params["texts"], params["seats"], params["ats"])])
        if params["drop"]:
            cursor.execute("DELETE FROM takebacks WHERE game_id = ?", (params["id"],))
        lease = "bot:" + params["id"]
        if params["take"]:
            cursor.execute(
                "INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?) "
                "ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, "
                "expires_at = excluded.expires_at",
                (lease, params["holder"], at(params["until"])))
        elif params["untake"]:
            cursor.execute("DELETE FROM leases WHERE name = ?", (lease,))
        connection.commit()
        return row[0]
    except BaseException:
        connection.rollback()
        raise
    finally:
        cursor.close()


def parameters(game_id: str, rows: Sequence, summary: dict, seen: int, now: datetime,
               drop_takeback: bool, holder: str | None, bot_next: bool,
               lease_s: float, channel: str) -> dict:
    """The parameters of either statement."""
    return {
        "id": game_id, "seen": seen, "now": now, "index": summary["index"],
        "turn": summary["turn"], "finished": bool(summary["finished"]),
        "scores": json.dumps(summary.get("scores")),      # JSON null, as SQLAlchemy writes
        "to_move": summary["to_move"], "channel": channel,
        "clocked": "deadline" in summary, "deadline": _utc(summary.get("deadline")),
        "remaining": json.dumps(summary.get("remaining")),
        "timed_out": summary.get("timed_out"),
        "indices": [r.index for r in rows], "texts": [r.action for r in rows],
        "seats": [r.seat for r in rows], "ats": [r.at for r in rows],
        "drop": bool(drop_takeback), "holder": holder or "",
        "until": now + timedelta(seconds=lease_s),
        "take": holder is not None and bot_next, "untake": holder is not None and not bot_next,
    }


def _utc(value: datetime | None) -> datetime | None:
    """A time in UTC (what either statement stores of it)."""
    if value is None or value.tzinfo is None:                 # no zone: it is UTC
        return value
    return value.astimezone(timezone.utc)


def _sqlite_time(value: datetime) -> str:
    """A time as SQLAlchemy's SQLite DateTime stores it (text, no zone: it is UTC)."""
    return value.strftime("%Y-%m-%d %H:%M:%S.%f")
