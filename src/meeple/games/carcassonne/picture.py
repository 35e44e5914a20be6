"""How a Carcassonne tile looks in the terminal (drawn by the shared tile picture).

Cities are the area (▓ on orange), roads the path (box lines), fields the ground (░ on
green), every other tile in a second shade (█ on brown, ▒ on light green); the centre shows
a monastery (⌂, with its monk's letter after it), a road bend or junction, or a city
running through; ◆ marks a pennant.
"""
from __future__ import annotations

from ...tiles.spec import Orientation
from .._tilegame.picture import Cell, Cells, TileStyle, first_cell

MONASTERY, PENNANT = "⌂", "◆"


def _centre(o: Orientation) -> Cell:
    if o.centre >= 0 and o.kinds[o.centre] == "monastery":
        return "monastery", MONASTERY
    roads = STYLE.paths(o)
    if len(roads) >= 3 and not any(len(r) == 2 for r in roads):
        return "field", frozenset().union(*roads)
    return STYLE.plain_centre(o, roads)


def _pennant(o: Orientation, cells: Cells) -> None:
    if any(a and a.get("pennant") for a in o.attrs):
        cell = first_cell(cells, "city")
        assert cell is not None, "a pennant lies in a city"
        r, c = cell
        cells[r][c] = ("city", PENNANT)


STYLE = TileStyle(
    area="city", path="road", ground="field",
    background={"city": "dark_orange3", "field": "dark_green", "monastery": "dark_red"},
    fill={"city": "▓", "field": "░", "monastery": " "},
    shade={"city": "color(130)", "field": "color(28)"}, shade_fill={"city": "█", "field": "▒"},
    centre=_centre, decorate=_pennant)
