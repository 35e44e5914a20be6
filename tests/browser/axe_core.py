"""axe-core, the npm package, run in a page: its serious and critical violations.

Nothing of axe-core is kept in git: the package is installed by ``npm`` into a cache
directory at test time (``$MEEPLE_TEST_CACHE`` or ``~/.cache/meeple-tests``), once, and
reused. Where npm cannot fetch it (no npm, no network) the test is skipped with the reason,
except in CI (``CI`` or ``MEEPLE_REQUIRE_BROWSER=1`` set), where that fails.

The script goes into the page through the DevTools protocol (``page.evaluate``), which the
pages' Content-Security-Policy does not govern: no inline script tag, no refusal.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

import pytest

VERSION = "4"
"""The major version asked of npm (the audit ran 4.14.1)."""
SERIOUS = ("serious", "critical")


def _cache() -> Path:
    root = os.environ.get("MEEPLE_TEST_CACHE") or Path.home() / ".cache" / "meeple-tests"
    return Path(root) / "axe-core"


def _required() -> bool:
    return bool(os.environ.get("CI")) or os.environ.get("MEEPLE_REQUIRE_BROWSER") == "1"


@lru_cache(maxsize=1)
def _install() -> str:
    """axe.min.js's text, installed by npm if it is not in the cache yet; the reason why
    not (``ERROR: ...``) where npm cannot."""
    folder = _cache()
    script = folder / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            return "ERROR: no npm on this machine (apt-get install npm) to install axe-core"
        folder.mkdir(parents=True, exist_ok=True)
        try:
            done = subprocess.run(
                [npm, "install", "--prefix", str(folder), "--no-save", "--no-audit",
                 "--no-fund", "--loglevel=error", f"axe-core@{VERSION}"],
                capture_output=True, text=True, timeout=180)
        except subprocess.TimeoutExpired:
            return "ERROR: npm install axe-core took over 180 s (is the registry reachable?)"
        if done.returncode or not script.exists():
            return f"ERROR: npm install axe-core failed: {(done.stderr or done.stdout)[-400:]}"
    return script.read_text(encoding="utf-8")


def source() -> str:
    """axe-core's script, or a skip (a failure in CI) saying why it cannot be had."""
    text = _install()
    if text.startswith("ERROR: "):
        if _required():
            pytest.fail(text[7:])
        pytest.skip(text[7:])
    return text


def violations(page, impacts: tuple[str, ...] = SERIOUS,
               allowed: dict[str, set[str]] | None = None) -> list[str]:
    """axe-core's violations on the page as it is now, those of ``impacts``, in words:
    ``"color-contrast (serious): ... — [targets]"``; ``allowed`` leaves out the nodes
    ``{rule id: {target selector}}`` (a known finding another change fixes)."""
    if not page.evaluate("() => !!window.axe"):
        page.evaluate(source() + "\n;0")
    results = page.evaluate("async () => await window.axe.run(document, "
                            "{ resultTypes: ['violations'] })")
    out = []
    for v in results["violations"]:
        skip = (allowed or {}).get(v["id"], set())
        nodes = [n["target"] for n in v["nodes"] if " ".join(n["target"]) not in skip]
        if v["impact"] in impacts and nodes:
            out.append(f"{v['id']} ({v['impact']}): {v['help']} — {nodes[:4]}")
    return out
