"""The Hunters & Gatherers table as text with rich markup, on the family's shared drawing.

Tiles with forests, meadows, rivers, lakes with their fish, springs, animals, nuggets and
powers; followers by their seat's upper-case letter (a hunter's on a meadow's corner;
lower-case letters are animals, so the two never share a letter), huts as ⌂ and the
seat's letter on the seat's colour; points, followers and huts in hand, both piles' counts,
and the prompts.
"""
from __future__ import annotations

from ...core.text import join_words, nwords, say, words
from ...tiles.board import Board
from .._tilegame.picture import SEAT_LETTER, Marks, piece_cell
from .._tilegame.render import Table, TileDrawing, follower_marks, piece_segment
from .._tilegame.words import colour_word
from .picture import STYLE

HUT = "⌂"
LEGEND = words("[dim]legend: ▓█ forest  ● gold nugget  ♣ mushrooms  ░▒ meadow (tiles "
               "alternate in shade)  ━┃ river  ≈n≈ lake with n fish  ○ spring  animals in "
               "lower case: d deer  m mammoth  a aurochs  t sabre-toothed tiger  * fire  † "
               "shrine  R B Y G K: followers by colour, upper case (in a meadow's corner: a "
               "hunter)  ⌂R hut of red  ▼▶ on the margins: the column and row of the tile "
               "placed last  · where the drawn tile fits[/]")


def _marks(view: dict, board: Board, widths: tuple[int, int, int]) -> dict[int, Marks]:
    """Followers, then huts as ⌂ and the owner's letter (on their river's cell, else the
    centre, else another edge cell; first those as wide as the two characters)."""
    out = follower_marks(view, board, lambda seat, kind: SEAT_LETTER[seat])
    for piece in view["huts"]:
        t, local = board.local(piece_segment(board, piece))
        o = board.placed[t]
        marks = out.setdefault(t, {})
        cells = [piece_cell(name) for name in o.locs[local]] + [(1, 1), (0, 1), (1, 2),
                                                                 (2, 1), (1, 0)]
        text = HUT + SEAT_LETTER[piece["seat"]]
        cells.sort(key=lambda rc: widths[rc[1]] < len(text))     # where the owner fits
        free = next((rc for rc in cells if rc not in marks), None)
        if free is not None:
            marks[free] = (piece["seat"], text)
    return out


def _feature_note(board: Board, seg: int) -> str:
    """Fish of a lake, and the hut holding a river's or lake's system."""
    kind = board.kind(seg)
    if kind not in ("river", "lake"):
        return ""
    feats = board.features
    fish = feats.count(feats.find(seg), "fish")
    note = " " + say(nwords("({n} fish)", "({n} fish)", fish)) if kind == "lake" else ""
    groups = board.groups
    assert groups is not None, "a river or lake lies in a tile set of river systems"
    held = sorted({s for s, _ in groups.occupants[groups.find(seg)]})
    if held:
        note += " " + say(words("(system hut: {colours})",
                                colours=join_words([colour_word(s) for s in held])))
    return note


def _bonus_lines(view: dict, who: str) -> list[str]:
    return ["", say(words("{who} completed a forest with gold nuggets: a bonus tile is drawn "
                          "({n} left).", who=who, n=view["bonus_left"]))]


class HuntersGatherersDrawing(TileDrawing):
    table = Table(
        style=STYLE, legend=LEGEND,
        prompt=words("[bold]follower KIND LOC[/] (forest/river: N E S W, meadow: Nw Ne En Es "
                     "Se Sw Ws Wn), [bold]hut LOC[/] (river edge, or C for the lake) or "
                     "[bold]pass[/]"),
        occupy_help=words("Put a follower or a hut on the tile just placed, or pass"),
        marks=_marks,
        in_hand=words("followers, huts in hand"),
        seat_status=lambda view, s: f"{view['supply'][s]}, {view['huts_in_hand'][s]}",
        piles=lambda view: words("tiles left: {land} land, {bonus} bonus",
                                 land=view["remaining"], bonus=view["bonus_left"]),
        feature_note=_feature_note, phase_lines=_bonus_lines)
