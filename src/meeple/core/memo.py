"""Bounded memo tables, so that a process that plays forever runs in bounded memory.

A module-level cache lives as long as the process. Keyed by what the games produce (a tile
at a board position) or by what a person types (a coordinate in a record sent over the
network), it would grow with every game a server or a million-game simulation plays. Every
such cache in the engine is a :class:`Memo`: a plain dict, its ``table``, that is emptied
when it is full. Emptying, rather than evicting the least recently used entry, keeps a hit
a plain dict lookup (nothing recorded); the entries still in use come back on their next
misses. The table is an exact ``dict``, not a subclass: CPython's fast paths for
``table.get(key)`` and ``table[key] = value`` take only an exact dict.
"""
from __future__ import annotations

from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(Generic[K, V]):
    """A memo of at most ``limit`` entries in the plain dict ``table``.

    Look up in ``table`` itself (``memo.table.get(key)``; bind it to a local in a loop: it
    is never replaced, only emptied) and store with :meth:`put`. A hot loop may store into
    ``table`` directly and call :meth:`trim` after it, once per batch of stores."""

    __slots__ = ("limit", "table")

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"a memo's limit must be at least 1, not {limit}")
        self.table: dict[K, V] = {}
        self.limit = limit

    def put(self, key: K, value: V) -> V:
        """Store ``value`` under ``key`` (emptying the table first if it is full) and return
        it, so that a miss reads ``found = memo.put(key, compute(key))``."""
        table = self.table
        if len(table) >= self.limit:
            table.clear()
        table[key] = value
        return value

    def trim(self) -> None:
        """Empty the table if it holds ``limit`` entries or more (after direct stores)."""
        if len(self.table) >= self.limit:
            self.table.clear()

    def __len__(self) -> int:
        return len(self.table)

    def __repr__(self) -> str:
        return f"Memo({len(self.table)} of {self.limit})"
