"""The browser's languages: the server names the ones it speaks and the one a request reads
(the page's switch, a cookie, wins over the browser's Accept-Language), and serves each
language's catalogue as JSON; an unknown language is a 404 with words."""
from __future__ import annotations

import re

import pytest

from .helpers import create


@pytest.fixture
def db_url(tmp_path) -> str:
    """SQLite only: languages do not depend on the database."""
    return f"sqlite:///{tmp_path}/meeple.db"


def test_the_language_a_request_reads(serve):
    client = serve()
    assert client.get("/api/languages").json() == {
        "languages": {"en": "English", "cs": "Čeština", "ru": "Русский"}, "chosen": "en"}
    assert client.get("/api/languages", headers={"Accept-Language": "ru-RU,ru;q=0.9"}
                      ).json()["chosen"] == "ru"
    client.cookies.set("meeple_lang", "cs")
    assert client.get("/api/languages", headers={"Accept-Language": "ru"}
                      ).json()["chosen"] == "cs"
    client.cookies.set("meeple_lang", "klingon")
    assert client.get("/api/languages", headers={"Accept-Language": "ru"}
                      ).json()["chosen"] == "ru"


def test_a_catalogue_for_the_page(serve):
    client = serve()
    reply = client.get("/api/languages/ru")
    assert reply.status_code == 200 and "max-age" in reply.headers["cache-control"]
    body = reply.json()
    assert body["lang"] == "ru" and body["plural"] == {"one": 0, "few": 1, "many": 2}
    assert body["messages"]["kept the dice"] == "кубики оставлены"
    assert client.get("/api/languages/en").json()["messages"] == {}
    missing = client.get("/api/languages/" + "x" * 300)
    assert missing.status_code == 404 and "spoken: en, cs, ru" in missing.json()["error"]


def test_the_log_in_the_reader_s_language_over_http_and_websocket(serve):
    import json

    from .helpers import auth as bearer, receive_text, ws_path
    client = serve()
    game = create(client, "catan-dice", players=1, seed=3)
    token = game["seats"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    url, czech = f"/api/games/{game['id']}/actions", auth | {"Accept-Language": "cs"}
    log = client.post(url, json={"action": "stop"}, headers=czech).json()["log"]
    assert re.fullmatch(r"červená: hod: .+, pak kostky ponechány", log[-1]["text"])
    log = client.post(url, json={"action": "build road R0"}, headers=czech).json()["log"]
    assert log[-1]["text"] == "červená: stavba: cesta"
    assert client.get(f"/api/games/{game['id']}", headers=czech).json()["advice"] == (
        "Na další stavbu kostky nestačí: ukončete tah")
    assert client.get(f"/api/games/{game['id']}").json()["advice"] is None   # a spectator
    english = client.get(f"/api/games/{game['id']}", headers=auth).json()["log"]
    assert re.fullmatch(r"red rolled .+, then kept the dice", english[0]["text"])
    with client.websocket_connect(ws_path(game["id"]),
                                  headers=bearer(token) | {"Accept-Language": "ru"}) as ws:
        first = json.loads(receive_text(ws))
        assert re.fullmatch(r"красный: бросок: .+, затем кубики оставлены",
                            first["log"][0]["text"])
        client.post(f"/api/games/{game['id']}/actions", json={"action": "end"}, headers=auth)
        update = json.loads(receive_text(ws))
        assert update["log"][-1]["text"] == "красный: конец хода"


def test_a_new_player_s_name_is_said_in_the_reader_s_language(serve):
    """The name the server gives a new player ("Guest 4821") is stored so and said in each
    reader's language in the log; a name a person chose is theirs in every language."""
    client = serve()
    game = create(client, "catan-dice", players=1, seed=3, names={"0": "Guest 4821"})
    token = game["seats"][0]["token"]
    url, auth = f"/api/games/{game['id']}/actions", {"Authorization": f"Bearer {token}"}
    client.post(url, json={"action": "stop"}, headers=auth)
    for lang, said in (("en", "Guest 4821 rolled "), ("cs", "Host 4821: "),
                       ("ru", "Гость 4821: ")):
        log = client.get(f"/api/games/{game['id']}",
                         headers={**auth, "Accept-Language": lang}).json()["log"]
        assert log[0]["text"].startswith(said), (lang, log[0])
    assert client.get(f"/api/games/{game['id']}").json()["seats"][0]["name"] == "Guest 4821"
    other = create(client, "catan-dice", players=1, seed=3, names={"0": "Guesty 7"})
    client.post(f"/api/games/{other['id']}/actions", json={"action": "stop"},
                headers={"Authorization": f"Bearer {other['seats'][0]['token']}"})
    log = client.get(f"/api/games/{other['id']}", headers={"Accept-Language": "cs"}).json()["log"]
    assert log[0]["text"].startswith("Guesty 7: ")


def test_the_pages_words_from_the_server_in_the_reader_s_language(serve):
    """The game types (titles, the bots' words), a tile's words in the client data, and a
    page of words (an unknown game) in the language the request reads."""
    client = serve()
    czech = {"Accept-Language": "cs"}
    types = {t["name"]: t for t in client.get("/api/games/types", headers=czech).json()}
    assert types["hunters-gatherers"]["title"] == "Carcassonne: Lovci a sběrači"
    numbers = {o["name"]: o for o in types["catan"]["options"]}["numbers"]   # the lobby's
    assert (numbers["label"], numbers["types"]) == ("číselné žetony", ["string"])
    assert numbers["type"] == "text: jedna z hodnot spiral, random"
    assert numbers["help"].startswith("jak proměnlivý plán rozloží číselné žetony")
    assert all(t["rules"] for t in types.values())          # every game has its page
    bots = {b["spec"]: b for b in types["carcassonne"]["bots"]}
    assert bots["mcts:time=0.5"]["name"] == "mcts (rychlý)"
    assert bots["random"]["description"] == "rovnoměrně náhodný povolený tah (základní měřítko)"
    english = client.get("/api/games/types").json()
    assert english[0]["title"] in {"Catan Dice Game", "Carcassonne", "Catan", "Jäger und Sammler",
                                   "Carcassonne: Hunters and Gatherers"}
    data = client.get("/api/games/types/carcassonne/data", headers={"Accept-Language": "ru"}).json()
    assert any(tile["text"] == "монастырь" for tile in data["tiles"])
    page = client.get("/games/NOSUCHGAME12", headers=czech | {"Accept": "text/html"})
    assert page.status_code == 404 and '<html lang="cs">' in page.text
    assert "Taková hra není" in page.text and '<a class="back" href="/">' in page.text


def test_the_engine_s_events_and_breakdown_in_the_reader_s_language(serve):
    from .helpers import create
    client = serve()
    game = create(client, "catan-dice", players=1, seed=3)
    auth = {"Authorization": f"Bearer {game['seats'][0]['token']}"}
    url, czech = f"/api/games/{game['id']}/actions", auth | {"Accept-Language": "cs"}
    client.post(url, json={"action": "stop"}, headers=czech)
    reply = client.post(url, json={"action": "end"}, headers=czech).json()
    assert [e["text"] for e in reply["events"]] == [
        "červená zapisuje křížek (-2) za tah 1: X: nic nepostaveno"]
    items = reply["breakdown"]["seats"][0]["items"]
    assert [item["text"] for item in items] == ["tah 1: X: nic nepostaveno"]
    english = client.get(f"/api/games/{game['id']}", headers=auth).json()
    assert english["breakdown"]["seats"][0]["items"][0]["text"] == "turn 1: X: nothing built"


def test_a_refused_option_is_said_in_the_reader_s_language(serve):
    """A game option or a bot option the server refuses (400) says why in the reader's
    words; the English stays as before."""
    client = serve()
    body = {"game": "carcassonne", "players": 2, "config": {"deck": {"A": 7}}}
    english = client.post("/api/games", json=body)
    assert english.status_code == 400
    assert english.json()["error"] == ("carcassonne option 'deck': the count of 'A' must be "
                                       "≤ 6; got 7")
    czech = client.post("/api/games", json=body, headers={"Accept-Language": "cs"})
    assert czech.status_code == 400
    assert czech.json()["error"] == ("carcassonne: volba 'deck': počet 'A' smí být nejvýše 6; "
                                     "zadáno 7")
    bots = {"game": "carcassonne", "players": 2, "bots": {"1": "mcts:iters=banana"}}
    russian = client.post("/api/games", json=bots, headers={"Accept-Language": "ru"})
    assert russian.status_code == 400
    said = russian.json()["error"]
    assert said.startswith("боты: место 1: бот 'mcts': параметр 'iters': нужно целое число"), said
    assert "получено 'banana'" in said
