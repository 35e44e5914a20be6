"""The game's log as the server tells it: every seat's action in words, with the seats'
names, from the first move on (``{"index", "seat", "text"}``), and what a takeback request
would undo.

The words are the engine's (:meth:`State.narrate`, kept by the :class:`History` of a
:class:`LiveGame` as each action is applied: a replay narrates, a fork copies, a takeback
replays), and say only what every seat sees, so the log is one for every viewer. Here they
get the seats' names, once per position (:meth:`LiveGame.once`): a broadcast shares them.
A seat is named by its person's name, else by its colour; a name given later renames the
seat's past lines too.
"""
from __future__ import annotations

from bisect import bisect_left
from collections import OrderedDict

from ..core.text import colour_word, named, words
from .colours import seat_colours
from .live import LiveGame
from .names import name_words
from .storage import GUEST


def names_of(live: LiveGame) -> list[str]:
    """Each seat's name in the log: its person's name (a new player's, "Guest 4821", in the
    reader's language: :func:`.names.name_words`), else (a bot's seat, one nobody has
    named yet: :data:`GUEST`) its colour."""
    names = [colour_word(c) for c in seat_colours(live.row)]
    for seat in live.row.seats:
        if seat.name and seat.name != GUEST and 0 <= seat.seat < len(names):
            names[seat.seat] = name_words(seat.name)
    return names


def people_of(live: LiveGame) -> list[str]:
    """Each seat as the engine's words (events, the breakdown, a move's object) name it
    here: a person by name and colour ("Ana (blue)"), a seat nobody named by its colour."""
    colours = [colour_word(c) for c in seat_colours(live.row)]
    return [words("{name} ({colour})", name=name, colour=colour) if name != colour else colour
            for name, colour in zip(names_of(live), colours)]


class Rendered:
    """A game's log entries as last rendered, reused by its next positions (a move's fork
    copies the words of the actions before it, so the entries rendered for them still
    hold): ``sources``, the narration items they were made of (compared by identity:
    a replay makes new ones), and the names they were made with."""

    __slots__ = ("names", "sources", "entries")

    def __init__(self, names: tuple[list[str], list[str]]):
        self.names = names
        self.sources: list[tuple[int, int, str]] = []
        self.entries: list[dict] = []

    def of(self, narration: list[tuple[int, int, str]],
           names: tuple[list[str], list[str]]) -> list[dict]:
        """The entries of ``narration`` with ``names`` (who acted: :func:`names_of`; the
        seats in the words: :func:`people_of`): those of the longest prefix rendered before
        kept, the rest added (a copy of the list: shared, not changed)."""
        sources, entries = self.sources, self.entries
        kept = min(len(sources), len(narration))
        if names != self.names or (kept and sources[kept - 1] is not narration[kept - 1]):
            kept = 0                       # renamed, or another line of play (a takeback)
        del sources[kept:], entries[kept:]
        self.names = names
        who, people = names
        for item in narration[kept:]:
            i, seat, did = item
            sources.append(item)
            entries.append({"index": i, "seat": seat,
                            "text": words("{who} {did}", who=who[seat],
                                          did=named(did, people))})
        return entries[:]


RENDERED_GAMES = 2048
"""The games whose rendered log is kept (the least recently told go first)."""
_rendered: OrderedDict[str, Rendered] = OrderedDict()


def whole_log(live: LiveGame) -> list[dict]:
    """Every seat's action so far in words, oldest first, once per position (shared: not
    to be changed); only the entries of actions new since the game's last rendering are
    made anew."""
    def build() -> list[dict]:
        narration = live.history.narration
        if not narration:
            return []
        names = (names_of(live), people_of(live))
        rendered = _rendered.pop(live.row.id, None) or Rendered(names)
        _rendered[live.row.id] = rendered
        while len(_rendered) > RENDERED_GAMES:
            _rendered.popitem(last=False)
        return rendered.of(narration, names)
    return live.once("log", build)


def log_since(live: LiveGame, since: int) -> list[dict]:
    """The log's entries of the actions from index ``since`` on (all of them from 0)."""
    entries = whole_log(live)
    if since <= 0:
        return entries
    return live.once(("log", since), lambda: entries[
        bisect_left(entries, since, key=lambda e: e["index"]):])


def with_undo(live: LiveGame, request: dict | None) -> dict | None:
    """The takeback ``request`` as a message tells it: with ``undo``, the log's words of
    every action it would take back (its ``keep`` on), newest last."""
    if request is None:
        return None
    entries = whole_log(live)
    keep = request.get("keep", 0)
    return {**request, "undo": [e["text"] for e in entries[
        bisect_left(entries, keep, key=lambda e: e["index"]):]]}
