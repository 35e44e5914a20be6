"""The Catan Dice score sheet as text (with rich markup): island, knights, dice, scores.

Drawn from a seat's view (``view.view``) alone, like every game's terminal picture.
"""
from __future__ import annotations

from typing import Sequence

from rich.text import Text

from ...core.action import Action
from ...core.drawing import Drawing, narrowed, nothing
from ...core.render import rows_taken
from ...core.text import Text as Words
from ...core.text import colour_word, cwords, nwords, say, words
from .island import (COSTS, FACES, INDEX, KIND, KNIGHT_HEX, KNIGHT_JOKERS, REQUIRES, TURNS,
                     VALUE, X_POINTS)
from .narration import face_word, terrain_word
from .score import KIND_WORDS, box_text

ISLAND = """\
 {start} ━ {S3}
   ┗ {R0}
       ┣ {R1} ━ {C7}
       ┗ {R2} ━ {S4}
            ┗ {R3}
                 ┣ {R4} ━ {C12}
                 ┗ {R5} ━ {S5}
                      ┗ {R6} ━ {R7} ━ {S7}
                                   ┣ {R8} ━ {R9} ━ {S9} ━ {R10} ━ {R11} ━ {S11}
                                   ┗ {R12} ━ {R13} ━ {C20} ━ {R14} ━ {R15} ━ {C30}"""
START = cwords("sheet", "START")
"""Where the roads begin, five columns in every language (the tree is drawn under it)."""
LEGEND = words("[bold green]■ built[/]  [yellow]□ can be built now (if paid)[/]  [dim]· "
               "locked[/]  [red]X[/] nothing built ({x})", x=X_POINTS)
FACE_STYLE = {"ore": "grey70", "grain": "yellow", "wool": "bright_green", "lumber": "green4",
              "brick": "red3", "gold": "gold1"}
JOKER_STATES = {"locked": words("[dim]joker locked[/]"), "ready": words("[bold cyan]joker "
                                                                        "ready[/]"),
                "used": words("[strike]joker used[/]")}
"""A knight's joker: not yet usable (its knight unbuilt), ready, or used."""
PHASES = {"rolling": words("rolling"), "building": words("building")}
"""The turn's phases in the dice line's words (choosing: after which roll)."""


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
        return "+".join(f"{k}{say(face_word(FACES[f]))}" if k > 1 else say(face_word(FACES[f]))
                        for f, k in COSTS[kind].items())
    return say(words("costs: {road} {road_cost} (1) │ {settlement} {settlement_cost} (3 4 5 7 9 "
                     "11 in order) │ {city} {city_cost} (7 12 20 30 in order) │ {knight} "
                     "{knight_cost} (1-6 in order)", road=KIND_WORDS["road"],
                     road_cost=cost("road"), settlement=KIND_WORDS["settlement"],
                     settlement_cost=cost("settlement"), city=KIND_WORDS["city"],
                     city_cost=cost("city"), knight=KIND_WORDS["knight"],
                     knight_cost=cost("knight")))


def _knights(sheet: dict) -> str:
    built, used, parts = _mask(sheet["built"]), set(sheet["jokers_used"]), []
    for k, target in KNIGHT_JOKERS.items():
        joker = say(face_word(FACES[target]) if target is not None else words("any"))
        state = ("locked" if k not in sheet["built"] else "ready" if k not in used
                 else "used")
        parts.append(f"{_token(built, k)} {say(terrain_word(KNIGHT_HEX[k]))}→{joker} "
                     f"{say(JOKER_STATES[state])}")
    knights = " │ ".join(parts)
    return say(words("knights: {knights}", knights=knights))


def _boxes(sheet: dict, label: str, pad: int) -> str:
    """A sheet's row of turn boxes and its total (``label``: whose, padded to ``pad``
    cells so that every row's boxes line up), 80 columns at most."""
    cells = []
    for t in range(TURNS):
        if t < len(sheet["boxes"]):
            built, points = sheet["boxes_built"][t], sheet["boxes"][t]
            cells.append(f"{points:>3}" if built else "[red]  X[/]")
        else:
            cells.append("  ·")
    total = say(words("total {n}", n=sheet["total"]))
    gap = " " * (pad - Text(label).cell_len)
    return f"{label}{gap} │" + "│".join(cells) + f"│ {total}"


def _rows(view: dict, who: int, colours: Sequence[str]) -> list[str]:
    """The turn boxes of ``who``'s sheet (``score``), then every other seat's under it
    (every sheet is open), each named by its colour."""
    labels = [(who, say(words("score")))] + [
        (i, say(colour_word(colours[i]))) for i in range(len(view["sheets"])) if i != who]
    pad = max(Text(label).cell_len for _, label in labels)
    return [_boxes(view["sheets"][i], label, pad) for i, label in labels]


def dice_line(view: dict) -> str:
    parts, spent = [], say(words("spent"))
    for i, (face, used) in enumerate(zip(view["dice"], view["used"])):
        if used:
            parts.append(f"[dim strike]{i}:{say(face_word(face))}[/][dim] {spent}[/]")
        else:
            parts.append(f"[bold {FACE_STYLE[face]}]{i}:{say(face_word(face))}[/]")
    dice = "  ".join(parts)
    return say(words("dice:  {dice}", dice=dice))


def _fitted(lines: list[str], width: int, height: int | None, spare: list[str]
            ) -> list[str]:
    """``lines`` without the ``spare`` ones, first first, while they take more than
    ``height`` rows (the picture leaves out the costs, then the marks' legend, which
    ``legend`` and ``help`` show, then the last turn's line, whose points the score row
    shows)."""
    if height is None:
        return lines
    for line in spare:
        if sum(rows_taken(line, width) for line in lines) <= height:
            break
        lines = [kept for kept in lines if kept != line]
    return lines


class CatanDiceDrawing(Drawing):
    """The island sheet of the view's seat (a spectator sees the sheet of the seat to
    move), the dice while that seat is rolling or building, and every player's total."""

    def picture(self, view: dict, width: int | None = None,
                height: int | None = None) -> str:
        who = view["active"] if view["seat"] is None else view["seat"]
        sheet = view["sheets"][who]
        built = _mask(sheet["built"])
        colour = colour_word(self.game.colours[who])
        title = words("Catan Dice — {who}, turn {turn} of {turns}",
                      who=words("{colour} (you)", colour=colour) if who == view["seat"]
                      else colour, turn=min(len(sheet["boxes"]) + 1, TURNS), turns=TURNS)
        start, legend, costs = say(START)[:5], say(LEGEND), _costs()
        lines = [f"[bold]{say(title)}[/]",
                 ISLAND.format(start=f"{start:<5}", **{n: _token(built, n) for n in KIND}),
                 legend, _knights(sheet), costs, *_rows(view, who, self.game.colours)]
        last = say(words("last turn: {built}", built=box_text(sheet["boxes_built"][-1]))
                   ) if sheet["boxes"] else None
        if last:
            lines.append(last)
        if not view["terminal"] and who == view["active"]:
            phase = say(words("after roll {n} of 3", n=view["rolls"])
                        if view["phase"] == "choosing" else PHASES[view["phase"]])
            dice = dice_line(view)
            fits = width is None or Text.from_markup(dice).cell_len + len(phase) + 5 <= width
            if fits:
                lines.append(f"{dice}   ({phase})")
            else:                   # in the title, not a line of its own (the sheet is tall)
                lines[0] = f"[bold]{say(title)}[/] · {phase}"
                lines.append(dice)
            if view["built_this_turn"]:
                lines.append(say(words("built this turn: {items}",
                                       items=box_text(view["built_this_turn"]))))
        spare = [costs, legend, *([last] if last else [])]
        return "\n".join(_fitted(lines, width or 80, height, spare))

    def legend(self) -> str:
        """The sheet's marks and what each thing costs."""
        return say(LEGEND) + "\n" + _costs()

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
        named = ", ".join(builds[:4]) + (" …" if len(builds) > 4 else "")
        return words("Nothing is built this turn, though {builds} can be: end writes an X "
                     "({x}), and once the next roll is seen it cannot be taken back.",
                     builds=named, x=X_POINTS)

    def dealt(self, view: dict, action: Action) -> str | None:
        """A roll as the faces it shows, in the dice's order and the reader's words
        (``dice rolled: ore gold brick``): the dice line numbers them so."""
        if action[0] != "roll":
            return None
        return words("{what}: {parts}", what=words("dice rolled"),
                     parts=" ".join(say(face_word(face)) for face in action[1:]))

    def prompt_text(self, view: dict, text: str) -> str:
        """Dice to reroll may be named in any order (``reroll 3 1`` is ``reroll 1 3``)."""
        tokens = text.split()
        if len(tokens) > 1 and tokens[0].casefold() == "reroll" and all(
                w.isascii() and w.isdigit() and len(w) < 9 for w in tokens[1:]):
            return " ".join(["reroll", *sorted(tokens[1:], key=int)])
        return text

    def legal_help(self, view: dict, legal: Sequence[Action], only: Sequence[str] = ()
                   ) -> str:
        """The legal moves in words: rerolls summarised, builds, exchanges and jokers
        listed, and what ``end`` writes now; with ``only``, the moves naming those words."""
        if only:
            shown = narrowed(self, view, legal, only)
            return ", ".join(str(a) for a in shown) if shown else nothing(only)
        if view["phase"] == "choosing":
            return say(words("after roll {n} of 3: [bold]stop[/] to keep the dice, or "
                             "[bold]reroll I ...[/] with any dice 0-5 (e.g. reroll 0 3 5)",
                             n=view["rolls"]))
        groups: dict[str, list[str]] = {}
        for action in legal:
            groups.setdefault(action[0], []).append(str(action))
        listed = {kind: ", ".join(acts) for kind, acts in groups.items()}
        lines: list[Words | str] = [words("{kind}: {moves}", kind=GROUPS.get(kind, kind),
                                          moves=moves) for kind, moves in listed.items()]
        built = view["built_this_turn"]
        if built:
            points = sum(VALUE[n] for n in built)
            lines.append(nwords("end writes {n} point for this turn ({built})",
                                "end writes {n} points for this turn ({built})", points,
                                built=box_text(built)))
        elif "build" not in groups:
            lines.insert(0, words("nothing can be built with these dice (end writes an X, {x})",
                                  x=X_POINTS))
        return "\n".join(say(line) for line in lines)


GROUPS = {"build": words("build"), "trade": words("gold exchange"), "joker": words("jokers"),
          "end": words("end")}
"""Each kind of legal move, as the help heads its list (the moves in the notation)."""
