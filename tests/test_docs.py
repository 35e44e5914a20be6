"""Docs that run as written: every Python block of README.md and docs/*.md is executed here
(audit M7), each in a fresh process in an empty folder. A block marked just before it with
``<!-- doc-test: ... -->`` is one that needs what a test has not (a package the tests do not
install, a Ray cluster, minutes); the mark says so to the reader, and ``SPECIAL`` below
says how it runs here (shortened, with a stand-in, or only where its package imports)."""
from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"(?:^[ \t]*<!-- doc-test: (?P<mark>[^>]*?) -->\n)?"
                   r"^(?P<indent>[ \t]*)```python\n(?P<code>.*?)^(?P=indent)```", re.M | re.S)


def _needs(module: str):
    def run(code: str) -> str:
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed (the block says it needs it)")
        return code
    return run


def _shortened(code: str) -> str:
    """The Ray example with 2 games on the local backend."""
    code = re.sub(r'backend="ray",\s*address="[^"]*"', 'backend="local"', code)
    return re.sub(r'\b(100000|200), backend', "2, backend", code)


def _with_nim_state(code: str) -> str:
    return ("from meeple.core import State\n"
            "class NimState(State):\n    pass\n\n" + code + "\nassert Nim.name == 'nim'\n")


SPECIAL = {"needs sb3_contrib": _needs("sb3_contrib"),
           "shortened games=2, local": _shortened,
           "with a NimState": _with_nim_state}


def blocks() -> list:
    found = []
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        for match in BLOCK.finditer(text):
            line = text.count("\n", 0, match.start("code"))
            code = textwrap.dedent(match["code"])
            found.append(pytest.param(code, match["mark"],
                                      id=f"{path.relative_to(ROOT)}:{line}"))
    return found


def test_the_docs_have_python_blocks():
    assert len(blocks()) >= 9


@pytest.mark.parametrize(("code", "mark"), blocks())
def test_a_python_block_runs_as_written(code, mark, tmp_path):
    if mark is not None:
        assert mark in SPECIAL, f"unknown doc-test mark {mark!r}"
        code = SPECIAL[mark](code)
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
