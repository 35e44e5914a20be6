"""The state message's ``regions``: per follower (and hut) of the view, the cells its score
counts (the board lights them up); None for games without such pieces. Also in the
replay's positions."""
from __future__ import annotations

import pytest

from .helpers import auth, create, state, tokens

pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


def play(client, game_id: str, token: str, moves: int) -> dict:
    """Play ``moves`` of seat 0's and seat 1's moves (both people), a follower whenever
    one may be placed; the state after."""
    for _ in range(moves):
        now = state(client, game_id)
        if now["terminal"]:
            break
        seat_token = token[now["current_player"]]
        mine = state(client, game_id, seat_token)
        legal = mine["legal"]
        action = next((a for a in legal if a.startswith("follower ")), legal[0])
        reply = client.post(f"/api/games/{game_id}/actions", headers=auth(seat_token),
                            json={"action": action, "index": mine["index"]})
        assert reply.status_code == 200, reply.json()
    return state(client, game_id)


@pytest.mark.parametrize("game", ["carcassonne", "hunters-gatherers"])
def test_each_follower_comes_with_its_features_cells(serve, game):
    client = serve()
    created = create(client, game, seed=7)
    now = play(client, created["id"], tokens(created), 12)
    followers, regions = now["view"]["followers"], now["regions"]["followers"]
    assert followers and len(regions) == len(followers)
    assert len(now["regions"].get("huts", [])) == len(now["view"].get("huts", []))
    board = {(t["x"], t["y"]) for t in now["view"]["board"]}
    for f, region in zip(followers, regions):
        assert [f["x"], f["y"]] in region
        assert {tuple(c) for c in region} <= board
    assert "regions" not in now["view"]                  # not in view(): RL calls it a lot
    position = client.get(f"/api/games/{created['id']}/positions/{now['index']}")
    if position.status_code == 200:                     # where the record is served
        assert position.json()["regions"] == now["regions"]


def test_games_without_followers_send_none(serve):
    client = serve()
    created = create(client, "catan-dice", players=1)
    assert state(client, created["id"], tokens(created)[0])["regions"] is None
