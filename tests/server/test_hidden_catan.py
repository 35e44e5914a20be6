"""Catan's hidden cards stay hidden on the server: a whole game (three people playing over
HTTP, a bot in the fourth seat), every message each person's WebSocket, a spectator's
WebSocket and every HTTP reply carried, checked after the end against the TRUE position at
that message's index (the record, replayed once it is served).

What only its owner may see (rules spec 8): the types of its resource cards and of its
development cards; a stolen card's type is seen by the thief and the victim only, a drawn
card's by its buyer. So, in every message before the end: the view is exactly the engine's
view for that seat, and the same view again when everything the seat may not see is dealt
anew (:func:`meeple.games.catan.hidden.determinize`); no chance action that names a card is
written anywhere (``last_action`` included); no event names a stolen or drawn card; no
scores. Each test runs on SQLite and on PostgreSQL (the ``serve`` fixture).
"""
from __future__ import annotations

import json
import random

from catan_play import SECRET_CHANCE, choose

from meeple.games.catan import hidden

from .test_hidden import (
    Table,
    jsonified,
    message_states,
    play_watched,
    positions,
    serve_game,
    walk,
    watched,
)

OWN_ONLY = {"hand", "dev", "new_dev"}
"""A seat's view keys only its own view has (before the end)."""
class Catan(Table):
    """The table, its people choosing by :func:`choose`."""

    def choose(self, legal: list[str]) -> str:
        return choose(legal, self.rng)


def leaks(data: dict, text: str, true, rng: random.Random) -> tuple[list[str], bool]:
    """Where the message ``data`` (its ``text``) shows what its seat may not see at the
    true position ``true``; and whether the position dealt anew for the comparison held
    other cards than ``true`` (so the comparison could have failed)."""
    if true.is_terminal():
        return [], False
    seat, found = data["seat"], []
    if data["terminal"] or data["scores"] is not None or data["breakdown"] is not None:
        found.append("scores or the end before the end")
    if data["view"] != jsonified(true.view(seat)):
        found.append("the view is not the engine's view for this seat")
    other = hidden.determinize(true, 0 if seat is None else seat, rng)
    if data["view"] != jsonified(other.view(seat)):
        found.append("the view changes when the hidden cards are dealt anew")
    if SECRET_CHANCE.search(text):
        found.append(f"a card named by a chance action: {SECRET_CHANCE.search(text)[0]}")
    for path, node in walk({k: v for k, v in data.items() if k != "view"}):
        if isinstance(node, dict) and OWN_ONLY & set(node):
            found.append(f"{path}: a hand outside the view")
    for event in data["events"]:
        if event.get("kind") in ("stolen", "bought") and {"card", "cards"} & set(event):
            found.append(f"the card of a {event['kind']} event")
    for view_seat in data["view"]["seats"]:
        if view_seat["seat"] != seat and OWN_ONLY & set(view_seat):
            found.append(f"seat {view_seat['seat']}'s cards")
    dealt_anew = any(other.hands[p] != true.hands[p] or other.dev[p] != true.dev[p]
                     for p in range(true.num_players) if p != seat)
    return found, dealt_anew


def test_catan_never_shows_a_seats_hidden_cards(serve):
    client, game_id, seat_tokens = serve_game(serve, "catan", 4, {"3": "greedy"})
    table = Catan(client, game_id, seat_tokens, seed=5)
    before = table.record()
    assert before.status_code == 403
    record = play_watched(table, watched(client, game_id, seat_tokens, [None, 0, 1, 2]),
                          every=25)
    actions = record["actions"]
    assert any(a.startswith("stolen ") for a in actions), "no card was stolen"
    assert any(a.startswith("draw ") for a in actions), "no development card was bought"
    assert any(a.startswith("trade ") for a in actions), "no trade between players"
    running = [status for index, status in table.asked if index < len(actions)]
    assert running == [403] * len(running) and len(running) > 5   # the record: at the end only

    rng = random.Random(7)
    checked, redealt, heard_by = 0, 0, set()
    after_steal = 0
    for where, text, data, true in message_states(table, record):
        found, anew = leaks(data, text, true, rng)
        assert not found, f"{where} at {data['index']}: {found}"
        if not true.is_terminal():
            checked += 1
            redealt += anew
            heard_by.add(where.split(" as ")[-1])
            after_steal += actions[data["index"] - 1].startswith("stolen ")
    assert heard_by >= {"None", "0", "1", "2"}     # a spectator and every person
    assert checked > 200 and redealt > checked // 2 and after_steal >= 3, \
        (checked, redealt, after_steal)
    table.check_tokens()

    # the checks would catch a leak: another seat's view, a steal's chance action, a hand
    stolen = next(i for i, a in enumerate(actions) if a.startswith("stolen ")) + 1
    true = positions(record)[stolen]
    thief, victim = true.steal[0], true.steal[1]
    outsider = next(p for p in range(4) if p not in (thief, victim))
    honest = jsonified({"view": true.view(outsider), "seat": outsider, "terminal": False,
                        "scores": None, "breakdown": None, "events": [],
                        "last_action": None, "index": stolen})
    assert leaks(honest, json.dumps(honest), true, rng)[0] == []
    for bad in (dict(honest, view=jsonified(true.view(victim))),
                dict(honest, last_action=actions[stolen - 1]),
                dict(honest, events=[{"kind": "stolen", "card": "ore"}])):
        assert leaks(bad, json.dumps(bad), true, rng)[0], bad
