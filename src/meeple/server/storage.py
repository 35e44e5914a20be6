"""The store: games, seats and the action log in the database, one transaction per change.

Every method is one short transaction (the caller runs them in a worker thread, off the
event loop). :meth:`Store.append` is how an action becomes real: the rows of a move (the
move and the chance outcomes it leads to) and the game's summary commit together.

Several server processes may share one PostgreSQL database, which is the only truth: every
write of a game names the ``version`` of the game it was decided on and commits only if
that is still the stored one (optimistic concurrency), else it raises :class:`Conflict` and
changes nothing; the writer reloads and decides again. Every change of a game is announced
on PostgreSQL's channel :data:`CHANNEL` (``NOTIFY``, delivered at commit) as ``"GAME_ID
VERSION"``, so every process can tell its own WebSockets (:mod:`.notices`). Leases
(:meth:`Store.lease`) decide which process acts for a bot or a review.
"""
from __future__ import annotations

import contextlib
import secrets
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from typing import Iterator, NamedTuple


from sqlalchemy import (Engine, String, bindparam, cast, delete, exists, func, insert,
                        literal, select, update)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from . import appends, schema

HUMAN = "human"
GUEST = "guest"
"""The name of a seat whose link is in use and whose person has not named it."""
LEASE_S = 6.0
"""How long a lease lasts unless renewed: a dead process's bots wait at most this long."""
IDLE = timedelta(days=1)
"""A game without a clock untouched this long is no longer listed as open or running."""
CHANNEL = "meeple_games"
"""PostgreSQL's notification channel: a payload ``"GAME_ID VERSION"`` per stored change."""
CLOCK_KEYS = ("deadline", "remaining", "timed_out")
"""The clock's columns a summary may carry (:mod:`.clocks`), written with the move or
takeback that changes them."""


class Conflict(Exception):
    """The game changed since the version the writer read (another process wrote first):
    nothing was stored."""


class ActionRow(NamedTuple):
    index: int
    action: str
    seat: int
    at: datetime


@dataclass
class SeatRow:
    seat: int
    agent: str
    name: str | None = None
    token_hash: str | None = None
    player: str | None = None
    """The player whose seat it is (a browser's identity: :mod:`.players`), if any."""
    mode: str | None = None
    """A person's seat: ``me`` (its creator's), ``invite`` (a link claimed once) or
    ``open`` (offered in the lobby); None for a bot's."""
    standin: str | None = None
    """The agent spec of a bot playing for the person (their time ran out, or they let a
    bot finish for them), until they take the seat back."""

    @property
    def human(self) -> bool:
        return self.agent == HUMAN

    @property
    def bot(self) -> str | None:
        """The agent that moves for this seat: a bot's own, or one standing in for the
        person; None when the person moves."""
        return self.standin if self.human else self.agent

    @property
    def open(self) -> bool:
        """A person's seat its creator offered to anyone that nobody has taken yet: the
        lobby offers it (which gives a new token and ends the one made with the game),
        until its link is used."""
        return (self.human and self.mode == "open" and self.name is None
                and self.player is None)


@dataclass
class GameRow:
    id: str
    game: str
    players: int
    config: dict
    seed: int
    """Up to 128 bits, stored as decimal text (an integer column holds 64)."""
    private: bool = False
    practice: bool = False
    """The creator chose the seed: a practice game (unlisted; its page says so)."""
    aids: bool = True
    """The beginner's aids on (legal spots lit, tiles left, projected scores); False:
    the server sends none of them."""
    hints: bool = False
    """Engine hints allowed, for every seat alike (the creator's choice, shown to all)."""
    creator_player: str | None = None
    """The player who created the game."""
    clock: dict | None = None
    """The time control (:mod:`.clocks`), None: untimed."""
    deadline: datetime | None = None
    """When the seat to move runs out of time (None: no clock runs now)."""
    remaining: list | None = None
    """A live clock's seconds left per seat, as of the start of the turn running now."""
    timed_out: int | None = None
    """The seat whose time ran out, when the others may claim the game."""
    result: dict | None = None
    """How a game ended outside its rules: ``{"ended": "claimed" | "abandoned", ...}``."""
    colours: list | None = None
    """Each seat's colour as its creator chose them; None: the game's own order."""
    created_at: datetime | None = None
    updated_at: datetime | None = None
    index: int = 0
    turn: int = 1
    finished: bool = False
    scores: list | None = None
    rematch_of: str | None = None
    rematch: str | None = None
    version: int = 0
    """Raised by every stored change of the game (see :meth:`Store.version`)."""
    epoch: int = 0
    """Raised by every takeback: a cache whose epoch differs holds a log that is not the
    stored one plus new rows, and is replayed again."""
    to_move: int | None = None
    """The seat to act now (the state's ``current_player``), so that a start resumes only
    the games a bot must move in; None for a game stored before it was kept."""
    creator: str | None = None
    """A keyed hash of the address that created the game (for per-client quotas)."""
    seats: list[SeatRow] = field(default_factory=list)
    takeback: dict | None = None
    """The open takeback request: ``{"by": seat, "keep": actions kept, "accepted": [..]}``."""

    def changed(self, summary: dict, version: int, **values) -> "GameRow":
        """A copy with the summary of the position now stored, its new version and
        ``values`` (the row of a cached game is never changed in place: a process compares
        the old copy with the new to tell its WebSockets what changed)."""
        row = replace(self, **values)
        row.summarize(summary, version)
        return row

    def summarize(self, summary: dict, version: int | None = None) -> None:
        """Take the summary of the position now stored (``index``, ``turn``, ``finished``,
        ``scores``: see :meth:`Store.append`) and, where given, the stored version."""
        self.index, self.turn = summary["index"], summary["turn"]
        self.finished, self.scores = summary["finished"], summary["scores"]
        self.to_move = summary["to_move"]
        for key in CLOCK_KEYS:              # where the change stored the clock's new values
            if key in summary:
                setattr(self, key, summary[key])
        if version is not None:
            self.version = version

    @property
    def status(self) -> str:
        """``finished``, ``open`` (a human seat is free) or ``running``."""
        if self.finished:
            return "finished"
        return "open" if any(s.open for s in self.seats) else "running"


def now() -> datetime:
    return datetime.now(timezone.utc)


_GAME_COLUMNS = [c.name for c in schema.games.columns]


class Store:
    """The server's database behind a few whole operations. Every change of a game raises
    its ``version``, so that a process knows its cached copy is current from that one
    number. On SQLite, this process's writes take turns (SQLite has one writer anyway, and
    writers that race for its lock back off for up to 100 ms each time they lose)."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        self._integrity = engine.dialect.loaded_dbapi.IntegrityError
        """The driver's own IntegrityError (:meth:`append` speaks to it directly)."""
        self._turns = threading.Lock() if engine.dialect.name == "sqlite" else None

    @contextmanager
    def _write(self) -> Iterator:
        """A write transaction (SQLite: one at a time in this process)."""
        if self._turns is None:
            with self.engine.begin() as db:
                yield db
            return
        with self._turns, self.engine.begin() as db:
            yield db

    def version(self, game_id: str) -> int | None:
        """The game's version, None if there is no such game: one indexed read."""
        g = schema.games
        with self.engine.connect() as db:
            return db.execute(select(g.c.version).where(g.c.id == game_id)).scalar()

    # --- games ----------------------------------------------------------------------------
    def create(self, game: GameRow, first: list[ActionRow]) -> None:
        """Store a new game, its seats and its first actions (the set-up) at once."""
        game.created_at = game.updated_at = now()
        with self._write() as db:
            db.execute(insert(schema.games).values(
                {c: getattr(game, c) for c in _GAME_COLUMNS} | {"seed": str(game.seed)}))
            db.execute(insert(schema.seats), [
                {"game_id": game.id, "seat": s.seat, "agent": s.agent, "name": s.name,
                 "token_hash": s.token_hash, "player_id": s.player, "mode": s.mode,
                 "standin": s.standin} for s in game.seats])
            self._insert_actions(db, game.id, first)

    def game(self, game_id: str) -> GameRow | None:
        """The game ``game_id`` with its seats, or None."""
        with self.engine.connect() as db:
            row = db.execute(select(schema.games).where(schema.games.c.id == game_id)).first()
            if row is None:
                return None
            game = game_row(row)
            game.seats = [seat_row(r) for r in db.execute(
                select(schema.seats).where(schema.seats.c.game_id == game_id)
                .order_by(schema.seats.c.seat))]
            t = schema.takebacks
            request = db.execute(select(t).where(t.c.game_id == game_id)).first()
        if request is not None:
            game.takeback = {"by": request.by_seat, "keep": request.keep,
                             "accepted": list(request.accepted)}
        return game

    def actions(self, game_id: str, start: int = 0) -> list[ActionRow]:
        """The game's log from index ``start`` on, in order."""
        t = schema.actions
        query = select(t.c.index, t.c.action, t.c.seat, t.c.at).where(t.c.game_id == game_id)
        if start:
            query = query.where(t.c.index >= start)
        with self.engine.connect() as db:
            return [ActionRow(r.index, r.action, r.seat, r.at)
                    for r in db.execute(query.order_by(t.c.index))]

    def games(self, game: str | None = None, status: str | None = None,
              limit: int = 100) -> list[GameRow]:
        """Listed games (neither private nor practice), newest change first, by game name
        and status, each with its seats (no token hashes, no players): one query. A game
        nobody can finish is never listed as open or running: one whose time ran out and
        waits for a claim, or one without a clock untouched for :data:`IDLE` (a clock
        ends the others: :mod:`.clocks`)."""
        g, s = schema.games, schema.seats
        open_seat = exists().where(s.c.game_id == g.c.id, s.c.agent == HUMAN,
                                   s.c.mode == "open", s.c.name.is_(None),
                                   s.c.player_id.is_(None))
        alive = g.c.finished | (g.c.timed_out.is_(None) & (
            g.c.deadline.is_not(None) | (g.c.updated_at > now() - IDLE)))
        query = select(g).where(g.c.private.is_(False), g.c.practice.is_(False), alive)
        if game is not None:
            query = query.where(g.c.game == game)
        if status is not None:
            query = query.where(g.c.finished.is_(status == "finished"))
        if status == "open":
            query = query.where(open_seat)
        elif status == "running":
            query = query.where(~open_seat)
        listed = query.order_by(g.c.updated_at.desc(), g.c.id).limit(limit).subquery()
        rows: dict[str, GameRow] = {}
        with self.engine.connect() as db:
            for r in db.execute(select(listed, s.c.seat, s.c.agent, s.c.name.label("seat_name"),
                                       s.c.mode, s.c.standin,
                                       s.c.player_id.is_not(None).label("taken"))
                                .join(s, s.c.game_id == listed.c.id)
                                .order_by(listed.c.updated_at.desc(), listed.c.id, s.c.seat)):
                row = rows.get(r.id)
                if row is None:
                    row = rows[r.id] = game_row(_without(r, "seat", "agent", "seat_name",
                                                          "mode", "standin", "taken"))
                row.seats.append(SeatRow(r.seat, r.agent, r.seat_name, None,
                                         "?" if r.taken else None, r.mode, r.standin))
        return list(rows.values())

    def resumable(self) -> list[str]:
        """The ids of the unfinished games a start must replay now: a bot to move, a
        set-up to deal, or a position stored before the seat to move was kept. The others
        are replayed when first asked for."""
        g, s = schema.games, schema.seats
        bot_to_move = _bot_to_move()
        with self.engine.connect() as db:
            return [r.id for r in db.execute(select(g.c.id).where(
                g.c.finished.is_(False),
                g.c.to_move.is_(None) | (g.c.to_move < 0) | bot_to_move))]

    def bot_games(self, creator: str) -> int:
        """How many unfinished games of bots alone (no person's seat) ``creator`` made."""
        g, s = schema.games, schema.seats
        person = exists().where(s.c.game_id == g.c.id, s.c.agent == HUMAN)
        with self.engine.connect() as db:
            return db.execute(select(func.count()).select_from(g).where(
                g.c.creator == creator, g.c.finished.is_(False), ~person)).scalar_one()

    def ids(self) -> list[str]:
        """Every stored game's id (``meeple db check``)."""
        with self.engine.connect() as db:
            return [r.id for r in db.execute(select(schema.games.c.id)
                                             .order_by(schema.games.c.created_at))]

    # --- the log --------------------------------------------------------------------------
    def append(self, game_id: str, rows: list[ActionRow], summary: dict, seen: int,
               drop_takeback: bool = False, bot: str | None = None) -> int:
        """Commit ``rows`` and the game's new ``summary`` (index, turn, finished, scores,
        to_move), and drop the open takeback request if told, if the game is still at
        version ``seen``; the game's new version. Conflict (nothing stored) if another
        writer changed the game first. With ``bot`` (a lease holder), the game's bot lease
        goes with the move: taken for ``bot`` when a bot is to move next (``summary``'s
        ``bot_next``), else dropped, so a process moving a bot pays no transaction of its
        own for the lease."""
        summary = dict(summary)
        bot_next = summary.pop("bot_next", False)
        params = appends.parameters(game_id, rows, summary, seen, now(), drop_takeback, bot,
                                    bot_next, LEASE_S, CHANNEL)
        raw = self.engine.raw_connection()
        try:
            if self.postgres:
                version = appends.append_postgres(raw.driver_connection, params)
            else:
                with self._turns or contextlib.nullcontext():
                    version = appends.append_sqlite(raw.driver_connection, params)
        except self._integrity:
            raise Conflict(game_id) from None
        finally:
            raw.close()                     # back to the pool
        if version is None:
            raise Conflict(game_id)
        return version

    def take_back(self, game_id: str, keep: int, by: int, summary: dict,
                  seen: int) -> tuple[int, int]:
        """Move every action from index ``keep`` on into ``taken_back``, drop the request,
        write the new summary and raise the log's epoch, if the game is still at version
        ``seen`` (else Conflict): one transaction. The game's new version and epoch."""
        a, g, when = schema.actions, schema.games, now()
        with self._write() as db:
            version = self._changed(db, game_id, seen, summary | {"epoch": g.c.epoch + 1})
            tail = db.execute(select(a).where(a.c.game_id == game_id, a.c.index >= keep)).all()
            if tail:
                db.execute(insert(schema.taken_back), [
                    {"game_id": game_id, "index": r.index, "action": r.action, "seat": r.seat,
                     "at": r.at, "undone_at": when, "undone_by": by} for r in tail])
            db.execute(delete(a).where(a.c.game_id == game_id, a.c.index >= keep))
            db.execute(delete(schema.takebacks).where(schema.takebacks.c.game_id == game_id))
            epoch = db.execute(select(g.c.epoch).where(g.c.id == game_id)).scalar_one()
            return version, epoch

    @staticmethod
    def _insert_actions(db, game_id: str, rows: list[ActionRow]) -> None:
        if rows:
            db.execute(insert(schema.actions), [
                {"game_id": game_id, "index": r.index, "action": r.action, "seat": r.seat,
                 "at": r.at} for r in rows])

    def _changed(self, db, game_id: str, seen: int | None, values: dict | None = None) -> int:
        """Raise the game's version (and write ``values``) if it is still ``seen`` (None:
        whatever it is), announcing the change on :data:`CHANNEL` (PostgreSQL); the new
        version. Conflict if the game is at another version (or gone)."""
        g = schema.games
        query = update(g).where(g.c.id == game_id)
        if seen is not None:
            query = query.where(g.c.version == seen)
        returned = [g.c.version]
        if self.postgres:        # delivered at commit, to every process that listens
            returned.append(func.pg_notify(CHANNEL, g.c.id + literal(" ")
                                           + cast(g.c.version, String)))
        version = db.execute(query.values(updated_at=now(), version=g.c.version + 1,
                                          **(values or {})).returning(*returned)).scalar()
        if version is None:
            raise Conflict(game_id)
        return version

    # --- seats ----------------------------------------------------------------------------
    def set_seat(self, game_id: str, seat: int, values: dict, seen: int,
                 expect: dict | None = None) -> int | None:
        """Write ``values`` (columns of ``seats``: name, token_hash, player_id, mode,
        standin) into ``seat``, if the game is still at version ``seen`` (else Conflict);
        with ``expect`` (columns and the values they should have now), only if it still
        has them. The game's new version; None if the seat was not as expected (nothing
        stored)."""
        s = schema.seats
        query = update(s).where(s.c.game_id == game_id, s.c.seat == seat)
        for column, value in (expect or {}).items():
            query = query.where(s.c[column].is_(None) if value is None
                                else s.c[column] == value)
        try:
            with self._write() as db:
                version = self._changed(db, game_id, seen)
                if db.execute(query.values(**values)).rowcount != 1:
                    raise _Unchanged
                return version
        except _Unchanged:
            return None

    def link_rematch(self, game_id: str, rematch_id: str) -> str:
        """Mark ``rematch_id`` as the rematch of ``game_id`` unless one is marked already;
        the rematch's id either way."""
        g = schema.games
        with self._write() as db:
            marked = db.execute(select(g.c.rematch).where(g.c.id == game_id)
                                .with_for_update()).scalar_one()
            if marked is not None:
                return marked
            self._changed(db, game_id, None, {"rematch": rematch_id})
            return rematch_id

    # --- the server's own keys --------------------------------------------------------------
    def key(self, name: str) -> bytes:
        """The server's secret ``name`` (256 random bits), made by the first process that
        asks and shared by every process on the database (rematch tokens, client hashes)."""
        k = schema.server_keys
        with self.engine.connect() as db:
            value = db.execute(select(k.c.value).where(k.c.name == name)).scalar()
        if value is None:
            try:
                with self._write() as db:
                    db.execute(insert(k).values(name=name, value=secrets.token_hex(32)))
            except IntegrityError:                 # another process made it first
                pass
            with self.engine.connect() as db:
                value = db.execute(select(k.c.value).where(k.c.name == name)).scalar_one()
        return bytes.fromhex(value)

    # --- takeback requests ----------------------------------------------------------------
    def analysis(self, game_id: str) -> dict | None:
        """The stored review of a game (``{"agent", "moves"}``), None if there is none."""
        a = schema.analyses
        with self.engine.connect() as db:
            row = db.execute(select(a.c.agent, a.c.moves).where(a.c.game_id == game_id)
                             ).first()
        return None if row is None else {"agent": row.agent, "moves": row.moves}

    def put_analysis(self, game_id: str, agent: str, moves: list[dict]) -> None:
        """Keep the review of a finished game (a second one for the game is ignored)."""
        a = schema.analyses
        with self._write() as db:
            if db.execute(select(a.c.game_id).where(a.c.game_id == game_id)).first() is None:
                db.execute(insert(a).values(game_id=game_id, agent=agent, moves=moves,
                                            at=now()))

    def put_takeback(self, game_id: str, request: dict | None, seen: int) -> int:
        """Store ``request`` as the game's open one (replacing any), or drop it (None), if
        the game is still at version ``seen`` (else Conflict); the game's new version."""
        t = schema.takebacks
        with self._write() as db:
            version = self._changed(db, game_id, seen)
            db.execute(delete(t).where(t.c.game_id == game_id))
            if request is not None:
                db.execute(insert(t).values(game_id=game_id, by_seat=request["by"],
                                            keep=request["keep"],
                                            accepted=request["accepted"], at=now()))
            return version

    # --- leases ---------------------------------------------------------------------------
    def lease(self, name: str, holder: str, seconds: float) -> bool:
        """Take the lease ``name`` (e.g. ``"bot:GAME"``) for ``holder`` for ``seconds``, if
        nobody holds it or its holder let it expire (a process that died); True if
        ``holder`` holds it now. Exactly one process acting for a bot or a review rests on
        this: one row per name, taken in one statement."""
        l, when = schema.leases, now()
        dialect = postgresql if self.postgres else sqlite
        query = dialect.insert(l).values(name=name, holder=holder,
                                         expires_at=when + timedelta(seconds=seconds))
        query = query.on_conflict_do_update(
            index_elements=[l.c.name],
            set_={"holder": holder, "expires_at": when + timedelta(seconds=seconds)},
            where=(l.c.expires_at < when) | (l.c.holder == holder)).returning(l.c.holder)
        with self._write() as db:
            return db.execute(query).scalar() == holder

    def renew(self, holder: str, seconds: float) -> int:
        """Extend every lease ``holder`` holds by ``seconds`` from now (its heartbeat); how
        many it holds."""
        l = schema.leases
        with self._write() as db:
            return db.execute(update(l).where(l.c.holder == holder).values(
                expires_at=now() + timedelta(seconds=seconds))).rowcount

    def release(self, name: str, holder: str, after: float = 0.0) -> None:
        """Give up the lease ``name`` if ``holder`` holds it: at once, or (``after``
        seconds) let it lapse then, so that nobody takes the work up before (a bot that
        failed is asked again only after a pause)."""
        l = schema.leases
        query = (delete(l) if after <= 0 else update(l).values(
            holder="", expires_at=now() + timedelta(seconds=after)))
        with self._write() as db:
            db.execute(query.where(l.c.name == name, l.c.holder == holder))

    def unleased_bots(self, limit: int = 100) -> list[str]:
        """Unfinished games in which a bot is to move and no process holds its lease
        (``"bot:GAME"``, live): the work of a process that died, or not yet taken up."""
        g, s, l = schema.games, schema.seats, schema.leases
        bot_to_move = _bot_to_move()
        leased = exists().where(l.c.name == literal("bot:") + g.c.id, l.c.expires_at >= now())
        with self.engine.connect() as db:
            return [r.id for r in db.execute(select(g.c.id).where(
                g.c.finished.is_(False), g.c.to_move >= 0, bot_to_move, ~leased).limit(limit))]

    # --- clocks (:mod:`.clocks`) ----------------------------------------------------------
    def clock_change(self, game_id: str, seen: int, values: dict,
                     standin: tuple[int, str | None] | None = None) -> int:
        """Write ``values`` (``games`` columns: deadline, remaining, timed_out, finished,
        result) and, with ``standin`` (a seat and an agent spec, or None), the bot that
        plays for that person's seat, if the game is still at version ``seen`` (else
        Conflict): one transaction. The game's new version."""
        s = schema.seats
        with self._write() as db:
            version = self._changed(db, game_id, seen, values)
            if standin is not None:
                db.execute(update(s).where(s.c.game_id == game_id, s.c.seat == standin[0])
                           .values(standin=standin[1]))
            return version

    def overdue(self, when: datetime, limit: int = 100) -> list[str]:
        """Unfinished games whose deadline passed before ``when``, the longest overdue
        first (the index ``games_deadline``)."""
        g = schema.games
        with self.engine.connect() as db:
            return [r.id for r in db.execute(
                select(g.c.id).where(g.c.finished.is_(False), g.c.deadline < when)
                .order_by(g.c.deadline).limit(limit))]

    def beat(self, name: str, stale: float) -> timedelta | None:
        """Beat the servers' heartbeat, the lease row ``name`` (its ``expires_at``: the
        last beat, by the database's clock on PostgreSQL, so that processes on machines
        whose clocks differ agree). If no process beat for ``stale`` seconds (none was
        alive, or none reached the database), every unfinished game's deadline first
        moves on by that time, and its version is raised: nobody loses on time for a
        server's downtime. One transaction, the row locked: of several processes that start
        at once, the first shifts and the others find a fresh beat. The shift made, or
        None."""
        l, g = schema.leases, schema.games
        dialect = postgresql if self.postgres else sqlite
        with self._write() as db:
            when = db.execute(select(func.now())).scalar_one() if self.postgres else now()
            fresh = update(l).where(l.c.name == name,
                                    l.c.expires_at >= when - timedelta(seconds=stale))
            if db.execute(fresh.values(expires_at=when)).rowcount == 1:
                return None
            db.execute(dialect.insert(l).values(name=name, holder="", expires_at=when)
                       .on_conflict_do_nothing(index_elements=[l.c.name]))
            last = db.execute(select(l.c.expires_at).where(l.c.name == name)
                              .with_for_update()).scalar_one()
            if last.tzinfo is None:
                last = last.replace(tzinfo=timezone.utc)
            shift = when - last
            if shift <= timedelta(seconds=stale):
                shift = None                # another process beat a moment ago
            elif self.postgres:
                db.execute(update(g).where(g.c.finished.is_(False), g.c.deadline.is_not(None))
                           .values(deadline=g.c.deadline + shift, version=g.c.version + 1)
                           .returning(func.pg_notify(CHANNEL, g.c.id + literal(" ")
                                                     + cast(g.c.version, String))))
            else:
                running = db.execute(select(g.c.id, g.c.deadline).where(
                    g.c.finished.is_(False), g.c.deadline.is_not(None))).all()
                if running:
                    db.execute(update(g).where(g.c.id == bindparam("b_id"))
                               .values(deadline=bindparam("b_deadline"),
                                       version=g.c.version + 1),
                               [{"b_id": r.id, "b_deadline": r.deadline + shift}
                                for r in running])
            db.execute(update(l).where(l.c.name == name).values(expires_at=when))
            return shift


class _Unchanged(Exception):
    """A conditional write found nothing to change: its transaction is rolled back."""


def _bot_to_move():
    """The condition that a bot (its own seat's, or standing in for a person) is to move
    in the ``games`` row."""
    g, s = schema.games, schema.seats
    return exists().where(s.c.game_id == g.c.id, s.c.seat == g.c.to_move,
                          (s.c.agent != HUMAN) | s.c.standin.is_not(None))


def seat_row(r) -> SeatRow:
    """A ``seats`` row as a SeatRow."""
    return SeatRow(r.seat, r.agent, r.name, r.token_hash, r.player_id, r.mode, r.standin)


def game_row(row) -> GameRow:
    """A ``games`` row (or its columns as a dict) as a GameRow, without its seats."""
    values = row if isinstance(row, dict) else row._asdict()
    return GameRow(**(values | {"seed": int(values["seed"])}))


def _without(row, *names: str) -> dict:
    """A joined row's columns but ``names``, as a dict."""
    return {k: v for k, v in row._asdict().items() if k not in names}
