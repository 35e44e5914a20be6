"""Hunters & Gatherers' tiles, tribe members and huts in words, for the game log: a tile by
what it shows ("a lake fed by two rivers and a forest with a gold nugget", "a meadow with a
deer and a tiger"), whatever way it is turned."""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.text import nwords, words
from .._tilegame.narration import TileWords, and_list, feature_place, narrate, number_word
from .tileset import ANIMALS

if TYPE_CHECKING:
    from .rules import HuntersGatherersState
    from ...tiles.spec import TileType


def _count(n: int, kind: str) -> str:
    """``n`` of ``kind``: "a lake", "two rivers", "3 deer" (English spells a few)."""
    c = number_word(n)
    return {"lake": lambda: nwords("a lake", "{count} lakes", n, count=c),
            "river": lambda: nwords("a river", "{count} rivers", n, count=c),
            "spring": lambda: nwords("a spring", "{count} springs", n, count=c),
            "forest": lambda: nwords("a forest", "{count} forests", n, count=c),
            "deer": lambda: nwords("a deer", "{count} deer", n, count=c),
            "mammoth": lambda: nwords("a mammoth", "{count} mammoths", n, count=c),
            "aurochs": lambda: nwords("an aurochs", "{count} aurochs", n, count=c),
            "tiger": lambda: nwords("a tiger", "{count} tigers", n, count=c)}[kind]()


_POWERS = {"fire": words("a fire"), "shrine": words("a shrine")}


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
        lake = _count(len(lakes), "lake")
        parts.append(words("{lakes} fed by {rivers}", lakes=lake, rivers=_count(fed, "river"))
                     if fed else lake)
        rivers = [r for r in rivers if r.attrs.get("spring")]
    springs = sum(1 for r in rivers if r.attrs.get("spring"))
    if springs:
        parts.append(_count(springs, "spring"))
    through = [r for r in rivers if not r.attrs.get("spring")]
    if through:
        parts.append(_count(len(through), "river"))
    if forests:
        extras = [w for w, n in ((words("a gold nugget"), sum(f.attrs.get("nugget", 0)
                                                             for f in forests)),
                                 (words("mushrooms"), sum(f.attrs.get("mushrooms", 0)
                                                          for f in forests))) if n]
        forest = _count(len(forests), "forest")
        parts.append(words("{forests} with {extras}", forests=forest, extras=and_list(extras))
                     if extras else forest)
    animals: Counter = Counter()
    powers = []
    for meadow in kinds.get("meadow", []):
        for animal in ANIMALS:
            animals[animal] += meadow.attrs.get(animal, 0)
        powers += [p for p in ("fire", "shrine") if meadow.attrs.get(p) and p not in powers]
    seen = [_count(n, a) for a, n in animals.items() if n]
    seen += [_POWERS[p] for p in powers]
    if seen or not parts:
        parts.append(words("a meadow with {things}", things=and_list(seen)) if seen
                     else words("a meadow"))
    return and_list(parts)


def narrate_hg(state: "HuntersGatherersState", action: Action) -> str:
    """The family's words, and a hut: on the lake, or on the river at the edge named."""
    if action[0] != "hut":
        return narrate(state, action)
    loc = action[1]
    o = state.board.placed[state.last]
    if loc == "C" or o.kinds[o.loc_seg[loc]] == "lake":
        return words("built a hut on the lake")
    return words("built a hut {place}",
                 place=feature_place(o, loc, words("on the river"), WORDS.large))


WORDS = TileWords(tile_words, {"forest": (words("a gatherer"), words("in the forest")),
                               "river": (words("a fisher"), words("on the river")),
                               "meadow": (words("a hunter"), words("in the meadow"))},
                  words("put no tribe member or hut on the tile"),
                  {"in the meadow": words("in the large meadow")})
