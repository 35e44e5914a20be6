"""The database schema: the migrations build exactly the tables the code uses, on both
databases; ``meeple db upgrade`` creates and then finds it up to date; SQLite runs in WAL."""
from __future__ import annotations

import subprocess
import sys

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text

from meeple.server import database
from meeple.server.schema import metadata


def test_migrations_build_the_tables_the_code_uses(db_url):
    engine = database.open_engine(db_url)
    try:
        assert database.current_revision(engine) is None
        database.upgrade(engine)
        with engine.connect() as connection:
            diff = compare_metadata(MigrationContext.configure(connection), metadata)
            tables = set(inspect(connection).get_table_names())
        assert diff == []
        assert {"games", "seats", "actions", "taken_back", "takebacks", "analyses"} <= tables
        assert database.current_revision(engine) == "0008"
    finally:
        engine.dispose()


def test_an_upgrade_keeps_the_games_stored_before_it(db_url):
    """A database made by the first schema, with a game in it, upgraded to the newest: the
    game is still there (its seed kept, as text now) and gets version 0, player aids on, no
    practice, the seat to move unknown (a start replays it)."""
    engine = database.open_engine(db_url)
    try:
        database.upgrade(engine, "0001")
        with engine.begin() as connection:
            connection.execute(text(
                'INSERT INTO games (id, game, players, config, seed, private, created_at, '
                'updated_at, "index", turn, finished) VALUES (\'old\', \'catan-dice\', 1, '
                "'{}', 7, false, '2026-01-01 00:00:00', '2026-01-01 00:00:00', 0, 1, false)"))
        database.upgrade(engine)
        with engine.connect() as connection:
            row = connection.execute(text(
                "SELECT game, seed, version, aids, practice, to_move FROM games "
                "WHERE id = 'old'")).one()
        assert tuple(row) == ("catan-dice", "7", 0, True, False, None)
    finally:
        engine.dispose()


def test_downgrade_removes_every_table(db_url):
    engine = database.open_engine(db_url)
    try:
        database.upgrade(engine)
        from alembic import command
        from alembic.config import Config
        config = Config()
        config.set_main_option("script_location", str(database.MIGRATIONS))
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "base")
        with engine.connect() as connection:
            assert set(inspect(connection).get_table_names()) <= {"alembic_version"}
    finally:
        engine.dispose()


def test_sqlite_runs_in_wal_mode_with_foreign_keys(tmp_path):
    engine = database.open_engine(f"sqlite:///{tmp_path}/deep/er/games.db")
    try:
        database.upgrade(engine)
        with engine.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
    finally:
        engine.dispose()
    assert (tmp_path / "deep" / "er" / "games.db").is_file()


def _meeple(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "meeple.cli", *args], capture_output=True,
                          text=True, timeout=120)


def test_db_upgrade_command_creates_then_finds_it_up_to_date(db_url):
    first = _meeple("db", "upgrade", "--db", db_url)
    assert first.returncode == 0, first.stderr
    assert "upgraded from schema none to 0008" in first.stdout
    again = _meeple("db", "upgrade", "--db", db_url)
    assert again.returncode == 0 and "is up to date (schema 0008)" in again.stdout
    assert ":meeple@" not in first.stdout + again.stdout      # no password printed


def test_bad_database_urls_get_one_line_errors(tmp_path):
    garbage = _meeple("db", "upgrade", "--db", "not a url")
    assert garbage.returncode == 1
    assert garbage.stderr.startswith("meeple: error: not a database URL")
    unreachable = _meeple("db", "upgrade", "--db",
                          "postgresql+psycopg://nobody:secret@127.0.0.1:1/none")
    assert unreachable.returncode == 1
    assert "cannot open the database" in unreachable.stderr
    assert "secret" not in unreachable.stderr and "Traceback" not in unreachable.stderr


def test_serve_help_says_where_the_games_are_kept():
    shown = _meeple("serve", "--help")
    assert shown.returncode == 0
    assert "meeple.db" in shown.stdout and "postgresql+psycopg://" in shown.stdout


def test_processes_that_migrate_at_once_take_turns(postgres_url):
    """Several servers started together on a new database each migrate it: the advisory
    lock makes them take turns, and every one of them ends at the newest schema."""
    import threading

    engines = [database.open_engine(postgres_url) for _ in range(3)]
    errors, barrier = [], threading.Barrier(3)

    def migrate(engine):
        barrier.wait()
        try:
            database.upgrade(engine)
        except Exception as e:          # what a race in the migrations would raise
            errors.append(e)

    threads = [threading.Thread(target=migrate, args=(e,)) for e in engines]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert errors == []
        assert {database.current_revision(e) for e in engines} == {"0008"}
    finally:
        for engine in engines:
            engine.dispose()
