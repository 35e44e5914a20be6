"""Places we write to (a saved game, a picture, a folder of records), checked before the
work that fills them starts, so that a typo in a path never costs a finished game or a
long run. Each check tries the place for real (opens the file, writes a probe file):
permission bits say little when running as root or on a read-only or full disk."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def writable_file(path: str | Path, what: str) -> Path:
    """``path`` as a Path, once a file can be written there; ValueError naming ``what``
    if it is a directory or another non-regular file, its folder does not exist, or it
    cannot be opened for writing. An existing file is left as it was (overwriting it
    later is fine: a person re-saves a game); a new one is removed again."""
    path = Path(path)
    if path.is_dir():
        raise ValueError(f"{what} {path} is a directory, not a file")
    if path.exists() and not path.is_file():
        raise ValueError(f"{what} {path} is not a regular file")
    _parent_exists(path, what)
    existed = os.path.lexists(path)
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as e:
        raise ValueError(f"cannot write {what} {path}: {e.strerror}") from None
    if not existed:
        path.unlink(missing_ok=True)
    return path


def writable_dir(path: str | Path, what: str) -> Path:
    """``path`` as a Path, once it is a folder we can write files in; it is created if
    missing, but only inside a folder that exists (a typo must not grow a tree of
    folders). ValueError naming ``what`` if it is a file, its parent is missing, or a
    probe file cannot be written in it."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise ValueError(f"{what} {path} is a file, not a folder")
    if not path.exists():
        _parent_exists(path, what)
        try:
            path.mkdir()
        except OSError as e:
            raise ValueError(f"cannot create {what} {path}: {e.strerror}") from None
    try:
        handle, probe = tempfile.mkstemp(dir=path, prefix=".meeple-probe-")
    except OSError as e:
        raise ValueError(f"cannot write in {what} {path}: {e.strerror}") from None
    os.close(handle)
    os.unlink(probe)
    return path


def _parent_exists(path: Path, what: str) -> None:
    if not path.parent.is_dir():
        raise ValueError(f"{what} {path}: there is no folder {path.parent}")
