"""Fair play: the server deals every listed game from 128 random bits of its own; a game
whose creator named the seed is a practice game (not listed, marked); a rematch token is
made with the server's secret, so a leaked old token and the public rematch id are not
enough to make it, and a seat that left has no right to a rematch."""
from __future__ import annotations

import base64
import hashlib
import hmac

from .helpers import auth, create, play_out, state, tokens

SHORT = {"deck": {"V": 2, "U": 1}}      # a Carcassonne of three tiles


def test_the_server_deals_from_128_random_bits(serve):
    client = serve()
    seeds = []
    for _ in range(4):
        game = create(client, "carcassonne", bots={"1": "random"}, config=SHORT,
                      names={"0": "A"})
        assert state(client, game["id"])["practice"] is False
        play_out(client, game["id"], tokens(game))
        record = client.get(f"/api/games/{game['id']}/record").json()
        seeds.append(record["seed"])
    assert all(isinstance(s, int) and 0 <= s < 2 ** 128 for s in seeds)
    assert max(s.bit_length() for s in seeds) > 64            # 4 draws all ≤ 64 bits: 2⁻²⁵⁶
    assert len(set(seeds)) == 4


def test_a_named_seed_makes_a_practice_game(serve):
    client = serve()
    practice = create(client, "catan-dice", players=2, seed=11)
    listed = {g["id"] for g in client.get("/api/games").json()}
    assert practice["id"] not in listed
    assert state(client, practice["id"])["practice"] is True
    out_of_range = client.post("/api/games", json={"game": "catan-dice", "seed": 2 ** 63})
    assert out_of_range.status_code == 400


def test_a_rematch_token_needs_the_server_and_a_seat_held_now(serve):
    client = serve()
    game = create(client, "carcassonne", config=SHORT, names={"0": "A", "1": "B"})
    t = tokens(game)
    play_out(client, game["id"], t)
    asked = client.post(f"/api/games/{game['id']}/rematch", headers=auth(t[0]))
    assert asked.status_code == 200, asked.json()
    rematch_id, token = asked.json()["id"], asked.json()["token"]
    # what a leaked old token and the public rematch id made before: not the token now
    offline = base64.urlsafe_b64encode(hmac.new(t[0].encode(), rematch_id.encode(),
                                                hashlib.sha256).digest()).rstrip(b"=").decode()
    assert offline != token
    assert client.get(f"/api/games/{rematch_id}", headers=auth(offline)).status_code == 401
    again = client.post(f"/api/games/{game['id']}/rematch", headers=auth(t[0]))
    assert again.json()["token"] == token                      # asked again: the same one

    # seat 1 leaves the old game before asking: its old token holds nothing any more
    assert client.post(f"/api/games/{game['id']}/leave", headers=auth(t[1])).status_code == 200
    late = client.post(f"/api/games/{game['id']}/rematch", headers=auth(t[1]))
    assert late.status_code == 401
    seat = state(client, rematch_id)["seats"][1]
    assert seat["open"] is False                               # reserved, not handed out
