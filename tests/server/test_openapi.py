"""The OpenAPI schema documents the statuses the server really answers: 400 ``{"error"}``
for a malformed request (never FastAPI's 422 "Validation Error"), 422 only where an illegal
action is refused, 413/429/503 everywhere (the middleware and the HTTP server answer them),
and every status any test of the session saw a route answer is declared for that route.
A 405 says what is allowed (``Allow``)."""
from __future__ import annotations

import pytest

from .helpers import SEEN, auth, create, tokens

pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


def schema_of(client) -> dict:
    reply = client.get("/openapi.json")
    assert reply.status_code == 200
    return reply.json()


def operations(schema: dict):
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            yield method.upper(), path, operation


def test_422_only_where_an_illegal_action_is_refused(serve):
    schema = schema_of(serve())
    with_422 = {(m, p) for m, p, op in operations(schema) if "422" in op["responses"]}
    assert with_422 == {("POST", "/api/games/{game_id}/actions"), ("POST", "/api/games")}
    described = schema["paths"]["/api/games/{game_id}/actions"]["post"]["responses"]["422"]
    assert "illegal" in described["description"]
    colours = schema["paths"]["/api/games"]["post"]["responses"]["422"]   # colours.py
    assert "colour" in colours["description"]
    assert "HTTPValidationError" not in schema["components"]["schemas"]
    assert "ValidationError" not in schema["components"]["schemas"]
    for method, path, op in operations(schema):
        for status in ("400", "413", "429", "503"):
            answer = op["responses"][status]
            assert answer["description"], (method, path, status)
            assert answer["content"]["application/json"]["schema"] == \
                {"$ref": "#/components/schemas/Error"}, (method, path, status)


def test_a_validation_error_is_400_with_words(serve):
    client = serve()
    for reply in (client.get("/api/games?status=null"), client.get("/api/games?limit=0"),
                  client.post("/api/games", json={"game": 7}),
                  client.get("/api/games/x/hints?k=99")):
        assert reply.status_code == 400 and reply.json()["error"], reply.request.url


def test_405_says_what_is_allowed(serve):
    client = serve()
    for method, path, allowed in (("TRACE", "/api/games", {"GET", "POST"}),
                                  ("DELETE", "/api/games/abc", {"GET"}),
                                  ("PUT", "/api/games/abc/actions", {"POST"})):
        reply = client.request(method, path)
        assert reply.status_code == 405 and reply.json()["error"]
        assert {m.strip() for m in reply.headers["allow"].split(",")} == allowed


def test_every_status_seen_is_declared(serve):
    """Runs last (conftest.py): besides its own requests, which provoke each route's
    refusals, it checks every answer the session's other tests saw."""
    client = serve()
    created = create(client, "carcassonne", players=2, seed=1)
    game_id, t = created["id"], tokens(created)
    solo = create(client, "catan-dice", players=1, seed=1)
    hidden = create(client, "jaeger-sammler", players=2, seed=1)["id"]
    api = f"/api/games/{game_id}"
    first = client.get(api, headers=auth(t[0])).json()
    for method, path, body, token in (
            ("GET", "/api/games/types", None, None),
            ("GET", "/api/games/types/carcassonne/data", None, None),
            ("GET", "/api/games/types/nosuchgame/data", None, None),
            ("GET", "/api/games/types/catan-dice/tiles", None, None),
            ("GET", "/api/games?status=nonsense", None, None),
            ("POST", "/api/games", {"game": "nosuchgame"}, None),
            ("GET", "/api/games/nosuchgame", None, None),
            ("GET", api, None, "not-a-token"),
            ("GET", api, None, None),
            ("GET", api + "/hints", None, None),
            ("GET", api + "/hints", None, t[1]),
            ("POST", api + "/actions", {"action": "nonsense", "index": first["index"]}, t[0]),
            ("POST", api + "/actions", {"action": "pass", "index": 0}, t[0]),
            ("POST", api + "/actions", {"action": "pass"}, None),
            ("POST", api + "/actions", {"action": "pass"}, "x"),
            ("POST", api + "/join", {"seat": 0, "name": "A"}, t[1]),
            ("POST", api + "/join", {"seat": 9, "name": "A"}, None),
            ("POST", api + "/rematch", None, t[0]),
            ("POST", api + "/takeback", None, t[0]),
            ("POST", api + "/takeback", None, None),
            ("POST", api + "/takeback/answer", {"accept": True}, t[1]),
            ("GET", api + "/analysis", None, None),
            ("GET", f"/api/games/{hidden}/positions/0", None, None),
            ("GET", api + "/positions/999", None, None),
            ("GET", f"/api/games/{hidden}/record", None, None),
            ("GET", f"/api/games/{solo['id']}/record", None, None),
            ("POST", api + "/leave", None, None),
            ("POST", api + "/leave", None, t[1])):
        client.request(method, path, json=body, headers=auth(token))
    declared = {(m, p): {int(s) for s in op["responses"]}
                for m, p, op in operations(schema_of(client))}
    missing = sorted((m, p, s) for m, p, s in SEEN
                     if (m, p) in declared and s not in declared[(m, p)])
    assert not missing, f"answered but not declared in /openapi.json: {missing}"
    assert len({(m, p) for m, p, _ in SEEN} & set(declared)) >= 15    # most routes seen
