"""Reading data that anyone may hand us (records, board files, tile lists, ``--config``):
bounded in size, UTF-8 only, JSON without NaN and without absurd nesting, and every
problem a one-line error of the caller's type, never a traceback or unbounded memory."""
from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path

MAX_BYTES = 8 << 20
"""The largest data file or text read (8 MiB; the longest game record is a few KiB)."""

MAX_DEPTH = 64
"""The deepest nesting of JSON arrays and objects accepted (records nest four levels)."""


def read_text(path: str | Path, what: str, error: type[Exception] = ValueError,
              limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of the regular file at ``path``; ``error`` naming ``what`` if it
    cannot be read, is not a regular file (a device or pipe may never end), is larger
    than ``limit`` bytes or is not UTF-8."""
    try:
        info = os.stat(path)
    except OSError as e:
        raise error(f"cannot read {what} {path}: {e.strerror}") from None
    except ValueError:                     # a NUL in the name
        raise error(f"cannot read {what} {path!r}: not a file name") from None
    if not stat.S_ISREG(info.st_mode):
        raise error(f"{what} {path} is not a regular file")
    if info.st_size > limit:
        raise error(f"{what} {path} is larger than {limit >> 20} MiB")
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise error(f"cannot read {what} {path}: {e.strerror}") from None
    if len(data) > limit:
        raise error(f"{what} {path} is larger than {limit >> 20} MiB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise error(f"{what} {path} is not UTF-8 text (byte {e.start} is {data[e.start]:#x})"
                    ) from None


def parse_json(text: str, what: str, error: type[Exception] = ValueError,
               limit: int = MAX_BYTES) -> object:
    """``text`` parsed as JSON; ``error`` naming ``what`` if it is longer than ``limit``
    characters, not JSON, nested deeper than :data:`MAX_DEPTH`, or holds NaN, an infinity
    or a number too long to read."""
    if len(text) > limit:
        raise error(f"{what} is larger than {limit >> 20} MiB")
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as e:
        raise error(f"{what} is not valid JSON: {e}") from None
    except RecursionError:
        raise error(f"{what} nests deeper than {MAX_DEPTH} levels") from None
    except ValueError as e:      # NaN, an infinity, a number with thousands of digits
        raise error(f"{what}: {str(e).split(';')[0]}") from None
    if _too_deep(data):
        raise error(f"{what} nests deeper than {MAX_DEPTH} levels")
    return data


def read_json(path: str | Path, what: str, error: type[Exception] = ValueError) -> object:
    """The JSON data of the file at ``path`` (see :func:`read_text`, :func:`parse_json`)."""
    return parse_json(read_text(path, what, error), f"{what} {path}", error)


def _too_deep(data: object) -> bool:
    """True if ``data`` nests lists and dicts deeper than :data:`MAX_DEPTH` (walked without
    recursion, so that what reads the data later never meets Python's stack limit)."""
    level = [data]
    for _ in range(MAX_DEPTH):
        level = [v for x in level if isinstance(x, (list, dict))
                 for v in (x.values() if isinstance(x, dict) else x)]
        if not level:
            return False
    return True


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large a number")
    return value
