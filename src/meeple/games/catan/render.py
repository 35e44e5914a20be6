"""The island as text (rich markup), drawn from a seat's view alone: hexes with terrain,
number and robber, settlements and cities on the nodes, roads on the edges, the harbours,
each seat's public counts, your own hand, an open negotiation."""
from __future__ import annotations

from typing import Sequence

from ...core.action import Action
from ...core.drawing import Drawing
from .board import COORDS, EDGE_NODES, HARBOUR_NODES, NODE_POINTS
from .words import COLOURS, cards

SHORT = {"forest": "for", "hills": "hil", "pasture": "pas", "fields": "fld",
         "mountains": "mtn", "desert": "des"}
STYLE = ("red", "blue", "white", "dark_orange")
LEGEND = ("hexes: terrain (for forest, hil hills, pas pasture, fld fields, mtn mountains, "
          "des desert), number, R robber, <h> hex id; s0 settlement of seat 0, C0 its city, "
          "· a free node; a digit on a path: that seat's road")


def _grid() -> tuple[int, int]:
    return 12 * 4 + 4, 17


def _put(grid: list[list[str]], row: int, col: int, text: str, style: str | None = None):
    for i, ch in enumerate(text):
        grid[row][col + i] = (f"[{style}]{ch}[/]" if style else ch)


def board_lines(view: dict) -> list[str]:
    """The hex map: 17 lines, north up."""
    width, height = _grid()
    grid = [[" "] * width for _ in range(height)]

    def at(x: float, y: float) -> tuple[int, int]:
        return round(y + 8), int(round((x + 5) * 4)) + 2

    board = view["board"]
    for h, (q, r) in enumerate(COORDS):
        row, col = at(2 * q + r, 3 * r)
        if board is not None:
            hx = board["hexes"][h]
            label = SHORT[hx["terrain"]] + (str(hx["number"]) if hx["number"] else "")
            style = "bold red" if hx["number"] in (6, 8) else None
            _put(grid, row, col - 2, label, style)
        mark = "R" if view["robber"] == h else " "
        _put(grid, row + 1 if row + 1 < height else row, col - 2, f"<{h}>{mark}")
    for n, (x, y) in enumerate(NODE_POINTS):
        row, col = at(x, y)
        grid[row][col] = "·"
    for e, p in view["roads"]:
        a, b = EDGE_NODES[e]
        (xa, ya), (xb, yb) = NODE_POINTS[a], NODE_POINTS[b]
        row, col = at((xa + xb) / 2, (ya + yb) / 2 + (0.01 if ya != yb else 0))
        _put(grid, row, col, str(p), STYLE[p])
    for n, p, kind in view["buildings"]:
        row, col = at(*NODE_POINTS[n])
        _put(grid, row, col - 1, ("s" if kind == "settlement" else "C") + str(p),
             "bold " + STYLE[p])
    return ["".join(line).rstrip() for line in grid]


def _seat_line(view: dict, seat: dict) -> str:
    p = seat["seat"]
    marks = []
    if view["longest_road"] == p:
        marks.append("Longest Road")
    if view["largest_army"] == p:
        marks.append("Largest Army")
    line = (f"[{STYLE[p]}]seat {p} ({COLOURS[p]})[/]: {seat['points']} points · "
            f"{seat['cards']} cards · {seat['dev_cards']} dev cards · {seat['knights']} "
            f"knights · road {seat['road_length']}")
    if seat["harbours"]:
        line += " · harbours " + ", ".join(seat["harbours"])
    if marks:
        line += " · " + ", ".join(marks)
    if "hand" in seat:
        line += f"\n    hand: {cards(seat['hand'])}; development cards: " + (
            ", ".join(f"{n} {c}" for c, n in seat["dev"].items()) or "none")
        if seat["new_dev"]:
            line += " (bought this turn: " + ", ".join(
                f"{n} {c}" for c, n in seat["new_dev"].items()) + ")"
    return line


def picture_lines(view: dict) -> list[str]:
    lines = board_lines(view)
    board = view["board"]
    if board is not None:
        lines.append("harbours: " + ", ".join(
            f"{k} ({a}-{b})" for k, (a, b) in zip(board["harbours"], HARBOUR_NODES)))
    bank = ", ".join(f"{n} {r}" for r, n in view["bank"].items())
    lines.append(f"bank: {bank} · {view['deck']} development cards")
    lines += [_seat_line(view, s) for s in view["seats"]]
    deal = view["negotiation"]
    if deal:
        answers = ", ".join(f"seat {p}: {a if isinstance(a, str) else 'counter ' + cards(a['counter']['gives']) + ' for ' + cards(a['counter']['asks'])}"  # noqa: E501
                            for p, a in deal["answers"].items())
        lines.append(f"offer by seat {view['mover']}: {cards(deal['gives'])} for "
                     f"{cards(deal['asks'])}" + (f" · {answers}" if answers else ""))
    if view["steal"] and "card" in view["steal"]:
        st = view["steal"]
        lines.append(f"seat {st['thief']} stole {cards([st['card']])} from seat {st['victim']}")
    state = (f"turn {view['turn']}, seat {view['mover']}: {view['phase']}"
             + (f", rolled {view['dice']}" if view["dice"] else ""))
    if view["terminal"]:
        state = f"game over: seat {view['winner']} wins"
    lines.append(state)
    return lines


class CatanDrawing(Drawing):
    """The island and the seats' counts as text."""

    def picture(self, view: dict, width: int | None = None, height: int | None = None) -> str:
        return "\n".join(picture_lines(view))

    def legend(self) -> str:
        return LEGEND

    def legal_help(self, view: dict, legal: Sequence[Action], only: Sequence[str] = ()
                   ) -> str:
        from ...core.drawing import narrowed, nothing
        shown = narrowed(self, view, legal, only)
        if not shown:
            return nothing(only)
        if len(shown) > 60:
            kinds: dict[str, int] = {}
            for a in shown:
                kinds[a[0]] = kinds.get(a[0], 0) + 1
            head = ", ".join(str(a) for a in shown if a[0] not in ("offer", "counter"))[:2000]
            more = ", ".join(f"{n} {k}s" for k, n in kinds.items() if k in ("offer", "counter"))
            return f"legal: {head}" + (f" (and {more}: type one, e.g. "
                                       f"offer ore for lumber; help offer lists them)"
                                       if more else "")
        return "legal: " + ", ".join(str(a) for a in shown)
