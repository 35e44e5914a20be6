"""Databases for the server's tests: SQLite always, a real PostgreSQL when one is configured.

`db_url` runs a test once per backend (ids `sqlite`, `postgresql`); `postgres_url` is for
tests that need PostgreSQL only. Both hand the test the URL of an EMPTY database.

PostgreSQL comes from MEEPLE_TEST_POSTGRES (`eval "$(.ci/postgres)"` sets up a local one
and prints it). Without it, or when the server cannot be reached, PostgreSQL tests skip —
unless MEEPLE_REQUIRE_POSTGRES=1 (CI), where they fail instead: CI must never skip them.
"""
from __future__ import annotations

import os

import pytest

POSTGRES_ENV = "MEEPLE_TEST_POSTGRES"
REQUIRE_ENV = "MEEPLE_REQUIRE_POSTGRES"
EXAMPLE_URL = "postgresql+psycopg://meeple:meeple@127.0.0.1:5432/meeple_test"
CONNECT_TIMEOUT_S = 3


def _engine(url: str):
    """A pool-less engine that gives up connecting after CONNECT_TIMEOUT_S (libpq option)."""
    import sqlalchemy as sa
    from sqlalchemy.pool import NullPool

    return sa.create_engine(
        url, poolclass=NullPool, connect_args={"connect_timeout": CONNECT_TIMEOUT_S}
    )


def _shown(url: str) -> str:
    """The URL without its password, for messages."""
    try:
        from sqlalchemy.engine import make_url

        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "<unparsable URL>"


@pytest.fixture(scope="session")
def _postgres_status() -> tuple[str | None, str | None]:
    """(url, None) if the server answers, else (None, why not). The url is a database of
    this pytest process's own (``<name>_<pid>``, dropped at the end), made from the one
    in MEEPLE_TEST_POSTGRES, so that test runs at the same time never meet.

    Session scope: an unreachable server costs one connect timeout, not one per test."""
    url = os.environ.get(POSTGRES_ENV, "").strip()
    if not url:
        yield None, f"{POSTGRES_ENV} is not set"
        return
    try:
        import sqlalchemy as sa
        from sqlalchemy.engine import make_url

        base = make_url(url)
        own = base.set(database=f"{base.database}_{os.getpid()}")
        engine = _engine(url).execution_options(isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as conn:
                conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{own.database}"'))
                conn.execute(sa.text(f'CREATE DATABASE "{own.database}"'))
        finally:
            engine.dispose()
    except Exception as exc:  # missing driver, bad URL, refused, timeout, bad password...
        first_line = (str(exc).strip().splitlines() or [""])[0]
        yield None, f"cannot connect to {_shown(url)}: {type(exc).__name__}: {first_line}"
        return
    yield own.render_as_string(hide_password=False), None
    engine = _engine(url).execution_options(isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{own.database}" WITH (FORCE)'))
    finally:
        engine.dispose()


@pytest.fixture
def postgres_url(_postgres_status) -> str:
    """The URL of the PostgreSQL test database with a fresh, empty `public` schema."""
    url = available_postgres(_postgres_status)
    reset_schema(url)
    return url


def available_postgres(status: tuple[str | None, str | None]) -> str:
    """The test database's URL; skips the test (fails it under MEEPLE_REQUIRE_POSTGRES=1)
    when there is none."""
    url, reason = status
    if url is None:
        message = (
            f"PostgreSQL not available: set {POSTGRES_ENV}={EXAMPLE_URL} "
            f"(see .ci/postgres) — {reason}"
        )
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{message} [{REQUIRE_ENV}=1: PostgreSQL tests must not skip]")
        pytest.skip(message)
    return url


def reset_schema(url: str) -> None:
    """Empty the PostgreSQL database at ``url``: its ``public`` schema dropped and made
    again (a fresh database per test would be slow; the role owns the database and its
    schema, see .ci/postgres, so this drops its tables, sequences, types...)."""
    import sqlalchemy as sa

    engine = _engine(url)
    try:
        with engine.begin() as conn:
            # An earlier test that left a connection open inside a transaction would block
            # DROP SCHEMA forever; fail with a message instead.
            conn.execute(sa.text("SET LOCAL lock_timeout = '10s'"))
            conn.execute(sa.text("DROP SCHEMA IF EXISTS public CASCADE"))
            conn.execute(sa.text("CREATE SCHEMA public"))
    except sa.exc.OperationalError as exc:
        pytest.fail(
            f"could not reset schema public of {_shown(url)} (a connection left open by an "
            f"earlier test?): {exc}"
        )
    finally:
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"], ids=["sqlite", "postgresql"])
def db_url(request, tmp_path) -> str:
    """The URL of an empty database, once per backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/meeple.db"  # a file: several connections see one DB
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def serve(db_url):
    """Start the app on ``db_url`` (rate limits and the per-address cap on games created off
    unless given): ``serve(**options)`` returns a started TestClient; every client is
    closed after the test. Call it again to restart the server on the same database."""
    from fastapi.testclient import TestClient

    from meeple.server.app import create_app

    from .helpers import Seen

    clients = []

    def start(**options):
        options.setdefault("rate", 1e9)
        options.setdefault("burst", 10 ** 9)
        options.setdefault("games_per_hour", 10 ** 9)
        app = create_app(db_url, **options)
        app.add_middleware(Seen)              # what it answers, for test_openapi
        client = TestClient(app)
        client.__enter__()
        clients.append(client)
        return client

    yield start
    for client in reversed(clients):
        client.__exit__(None, None, None)


def pytest_collection_modifyitems(items) -> None:
    """test_openapi's check of every status seen runs last: it reads what the other tests
    saw the server answer."""
    last = [item for item in items if item.name.startswith("test_every_status_seen_is_declared")]
    items[:] = [item for item in items if item not in last] + last
