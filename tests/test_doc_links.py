"""The README and the docs point only at files a clone has (issue 25, H3: they named rule
files and a contract outside the repository): every relative link resolves, and no text
sends a reader to the project's private folders."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_resolves(page):
    text = page.read_text()
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):          # http:, https:, mailto:
            continue
        assert (page.parent / target).exists(), f"{page.name} links to missing {target}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_page_points_outside_the_repository(page):
    text = page.read_text()
    for gone in ("../shared", "INTERFACE.md`", "DESIGN.md", "`rules/"):
        assert gone not in text, f"{page.name} names {gone!r}, which a clone does not have"
