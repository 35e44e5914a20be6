"""How a Hunters & Gatherers tile looks in the terminal (drawn by the shared tile picture).

Forests are the area (▓ on dark green), rivers the path (box lines in cyan), meadows the
ground (░ on olive), every other tile in a second shade (█, ▒); the centre shows a lake
with its fish count between waves (≈1≈ in cyan on teal, unlike a follower on a seat's
colour), a river running through, a spring (○) or a forest. Marks: ● gold nugget,
♣ mushrooms, animals by letter (d deer, m mammoth, a aurochs, t sabre-toothed tiger),
* fire, † shrine.
"""
from __future__ import annotations

from ...tiles.spec import Orientation
from .._tilegame.picture import Cell, Cells, TileStyle, piece_cell

LAKE, SPRING, NUGGET, MUSHROOMS = "≈", "○", "●", "♣"
ANIMAL_LETTER = {"deer": "d", "mammoth": "m", "aurochs": "a", "tiger": "t"}
POWER_MARK = {"fire": "*", "shrine": "†"}


def _centre(o: Orientation) -> Cell:
    fish = [str(a["fish"])  # type: ignore[index]  # a lake has its fish (tileset.py)
            for k, a in zip(o.kinds, o.attrs) if k == "lake"]
    if fish:
        return "lake", LAKE.join(fish)
    rivers = STYLE.paths(o)
    if rivers and not any(len(r) == 2 for r in rivers):
        return "meadow", SPRING
    return STYLE.plain_centre(o, rivers)


def _segment_cells(o: Orientation, i: int, kind: str, cells: Cells) -> list[tuple[int, int]]:
    """The plain cells of background ``kind`` that segment ``i`` touches: the centre (if
    no other segment of its kind could claim it), then its locations from the last (a
    piece stands at the first)."""
    out = []
    centre = [(1, 1)] if o.kinds.count(kind) == 1 else []
    for rc in [*centre, *(piece_cell(name) for name in reversed(o.locs[i]))]:
        if rc not in out and cells[rc[0]][rc[1]] == (kind, ""):
            out.append(rc)
    return out


def _marks(o: Orientation, i: int) -> list[str]:
    """The marks of segment ``i``: nugget and mushrooms, animals, a power."""
    attrs = o.attrs[i] or {}
    marks = [NUGGET] * attrs.get("nugget", 0) + [MUSHROOMS] * attrs.get("mushrooms", 0)
    for animal, letter in ANIMAL_LETTER.items():
        marks += [letter] * attrs.get(animal, 0)
    return marks + [mark for power, mark in POWER_MARK.items() if attrs.get(power)]


def _decorate(o: Orientation, cells: Cells) -> None:
    for i, kind in enumerate(o.kinds):
        if kind not in ("forest", "meadow"):
            continue
        marks = _marks(o, i)
        free = _segment_cells(o, i, kind, cells)
        if not marks or not free:
            continue
        # one mark per free cell; what is left over shares the last cell
        for rc, mark in zip(free, marks):
            cells[rc[0]][rc[1]] = (kind, mark)
        if len(marks) > len(free):
            r, c = free[-1]
            cells[r][c] = (kind, "".join(marks[len(free) - 1:]))


STYLE = TileStyle(
    area="forest", path="river", ground="meadow",
    background={"forest": "dark_green", "meadow": "dark_olive_green3", "lake": "color(31)"},
    fill={"forest": "▓", "meadow": "░", "lake": LAKE},
    shade={"forest": "color(28)", "meadow": "color(107)"},
    shade_fill={"forest": "█", "meadow": "▒"}, fill_styles={"lake": "bright_cyan"},
    centre=_centre, decorate=_decorate, path_style="bold bright_cyan",
    mark_styles={NUGGET: "bold gold1", MUSHROOMS: "bold magenta", "d": "bold grey93",
                 "m": "bold grey93", "a": "bold grey93", "t": "bold dark_orange",
                 "*": "bold red", "†": "bold white", SPRING: "bold bright_cyan"},
    mark_style="bold bright_white")
