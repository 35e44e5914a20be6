"""Limits on what clients may take: body size, message size, requests per second, open
WebSockets (per address and in all), games created an hour, and the process's descriptors;
and the browser security headers every HTTP response carries.

The body size and the rate are plain ASGI middleware in front of the app (and the rate is
checked for every WebSocket message too), so a refusal happens before any route reads a
byte of it, with the API's usual ``{"error": ...}`` body.
"""
from __future__ import annotations

import json
import math
import time
from collections import Counter, deque

from ..cli_words import say, words

PLAYERS_PER_HOUR = 120
"""Players one address may make an hour (each visit without the cookie makes one)."""
MAX_BODY = 64 * 1024
"""The largest request body accepted, in bytes (a game's config with a whole board fits)."""
MAX_MESSAGE = 16 * 1024
"""The largest WebSocket message accepted, in bytes (an action is a few dozen)."""


async def _refuse(send, status: int, message: str, headers: list | None = None) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """413 for a request body over ``limit`` bytes (declared or actually sent)."""

    def __init__(self, app, limit: int = MAX_BODY):
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and not declared.isdigit():
            return await _refuse(send, 400, "Content-Length must be a number of bytes")
        if declared is not None and int(declared) > self.limit:
            return await _refuse(send, 413, f"request body over {self.limit} bytes")
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > self.limit:
                return await _refuse(send, 413, f"request body over {self.limit} bytes")
            if not message.get("more_body"):
                break
        body, replayed = b"".join(chunks), False

        async def replay():
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        return await self.app(scope, replay, send)


class RateLimiter:
    """A token bucket per client address: ``rate`` requests a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int):
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, tuple[float, float]] = {}

    def allow(self, client: str) -> bool:
        now = time.monotonic()
        tokens, then = self.buckets.get(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if len(self.buckets) > 10_000:          # forget idle clients, keep memory bounded
            self.buckets = {k: v for k, v in self.buckets.items() if now - v[1] < 60}
        if tokens < 1:
            self.buckets[client] = (tokens, now)
            return False
        self.buckets[client] = (tokens - 1, now)
        return True

    def message(self) -> str:
        return f"too many requests: at most {self.rate:g} a second from one client"


class RateLimit:
    """429 for an HTTP request over the client's rate."""

    def __init__(self, app, limiter: RateLimiter):
        self.app, self.limiter = app, limiter

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and not self.limiter.allow(client_of(scope)):
            return await _refuse(send, 429, self.limiter.message(), [(b"retry-after", b"1")])
        return await self.app(scope, receive, send)


def client_of(scope) -> str:
    client = scope.get("client")
    return client[0] if client else "?"


# --- open WebSockets ----------------------------------------------------------------------
SOCKETS_PER_ADDRESS = 20
"""WebSockets one address may hold open at once (a person's few tabs, a small club behind
one router)."""
FD_SHARE = 0.8
"""The share of the process's descriptor limit its connections may hold (the rest: what
connections being refused hold for a moment, files, logs)."""
FD_RESERVE = 64
"""Descriptors kept for the database's connections, the bot workers' pipes and the logs."""
MAX_HTTP = 1000
"""HTTP connections at once, at most (fewer where the descriptor limit is low)."""
WS_REFUSED = 4429, 1013
"""Close codes: too many WebSockets from this address; the server is full."""


class SocketLimit:
    """Open WebSockets: at most ``per_address`` from one address and ``total`` in all.
    :meth:`take` before the connection is used, :meth:`give_back` when it ends."""

    def __init__(self, per_address: int, total: int):
        self.per_address, self.total = per_address, total
        self.open: Counter[str] = Counter()
        self.count = 0

    def take(self, client: str) -> tuple[int, str] | None:
        """Count a new connection from ``client``; or, past a cap, the close code and
        reason that refuse it (nothing counted)."""
        if self.count >= self.total:
            return 1013, f"the server is full ({self.total} connections): try again later"
        if self.open[client] >= self.per_address:
            return 4429, (f"too many connections from one address: at most "
                          f"{self.per_address} at once")
        self.open[client] += 1
        self.count += 1
        return None

    def give_back(self, client: str) -> None:
        self.count -= 1
        self.open[client] -= 1
        if self.open[client] <= 0:
            del self.open[client]


def fd_limit() -> int | None:
    """The soft limit on this process's open descriptors (None where there is none to
    read: no ``resource`` module)."""
    try:
        import resource
    except ImportError:
        return None
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return None if soft == resource.RLIM_INFINITY else soft


def raise_fd_limit() -> tuple[int, int] | None:
    """Raise the soft limit on open descriptors to the hard limit (Linux starts a process
    at 1024 whatever the hard limit allows): the soft limit before and after, or None
    where there is none to raise."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:      # not on Linux; a bound the kernel takes
        hard = max(soft, 65536) if soft != resource.RLIM_INFINITY else soft
    if soft != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):
            pass
    return soft, resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def default_caps(fds: int | None) -> tuple[int, int]:
    """The WebSockets in all and the HTTP connections at once that ``fds`` descriptors
    allow: ``FD_SHARE`` of them less ``FD_RESERVE``, a quarter (at most ``MAX_HTTP``) for
    HTTP and the rest for WebSockets."""
    budget = max(16, int((fds or 65536) * FD_SHARE) - FD_RESERVE)
    http = max(8, min(MAX_HTTP, budget // 4))
    return max(8, budget - http), http


# --- games created ------------------------------------------------------------------------
GAMES_PER_HOUR = 60
"""Games one address may create an hour."""


class CreationLimit:
    """At most ``per_hour`` games created by one address in any hour (a sliding window):
    :meth:`take` before a game is made, :meth:`give_back` if it was not."""

    WINDOW = 3600.0

    def __init__(self, per_hour: int):
        self.per_hour = per_hour
        self.made: dict[str, deque[float]] = {}

    def take(self, client: str) -> int | None:
        """Count a creation by ``client`` now; or, past the limit, the seconds until it may
        create again (nothing counted)."""
        now = time.monotonic()
        if len(self.made) > 10_000:             # forget quiet clients, keep memory bounded
            self.made = {k: v for k, v in self.made.items() if now - v[-1] < self.WINDOW}
        times = self.made.setdefault(client, deque())
        while times and now - times[0] >= self.WINDOW:
            times.popleft()
        if len(times) >= self.per_hour:
            return max(1, math.ceil(self.WINDOW - (now - times[0])))
        times.append(now)
        return None

    def give_back(self, client: str) -> None:
        times = self.made.get(client)
        if times:
            times.pop()

    def message(self, wait: int) -> str:
        return (f"too many games created: at most {self.per_hour} an hour from one address; "
                f"try again in {wait} s")


# --- the operator's flags ----------------------------------------------------------------
def add_limit_flags(parser) -> None:
    """The ``meeple serve`` flags of the limits an operator sets (defaults as
    :func:`.run.serve`'s); here, not in run.py, so that ``meeple --help`` needs no web
    extra. Their help in the command's language (:mod:`meeple.cli_words`)."""
    def count(text: str) -> int:
        value = int(text)
        if value < 1:
            raise ValueError(text)
        return value

    parser.add_argument("--max-sockets-per-address", type=count, default=SOCKETS_PER_ADDRESS,
                        metavar="N", help=say(words("WebSockets one address may hold open at "
                                                    "once (default: %(default)s; past it: "
                                                    "close 4429)")))
    parser.add_argument("--max-sockets", type=count, metavar="N",
                        help=say(words("WebSockets open in all (default: what the open-files "
                                       "limit allows; past it: close 1013)")))
    parser.add_argument("--max-http", type=count, metavar="N",
                        help=say(words("HTTP connections at once (default: what the open-files "
                                       "limit allows, at most 1000; past it: 503)")))
    parser.add_argument("--games-per-hour", type=count, default=GAMES_PER_HOUR, metavar="N",
                        help=say(words("games one address may create an hour (default: "
                                       "%(default)s; past it: 429)")))
    parser.add_argument("--players-per-hour", type=count, default=PLAYERS_PER_HOUR,
                        metavar="N", help=say(words("players (browsers without the player "
                                                    "cookie) one address may make an hour "
                                                    "(default: %(default)s; past it: 429)")))


def limit_options(args) -> dict:
    """:func:`.run.serve`'s keyword arguments from the flags :func:`add_limit_flags` made."""
    return {"max_sockets_per_address": args.max_sockets_per_address,
            "max_sockets": args.max_sockets, "max_http": args.max_http,
            "games_per_hour": args.games_per_hour,
            "players_per_hour": args.players_per_hour}


# --- browser security headers ---------------------------------------------------------------
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'; "
       "form-action 'self'")
"""The pages' Content-Security-Policy: scripts, styles, pictures and connections (the
WebSocket too) from this server alone, no inline script or style (the pages set styles
through the CSSOM, which a policy does not govern), never framed."""
HEADERS = [(b"referrer-policy", b"no-referrer"), (b"x-content-type-options", b"nosniff"),
           (b"x-frame-options", b"DENY")]


class SecurityHeaders:
    """Every HTTP response gets :data:`CSP` (unless its route set a policy of its own, as the
    API documentation pages do) and :data:`HEADERS`: no Referer leaves a page (a join link's
    token would ride in it), no content is sniffed into a script, no page is framed."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def with_headers(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                names = {name.lower() for name, _ in headers}
                if b"content-security-policy" not in names:
                    headers.append((b"content-security-policy", CSP.encode()))
                headers += [h for h in HEADERS if h[0] not in names]
                message = {**message, "headers": headers}
            await send(message)

        return await self.app(scope, receive, with_headers)
