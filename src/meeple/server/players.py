"""Players: a browser's identity, and the optional account that carries it to other devices
(lichess's anonymous player and its account; boardgame.io leaves identity to the host).

The first visit makes a player: a random id and a secret that lives only in the browser's
cookie :data:`COOKIE` (``HttpOnly``, ``SameSite=Lax``, ``Secure`` behind https); the
database keeps the secret's SHA-256 (a session row), as it keeps seat tokens, because the
secret is random and nothing is there to guess. An account adds a username and a password
hashed with argon2id (``argon2-cffi``); logging in gives the browser a new session of the
account's player and carries the anonymous player's seats over to it, so the same person
continues on another device. Hashing a password costs tens of milliseconds and 64 MiB, so
at most :data:`HASHING` run at once and each address may try :data:`LOGINS_PER_MINUTE`
times a minute: password guessing cannot stall the server.
"""
from __future__ import annotations

import asyncio
import re
import secrets
import time
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import String, cast, delete, func, insert, literal, select, update

from . import schema
from .errors import ApiError
from .limits import PLAYERS_PER_HOUR
from .messages import game_summary_of_player
from .names import new_name
from .storage import CHANNEL, game_row, now, seat_row
from .tokens import hashed, new_token

if TYPE_CHECKING:
    from .host import Host

COOKIE = "meeple_player"
COOKIE_DAYS = 400
"""How long a browser keeps the cookie (the longest browsers allow)."""
HASHING = 2
"""Password hashes computed at once (each takes 64 MiB and tens of milliseconds)."""
LOGINS_PER_MINUTE = 10
"""Password attempts (logins and new accounts) one address may make a minute."""
USERNAME = re.compile(r"[A-Za-z0-9_.-]{3,40}")
PASSWORD_LENGTH = (8, 200)
MY_GAMES = 200
"""The most games "My games" lists (the newest)."""


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    username: str | None = None

    def public(self) -> dict[str, Any]:
        """What ``GET /api/players/me`` says (never the secret, never the hash)."""
        return {"id": self.id, "name": self.name,
                "account": {"username": self.username} if self.username else None}


class Attempts:
    """At most ``per_window`` attempts by one address in any ``window`` seconds."""

    def __init__(self, per_window: int, window: float):
        self.per_window, self.window = per_window, window
        self.times: dict[str, deque[float]] = {}

    def take(self, client: str) -> bool:
        """Count an attempt by ``client`` now; False (nothing counted) past the limit."""
        moment = time.monotonic()
        if len(self.times) > 10_000:            # forget quiet clients, keep memory bounded
            self.times = {k: v for k, v in self.times.items()
                          if moment - v[-1] < self.window}
        times = self.times.setdefault(client, deque())
        while times and moment - times[0] >= self.window:
            times.popleft()
        if len(times) >= self.per_window:
            return False
        times.append(moment)
        return True


class Players:
    """The host's players, sessions and accounts."""

    def __init__(self, host: "Host", per_hour: int = PLAYERS_PER_HOUR):
        self.host = host
        self.hasher = PasswordHasher()          # argon2id, the library's current defaults
        self._hashing = asyncio.Semaphore(HASHING)
        self.logins = Attempts(LOGINS_PER_MINUTE, 60.0)
        self.made = Attempts(per_hour, 3600.0)
        self._dummy: str | None = None

    # --- who is asking --------------------------------------------------------------------
    async def of(self, secret: str | None) -> Player | None:
        """The player whose cookie holds ``secret``; None without one or for a secret
        that is no session (logged out, or never made here)."""
        if not secret or len(secret) > 200:
            return None
        return await self.host.db(self._player_of, hashed(secret))

    async def me(self, secret: str | None, client: str) -> tuple[Player, str | None]:
        """The cookie's player, made now if it has none: the player and the new secret to
        set (None: the cookie is good as it is). 429 when one address made too many."""
        player = await self.of(secret)
        if player is not None:
            return player, None
        if not self.made.take(client):
            raise ApiError(429, f"too many new players from one address (at most "
                                f"{self.made.per_window} an hour): allow this site's cookie")
        player = Player(new_token()[:16], new_name())
        secret = new_token()
        await self.host.db(self._create, player, hashed(secret))
        return player, secret

    async def rename(self, player: Player, name: str) -> Player:
        """Give the player a new display name, in their games not over yet too."""
        name = display_name(name) or player.name
        for game_id in await self.host.db(self._rename, player.id, name):
            await self.host.heard(game_id, None)      # tell this process's pages
        return Player(player.id, name, player.username)

    async def name_of(self, player_id: str) -> str | None:
        """The display name of the player ``player_id`` (None: no such player)."""
        return await self.host.db(self._name_of, player_id)

    async def games(self, player: Player, limit: int = MY_GAMES) -> list[dict]:
        """The player's games, for "My games": each with the player's seat, its status
        (``running``, ``invited``: waiting for an invited person to take a seat,
        ``finished``), whether it is their turn and their deadline; the games waiting
        for them first, then the running ones, the invitations, the finished ones (each
        newest change first). The invitation links of the games they created come again,
        for seats not yet taken."""
        rows = await self.host.db(self._games, player.id, limit)
        key = await self.host.key()
        mine = [game_summary_of_player(row, player.id, key) for row in rows]
        order = {"running": 1, "invited": 2, "finished": 3}
        return sorted(mine, key=lambda g: (0 if g["your_turn"] else order[g["status"]],
                                           -(g["updated"] or 0)))

    # --- accounts -------------------------------------------------------------------------
    async def register(self, player: Player, username: str, password: str,
                       client: str) -> Player:
        """Make ``player`` an account with ``username`` and ``password``: 409 if it is one
        already or the name is taken, 400 for a name or password out of shape."""
        if player.username:
            raise ApiError(409, f"you are logged in as {player.username} already")
        username = _username(username)
        _check_password(password)
        self._attempt(client)
        digest = await self._hash(password)
        if not await self.host.db(self._register, player.id, username, digest):
            raise ApiError(409, f"the username {username!r} is taken")
        return Player(player.id, player.name, username)

    async def login(self, current: Player | None, secret: str | None, username: str,
                    password: str, client: str) -> tuple[Player, str]:
        """The account's player and a new session's secret, if the password is right
        (401 if not). The seats of the anonymous player ``current`` (the browser's so far)
        go over to the account, and its session ends."""
        self._attempt(client)
        found = await self.host.db(self._account, username if isinstance(username, str)
                                   else "")
        if not isinstance(password, str) or len(password) > PASSWORD_LENGTH[1]:
            password = ""
        if not await self._verify(found[1] if found else None, password) or found is None:
            raise ApiError(401, "wrong username or password")
        account = found[0]
        secret_new = new_token()
        moved = current if current is not None and current.username is None \
            and current.id != account.id else None
        games = await self.host.db(self._log_in, account.id, hashed(secret_new),
                                   moved.id if moved else None,
                                   hashed(secret) if secret else None)
        for game_id in games:                   # their seats' player changed
            await self.host.heard(game_id, None)
        return account, secret_new

    async def logout(self, secret: str | None) -> None:
        """End the cookie's session (the browser becomes a new anonymous player)."""
        if secret:
            await self.host.db(self._log_out, hashed(secret))

    def _attempt(self, client: str) -> None:
        if not self.logins.take(client):
            raise ApiError(429, f"too many password attempts: at most {LOGINS_PER_MINUTE} "
                                "a minute from one address")

    async def _hash(self, password: str) -> str:
        async with self._hashing:
            return await asyncio.to_thread(self.hasher.hash, password)

    async def _verify(self, digest: str | None, password: str) -> bool:
        """Whether ``password`` is the one ``digest`` was made from; with no account a
        hash is checked all the same, so the time taken says nothing of which names exist."""
        if digest is None:
            if self._dummy is None:
                self._dummy = await self._hash(secrets.token_hex(16))
            digest = self._dummy
        async with self._hashing:
            try:
                return await asyncio.to_thread(self.hasher.verify, digest, password)
            except (VerificationError, InvalidHashError):
                return False

    # --- the database (each one short transaction, in a worker thread) --------------------
    def _player_of(self, secret_hash: str) -> Player | None:
        p, s = schema.players, schema.sessions
        with self.host.store.engine.connect() as db:
            row = db.execute(select(p.c.id, p.c.name, p.c.username)
                             .join(s, s.c.player_id == p.c.id)
                             .where(s.c.secret_hash == secret_hash)).first()
        return None if row is None else Player(row.id, row.name, row.username)

    def _name_of(self, player_id: str) -> str | None:
        p = schema.players
        with self.host.store.engine.connect() as db:
            return db.execute(select(p.c.name).where(p.c.id == player_id)).scalar()

    def _games(self, player_id: str, limit: int) -> list:
        """The games with a seat of ``player_id`` (newest change first, at most ``limit``),
        each with all its seats: two queries."""
        g, seats = schema.games, schema.seats
        with self.host.store.engine.connect() as db:
            ids = select(seats.c.game_id).where(seats.c.player_id == player_id)
            rows = {r.id: game_row(r) for r in db.execute(
                select(g).where(g.c.id.in_(ids)).order_by(g.c.updated_at.desc())
                .limit(limit))}
            for r in db.execute(select(seats).where(seats.c.game_id.in_(list(rows)))
                                .order_by(seats.c.game_id, seats.c.seat)):
                rows[r.game_id].seats.append(seat_row(r))
        return list(rows.values())

    def _create(self, player: Player, secret_hash: str) -> None:
        with self.host.store._write() as db:
            db.execute(insert(schema.players).values(id=player.id, name=player.name,
                                                     created_at=now()))
            db.execute(insert(schema.sessions).values(secret_hash=secret_hash,
                                                      player_id=player.id, created_at=now()))

    def _rename(self, player_id: str, name: str) -> list[str]:
        """The player's new name, and their seats' in the games not over yet (each game's
        version raised and announced); those games."""
        p, g, seats = schema.players, schema.games, schema.seats
        with self.host.store._write() as db:
            db.execute(update(p).where(p.c.id == player_id).values(name=name))
            running = select(g.c.id).where(g.c.finished.is_(False))
            games = [r.game_id for r in db.execute(
                select(seats.c.game_id).where(seats.c.player_id == player_id,
                                              seats.c.game_id.in_(running)).distinct())]
            db.execute(update(seats).where(seats.c.player_id == player_id,
                                           seats.c.game_id.in_(games)).values(name=name))
            self._raise_versions(db, games)
            return games

    def _raise_versions(self, db, games: list[str]) -> None:
        """Raise the version of ``games`` (their seats changed) and announce it, so every
        process reads their seats again."""
        if not games:
            return
        g = schema.games
        returned = [g.c.version]
        if self.host.store.postgres:
            returned.append(func.pg_notify(CHANNEL, g.c.id + literal(" ")
                                           + cast(g.c.version, String)))
        db.execute(update(g).where(g.c.id.in_(games))
                   .values(version=g.c.version + 1, updated_at=now())
                   .returning(*returned)).all()

    def _register(self, player_id: str, username: str, digest: str) -> bool:
        p = schema.players
        with self.host.store._write() as db:
            taken = db.execute(select(p.c.id).where(
                func.lower(p.c.username) == username.lower())).first()
            if taken is not None:
                return False
            db.execute(update(p).where(p.c.id == player_id)
                       .values(username=username, password_hash=digest))
            return True

    def _account(self, username: str) -> tuple[Player, str] | None:
        p = schema.players
        with self.host.store.engine.connect() as db:
            row = db.execute(select(p.c.id, p.c.name, p.c.username, p.c.password_hash).where(
                func.lower(p.c.username) == username.lower())).first()
        return None if row is None else (Player(row.id, row.name, row.username),
                                         row.password_hash)

    def _log_in(self, account: str, secret_hash: str, moved: str | None,
                old_session: str | None) -> list[str]:
        """A new session of ``account``; the seats and games of the player ``moved`` go
        over to it (each game's version raised and announced, so every process reads its
        seats again), and the old session ends. The games whose seats moved."""
        s, g, seats = schema.sessions, schema.games, schema.seats
        with self.host.store._write() as db:
            db.execute(insert(s).values(secret_hash=secret_hash, player_id=account,
                                        created_at=now()))
            if old_session:
                db.execute(delete(s).where(s.c.secret_hash == old_session))
            if moved is None:
                return []
            games = [r.game_id for r in db.execute(
                select(seats.c.game_id).where(seats.c.player_id == moved).distinct())]
            db.execute(update(seats).where(seats.c.player_id == moved)
                       .values(player_id=account))
            db.execute(update(g).where(g.c.creator_player == moved)
                       .values(creator_player=account))
            self._raise_versions(db, games)
            return games

    def _log_out(self, secret_hash: str) -> None:
        s = schema.sessions
        with self.host.store._write() as db:
            db.execute(delete(s).where(s.c.secret_hash == secret_hash))


def display_name(name: object) -> str | None:
    """A display name: 1–40 printable characters, spaces trimmed."""
    if name is None:
        return None
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 40 \
            or not name.strip().isprintable():
        raise ApiError(400, "a name is 1–40 printable characters")
    return name.strip()


def _username(username: object) -> str:
    if not isinstance(username, str) or not USERNAME.fullmatch(username):
        raise ApiError(400, "a username is 3–40 letters, digits, '.', '_' or '-'")
    return username


def _check_password(password: object) -> None:
    low, high = PASSWORD_LENGTH
    if not isinstance(password, str) or not low <= len(password) <= high:
        raise ApiError(400, f"a password is {low}–{high} characters")
