"""The island as text: a hex map drawn on a grid of characters from a seat's view.

Two scales of the same drawing, both north up, both from the board's own coordinates (a
node at ``(X, Y)``, section 2.2 of the spec):

- **compact** (:func:`compact`, 19 lines × 50 columns, for an 80x24 terminal): every free
  node shows its id, every built node its building (``R▲`` a settlement of red, ``R■`` a
  city), every path a dim ``╱ ╲ │`` or, built, the owner's letter in lower case; each hex
  its terrain and number (6 and 8 in red) with its pips, or the robber;
- **whole** (:func:`whole`, 35 lines × 72 columns): the same, twice as high and wider, and
  every path's edge id beside its stroke, so a road is named by its id (the compact board
  names it by its two nodes: ``road 23 18``).

Harbours sit off the coast beside their two nodes (``3:1``, ``2:1 ore``). Only the view is
read, so nothing hidden can be drawn. The words (terrain, the robber's mark, the seats'
letters) are said in the reader's language as the map is drawn (:func:`say`); each keeps
its columns (a letter one, a terrain three on the compact map, the robber six).
"""
from __future__ import annotations

from ...core.text import cwords, say
from .board import COORDS, EDGE_NODES, HARBOUR_EDGES, NODE_POINTS, PIPS
from .words import RESOURCE_WORDS, TERRAIN_WORDS

LETTERS = (cwords("seat letter", "R"), cwords("seat letter", "B"), cwords("seat letter", "W"),
           cwords("seat letter", "O"))
"""Each seat's letter (red, blue, white, orange: the initial of its colour in the reader's
words), on its buildings and roads; one letter in every language."""
STYLE = ("bold red", "bold blue", "bold bright_white", "bold dark_orange")
TERRAIN_STYLE = {"forest": "green", "hills": "red3", "pasture": "bright_green",
                 "fields": "yellow", "mountains": "grey70", "desert": "khaki3"}
SHORT = {"forest": cwords("terrain, 3 letters", "for"),
         "hills": cwords("terrain, 3 letters", "hil"),
         "pasture": cwords("terrain, 3 letters", "pas"),
         "fields": cwords("terrain, 3 letters", "fld"),
         "mountains": cwords("terrain, 3 letters", "mtn"),
         "desert": cwords("terrain, 3 letters", "des")}
"""Each terrain in three letters, on the compact map (the legend says what they stand
for): a translation longer than three is cut."""
ROBBER = cwords("map", "ROBBER")
"""The robber's mark under its hex, six columns at most in every language."""
HARBOUR_SHORT = {"any": "3:1", "lumber": "2L", "brick": "2B", "wool": "2W", "grain": "2G",
                 "ore": "2O"}


def letter(p: int) -> str:
    """Seat ``p``'s letter in the reader's words (``R``; a road's is its lower case)."""
    return say(LETTERS[p])[:1]


def short(terrain: str) -> str:
    """A terrain's three letters in the reader's words."""
    return say(SHORT[terrain])[:3]


def robber_mark() -> str:
    """The robber's mark in the reader's words, six columns at most."""
    return say(ROBBER)[:6]


class Canvas:
    """A grid of characters, each with a rich style (or none)."""

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        self.cells: list[list[tuple[str, str | None]]] = [[(" ", None)] * width
                                                         for _ in range(height)]

    def put(self, row: int, col: int, text: str, style: str | None = None) -> None:
        if not 0 <= row < self.height:
            return
        for i, ch in enumerate(text):
            if 0 <= col + i < self.width:
                self.cells[row][col + i] = (ch, style)

    def lines(self) -> list[str]:
        """Each row as rich markup, trailing blanks kept (the rows line up in columns)."""
        out = []
        for row in self.cells:
            parts, run, style = [], "", None
            for ch, st in row:
                if st != style:
                    parts.append(_styled(run, style))
                    run, style = "", st
                run += ch
            parts.append(_styled(run, style))
            out.append("".join(parts))
        return out


def _styled(text: str, style: str | None) -> str:
    if not text:
        return ""
    text = text.replace("[", "\\[")            # rich markup's one special character
    return f"[{style}]{text}[/]" if style else text


class Scale:
    """Where a board point ``(X, Y)`` lands on the canvas: ``cx`` columns per X unit,
    ``cy`` rows per Y unit, and the margins around the island."""

    def __init__(self, cx: int, cy: int, left: int, top: int, right: int):
        self.cx, self.cy, self.left, self.top, self.right = cx, cy, left, top, right

    def at(self, x: float, y: float) -> tuple[int, int]:
        return round((y + 8) * self.cy) + self.top, round((x + 5) * self.cx) + self.left

    def size(self) -> tuple[int, int]:
        return 16 * self.cy + 1 + 2 * self.top, 10 * self.cx + 2 + self.left + self.right


COMPACT = Scale(4, 1, 4, 1, 3)
WHOLE = Scale(6, 2, 7, 2, 11)


def _owners(view: dict) -> tuple[dict[int, tuple[int, str]], dict[int, int]]:
    buildings = {n: (p, kind) for n, p, kind in view["buildings"]}
    roads = {e: p for e, p in view["roads"]}
    return buildings, roads


def _node(canvas: Canvas, scale: Scale, view: dict, buildings: dict) -> None:
    for n, (x, y) in enumerate(NODE_POINTS):
        row, col = scale.at(x, y)
        if n in buildings:
            p, kind = buildings[n]
            canvas.put(row, col, letter(p) + ("■" if kind == "city" else "▲"), STYLE[p])
        else:
            canvas.put(row, col, f"{n:<2}", "cyan" if view.get("setup_node") == n else None)


def _glyph(a: int, b: int) -> str:
    (xa, ya), (xb, yb) = NODE_POINTS[a], NODE_POINTS[b]
    if xa == xb:
        return "│"
    return "╲" if (xb - xa) * (yb - ya) > 0 else "╱"


def _hex_text(canvas: Canvas, scale: Scale, view: dict, h: int, whole: bool) -> None:
    q, r = COORDS[h]
    x, y = 2 * q + r, 3 * r
    row, col = scale.at(x, y)
    hexes = view["board"]["hexes"] if view["board"] else None
    robber = view["robber"] == h
    if hexes is None:
        canvas.put(row, col - 1, f"<{h}>")
        return
    terrain, number = hexes[h]["terrain"], hexes[h]["number"]
    tstyle = TERRAIN_STYLE[terrain]
    nstyle = "bold red" if number in (6, 8) else "bold"
    pips = "•" * PIPS[number] if number else ""
    mark = robber_mark() if robber else ""
    if whole:
        name = say(TERRAIN_WORDS[terrain])[:10]
        canvas.put(row - 2, col - 1, f"<{h}>", "dim")
        canvas.put(row, col + 1 - len(name) // 2, name, tstyle)
        if number:
            canvas.put(row + 1, col - 2, f"{number:>2}", nstyle)
            canvas.put(row + 1, col + 1, pips, "dim")
        if robber:
            canvas.put(row + 2, col + 1 - len(mark) // 2, mark, "bold reverse")
        return
    canvas.put(row - 1, col - 1 + (h < 10), f"<{h}>", "dim")
    canvas.put(row, col - 2, short(terrain), tstyle)
    if number:
        canvas.put(row, col + 2, f"{number:>2}", nstyle)
    if robber:
        canvas.put(row + 1, col + 1 - len(mark) // 2, mark, "bold reverse")
    elif pips:
        canvas.put(row + 1, col + 1 - len(pips) // 2, pips, "dim")


def _edges(canvas: Canvas, scale: Scale, roads: dict, whole: bool) -> None:
    for e, (a, b) in enumerate(EDGE_NODES):
        (xa, ya), (xb, yb) = NODE_POINTS[a], NODE_POINTS[b]
        glyph = _glyph(a, b)
        if whole:
            row, col = scale.at((xa + xb) / 2, (ya + yb) / 2)
            col += glyph == "│"                # under the node's label, not left of it
            if e in roads:
                p = roads[e]
                canvas.put(row, col - 1, glyph + letter(p).lower() + glyph, STYLE[p])
            else:
                canvas.put(row, col - 1, glyph, "dim")
                canvas.put(row, col, str(e), "cyan")
            continue
        if glyph == "│":                      # a vertical side: the middle row, the node's column
            row, col = scale.at(xa, (ya + yb) / 2)
        else:                                 # a slope: beside the lower node, on its row
            low, high = (a, b) if ya > yb else (b, a)
            (xl, yl), (xh, _) = NODE_POINTS[low], NODE_POINTS[high]
            row, col = scale.at(xl, yl)
            col = col + 2 if xh > xl else col - 1
        if e in roads:
            p = roads[e]
            canvas.put(row, col, letter(p).lower(), STYLE[p])
        else:
            canvas.put(row, col, glyph, "dim")


def _harbours(canvas: Canvas, scale: Scale, view: dict, whole: bool) -> None:
    if view["board"] is None:
        return
    for slot, (kind, e) in enumerate(zip(view["board"]["harbours"], HARBOUR_EDGES)):
        a, b = EDGE_NODES[e]
        (xa, ya), (xb, yb) = NODE_POINTS[a], NODE_POINTS[b]
        mx, my = (xa + xb) / 2, (ya + yb) / 2
        # off the coast: outward from the island's centre (on paper Y counts half as much)
        ux, uy = mx * 0.87, my * 0.5
        length = (ux * ux + uy * uy) ** 0.5
        ux, uy = ux / length, uy / length
        row, col = scale.at(mx + 1.2 * ux, my + 1.5 * uy)
        labels = ([HARBOUR_SHORT[kind]] if not whole else
                  ["3:1"] if kind == "any" else ["2:1", say(RESOURCE_WORDS[kind])])
        if row + len(labels) > canvas.height:          # off the south coast: one line
            labels = [" ".join(labels)]
        for i, label in enumerate(labels):
            start = col if ux > 0.4 else col - len(label) + 1 if ux < -0.4 else \
                col - len(label) // 2
            canvas.put(row + i, start, label, "bold cyan")


def draw(view: dict, scale: Scale, whole: bool) -> list[str]:
    """The island at ``scale`` as lines of rich markup, all of one width."""
    height, width = scale.size()
    canvas = Canvas(width, height)
    buildings, roads = _owners(view)
    for h in range(len(COORDS)):
        _hex_text(canvas, scale, view, h, whole)
    _edges(canvas, scale, roads, whole)
    _node(canvas, scale, view, buildings)
    _harbours(canvas, scale, view, whole)
    return canvas.lines()


def compact(view: dict) -> list[str]:
    return draw(view, COMPACT, whole=False)


def whole(view: dict) -> list[str]:
    return draw(view, WHOLE, whole=True)
