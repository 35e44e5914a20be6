"""The board as data: hex fields, settlements, neighbours and mammoth values, validated.

The printed layout of the real board is not known (``jaeger-sammler-board.md``), so the game
ships a default board file, ``default_board.json``: 10 × 12 pointy-top hexes in "odd-r"
layout, 4 summer and 4 winter settlements, the 112 other fields receive tiles. A player who
owns the real board supplies another file (or the same data inline) through
``config.board``; it is checked on load so that a bad file fails with a clear message
instead of producing a broken game. Every size in it is bounded (``rows``, ``cols`` ≤
:data:`MAX_SIDE`, the lists by the counts the game needs), and checked before anything of
its size is built or looped over: a board's data comes from clients of the server.
"""
from __future__ import annotations

from ...core.text import words

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NoReturn

from ...core.datafile import read_json
from ...core.notation import number
from .tiles import MAMMOTH_MAX, MAMMOTH_MIN, MAMMOTHS, SUMMER, WINTER

DEFAULT_FILE = Path(__file__).with_name("default_board.json")
FIELDS, SETTLEMENTS_PER_SEASON, TILE_FIELDS = 120, 4, 112
MAX_SIDE = 64
"""The most rows or columns of a board (the default board is 10 × 12)."""
MAX_NAME, MAX_NOTE, MAX_FIELD = 100, 2000, 16
"""The longest name, note and field notation ("r,c") a board may give."""
NEIGHBOURS = 6
LAYOUTS = ("odd-r", "even-r")
_KEYS = {"name", "note", "layout", "rows", "cols", "fields", "summer_settlements",
         "winter_settlements", "neighbours", "mammoths"}


def field_name(r: int, c: int) -> str:
    """The notation of the field in row ``r``, column ``c``: ``"r,c"``."""
    return f"{r},{c}"


def parse_field(text: str) -> tuple[int, int] | None:
    """``"3,4"`` → ``(3, 4)``; None if ``text`` is not two non-negative integers (or is
    longer than any field's name)."""
    if len(text) > MAX_FIELD:
        return None
    r, comma, c = text.partition(",")
    row, col = number(r), number(c)
    if not comma or row is None or col is None:
        return None
    return row, col


def hex_neighbours(r: int, c: int, layout: str) -> list[tuple[int, int]]:
    """The six hexes around ``(r, c)`` in an offset layout (odd or even rows shifted right)."""
    shifted = (r % 2 == 1) == (layout == "odd-r")
    d = 0 if shifted else -1
    return [(r, c - 1), (r, c + 1), (r - 1, c + d), (r - 1, c + d + 1), (r + 1, c + d),
            (r + 1, c + d + 1)]


@dataclass(frozen=True)
class Board:
    """A validated board. Fields are numbered in row-major order of ``(r, c)``."""

    name: str
    note: str
    layout: str
    rows: int
    cols: int
    names: tuple[str, ...]              # field index -> "r,c"
    coords: tuple[tuple[int, int], ...]  # field index -> (r, c)
    index: dict[str, int]                # "r,c" -> field index
    neighbours: tuple[tuple[int, ...], ...]
    settlements: tuple[tuple[int, ...], tuple[int, ...]]  # (summer, winter) field indices
    season_of: tuple[int | None, ...]   # field index -> SUMMER/WINTER settlement or None
    tile_fields: tuple[int, ...]        # the fields that receive tiles, row-major
    mammoths: tuple[tuple[int, ...], tuple[int, ...]]     # printed values per season

    def settlement_text(self, field: int) -> str:
        """``"summer settlement 1,1"`` (or winter), for messages and the breakdown."""
        if self.season_of[field] == 0:                      # a settlement has its season
            return words("summer settlement {field}", field=self.names[field])
        return words("winter settlement {field}", field=self.names[field])


def _fail(message: str) -> NoReturn:
    raise ValueError(f"jaeger-sammler option 'board': {message}")


def _shown(value: object) -> str:
    """``repr(value)`` cut short: a message never carries a client's megabyte."""
    if isinstance(value, (str, list, dict)) and len(value) > 40:
        return f"a {type(value).__name__} of length {len(value)}"
    if isinstance(value, int) and value.bit_length() > 64:
        return "a larger integer"
    return repr(value)


def _side(data: dict, key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        _fail(f"'{key}' must be a positive integer, not {_shown(value)}")
    if value > MAX_SIDE:
        _fail(f"{key} must be ≤ {MAX_SIDE}; got {_shown(value)}")
    return value


def _text(data: dict, key: str, default: str, longest: int) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or len(value) > longest:
        _fail(f"'{key}' must be text of at most {longest} characters, not {_shown(value)}")
    return value


def _field_list(data: dict, key: str, known: dict) -> list[int]:
    value = data.get(key)
    if not isinstance(value, list):
        _fail(f"'{key}' must be a list of fields \"r,c\"")
    if len(value) != SETTLEMENTS_PER_SEASON:
        _fail(f"'{key}' must name {SETTLEMENTS_PER_SEASON} fields, not {len(value)}")
    if not all(isinstance(v, str) for v in value):
        _fail(f"'{key}' must be a list of fields \"r,c\"")
    out = []
    for text in value:
        rc = parse_field(text)
        if rc is None or field_name(*rc) not in known:
            _fail(f"'{key}' names {_shown(text)}, which is not a field of the board")
        out.append(known[field_name(*rc)])
    if len(set(out)) != len(out):
        _fail(f"'{key}' names a field twice")
    return out


def _mammoths(data: dict) -> tuple[tuple[int, ...], tuple[int, ...]]:
    value = data.get("mammoths")
    if not isinstance(value, dict) or len(value) != 2 or set(value) != {"summer", "winter"}:
        _fail("'mammoths' must be {\"summer\": [...], \"winter\": [...]}")
    out = []
    for season, key in ((SUMMER, "summer"), (WINTER, "winter")):
        values = value[key]
        if not isinstance(values, list) or len(values) != MAMMOTHS[season]:
            _fail(f"{key} has {MAMMOTHS[season]} mammoth tiles; give that many values")
        for v in values:
            if not isinstance(v, int) or isinstance(v, bool) or not (
                    MAMMOTH_MIN <= v <= MAMMOTH_MAX):
                _fail(f"mammoth values are {MAMMOTH_MIN}–{MAMMOTH_MAX}, not {v!r}")
        out.append(tuple(sorted(values)))
    return out[0], out[1]


def _neighbours(data: dict, names: list[str], coords: list[tuple[int, int]],
                index: dict, layout: str) -> list[list[int]]:
    geometric = [sorted(index[field_name(*rc)] for rc in hex_neighbours(r, c, layout)
                        if field_name(*rc) in index) for r, c in coords]
    given = data.get("neighbours")
    if given is None:
        return geometric
    if not isinstance(given, dict) or len(given) != len(names) or set(given) != set(names):
        _fail("'neighbours' must map every field \"r,c\" to a list of fields")
    out = []
    for i, name in enumerate(names):
        listed = given[name]
        if not isinstance(listed, list) or len(listed) > NEIGHBOURS \
                or not all(isinstance(n, str) for n in listed):
            _fail(f"neighbours of {name} must be a list of at most {NEIGHBOURS} fields")
        nbrs = []
        for n in listed:
            j = index.get(n)
            if j is None or j not in geometric[i]:
                _fail(f"{_shown(n)} is listed as a neighbour of {name} but is not an adjacent "
                      f"hex ({layout})")
            nbrs.append(j)
        if len(set(nbrs)) != len(nbrs):
            _fail(f"neighbours of {name} name a field twice")
        out.append(sorted(nbrs))
    for i, nbrs in enumerate(out):
        for j in nbrs:
            if i not in out[j]:
                _fail(f"{names[j]} is a neighbour of {names[i]} but not the other way round")
    return out


def _check_connected(names: list[str], neighbours: list[list[int]]) -> None:
    seen, todo = {0}, [0]
    while todo:
        for j in neighbours[todo.pop()]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    if len(seen) != len(names):
        lost = next(names[i] for i in range(len(names)) if i not in seen)
        _fail(f"the board is not connected ({lost} cannot be reached from {names[0]})")


def build_board(data: object) -> Board:
    """A :class:`Board` from parsed JSON data; ValueError naming the first problem found.
    Every size is checked before anything of that size is built (``rows × cols``
    arithmetically, a list's length before its items)."""
    if not isinstance(data, dict):
        _fail("the board must be a JSON object")
    if len(data) > len(_KEYS) or not set(data) <= _KEYS:
        unknown = sorted(str(k)[:40] for k in data if k not in _KEYS)
        _fail(f"unknown keys {', '.join(unknown[:5])}")
    rows, cols = _side(data, "rows"), _side(data, "cols")
    name = _text(data, "name", "custom", MAX_NAME)
    note = _text(data, "note", "", MAX_NOTE)
    layout = data.get("layout", "odd-r")
    if layout not in LAYOUTS:
        _fail(f"'layout' must be one of {', '.join(LAYOUTS)}, not {_shown(layout)}")
    listed = data.get("fields")
    if listed is None:
        if rows * cols != FIELDS:
            _fail(f"the board has {FIELDS} fields, this one {rows} × {cols} = {rows * cols}")
        cells = [(r, c) for r in range(rows) for c in range(cols)]
    else:
        if not isinstance(listed, list):
            _fail("'fields' must be a list of fields \"r,c\"")
        if len(listed) != FIELDS:
            _fail(f"the board has {FIELDS} fields, this one {len(listed)}")
        if not all(isinstance(v, str) for v in listed):
            _fail("'fields' must be a list of fields \"r,c\"")
        cells = []
        for text in listed:
            rc = parse_field(text)
            if rc is None or not (rc[0] < rows and rc[1] < cols):
                _fail(f"field {_shown(text)} is not \"r,c\" inside {rows} rows × {cols} "
                      "columns")
            cells.append(rc)
        if len(set(cells)) != len(cells):
            _fail("'fields' names a field twice")
    coords = sorted(cells)
    if len(coords) != FIELDS:
        _fail(f"the board has {FIELDS} fields, this one {len(coords)}")
    names = [field_name(r, c) for r, c in coords]
    index = {n: i for i, n in enumerate(names)}
    summer = _field_list(data, "summer_settlements", index)
    winter = _field_list(data, "winter_settlements", index)
    if set(summer) & set(winter):
        _fail("a field cannot be a summer and a winter settlement")
    season_of: list[int | None] = [None] * FIELDS
    for f in summer:
        season_of[f] = SUMMER
    for f in winter:
        season_of[f] = WINTER
    tile_fields = tuple(i for i in range(FIELDS) if season_of[i] is None)
    if len(tile_fields) != TILE_FIELDS:  # follows from the counts above; kept as a guard
        _fail(f"{TILE_FIELDS} fields must receive tiles, not {len(tile_fields)}")
    neighbours = _neighbours(data, names, coords, index, layout)
    _check_connected(names, neighbours)
    return Board(name=name, note=note,
                 layout=layout, rows=rows, cols=cols, names=tuple(names),
                 coords=tuple(coords), index=index,
                 neighbours=tuple(tuple(n) for n in neighbours),
                 settlements=(tuple(sorted(summer)), tuple(sorted(winter))),
                 season_of=tuple(season_of), tile_fields=tile_fields,
                 mammoths=_mammoths(data))


@lru_cache(maxsize=16)
def _load_file(path: str) -> Board:
    return build_board(read_json(path, "jaeger-sammler board"))


def load_board(spec: object = None) -> Board:
    """The board named by ``config.board``: None (the default file), a path, or the data."""
    if spec is None:
        return _load_file(str(DEFAULT_FILE))
    if isinstance(spec, str):
        return _load_file(spec)
    if isinstance(spec, dict):
        return build_board(spec)
    raise ValueError("jaeger-sammler: config 'board' must be a file path or a board object")
