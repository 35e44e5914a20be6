"""``meeple serve`` and ``meeple db upgrade``: the server under uvicorn, the migrations.

``meeple serve --workers N`` runs N server processes on one address, uvicorn's own: its
parent process migrates the database once, binds the socket and starts N worker processes
(``spawn``), each of which builds its app with :func:`worker_app` from the configuration
the parent leaves in the environment variable :data:`CONFIG_ENV`. A SQLite database is
served by one process alone (:mod:`.single`).
"""
from __future__ import annotations

import ctypes
import dataclasses
import json
import os
import signal
import sys
import threading
import webbrowser

from sqlalchemy.exc import OperationalError

from . import database, logs, single
from .limits import (GAMES_PER_HOUR, MAX_MESSAGE, PLAYERS_PER_HOUR, SOCKETS_PER_ADDRESS,
                     default_caps, raise_fd_limit)
from .quotas import Quotas

CONFIG_ENV = "MEEPLE_SERVE_CONFIG"
"""The environment variable that carries ``create_app``'s arguments (JSON) from
:func:`serve` to each worker process of ``--workers N``."""
FACTORY = "meeple.server.run:worker_app"
"""What uvicorn imports in each worker process to build its app."""


def upgrade_database(url: str | None) -> str:
    """Migrate the database at ``url`` (default: the SQLite file) to the newest schema;
    what was done, in words. ValueError if the database cannot be reached."""
    url = url or database.default_url()
    engine = database.open_engine(url)
    try:
        before = database.current_revision(engine)
        database.upgrade(engine)
        after = database.current_revision(engine)
    except OperationalError as e:
        raise ValueError(f"cannot open the database {_safe(url)}: {e.orig}") from None
    finally:
        engine.dispose()
    if before == after:
        return f"database {_safe(url)} is up to date (schema {after})"
    return f"database {_safe(url)} upgraded from schema {before or 'none'} to {after}"


def serve(host: str, port: int, url: str | None, open_browser: bool = False,
          bot_workers: int = 2, rate: float = 50.0,
          max_sockets_per_address: int = SOCKETS_PER_ADDRESS, max_sockets: int | None = None,
          max_http: int | None = None, games_per_hour: int = GAMES_PER_HOUR,
          quotas: Quotas | None = None, workers: int = 1,
          players_per_hour: int = PLAYERS_PER_HOUR) -> int:
    """Run the server until interrupted (the schema is migrated first). The soft limit on
    open descriptors is raised to the hard one first; ``max_sockets`` WebSockets in all
    and ``max_http`` HTTP connections at once (past them: close 1013, HTTP 503) default to
    what it allows (:func:`.limits.default_caps`). ``workers`` processes serve (each with
    every limit and quota of its own, and ``bot_workers`` of its own); more than one needs
    a database other than SQLite, and a SQLite file is locked against a second server
    (ValueError for either, saying why)."""
    import uvicorn

    from .app import create_app
    url = url or database.default_url()
    single.refuse_workers(url, workers)
    single.hold(url)
    fds = raise_fd_limit()
    sockets, http = default_caps(fds[1] if fds else None)
    max_sockets = sockets if max_sockets is None else max_sockets
    max_http = http if max_http is None else max_http
    print(upgrade_database(url))
    options = {"bot_workers": bot_workers, "rate": rate, "burst": max(10, int(rate * 2)),
               "max_sockets_per_address": max_sockets_per_address,
               "max_sockets": max_sockets, "games_per_hour": games_per_hour,
               "players_per_hour": players_per_hour}
    if workers == 1:
        app = create_app(url, quotas=quotas, **options)
    else:                           # each worker makes its own, without migrating again
        os.environ[CONFIG_ENV] = json.dumps({
            "url": url, "parent": os.getpid(), **options,
            "quotas": dataclasses.asdict(quotas or Quotas())})
        app = FACTORY
    address = f"http://{'[' + host + ']' if ':' in host else host}:{port}"
    print(f"meeple serves on {address} (API documentation: {address}/docs)"
          + (f" from {workers} processes" if workers > 1 else "") + "; Ctrl+C stops")
    print(limits_line(fds, max_sockets, max_sockets_per_address, max_http, games_per_hour,
                      workers))
    if open_browser:
        threading.Timer(1.0, webbrowser.open, (address,)).start()
    logs.install()
    # uvicorn counts WebSockets among its connections: HTTP keeps max_http beside them
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_MESSAGE + 1024,
                limit_concurrency=max_sockets + max_http, log_config=_log_config(),
                workers=workers, factory=workers > 1)
    return 0


def worker_app():
    """The app of one worker process of ``meeple serve --workers N`` (uvicorn's factory):
    ``create_app`` with the arguments :func:`serve` left in :data:`CONFIG_ENV`, the
    schema already migrated. The process ends with its parent, however that ends."""
    from .app import create_app
    config = json.loads(os.environ[CONFIG_ENV])
    _end_with_parent(config.pop("parent"))
    quotas = Quotas(**config.pop("quotas"))
    return create_app(config.pop("url"), migrate=False, quotas=quotas, **config)


def _end_with_parent(parent: int) -> None:
    """Be sent SIGTERM (a clean stop: the bot workers end too) when the process that
    started this one ends (Linux's ``PR_SET_PDEATHSIG``), so that no worker goes on serving
    after a SIGKILL of ``meeple serve``."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)   # 1: PR_SET_PDEATHSIG
    if os.getppid() != parent:                  # it ended before the line above
        raise RuntimeError(f"the server's process {parent} has ended")


def limits_line(fds: tuple[int, int] | None, sockets: int, per_address: int, http: int,
                games_per_hour: int, workers: int = 1) -> str:
    """The limits the server runs with, in one line for its start."""
    files = ("open files: no limit to raise" if fds is None else
             f"open files: {fds[1]}" + (f" (raised from {fds[0]})" if fds[1] != fds[0] else ""))
    each = f" (each of the {workers} processes)" if workers > 1 else ""
    return (f"limits{each}: {files}; WebSockets {sockets} in all, {per_address} per address; "
            f"HTTP connections {http}; games created {games_per_hour} an hour per address")


def _log_config() -> dict:
    """uvicorn's logging, with every handler cutting seat tokens out of the lines."""
    from uvicorn.config import LOGGING_CONFIG
    config = {**LOGGING_CONFIG, "filters": {"redact": {"()": logs.Redact}}}
    config["handlers"] = {name: {**handler, "filters": ["redact"]}
                          for name, handler in LOGGING_CONFIG["handlers"].items()}
    return config


def _safe(url: str) -> str:
    """``url`` with its password hidden (for messages)."""
    from sqlalchemy.engine import make_url
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "(unreadable URL)"
