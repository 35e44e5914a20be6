"""Options as data: what a game's ``config`` or an agent's spec may set, checked alike.

A game lists its :class:`Option` declarations (``Carcassonne.options``), an agent its own
(``MCTSAgent.options``); the same declarations check a JSON ``config``, parse an agent
spec's ``key=value`` text, and are listed by ``meeple games`` and ``meeple agents`` (and
later by the server), so a bad option always names the option, its type and the values
allowed.
"""
from __future__ import annotations

import builtins
import math
import re
from dataclasses import dataclass
from typing import Any, Mapping

TYPE_NAMES = {bool: "true or false", int: "integer", float: "number", str: "text",
              dict: "object", list: "list"}
_INTEGER = re.compile(r"[+-]?[0-9]+")
_NUMBER = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")


@dataclass(frozen=True)
class Option:
    """One setting: its name, JSON type(s), default, one line of help, and the values allowed
    (for an object, the keys allowed; None: any). ``low`` is the least number allowed (not
    itself allowed when ``low_open``); ``form`` says in words what the value stands for
    (``"a file path"``, ``"{tile type: count}"``)."""

    name: str
    type: type | tuple[type, ...]
    default: Any
    help: str
    allowed: tuple | None = None
    low: float | None = None
    low_open: bool = False
    form: str | None = None
    file: bool = False
    """True when a text value names a file to read: a server, which must not read its own
    files for a client, accepts only the data itself for such an option."""
    short: Any = None
    """A value that makes the game short (a few minutes: a small pile), which a client may
    offer as "a short game"; None where the option has none."""

    @property
    def types(self) -> tuple[builtins.type, ...]:     # (the field ``type`` hides the name)
        return self.type if isinstance(self.type, tuple) else (self.type,)

    def type_text(self) -> str:
        """The type in words: ``"integer ≥ 1"``, ``"one of cutoff, random"``, ``"object"``."""
        text = " or ".join(TYPE_NAMES[t] for t in self.types)
        if self.form:
            text += f" ({self.form})"
        if self.low is not None:
            text += f" {'>' if self.low_open else '≥'} {self.low:g}"
        if self.allowed is not None and dict not in self.types:
            text += ": one of " + ", ".join(map(str, self.allowed))
        return text

    def describe(self) -> dict:
        """The declaration as JSON-ready data (for listings and the server's game types)."""
        return {"name": self.name, "type": self.type_text(), "default": self.default,
                "help": self.help, "file": self.file, "short": self.short,
                "allowed": list(self.allowed) if self.allowed is not None else None}

    def _fail(self, owner: str, got: str) -> ValueError:
        allowed = ""
        if self.allowed is not None and dict in self.types:
            allowed = "; keys allowed: " + " ".join(map(str, self.allowed))
        return ValueError(f"{owner} option {self.name!r} must be {self.type_text()}"
                          f"{allowed}; got {got}")

    def check(self, value: Any, owner: str) -> Any:
        """``value`` (from JSON) if it fits this option, else ValueError naming the option,
        its type and the values allowed. A bool is not a number."""
        if not self._fits(value):
            raise self._fail(owner, repr(value))
        if self.allowed is not None:
            bad = [k for k in (value if isinstance(value, dict) else (value,))
                   if k not in self.allowed]
            if bad:
                raise self._fail(owner, repr(bad[0]))
        return float(value) if type(value) is int and int not in self.types else value

    def _fits(self, value: Any) -> bool:
        kind = type(value)
        if kind is int and float in self.types:
            kind = float
        if kind not in self.types:
            return False
        if kind is float and not math.isfinite(value):
            return False
        if kind in (int, float) and self.low is not None:
            return value > self.low or (value == self.low and not self.low_open)
        return True

    def parse(self, text: str, owner: str) -> Any:
        """The value written as ``text`` (an agent spec's ``key=value``), checked. Numbers
        are ASCII digits only."""
        types = self.types
        if bool in types and text in ("true", "false"):
            return text == "true"
        if int in types and _INTEGER.fullmatch(text):
            return self.check(int(text), owner)
        if float in types and _NUMBER.fullmatch(text):
            return self.check(float(text), owner)
        if str in types:
            return self.check(text, owner)
        raise self._fail(owner, repr(text))


def check_all(options: tuple[Option, ...], given: Mapping[str, Any], owner: str,
              parse: bool = False) -> dict[str, Any]:
    """Every option's value: the given one checked (or parsed from text with ``parse``),
    else its default. ValueError for a name not declared, listing the options."""
    declared = {o.name: o for o in options}
    unknown = [k for k in given if k not in declared]
    if unknown and not declared:
        raise ValueError(f"{owner} takes no options, got {unknown[0]!r}")
    if unknown:
        raise ValueError(f"{owner} has no option {unknown[0]!r}; its options: "
                         f"{', '.join(declared)}")
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
