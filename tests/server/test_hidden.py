"""Hidden information stays hidden: nothing a spectator or a seat is told, over HTTP or the
WebSocket, in any message of a whole game, shows what that seat may not see.

Jäger und Sammler hides the collected tiles, face down (from everyone, their owner too)
until the end; its scores and its record would reveal them. Carcassonne hides the order
of its draw pile, and Catan Dice its coming dice: both are the game's seed, which the
record leaves out until the end. No message ever carries a seat's token.

Every message of the game is kept and checked after the end against the TRUE position at
that message's index (the record, replayed step by step once it is served). Each test
runs on SQLite and on PostgreSQL (the ``serve`` fixture).
"""
from __future__ import annotations

import hashlib
import json
import random
import re
import time


import meeple
from meeple.games.jaeger_sammler import hidden
from meeple.games.jaeger_sammler.tiles import FACE_DOWN, NAMES

from .helpers import auth, create, receive_text, tokens, watch

FACE_DOWN_KINDS = {NAMES[k] for k in FACE_DOWN}
LEFTOVERS = re.compile(r"\.view\.out_of_game\.(summer|winter)_leftovers")
"""Where face-down kinds may be named before the end: the tiles left on the board at a
season's end, which leave the game in view of all."""
SECRET_KEYS = {"coll", "collected", "collection", "dealt", "seed", "rng", "_rng", "order",
               "token", "token_hash"}
CARCASSONNE_SHORT = {"A": 1, "B": 2, "C": 1, "D": 3, "E": 3, "F": 1, "H": 2, "J": 2,
                     "K": 2, "L": 2, "U": 3, "V": 3, "W": 2, "X": 1}


def jsonified(data) -> object:
    return json.loads(json.dumps(data, default=repr))


def receive(ws, timeout: float = 30.0) -> tuple[dict, str]:
    """The next WebSocket message: its JSON and its text."""
    text = receive_text(ws, timeout)
    return json.loads(text), text


class Table:
    """A game played by its people at random over HTTP, every answer kept (its text too):
    what each seat and a spectator were told, with where it was heard."""

    def __init__(self, client, game_id: str, seat_tokens: dict[int, str], seed: int = 0):
        self.client, self.game_id, self.tokens = client, game_id, seat_tokens
        self.rng = random.Random(seed)
        self.heard: dict[str, tuple[str, object]] = {}     # text -> (where, JSON)
        self.records: list[tuple[int, dict]] = []          # (index asked at, record)
        self.asked: list[tuple[int, int]] = []             # (index asked at, status)

    def keep(self, where: str, reply) -> object:
        data = reply.json()
        self.heard.setdefault(reply.text, (where, data))
        return data

    def state(self, seat: int | None) -> dict:
        token = self.tokens.get(seat) if seat is not None else None
        reply = self.client.get(f"/api/games/{self.game_id}", headers=auth(token))
        assert reply.status_code == 200, reply.text
        return self.keep(f"GET state as {seat}", reply)

    def lobby(self) -> None:
        for params in ({}, {"status": "open"}, {"status": "running"},
                       {"status": "finished"}, {"game": self.state(None)["game"]}):
            reply = self.client.get("/api/games", params=params)
            assert reply.status_code == 200, reply.text
            self.keep(f"lobby {params}", reply)

    def record(self) -> object:
        """The record as served now (kept with the index it was asked at), or the refusal."""
        index = self.state(None)["index"]
        reply = self.client.get(f"/api/games/{self.game_id}/record")
        data = self.keep(f"record at {index}", reply)
        # ``asked``: a record served is kept at the actions it holds, not at the index
        # read before asking (a bot may have ended the game in between; a leak: < end)
        served = len(data["actions"]) if reply.status_code == 200 else index
        self.asked.append((served, reply.status_code))
        if reply.status_code == 200:
            self.records.append((index, data))
        return reply

    def choose(self, legal: list[str]) -> str:
        """The move a person plays: one at random."""
        return self.rng.choice(legal)

    def play(self, every: int = 10, limit: int = 3000) -> dict:
        """Play the people's moves until the end (bots move by themselves); every
        ``every`` moves also ask for the record and the lobby. The final record."""
        for moves in range(limit):
            deadline = time.monotonic() + 60
            while True:
                now = self.state(None)
                if now["terminal"] or now["current_player"] in self.tokens:
                    break
                assert time.monotonic() < deadline, f"stuck at {now['index']}"
                time.sleep(0.01)
            if now["terminal"]:
                break
            seen = {seat: self.state(seat) for seat in self.tokens}   # each seat's view
            seat = now["current_player"]
            mine = seen[seat]
            reply = self.client.post(f"/api/games/{self.game_id}/actions",
                                     headers=auth(self.tokens[seat]),
                                     json={"action": self.choose(mine["legal"]),
                                           "index": mine["index"]})
            assert reply.status_code == 200, reply.text
            self.keep(f"POST action as {seat}", reply)
            if moves % every == 0:
                self.record()
                self.lobby()
        self.lobby()
        reply = self.record()
        assert reply.status_code == 200, reply.text
        return reply.json()

    def listen(self, ws, where: str) -> None:
        """Keep every message ``ws`` got, up to the one that ends the game."""
        while True:
            data, text = receive(ws)
            self.heard.setdefault(text, (where, data))
            if data.get("terminal"):
                return

    def check_tokens(self) -> None:
        secrets = set(self.tokens.values())
        secrets |= {hashlib.sha256(t.encode()).hexdigest() for t in secrets}
        for text, (where, _) in self.heard.items():
            for secret in secrets:
                assert secret not in text, f"a token (or its hash) in {where}"


def positions(record: dict) -> list:
    """The true position after each number of actions of ``record`` (index 0 … end)."""
    state = meeple.load(record["game"], record["players"], record["config"]).new_state(
        record["seed"])
    out = [state.clone()]
    for action in record["actions"]:
        state.apply(action)
        out.append(state.clone())
    return out


def walk(document):
    """Every (path, object or list) of a JSON document, the document first."""
    stack = [("", document)]
    while stack:
        path, node = stack.pop()
        yield path, node
        items = node.items() if type(node) is dict else enumerate(node)
        form = "{}.{}" if type(node) is dict else "{}[{}]"
        stack.extend((form.format(path, key), value) for key, value in items
                     if type(value) in (dict, list))


def message_states(table: Table, record: dict):
    """Each kept message that shows the game (a state or an update), with the true
    position at its index."""
    truth = positions(record)
    for text, (where, data) in table.heard.items():
        if isinstance(data, dict) and "view" in data:
            assert data["id"] == table.game_id
            yield where, text, data, truth[data["index"]]


def serve_game(serve, game, players, bots, config=None, seed=None):
    """A new game, seeded as the server seeds it (48 random bits) unless ``seed``."""
    client = serve(bot_workers=1)          # one bot moves at a time: one worker
    names = {str(s): f"P{s}" for s in range(players) if str(s) not in bots}
    created = create(client, game, players=players, bots=bots, names=names,
                     config=config or {}, **({} if seed is None else {"seed": seed}))
    return client, created["id"], tokens(created)


def watched(client, game_id, seat_tokens, seats):
    """WebSocket connections (not entered yet) for ``seats`` (None: a spectator)."""
    return [(seat, watch(client, game_id, seat_tokens[seat] if seat is not None else None))
            for seat in seats]


def play_watched(table: Table, connections, every: int) -> dict:
    entered = []
    try:
        for seat, connection in connections:
            entered.append((seat, connection.__enter__()))
        record = table.play(every)
        for seat, ws in entered:
            table.listen(ws, f"WS as {seat}")
    finally:
        for _, connection in reversed(connections[:len(entered)]):
            connection.__exit__(None, None, None)
    return record


# --- Jäger und Sammler: the face-down tiles -----------------------------------------------
def face_down_leaks(message: dict, true) -> list[str]:
    """Where ``message`` shows the face-down collections of the true position ``true``
    (before the end): a face-down kind used as a key (how a collection is written, as in
    the final view's ``collected``), a key naming a collection or the seed, or a list equal
    to a seat's true collection (how the state holds it: counts per kind). Empty: nowhere."""
    rows = [row for row in true.coll if any(row[k] for k in FACE_DOWN)]
    leaks = []
    for path, node in walk(message):
        if isinstance(node, dict):
            for key in node:
                if key in FACE_DOWN_KINDS and not LEFTOVERS.fullmatch(path):
                    leaks.append(f"{path}.{key}: a face-down kind, counted")
                if key in SECRET_KEYS:
                    leaks.append(f"{path}.{key}")
            if LEFTOVERS.fullmatch(path):
                season = 0 if ".summer_" in path else 1
                assert node == {NAMES[k]: n for k, n in enumerate(true.discarded[season])
                                if n}, (path, node)
        elif isinstance(node, list) and rows and (node in rows or node == true.coll):
            leaks.append(f"{path}: a seat's face-down tiles per kind")
    return leaks


def assert_hides_collections(message: dict, true, where: str = "") -> bool:
    """``message`` tells nothing of what lies face down in ``true``; whether the
    re-dealt position it was compared with holds other collections than ``true``."""
    if true.is_terminal():
        return False
    assert message["terminal"] is False
    assert message["scores"] is None, f"{where}: scores before the end"
    assert message["breakdown"] is None, f"{where}: a breakdown before the end"
    leaks = face_down_leaks(message, true)
    assert not leaks, f"{where}: {leaks}"
    # the view is the same whatever lies face down: re-deal the collections (keeping
    # each seat's count per season, as determinize does) and look again
    seat, rng = message["seat"], random.Random(message["index"])
    assert message["view"] == jsonified(true.view(seat)), where
    other = hidden.determinize(true, 0, rng)
    assert message["view"] == jsonified(other.view(seat)), where
    return other.coll != true.coll


def test_jaeger_sammler_never_shows_the_face_down_tiles(serve):
    client, game_id, seat_tokens = serve_game(serve, "jaeger-sammler", 3, {"2": "random"},
                                              seed=173_205_080_756_887)
    table = Table(client, game_id, seat_tokens, seed=1)
    before = table.record()
    assert before.status_code == 403 and "hides information" in before.json()["error"]
    record = play_watched(table, watched(client, game_id, seat_tokens, [None, 1, 0]),
                          every=10)

    end = len(record["actions"])
    assert [status for index, status in table.asked if index < end] == \
        [403] * (len(table.asked) - 1)                    # 403 at every ask before the end
    assert len(table.asked) > 5 and table.asked[-1] == (end, 200)
    hid, redealt, checked = set(), 0, 0
    for where, text, data, true in message_states(table, record):
        redealt += assert_hides_collections(data, true, where)
        if not true.is_terminal() and any(any(r[k] for k in FACE_DOWN) for r in true.coll):
            hid.add(where.split(" as ")[-1])
            checked += 1
    assert hid >= {"None", "0", "1"}     # spectator, rival, own seat: all were checked
    assert redealt > checked // 2        # compared with other collections, mostly
    for where, data in table.heard.values():    # the lobby: no scores until the end
        if where.startswith("lobby"):
            for game in data:
                assert (game["scores"] is None) == (game["status"] != "finished"), where
    table.check_tokens()

    # the check itself would catch a leak: a view with the collections (as at the end) or
    # the whole internal state (collections as lists of counts) instead of view(None)
    truth = positions(record)
    middle = next(s for s in truth if sum(map(sum, s.coll)) > 8 and not s.is_terminal())
    honest = jsonified({"view": middle.view(None), "scores": None, "breakdown": None,
                        "seat": None, "index": truth.index(middle), "terminal": False})
    assert face_down_leaks(honest, middle) == []
    whole = dict(honest, view=jsonified(vars(middle)))
    assert face_down_leaks(whole, middle)
    assert face_down_leaks(dict(honest, view={"x": [list(r) for r in middle.coll]}), middle)
    told = jsonified(honest)
    for seat, view in enumerate(told["view"]["seats"]):
        view["collected"] = {NAMES[k]: middle.coll[seat][k] for k in FACE_DOWN
                             if middle.coll[seat][k]}
    assert face_down_leaks(told, middle)
    counts = jsonified(honest)
    counts["view"]["seats"][0]["face_down"] = {NAMES[k]: middle.coll[0][k]
                                               for k in FACE_DOWN if middle.coll[0][k]}
    assert face_down_leaks(counts, middle)


# --- Carcassonne and Catan Dice: the seed -------------------------------------------------
def future_draws(record: dict, index: int) -> list[str]:
    """The tile types the pile gives from action ``index`` on, in order."""
    return [a.split()[1] for a in record["actions"][index:] if a.startswith("draw ")]


def order_leaks(data: dict, text: str, coming: list[str]) -> list[str]:
    """Where ``data`` shows the order of the ``coming`` tiles (at least two)."""
    leaks = []
    k = min(4, len(coming))
    if k < 2:
        return leaks
    wanted = coming[:k]
    for sep in (" ", ", ", ",", " draw ", "\", \"", "\",\""):
        if sep.join(wanted) in text:
            leaks.append(f"the next {k} tiles written {sep!r}-separated")
    for path, node in walk(data):
        if isinstance(node, list) and all(isinstance(x, str) for x in node):
            names = [x.removeprefix("draw ") for x in node]
            if any(names[i:i + k] == wanted for i in range(len(names) - k + 1)):
                leaks.append(f"{path}: the next {k} tiles in order")
    return leaks


def check_records(table: Table, record: dict) -> None:
    """Before the end, the record has no seed, and the actions so far (as at the end)."""
    assert table.records, "the record was never asked for before the end"
    end = len(record["actions"])
    for asked_at, early in table.records:
        index = len(early["actions"])                 # a bot may have moved since
        assert index >= asked_at
        assert early["actions"] == record["actions"][:index]
        if index == end:
            continue
        assert early["seed"] is None, f"the seed in the record at {index}"
        assert {k: v for k, v in early.items() if k not in ("seed", "actions")} == \
            {k: v for k, v in record.items() if k not in ("seed", "actions")}
    assert sum(len(early["actions"]) < end for _, early in table.records) >= 2
    assert isinstance(record["seed"], int)


def assert_no_seed(table: Table, record: dict) -> None:
    """The seed (which foretells every draw and roll) is in no message but the record
    served once the game is over."""
    seed = str(record["seed"])
    assert len(seed) >= 6                      # the server's own: 48 random bits
    for text, (where, data) in table.heard.items():
        if data != record:
            assert seed not in text, f"the seed in {where}"


def test_carcassonne_never_shows_the_pile_order(serve):
    client, game_id, seat_tokens = serve_game(serve, "carcassonne", 3, {"2": "greedy"},
                                              {"deck": CARCASSONNE_SHORT})
    table = Table(client, game_id, seat_tokens, seed=2)
    record = play_watched(table, watched(client, game_id, seat_tokens, [None, 1]), every=6)
    check_records(table, record)
    assert_no_seed(table, record)
    checked = 0
    for where, text, data, true in message_states(table, record):
        view = data["view"]
        assert view["pile"] == true.pile_counts() and view["remaining"] == true.remaining
        types = [t for t in true.types if t in view["pile"]]
        assert list(view["pile"]) == types, f"{where}: the pile's keys in another order"
        if not true.is_terminal():
            leaks = order_leaks(data, text, future_draws(record, data["index"]))
            assert not leaks, f"{where}: {leaks}"
            checked += len(future_draws(record, data["index"])) >= 2
    assert checked > 20
    table.check_tokens()

    # the check itself would catch the whole internal state (it holds the seed)
    truth = positions(record)
    whole = json.dumps(vars(truth[5]), default=repr)
    assert str(record["seed"]) in whole


def test_catan_dice_never_shows_the_seed(serve):
    client, game_id, seat_tokens = serve_game(serve, "catan-dice", 2, {"1": "greedy"})
    table = Table(client, game_id, seat_tokens, seed=3)
    record = play_watched(table, watched(client, game_id, seat_tokens, [None, 0]), every=8)
    check_records(table, record)
    assert_no_seed(table, record)
    states = list(message_states(table, record))
    assert len(states) > 30
    for where, text, data, true in states:
        assert data["view"] == jsonified(true.view(data["seat"])), where
    table.check_tokens()
