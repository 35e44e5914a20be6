"""Words for people that a translator can reach: :class:`Text`.

An engine speaks English (its events, refusal reasons, log lines, score items), yet people
read meeple in Czech and Russian too. The engine imports only the standard library, so it
cannot translate; instead every sentence it makes for people is a :class:`Text`: a ``str``
whose value is the English sentence (so everything that printed, compared or stored the
English words keeps working) and which also carries what a translator needs: the message id
(the English template, with ``{name}`` fields), its parameters (which may be :class:`Text`
themselves, translated first), and for a count its plural template and number.

The drivers translate at the last moment, for the reader's language
(:func:`meeple.i18n.translate`). Building a sentence by gluing strings (``a + " and " + b``)
gives a plain ``str`` that no translator can reach: make a template instead.

``words("{who} placed {tile}", who=name, tile=tile_words)`` and
``nwords("{n} follower left", "{n} followers left", n)`` are the two makers; the message
extractor (``pybabel extract``, keywords ``words`` and ``nwords:1,2``) finds them in the
source, so a test can check that every message has every language's every plural form.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Callable, Iterator, Mapping, Sequence


class Text(str):
    """A sentence for people: its English words, plus the template and parameters to say it
    in another language (see the module's docstring)."""

    __slots__ = ("msgid", "plural", "n", "params", "context")

    msgid: str
    plural: str | None
    n: int | None
    params: Mapping[str, Any]
    context: str | None

    def __new__(cls, msgid: str, params: Mapping[str, Any] | None = None, *,
                plural: str | None = None, n: int | None = None,
                context: str | None = None) -> "Text":
        params = dict(params or {})
        template = plural if plural is not None and n != 1 else msgid
        self = super().__new__(cls, template.format(**params) if params else template)
        self.msgid, self.plural, self.n = msgid, plural, n
        self.params, self.context = params, context
        return self

    def __reduce__(self):
        # a str subclass with slots needs this to cross a process (Ray, multiprocessing)
        return (_rebuild, (self.msgid, dict(self.params), self.plural, self.n, self.context))

    def __repr__(self) -> str:
        return f"Text({str.__repr__(self)})"


def _rebuild(msgid: str, params: dict, plural: str | None, n: int | None,
             context: str | None) -> Text:
    return Text(msgid, params, plural=plural, n=n, context=context)


def words(msgid: str, /, **params: Any) -> Text:
    """A sentence: ``words("{who} passed", who="Ana")`` (English ``"Ana passed"``)."""
    return Text(msgid, params)


def nwords(singular: str, plural: str, n: int, /, **params: Any) -> Text:
    """A sentence about ``n`` things: ``nwords("{n} follower left", "{n} followers left",
    3)``. ``n`` is also a parameter of both templates."""
    return Text(singular, {"n": n, **params}, plural=plural, n=n)


def cwords(context: str, msgid: str, /, **params: Any) -> Text:
    """A word whose translation depends on where it stands (``cwords("feature", "field")``
    against a field of the Jäger und Sammler board); English ignores the context."""
    return Text(msgid, params, context=context)


def ncwords(context: str, singular: str, plural: str, n: int, /, **params: Any) -> Text:
    """:func:`nwords` with a context: the same English words said apart where they stand
    (``ncwords("taken", "a weapon", "{n} weapons", n)`` beside a plain ``"a weapon"``)."""
    return Text(singular, {"n": n, **params}, plural=plural, n=n, context=context)


def join_words(items: Sequence[str]) -> Text | str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``, translatable: the list's separators are
    words too (Czech and Russian say ``"a"``/``"и"``)."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    head = items[0]
    for item in items[1:-1]:
        head = words("{a}, {b}", a=head, b=item)
    return words("{a} and {b}", a=head, b=items[-1])


def comma_words(items: Sequence[str]) -> Text | str:
    """``"a, b, c"``: a list joined by commas alone, translatable (a list of counts)."""
    if not items:
        return ""
    head = items[0]
    for item in items[1:]:
        head = words("{a}, {b}", a=head, b=item)
    return head


_READER: ContextVar[Callable[[Any], Any] | None] = ContextVar("meeple_reader", default=None)
"""How the words of a picture reach its reader: a driver's translator (:func:`reading`),
or None for English."""


def say(text: Any) -> Any:
    """``text`` (a :class:`Text`, or anything :func:`meeple.i18n.translate` takes) in the
    reader's language, where the driver has set one with :func:`reading`; else as it is.
    For a terminal picture, which measures its lines to fit the screen: its words are said
    in the reader's language before they are measured, not after."""
    reader = _READER.get()
    return text if reader is None else reader(text)


@contextmanager
def reading(reader: Callable[[Any], Any] | None) -> Iterator[None]:
    """Within the block, :func:`say` translates with ``reader`` (a terminal command's
    language: ``lambda value: translate(value, lang)``; None for English)."""
    token = _READER.set(reader)
    try:
        yield
    finally:
        _READER.reset(token)


COLOUR_WORDS = {
    "red": cwords("colour", "red"), "blue": cwords("colour", "blue"),
    "green": cwords("colour", "green"), "yellow": cwords("colour", "yellow"),
    "black": cwords("colour", "black"), "white": cwords("colour", "white"),
    "purple": cwords("colour", "purple"), "orange": cwords("colour", "orange"),
    "grey": cwords("colour", "grey"), "pink": cwords("colour", "pink"),
}
"""The seats' colours in words for people, the same words as the browser's
(``static/js/colours.js``): every driver and game names a colour through this one table."""


def colour_word(colour: str) -> str:
    """A colour's name for people, translatable (a name not in the table as it is)."""
    return COLOUR_WORDS.get(colour, colour)


SEAT_MSGID = "seat {seat} ({colour})"


def seat_words(seat: int, colour: str) -> Text:
    """A seat as an engine names it in its words for people (``"seat 1 (blue)"``, its
    colour the game's own): all an engine knows. A driver that knows better (the person's
    name, the colour chosen at the table) says that instead: :func:`named`."""
    return words("seat {seat} ({colour})", seat=seat, colour=colour_word(colour))


def named(value: Any, names: Sequence[Any]) -> Any:
    """``value`` (a :class:`Text`, or lists, tuples and dicts holding them) with every seat
    of :func:`seat_words` said as ``names[seat]`` instead (a driver's names for the seats:
    ``"Ana"``, ``"blue (you)"``); the rest as it is. Nothing is changed in place."""
    if isinstance(value, Text):
        if value.msgid == SEAT_MSGID and value.context is None:
            seat = value.params.get("seat")
            if isinstance(seat, int) and 0 <= seat < len(names):
                return names[seat]
            return value
        if not value.params:
            return value
        params = {key: named(item, names) for key, item in value.params.items()}
        if all(params[key] is item for key, item in value.params.items()):
            return value
        return Text(value.msgid, params, plural=value.plural, n=value.n, context=value.context)
    if isinstance(value, Mapping):
        return {key: named(item, names) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(named(item, names) for item in value)
    return value
