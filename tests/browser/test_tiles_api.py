"""GET /api/games/types/{name}/tiles: the engine's tile set as data, or a 404 in words."""
from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from meeple.tiles.spec import TileSet


@pytest.mark.parametrize("game", ["carcassonne", "hunters-gatherers"])
def test_the_tiles_load_as_a_tile_set(server, game):
    data = server.get(f"/api/games/types/{game}/tiles")
    tileset = TileSet(data)                          # the engine's own format, valid
    assert tileset.start == data["start"] and len(tileset.types) == len(data["tiles"])
    assert "/" not in data["name"]                  # no server paths in replies


@pytest.mark.parametrize("game", ["catan-dice", "no-such-game"])
def test_other_games_have_no_tiles(server, game):
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(server.base + f"/api/games/types/{game}/tiles", timeout=5)
    assert refused.value.code == 404
    assert json.load(refused.value)["error"]


def test_only_the_tiles_endpoint_is_in_the_schema(server):
    paths = server.get("/openapi.json")["paths"]
    assert "/api/games/types/{name}/tiles" in paths
    assert not {"/", "/games/{game_id}"} & set(paths)
