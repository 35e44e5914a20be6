"""catanatron ⇄ meeple Catan: boards, ids, actions and records (rules spec 9.2).

catanatron (PyPI ``catanatron``, a benchmark and test dependency only; the engine never
imports it) is the peer engine for differential tests and bot matches. This module turns
what happened in a catanatron game into a meeple Catan record that ``meeple replay --json``
replays, and names the ids both ways:

- :func:`translate_board` — a catanatron map (or game) as a meeple board string (2.9);
  :func:`catan_map_of` — the other way, a catanatron ``CatanMap`` for a meeple board.
- :func:`node_of` / :func:`edge_of` / :func:`hex_of` — catanatron node id, edge ``(a, b)``,
  cube coordinate → meeple node, edge, hex id; :func:`cat_node` / :func:`cat_edge` /
  :func:`cat_coordinate` the other way.
- :class:`Translator` — catanatron log actions, fed one at a time, → meeple notation;
  :func:`actions_of` (a finished game's whole log), :func:`record_of` (a meeple
  :class:`~meeple.core.record.Record`), :func:`config_of` (the record's options).
- :func:`cat_action_of` — a meeple action (text) as the catanatron ``Action`` it is, in a
  catanatron state (for playing meeple bots against catanatron's).

Seats are the order of catanatron's ``state.colors`` (it shuffles the seating when a game
is made). The record's config is ``{"board": <string>, "offers_per_turn": 0}``: catanatron
has no domestic trade its players can choose (9.1), so meeple's is turned off.

Translation (9.2) and the differences it absorbs (9.1):
- ``ROLL (a, b)`` → ``roll``, ``dice a+b``.
- ``DISCARD [cards]`` (catanatron asks seats from index 0 upward) → one ``discard ...`` per
  seat, held back until the robber moves and then written in meeple's order (the mover
  first, then clockwise from the mover): discards do not interact, so the order is a
  notation difference only.
- ``MOVE_ROBBER (coordinate, color, card)`` → ``robber H from S``, ``stolen R`` (or
  ``robber H`` when nobody is robbed).
- ``BUY_DEVELOPMENT_CARD card`` → ``buy``, ``draw C``.
- ``MARITIME_TRADE (r, r, r|None, r|None, get)`` → ``maritime r... for get``.
- ``PLAY_YEAR_OF_PLENTY (r1[, r2])`` → ``play plenty r1 [r2]`` in resource order.
"""
from __future__ import annotations

import inspect

from typing import Iterable

from meeple.core.record import Record
from meeple.games.catan.board import (EDGE_NODES, EDGE_OF, HARBOUR_NODES, HEX_CORNERS,
                                      HEX_OF, HEXES, RESOURCES, COORDS)

from catanatron.models.enums import Action as CatAction, ActionType
from catanatron.models.map import (BASE_MAP_TEMPLATE, PORT_DIRECTION_TO_NODEREFS, CatanMap,
                                   LandTile, NodeRef, Port, initialize_tiles)

RESOURCE = {"WOOD": "lumber", "BRICK": "brick", "SHEEP": "wool", "WHEAT": "grain",
            "ORE": "ore"}
"""catanatron resource → meeple resource."""
CAT_RESOURCE = {v: k for k, v in RESOURCE.items()}
TERRAIN = {"WOOD": "forest", "BRICK": "hills", "SHEEP": "pasture", "WHEAT": "fields",
           "ORE": "mountains", None: "desert"}
CAT_TERRAIN = {v: k for k, v in TERRAIN.items()}
DEV_CARD = {"KNIGHT": "knight", "ROAD_BUILDING": "roadbuilding", "YEAR_OF_PLENTY": "plenty",
            "MONOPOLY": "monopoly", "VICTORY_POINT": "vp"}
RES_ORDER = {r: i for i, r in enumerate(RESOURCES)}
CORNER_REFS = (NodeRef.NORTH, NodeRef.NORTHEAST, NodeRef.SOUTHEAST, NodeRef.SOUTH,
               NodeRef.SOUTHWEST, NodeRef.NORTHWEST)
"""catanatron's corner names in meeple's corner order (N NE SE S SW NW, 2.2)."""

SPEC_NODES = (45, 48, 50, 47, 46, 49, 51, 43, 19, 22, 52, 44, 21, 20, 23, 53, 40, 16, 0, 6,
              24, 42, 18, 5, 1, 7, 25, 41, 17, 4, 2, 8, 26, 39, 15, 3, 9, 27, 38, 14, 12,
              10, 28, 37, 13, 11, 29, 36, 34, 32, 30, 35, 33, 31)
"""meeple node → catanatron node as the rules spec 9.2 lists it (checked against
:data:`CAT_NODE`, which is computed from catanatron's own template)."""


# --- ids --------------------------------------------------------------------------------------
def hex_of(coordinate: tuple[int, int, int]) -> int:
    """catanatron cube ``(x, y, z)`` → meeple hex id: ``(q, r) = (x, z)`` (9.2)."""
    x, _, z = coordinate
    return HEX_OF[(x, z)]


def cat_coordinate(h: int) -> tuple[int, int, int]:
    """meeple hex id → catanatron cube coordinate."""
    q, r = COORDS[h]
    return (q, -q - r, r)


def _laid(template, numbers: list, ports: list, tiles: list):
    """``initialize_tiles`` with these lists as they stand: catanatron's repository (3.3)
    lays numbers by its official spiral unless told ``number_placement="random"`` (which
    then takes the list given); the PyPI release (3.2.1) has no such parameter."""
    if "number_placement" in inspect.signature(initialize_tiles).parameters:
        return initialize_tiles(template, numbers, ports, tiles, number_placement="random")
    return initialize_tiles(template, numbers, ports, tiles)


def _template_tiles():
    """catanatron's base template laid with its lists as they stand (no shuffle, so that
    importing this module never draws from catanatron's global ``random``)."""
    t = BASE_MAP_TEMPLATE
    return _laid(t, list(t.numbers), list(t.port_resources), list(t.tile_resources))


def _node_table() -> tuple[int, ...]:
    """meeple node → catanatron node, read off catanatron's base template: the corners of
    each land tile, N NE SE S SW NW, against meeple's corners of the same hex. catanatron
    numbers nodes the same on every BASE map (its template's topology fixes them)."""
    tiles = _template_tiles()
    out = [-1] * 54
    for coordinate, tile in tiles.items():
        if isinstance(tile, LandTile):
            for mine, ref in zip(HEX_CORNERS[hex_of(coordinate)], CORNER_REFS):
                out[mine] = tile.nodes[ref]
    return tuple(out)


CAT_NODE = _node_table()
"""meeple node id → catanatron node id."""
MEEPLE_NODE = {c: m for m, c in enumerate(CAT_NODE)}
"""catanatron node id → meeple node id."""


def node_of(cat_node: int) -> int:
    """catanatron node id → meeple node id."""
    return MEEPLE_NODE[cat_node]


def cat_node(node: int) -> int:
    """meeple node id → catanatron node id."""
    return CAT_NODE[node]


def edge_of(cat_edge: tuple[int, int]) -> int:
    """catanatron edge (a pair of its node ids, either order) → meeple edge id."""
    a, b = node_of(cat_edge[0]), node_of(cat_edge[1])
    return EDGE_OF[(min(a, b), max(a, b))]


def cat_edge(edge: int) -> tuple[int, int]:
    """meeple edge id → catanatron edge, its two node ids smaller first (as catanatron
    lists buildable edges)."""
    a, b = (cat_node(n) for n in EDGE_NODES[edge])
    return (min(a, b), max(a, b))


# --- boards -----------------------------------------------------------------------------------
def _catan_map(source) -> CatanMap:
    """A CatanMap from a map, a board, a state or a game."""
    for attr in ("state", "board", "map"):
        if hasattr(source, attr) and not isinstance(source, CatanMap):
            source = getattr(source, attr)
    return source


def harbour_slot(port: Port) -> int:
    """The meeple harbour slot (2.6) of a catanatron port: the slot on the same two nodes."""
    a, b = PORT_DIRECTION_TO_NODEREFS[port.direction]
    nodes = tuple(sorted((node_of(port.nodes[a]), node_of(port.nodes[b]))))
    return HARBOUR_NODES.index(nodes)


def translate_board(source) -> str:
    """The meeple board string (2.9) of a catanatron map (or of its board, state or game):
    19 hex tokens in meeple hex order, then the 9 harbours in slot order."""
    cmap = _catan_map(source)
    hexes = [""] * HEXES
    for coordinate, tile in cmap.land_tiles.items():
        terrain = TERRAIN[tile.resource]
        hexes[hex_of(coordinate)] = terrain if tile.resource is None else \
            f"{terrain}{tile.number}"
    harbours = [""] * len(HARBOUR_NODES)
    for port in cmap.ports_by_id.values():
        harbours[harbour_slot(port)] = "any" if port.resource is None else \
            RESOURCE[port.resource]
    return " ".join(hexes + harbours)


def catan_map_of(board: str) -> CatanMap:
    """The catanatron map of a meeple board string (9.2): ``initialize_tiles`` with each
    list in the order of the template's topology, reversed (it takes them with ``pop()``),
    the numbers skipping the desert."""
    tokens = board.split()
    terrain = [t.rstrip("0123456789") for t in tokens[:HEXES]]
    numbers = [int(t[len(n):]) if t != n else 0 for t, n in zip(tokens[:HEXES], terrain)]
    harbours = tokens[HEXES:]
    tiles, nums, ports = [], [], []
    slot_of_port = _template_port_slots()
    for coordinate, kind in BASE_MAP_TEMPLATE.topology.items():
        if kind is LandTile:
            h = hex_of(coordinate)
            tiles.append(CAT_TERRAIN[terrain[h]])
            if numbers[h]:
                nums.append(numbers[h])
        elif isinstance(kind, tuple):
            token = harbours[slot_of_port[coordinate]]
            ports.append(None if token == "any" else CAT_RESOURCE[token])
    return CatanMap.from_tiles(_laid(BASE_MAP_TEMPLATE, nums[::-1], ports[::-1], tiles[::-1]))


def _template_port_slots() -> dict[tuple[int, int, int], int]:
    """catanatron port coordinate → meeple harbour slot (fixed by the template)."""
    tiles = _template_tiles()
    return {c: harbour_slot(t) for c, t in tiles.items() if isinstance(t, Port)}


# --- actions ----------------------------------------------------------------------------------
def cards(resources: Iterable) -> list[str]:
    """catanatron resources (Nones skipped) as a meeple card list in resource order."""
    return sorted((RESOURCE[r] for r in resources if r is not None), key=RES_ORDER.__getitem__)


class Translator:
    """catanatron log actions (fully specified: as ``game.execute`` returns them or as
    ``state.actions`` holds them), fed in order, → meeple notation.

    ``feed`` returns the meeple actions now complete; discards are held back until the
    robber moves (``pending`` says whether any are held)."""

    def __init__(self, colors):
        self.seat = {c: i for i, c in enumerate(colors)}
        self.n = len(colors)
        self.mover = 0
        self.discards: list[tuple[int, str]] = []

    @property
    def pending(self) -> bool:
        return bool(self.discards)

    def feed(self, action) -> list[str]:
        kind, value = action.action_type, action.value
        seat = self.seat[action.color]
        if kind == ActionType.DISCARD:
            self.discards.append((seat, "discard " + " ".join(cards(value))))
            return []
        out = []
        if self.discards:
            self.discards.sort(key=lambda d: (d[0] - self.mover) % self.n)
            out += [text for _, text in self.discards]
            self.discards = []
        if kind == ActionType.ROLL:
            self.mover = seat
            out += ["roll", f"dice {value[0] + value[1]}"]
        elif kind == ActionType.BUILD_SETTLEMENT:
            out.append(f"build settlement {node_of(value)}")
        elif kind == ActionType.BUILD_CITY:
            out.append(f"build city {node_of(value)}")
        elif kind == ActionType.BUILD_ROAD:
            out.append(f"build road {edge_of(value)}")
        elif kind == ActionType.MOVE_ROBBER:
            coordinate, victim, card = value[0], value[1], value[2]
            if victim is None:
                out.append(f"robber {hex_of(coordinate)}")
            else:
                out += [f"robber {hex_of(coordinate)} from {self.seat[victim]}",
                        f"stolen {RESOURCE[card]}"]
        elif kind == ActionType.BUY_DEVELOPMENT_CARD:
            out += ["buy", f"draw {DEV_CARD[value]}"]
        elif kind == ActionType.PLAY_KNIGHT_CARD:
            out.append("play knight")
        elif kind == ActionType.PLAY_ROAD_BUILDING:
            out.append("play roadbuilding")
        elif kind == ActionType.PLAY_YEAR_OF_PLENTY:
            out.append("play plenty " + " ".join(cards(value)))
        elif kind == ActionType.PLAY_MONOPOLY:
            out.append(f"play monopoly {RESOURCE[value]}")
        elif kind == ActionType.MARITIME_TRADE:
            out.append("maritime " + " ".join(cards(value[:-1])) + " for "
                       + RESOURCE[value[-1]])
        elif kind == ActionType.END_TURN:
            self.mover = (seat + 1) % self.n
            out.append("end")
        else:
            raise ValueError(f"no meeple translation for catanatron's {kind}")
        return out

    def flush(self) -> list[str]:
        """Discards still held (a log that stops before the robber moves)."""
        self.discards.sort(key=lambda d: (d[0] - self.mover) % self.n)
        out = [text for _, text in self.discards]
        self.discards = []
        return out


def actions_of(game) -> list[str]:
    """The meeple actions of a catanatron game's whole log (``game.state.actions``)."""
    t = Translator(game.state.colors)
    out: list[str] = []
    for action in game.state.actions:
        out += t.feed(action)
    return out + t.flush()


def config_of(game) -> dict:
    """The meeple options of a catanatron game: its board, no domestic trade."""
    return {"board": translate_board(game), "offers_per_turn": 0}


def record_of(game, seed: int | None = None) -> Record:
    """A catanatron game (finished or not) as a meeple Catan record."""
    colors = game.state.colors
    seats = [{"seat": i, "name": c.value.lower(), "agent": "catanatron"}
             for i, c in enumerate(colors)]
    return Record("catan", len(colors), config_of(game),
                  seed if seed is not None else getattr(game, "seed", None),
                  actions_of(game), seats)


# --- meeple → catanatron ----------------------------------------------------------------------
def cat_action_of(cat_state, text: str) -> CatAction | None:
    """The catanatron action (one of ``cat_state.playable_actions``, or a fully specified
    one) that a meeple action is, for the seat to act in ``cat_state``; None for meeple
    actions catanatron has no counterpart of (chance actions, ``roll``'s dice, ``buy``'s
    draw, ``stolen``: catanatron draws those itself)."""
    color = cat_state.current_color()
    seat_color = dict(enumerate(cat_state.colors))
    parts = text.split()
    kind = parts[0]
    if kind == "roll":
        return CatAction(color, ActionType.ROLL, None)
    if kind == "end":
        return CatAction(color, ActionType.END_TURN, None)
    if kind == "buy":
        return CatAction(color, ActionType.BUY_DEVELOPMENT_CARD, None)
    if kind == "build":
        what, i = parts[1], int(parts[2])
        if what == "road":
            a, b = cat_edge(i)
            for act in cat_state.playable_actions:
                if act.action_type == ActionType.BUILD_ROAD and set(act.value) == {a, b}:
                    return act
            return CatAction(color, ActionType.BUILD_ROAD, (a, b))
        typ = ActionType.BUILD_SETTLEMENT if what == "settlement" else ActionType.BUILD_CITY
        return CatAction(color, typ, cat_node(i))
    if kind == "robber":
        victim = seat_color[int(parts[3])] if len(parts) == 4 else None
        return CatAction(color, ActionType.MOVE_ROBBER,
                         (cat_coordinate(int(parts[1])), victim, None))
    if kind == "discard":
        return CatAction(color, ActionType.DISCARD, [CAT_RESOURCE[r] for r in parts[1:]])
    if kind == "play":
        card = parts[1]
        if card == "knight":
            return CatAction(color, ActionType.PLAY_KNIGHT_CARD, None)
        if card == "roadbuilding":
            return CatAction(color, ActionType.PLAY_ROAD_BUILDING, None)
        if card == "monopoly":
            return CatAction(color, ActionType.PLAY_MONOPOLY, CAT_RESOURCE[parts[2]])
        return CatAction(color, ActionType.PLAY_YEAR_OF_PLENTY,
                         tuple(CAT_RESOURCE[r] for r in parts[2:]))
    if kind == "maritime":
        i = parts.index("for")
        give = [CAT_RESOURCE[r] for r in parts[1:i]]
        return CatAction(color, ActionType.MARITIME_TRADE,
                         tuple(give + [None] * (4 - len(give)) + [CAT_RESOURCE[parts[-1]]]))
    return None
