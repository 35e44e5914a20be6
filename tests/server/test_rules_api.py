"""The rules pages' API: a game's page in the language asked for (else the reader's, else
English), each picture a figure of the section's HTML with the position it shows as a
spectator's state; raw HTML in a page is never passed on; an unknown game is a 404."""
from __future__ import annotations

import re

import pytest

from meeple.server import rules_pages


@pytest.fixture
def db_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path}/meeple.db"


def test_a_page_in_the_language_asked_for_with_its_pictures(serve):
    client = serve()
    page = client.get("/api/rules/hunters-gatherers?lang=ru").json()
    assert page["lang"] == "ru" and page["languages"] == ["en", "cs", "ru"]
    figures = [int(n) for s in page["sections"]
               for n in re.findall(r'<figure class="position" data-block="(\d+)">', s["html"])]
    assert figures == list(range(len(page["blocks"]))) and figures
    for block in page["blocks"]:
        position = block["position"]
        assert position["seat"] is None and position["legal"] == [] and position["view"]
    assert client.get("/api/rules/carcassonne?lang=de",
                      headers={"Accept-Language": "cs"}).json()["lang"] == "cs"
    assert client.get("/api/rules/carcassonne").json()["lang"] == "en"
    missing = client.get("/api/rules/chess")
    assert missing.status_code == 404 and "carcassonne" in missing.json()["error"]


def test_raw_html_in_a_page_is_shown_as_text():
    html = rules_pages._html(["<script>alert(1)</script> and *words*"], [])
    assert "<script>" not in html and "&lt;script&gt;" in html and "<em>words</em>" in html
