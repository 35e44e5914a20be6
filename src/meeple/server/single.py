"""SQLite is served by one process: ``meeple serve`` holds a lock on a file beside the
database for as long as it runs, and a second one on the same file is refused at start.

The lock is the operating system's (``flock``, POSIX; where there is none, as on Windows,
nothing is locked) on ``<database file>.serve-lock``, so it goes with the process however
it ends, SIGKILL included: there is never a stale lock to remove by hand. The file itself stays (it holds
only the pid of the last process that served, for the message); removing it while a server
runs would let a second one in. ``:memory:`` databases and other databases need no lock:
PostgreSQL serves any number of processes (docs/server.md, "Several processes and
machines").
"""
from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

try:
    import fcntl
except ImportError:                 # not POSIX: no lock
    fcntl = None  # type: ignore[assignment]

SUFFIX = ".serve-lock"
SEVERAL = ("several processes need PostgreSQL: meeple serve --db "
           "postgresql+psycopg://user:password@host/dbname (see docs/server.md, "
           "\"Several processes and machines\")")
"""How to serve from several processes, for the refusals."""

_held: list[int] = []
"""The descriptors of the locks this process holds (open until it ends)."""


def is_sqlite(url: str) -> bool:
    """Whether ``url`` names a SQLite database (a file or ``:memory:``)."""
    try:
        return make_url(url).get_backend_name() == "sqlite"
    except ArgumentError:
        return False


def sqlite_file(url: str) -> Path | None:
    """The SQLite file ``url`` names (absolute, links resolved), None for another database
    or one in memory."""
    if not is_sqlite(url):
        return None
    database = make_url(url).database
    if not database or database == ":memory:":
        return None
    return Path(database).expanduser().resolve()


def refuse_workers(url: str, workers: int) -> None:
    """ValueError if ``workers`` processes (more than one) would serve a SQLite database."""
    if workers > 1 and is_sqlite(url):
        where = sqlite_file(url) or "in memory"
        raise ValueError(f"--workers {workers}: the database is SQLite ({where}), which one "
                         f"process serves; {SEVERAL}")


def hold(url: str) -> Path | None:
    """Take the serving lock of the SQLite file ``url`` names, for the rest of this
    process's life; the lock file (None where no lock is needed). ValueError, naming the
    process that serves it, if another process holds it."""
    path = sqlite_file(url)
    if path is None or fcntl is None:
        return None
    lock = path.with_name(path.name + SUFFIX)
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)     # not inherited by children
    except OSError as e:
        raise ValueError(f"cannot open the lock file {lock}: {e.strerror}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(fd, 32).decode("ascii", "replace").strip()
        os.close(fd)
        by = f" (process {holder})" if holder.isdigit() else ""
        raise ValueError(f"the SQLite database {path} is already served by another "
                         f"'meeple serve'{by}: SQLite is served by one process; {SEVERAL}") from None
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode("ascii"))
    _held.append(fd)
    return lock

