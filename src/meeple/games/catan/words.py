"""Catan's events in words: each function words one event from its data (read lazily, so
simulation and search never pay for the words). Events are public: a stolen or drawn card's
type is never in them. Every sentence is a ``Text`` (translated for the reader)."""
from __future__ import annotations

from collections import Counter

from ...core.text import COLOUR_WORDS, Text, cwords, join_words, nwords, seat_words, words
from .board import (EDGE_HARBOUR, EDGE_HEXES, HEX_CORNERS, HEX_SIDES, NODE_HARBOUR, NODE_HEXES,
                    RESOURCES, Map)

COLOURS = ("red", "blue", "white", "orange")
TERRAIN_OF = {"lumber": "forest", "brick": "hills", "wool": "pasture", "grain": "fields",
              "ore": "mountains"}
RESOURCE_WORDS = {"lumber": cwords("resource", "lumber"), "brick": cwords("resource", "brick"),
                  "wool": cwords("resource", "wool"), "grain": cwords("resource", "grain"),
                  "ore": cwords("resource", "ore")}
ONE_CARD = {"lumber": cwords("one card", "a lumber"), "brick": cwords("one card", "a brick"),
            "wool": cwords("one card", "a wool"), "grain": cwords("one card", "a grain"),
            "ore": cwords("one card", "an ore")}
TERRAIN_WORDS = {"forest": cwords("terrain", "forest"), "hills": cwords("terrain", "hills"),
                 "pasture": cwords("terrain", "pasture"), "fields": cwords("terrain", "fields"),
                 "mountains": cwords("terrain", "mountains"),
                 "desert": cwords("terrain", "desert")}
"""Each terrain's name for people (the browser's words too); Catan Dice's knights stand on
the same terrains."""
CARD_TITLES = {"knight": words("Knight"), "roadbuilding": words("Road Building"),
               "plenty": words("Year of Plenty"), "monopoly": words("Monopoly"),
               "vp": words("Victory point")}
"""Each development card's name as a title (a hand lists them: ``2× Knight``)."""
PHASE_WORDS = {"board": cwords("phase", "board"),
               "setup settlement": cwords("phase", "setup settlement"),
               "setup road": cwords("phase", "setup road"),
               "before the roll": cwords("phase", "before the roll"),
               "dice": cwords("phase", "dice"), "discard": cwords("phase", "discard"),
               "robber": cwords("phase", "robber"), "steal": cwords("phase", "steal"),
               "trade and build": cwords("phase", "trade and build"),
               "draw": cwords("phase", "draw"), "road building": cwords("phase", "road building"),
               "answer": cwords("phase", "answer"), "close": cwords("phase", "close"),
               "over": cwords("phase", "over")}
"""Each phase (:mod:`.phases`) in words for people: English as the engine names it."""
CARD_NAMES = {"knight": words("a knight"), "roadbuilding": words("Road Building"),
              "plenty": words("Year of Plenty"), "monopoly": words("Monopoly"),
              "vp": words("a victory point card")}


# A hex is named by its terrain and number, as the board shows it ("the fields 9"). Czech
# and Russian inflect the terrain after each preposition, so each use has its context:
# "between" the hexes round a corner or either side of a path, "by" a coastal hex (also
# "on the coast of"), "onto" the hex the robber moves to.
BETWEEN = {"forest": cwords("terrain, between", "forest"),
           "hills": cwords("terrain, between", "hills"),
           "pasture": cwords("terrain, between", "pasture"),
           "fields": cwords("terrain, between", "fields"),
           "mountains": cwords("terrain, between", "mountains"),
           "desert": cwords("terrain, between", "desert")}
BY = {"forest": cwords("terrain, by", "forest"), "hills": cwords("terrain, by", "hills"),
      "pasture": cwords("terrain, by", "pasture"), "fields": cwords("terrain, by", "fields"),
      "mountains": cwords("terrain, by", "mountains"),
      "desert": cwords("terrain, by", "desert")}
ONTO = {"forest": cwords("terrain, onto", "forest"), "hills": cwords("terrain, onto", "hills"),
        "pasture": cwords("terrain, onto", "pasture"),
        "fields": cwords("terrain, onto", "fields"),
        "mountains": cwords("terrain, onto", "mountains"),
        "desert": cwords("terrain, onto", "desert")}


COMPASS = {"north": cwords("direction", "north"), "north-east": cwords("direction", "north-east"),
           "east": cwords("direction", "east"), "south-east": cwords("direction", "south-east"),
           "south": cwords("direction", "south"), "south-west": cwords("direction", "south-west"),
           "west": cwords("direction", "west"), "north-west": cwords("direction", "north-west")}
"""The compass words of a hex's corner or coast (north up, as every board is drawn)."""
CORNER_NAMES = ("north", "north-east", "south-east", "south", "south-west", "north-west")
"""A hex's corners in :data:`~.board.HEX_CORNERS` order."""
SIDE_NAMES = ("north-east", "east", "south-east", "south-west", "west", "north-west")
"""A hex's sides in :data:`~.board.HEX_SIDES` order."""


def hex_name(board: Map, h: int, case: dict[str, Text]) -> Text:
    """Hex ``h`` by its terrain and number (``"the mountains 8"``, ``"the desert"``), the
    terrain in ``case`` (:data:`BETWEEN`, :data:`BY` or :data:`ONTO`)."""
    terrain = case[board.terrain[h]]
    if board.numbers[h]:
        return words("the {terrain} {number}", terrain=terrain, number=board.numbers[h])
    return words("the {terrain}", terrain=terrain)


def _by_harbour(board: Map, slot: int, place: Text) -> Text:
    """``place``, and the harbour there if there is one (slot -1: none)."""
    if slot < 0:
        return place
    kind = board.harbours[slot]
    if kind == "any":
        return words("{place}, by the 3:1 harbour", place=place)
    return words("{place}, by the 2:1 {resource} harbour", place=place,
                 resource=resource(kind))


def node_place(board: Map, n: int) -> Text:
    """Where node ``n`` is, as a person finds it on the board: by the hexes it touches
    (``"between the fields 9, the hills 6 and the pasture 4"``, ``"on the coast between the
    forest 11 and the hills 6"``), a corner of one hex by its compass point (``"at the
    north corner of the mountains 10"``), and its harbour (``", by the 3:1 harbour"``).
    Each node's words are its own; node ids mean nothing to people."""
    hexes = NODE_HEXES[n]
    if len(hexes) == 3:
        place = words("between {hexes}",
                      hexes=join_words([hex_name(board, h, BETWEEN) for h in hexes]))
    elif len(hexes) == 2:
        place = words("on the coast between {hexes}",
                      hexes=join_words([hex_name(board, h, BETWEEN) for h in hexes]))
    else:
        h = hexes[0]
        place = words("at the {direction} corner of {hex}", hex=hex_name(board, h, BY),
                      direction=COMPASS[CORNER_NAMES[HEX_CORNERS[h].index(n)]])
    return _by_harbour(board, NODE_HARBOUR[n], place)


def edge_place(board: Map, e: int) -> Text:
    """Where edge ``e`` is: between the two hexes either side (``"between the forest 11 and
    the hills 6"``), or on one hex's coast by its compass point (``"on the north-west coast
    of the mountains 10"``), and its harbour. Each edge's words are its own."""
    hexes = EDGE_HEXES[e]
    if len(hexes) == 2:
        place = words("between {hexes}",
                      hexes=join_words([hex_name(board, h, BETWEEN) for h in hexes]))
    else:
        h = hexes[0]
        place = words("on the {direction} coast of {hex}", hex=hex_name(board, h, BY),
                      direction=COMPASS[SIDE_NAMES[HEX_SIDES[h].index(e)]])
    return _by_harbour(board, EDGE_HARBOUR[e], place)


def resource(r: str) -> Text:
    """A resource's name (``"ore"``), translatable."""
    return RESOURCE_WORDS[r]


def phase(name: str) -> Text | str:
    """A phase's name for people (a phase the table lacks as it is)."""
    return PHASE_WORDS.get(name, name)


def harbour(kind: str) -> Text | str:
    """A harbour a seat has, as the view names it (``"3:1"``, ``"ore 2:1"``), in words."""
    r = kind.split()[0]
    return words("{resource} 2:1", resource=RESOURCE_WORDS[r]) if r in RESOURCE_WORDS else kind


def seat(p: int) -> Text:
    """``"seat 2 (white)"``: a driver names the seat its own way (:func:`~meeple.core.text.named`)."""
    return seat_words(p, COLOURS[p])


def cards(names) -> str:
    """``"2 ore and a lumber"`` from a card list or ``{resource: count}``."""
    counts = Counter(names) if not isinstance(names, dict) else names
    parts = [words("{n} {resource}", n=counts[r], resource=RESOURCE_WORDS[r])
             if counts[r] > 1 else ONE_CARD[r] for r in RESOURCES if counts.get(r)]
    if not parts:
        return words("nothing")
    return join_words(parts)


def board(e: dict) -> Text:
    return words("the island is laid out")


def build(board: Map, e: dict) -> Text:
    """A building or a road, where it stands (:func:`node_place`, :func:`edge_place`)."""
    who = seat(e["seat"])
    if e["piece"] == "road":
        return words("{seat} builds a road {place}", seat=who, place=edge_place(board, e["id"]))
    place = node_place(board, e["id"])
    if e["piece"] == "city":
        return words("{seat} builds a city {place}", seat=who, place=place)
    return words("{seat} builds a settlement {place}", seat=who, place=place)


def income(e: dict) -> Text:
    return words("{seat} takes {cards} for its second settlement", seat=seat(e["seat"]),
                 cards=cards(e["cards"]))


def dice(e: dict) -> Text:
    if e["total"] == 7:
        return words("{seat} rolls 7: the robber!", seat=seat(e["seat"]))
    return words("{seat} rolls {total}", seat=seat(e["seat"]), total=e["total"])


def production(e: dict) -> Text:
    return words("{seat} receives {cards}", seat=seat(e["seat"]), cards=cards(e["cards"]))


def shortage(e: dict) -> Text:
    return words("the bank is short of {resources}: paid only where one player alone is owed",
                 resources=join_words([resource(r) for r in e["resources"]]))


def discard(e: dict) -> Text:
    return words("{seat} discards {cards}", seat=seat(e["seat"]), cards=cards(e["cards"]))


def robber(board: Map, e: dict) -> Text:
    hex = hex_name(board, e["hex"], ONTO)
    if e["victim"] is not None:
        return words("{seat} moves the robber onto {hex} and robs {victim}",
                     seat=seat(e["seat"]), hex=hex, victim=seat(e["victim"]))
    return words("{seat} moves the robber onto {hex}", seat=seat(e["seat"]), hex=hex)


def stolen(e: dict) -> Text:
    return words("{seat} steals a card from {victim}", seat=seat(e["seat"]),
                 victim=seat(e["victim"]))


def bought(e: dict) -> Text:
    return words("{seat} buys a development card ({left} left)", seat=seat(e["seat"]),
                 left=e["left"])


def played(e: dict) -> Text:
    card, who = e["card"], seat(e["seat"])
    if card == "plenty":
        return words("{seat} plays Year of Plenty and takes {cards} from the bank", seat=who,
                     cards=cards(e["cards"]))
    if card == "monopoly":
        taken = join_words([words("{n} from {seat}", n=k, seat=seat(int(p)))
                            for p, k in e["taken"].items()])
        return words("{seat} plays Monopoly on {resource}: {taken}", seat=who,
                     resource=resource(e["resource"]), taken=taken or words("nobody has any"))
    return words("{seat} plays {card}", seat=who, card=CARD_NAMES[card])


def longest_won(e: dict) -> Text:
    return nwords("{seat} takes Longest Road ({n} road): 2 points",
                  "{seat} takes Longest Road ({n} roads): 2 points", e["length"],
                  seat=seat(e["seat"]))


def longest_lost(e: dict) -> Text:
    if e["to"] < 0:
        return words("{seat} loses Longest Road, which is set aside", seat=seat(e["seat"]))
    return words("{seat} loses Longest Road, which passes to {to}", seat=seat(e["seat"]),
                 to=seat(e["to"]))


def army_won(e: dict) -> Text:
    return nwords("{seat} takes Largest Army ({n} knight): 2 points",
                  "{seat} takes Largest Army ({n} knights): 2 points", e["knights"],
                  seat=seat(e["seat"]))


def army_lost(e: dict) -> Text:
    return words("{seat} loses Largest Army to {to}", seat=seat(e["seat"]), to=seat(e["to"]))


def maritime(e: dict) -> Text:
    return words("{seat} trades {gave} to the bank for {got}", seat=seat(e["seat"]),
                 gave=cards(e["gave"]), got=cards(e["got"]))


def trade(e: dict) -> Text:
    return words("{seat} trades {gave} to {partner} for {got}", seat=seat(e["seat"]),
                 gave=cards(e["gave"]), partner=seat(e["partner"]), got=cards(e["got"]))


def revealed(e: dict) -> Text:
    return nwords("{seat} reveals {n} victory point card: {n} point",
                  "{seat} reveals {n} victory point cards: {n} points", e["cards"],
                  seat=seat(e["seat"]))


def win(e: dict) -> Text:
    return nwords("{seat} wins with {n} point", "{seat} wins with {n} points", e["points"],
                  seat=seat(e["seat"]))
