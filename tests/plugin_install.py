"""Installing the Pig game of ``tests/plugin/pig`` the way any other package's game is
installed: ``pip install`` of its project (its ``meeple.games`` entry point included), into
a folder of the test run's own that the processes started with :func:`plugin_env` see on
their path. The test venv itself stays as it was, so every other test sees meeple's own
games only.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).parent / "plugin" / "pig"


def install_plugin(tmp: Path) -> Path:
    """``pip install`` the Pig project into ``tmp/site`` and return that folder (no
    dependencies: meeple is the one under test; no build isolation: setuptools comes with
    the dev extra). It is built from a copy, so the build leaves nothing in the tree."""
    source, target = tmp / "pig", tmp / "site"
    shutil.copytree(PROJECT, source)
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--no-build-isolation", "--disable-pip-version-check",
                    "--target", str(target), str(source)], check=True, cwd=tmp)
    return target


def plugin_env(target: Path) -> dict[str, str]:
    """The environment of a process that sees the installed plugin (and nothing else
    changed)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(target), *filter(None, [env.get("PYTHONPATH")])])
    return env
