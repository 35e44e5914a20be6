"""Opening the database: an engine for any SQLAlchemy URL, and the schema migrations.

SQLite (the default, a file in the user's data directory) runs in WAL mode with foreign
keys on and a busy timeout, so that readers never wait for the writer and a second process
waits for a lock instead of failing. PostgreSQL is reached by a ``postgresql+psycopg://``
URL. :func:`upgrade` runs the Alembic migrations (``meeple db upgrade``, and ``meeple
serve`` on start).
"""
from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine, create_engine, event, inspect
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from .datadir import default_url  # noqa: F401  (its home before datadir.py)

MIGRATIONS = Path(__file__).parent / "migrations"
MIGRATION_LOCK = 0x6D65_6570   # "meep": the advisory lock that runs migrations one at a time


def open_engine(url: str) -> Engine:
    """An engine for ``url``; ValueError for a URL SQLAlchemy cannot read or a driver that is
    not installed. A SQLite file's folder is created if missing."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise ValueError(f"not a database URL: {url!r} (e.g. sqlite:///games.db or "
                         "postgresql+psycopg://user:password@host/db)") from None
    sqlite = parsed.get_backend_name() == "sqlite"
    if sqlite and parsed.database and parsed.database != ":memory:":
        Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    try:
        engine = create_engine(parsed, connect_args={"check_same_thread": False}
                               if sqlite else {}, pool_pre_ping=not sqlite)
    except ModuleNotFoundError as e:
        raise ValueError(f"the database driver for {parsed.drivername} is not installed "
                         f"({e.name}): pip install 'meeple[web]'") from None
    if sqlite:
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(connection, _record) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the schema up to ``revision`` with the Alembic migrations."""
    from alembic import command
    from alembic.config import Config
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":     # several processes start at once
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def current_revision(engine: Engine) -> str | None:
    """The schema's Alembic revision, None for an empty database."""
    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return None
        return connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
