"""The Catan notation of the rules spec, section 7: text ⇄ Action, exactly one spelling each.

An action is a tuple whose parts joined by spaces are its notation: ids are ints, every
other token a str (``("build", "road", 46)``, ``("offer", "ore", "for", "lumber")``,
``("robber", 13, "from", 1)``). Card lists name one card per token in resource order
(``lumber brick wool grain ore``); a list out of that order, a leading zero or any other
variant is refused as malformed, so a record round-trips exactly.
"""
from __future__ import annotations

from ...core.action import Action
from ...core.errors import IllegalAction
from ...core.notation import number, parse_with
from ...core.text import words
from .board import EDGES, HEXES, NODES, RES_INDEX, RESOURCES, read_tokens

DEV_CARDS = ("knight", "roadbuilding", "plenty", "monopoly", "vp")
DEV_INDEX = {c: i for i, c in enumerate(DEV_CARDS)}
KNIGHT, ROADBUILDING, PLENTY, MONOPOLY, VP = range(5)
PIECES = {"road": EDGES, "settlement": NODES, "city": NODES}

SYNTAX = {
    "board": "board HEX×19 HARBOUR×9 (forest9 ... desert ... any grain ...)",
    "build": "build road E | build settlement N | build city N",
    "roll": "roll",
    "dice": "dice N (2-12)",
    "discard": "discard R ... (one name per card, in the order " + " ".join(RESOURCES) + ")",
    "robber": "robber H | robber H from S",
    "stolen": "stolen R",
    "buy": "buy",
    "draw": "draw C (" + " ".join(DEV_CARDS) + ")",
    "play": "play knight | play roadbuilding | play plenty R [R] | play monopoly R",
    "maritime": "maritime R R [R [R]] for R",
    "offer": "offer R... for R...",
    "counter": "counter R... for R...",
    "accept": "accept",
    "decline": "decline",
    "trade": "trade S",
    "cancel": "cancel",
    "end": "end",
}
BARE = frozenset({"roll", "buy", "accept", "decline", "cancel", "end"})


def parse(text: str) -> Action:
    """Parse one action; IllegalAction with the expected syntax if the text is malformed."""
    return parse_with(text, SYNTAX, _parse)


def _id(token: str, what: str, limit: int) -> int:
    value = number(token)
    if value is None or value >= limit or str(value) != token:
        token, last = repr(token), limit - 1
        raise IllegalAction(
            words("{token} is not an edge id 0-{last}", token=token, last=last) if what == "edge"
            else words("{token} is not a node id 0-{last}", token=token, last=last)
            if what == "node" else words("{token} is not a hex id 0-{last}", token=token,
                                         last=last)
            if what == "hex" else words("{token} is not a seat 0-{last}", token=token, last=last))
    return value


def cards(tokens: list[str] | tuple, what: str = "cards") -> list[str]:
    """``tokens`` checked as a non-empty card list in resource order."""
    if not tokens:
        raise IllegalAction(words("name the cards"))
    last = -1
    for t in tokens:
        i = RES_INDEX.get(t)
        if i is None:
            raise IllegalAction(words("{token} is not a resource ({names})", token=repr(t),
                                      names=" ".join(RESOURCES)))
        if i < last:
            raise IllegalAction(words("write the cards in the order {names}",
                                      names=" ".join(RESOURCES)))
        last = i
    return list(tokens)


def _split(args: list[str]) -> tuple[list[str], list[str]]:
    if args.count("for") != 1:
        raise IllegalAction(words("write the cards given, for, then the cards asked"))
    i = args.index("for")
    return cards(args[:i], "cards given"), cards(args[i + 1:], "cards asked")


def _parse(kind: str, args: list[str]) -> Action:
    if kind in BARE:
        if args:
            raise IllegalAction(words("{kind} takes nothing after it", kind=kind))
        return Action(kind)
    if kind == "board":
        board = read_tokens(args)
        if isinstance(board, str):
            raise IllegalAction(board)
        return Action("board", *args)
    if kind == "build":
        if len(args) != 2 or args[0] not in PIECES:
            raise IllegalAction(words("build takes road, settlement or city and an id"))
        what = "edge" if args[0] == "road" else "node"
        return Action("build", args[0], _id(args[1], what, PIECES[args[0]]))
    if kind == "dice":
        if len(args) != 1:
            raise IllegalAction(words("dice takes one total"))
        total = number(args[0])
        if total is None or not 2 <= total <= 12 or str(total) != args[0]:
            raise IllegalAction(words("{token} is not a dice total 2-12", token=repr(args[0])))
        return Action("dice", total)
    if kind == "discard":
        return Action("discard", *cards(args))
    if kind == "robber":
        if len(args) == 1:
            return Action("robber", _id(args[0], "hex", HEXES))
        if len(args) == 3 and args[1] == "from":
            return Action("robber", _id(args[0], "hex", HEXES), "from",
                          _id(args[2], "seat", 4))
        raise IllegalAction(words("robber takes a hex, and from and a seat when someone is "
                                  "robbed"))
    if kind in ("stolen", "draw"):
        names = RESOURCES if kind == "stolen" else DEV_CARDS
        if len(args) != 1 or args[0] not in names:
            raise IllegalAction(words("{kind} takes one of {names}", kind=kind,
                                      names=" ".join(names)))
        return Action(kind, args[0])
    if kind == "play":
        return _play(args)
    if kind == "maritime":
        give, get = _split(args)
        if len(give) not in (2, 3, 4) or len(set(give)) != 1 or len(get) != 1:
            raise IllegalAction(words("maritime gives 2, 3 or 4 cards of one resource for one "
                                      "card"))
        return Action("maritime", *give, "for", *get)
    if kind in ("offer", "counter"):
        give, get = _split(args)
        return Action(kind, *give, "for", *get)
    if len(args) != 1:                          # trade
        raise IllegalAction(words("trade takes one seat"))
    return Action("trade", _id(args[0], "seat", 4))


def _play(args: list[str]) -> Action:
    if not args or args[0] not in DEV_CARDS or args[0] == "vp":
        raise IllegalAction(words("play takes knight, roadbuilding, plenty or monopoly "
                                  "(victory point cards are never played)"))
    card, rest = args[0], args[1:]
    if card in ("knight", "roadbuilding"):
        if rest:
            raise IllegalAction(words("play {card} takes nothing after it", card=card))
        return Action("play", card)
    if card == "monopoly":
        if len(rest) != 1 or rest[0] not in RES_INDEX:
            raise IllegalAction(words("play monopoly takes one resource"))
        return Action("play", card, rest[0])
    if len(rest) not in (1, 2):
        raise IllegalAction(words("play plenty takes two resources (one when the bank has one "
                                  "card)"))
    return Action("play", card, *cards(rest))


def card_list(counts: list[int] | tuple[int, ...]) -> list[str]:
    """Counts per resource as a card list in resource order."""
    return [r for r, n in zip(RESOURCES, counts) for _ in range(n)]


def counts_of(names) -> list[int]:
    """A card list as counts per resource."""
    out = [0] * 5
    for n in names:
        out[RES_INDEX[n]] += 1
    return out
