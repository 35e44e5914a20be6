"""The Hunters & Gatherers board as a person reads it: a lake never looks like a follower,
followers and huts carry their owner's letter without colour too, a hut leaves a lake's
fish in sight, and any board fits the width it is given or says which columns it shows.
Pictures are read as rich Text: ``.plain`` is what shows without colour (piped, NO_COLOR)."""
from __future__ import annotations

import random

import pytest
from rich.style import Style
from rich.text import Text

import meeple
from meeple.games._tilegame.picture import SEAT_STYLE
from meeple.games.hunters_gatherers.picture import STYLE
from meeple.games.hunters_gatherers.render import LEGEND

from helpers import board_lines, board_part, board_tile, char_style, random_steps
from hg_play import new_game, turn

_lines, _tile, _style = board_lines, board_tile, char_style


def _hut_follower_hunter():
    """The start tile S (a lake with 1 fish) at (0, 0); red's hut on the river of L45 west
    of it; blue's forest follower on L01 (a lake with 2 fish) west of that; red's hunter
    on L58 north of the start; one tile left in the pile."""
    s = new_game({"L45": 1, "L01": 1, "L58": 2})
    turn(s, "L45", -1, 0, 0, "hut E")
    turn(s, "L01", -2, 0, 90, "forest N")
    turn(s, "L58", 0, -1, 0, "meadow Nw")
    return s


def test_a_lake_is_not_drawn_like_a_follower():
    lines = _lines(_hut_follower_hunter())
    lake, follower = _tile(lines, 0, 0)[1][2:5], _tile(lines, -2, 0)[0][2:5]
    assert lake.plain == "≈1≈" and follower.plain == "▓B▓"       # over its forest's fill
    seat_backs = {Style.parse(style).bgcolor for style in SEAT_STYLE}
    for i in range(3):
        assert _style(lake, i).bgcolor not in seat_backs
        assert _style(lake, i).color != _style(lake, i).bgcolor      # the waves show
    assert _style(follower, 1).bgcolor == Style.parse(SEAT_STYLE[1]).bgcolor


def test_huts_and_hunters_carry_their_owners_letter_without_colour():
    lines = _lines(_hut_follower_hunter())
    assert _tile(lines, -1, 0)[1].plain.endswith("⌂R")             # red's hut, river E
    assert _tile(lines, 0, -1)[0].plain.startswith("▒R")           # red's hunter, Nw:
                                                                  # upper case, as no animal
    narrow = _lines(_hut_follower_hunter(), width=32)              # tiles 5 wide: an edge
    assert "⌂R" in "".join(line.plain for line in narrow)          # cell holds one letter


def test_a_hut_put_by_a_lake_leaves_its_fish_in_sight():
    s = new_game({"L01": 2})
    turn(s, "L01", -1, 0, 90, "hut C")        # red's hut: on the lake's river, east
    assert _tile(_lines(s), -1, 0)[1].plain.endswith("≈2≈⌂R")


def test_the_legend_names_every_fill_and_mark():
    glyphs = {*STYLE.fill.values(), *STYLE.shade_fill.values(), "≈n≈", "⌂R", "▼▶", "·"}
    assert all(g in LEGEND for g in glyphs if g.strip())


def _board_part(lines: list[Text]) -> list[Text]:
    """The lines from the column labels above the board to those below it, and the line
    saying what is shown, if there is one."""
    return board_part(lines)


@pytest.mark.parametrize("seed", [1, 2])
def test_every_board_fits_its_width_or_says_which_columns_it_shows(seed):
    """Through random games and widths: the board's lines fit; the line about the columns
    shown is there exactly when some tile, or some place the drawn tile fits, is not; the
    tile placed last is shown."""
    state = meeple.load("hunters-gatherers", 2).new_state(seed)
    rng = random.Random(seed)
    for step, _ in enumerate(random_steps(state, rng)):
        if step % 9:
            continue
        width = rng.choice([30, 50, 80, 120])
        part = _board_part(_lines(state, width))
        view = state.view(None)
        shown = {int(label.strip("▼")) for label in part[0].plain.split()}
        cut = part[-1].plain.startswith("columns ")
        fits = [a[2] for a in state.legal_actions() if a[0] == "place"]
        assert cut == any(x not in shown for x in [t["x"] for t in view["board"]] + fits)
        assert view["board"][-1]["x"] in shown
        assert all(len(line.plain) <= width for line in part[:-1] if line.plain.strip())
