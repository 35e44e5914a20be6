"""SQLite is served by one process: a second ``meeple serve`` on the same file is refused
at start, saying that several processes need PostgreSQL, while the first goes on serving;
the lock goes with the process, even killed by SIGKILL; and ``--workers`` is refused on
SQLite the same way."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from server_process import free_port, serve

from meeple.server.single import hold, sqlite_file

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the lock is POSIX flock")


def _second(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "meeple.cli", "serve", *args],
                          capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL, check=False)


def _refused_for_postgresql(done: subprocess.CompletedProcess) -> None:
    assert done.returncode != 0, done.stdout
    assert "several processes need PostgreSQL" in done.stderr, done.stderr
    assert "--db postgresql+psycopg://" in done.stderr and "docs/server.md" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_second_server_on_the_same_sqlite_file_is_refused(tmp_path):
    db = tmp_path / "meeple.db"
    with serve(tmp_path) as first:
        started = time.monotonic()
        second = _second("--db", f"sqlite:///{db}", "--port", str(free_port()))
        assert time.monotonic() - started < 20
        _refused_for_postgresql(second)
        assert f"already served by another 'meeple serve' (process {first.process.pid})" \
            in second.stderr
        assert "meeple serves on" not in second.stdout        # it never started
        assert first.process.poll() is None
        assert first.create("catan-dice")["id"]                # the first goes on serving

        os.kill(first.process.pid, signal.SIGKILL)             # no shutdown of any kind
        first.process.wait(10)
    with serve(tmp_path) as again:                             # the same file, after it
        assert again.create("catan-dice")["id"]
        assert len(again.get("/api/games")) >= 1


def test_another_spelling_of_the_same_file_is_refused_too(tmp_path, monkeypatch):
    with serve(tmp_path):
        monkeypatch.chdir(tmp_path)
        second = _second("--db", "sqlite:///./meeple.db", "--port", str(free_port()))
        _refused_for_postgresql(second)


def test_workers_on_sqlite_are_refused(tmp_path):
    done = _second("--db", f"sqlite:///{tmp_path}/w.db", "--workers", "2",
                   "--port", str(free_port()))
    _refused_for_postgresql(done)
    assert "--workers 2" in done.stderr
    assert not (tmp_path / "w.db").exists()                    # refused before anything


def test_only_sqlite_files_are_locked(tmp_path):
    assert sqlite_file("sqlite://") is None
    assert sqlite_file("sqlite:///:memory:") is None
    assert sqlite_file("postgresql+psycopg://u:p@localhost/db") is None
    assert hold("postgresql+psycopg://u:p@localhost/db") is None
    assert sqlite_file(f"sqlite+pysqlite:///{tmp_path}/a.db") == tmp_path.resolve() / "a.db"
