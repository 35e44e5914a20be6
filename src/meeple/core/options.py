"""Options as data: what a game's ``config`` or an agent's spec may set, checked alike.

A game lists its :class:`Option` declarations (``Carcassonne.options``), an agent its own
(``MCTSAgent.options``); the same declarations check a JSON ``config``, parse an agent
spec's ``key=value`` text, and are listed by ``meeple games`` and ``meeple agents`` (and
by the server), so a bad option always names the option, its type and the values
allowed. Every size a client can choose is bounded here (``high``, ``each``, ``total``,
``length``), so a value too large is refused before the game or agent builds anything.
"""
from __future__ import annotations

import builtins
import math
import re
from dataclasses import dataclass
from typing import Any, Mapping

from .text import Text, comma_words, cwords, join_words, nwords, words

TYPE_NAMES = {bool: cwords("option type", "true or false"),
              int: cwords("option type", "integer"), float: cwords("option type", "number"),
              str: cwords("option type", "text"), dict: cwords("option type", "object"),
              list: cwords("option type", "list")}
"""Each JSON type in words for people."""
JSON_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string",
              dict: "object", list: "array"}
"""Each JSON type by its JSON Schema name: what a client reads to take a value (the
words of :data:`TYPE_NAMES` are in the reader's language)."""
BUDGETS = ("seconds", "iterations", "determinizations")
"""The kinds of budget an agent option may declare (:attr:`Option.budget`)."""
_INTEGER = re.compile(r"[+-]?[0-9]+")
_NUMBER = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")
_NUMERIC = (int, float)
_DIGITS = 30
"""Integers in text longer than this are refused unread (every bound is far smaller)."""


def _num(x: float) -> str:
    """A bound in words: ``10000000`` (not ``1e+07``), ``0.5``."""
    return str(int(x)) if float(x).is_integer() and abs(x) < 1e15 else f"{x:g}"


@dataclass(frozen=True)
class Option:
    """One setting: its name, JSON type(s), default, one line of help, and the values allowed
    (for an object, the keys allowed; None: any). ``form`` says in words what the value
    stands for (``"a file path"``, ``"{tile type: count}"``); ``label`` names the option
    for people (``"draw pile"``; its ``name`` is the key a config takes). The words for
    people (``help``, ``form``, ``label``) are :func:`~meeple.core.text.words` where a
    driver shows them to people who may read another language (a game's options, in the
    lobby).

    Bounds (each None where it does not apply), checked before anything is built:

    - ``low``, ``high``: the least and the greatest number allowed (``low`` itself is not
      allowed when ``low_open``);
    - ``each``, ``total``: for an object of counts (a deck ``{tile type: count}``), the
      greatest count of a key, as one number for every key or as a number per key (a key
      the mapping does not name is bounded by ``total`` only), and the greatest sum of the
      counts; the counts must then be whole numbers ≥ 0;
    - ``length``: the most characters of a text, items of a list or keys of an object.

    ``budget`` marks an agent's option whose number is what a move may cost, and names its
    kind: ``"seconds"`` (time per move), ``"iterations"`` (search iterations per move) or
    ``"determinizations"`` (sampled worlds searched per move); None for any other option.
    A budget has a ``high`` bound, the engine's; a driver that caps what its clients may
    spend (the server) caps every budget option of every agent by its kind, lower, without
    knowing the option's name.
    """

    name: str
    type: type | tuple[type, ...]
    default: Any
    help: str
    allowed: tuple | None = None
    low: float | None = None
    low_open: bool = False
    high: float | None = None
    each: float | Mapping[str, float] | None = None
    total: float | None = None
    length: int | None = None
    budget: str | None = None
    form: str | None = None
    file: bool = False
    """True when a text value names a file to read: a server, which must not read its own
    files for a client, accepts only the data itself for such an option."""
    short: Any = None
    """A value that makes the game short (a few minutes: a small pile), which a client may
    offer as "a short game"; None where the option has none."""
    label: str | None = None
    """The option in a few words for people; None: its name."""

    def __post_init__(self) -> None:
        if self.budget is not None and self.budget not in BUDGETS:
            raise ValueError(f"option {self.name!r}: budget must be one of "
                             f"{', '.join(BUDGETS)}, not {self.budget!r}")
        if self.budget is not None and self.high is None:
            raise ValueError(f"option {self.name!r}: a budget needs a high bound")

    @property
    def types(self) -> tuple[builtins.type, ...]:     # (the field ``type`` hides the name)
        return self.type if isinstance(self.type, tuple) else (self.type,)

    def type_text(self) -> Text | str:
        """The type in words with its bounds: ``"integer ≥ 1 and ≤ 10000000"``, ``"text:
        one of cutoff, random"``, ``"object ({tile type: count}), counts ≤ 213 in all"``
        (translatable: a :class:`~meeple.core.text.Text`)."""
        text = _or([TYPE_NAMES[t] for t in self.types])
        if self.form:
            text = words("{type} ({form})", type=text, form=self.form)
        numbers = []
        if self.low is not None:
            numbers.append(f"{'>' if self.low_open else '≥'} {_num(self.low)}")
        if self.high is not None:
            numbers.append(f"≤ {_num(self.high)}")
        if numbers:
            text = words("{type} {bounds}", type=text, bounds=join_words(numbers))
        sizes: list[str] = []
        if isinstance(self.each, Mapping) and self.each:
            sizes.append(words("each count ≤ a bound per key (at most {n})",
                               n=_num(max(self.each.values()))))
        elif isinstance(self.each, (int, float)):
            sizes.append(words("each count ≤ {n}", n=_num(self.each)))
        if self.total is not None:
            sizes.append(words("counts ≤ {n} in all", n=_num(self.total)))
        if self.length is not None:
            sizes.append(self._length_text())
        if sizes:
            text = comma_words([text, *sizes])
        if self.allowed is not None and dict not in self.types:
            text = words("{type}: one of {values}", type=text,
                         values=", ".join(map(str, self.allowed)))
        return text

    def _length_text(self) -> Text:
        n = self.length or 0
        parts = []
        if str in self.types:
            parts.append(nwords("{n} character", "{n} characters", n))
        if list in self.types:
            parts.append(nwords("{n} item", "{n} items", n))
        if dict in self.types:
            parts.append(nwords("{n} key", "{n} keys", n))
        return words("at most {sizes}", sizes=_or(parts))

    def describe(self) -> dict:
        """The declaration as JSON-ready data (for listings and the server's game types):
        its type in words, and each bound as a number (None where it has none)."""
        return {"name": self.name, "label": self.label or self.name,
                "type": self.type_text(), "types": [JSON_TYPES[t] for t in self.types],
                "default": self.default, "help": self.help, "file": self.file,
                "short": self.short,
                "allowed": list(self.allowed) if self.allowed is not None else None,
                "low": self.low, "low_open": self.low_open, "high": self.high,
                "each": dict(self.each) if isinstance(self.each, Mapping) else self.each,
                "total": self.total, "length": self.length, "budget": self.budget}

    def _fail(self, owner: str | Text, got: str | Text) -> ValueError:
        """The refusal of a value, in words (a :class:`Text` a driver says in its reader's
        language; ``str()`` is English)."""
        if self.allowed is not None and dict in self.types:
            return ValueError(words("{owner} option {name} must be {type}; keys allowed: "
                                    "{keys}; got {got}", owner=owner, name=repr(self.name),
                                    type=self.type_text(), got=got,
                                    keys=" ".join(map(str, self.allowed))))
        return ValueError(words("{owner} option {name} must be {type}; got {got}", owner=owner,
                                name=repr(self.name), type=self.type_text(), got=got))

    def check(self, value: Any, owner: str | Text) -> Any:
        """``value`` (from JSON) if it fits this option, else ValueError naming the option,
        its type, the values allowed and the bound it passes. A bool is not a number. The
        sizes are checked first, in constant time, so a huge value costs nothing more."""
        if not self._fits(value):
            raise self._fail(owner, _shown(value))
        if self.length is not None and isinstance(value, (str, list, dict)) \
                and len(value) > self.length:
            raise self._fail(owner, f"{len(value)} {_unit(value)}")
        if self.allowed is not None:
            bad = [k for k in (value if isinstance(value, dict) else (value,))
                   if k not in self.allowed]
            if bad:
                raise self._fail(owner, _shown(bad[0]))
        if isinstance(value, dict) and (self.each is not None or self.total is not None):
            self._check_counts(value, owner)
        return float(value) if type(value) is int and int not in self.types else value

    def _check_counts(self, value: dict, owner: str | Text) -> None:
        """Each count of an object of counts within ``each``, and their sum within
        ``total``."""
        where = words("{owner} option {name}", owner=owner, name=repr(self.name))
        for key, count in value.items():
            if type(count) is not int or count < 0:
                raise ValueError(words("{where}: the count of {key} must be a whole number "
                                       "≥ 0; got {got}", where=where, key=_shown(key),
                                       got=_shown(count)))
            bound = (self.each.get(key) if isinstance(self.each, Mapping) else self.each)
            if bound is not None and count > bound:
                raise ValueError(words("{where}: the count of {key} must be ≤ {bound}; got "
                                       "{got}", where=where, key=_shown(key),
                                       bound=_num(bound), got=_shown(count)))
        if self.total is not None:
            total = sum(value.values())
            if total > self.total:
                raise ValueError(words("{where}: the counts must add up to ≤ {bound}; got "
                                       "{got}", where=where, bound=_num(self.total),
                                       got=_shown(total)))

    def _fits(self, value: Any) -> bool:
        kind = type(value)
        if kind is int and float in self.types:
            kind = float
        if kind not in self.types:
            return False
        if type(value) is float and not math.isfinite(value):
            return False
        if kind in _NUMERIC:
            if self.low is not None and not (
                    value > self.low or (value == self.low and not self.low_open)):
                return False
            if self.high is not None and value > self.high:
                return False
        return True

    def parse(self, text: str, owner: str | Text) -> Any:
        """The value written as ``text`` (an agent spec's ``key=value``), checked. Numbers
        are ASCII digits only."""
        types = self.types
        if bool in types and text in ("true", "false"):
            return text == "true"
        if int in types and _INTEGER.fullmatch(text):
            digits = len(text.lstrip("+-").lstrip("0"))
            if digits > _DIGITS:                  # beyond any bound: never converted
                raise self._fail(owner, words("a number of {digits} digits", digits=digits))
            return self.check(int(text), owner)
        if float in types and _NUMBER.fullmatch(text):
            value = float(text)
            if not math.isfinite(value):
                raise self._fail(owner, _shown(text))
            return self.check(value, owner)
        if str in types:
            return self.check(text, owner)
        raise self._fail(owner, _shown(text))


def _or(items: list) -> Text | str:
    """``"a"``, ``"a or b"``, ``"a or b or c"``: alternatives, translatable."""
    head = items[0] if items else ""
    for item in items[1:]:
        head = words("{a} or {b}", a=head, b=item)
    return head


def _unit(value: str | list | dict) -> str:
    """What the length of ``value`` counts."""
    if isinstance(value, str):
        return "characters"
    return "items" if isinstance(value, list) else "keys"


def _shown(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut short: an error message never carries a client's megabyte."""
    if isinstance(value, (str, list, dict)) and len(value) > limit:
        return f"a {TYPE_NAMES.get(type(value), type(value).__name__)} of {len(value)} " \
               f"{_unit(value)}"
    if type(value) is int and value.bit_length() > 100:
        return f"an integer of about {int(value.bit_length() * math.log10(2)) + 1} digits"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def check_all(options: tuple[Option, ...], given: Mapping[str, Any], owner: str | Text,
              parse: bool = False) -> dict[str, Any]:
    """Every option's value: the given one checked (or parsed from text with ``parse``),
    else its default. ValueError for a name not declared, listing the options."""
    declared = {o.name: o for o in options}
    unknown = [k for k in given if k not in declared]
    if unknown and not declared:
        raise ValueError(words("{owner} takes no options, got {got}", owner=owner,
                               got=_shown(unknown[0])))
    if unknown:
        raise ValueError(words("{owner} has no option {got}; its options: {options}",
                               owner=owner, got=_shown(unknown[0]),
                               options=", ".join(declared)))
    values = {}
    for name, option in declared.items():
        if name in given and given[name] is not None:
            value = given[name]
            if parse:
                values[name] = option.parse(str(value), owner)
            else:
                values[name] = option.check(value, owner)
        else:
            values[name] = option.default
    return values
