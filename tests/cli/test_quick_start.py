"""Every command starts fast: ``meeple --version`` and the parser behind every command load
no game, no agent, no package metadata and no SQLAlchemy; ``import meeple`` loads nothing
until a name of it is used (benchmarks/README.md, "A quick start", has the times)."""
from __future__ import annotations

import subprocess
import sys


def imported(*args: str) -> set[str]:
    """The modules ``python -X importtime ARGS`` imported."""
    proc = subprocess.run([sys.executable, "-X", "importtime", *args], capture_output=True,
                          text=True, timeout=120, check=True)
    return {line.rsplit("|", 1)[1].strip() for line in proc.stderr.splitlines()
            if line.startswith("import time:") and "|" in line} - {"package"}


HEAVY = ("sqlalchemy", "importlib.metadata", "meeple.games.", "meeple.agents", "meeple.core",
         "rich", "numpy")


def _heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.startswith(HEAVY))


def test_version_loads_nothing_heavy():
    assert _heavy(imported("-m", "meeple.cli", "--version")) == []


def test_import_meeple_loads_no_submodule_until_used():
    assert sorted(m for m in imported("-c", "import meeple") if m.startswith("meeple.")) == []
    used = imported("-c", "import meeple; meeple.load('catan-dice').new_state(1)")
    assert "meeple.games.catan_dice.game" in used
    assert not any(m.startswith("meeple.games.carcassonne") for m in used)


def test_the_public_names_are_all_there():
    import meeple
    for name in meeple.__all__:
        assert getattr(meeple, name) is not None
    assert set(meeple.__all__) <= set(dir(meeple))
    built_in = ["carcassonne", "hunters-gatherers", "jaeger-sammler", "catan-dice", "catan"]
    assert list(meeple.GAMES)[:5] == built_in               # the README's order (L7)
    from meeple.games import BUILT_IN
    assert [cls.name for cls in BUILT_IN] == built_in


def test_serve_help_names_the_database_without_sqlalchemy():
    proc = subprocess.run([sys.executable, "-m", "meeple.cli", "serve", "--help"],
                          capture_output=True, text=True, timeout=120, check=True)
    assert "meeple.db" in " ".join(proc.stdout.split())
    assert _heavy(imported("-m", "meeple.cli", "serve", "--help")) == []


def test_db_help_names_its_default():
    """L7: ``meeple db --help`` said "the SQLite file named above", and named none."""
    proc = subprocess.run([sys.executable, "-m", "meeple.cli", "db", "--help"],
                          capture_output=True, text=True, timeout=120, check=True)
    text = " ".join(proc.stdout.split())
    assert "named above" not in text and "meeple.db" in text


def test_meeple_alone_prints_its_help():
    """L7: ``meeple`` with no command shows what it does, as ``git`` does."""
    proc = subprocess.run([sys.executable, "-m", "meeple.cli"], capture_output=True,
                          text=True, timeout=120, check=False)
    assert proc.returncode == 0 and "COMMAND" in proc.stdout and "simulate" in proc.stdout


def test_an_unknown_game_is_still_refused_with_the_list():
    proc = subprocess.run([sys.executable, "-m", "meeple.cli", "play", "chess"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 2 and "'carcassonne'" in proc.stderr


def test_an_empty_agent_spec_is_refused():
    """L10: ``--agents greedy,,random`` was read as two agents, silently."""
    proc = subprocess.run([sys.executable, "-m", "meeple.cli", "simulate", "catan-dice",
                           "--agents", "greedy,,random", "--games", "1"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 2 and "an empty agent spec" in proc.stderr


def test_replay_help_says_what_the_file_is():
    """L7: ``replay``'s FILE had no help text."""
    proc = subprocess.run([sys.executable, "-m", "meeple.cli", "replay", "--help"],
                          capture_output=True, text=True, timeout=120, check=True)
    assert "a game record" in proc.stdout
