"""Scripts that browser tests evaluate in the page (shared by the test modules here)."""

CLICKABLE = """() => [...document.querySelectorAll('#targets .target')].filter((g) => {
    const r = g.querySelector('circle').getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit && hit.closest('.target') === g;
}).map((g) => g.dataset.action)"""
"""The follower/hut circles that a click reaches: the topmost element at a circle's
centre is its own (a circle under another would be out of reach)."""
