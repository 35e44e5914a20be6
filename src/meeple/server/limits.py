"""Limits on what one client may send: body size, message size, requests per second.

Both are plain ASGI middleware in front of the app (and the rate is checked for every
WebSocket message too), so a refusal happens before any route reads a byte of it, with the
API's usual ``{"error": ...}`` body.
"""
from __future__ import annotations

import json
import time

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
