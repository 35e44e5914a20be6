"""Browser security headers on every HTTP response: a Content-Security-Policy with no inline
script, no Referer, no sniffing, no framing; refusals carry them too. FastAPI's documentation
pages get a policy of their own that allows their CDN and exactly their one inline script."""
from __future__ import annotations

import base64
import hashlib
import re

import pytest

from meeple.server.limits import CSP

from .helpers import create



@pytest.fixture
def db_url(tmp_path) -> str:
    """SQLite only: the headers do not depend on the database."""
    return f"sqlite:///{tmp_path}/meeple.db"


def directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        name, *values = part.split()
        out[name] = values
    return out


def assert_secure(reply, policy: str = CSP) -> None:
    h = reply.headers
    assert h["content-security-policy"] == policy, reply.request.url
    assert h["referrer-policy"] == "no-referrer"
    assert h["x-content-type-options"] == "nosniff"
    assert h["x-frame-options"] == "DENY"


def test_the_pages_policy_allows_this_server_alone_and_no_inline_script():
    d = directives(CSP)
    for name in ("default-src", "script-src", "style-src", "img-src", "connect-src"):
        assert d[name] == ["'self'"], name        # no 'unsafe-inline', no 'unsafe-eval'
    assert d["frame-ancestors"] == d["base-uri"] == d["object-src"] == ["'none'"]
    assert d["form-action"] == ["'self'"]


def test_every_response_carries_the_headers(serve):
    client = serve(rate=1000, burst=30)
    game_id = create(client, "carcassonne", seed=1)["id"]
    for path in ("/", f"/games/{game_id}", f"/games/{game_id}/replay", "/static/js/api.js",
                 "/static/css/meeple.css", "/static/favicon.svg", "/api/games/types",
                 f"/api/games/{game_id}", "/api/games/nosuchgame", "/nothing-here",
                 "/openapi.json", "/api/games?limit=0"):
        reply = client.get(path)
        assert reply.status_code in (200, 400, 404), (path, reply.status_code)
        assert_secure(reply)
    # refusals made before any route: a body too big (413), a method not allowed (405)
    assert_secure(client.post("/api/games", content=b"x" * (65 * 1024),
                              headers={"content-type": "application/json"}))
    assert_secure(client.request("TRACE", "/api/games"))
    # ES modules and the stylesheet are served with their types (nosniff would refuse
    # a script sent as text/plain)
    assert "javascript" in client.get("/static/js/api.js").headers["content-type"]
    assert client.get("/static/css/meeple.css").headers["content-type"].startswith("text/css")
    # the rate limiter's 429 too
    slow = serve(rate=0.1, burst=1)
    slow.get("/api/games/types")
    assert_secure(refused := slow.get("/api/games/types"))
    assert refused.status_code == 429


def test_the_pages_hold_no_inline_script_or_style(serve):
    """What the policy forbids is not in the pages: no inline script, no ``style``
    attribute, no ``on...`` handler (the browser test loads them all and listens for
    refusals; this says where to look)."""
    client = serve()
    for page in ("/", "/games/x", "/games/x/replay"):
        html = client.get(page).text
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), page
        assert not re.search(r"\sstyle=", html), page
        assert not re.search(r"\son[a-z]+=", html), page


@pytest.mark.parametrize("path", ["/docs", "/redoc"])
def test_the_documentation_pages_have_a_policy_of_their_own(serve, path):
    client = serve()
    reply = client.get(path)
    assert reply.status_code == 200 and "/openapi.json" in reply.text
    d = directives(reply.headers["content-security-policy"])
    assert reply.headers["x-frame-options"] == "DENY"
    assert reply.headers["referrer-policy"] == "no-referrer"
    assert d["default-src"] == ["'none'"] and d["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in d["script-src"] and "'unsafe-eval'" not in d["script-src"]
    assert "https://cdn.jsdelivr.net" in d["script-src"]
    # each inline script is allowed by its hash, and nothing else inline is
    scripts = re.findall(r"<script>(.*?)</script>", reply.text, re.DOTALL)
    hashes = {"'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()
              + "'" for s in scripts}
    assert hashes == {v for v in d["script-src"] if v.startswith("'sha256-")}
    assert len(hashes) == (1 if path == "/docs" else 0)
    assert d["connect-src"] == ["'self'"]                 # it fetches /openapi.json only
