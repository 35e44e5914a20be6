"""One bad stored game never stops the server: a game whose log no longer replays (here a
row edited by hand) is quarantined, it alone answers 503 saying why, every other game
serves and plays, and ``meeple db check`` names it. A start replays only the games a bot
must move in, in the background: thousands of stored games cost it one query."""
from __future__ import annotations

import subprocess
import sys
from datetime import datetime, timezone

import sqlalchemy as sa
from sqlalchemy.pool import NullPool

from meeple.server import database, schema

from .helpers import auth, create, state, tokens, wait_for


def stop(client) -> None:
    client.__exit__(None, None, None)


def _edit_action(db_url: str, game_id: str, index: int, action: str) -> None:
    """Rewrite one stored action, as a hand edit or a restored backup of another version
    would (the log then no longer replays)."""
    engine = sa.create_engine(db_url, poolclass=NullPool)
    try:
        with engine.begin() as db:
            a = schema.actions
            db.execute(sa.update(a).where(a.c.game_id == game_id, a.c.index == index)
                       .values(action=action))
    finally:
        engine.dispose()


def _two_games(client) -> tuple[dict, dict]:
    """A Carcassonne game with a few moves and a Catan Dice game against a bot."""
    carc = create(client, "carcassonne", names={"0": "A", "1": "B"})
    token = tokens(carc)[0]
    now = state(client, carc["id"], token)
    for _ in range(2):                          # place the drawn tile, then pass
        reply = client.post(f"/api/games/{carc['id']}/actions", headers=auth(token),
                            json={"action": now["legal"][-1], "index": now["index"]})
        assert reply.status_code == 200, reply.json()
        now = reply.json()
    dice = create(client, "catan-dice", players=2, bots={"1": "greedy"})
    return carc, dice


def test_a_start_on_a_database_with_a_broken_game_serves_every_other_one(serve, db_url):
    client = serve()
    carc, dice = _two_games(client)
    stop(client)
    _edit_action(db_url, carc["id"], 1, "place Z 9 9 0")      # no tile Z: it cannot replay

    client = serve()                                           # starts all the same
    broken = client.get(f"/api/games/{carc['id']}", headers=auth(tokens(carc)[0]))
    assert broken.status_code == 503
    error = broken.json()["error"]
    assert error.startswith("this game cannot be replayed: ") and "action 1" in error
    for path in ("", "/record", "/positions/0", "/hints"):     # the game alone, every route
        assert client.get(f"/api/games/{carc['id']}{path}").status_code == 503
    refused = client.post(f"/api/games/{carc['id']}/actions", headers=auth(tokens(carc)[0]),
                          json={"action": "pass"})
    assert refused.status_code == 503

    token = tokens(dice)[0]                                    # the other game plays on
    now = state(client, dice["id"], token)
    reply = client.post(f"/api/games/{dice['id']}/actions", headers=auth(token),
                        json={"action": "stop", "index": now["index"]})
    assert reply.status_code == 200, reply.json()
    assert client.get("/api/games").status_code == 200
    assert create(client, "carcassonne")["id"]



def test_db_check_names_the_games_that_do_not_replay(serve, db_url):
    client = serve()
    carc, dice = _two_games(client)
    stop(client)
    check = [sys.executable, "-m", "meeple.cli", "db", "check", "--db", db_url]
    good = subprocess.run(check, capture_output=True, text=True, timeout=120)
    assert good.returncode == 0, good.stderr
    assert "2 stored games replayed: every one replays" in good.stdout

    _edit_action(db_url, carc["id"], 1, "place Z 9 9 0")
    bad = subprocess.run(check, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 1
    [line] = [line for line in bad.stdout.splitlines() if line.startswith(carc["id"])]
    assert line.startswith(f"{carc['id']} (carcassonne): IllegalAction: action 1 "
                           "('place Z 9 9 0') does not replay: ")
    assert dice["id"] not in bad.stdout
    assert "2 stored games replayed: 1 do not replay" in bad.stdout


def test_a_start_replays_only_the_games_a_bot_must_move_in(serve, db_url):
    """Many stored games where a person is to move: a start reads their ids in one query
    and replays none of them; the one game whose bot is to move is replayed (in the
    background) and its bot moves."""
    client = serve()
    waiting = create(client, "catan-dice", players=2, bots={"1": "greedy"})
    token = tokens(waiting)[0]
    now = state(client, waiting["id"], token)
    for action in ("stop", "end"):
        now = client.post(f"/api/games/{waiting['id']}/actions", headers=auth(token),
                          json={"action": action, "index": now["index"]}).json()
    template = client.app.state.host.store.game(waiting["id"])
    stop(client)
    _store_copies(db_url, template, 3000)        # a person to move in each of these

    client = serve()
    host = client.app.state.host
    assert client.app.state.resumed <= 1         # the bot's game, if its move was not in yet
    assert len(host.cache) <= 1
    wait_for(client, waiting["id"], token, lambda s: s["current_player"] == 0, timeout=60)
    assert create(client, "catan-dice", players=1)["id"]


def _store_copies(db_url: str, row, n: int) -> None:
    """``n`` copies of a stored game's row, with no actions and seat 0 (a person) to move:
    written straight to the tables, in one transaction."""
    engine = database.open_engine(db_url)
    when = datetime.now(timezone.utc)
    games, seats = [], []
    for i in range(n):
        game_id = f"copy{i:06d}"
        games.append({"id": game_id, "game": row.game, "players": row.players,
                      "config": row.config, "seed": str(i), "private": False,
                      "practice": False, "aids": True, "created_at": when, "updated_at": when,
                      "index": 0, "turn": 1, "finished": False, "scores": None,
                      "version": 1, "to_move": 0})
        seats += [{"game_id": game_id, "seat": s.seat, "agent": s.agent, "name": "x",
                   "token_hash": None} for s in row.seats]
    try:
        with engine.begin() as db:
            db.execute(sa.insert(schema.games), games)
            db.execute(sa.insert(schema.seats), seats)
    finally:
        engine.dispose()
