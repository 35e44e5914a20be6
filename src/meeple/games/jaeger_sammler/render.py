"""The board as text (rich markup): hexes with tile symbols, pawns in colour, settlements
and crates, each player's public collection, and the legal moves numbered, grouped by pawn.

Drawn from a seat's view (``view.view``) and the board's fixed data alone, so the picture
shows exactly what the view does: face-down tiles as counts until the end.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Sequence

from ...core.action import Action
from ...core.drawing import Drawing
from ...core.render import rows_taken
from ...core.text import comma_words, cwords, nwords, say, words
from .board import Board
from .score import kind_words

if TYPE_CHECKING:
    from .game import JaegerSammler

COLOURS = ("red", "blue", "green", "yellow")
SYMBOL = {"berries": "be", "tubers": "tu", "herbs": "he", "jug": "ju", "necklace": "ne",
          "fur": "fu", "skull": "sk", "weapon": "we", "path": "==", "cave": "()"}
STYLE = {"berries": "green", "tubers": "dark_orange", "herbs": "bright_green",
         "jug": "magenta", "necklace": "magenta", "fur": "magenta", "skull": "magenta",
         "weapon": "bold cyan", "path": "dim", "cave": "dim"}
LEGEND = [words("be berries 1"), words("tu tubers 2"), words("he herbs 3"), words("ju jug"),
          words("ne necklace"), words("fu fur"),
          words("sk skull (sets of a kind: 1/3/6/10/15/20)"), words("we weapon"),
          words("M5 mammoth 5"), words("== path"), words("() cave"), words(". tile taken"),
          words("S/W summer/winter settlement"), words("digit: a pawn of that seat"),
          words("*: several pawns"), words("◆ (help FIELD) where the moves shown end")]
PLACES = {"berries": cwords("tile", "berries"), "tubers": cwords("tile", "tubers"),
          "herbs": cwords("tile", "herbs"), "jug": cwords("tile", "jug"),
          "necklace": cwords("tile", "necklace"), "fur": cwords("tile", "fur"),
          "skull": cwords("tile", "skull"), "weapon": cwords("tile", "weapon"),
          "path": cwords("tile", "path"), "cave": cwords("tile", "cave"),
          "settlement": cwords("tile", "settlement"), "occupied": cwords("tile", "occupied"),
          "no tile": cwords("tile", "no tile"),
          "summer settlement": cwords("tile", "summer settlement"),
          "winter settlement": cwords("tile", "winter settlement")}
"""What a field holds, in words (a mammoth by its value)."""
LIT = "bold black on bright_yellow"
"""The fields where the moves of a narrowed help end (also marked ◆ without colour)."""
FIELD = re.compile(r"\d+,\d+")
FOLD_PAIRS = 6
"""A narrowed help lists at most this many lines of two-pawn moves; more are counted
by the pawns that move, each with the help that lists them."""
WIDTH = 78
"""Lines are wrapped to fit an 80-column terminal."""
_MARKUP = re.compile(r"\[[^\]]*\]")


def _wrap(parts: list[str], sep: str = " · ", indent: str = "    ") -> list[str]:
    """Join ``parts`` with ``sep`` into lines of at most WIDTH visible characters."""
    lines, line = [], ""
    for part in parts:
        candidate = line + sep + part if line else part
        if line and len(_MARKUP.sub("", candidate)) > WIDTH:
            lines.append(line)
            candidate = indent + part
        line = candidate
    return lines + [line] if line else lines


def _symbol(view: dict, name: str) -> tuple[str, str]:
    settlement = view["settlements"].get(name)
    if settlement is not None:
        return ("S " if settlement["season"] == "summer" else "W "), "bold"
    kind = view["tiles"].get(name)
    if kind is None:
        return " .", "dim"
    if kind.startswith("mammoth"):
        return f"M{kind[len('mammoth'):]}", "bold red"
    return SYMBOL[kind], STYLE[kind]


def _pawns(view: dict) -> dict[str, list[int]]:
    """The seats of the pawns on each field (a seat once per pawn)."""
    out: dict[str, list[int]] = {}
    for seat in view["seats"]:
        for name in seat["pawns"]:
            out.setdefault(name, []).append(seat["seat"])
    return out


def _cell(view: dict, name: str, seats: list[int], lit: bool = False) -> str:
    text, style = _symbol(view, name)
    if lit:
        marker = "◆" if not seats else str(seats[0]) if len(seats) == 1 else "*"
        return f"[{LIT}]{text}{marker}[/]"
    if not seats:
        return f"[{style}]{text}[/] "
    if len(set(seats)) == 1:
        marker = str(seats[0]) if len(seats) == 1 else "*"
        return f"[bold white on {COLOURS[seats[0]]}]{text}{marker}[/]"
    return f"[{style}]{text}[/][bold]*[/]"


def board_text(view: dict, board: Board, lit: frozenset[str] = frozenset()) -> str:
    """The hex board: one line per row, the shifted rows (odd ones in odd-r) indented by
    half a hex, so that neighbours touch as on the board; the fields ``lit`` marked."""
    at = {rc: board.names[i] for i, rc in enumerate(board.coords)}
    pawns = _pawns(view)
    shifted = 1 if board.layout == "odd-r" else 0
    lines = ["     " + "".join(f"{c:<4}" for c in range(board.cols))]
    for r in range(board.rows):
        pad = "  " if r % 2 == shifted else ""
        cells = []
        for c in range(board.cols):
            name = at.get((r, c))
            cells.append("    " if name is None else
                         _cell(view, name, pawns.get(name, []), name in lit) + " ")
        lines.append(f"{r:>3}  {pad}" + "".join(cells).rstrip())
    return "\n".join(lines)


def _settlements(view: dict) -> list[str]:
    """Who stands in the settlements and caves, and where the crates are."""
    pawns = _pawns(view)
    places = [*view["settlements"], *(n for n, kind in view["tiles"].items() if kind == "cave")]
    lines = [f"{name}: " + " ".join(f"[{COLOURS[p]}]{p}[/]" for p in sorted(pawns[name]))
             for name in places if name in pawns]
    crates = [say(_place_words(place["season"] + " settlement")) + f" {name}: " + " ".join(
        f"[{COLOURS[p]}]■{p}[/]" for p in place["crates"])
        for name, place in view["settlements"].items() if place["crates"]]
    out = _wrap([say(words("pawns in settlements and caves:")), *lines],
                sep="  ") if lines else []
    return out + (_wrap([say(words("crates:")), *crates], sep="  ") if crates else [])


def _place_words(place: str) -> str:
    """What a field holds (``_place``) in words: ``"mammoth5"`` is a mammoth worth 5."""
    if place.startswith("mammoth"):
        return words("mammoth {value}", value=place[len("mammoth"):])
    return PLACES.get(place, place)


def _row_major(name: str) -> tuple[int, ...]:
    return tuple(int(x) for x in name.split(","))


def _seat_lines(view: dict, seat: dict, short: bool = False) -> list[str]:
    """A seat's pieces and tiles in words; ``short``: in fewer words, without its pawns'
    fields (the board shows them), for a short terminal."""
    p = seat["seat"]
    pawns = " ".join(sorted(seat["pawns"], key=_row_major)) or say(words("none on the board"))
    mammoths = " ".join(map(str, seat["mammoths"])) or "-"
    you = " " + say(words("(you)")) if p == view["seat"] else ""
    turn = " [bold]" + say(words("◀ to move")) + "[/]" if view["current_player"] == p else ""
    down = seat["face_down"]
    parts = [f"[bold {COLOURS[p]}]" + say(words("seat {seat}", seat=p)) + f"[/]{you}{turn}",
             *([] if short else [say(words("pawns {pawns}", pawns=pawns))]),
             say(words("crates {n}", n=seat["crates_in_hand"]) if short else
                 words("crates in hand {n}", n=seat["crates_in_hand"])),
             say(words("weapons {n}", n=seat["weapons"])),
             say(words("mammoths {values}", values=mammoths)),
             say(words("face down {summer}+{winter}", summer=down["summer"],
                       winter=down["winter"]) if short else
                 words("face down {summer} summer + {winter} winter", summer=down["summer"],
                       winter=down["winter"]))]
    if "collected" in seat:
        held = comma_words([kind_words(kind, n) for kind, n in seat["collected"].items()])
        parts += [say(words("revealed: {tiles}", tiles=held or words("nothing"))),
                  "[bold]" + say(nwords("{n} point", "{n} points", seat["score"])) + "[/]"]
    return _wrap(parts)


HELP_WIDTH = 80
"""The help fits an 80-column terminal (piped output too), wrapping long groups."""
HOW_TO = words("  move A>B>C    one pawn two steps, A over B to C: takes the tiles of A and "
               "B\n                (never paths or caves; an occupied B is passed over, not "
               "taken)\n  move A>B D>E  two pawns one step each, A>B first: each takes the "
               "tile it left\n  remove A      your pawn on A leaves the board this season, "
               "taking its tile")


def _place(view: dict, name: str) -> str:
    """What field ``name`` holds, in words: a settlement, a tile kind or no tile."""
    settlement = view["settlements"].get(name)
    if settlement is not None:
        return f"{settlement['season']} settlement"
    return view["tiles"].get(name, "no tile")


def _via(view: dict, name: str, pawns: dict[str, list[int]]) -> str:
    """The field passed in a two-step move: what it holds, or that it is passed over (a
    tile with a pawn on it: nothing is taken there)."""
    place = _place(view, name)
    if place.endswith("settlement"):
        return "settlement"
    return "occupied" if name in pawns and place != "cave" else place


def help_groups(view: dict, legal: Sequence[Action]) -> list[tuple[str, list[Action]]]:
    """The legal moves in the help's order, as (label, moves) groups: for each field with
    a pawn of the player to move, ``pawn A`` (no moves) and then its two-step moves by the
    field passed (``via B``: the tiles taken depend on it, so the same destination over
    another field is another move); then the two-pawn moves by first step and second
    pawn (``A>B + D>``); then ``remove``. Within a group, the order of ``legal``."""
    fields = list(dict.fromkeys(view["seats"][view["current_player"]]["pawns"]))
    rank = {name: i for i, name in enumerate(fields)}
    steps: dict[str, dict[str, list[Action]]] = {name: {} for name in fields}
    pairs: dict[tuple, list[Action]] = {}
    removes: list[Action] = []
    for action in legal:
        if action[0] == "remove":
            removes.append(action)
        elif len(action) == 2:
            path = action[1]
            steps.setdefault(path[0], {}).setdefault(path[1], []).append(action)
        else:
            pairs.setdefault((action[1], action[2][0]), []).append(action)
    seen = {first: i for i, (first, _) in reversed(list(enumerate(pairs)))}
    order = sorted(pairs, key=lambda k: (rank.get(k[0][0], len(rank)), seen[k[0]],
                                         rank.get(k[1], len(rank))))
    pawns = _pawns(view)
    out: list[tuple[str, list[Action]]] = []
    for start, vias in steps.items():
        out.append((f"pawn {start}", []))
        out += [(f"via {b} {_via(view, b, pawns)}", moves) for b, moves in vias.items()]
    out += [(f"{'>'.join(first)} + {second}>", pairs[first, second]) for first, second in order]
    return out + [("remove", removes)] if removes else out


def _shown(label: str) -> str:
    """A ``via B WHAT`` group label as the help shows it, in the reader's words."""
    _, field, place = label.split(" ", 2)
    return say(words("via {field} {place}", field=field, place=_place_words(place)))


def _end(action: Action) -> str:
    """The field an entry shows: where the (second) pawn ends, or the pawn removed."""
    return action[-1][-1] if action[0] == "move" else action[1]


def _rows(label: str, entries: list[str], label_width: int) -> list[str]:
    """``label`` and its entries in columns, wrapped to HELP_WIDTH under the first entry."""
    entry_width = max(map(len, entries)) + 2             # the last one's 2 spaces are cut
    per_line = max(1, (HELP_WIDTH - label_width + 2) // entry_width)
    chunks = [entries[i:i + per_line] for i in range(0, len(entries), per_line)]
    heads = [f"{label}:".ljust(label_width)] + [" " * label_width] * (len(chunks) - 1)
    return [(head + "".join(e.ljust(entry_width) for e in chunk)).rstrip()
            for head, chunk in zip(heads, chunks)]


def fields(action: Action) -> list[str]:
    """The fields a move names, in its order: ``move A>B>C`` A, B, C; ``move A>B D>E``
    A, B, D, E; ``remove A`` A."""
    if action[0] == "remove":
        return [action[1]]
    return [name for path in action[1:] for name in path]


def naming(legal: Sequence[Action], words: Sequence[str]) -> list[Action]:
    """The moves of ``legal`` that name every field in ``words`` (``1,10``, ``1,10>0,9``
    …), in that order, and are removals if ``remove`` is among them; none if no field
    is named."""
    named = FIELD.findall(" ".join(words))
    if not named:
        return []
    removal = any(word.casefold() == "remove" for word in words)
    out = []
    for action in legal:
        if removal and action[0] != "remove":
            continue
        rest = iter(fields(action))
        if all(name in rest for name in named):         # a subsequence, in order
            out.append(action)
    return out


def _any_kept(groups: list[tuple[str, list[Action]]], start: int, kept: set) -> bool:
    """Whether a ``via`` group from ``start`` on, up to the next other group, keeps a move."""
    for label, moves in groups[start:]:
        if not label.startswith("via "):
            return False
        if any(a in kept for a in moves):
            return True
    return False


def folds(groups: list[tuple[str, list[Action]]], kept: set) -> bool:
    """Whether a narrowed help counts its two-pawn moves instead of listing them."""
    return sum(1 for label, moves in groups
               if label.endswith(">") and any(a in kept for a in moves)) > FOLD_PAIRS


def _pawn_pairs(pairs: Sequence[Action]) -> dict[tuple[str, str], int]:
    """How many of the two-pawn moves ``pairs`` move each pair of pawns, by the fields
    of the pawn that moves first and of the other."""
    out: dict[tuple[str, str], int] = {}
    for action in pairs:
        pawns = fields(action)[0], fields(action)[2]
        out[pawns] = out.get(pawns, 0) + 1
    return out


def help_text(view: dict, legal: Sequence[Action], keep: Sequence[Action] | None = None
              ) -> str:
    """The ``help`` of terminal play (see ``JaegerSammlerDrawing.legal_help``); with
    ``keep``, only those moves, numbered as in the whole list."""
    groups = help_groups(view, legal)
    kept = None if keep is None else set(keep)
    own = view["seats"][view["current_player"]]["pawns"]
    digits, width = len(str(len(legal))), max(len(_end(a)) for a in legal)
    via_width = max((len(_shown(label)) for label, _ in groups if label.startswith("via ")),
                    default=0)
    pairs_width = max((len(label) for label, _ in groups if label.endswith(">")), default=0)
    two = sum(len(a) == 3 for a in legal)
    lines = [say(nwords("[bold]{n} legal move[/] (type one, or its number), the word move "
                        "may be left out:", "[bold]{n} legal moves[/] (type one, or its "
                        "number), the word move may be left out:", len(legal))),
             *say(HOW_TO).split("\n")]
    if kept is not None:
        lines = [say(words("[bold]{kept} of the {n} legal moves[/] (type one or its number; "
                           "◆ marks where they end):", kept=len(kept), n=len(legal)))]
    n, pairs_begun = 0, False
    pairs = [a for a in keep or () if len(a) == 3]
    fold = kept is not None and folds(groups, kept)
    for i, (label, moves) in enumerate(groups):
        entries = [f"{k:>{digits}} {_end(a):<{width}}" for k, a in enumerate(moves, n + 1)
                   if kept is None or a in kept]
        n += len(moves)
        if fold and label.endswith(">"):
            if not pairs_begun:
                pairs_begun = True
                lines.append(say(words("[bold]two pawns one step each[/] ({n} of them):",
                                       n=len(pairs))))
                lines += ["  " + say(words("{a} first, then {d}: {n} moves (help {a} {d} "
                                           "lists them)", a=a, d=d, n=count))
                          for (a, d), count in _pawn_pairs(pairs).items()]
            continue
        if kept is not None and not entries and not (
                label.startswith("pawn ") and _any_kept(groups, i + 1, kept)):
            continue
        if label.startswith("pawn "):
            start = label[len("pawn "):]
            place = _place_words(_place(view, start))
            if own.count(start) > 1:
                place = words("{place}, {n} of your pawns", place=place, n=own.count(start))
            steps = i + 1 < len(groups) and groups[i + 1][0].startswith("via ")
            lines.append(say(words("[bold]pawn {field}[/] ({place}), two steps over B to C:",
                                   field=start, place=place) if steps else
                             words("[bold]pawn {field}[/] ({place}), two steps (none)",
                                   field=start, place=place)))
        elif label.startswith("via "):
            lines += _rows("  " + _shown(label), entries, via_width + 5)
        elif label == "remove":
            lines += _rows("remove A", entries, len("remove A: "))
        else:
            if not pairs_begun:
                lines.append(say(words("[bold]two pawns one step each[/] ({n}; A>B + D>E is "
                                       "move A>B D>E):", n=two)))
                pairs_begun = True
            lines += _rows("  " + label, entries, pairs_width + 4)
    return "\n".join(lines)


class JaegerSammlerDrawing(Drawing):
    """The hex board, the settlements and crates, every seat's public collection, and the
    legal moves numbered and grouped by pawn for the prompt."""

    game: JaegerSammler

    def legend(self) -> str:
        return "\n".join(f"[dim]{line}[/]" for line in _wrap([say(part) for part in LEGEND]))

    def picture(self, view: dict, width: int | None = None,
                height: int | None = None) -> str:
        """The whole game as the view's seat sees it (face-down tiles only as counts until
        the end); the board is small enough for any terminal, the legend apart."""
        summer = view.get("season") == "summer"
        if view["phase"] == "over":
            status = words("game over")
        elif view["phase"] == "setup":
            status = words("summer set-up") if summer else words("winter set-up")
        else:
            status = (words("summer, round {round}, seat {seat} to move", round=view["round"],
                            seat=view["current_player"]) if summer else
                      words("winter, round {round}, seat {seat} to move", round=view["round"],
                            seat=view["current_player"]))
        lines = [f"[bold]Jäger und Sammler — {say(status)}[/]  "
                 + say(words("(board: {name})", name=view["board"]["name"])),
                 board_text(view, self.game.board), *_settlements(view)]
        seats = [line for seat in view["seats"] for line in _seat_lines(view, seat)]
        if height is not None and rows_taken("\n".join(lines + seats),
                                             width or 80) > height:
            # too tall (four seats at 24 rows): the seats in fewer words
            seats = [line for seat in view["seats"] for line in _seat_lines(view, seat, True)]
        return "\n".join(lines + seats)

    def numbered(self, view: dict, legal: Sequence[Action]) -> list[Action]:
        """The legal moves in the order the help numbers them (see :func:`help_groups`)."""
        return [a for _, moves in help_groups(view, legal) for a in moves]

    def legal_help(self, view: dict, legal: Sequence[Action], only: Sequence[str] = ()
                   ) -> str:
        """The legal moves numbered and grouped: one block per pawn for its two-step moves
        (by the field passed), one line per first step and second pawn for the two-pawn
        moves, one line of removals; and how to type a move. With ``only`` (fields, e.g.
        ``1,10``), the moves naming them (see :func:`naming`), numbered as in the whole
        list, under the board with the fields where they end marked."""
        if not legal:
            return say(words("no moves to choose: the tiles are being laid"))
        if not only:
            return help_text(view, legal)
        keep = naming(legal, only)
        if not keep:
            said = " ".join(only)
            if FIELD.search(said):
                return say(words("No legal move names {words}; help alone lists them all.",
                                 words=said))
            return say(words("No legal move names {words} (name fields, as 1,10 or 1,10>0,9); "
                             "help alone lists them all.", words=said))
        if folds(help_groups(view, legal), set(keep)):
            keep_lit = [a for a in keep if len(a) != 3] or keep
        else:
            keep_lit = keep
        lit = frozenset(fields(a)[-1] for a in keep_lit)
        return board_text(view, self.game.board, lit) + "\n" + help_text(view, legal, keep)

    def matching(self, view: dict, legal: Sequence[Action], words: Sequence[str]
                 ) -> list[Action]:
        """The moves the fields typed at the prompt name (see :func:`naming`): the one
        naming exactly those fields if there is one, else all naming them."""
        found = naming(legal, words)
        named = FIELD.findall(" ".join(words))
        exact = [a for a in found if fields(a) == named]
        return exact if len(exact) == 1 else found

    def prompt_forms(self, view: dict, action: Action) -> tuple[str, ...]:
        """A move may be typed without the word ``move``: ``1,1>0,1>0,0``."""
        text = str(action)
        return (text[len("move "):],) if action[0] == "move" else ()
