"""Catan at the terminal (rich markup), drawn from a seat's view alone: the island as a hex
map (:mod:`.text_board`), a panel beside it (the turn and the dice, the bank, every seat's
public counts, your hand and development cards, Longest Road and Largest Army, an open
offer), and a last line saying what the seat to move may do.

Layouts: in 120x45 (and wider, or ``board all``) the whole map with every edge id and the
panel beside it; in 80x24 the compact map (node ids; a road is named by its two nodes,
``road 23 18``) with the panel beside it; narrower, the panel under the map.

At the prompt a move may be typed as the screen names it, besides the notation:
``settlement 23``, ``city 23``, ``road 23 18`` or ``road 27``, ``robber 4 blue``,
``bank 4 ore for grain``, ``offer 2 grain for brick`` (counts and any order),
``counter ...``, ``discard 2 ore wool``, ``plenty ore grain``, ``monopoly ore``,
``trade blue``, ``knight``. ``trade`` (or ``help trade``) shows the trade panel: the
rates you have with the bank and how to make an offer.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ...core.action import Action
from ...core.drawing import Drawing, narrowed, nothing
from .board import EDGE_NODES, RESOURCES
from .text_board import COMPACT, LETTERS, STYLE, WHOLE, compact, whole
from .words import COLOURS, cards

PANEL_BESIDE = 26
"""The fewest columns the panel needs beside the map."""
GAP = 1
INITIAL = {"lumber": "L", "brick": "B", "wool": "W", "grain": "G", "ore": "O"}
DEV_NAMES = {"knight": "knight", "roadbuilding": "road building", "plenty": "year of plenty",
             "monopoly": "monopoly", "vp": "victory point"}
COSTS = "costs: road L+B · settlement L+B+W+G · city 2G+3O · development card W+G+O"
LEGEND = ("map: hexes show terrain (for forest→lumber L, hil hills→brick B, pas pasture→wool "
          "W, fld fields→grain G, mtn mountains→ore O, des desert), number (6 and 8 in red), "
          "pips (• ways of 36) and <hex id>; numbers at corners are node ids; R▲ a settlement "
          "of red, R■ a city (B blue, W white, O orange); ╱ ╲ │ a free path, r b w o a road; "
          "harbours off the coast: 3:1, or 2L 2B 2W 2G 2O (2:1 for that resource). "
          "board all: the whole map with edge ids. " + COSTS)
PLURAL_ALIASES = {r + "s": r for r in RESOURCES} | {"ores": "ore", "grains": "grain",
                                                    "wools": "wool", "bricks": "brick",
                                                    "lumbers": "lumber"}
CARD_KINDS = ("offer", "counter", "discard", "maritime", "bank", "plenty")


def _name(view: dict, p: int) -> str:
    you = " (you)" if view["seat"] == p else ""
    return f"[{STYLE[p]}]{COLOURS[p]}[/]{you}"


def _short(counts: dict) -> str:
    """``{"wool": 2, "ore": 1}`` as ``2W 1O``, in resource order."""
    return " ".join(f"{counts[r]}{INITIAL[r]}" for r in RESOURCES if counts.get(r)) or "none"


def _status(view: dict) -> list[str]:
    if view["terminal"]:
        return [f"[bold]Catan — game over: {_name(view, view['winner'])} wins[/]"]
    mover = view["mover"]
    phase = view["phase"]
    dice = f" · rolled [bold]{view['dice']}[/]" if view["rolled"] and view["dice"] else ""
    return [f"[bold]Catan[/] · turn {view['turn']} · {_name(view, mover)}", f"{phase}{dice}"]


def _seat_lines(view: dict, seat: dict, wide: bool, roomy: bool) -> list[str]:
    p = seat["seat"]
    marks = (" [bold]LR[/]" if view["longest_road"] == p else "") + \
            (" [bold]LA[/]" if view["largest_army"] == p else "")
    to_move = "▶" if view["current_player"] == p else " "
    head = (f"{to_move}[{STYLE[p]}]{LETTERS[p]} {COLOURS[p]}[/]"
            f"{' (you)' if view['seat'] == p else ''} [bold]{seat['points']}[/] "
            f"point{'s' * (seat['points'] != 1)}{marks}")
    counts = (f"{seat['cards']} cards, {seat['dev_cards']} dev, {seat['knights']} knights, "
              f"road {seat['road_length']}") if wide else \
        (f"{seat['cards']} cards, {seat['dev_cards']} dev, {seat['knights']} knights, road "
         f"{seat['road_length']}" if roomy else
         f"{seat['cards']} cards {seat['dev_cards']} dev {seat['knights']} kn "
         f"rd {seat['road_length']}")
    if wide:
        harbours = f", {'/'.join(h.replace(' 2:1', '') for h in seat['harbours'])}" \
            if seat["harbours"] else ""
        return [f"{head} · {counts}{harbours}"]
    return [head, "  " + counts]


def _own(view: dict) -> list[str]:
    seat = view["seat"]
    if seat is None or "hand" not in view["seats"][seat]:
        return []
    me = view["seats"][seat]
    lines = [f"hand: [bold]{escape(cards(me['hand']))}[/]"]
    dev = []
    for card, n in me["dev"].items():
        new = me["new_dev"].get(card, 0)
        dev.append(f"{n} {DEV_NAMES[card]}" + (f" ({new} new)" if new else ""))
    if dev:
        lines.append("dev cards: " + ", ".join(dev))
    if me["harbours"]:
        lines.append("harbours: " + ", ".join(me["harbours"]))
    return lines


def _offer_lines(view: dict, wide: bool) -> list[str]:
    deal = view["negotiation"]
    if not deal:
        return []
    said = (lambda c: escape(cards(c))) if wide else (lambda c: _short(dict(Counter(c))))
    offer = (f"offer by {_name(view, view['mover'])}: gives {said(deal['gives'])} "
             f"for {said(deal['asks'])}")
    lines = [offer]
    for p, answer in deal["answers"].items():
        if isinstance(answer, str):
            words = answer + "ed" if answer == "accept" else answer + "d"
        else:
            c = answer["counter"]
            words = f"counters: gives {said(c['gives'])} for {said(c['asks'])}"
        lines.append(f"  {_name(view, int(p))} {words}")
    return lines


def panel(view: dict, width: int, tall: bool = False) -> list[str]:
    """The panel's lines, each at most ``width`` columns; ``tall``: beside the whole map,
    with room for the building costs too."""
    wide = width >= 60
    lines = _status(view)
    if wide:
        lines.append(f"bank {_short(view['bank'])} · {view['deck']} development cards left")
    else:
        lines += [f"bank {_short(view['bank'])}", f"development cards left {view['deck']}"]
    for seat in view["seats"]:
        lines += _seat_lines(view, seat, wide, width >= 36)
    lines += _own(view)
    lines += _offer_lines(view, wide)
    steal = view["steal"]
    if steal and "card" in steal and view["seat"] in (steal["thief"], steal["victim"]):
        lines.append(f"stolen: {_name(view, steal['victim'])} → {_name(view, steal['thief'])}"
                     f": {escape(cards([steal['card']]))}")
    if view["to_discard"]:
        lines.append("to discard: " + ", ".join(f"{_name(view, p)} {n}"
                                               for p, n in view["to_discard"]))
    if tall:
        lines.append(f"[dim]{COSTS}[/]")
    return [part for line in lines for part in _wrapped(line, width)]


def _wrapped(markup: str, width: int) -> list[str]:
    """``markup`` wrapped to ``width`` columns (a panel line never runs into the map),
    the lines after the first indented."""
    text = Text.from_markup(markup)
    if text.cell_len <= width:
        return [markup]
    lines = text.wrap(Console(width=width), width - 2)
    return [("" if i == 0 else "  ") + line.markup for i, line in enumerate(lines)]


NEXT_STEP = {
    "setup settlement": "[bold]settlement N[/] — N a node id on the map, none built next to it",
    "setup road": "a road from your settlement — [bold]road {n} M[/], M a node next to {n}",
    "before the roll": "[bold]roll[/], or first play a card (help)",
    "trade and build": "build (road A B, settlement N, city N), [bold]buy[/], [bold]trade[/], "
                       "[bold]end[/] (help)",
    "discard": "a 7 — discard {need} cards: [bold]discard 2 ore wool ...[/]",
    "robber": "move the robber — [bold]robber H[/] (a hex id) or robber H COLOUR",
    "road building": "a free road — [bold]road A B[/] or road E",
    "answer": "[bold]accept[/], [bold]decline[/], or [bold]counter[/] (e.g. counter 2 grain "
              "for brick)",
    "close": "[bold]trade[/] COLOUR (who accepted or countered) or [bold]cancel[/]",
}
"""What the seat to move may do in each phase (the picture's last line)."""


def todo(view: dict) -> str:
    """What the seat to move may do now, in words (the picture's last line)."""
    if view["terminal"]:
        return f"game over: {COLOURS[view['winner']]} wins"
    who = view["current_player"]
    phase = view["phase"]
    if who is None or who < 0:
        return "chance: " + phase
    name = _name(view, who)
    if view["seat"] is not None and view["seat"] != who:
        return f"{name} to move ({phase})"
    need = dict(view["to_discard"]).get(who, 0)
    words = NEXT_STEP.get(phase, "{phase}").format(n=view.get("setup_node"), need=need, phase=phase)
    return f"{name}: {words}"


def _side_by_side(left: list[str], left_width: int, right: list[str]) -> list[str]:
    out = []
    for i in range(max(len(left), len(right))):
        a = left[i] if i < len(left) else " " * left_width
        b = right[i] if i < len(right) else ""
        out.append((a + " " * GAP + b).rstrip())
    return out


def layout(view: dict, width: int | None, height: int | None) -> str:
    """The map and the panel fitted to ``width`` × ``height`` (None: no limit)."""
    wide_w = WHOLE.size()[1]
    big = (height is None or height >= WHOLE.size()[0] + 1) and \
        (width is None or width >= wide_w)
    lines_map = whole(view) if big else compact(view)
    map_w = wide_w if big else COMPACT.size()[1]
    room = (width or 200) - map_w - GAP
    if room >= PANEL_BESIDE:
        body = _side_by_side(lines_map, map_w, panel(view, room, big)[:len(lines_map)])
    else:
        body = [line.rstrip() for line in lines_map] + panel(view, width or 80)
    return "\n".join([*body, todo(view)])


# --- what a person types ----------------------------------------------------------------------
def _cards_typed(words: list[str]) -> list[str] | None:
    """``2 grain brick`` as a card list in resource order; None if it is not one."""
    out: list[str] = []
    count = 1
    for w in words:
        if w.isdigit() and len(w) < 3:
            count = int(w)
            continue
        r = PLURAL_ALIASES.get(w, w)
        r = next((name for name, letter in INITIAL.items() if letter.lower() == r), r)
        if r not in RESOURCES:
            return None
        out += [r] * count
        count = 1
    return sorted(out, key=RESOURCES.index)


def normalise(view: dict, text: str) -> str:
    """A trade, discard or card typed with counts or in any order, as the notation writes
    it: ``offer 2 grain for brick`` → ``offer grain grain for brick``; ``bank 3 ore for
    wool`` → ``maritime ore ore ore for wool``; ``robber 4 blue`` → ``robber 4 from 1``;
    ``trade blue`` → ``trade 1``; ``settlement 23`` → ``build settlement 23``."""
    words = text.casefold().replace(",", " ").split()
    if not words:
        return text
    kind, rest = words[0], words[1:]
    colour = {c: str(i) for i, c in enumerate(COLOURS)}
    if kind in ("offer", "counter", "maritime", "bank") and rest.count("for") == 1:
        i = rest.index("for")
        give, get = _cards_typed(rest[:i]), _cards_typed(rest[i + 1:])
        if give and get:
            kind = "maritime" if kind == "bank" else kind
            return " ".join([kind, *give, "for", *get])
    if kind in ("discard", "plenty") and rest:
        typed = _cards_typed(rest)
        if typed:
            return " ".join(["discard" if kind == "discard" else "play plenty", *typed])
    if kind == "play" and rest[:1] == ["plenty"] and len(rest) > 1:
        typed = _cards_typed(rest[1:])
        if typed:
            return " ".join(["play plenty", *typed])
    if kind == "monopoly" and len(rest) == 1:
        return f"play monopoly {PLURAL_ALIASES.get(rest[0], rest[0])}"
    if kind in ("knight", "roadbuilding") and not rest:
        return f"play {kind}"
    if kind == "robber" and len(rest) == 2 and rest[1] in colour:
        return f"robber {rest[0]} from {colour[rest[1]]}"
    if kind == "trade" and rest[-1:] and rest[-1] in colour and len(rest) <= 2:
        return f"trade {colour[rest[-1]]}"
    if kind in ("settlement", "city") and len(rest) == 1:
        return f"build {kind} {rest[0]}"
    if kind == "road" and len(rest) in (1, 2):
        return "build road " + _edge_named(rest)
    return text


def _edge_named(words: list[str]) -> str:
    """The edge id that ``road E`` or ``road A B`` (two adjacent nodes) names, as text."""
    if len(words) == 1:
        return words[0]
    if all(w.isdigit() and len(w) < 3 for w in words):
        pair = tuple(sorted(int(w) for w in words))
        if pair in EDGE_NODES:
            return str(EDGE_NODES.index(pair))
    return " ".join(words)


# --- help -------------------------------------------------------------------------------------
def _ids(actions: list[Action]) -> str:
    return " ".join(str(a[-1]) for a in actions)


def _roads(actions: list[Action]) -> str:
    return ", ".join(f"{a[2]} ({EDGE_NODES[a[2]][0]}-{EDGE_NODES[a[2]][1]})" for a in actions)


def trade_help(view: dict, legal: Sequence[Action]) -> str:
    """The trade panel: your hand, each rate you may trade at with the bank, the offers
    left this turn, and how to type a trade."""
    bank: dict[str, list[str]] = {}
    for a in legal:
        if a[0] == "maritime":
            i = a.index("for")
            key = f"{i - 1} {a[1]}"
            bank.setdefault(key, []).append(a[-1])
    lines = []
    seat = view["seat"]
    if seat is not None and "hand" in view["seats"][seat]:
        lines.append(f"your hand: {cards(view['seats'][seat]['hand'])}")
    if bank:
        lines.append("with the bank: " + "; ".join(f"{k} for {'/'.join(v)}"
                                                  for k, v in bank.items())
                     + " — type [bold]bank 4 ore for grain[/]")
    else:
        lines.append("with the bank: nothing now (4 of a kind, 3 with a 3:1 harbour, 2 with a "
                     "2:1 harbour of that resource)")
    left = view["offers_per_turn"] - view["offers_made"]
    if any(a[0] == "offer" for a in legal):
        lines.append(f"with the players ({left} offer{'s' * (left != 1)} left this turn): "
                     "[bold]offer 2 grain for brick[/] — up to 3 cards a side, no resource on "
                     "both sides; each other seat accepts, declines or counters, then you "
                     "[bold]trade COLOUR[/] or [bold]cancel[/]")
    elif view["phase"] == "trade and build":
        lines.append("with the players: no offer now" + (" (none left this turn)"
                                                         if left <= 0 else ""))
    return "\n".join(lines)


def grouped_help(view: dict, legal: Sequence[Action]) -> str:
    groups: dict[str, list[Action]] = {}
    for a in legal:
        key = a[0] if a[0] != "build" else a[1]
        groups.setdefault(key, []).append(a)
    lines = []
    for key, acts in groups.items():
        if key == "settlement":
            lines.append(f"[bold]settlement N[/], N one of: {_ids(acts)}")
        elif key == "city":
            lines.append(f"[bold]city N[/], N one of: {_ids(acts)}")
        elif key == "road":
            lines.append(f"[bold]road E[/] or road A B: {_roads(acts)}")
        elif key == "robber":
            lines.append("[bold]robber H[/] (+ whom): " + ", ".join(
                f"{a[1]}" + (f" {COLOURS[a[3]]}" if len(a) == 4 else "") for a in acts))
        elif key in ("offer", "counter"):
            lines.append(f"[bold]{key}[/] GIVE for GET: {len(acts)} possible, e.g. "
                         f"{acts[0]} (counts allowed: {key} 2 grain for brick)")
        elif key == "maritime":
            lines.append("[bold]bank[/] with the bank: " + ", ".join(
                f"{a.index('for') - 1} {a[1]} for {a[-1]}" for a in acts))
        elif key == "discard":
            lines.append(f"[bold]discard[/] {len(acts[0]) - 1} cards, e.g. "
                         f"{' '.join(acts[0][1:])} ({len(acts)} ways; counts allowed)")
        elif key == "play":
            lines.append("[bold]play[/]: " + ", ".join(" ".join(map(str, a[1:])) for a in acts))
        elif key == "trade":
            lines.append("[bold]trade[/] with: " + ", ".join(COLOURS[a[1]] for a in acts))
        else:
            lines.append(f"[bold]{key}[/]")
    return "\n".join(lines)


class CatanDrawing(Drawing):
    """The island and the seats' counts as text."""

    def picture(self, view: dict, width: int | None = None,
                height: int | None = None) -> str:
        return layout(view, width, height)

    def legend(self) -> str:
        return LEGEND

    def legal_help(self, view: dict, legal: Sequence[Action], only: Sequence[str] = ()
                   ) -> str:
        """The legal moves grouped by kind in the forms the prompt takes; ``help trade``
        the trade panel; ``help WORD``: the moves naming it."""
        if [w.casefold() for w in only] in (["trade"], ["bank"]):
            return trade_help(view, legal)
        if not only:
            return grouped_help(view, legal) if legal else "no move to make now"
        shown = narrowed(self, view, legal, only)
        if not shown:
            return nothing(only)
        return grouped_help(view, shown)

    def matching(self, view: dict, legal: Sequence[Action], words: Sequence[str]
                 ) -> list[Action]:
        """``trade`` alone: every trade now (the trade panel is shown); ``robber H`` where
        someone there may be robbed: the choices of whom."""
        words = [w.casefold() for w in words]
        if words == ["trade"]:
            return [a for a in legal if a[0] in ("maritime", "offer", "trade")]
        if len(words) == 2 and words[0] == "robber" and words[1].isdigit():
            return [a for a in legal if a[0] == "robber" and str(a[1]) == words[1]]
        return []

    def help_for(self, view: dict, legal: Sequence[Action], only: Sequence[str] = ()) -> str:
        return self.legal_help(view, legal, only)

    def prompt_forms(self, view: dict, action: Action) -> tuple[str, ...]:
        """A build by its piece and place (``settlement 23``, ``road 23 18``, ``road 27``);
        a robber by colour (``robber 4 blue``); a trade by colour (``trade blue``)."""
        kind = action[0]
        if kind == "build":
            piece, where = action[1], action[2]
            if piece == "road":
                a, b = EDGE_NODES[where]
                return (f"road {a} {b}", f"road {where}", f"road {b} {a}")
            return (f"{piece} {where}",)
        if kind == "robber" and len(action) == 4:
            return (f"robber {action[1]} {COLOURS[action[3]]}",)
        if kind == "trade":
            return (f"trade {COLOURS[action[1]]}",)
        if kind == "maritime":
            return (f"bank {action.index('for') - 1} {action[1]} for {action[-1]}",)
        return ()

    def prompt_text(self, view: dict, text: str) -> str:
        return normalise(view, text)

    def dealt(self, view: dict, action: Action) -> str | None:
        """A chance outcome as ``view``'s seat may read it: nothing for the board and the
        dice (their events say it), a stolen card only to the thief and the victim, a drawn
        development card only to its buyer."""
        kind = action[0]
        if kind == "stolen":
            steal = view.get("steal")
            if steal and "card" in steal and view["seat"] in (steal["thief"], steal["victim"]):
                return (f"the stolen card: {cards([steal['card']])} "
                        f"({COLOURS[steal['victim']]} → {COLOURS[steal['thief']]})")
            return ""
        if kind == "draw":
            seat = view["seat"]
            if seat is not None and seat == view["mover"] and "dev" in view["seats"][seat]:
                return f"you drew {DEV_NAMES[action[1]]}"
            return ""
        return ""
