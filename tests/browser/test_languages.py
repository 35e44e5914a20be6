"""The browser client in Czech and Russian (issue 26): the lobby and a game page of each game
by the browser's Accept-Language and by the switch in the header (remembered; the page and its
WebSocket follow), and no page, in either language, showing an English sentence: every word
the pages say goes through the catalogue (``window.__meepleMisses`` stays empty) and the text
a person reads (the visible text, aria-labels, titles, placeholders) holds no common English
word. Screenshots in ``artifacts/languages-*.png``."""
from __future__ import annotations

import json
import random
import re
import time

import axe_core
import pytest
from browser_steps import wait_until
from catan_play import choose
from playwright.sync_api import expect

HEADERS = {"cs": "cs-CZ,cs;q=0.9,en;q=0.5", "ru": "ru-RU,ru;q=0.9,en;q=0.5"}
LOCALES = {"cs": "cs-CZ", "ru": "ru-RU"}
NEW_GAME = {"cs": "Nová hra", "ru": "Новая партия"}
MY_TURN = {"cs": "Jste na tahu", "ru": "Ваш ход"}
GAME_OVER = {"cs": "Konec hry", "ru": "Партия окончена"}
# Each game short (a few of the person's turns) against a quick bot: (name, players, bots,
# what else the game is created with). Catan, 3 players against two greedy bots (random ones
# never end a game of Catan): with this seed and the moves the person makes in
# test_no_page_shows_an_english_sentence it ends in 56 of the person's moves (rolls,
# building, the robber, trade offers, answers and trades on the way), 250 actions in all.
GAMES = (("carcassonne", 2, {"1": "random"},
          {"config": {"deck": {"U": 3, "V": 3, "E": 2, "D": 2, "B": 1}}}),
         ("hunters-gatherers", 2, {"1": "random"},
          {"config": {"deck": {"L07": 2, "L15": 2, "L28": 2, "L29": 2, "L30": 2},
                      "bonus_deck": {"B04": 1}}}),
         ("jaeger-sammler", 2, {"1": "random"}, {}),
         ("catan-dice", 1, {}, {}),
         ("catan", 3, {"1": "greedy", "2": "greedy"}, {"seed": 1}))

STOP = set("""the and your you turn turns place placed follower followers tile tiles points point
    game games move moves waiting score scores player players new open watch replay join with
    from this that left take back hint loading rules board pass rotate zoom invite invited seat
    seats time clock days none free copy link play finished running over win wins won build
    built keep reroll dice die sheet island road roads city cities field fields meadow forest
    river hut huts pawn pawns summer winter crate crates weapon weapons legend are not can will
    what who when start about minutes options save name account connected others chance review
    nothing scored completed incomplete monastery lake fish bonus put rolled moved mammoth
    segments neighbours bordering writes settlement settlements knight knights guest""".split())
"""Common English words: none may be read on a page in Czech or Russian. (Names stay as
they are: meeple, the bots' names, Jäger und Sammler; so do keys and notation in <kbd> and
<code>, and a button whose words are its move's notation.)"""
WORD = re.compile(r"[A-Za-z]+")

READ = """(skip) => {
  const out = [];
  const seen = (el) => !el.checkVisibility || el.checkVisibility() || !!el.closest('.sr-only');
  const notation = (el) => {
    const owner = el.closest('[data-action]');
    return owner && owner.textContent.trim() === owner.dataset.action;
  };
  const quiet = (el) => el.closest('kbd, code, script, style' + (skip ? ', ' + skip : ''));
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || !n.textContent.trim() || quiet(el) || notation(el)) continue;
    const tooltip = el.tagName.toLowerCase() === 'title';
    if (tooltip ? el.parentElement && el.parentElement.closest('[data-action]') : !seen(el)) continue;
    out.push(n.textContent.trim());
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (!seen(el) || quiet(el)) continue;
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = el.getAttribute(name);
      if (value && value !== el.dataset.action) out.push(value);
    }
  }
  out.push(document.title);
  return out;
}"""


def english_in(page, skip: str = "") -> list[str]:
    """The texts the page shows a person that hold a common English word (``skip``: a
    selector of elements not to read)."""
    texts = page.evaluate(READ, skip)
    return sorted({t for t in texts if any(w.lower() in STOP for w in WORD.findall(t))})


def misses(page) -> list[str]:
    return page.evaluate("window.__meepleMisses || []")


def check(page, lang: str, where: str, found: dict) -> None:
    """Record what the page at this moment shows in English, and its catalogue misses."""
    expect(page.locator("html")).to_have_attribute("lang", lang)
    english, missed = english_in(page), misses(page)
    if english or missed:
        found[where] = {"english": english[:8], "misses": missed[:8]}


@pytest.fixture
def reader(person):
    """``reader(lang)``: a page of a new person whose browser speaks ``lang`` (its locale
    and its Accept-Language; None: English, the browser's default)."""
    def open_page(lang: str | None = None):
        if not lang:
            return person()
        return person(locale=LOCALES[lang], extra_http_headers={"Accept-Language": HEADERS[lang]})
    return open_page


def my_turn_or_over(page) -> dict:
    wait_until(page, "window.meeple && window.meeple.state() && (window.meeple.state().terminal"
               " || window.meeple.state().legal.length > 0)", timeout=60)
    return page.evaluate("window.meeple.state()")


def play(page, rng: random.Random, moves: int | None = None, game: str = "",
         after=None) -> dict:
    """Play random legal moves as the page's seat, `moves` of them (None: to the end); in
    Catan (``game``) those of a person who builds what they can (:func:`catan_play.choose`).
    ``after(kind)``: called once a move of a kind (its first word) not played before is made
    (the page then shows what it brought: a trade offer, the robber, a discard)."""
    done, kinds = 0, set()
    while moves is None or done < moves:
        state = my_turn_or_over(page)
        if state["terminal"]:
            return state
        action = (choose(state["legal"], rng) if game == "catan"
                  else rng.choice(state["legal"]))
        page.evaluate("(a) => window.meeple.send(a)", action)
        wait_until(page, f"window.meeple.state().index > {state['index']}", timeout=30)
        done += 1
        kind = action.split()[0]
        if after and kind not in kinds:
            kinds.add(kind)
            after(kind)
    return page.evaluate("window.meeple.state()")


# --- the lobby and a game of each game, by Accept-Language --------------------------------

@pytest.mark.parametrize("lang", ["cs", "ru"])
def test_the_lobby_and_each_game_by_the_browser_s_language(server, reader, artifacts, lang):
    page = reader(lang)
    page.goto(server.base + "/")
    page.wait_for_selector("#game-cards .game-card")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#new-game-title")).to_have_text(NEW_GAME[lang])
    expect(page.locator("#languages a[aria-current='true']")).to_have_attribute("lang", lang)
    expect(page.locator("#languages a")).to_have_text(["English", "Čeština", "Русский"])
    expect(page.locator(".game-card .rules-of").first).to_have_attribute("href", re.compile("^/rules/"))
    assert misses(page) == []
    page.screenshot(path=str(artifacts / f"languages-{lang}-lobby.png"), full_page=True)
    for name, players, bots, extra in GAMES:
        game = server.create(name, players, bots, **extra)
        page.goto(server.base + game["seats"][0]["join"])
        my_turn_or_over(page)
        expect(page.locator("#status")).to_contain_text(MY_TURN[lang])
        expect(page.locator("#advice")).to_be_visible()
        expect(page.locator("#rules-link")).to_have_attribute("href", f"/rules/{name}")
        assert misses(page) == [], name
        page.screenshot(path=str(artifacts / f"languages-{lang}-{name}.png"))


def test_a_catan_game_in_czech_misses_no_word_through_the_set_up_s_first_clicks(server,
                                                                                  reader):
    """Catan's board speaks Czech: the status line (no doubled ": "), the panels, and the
    set-up's first settlement and road placed by clicks, with no catalogue miss."""
    page = reader("cs")
    game = server.create("catan", 3, {"1": "random", "2": "random"})
    page.goto(server.base + game["seats"][0]["join"])
    for spot in ("n", "e"):
        state = my_turn_or_over(page)
        status = page.locator("#status").inner_text()
        assert MY_TURN["cs"] in status and ": :" not in status, status
        assert misses(page) == [], spot
        page.locator(f"#ct-board [data-spot^='{spot}']").first.click()
        wait_until(page, f"window.meeple.state().index > {state['index']}", timeout=30)
    expect(page.locator("#ct-seats")).to_contain_text("hráč")
    assert misses(page) == []


@pytest.mark.parametrize("lang", ["cs", "ru"])
def test_each_game_s_options_are_in_the_reader_s_language(server, reader, artifacts, lang):
    """The lobby's options panel: every option's help and type, as each game declares
    them, in the reader's language (no English word, no catalogue miss, none of the
    English help left)."""
    english = {t["name"]: t["options"] for t in server.get("/api/games/types")}
    page = reader(lang)
    page.goto(server.base + "/")
    page.wait_for_selector("#game-cards .game-card")
    page.locator("#options summary").click()
    found = {}
    for name, *_ in GAMES:
        page.select_option("#game", name)
        body = page.locator("#options-body")
        expect(body.locator(".opt, p")).not_to_have_count(0)
        helps = [*body.locator(".opt-help, .opt-file").all_inner_texts(),
                 *[e.get_attribute("placeholder") for e in body.locator("[placeholder]").all()]]
        assert len(helps) >= len(english[name]), name
        left = [o["help"] for o in english[name] if any(o["help"] in h for h in helps)]
        if english_in(page) or misses(page) or left:
            found[name] = {"english": english_in(page), "misses": misses(page), "left": left}
        if name == "hunters-gatherers":
            body.screenshot(path=str(artifacts / f"languages-{lang}-options.png"))
    assert not found, json.dumps(found, ensure_ascii=False, indent=1)


def test_a_new_player_s_name_reads_in_each_reader_s_language(server, reader):
    """The name the server gives a new player ("Guest 4821") is kept so and read in each
    reader's language: its own page in Czech, the players and the log of a spectator in
    Russian and in English."""
    game = server.create("carcassonne", 2, {"1": "random"}, seats={"0": "open"})
    page = reader("cs")
    page.goto(server.base + game["seats"][0]["join"])
    my_turn_or_over(page)
    stored = server.get(f"/api/games/{game['id']}")["seats"][0]["name"]
    number = re.fullmatch(r"Guest (\d+)", stored)[1]
    expect(page.locator("#who")).to_contain_text(f"Host {number}")
    play(page, random.Random(4), 2)                           # a line of the log is theirs
    for lang, name in (("ru", f"Гость {number}"), (None, f"Guest {number}")):
        watcher = reader(lang)
        watcher.goto(server.base + f"/games/{game['id']}")
        expect(watcher.locator("#players li[data-seat='0']")).to_contain_text(name)
        expect(watcher.locator("#log li.move").filter(has_text=name)).not_to_have_count(0)
        assert misses(watcher) == []


# --- by the switch: remembered, and the game's WebSocket follows ------------------------------

def test_the_switch_changes_the_language_of_the_page_its_words_and_its_log(server, reader,
                                                                          artifacts):
    page = reader()                               # no Accept-Language: English
    page.goto(server.base + "/")
    expect(page.locator("#new-game-title")).to_have_text("New game")
    page.locator("#languages a[lang='cs']").click()
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    expect(page.locator("#new-game-title")).to_have_text(NEW_GAME["cs"])
    page.wait_for_selector("#game-cards .game-card")
    page.screenshot(path=str(artifacts / "languages-switch-cs-lobby.png"), full_page=True)
    # The choice is remembered: a game opened next is in Czech, its log too (a bot moved
    # first), and the switch there turns page, log and status to Russian.
    game = server.create("carcassonne", 2, {"0": "random"})
    page.goto(server.base + game["seats"][0]["join"])          # seat 1 (seat 0: the bot)
    state = my_turn_or_over(page)
    expect(page.locator("#status")).to_contain_text(MY_TURN["cs"])
    first = page.locator("#log li.move").last
    expect(first).to_contain_text("červená")
    assert state["log"] and misses(page) == []
    page.locator("#languages a[lang='ru']").click()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    expect(page.locator("#status")).to_contain_text(MY_TURN["ru"])
    expect(page.locator("#log li.move").last).to_contain_text("красный")
    expect(page.locator("#advice")).to_have_text(re.compile("[а-яА-Я]"))
    assert misses(page) == []
    page.screenshot(path=str(artifacts / "languages-switch-ru-game.png"))
    page.goto(server.base + "/")                  # remembered back in the lobby
    expect(page.locator("#new-game-title")).to_have_text(NEW_GAME["ru"])
    page.locator("#languages a[lang='en']").click()
    expect(page.locator("#new-game-title")).to_have_text("New game")


# --- no English sentence on any page ------------------------------------------------------

@pytest.mark.parametrize("lang", ["cs", "ru"])
def test_no_page_shows_an_english_sentence(server, reader, artifacts, lang):
    page, found, finished = reader(lang), {}, {}
    for name, players, bots, extra in GAMES:
        rng = random.Random(26)             # Catan's seed and these moves: a short game
        game = server.create(name, players, bots, **extra)
        page.goto(server.base + game["seats"][0]["join"])
        my_turn_or_over(page)
        check(page, lang, f"{name}: the start", found)
        def after(kind: str) -> None:
            check(page, lang, f"{name}: after the first {kind}", found)
        play(page, rng, 3, name, after)
        check(page, lang, f"{name}: three moves on", found)
        end = play(page, rng, None, name, after)
        assert end["terminal"]
        expect(page.locator("#status")).to_contain_text(GAME_OVER[lang])
        expect(page.locator("#breakdown")).to_be_visible()
        check(page, lang, f"{name}: the end and its breakdown", found)
        finished[name] = game["id"]
    page.screenshot(path=str(artifacts / f"languages-{lang}-finished.png"))
    for name, game_id in finished.items():
        page.goto(server.base + f"/games/{game_id}/replay#2")
        wait_until(page, "window.meeple && window.meeple.step && window.meeple.step() === 2")
        check(page, lang, f"{name}: replay", found)
        page.keyboard.press("End")
        wait_until(page, "window.meeple.step() === window.meeple.of()")
        deadline = time.monotonic() + 120     # the review, once done, names the moves (Catan's
        # 200 positions take half a minute or more on a busy machine)
        while page.evaluate("document.getElementById('chart-box').dataset.state") != "done":
            assert time.monotonic() < deadline, f"the review of {name} did not finish"
            time.sleep(0.3)
        check(page, lang, f"{name}: replay at the end, with its review", found)
    page.screenshot(path=str(artifacts / f"languages-{lang}-replay.png"))
    # The lobby: my games (finished ones, a game waiting for an invited friend), a game
    # created with an invitation, the account forms open.
    page.goto(server.base + "/")
    page.wait_for_selector("#my-games .my-game")
    page.select_option("#game", "carcassonne")
    page.select_option("select[data-seat='1']", "invite")
    page.click("#create")
    expect(page.locator("#created")).to_be_visible()
    page.locator("#create-account summary").click()
    page.wait_for_selector("#my-games [data-status='invited']")
    check(page, lang, "lobby", found)
    page.screenshot(path=str(artifacts / f"languages-{lang}-lobby-full.png"), full_page=True)
    # An invitation: one already taken, and one that is no invitation at all.
    invite = page.locator("#invites .invite-url").first.inner_text()
    other = reader(lang)
    other.goto(invite)
    expect(other.locator("#status")).to_contain_text(re.compile("."))
    page.goto(invite)
    expect(page.locator("#invite-status")).to_have_class(re.compile("error"))
    check(page, lang, "invitation taken", found)
    page.goto(server.base + "/invite/no.such.invitation")
    expect(page.locator("#invite-status")).to_have_class(re.compile("error"))
    check(page, lang, "no such invitation", found)
    # The server's pages of words, and the rules.
    for path in ("/games/NOSUCHGAME12", "/no/such/page", "/rules/nosuchgame"):
        page.goto(server.base + path)
        page.wait_for_selector("#languages a")
        check(page, lang, f"error page {path}", found)
    for name, *_ in GAMES:
        page.goto(server.base + f"/rules/{name}")
        page.wait_for_selector("#sections section")
        check(page, lang, f"rules of {name}", found)
    assert not found, json.dumps(found, ensure_ascii=False, indent=1)


def test_the_engines_scoring_words_are_in_the_reader_s_language(server, reader):
    page = reader("cs")
    name, players, bots, extra = GAMES[0]
    game = server.create(name, players, {"0": "random", "1": "random"}, **extra)
    deadline = time.monotonic() + 60
    while not server.get(f"/api/games/{game['id']}")["terminal"]:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    page.goto(server.base + f"/games/{game['id']}")
    expect(page.locator("#breakdown")).to_be_visible()
    assert english_in(page, skip="") == []


# --- accessibility in Czech ---------------------------------------------------------------

def test_no_serious_axe_violation_in_czech(server, reader):
    page = reader("cs")
    found = {}
    page.goto(server.base + "/")
    page.wait_for_selector("#game-cards .game-card")
    found["lobby"] = axe_core.violations(page)
    game = server.create("carcassonne", 2, {"1": "random"})
    page.goto(server.base + game["seats"][0]["join"])
    my_turn_or_over(page)
    found["carcassonne"] = axe_core.violations(page)
    assert not any(found.values()), found
