"""The Catan Dice score sheet as text (with rich markup): island, knights, dice, scores.

Drawn from a seat's view (``view.view``) alone, like every game's terminal picture.
"""
from __future__ import annotations

from typing import Sequence

from rich.text import Text

from ...core.action import Action
from ...core.drawing import Drawing, narrowed, nothing
from .island import (COSTS, FACES, INDEX, KIND, KNIGHT_HEX, KNIGHT_JOKERS, REQUIRES, TURNS,
                     VALUE, X_POINTS)
from .score import box_text

ISLAND = """\
 START ━ {S3}
   ┗ {R0}
       ┣ {R1} ━ {C7}
       ┗ {R2} ━ {S4}
            ┗ {R3}
                 ┣ {R4} ━ {C12}
                 ┗ {R5} ━ {S5}
                      ┗ {R6} ━ {R7} ━ {S7}
                                   ┣ {R8} ━ {R9} ━ {S9} ━ {R10} ━ {R11} ━ {S11}
                                   ┗ {R12} ━ {R13} ━ {C20} ━ {R14} ━ {R15} ━ {C30}"""
LEGEND = ("[bold green]■ built[/]  [yellow]□ can be built now (if paid)[/]  [dim]· locked[/]"
          f"  [red]X[/] nothing built ({X_POINTS})")
FACE_STYLE = {"ore": "grey70", "grain": "yellow", "wool": "bright_green", "lumber": "green4",
              "brick": "red3", "gold": "gold1"}


def _mask(names: Sequence[str]) -> int:
    return sum(1 << INDEX[n] for n in names)


def _token(built: int, name: str) -> str:
    if built >> INDEX[name] & 1:
        return f"[bold green]■{name}[/]"
    if REQUIRES[name] & ~built == 0:
        return f"[yellow]□{name}[/]"
    return f"[dim]·{name}[/]"


def _costs() -> str:
    def cost(kind: str) -> str:
        return "+".join(f"{k}{FACES[f]}" if k > 1 else FACES[f] for f, k in COSTS[kind].items())
    return ("costs: road " + cost("road") + " (1) │ settlement " + cost("settlement")
            + " (3 4 5 7 9 11 in order) │ city " + cost("city") + " (7 12 20 30 in order)"
            + " │ knight " + cost("knight") + " (1-6 in order)")


def _knights(sheet: dict) -> str:
    built, used, parts = _mask(sheet["built"]), set(sheet["jokers_used"]), []
    for k, target in KNIGHT_JOKERS.items():
        joker = FACES[target] if target is not None else "any"
        if k not in sheet["built"]:
            state = "[dim]joker locked[/]"
        elif k not in used:
            state = "[bold cyan]joker ready[/]"
        else:
            state = "[strike]joker used[/]"
        parts.append(f"{_token(built, k)} {KNIGHT_HEX[k]}→{joker} {state}")
    return "knights: " + " │ ".join(parts)


def _boxes(sheet: dict, label: str = "score") -> str:
    """A sheet's row of turn boxes and its total (``label``: whose), 80 columns at most."""
    cells = []
    for t in range(TURNS):
        if t < len(sheet["boxes"]):
            built, points = sheet["boxes_built"][t], sheet["boxes"][t]
            cells.append(f"{points:>3}" if built else "[red]  X[/]")
        else:
            cells.append("  ·")
    return f"{label}: │" + "│".join(cells) + f"│ total {sheet['total']}"


def dice_line(view: dict) -> str:
    parts = []
    for i, (face, used) in enumerate(zip(view["dice"], view["used"])):
        if used:
            parts.append(f"[dim strike]{i}:{face}[/][dim] spent[/]")
        else:
            parts.append(f"[bold {FACE_STYLE[face]}]{i}:{face}[/]")
    return "dice:  " + "  ".join(parts)


class CatanDiceDrawing(Drawing):
    """The island sheet of the view's seat (a spectator sees the sheet of the seat to
    move), the dice while that seat is rolling or building, and every player's total."""

    def picture(self, view: dict, width: int | None = None,
                height: int | None = None) -> str:
        who = view["active"] if view["seat"] is None else view["seat"]
        sheet = view["sheets"][who]
        built = _mask(sheet["built"])
        lines = [f"[bold]Catan Dice — seat {who}, turn {min(len(sheet['boxes']) + 1, TURNS)} "
                 f"of {TURNS}[/]", ISLAND.format(**{n: _token(built, n) for n in KIND}),
                 LEGEND, _knights(sheet), _costs(), _boxes(sheet),
                 # every sheet is open: the others' rows under this one
                 *(_boxes(s, f"seat {i}") for i, s in enumerate(view["sheets"]) if i != who)]
        if sheet["boxes"]:
            lines.append(f"last turn: {box_text(sheet['boxes_built'][-1])}")
        if not view["terminal"] and who == view["active"]:
            phase = {"rolling": "rolling", "choosing": f"after roll {view['rolls']} of 3",
                     "building": "building"}[view["phase"]]
            dice = dice_line(view)
            fits = width is None or Text.from_markup(dice).cell_len + len(phase) + 5 <= width
            lines += [f"{dice}   ({phase})"] if fits else [dice, f"       ({phase})"]
            if view["built_this_turn"]:
                lines.append("built this turn: " + box_text(view["built_this_turn"]))
        return "\n".join(lines)

    def prompt_forms(self, view: dict, action: Action) -> tuple[str, ...]:
        """A build may be typed by its name alone: ``R3``, ``build R3``."""
        if action[0] == "build":
            return (action[2], f"build {action[2]}")
        return ()

    def caution(self, view: dict, legal: Sequence[Action], action: Action) -> str | None:
        """``end`` with nothing built this turn though something can be: an X, final as
        soon as the next roll is seen."""
        if action[0] != "end" or view.get("built_this_turn"):
            return None
        builds = [a[2] for a in legal if a[0] == "build"]
        if not builds:
            return None
        return (f"Nothing is built this turn, though {', '.join(builds[:4])}"
                f"{' …' if len(builds) > 4 else ''} can be: end writes an X ({X_POINTS}), "
                "and once the next roll is seen it cannot be taken back.")

    def prompt_text(self, view: dict, text: str) -> str:
        """Dice to reroll may be named in any order (``reroll 3 1`` is ``reroll 1 3``)."""
        words = text.split()
        if len(words) > 1 and words[0].casefold() == "reroll" and all(
                w.isascii() and w.isdigit() and len(w) < 9 for w in words[1:]):
            return " ".join(["reroll", *sorted(words[1:], key=int)])
        return text

    def legal_help(self, view: dict, legal: Sequence[Action], only: Sequence[str] = ()
                   ) -> str:
        """The legal moves in words: rerolls summarised, builds, exchanges and jokers
        listed, and what ``end`` writes now; with ``only``, the moves naming those words."""
        if only:
            shown = narrowed(self, view, legal, only)
            return ", ".join(str(a) for a in shown) if shown else nothing(only)
        if view["phase"] == "choosing":
            return (f"after roll {view['rolls']} of 3: [bold]stop[/] to keep the dice, or "
                    "[bold]reroll I ...[/] with any dice 0-5 (e.g. reroll 0 3 5)")
        groups: dict[str, list[str]] = {}
        for action in legal:
            groups.setdefault(action[0], []).append(str(action))
        names = {"build": "build", "trade": "gold exchange", "joker": "jokers", "end": "end"}
        lines = [f"{names.get(kind, kind)}: {', '.join(acts)}" for kind, acts in groups.items()]
        built = view["built_this_turn"]
        if built:
            points = sum(VALUE[n] for n in built)
            lines.append(f"end writes {points} point{'' if points == 1 else 's'} for this "
                         f"turn ({box_text(built)})")
        elif "build" not in groups:
            lines.insert(0, f"nothing can be built with these dice (end writes an X, "
                            f"{X_POINTS})")
        return "\n".join(lines)
