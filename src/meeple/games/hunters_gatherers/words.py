"""Hunters & Gatherers' tiles, tribe members and huts in words, for the game log: a tile by
what it shows ("a lake fed by two rivers and a forest with a gold nugget", "a meadow with a
deer and a tiger"), whatever way it is turned."""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

from ...core.action import Action
from .._tilegame.narration import TileWords, and_list, count_words, feature_place, narrate
from .tileset import ANIMALS

if TYPE_CHECKING:
    from .rules import HuntersGatherersState
    from ...tiles.spec import TileType

_ANIMAL = {"deer": ("a deer", "deer"), "mammoth": ("a mammoth", None),
           "aurochs": ("an aurochs", "aurochs"), "tiger": ("a tiger", None)}


@lru_cache(maxsize=256)
def tile_words(tile: "TileType") -> str:
    """What ``tile`` shows: lakes, rivers, forests (gold nuggets, mushrooms) and the animals
    and powers (a fire, a shrine) of its meadows."""
    kinds: dict[str, list] = {}
    for s in tile.segments:
        kinds.setdefault(s.kind, []).append(s)
    lakes, rivers = kinds.get("lake", []), kinds.get("river", [])
    forests = kinds.get("forest", [])
    parts = []
    if lakes:
        fed = sum(1 for r in rivers if not r.attrs.get("spring"))
        lake = count_words(len(lakes), "a lake")
        parts.append(lake + (f" fed by {count_words(fed, 'a river')}" if fed else ""))
        rivers = [r for r in rivers if r.attrs.get("spring")]
    springs = sum(1 for r in rivers if r.attrs.get("spring"))
    if springs:
        parts.append(count_words(springs, "a spring"))
    through = [r for r in rivers if not r.attrs.get("spring")]
    if through:
        parts.append(count_words(len(through), "a river"))
    if forests:
        extras = [w for w, n in (("a gold nugget", sum(f.attrs.get("nugget", 0) for f in
                                                         forests)),
                                 ("mushrooms", sum(f.attrs.get("mushrooms", 0)
                                                   for f in forests))) if n]
        parts.append(count_words(len(forests), "a forest")
                     + (f" with {and_list(extras)}" if extras else ""))
    animals: Counter = Counter()
    powers = []
    for meadow in kinds.get("meadow", []):
        for animal in ANIMALS:
            animals[animal] += meadow.attrs.get(animal, 0)
        powers += [p for p in ("fire", "shrine") if meadow.attrs.get(p) and p not in powers]
    seen = [count_words(n, *_ANIMAL[a]) for a, n in animals.items() if n]
    seen += [f"a {p}" for p in powers]
    if seen or not parts:
        parts.append("a meadow" + (f" with {and_list(seen)}" if seen else ""))
    return and_list(parts)


def narrate_hg(state: "HuntersGatherersState", action: Action) -> str:
    """The family's words, and a hut: on the lake, or on the river at the edge named."""
    if action[0] != "hut":
        return narrate(state, action)
    loc = action[1]
    o = state.board.placed[state.last]
    if loc == "C" or o.kinds[o.loc_seg[loc]] == "lake":
        return "built a hut on the lake"
    return f"built a hut {feature_place(o, loc, 'on the river')}"


WORDS = TileWords(tile_words, {"forest": ("a gatherer", "in the forest"),
                               "river": ("a fisher", "on the river"),
                               "meadow": ("a hunter", "in the meadow")},
                  "put no tribe member or hut on the tile")
