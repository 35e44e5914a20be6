"""Each game's rules page in the browser (issue 26): the rulebook's text in the language
asked for (the switch, remembered; else the browser's), every picture drawn by the game's
own board, an unknown game a page of words, no serious accessibility finding."""
from __future__ import annotations

import pytest
from axe_core import violations
from playwright.sync_api import expect

GAMES = ("carcassonne", "hunters-gatherers", "jaeger-sammler", "catan-dice", "catan")
TITLES = {"en": "rules", "cs": "pravidla", "ru": "правила"}


@pytest.mark.parametrize("game", GAMES)
def test_every_picture_is_drawn_by_the_game_s_board(server, page, game):
    page.goto(f"{server.base}/rules/{game}?lang=cs")
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    expect(page.locator("#contents-title")).to_have_text("Obsah")
    figures = page.locator("figure.position")
    assert figures.count() >= 2
    expect(figures.locator("svg").first).to_be_visible()
    page.wait_for_function("[...document.querySelectorAll('figure.position')].every("
                           "(f) => f.querySelector('svg') && f.querySelector('figcaption'))")
    assert not violations(page)


def test_the_browser_s_language_and_the_switch(server, chromium):
    context = chromium.new_context(locale="ru-RU", extra_http_headers={
        "Accept-Language": "ru-RU,ru;q=0.9"})
    try:
        page = context.new_page()
        page.goto(f"{server.base}/rules/carcassonne")
        expect(page.locator("#title")).to_contain_text("правила")
        expect(page.locator("#back")).to_have_text("Назад в лобби")
        page.locator("#languages a[lang='cs']").click()
        expect(page.locator("#title")).to_contain_text("pravidla")
        page.goto(f"{server.base}/rules/catan-dice")          # remembered
        expect(page.locator("#languages a[aria-current='true']")).to_have_attribute("lang", "cs")
        expect(page.locator("figure .example-scores").first).to_contain_text("bod")
    finally:
        context.close()


def test_an_unknown_game_s_rules_are_a_page_of_words(server, page):
    reply = page.goto(f"{server.base}/rules/chess")
    assert reply.status == 404
    expect(page.locator("#error-title")).to_have_text("No rules here")
