"""The Catan Dice score sheet as text (with rich markup): island, knights, dice, scores."""
from __future__ import annotations

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
LEGEND = "[bold green]■ built[/]  [yellow]□ can be built now (if paid)[/]  [dim]· locked[/]"
FACE_STYLE = {"ore": "grey70", "grain": "yellow", "wool": "bright_green", "lumber": "green4",
              "brick": "red3", "gold": "gold1"}


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


def _knights(sheet) -> str:
    parts = []
    for k, target in KNIGHT_JOKERS.items():
        joker = FACES[target] if target is not None else "any"
        if not sheet.has(k):
            state = "[dim]joker locked[/]"
        elif sheet.joker_available(k):
            state = "[bold cyan]joker ready[/]"
        else:
            state = "[strike]joker used[/]"
        parts.append(f"{_token(sheet.built, k)} {KNIGHT_HEX[k]}→{joker} {state}")
    return "knights: " + " │ ".join(parts)


def _boxes(sheet) -> str:
    cells = []
    for t in range(TURNS):
        if t < len(sheet.boxes):
            box = sheet.boxes[t]
            cells.append(f"{sum(VALUE[n] for n in box):>3}" if box else "[red]  X[/]")
        else:
            cells.append("  ·")
    return "score: │" + "│".join(cells) + f"│ total {sheet.total()}  (X = {X_POINTS})"


def dice_line(state) -> str:
    parts = []
    for i, f in enumerate(state.dice):
        face = FACES[f]
        if state.used >> i & 1:
            parts.append(f"[dim strike]{i}:{face}[/]")
        else:
            parts.append(f"[bold {FACE_STYLE[face]}]{i}:{face}[/]")
    return "dice:  " + "  ".join(parts)


def render(state, seat: int | None = None) -> str:
    """The sheet of the player to move (or ``seat``), the dice, and every player's total."""
    who = state.seat if seat is None else seat
    sheet = state.sheets[who]
    lines = [f"[bold]Catan Dice — seat {who}, turn {min(len(sheet.boxes) + 1, TURNS)} of "
             f"{TURNS}[/]", ISLAND.format(**{n: _token(sheet.built, n) for n in KIND}), LEGEND,
             _knights(sheet), _costs(), _boxes(sheet)]
    if sheet.boxes:
        lines.append(f"last turn: {box_text(sheet.boxes[-1])}")
    if not state.is_terminal() and who == state.seat:
        phase = {"rolling": "rolling", "choosing": f"after roll {state.rolls} of 3",
                 "building": "building"}[state.phase]
        lines.append(f"{dice_line(state)}   ({phase})")
        if state.built_now:
            lines.append("built this turn: " + box_text(state.built_now))
    if state.num_players > 1:
        lines.append("totals: " + "  ".join(f"seat {i}: {s.total()}"
                                             for i, s in enumerate(state.sheets)))
    return "\n".join(lines)


def legal_help(state) -> str:
    """The legal moves in words: rerolls summarised, builds, exchanges and jokers listed."""
    if state.phase == "choosing":
        return (f"after roll {state.rolls} of 3: [bold]stop[/] to keep the dice, or "
                "[bold]reroll I ...[/] with any dice 0-5 (e.g. reroll 0 3 5)")
    groups: dict[str, list[str]] = {}
    for action in state.legal_actions():
        groups.setdefault(action[0], []).append(str(action))
    names = {"build": "build", "trade": "gold exchange", "joker": "jokers", "end": "end"}
    lines = [f"{names.get(kind, kind)}: {', '.join(acts)}" for kind, acts in groups.items()]
    if "build" not in groups:
        lines.insert(0, "nothing can be built with these dice (end writes an X, -2)")
    return "\n".join(lines)
