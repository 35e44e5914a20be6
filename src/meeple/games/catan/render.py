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
rates you have with the bank and how to make an offer. The reader's colour and resource
words are taken too (``robber 4 modrá``, ``bank 4 ruda for obilí``): every word on screen
is said in the reader's language (:func:`meeple.core.text.say`), the notation is not.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ...core.action import Action
from ...core.drawing import Drawing, narrowed, nothing
from ...core.text import Text as Words
from ...core.text import colour_word, comma_words, nwords, say, words
from .board import EDGE_NODES, RESOURCES
from .phases import (ANSWER, CLOSE, DISCARD, MAIN, PREROLL, ROADS, ROBBER, SETTLE,
                     SETUP_ROAD)
from .text_board import (COMPACT, STYLE, WHOLE, compact, letter, robber_mark, short,
                         whole)
from .words import (CARD_TITLES, COLOURS, RESOURCE_WORDS, TERRAIN_OF,
                    TERRAIN_WORDS, cards, harbour, phase)

PANEL_BESIDE = 26
"""The fewest columns the panel needs beside the map."""
GAP = 1
INITIAL = {"lumber": "L", "brick": "B", "wool": "W", "grain": "G", "ore": "O"}
"""Each resource's letter (the bank's counts, the costs, the harbours on the compact map):
the same in every language, as a person may type it (``bank 4 o for g``)."""
COSTS = words("costs: road L+B · settlement L+B+W+G · city 2G+3O · development card W+G+O")
PLURAL_ALIASES = {r + "s": r for r in RESOURCES} | {"ores": "ore", "grains": "grain",
                                                    "wools": "wool", "bricks": "brick",
                                                    "lumbers": "lumber"}
CARD_KINDS = ("offer", "counter", "discard", "maritime", "bank", "plenty")


def legend() -> str:
    """What the map's and the panel's marks mean, in the reader's words."""
    terrains = [words("{short} {terrain}→{resource} {letter}", short=short(t),
                      terrain=TERRAIN_WORDS[t], resource=RESOURCE_WORDS[r], letter=INITIAL[r])
                for r, t in TERRAIN_OF.items()]
    terrains.append(words("{short} {terrain}", short=short("desert"),
                          terrain=TERRAIN_WORDS["desert"]))
    others = comma_words([f"{letter(p)} {say(colour_word(c))}"
                          for p, c in enumerate(COLOURS) if p])
    parts = [
        words("map: hexes show terrain ({terrains}), number (6 and 8 in red), pips (• ways of "
              "36) and <hex id>; {robber} the robber; numbers at corners are node ids; "
              "{settlement} a settlement of {colour}, {city} a city ({others}); ╱ ╲ │ a free "
              "path, {roads} a road; harbours off the coast: 3:1, or 2L 2B 2W 2G 2O (2:1 for "
              "that resource).", terrains=comma_words(terrains), robber=robber_mark(),
              settlement=letter(0) + "▲", city=letter(0) + "■",
              colour=colour_word(COLOURS[0]), others=others,
              roads=" ".join(letter(p).lower() for p in range(len(COLOURS)))),
        words("Beside it: each seat's points, cards in hand, development cards (dev), knights "
              "played (kn) and longest road (rd); LR Longest Road, LA Largest Army."),
        words("board all: the whole map with edge ids."), COSTS]
    return " ".join(say(part) for part in parts)


def _name(view: dict, p: int) -> str:
    you = " " + say(words("(you)")) if view["seat"] == p else ""
    return f"[{STYLE[p]}]{say(colour_word(COLOURS[p]))}[/]{you}"


def _short(counts: dict) -> str:
    """``{"wool": 2, "ore": 1}`` as ``2W 1O``, in resource order."""
    return " ".join(f"{counts[r]}{INITIAL[r]}" for r in RESOURCES if counts.get(r)) or \
        say(words("none"))


def _status(view: dict) -> list[str]:
    if view["terminal"]:
        return ["[bold]" + say(words("Catan — game over: {who} wins",
                                     who=_name(view, view["winner"]))) + "[/]"]
    dice = " · " + say(words("rolled [bold]{dice}[/]", dice=view["dice"])) \
        if view["rolled"] and view["dice"] else ""
    return [say(words("[bold]Catan[/] · turn {turn} · {who}", turn=view["turn"],
                      who=_name(view, view["mover"]))),
            say(phase(view["phase"])) + dice]


def _seat_lines(view: dict, seat: dict, wide: bool, roomy: bool) -> list[str]:
    p = seat["seat"]
    marks = (" [bold]" + say(words("LR")) + "[/]" if view["longest_road"] == p else "") + \
            (" [bold]" + say(words("LA")) + "[/]" if view["largest_army"] == p else "")
    to_move = "▶" if view["current_player"] == p else " "
    points = say(nwords("[bold]{n}[/] point", "[bold]{n}[/] points", seat["points"]))
    head = f"{to_move}[{STYLE[p]}]{letter(p)}[/] {_name(view, p)} {points}{marks}"
    if wide or roomy:
        counts = say(comma_words([
            nwords("{n} card", "{n} cards", seat["cards"]),
            words("{n} dev", n=seat["dev_cards"]),
            nwords("{n} knight", "{n} knights", seat["knights"]),
            words("road {n}", n=seat["road_length"])]))
    else:
        counts = say(nwords("{n} card {dev} dev {knights} kn rd {road}",
                            "{n} cards {dev} dev {knights} kn rd {road}", seat["cards"],
                            dev=seat["dev_cards"], knights=seat["knights"],
                            road=seat["road_length"]))
    if wide:
        kinds = [h.split()[0] for h in seat["harbours"]]       # "3:1", "ore 2:1"
        harbours = ", " + "/".join(say(RESOURCE_WORDS[k]) if k in RESOURCE_WORDS else k
                                   for k in kinds) if kinds else ""
        return [f"{head} · {counts}{harbours}"]
    return [head, "  " + counts]


def _own(view: dict) -> list[str]:
    seat = view["seat"]
    if seat is None or "hand" not in view["seats"][seat]:
        return []
    me = view["seats"][seat]
    lines = [say(words("hand: [bold]{cards}[/]", cards=escape(say(cards(me["hand"])))))]
    dev = []
    for card, n in me["dev"].items():
        new = me["new_dev"].get(card, 0)
        held = words("{n} {card}", n=n, card=CARD_TITLES[card])
        dev.append(words("{held} {new}", held=held, new=words("({n} new)", n=new))
                   if new else held)
    if dev:
        lines.append(say(words("development cards: {cards}", cards=comma_words(dev))))
    if me["harbours"]:
        lines.append(say(words("harbours: {harbours}",
                               harbours=comma_words([harbour(h) for h in me["harbours"]]))))
    return lines


ANSWERS = {"accept": words("accepts"), "decline": words("declines")}
"""A seat's answer to an offer, in the panel's words (a counter is said with its cards)."""


def _offer_lines(view: dict, wide: bool) -> list[str]:
    deal = view["negotiation"]
    if not deal:
        return []

    def said(c: list[str]) -> str:
        return escape(say(cards(c))) if wide else _short(dict(Counter(c)))

    lines = [say(words("offer by {who}: gives {gives} for {asks}", who=_name(view, view["mover"]),
                       gives=said(deal["gives"]), asks=said(deal["asks"])))]
    for p, answer in deal["answers"].items():
        if isinstance(answer, str):
            did: Words | str = ANSWERS.get(answer, answer)
        else:
            c = answer["counter"]
            did = words("counters: gives {gives} for {asks}", gives=said(c["gives"]),
                        asks=said(c["asks"]))
        lines.append("  " + say(words("{who} {did}", who=_name(view, int(p)), did=did)))
    return lines


def panel(view: dict, width: int, tall: bool = False) -> list[str]:
    """The panel's lines, each at most ``width`` columns; ``tall``: beside the whole map,
    with room for the building costs too."""
    wide = width >= 60
    lines = _status(view)
    if wide:
        lines.append(say(nwords("bank {bank} · {n} development card left",
                                "bank {bank} · {n} development cards left", view["deck"],
                                bank=_short(view["bank"]))))
    else:
        lines += [say(words("bank {bank}", bank=_short(view["bank"]))),
                  say(words("development cards left: {n}", n=view["deck"]))]
    for seat in view["seats"]:
        lines += _seat_lines(view, seat, wide, width >= 36)
    lines += _own(view)
    lines += _offer_lines(view, wide)
    steal = view["steal"]
    if steal and "card" in steal and view["seat"] in (steal["thief"], steal["victim"]):
        lines.append(say(words("stolen: {victim} → {thief}: {card}",
                               victim=_name(view, steal["victim"]),
                               thief=_name(view, steal["thief"]),
                               card=escape(say(cards([steal["card"]]))))))
    if view["to_discard"]:
        lines.append(say(words("to discard: {who}", who=comma_words(
            [f"{_name(view, p)} {n}" for p, n in view["to_discard"]]))))
    if tall:
        lines.append(f"[dim]{say(COSTS)}[/]")
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
    SETTLE: lambda n, need: words("[bold]settlement N[/] — N a node id on the map, none built "
                                  "next to it"),
    SETUP_ROAD: lambda n, need: words("a road from your settlement — [bold]road {n} M[/], M a "
                                      "node next to {n}", n=n),
    PREROLL: lambda n, need: words("[bold]roll[/], or first play a card (help)"),
    MAIN: lambda n, need: words("build (road A B, settlement N, city N), [bold]buy[/], "
                                "[bold]trade[/], [bold]end[/] (help)"),
    DISCARD: lambda n, need: nwords("a 7 — discard {n} card: [bold]discard 2 ore wool ...[/]",
                                    "a 7 — discard {n} cards: [bold]discard 2 ore wool ...[/]",
                                    need),
    ROBBER: lambda n, need: words("move the robber — [bold]robber H[/] (a hex id) or robber H "
                                  "COLOUR"),
    ROADS: lambda n, need: words("a free road — [bold]road A B[/] or road E"),
    ANSWER: lambda n, need: words("[bold]accept[/], [bold]decline[/], or [bold]counter[/] "
                                  "(e.g. counter 2 grain for brick)"),
    CLOSE: lambda n, need: words("[bold]trade[/] COLOUR (who accepted or countered) or "
                                 "[bold]cancel[/]"),
}
"""What the seat to move may do in each phase (the picture's last line), from the node just
settled (``n``) and the cards to discard (``need``)."""


def todo(view: dict) -> str:
    """What the seat to move may do now, in words (the picture's last line)."""
    if view["terminal"]:
        return say(words("game over: {who} wins", who=colour_word(COLOURS[view["winner"]])))
    who = view["current_player"]
    now = phase(view["phase"])
    if who is None or who < 0:
        return say(words("chance: {action}", action=now))
    name = _name(view, who)
    if view["seat"] is not None and view["seat"] != who:
        return say(words("{who} to move ({phase})", who=name, phase=now))
    need = dict(view["to_discard"]).get(who, 0)
    step = NEXT_STEP.get(view["phase"])
    return f"{name}: {say(step(view.get('setup_node'), need) if step else now)}"


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
def _said(table: Mapping[str, str]) -> dict[str, str]:
    """The reader's words of ``table`` as a person types them (lower case), each to its
    key: ``robber 4 modrá`` and ``bank 4 ruda for obilí`` read as the English do."""
    return {say(word).casefold(): key for key, word in table.items()}


def _cards_typed(tokens: list[str]) -> list[str] | None:
    """``2 grain brick`` as a card list in resource order; None if it is not one."""
    out: list[str] = []
    count = 1
    for w in tokens:
        if w.isdigit() and len(w) < 3:
            count = int(w)
            continue
        r = PLURAL_ALIASES.get(w, w)
        r = next((name for name, initial in INITIAL.items() if initial.lower() == r), r)
        r = _said(RESOURCE_WORDS).get(r, r)
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
    tokens = text.casefold().replace(",", " ").split()
    if not tokens:
        return text
    kind, rest = tokens[0], tokens[1:]
    colour = {c: str(i) for i, c in enumerate(COLOURS)} | {
        name: str(COLOURS.index(c)) for name, c in _said(
            {c: colour_word(c) for c in COLOURS}).items()}
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
        typed = _cards_typed(rest)
        return f"play monopoly {typed[0] if typed else rest[0]}"
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


def _edge_named(tokens: list[str]) -> str:
    """The edge id that ``road E`` or ``road A B`` (two adjacent nodes) names, as text."""
    if len(tokens) == 1:
        return tokens[0]
    if all(w.isdigit() and len(w) < 3 for w in tokens):
        pair = tuple(sorted(int(w) for w in tokens))
        if pair in EDGE_NODES:
            return str(EDGE_NODES.index(pair))
    return " ".join(tokens)


# --- help -------------------------------------------------------------------------------------
def _ids(actions: list[Action]) -> str:
    return " ".join(str(a[-1]) for a in actions)


def _roads(actions: list[Action]) -> str:
    return ", ".join(f"{a[2]} ({EDGE_NODES[a[2]][0]}-{EDGE_NODES[a[2]][1]})" for a in actions)


def _colour(p: int) -> str:
    """Seat ``p``'s colour in the reader's words, as the prompt takes it (``trade modrá``)."""
    return say(colour_word(COLOURS[p]))


def _either(names: list[Words]) -> str:
    """``grain/wool``: the resources one may take for the same cards."""
    return "/".join(say(name) for name in names)


def trade_help(view: dict, legal: Sequence[Action]) -> str:
    """The trade panel: your hand, each rate you may trade at with the bank, the offers
    left this turn, and how to type a trade."""
    bank: dict[tuple[int, str], list[Words]] = {}
    for a in legal:
        if a[0] == "maritime":
            i = a.index("for")
            bank.setdefault((i - 1, a[1]), []).append(RESOURCE_WORDS[a[-1]])
    lines = []
    seat = view["seat"]
    if seat is not None and "hand" in view["seats"][seat]:
        lines.append(words("your hand: {cards}", cards=cards(view["seats"][seat]["hand"])))
    if bank:
        rates = "; ".join(say(words("{n} {resource} for {got}", n=n, resource=RESOURCE_WORDS[r],
                                    got=_either(got)))
                          for (n, r), got in bank.items())
        lines.append(words("with the bank: {rates} — type [bold]bank 4 ore for grain[/]",
                           rates=rates))
    else:
        lines.append(words("with the bank: nothing now (4 of a kind, 3 with a 3:1 harbour, 2 "
                           "with a 2:1 harbour of that resource)"))
    left = view["offers_per_turn"] - view["offers_made"]
    if any(a[0] == "offer" for a in legal):
        lines.append(nwords(
            "with the players ({n} offer left this turn): [bold]offer 2 grain for brick[/] — up "
            "to 3 cards a side, no resource on both sides; each other seat accepts, declines or "
            "counters, then you [bold]trade COLOUR[/] or [bold]cancel[/]",
            "with the players ({n} offers left this turn): [bold]offer 2 grain for brick[/] — "
            "up to 3 cards a side, no resource on both sides; each other seat accepts, declines "
            "or counters, then you [bold]trade COLOUR[/] or [bold]cancel[/]", left))
    elif view["phase"] == MAIN:
        lines.append(words("with the players: no offer now (none left this turn)") if left <= 0
                     else words("with the players: no offer now"))
    return "\n".join(say(line) for line in lines)


def _group_line(key: str, acts: list[Action]) -> Words | str:
    """One kind of legal move in the forms the prompt takes."""
    if key == "settlement":
        return words("[bold]settlement N[/], N one of: {ids}", ids=_ids(acts))
    if key == "city":
        return words("[bold]city N[/], N one of: {ids}", ids=_ids(acts))
    if key == "road":
        return words("[bold]road E[/] or road A B: {roads}", roads=_roads(acts))
    if key == "robber":
        hexes = ", ".join(f"{a[1]}" + (f" {_colour(a[3])}" if len(a) == 4 else "")
                          for a in acts)
        return words("[bold]robber H[/] (+ whom): {hexes}", hexes=hexes)
    if key in ("offer", "counter"):
        return nwords("[bold]{key}[/] GIVE for GET: {n} possible, e.g. {example} (counts "
                      "allowed: {key} 2 grain for brick)",
                      "[bold]{key}[/] GIVE for GET: {n} possible, e.g. {example} (counts "
                      "allowed: {key} 2 grain for brick)", len(acts), key=key,
                      example=str(acts[0]))
    if key == "maritime":
        trades = ", ".join(f"{a.index('for') - 1} {a[1]} for {a[-1]}" for a in acts)
        return words("[bold]bank[/] with the bank: {trades}", trades=trades)
    if key == "discard":
        return nwords("[bold]discard[/] {n} card, e.g. {example} ({ways} ways; counts allowed)",
                      "[bold]discard[/] {n} cards, e.g. {example} ({ways} ways; counts "
                      "allowed)", len(acts[0]) - 1, example=" ".join(acts[0][1:]),
                      ways=len(acts))
    if key == "play":
        return "[bold]play[/]: " + ", ".join(" ".join(map(str, a[1:])) for a in acts)
    if key == "trade":
        colours = ", ".join(_colour(a[1]) for a in acts)
        return words("[bold]trade[/] with: {colours}", colours=colours)
    return f"[bold]{key}[/]"


def grouped_help(view: dict, legal: Sequence[Action]) -> str:
    groups: dict[str, list[Action]] = {}
    for a in legal:
        key = a[0] if a[0] != "build" else a[1]
        groups.setdefault(key, []).append(a)
    return "\n".join(say(_group_line(key, acts)) for key, acts in groups.items())


class CatanDrawing(Drawing):
    """The island and the seats' counts as text."""

    def picture(self, view: dict, width: int | None = None,
                height: int | None = None) -> str:
        return layout(view, width, height)

    def legend(self) -> str:
        return legend()

    def legal_help(self, view: dict, legal: Sequence[Action], only: Sequence[str] = ()
                   ) -> str:
        """The legal moves grouped by kind in the forms the prompt takes; ``help trade``
        the trade panel; ``help WORD``: the moves naming it."""
        if [w.casefold() for w in only] in (["trade"], ["bank"]):
            return trade_help(view, legal)
        if not only:
            return grouped_help(view, legal) if legal else say(words("no move to make now"))
        shown = narrowed(self, view, legal, only)
        if not shown:
            return nothing(only)
        return grouped_help(view, shown)

    def matching(self, view: dict, legal: Sequence[Action], tokens: Sequence[str]
                 ) -> list[Action]:
        """``trade`` alone: every trade now (the trade panel is shown); ``robber H`` where
        someone there may be robbed: the choices of whom."""
        tokens = [w.casefold() for w in tokens]
        if tokens == ["trade"]:
            return [a for a in legal if a[0] in ("maritime", "offer", "trade")]
        if len(tokens) == 2 and tokens[0] == "robber" and tokens[1].isdigit():
            return [a for a in legal if a[0] == "robber" and str(a[1]) == tokens[1]]
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
            return tuple(dict.fromkeys((f"robber {action[1]} {_colour(action[3])}",
                                        f"robber {action[1]} {COLOURS[action[3]]}")))
        if kind == "trade":
            return tuple(dict.fromkeys((f"trade {_colour(action[1])}",
                                        f"trade {COLOURS[action[1]]}")))
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
                return words("the stolen card: {cards} ({victim} → {thief})",
                             cards=cards([steal["card"]]),
                             victim=colour_word(COLOURS[steal["victim"]]),
                             thief=colour_word(COLOURS[steal["thief"]]))
            return ""
        if kind == "draw":
            seat = view["seat"]
            if seat is not None and seat == view["mover"] and "dev" in view["seats"][seat]:
                return words("you drew a card: {card}", card=CARD_TITLES[action[1]])
            return ""
        return ""
