"""The Hunters & Gatherers table as text with rich markup, on the family's shared drawing.

Tiles with forests, meadows, rivers, lakes with their fish, springs, animals, nuggets and
powers; followers by seat letter (lower case: hunters, lying down), huts as ⌂ on their
seat's colour; points, followers and huts in hand, both piles' counts, and the prompts.
"""
from __future__ import annotations

from .._tilegame import render as shared
from .._tilegame.picture import SEAT_LETTER, Marks, piece_cell
from .._tilegame.render import Table
from .._tilegame.scoring import COLOURS, plural
from .picture import STYLE
from .rules import HuntersGatherersState

HUT = "⌂"
LEGEND = ("[dim]legend: ▓ forest  ● gold nugget  ♣ mushrooms  ░ meadow  ━┃ river  ≈n lake "
          "with n fish  ○ spring  d deer  m mammoth  a aurochs  t sabre-toothed tiger  "
          "* fire  † shrine  R B Y G K: followers by colour (lower case: hunters)  ⌂ hut  "
          "· where the drawn tile fits[/]")


def _marks(state: HuntersGatherersState) -> dict[int, Marks]:
    """Followers, then huts (on their river's cell, else the centre, else another cell
    of the same river or lake)."""
    board = state.board
    out = shared.follower_marks(
        state, lambda seat, kind: SEAT_LETTER[seat].lower() if kind == "meadow"
        else SEAT_LETTER[seat])
    for seat, seg in state.huts:
        t, local = board.local(seg)
        o = board.placed[t]
        marks = out.setdefault(t, {})
        cells = [piece_cell(name) for name in o.locs[local]] + [(1, 1), (0, 1), (1, 2),
                                                                 (2, 1), (1, 0)]
        free = next((rc for rc in cells if rc not in marks), None)
        if free is not None:
            marks[free] = (seat, HUT)
    return out


def _feature_note(state: HuntersGatherersState, seg: int) -> str:
    """Fish of a lake, and the hut holding a river's or lake's system."""
    board = state.board
    kind = board.kind(seg)
    if kind not in ("river", "lake"):
        return ""
    feats = board.features
    note = f" ({feats.count(feats.find(seg), 'fish')} fish)" if kind == "lake" else ""
    held = sorted({s for s, _ in board.groups.occupants[board.groups.find(seg)]})
    if held:
        note += f" (system hut: {', '.join(COLOURS[s] for s in held)})"
    return note


def _bonus_lines(state: HuntersGatherersState, who: str) -> list[str]:
    return ["", f"{who} completed a forest with gold nuggets: a bonus tile is drawn "
                f"({state.bonus_left} left)."]


TABLE = Table(
    style=STYLE, legend=LEGEND,
    prompt=("[bold]follower KIND LOC[/] (forest/river: N E S W, meadow: Nw Ne En Es Se Sw "
            "Ws Wn), [bold]hut LOC[/] (river edge, or C for the lake) or [bold]pass[/]"),
    occupy_help="Put a follower or a hut on the tile just placed, or pass",
    marks=_marks,
    seat_status=lambda state, s: (f"{plural(state.supply[s], 'follower')} and "
                                  f"{plural(state.hut_supply[s], 'hut')} in hand"),
    piles=lambda state: (f"land tiles left: {state.remaining}, bonus tiles left: "
                         f"{state.bonus_left}"),
    feature_note=_feature_note, phase_lines=_bonus_lines)


def legal_help(state: HuntersGatherersState) -> str:
    """What the player to move may type now (the terminal's ``help``)."""
    return shared.legal_help(state, TABLE)


def render(state: HuntersGatherersState, seat: int | None = None,
           columns: int | None = None) -> str:
    """The board, the scores, and for the seat to move the drawn tile and its options."""
    return shared.render(state, TABLE, seat, columns)
