"""The rules page of every game in every language, as data (``meeple rules GAME``).

One Markdown file per game and language lives in this package: ``<game>.<lang>.md``
(``carcassonne.cs.md``, ``hunters-gatherers.ru.md``, ...). The terminal prints it
(:mod:`meeple.cli`, ``meeple rules``) and a browser page can render the same files: the
format is plain CommonMark with four conventions.

1. **Editor's note.** The file may open with an HTML comment ``<!-- ... -->``: which passages
   of the original rulebook the page follows, which terms were chosen. It is not shown
   (:attr:`Rulebook.note`).
2. **Title.** The first heading, ``# Title`` (:attr:`Rulebook.title`); text between it and the
   first section is the introduction (:attr:`Rulebook.intro`).
3. **Sections.** Every ``## Title {#id}`` starts a section. The ``{#id}`` (letters, digits,
   ``-``) is the same in every language of a game (an anchor for the browser, and what the
   tests compare: every language has the same sections in the same order). ``###`` and
   deeper headings are ordinary text inside a section.
4. **Pictures and worked examples as data.** A fenced block whose info string is
   ``position`` or ``example`` holds one JSON object, drawn by the game's own board code
   from a position replayed through the game's public API::

       ```position
       {"players": 2, "config": {"deck": {"V": 1}},
        "actions": ["draw V", "place V 0 1 0", "follower road W"],
        "caption": "A thief on the road"}
       ```

   - ``players`` (required): the number of seats; ``config`` (optional): the game's options
     as in a record; ``seed`` (optional, default 0): irrelevant when every chance event is
     written, as it is in records;
   - ``actions`` (required): the moves from the start, in the game's exact notation
     (docs/interface.md and docs/<game>.md), chance included (``draw V``, ``roll ...``,
     ``setup ...``): a record's actions;
   - ``caption`` (required): one line in the page's language, shown under the picture;
   - an ``example`` block also states what the rulebook's example says the position
     scores: ``scores`` (the list of ``state.scores()``) and/or ``breakdown``, a list of
     ``{"seat": S, "kind": K, "points": P}``, each of which must be one item of seat S's
     ``state.score_breakdown()`` (its ``kind`` and ``points``; other items may exist).
     :func:`check` compares them, and the tests run every example.

   Everything but ``caption`` is identical in every language of a game (the tests check
   it), so a translation can never draw another position. Any other fenced block is text.

:func:`load` reads a page, :func:`languages` lists a game's languages, :func:`replay`
turns a block into the game's State (through :mod:`meeple.play.replay`: the record
replayer, every action checked), :func:`check` compares an example with its position,
:func:`meeple.i18n.choose` picks the language a terminal asks for. Standard library only.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING

from ..i18n import LANGUAGES as SPOKEN

if TYPE_CHECKING:
    from ..core.state import State

LANGUAGES = tuple(SPOKEN)
"""The languages every game's page is written in (those meeple speaks); the first is the
fallback."""
BLOCK_KINDS = ("position", "example")
_REQUIRED = {"players", "actions", "caption"}
_ALLOWED = _REQUIRED | {"config", "seed", "scores", "breakdown"}

_SECTION = re.compile(r"^##\s+(?P<title>.*?)\s*\{#(?P<id>[A-Za-z0-9-]+)\}\s*$")
_FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`\s]*)")
_NAME = re.compile(r"[a-z0-9-]+")


class RulebookError(ValueError):
    """A rules page that does not follow the format (the message names the file and line)."""


@dataclass
class Block:
    """A ``position`` or ``example`` block: a position of ``game`` to draw."""
    kind: str
    game: str
    players: int
    actions: list[str]
    caption: str
    config: dict = field(default_factory=dict)
    seed: int = 0
    scores: list[int] | None = None
    breakdown: list[dict] | None = None
    line: int = 0
    """The line of the opening fence in its file (1-based)."""

    def key(self) -> dict:
        """What must agree between languages: everything but the caption and the line."""
        return {"kind": self.kind, "players": self.players, "config": self.config,
                "seed": self.seed, "actions": self.actions, "scores": self.scores,
                "breakdown": self.breakdown}


@dataclass
class Section:
    id: str
    title: str
    parts: list[str | Block]
    """The section's body in order: Markdown text and blocks."""

    @property
    def text(self) -> str:
        return "\n".join(p for p in self.parts if isinstance(p, str))

    @property
    def blocks(self) -> list[Block]:
        return [p for p in self.parts if isinstance(p, Block)]


@dataclass
class Rulebook:
    game: str
    lang: str
    title: str
    intro: str
    sections: list[Section]
    note: str = ""
    """The editor's note of the opening comment (sources followed, terms chosen)."""

    @property
    def blocks(self) -> list[Block]:
        return [b for s in self.sections for b in s.blocks]


def _files():
    return resources.files(__name__)


def languages(game: str) -> list[str]:
    """The languages of ``game``'s rules page, in the order of :data:`LANGUAGES` first."""
    found = {name[len(game) + 1:-3] for name in (f.name for f in _files().iterdir())
             if name.startswith(game + ".") and name.endswith(".md")
             and _NAME.fullmatch(name[len(game) + 1:-3])}
    return [lang for lang in LANGUAGES if lang in found] + sorted(found - set(LANGUAGES))


def games() -> list[str]:
    """Every game with a rules page."""
    names = {f.name.split(".", 1)[0] for f in _files().iterdir() if f.name.endswith(".md")}
    return sorted(names)


def load(game: str, lang: str = "en") -> Rulebook:
    """``game``'s rules page in ``lang``; LookupError if there is none, RulebookError if the
    file breaks the format."""
    if not (_NAME.fullmatch(game) and _NAME.fullmatch(lang)):
        raise LookupError(f"no rules page for {game!r} in {lang!r}")
    source = _files() / f"{game}.{lang}.md"
    if not source.is_file():
        have = languages(game)
        raise LookupError(f"no rules page for {game} in {lang!r}" +
                          (f" (there are: {', '.join(have)})" if have else ""))
    return parse(source.read_text(encoding="utf-8"), game, lang)


def parse(text: str, game: str, lang: str, name: str | None = None) -> Rulebook:
    """The rules page in ``text`` (see the module's docstring for the format)."""
    name = name or f"{game}.{lang}.md"
    lines = text.splitlines()
    note, i = "", 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i < len(lines) and lines[i].lstrip().startswith("<!--"):
        start = i
        while i < len(lines) and "-->" not in lines[i]:
            i += 1
        if i == len(lines):
            raise RulebookError(f"{name}:{start + 1}: the opening comment is never closed")
        note = "\n".join(lines[start:i + 1]).strip()[4:-3].strip()
        i += 1
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i == len(lines) or not lines[i].startswith("# "):
        raise RulebookError(f"{name}:{i + 1}: the page must begin with '# Title'")
    title = lines[i][2:].strip()
    intro: list[str | Block] = []
    sections: list[Section] = []
    parts = intro
    i += 1
    while i < len(lines):
        line = lines[i]
        fence = _FENCE.match(line)
        if fence:
            end = i + 1
            while end < len(lines) and not lines[end].startswith(fence["fence"]):
                end += 1
            if end == len(lines):
                raise RulebookError(f"{name}:{i + 1}: a fenced block is never closed")
            body = "\n".join(lines[i + 1:end])
            if fence["info"] in BLOCK_KINDS:
                parts.append(_block(fence["info"], body, game, f"{name}:{i + 1}", i + 1))
            else:
                parts.append("\n".join(lines[i:end + 1]))
            i = end + 1
            continue
        if line.startswith("## "):
            m = _SECTION.match(line)
            if not m:
                raise RulebookError(f"{name}:{i + 1}: a section heading needs its id: "
                                    "'## Title {#id}'")
            if any(s.id == m["id"] for s in sections):
                raise RulebookError(f"{name}:{i + 1}: section id {m['id']!r} appears twice")
            sections.append(Section(m["id"], m["title"], []))
            parts = sections[-1].parts
        elif line.startswith("# "):
            raise RulebookError(f"{name}:{i + 1}: one '# Title' per page")
        else:
            parts.append(line)
        i += 1
    return Rulebook(game, lang, title, _joined(intro).strip(),
                    [Section(s.id, s.title, _merged(s.parts)) for s in sections], note)


def _joined(parts: list) -> str:
    return "\n".join(p for p in parts if isinstance(p, str))


def _merged(parts: list[str | Block]) -> list[str | Block]:
    """Consecutive text lines joined into one Markdown text; blank texts dropped."""
    out: list[str | Block] = []
    text: list[str] = []
    for part in parts + [None]:               # type: ignore[list-item]
        if isinstance(part, str):
            text.append(part)
            continue
        if "\n".join(text).strip():
            out.append("\n".join(text).strip("\n"))
        text = []
        if part is not None:
            out.append(part)
    return out


def _block(kind: str, body: str, game: str, where: str, line: int) -> Block:
    try:
        data = json.loads(body)
    except json.JSONDecodeError as e:
        raise RulebookError(f"{where}: the {kind} block is not JSON: {e}") from None
    if not isinstance(data, dict):
        raise RulebookError(f"{where}: a {kind} block holds one JSON object")
    missing, unknown = _REQUIRED - data.keys(), data.keys() - _ALLOWED
    if missing or unknown:
        raise RulebookError(f"{where}: the {kind} block " + "; ".join(
            ([f"lacks {', '.join(sorted(missing))}"] if missing else []) +
            ([f"has unknown keys {', '.join(sorted(unknown))}"] if unknown else [])))
    players, actions, caption = data["players"], data["actions"], data["caption"]
    config, seed = data.get("config", {}), data.get("seed", 0)
    if not isinstance(players, int) or isinstance(players, bool) or players < 1:
        raise RulebookError(f"{where}: 'players' must be a whole number ≥ 1")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RulebookError(f"{where}: 'actions' must be a list of notation strings")
    if not isinstance(caption, str) or not caption.strip():
        raise RulebookError(f"{where}: 'caption' must be a line of text")
    if not isinstance(config, dict) or not isinstance(seed, int):
        raise RulebookError(f"{where}: 'config' must be an object and 'seed' a whole number")
    scores, breakdown = data.get("scores"), data.get("breakdown")
    if kind == "position" and (scores is not None or breakdown is not None):
        raise RulebookError(f"{where}: a position block states no result (an example does)")
    if kind == "example":
        if scores is None and breakdown is None:
            raise RulebookError(f"{where}: an example states 'scores' or 'breakdown'")
        if scores is not None and not (isinstance(scores, list) and all(
                isinstance(s, int) and not isinstance(s, bool) for s in scores)):
            raise RulebookError(f"{where}: 'scores' must be a list of whole numbers")
        if breakdown is not None and not (isinstance(breakdown, list) and all(
                isinstance(b, dict) and set(b) == {"seat", "kind", "points"}
                for b in breakdown)):
            raise RulebookError(f"{where}: 'breakdown' must be a list of "
                                "{\"seat\", \"kind\", \"points\"} objects")
    return Block(kind, game, players, list(actions), caption.strip(), config, seed, scores,
                 breakdown, line)


def replay(block: Block) -> State:
    """The position of ``block``: its actions replayed from the start through the game's
    public API, each checked (the record replayer of :mod:`meeple.play.replay`);
    RecordError naming the first illegal action."""
    from ..core.record import Record
    from ..play.replay import replay as replay_record
    return replay_record(Record(block.game, block.players, dict(block.config), block.seed,
                                list(block.actions)))


def check(block: Block, state: State | None = None) -> list[str]:
    """What differs between an example's stated result and its position (empty: none)."""
    state = replay(block) if state is None else state
    problems = []
    if block.scores is not None and state.scores() != block.scores:
        problems.append(f"scores {state.scores()}, the example says {block.scores}")
    if block.breakdown:
        seats = {s["seat"]: [(i.get("kind"), i.get("points")) for i in s["items"]]
                 for s in state.score_breakdown()["seats"]}
        for item in block.breakdown:
            have = seats.get(item["seat"], [])
            if (item["kind"], item["points"]) in have:
                have.remove((item["kind"], item["points"]))
            else:
                problems.append(f"seat {item['seat']} has no {item['kind']} item of "
                                f"{item['points']} points (it has {have})")
    return problems
