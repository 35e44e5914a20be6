"""``meeple serve`` and ``meeple db upgrade``: the server under uvicorn, the migrations."""
from __future__ import annotations

import threading
import webbrowser

from sqlalchemy.exc import OperationalError

from . import database, logs
from .limits import MAX_MESSAGE


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
          bot_workers: int = 2, rate: float = 50.0) -> int:
    """Run the server until interrupted (the schema is migrated first)."""
    import uvicorn

    from .app import create_app
    url = url or database.default_url()
    print(upgrade_database(url))
    app = create_app(url, bot_workers=bot_workers, rate=rate, burst=max(10, int(rate * 2)))
    address = f"http://{'[' + host + ']' if ':' in host else host}:{port}"
    print(f"meeple serves on {address} (API documentation: {address}/docs); Ctrl+C stops")
    if open_browser:
        threading.Timer(1.0, webbrowser.open, (address,)).start()
    logs.install()
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_MESSAGE + 1024,
                log_config=_log_config())
    return 0


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
