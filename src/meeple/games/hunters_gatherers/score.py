"""Hunters & Gatherers scoring: completed rivers and forests during play; at the end huts
per river system and hunters per meadow.

Events, majorities, the breakdown and the view are the family's shared
:mod:`meeple.games._tilegame.scoring`; this module adds the values of this game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .._tilegame import scoring
from ...core.text import comma_words, nwords, words
from .._tilegame.words import seat_name, tiles_words

if TYPE_CHECKING:
    from .rules import HuntersGatherersState

FOREST_PER_SEGMENT = 2
PER_MUSHROOMS = 2
RIVER_PER_SEGMENT = 1
PER_FISH = 1
PER_ANIMAL = 2
"""Points per deer, mammoth or aurochs a meadow's hunters score."""


def end_lakes(state: "HuntersGatherersState", root: int) -> list[int]:
    """The roots of the lakes that end the river at ``root`` (one lake counted once)."""
    board = state.board
    return [r for r in board.features.bordering(root) if board.kind(r) == "lake"]


def river_value(state: "HuntersGatherersState", root: int) -> tuple[int, str, dict]:
    """A river's points: 1 per segment plus the fish of the lakes that end it."""
    board = state.board
    feats = board.features
    segments, lakes = feats.size[root], end_lakes(state, root)
    fish = sum(feats.count(r, "fish") for r in lakes)
    what = nwords("river of {n} segment", "river of {n} segments", segments)
    if lakes:
        what = words("{river} + {fish} in {lakes}", river=what,
                     fish=nwords("{n} fish", "{n} fish", fish),
                     lakes=nwords("{n} lake", "{n} lakes", len(lakes)))
    springs = feats.count(root, "spring")
    return (RIVER_PER_SEGMENT * segments + PER_FISH * fish, what,
            {"segments": segments, "fish": fish, "springs": springs,
             "lakes": [list(board.xy(board.seg_tile[r])) for r in lakes]})


def forest_value(state: "HuntersGatherersState", root: int) -> tuple[int, str, dict]:
    """A forest's points: 2 per forest segment plus 2 per mushroom patch."""
    feats = state.board.features
    segments, mushrooms = feats.size[root], feats.count(root, "mushrooms")
    nuggets = feats.count(root, "nugget")
    what = nwords("forest of {n} segment", "forest of {n} segments", segments)
    if mushrooms:
        what = words("{forest} + {mushrooms}", forest=what, mushrooms=nwords(
            "{n} mushroom patch", "{n} mushroom patches", mushrooms))
    return (FOREST_PER_SEGMENT * segments + PER_MUSHROOMS * mushrooms, what,
            {"segments": segments, "mushrooms": mushrooms, "nuggets": nuggets})


def closed_value(state: "HuntersGatherersState", root: int) -> tuple[int, str, dict]:
    """The points of the completed river or forest at ``root``, words, event fields."""
    kind = state.board.kind(root)
    return river_value(state, root) if kind == "river" else forest_value(state, root)


def score_closed(state: "HuntersGatherersState", roots: list[int]) -> None:
    """Score the rivers and forests just completed; their gatherers and fishers return."""
    scoring.score_closed(state, roots, closed_value)


def bonus_earned(state: "HuntersGatherersState") -> None:
    """The event of a bonus tile earned by the seat to move."""
    state.emit("bonus", words("{seat} completed a forest with gold nuggets in round {round}: "
                              "a bonus tile ({left} in the bonus pile)",
                              seat=seat_name(state.seat), round=state.round,
                              left=state.bonus_left),
               seat=state.seat, turn=state.turns)


def no_bonus_left(state: "HuntersGatherersState") -> None:
    """The event of a gold-nugget forest completed when no bonus tile is left."""
    state.emit("no bonus", words("{seat} completed a forest with gold nuggets in round "
                                 "{round}, but no bonus tile is left",
                                 seat=seat_name(state.seat), round=state.round),
               seat=state.seat, turn=state.turns)


def meadow_value(state: "HuntersGatherersState", root: int) -> tuple[int, str, dict]:
    """A meadow's points for its hunters: 2 per deer, mammoth and aurochs; each tiger takes
    one deer, unless fire in the meadow drove the tigers away."""
    feats = state.board.features
    deer, mammoths, aurochs, tigers = (feats.count(root, a)
                                       for a in ("deer", "mammoth", "aurochs", "tiger"))
    fire = feats.count(root, "fire") > 0
    hunting = 0 if fire else tigers
    kept = max(0, deer - hunting)
    animals = [said for n, said in (
        (deer, nwords("{n} deer", "{n} deer", deer)),
        (mammoths, nwords("{n} mammoth", "{n} mammoths", mammoths)),
        (aurochs, nwords("{n} aurochs", "{n} aurochs", aurochs)),
        (tigers, nwords("{n} sabre-toothed tiger", "{n} sabre-toothed tigers", tigers))) if n]
    tiles = tiles_words(feats.n_tiles(root))
    what = (words("meadow of {tiles} with {animals}", tiles=tiles, animals=comma_words(animals))
            if animals else words("meadow of {tiles} with no animals", tiles=tiles))
    if fire and tigers:
        what = words("{meadow} (fire drove the tigers away)", meadow=what)
    elif deer > kept:
        what = words("{meadow} ({deer} taken by tigers)", meadow=what,
                     deer=nwords("{n} deer", "{n} deer", deer - kept))
    return (PER_ANIMAL * (kept + mammoths + aurochs), what,
            {"deer": deer, "mammoths": mammoths, "aurochs": aurochs, "tigers": tigers,
             "fire": fire})


def meadow_owners(state: "HuntersGatherersState", root: int) -> tuple[list[int], bool]:
    """Who scores the meadow: the hunter majority, or, if hunters stand on a shrine's
    meadow of their tile, the majority among those alone. Also whether a shrine decided."""
    board, n = state.board, state.num_players
    feats = board.features
    shrine = [seat for seat, seg in feats.occupants[root] if _segment_attr(state, seg, "shrine")]
    if not shrine:
        return feats.majority(root, n), False
    counts = [shrine.count(s) for s in range(n)]
    return [s for s in range(n) if counts[s] == max(counts)], True


def _segment_attr(state: "HuntersGatherersState", seg: int, key: str) -> int:
    """Attribute ``key`` of segment ``seg`` itself (not of its whole feature)."""
    t, local = state.board.local(seg)
    attrs = state.board.placed[t].attrs[local]
    return attrs.get(key, 0) if attrs else 0


def score_final(state: "HuntersGatherersState") -> None:
    """End of game: followers leave incomplete forests and rivers unscored; huts score
    their river systems' fish; hunters score their meadows."""
    board, n = state.board, state.num_players
    feats, groups = board.features, board.groups
    roots = sorted({feats.find(seg) for _, seg in state.followers})
    for root in roots:
        if board.kind(root) != "meadow":
            what: str = words("incomplete {what}, removed without scoring",
                         what=closed_value(state, root)[1])
            scoring.record(state, board.kind(root), root, feats.majority(root, n), 0, what,
                           final=True)
            state.return_followers(root)
    for root in sorted({groups.find(seg) for _, seg in state.huts}):
        fish, lakes = groups.count(root, "fish"), groups.count(root, "lake")
        what = words("river system of {tiles} with {lakes} and {fish}",
                     tiles=tiles_words(groups.n_tiles(root)),
                     lakes=nwords("{n} lake", "{n} lakes", lakes),
                     fish=nwords("{n} fish", "{n} fish", fish))
        scoring.record(state, "huts", root, groups.majority(root, n), PER_FISH * fish, what,
                       final=True, partition=groups, pieces="huts", fish=fish, lakes=lakes)
    for root in roots:
        if board.kind(root) == "meadow":
            points, what, extra = meadow_value(state, root)
            owners, shrine = meadow_owners(state, root)
            if shrine:
                what = words("{meadow}, a hunter at the shrine", meadow=what)
            scoring.record(state, "meadow", root, owners, points, what, final=True,
                           shrine=shrine, **extra)


def breakdown(state: "HuntersGatherersState") -> dict:
    """Every scoring event, in words, per seat and in order of play, and the bonus tiles
    earned."""
    out = scoring.breakdown(state)
    out["bonuses"] = [{k: e[k] for k in ("seat", "turn", "text")}
                      for e in state.events if e["kind"] == "bonus"]
    return out
