"""Cross-site request forgery: a state-changing request that carries the player cookie
must come from the server's own pages.

The cookie is ``SameSite=Lax``, so browsers already leave it off other sites' POSTs; this
is the second lock (OWASP's "verify the origin with standard headers"): a request that
would change something (any method but GET, HEAD, OPTIONS), carries the cookie and names
another origin in ``Origin`` (or, without one, is marked cross-site by ``Sec-Fetch-Site``)
is refused with 403 before any route reads it. A WebSocket from another origin is served,
but not as the cookie's player (:func:`same_origin` in the routes).
"""
from __future__ import annotations

from .limits import _refuse

SAFE = {"GET", "HEAD", "OPTIONS"}
COOKIE_NAME = b"meeple_player="


def same_origin(headers, url) -> bool:
    """Whether a request comes from the server's own pages: an ``Origin`` naming this very
    host, or none and no ``Sec-Fetch-Site`` saying it is another site's."""
    origin = headers.get("origin")
    if origin is None:
        return headers.get("sec-fetch-site") not in ("cross-site", "same-site")
    scheme = {"ws": "http", "wss": "https"}.get(url.scheme, url.scheme)
    return origin == f"{scheme}://{url.netloc}"


class OriginCheck:
    """403 for a state-changing request with the player cookie from another origin."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] in SAFE:
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope["headers"]}
        if COOKIE_NAME.decode() in headers.get("cookie", ""):
            from starlette.datastructures import URL
            if not same_origin(headers, URL(scope=scope)):
                return await _refuse(send, 403, "a request from another site may not act "
                                                "with this site's player cookie")
        return await self.app(scope, receive, send)
