"""Moving pawns: the legality of a move (with its effects), the legal moves, the season end.

A move is a list of pawn paths (field indices): one path of three fields (one pawn two
steps) or two paths of two fields (two pawns one step each, in the order written; the
second pawn's step sees the board after the first). :func:`simulate` walks a move step by
step without changing the state and returns either why it is illegal or its effects, so
``check`` and ``apply`` share one reading of the rules. :func:`legal_moves` lists the
moves of the player to act with the same reading, computed pair by pair for speed; the
tests compare it with :func:`simulate` on every candidate move.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...core.text import words
from .notation import JSAction
from .tiles import CAVE, EMPTY, IS_MAMMOTH, MULTI, TAKEABLE, WEAPON

if TYPE_CHECKING:
    from ...core.action import Action
    from .rules import JaegerSammlerState

_new = tuple.__new__


class Effects(NamedTuple):
    """What a legal move does: tiles taken, weapons left, crates left, pawns moved."""

    taken: list          # (field, code) in the order taken
    weapons: int         # the player's weapons after the move
    spent: int           # weapons spent on mammoths entered
    crates: list         # settlements where a crate is left
    moves: list          # (from, to) per pawn path


def targets(state: "JaegerSammlerState", a: int) -> list[int]:
    """The fields one step from ``a`` that can be entered: neighbours with a tile or a
    settlement, and every other cave when ``a`` holds a cave (a jump). Occupancy ignored."""
    tile = state.tile
    out = [b for b in state.board.neighbours[a] if tile[b] >= 0]
    if tile[a] == CAVE:
        out += [b for b in state.caves if b != a and b not in out]
    return out


def simulate(state: "JaegerSammlerState", player: int,
             paths: list[list[int]]) -> str | Effects:
    """Walk ``player``'s move without changing anything: the reason it is illegal (a str)
    or its :class:`Effects`."""
    tile, count, names = state.tile, state.count, state.board.names
    nbrs, season_of = state.board.neighbours, state.board.season_of
    other, mask = 1 - state.season, 1 << player
    weapons, hand, spent = state.weapons[player], state.hand[player], 0
    positions = list(state.pawns[player])
    moved: list[int] = []
    taken: list[tuple[int, int]] = []
    gone: set[int] = set()
    delta: dict[int, int] = {}
    crates: list[int] = []
    moves: list[tuple[int, int]] = []
    for path in paths:
        start = path[0]
        pawn = next((k for k, f in enumerate(positions) if f == start and k not in moved), None)
        if pawn is None:
            if any(positions[k] == start for k in moved):
                return words("you have no other pawn on {field}", field=names[start])
            return words("you have no pawn on {field}", field=names[start])
        delta[start] = delta.get(start, 0) - 1   # the pawn has left its field
        last = len(path) - 1
        passed = False
        for k in range(last):
            a, b = path[k], path[k + 1]
            if not passed:
                t = tile[a]
                if TAKEABLE[t] and a not in gone:
                    taken.append((a, t))
                    gone.add(a)
                    weapons += t == WEAPON
            if b == a:
                return words("a step must leave {field}", field=names[a])
            if b not in nbrs[a] and not (tile[a] == CAVE and tile[b] == CAVE):
                return words("{field} is not next to {other} (and not a cave jump)",
                             field=names[b], other=names[a])
            tb = tile[b]
            if tb == EMPTY or b in gone:
                return words("{field} holds no tile: it cannot be entered", field=names[b])
            passed = not MULTI[tb] and count[b] + delta.get(b, 0) > 0
            if passed:
                if k == last - 1:
                    return words("{field} is occupied", field=names[b])
            elif IS_MAMMOTH[tb]:
                if not weapons:
                    return words("entering the mammoth on {field} needs a weapon",
                                 field=names[b])
                weapons -= 1
                spent += 1
            if (season_of[b] == other and hand and not state.crates[b] & mask
                    and b not in crates):
                crates.append(b)
                hand -= 1
        end = path[-1]
        delta[end] = delta.get(end, 0) + 1
        positions[pawn] = end
        moved.append(pawn)
        moves.append((start, end))
    return Effects(taken, weapons, spent, crates, moves)


def legal_moves(state: "JaegerSammlerState", player: int) -> list[Action]:
    """Every legal move and removal of ``player``.

    Pawns on the same field are interchangeable, so each field is moved from once. Two-pawn
    moves are listed in the written orders that are legal; when both orders are legal and
    do the same thing only one is listed (the first pawn on the lower field), both when the
    order decides where the player's last crate goes.
    """
    names = state.board.names
    fields = sorted(set(state.pawns[player]))
    near = _Near(state)
    out: list[Action] = []
    for a in fields:
        _two_steps(state, a, near, state.weapons[player], out)
    _two_pawns(state, player, fields, near, out)
    out += [_new(JSAction, ("remove", names[a])) for a in fields]
    return out


class _Near(dict):
    """``targets`` per field, computed once per listing."""

    def __init__(self, state: "JaegerSammlerState"):
        super().__init__()
        self.state = state

    def __missing__(self, f: int) -> list[int]:
        out = self[f] = targets(self.state, f)
        return out


def _two_steps(state: "JaegerSammlerState", a: int, near: _Near, weapons: int,
               out: list) -> None:
    """One pawn on ``a`` two steps: every A>B>C."""
    tile, count, names = state.tile, state.count, state.board.names
    na, ta = names[a], tile[a]
    w0 = weapons + (ta == WEAPON)
    back = not (TAKEABLE[ta] or (not MULTI[ta] and count[a] > 1))   # may C be A again?
    append, multi, mammoth = out.append, MULTI, IS_MAMMOTH
    for b in near[a]:
        tb = tile[b]
        if not MULTI[tb] and count[b]:
            w1 = w0                                   # passing over: no tile, no weapon
        elif IS_MAMMOTH[tb]:
            if not w0:
                continue
            w1 = w0 - 1
        else:
            w1 = w0 + (tb == WEAPON)
        nb = names[b]
        for c in near[b]:
            tc = tile[c]
            if c == a:
                if not back:
                    continue
            elif not multi[tc] and count[c]:
                continue
            if w1 or not mammoth[tc]:
                append(_new(JSAction, ("move", (na, nb, names[c]))))


def _steps(state: "JaegerSammlerState", a: int, near: _Near, own: set[int]) -> list[tuple]:
    """One-step candidates from ``a``: (field, path, occupied by the player's own pawn,
    mammoth, holds many pawns). Fields of other players' pawns are left out."""
    tile, count, names = state.tile, state.count, state.board.names
    na, out = names[a], []
    for b in near[a]:
        tb = tile[b]
        if MULTI[tb]:
            out.append((b, (na, names[b]), False, False, True))
        elif not count[b]:
            out.append((b, (na, names[b]), False, IS_MAMMOTH[tb], False))
        elif b in own:
            out.append((b, (na, names[b]), True, IS_MAMMOTH[tb], False))
    return out


def _two_pawns(state: "JaegerSammlerState", player: int, fields: list[int], near: _Near,
               out: list) -> None:
    """Two different pawns one step each: every legal A>B D>E."""
    tile, pawns, weapons = state.tile, state.pawns[player], state.weapons[player]
    steps = {a: _steps(state, a, near, set(pawns)) for a in fields}
    crate_fields = _crate_fields(state, player) if state.hand[player] == 1 else ()
    append = out.append
    for i, a in enumerate(fields):
        a_weapon = tile[a] == WEAPON
        a_gone = TAKEABLE[tile[a]]
        for d in fields[i:]:
            if d == a and pawns.count(a) < 2:
                continue
            d_weapon = tile[d] == WEAPON
            d_gone = TAKEABLE[tile[d]]
            wa, wd = weapons + a_weapon, weapons + d_weapon
            s_d = steps[d]
            for x, (b, ab, occ_b, mb, multi_b) in enumerate(steps[a]):
                for e, de, occ_e, me, multi_e in (s_d[x:] if d == a else s_d):
                    # a>b first, then d>e (which sees a emptied and b filled)
                    first = (not occ_b and wa >= mb and not (e == a and a_gone)
                             and (multi_e or ((not occ_e or e == a) and e != b))
                             and wa - mb + d_weapon >= me)
                    # d>e first, then a>b
                    second = (not occ_e and wd >= me and not (b == d and d_gone)
                              and (multi_b or ((not occ_b or b == d) and b != e))
                              and wd - me + a_weapon >= mb)
                    if first:
                        append(_new(JSAction, ("move", ab, de)))
                        if second and b != e and b in crate_fields and e in crate_fields:
                            append(_new(JSAction, ("move", de, ab)))
                    elif second:
                        append(_new(JSAction, ("move", de, ab)))


def _crate_fields(state: "JaegerSammlerState", player: int) -> set[int]:
    """Settlements of the other season where ``player`` has no crate yet."""
    mask = 1 << player
    return {f for f in state.board.settlements[1 - state.season] if not state.crates[f] & mask}


def can_collect(state: "JaegerSammlerState") -> bool:
    """True while some pawn can still obtain a tile (the season goes on).

    A pawn can when it stands on a takeable tile, or when a takeable tile can be reached
    from it through fields with tiles or settlements (cave jumps included, other pawns
    ignored); a mammoth counts only for a player who holds a weapon or can reach one.
    """
    if not state.left:
        return False
    tile, nbrs = state.tile, state.board.neighbours
    for pawns in state.pawns:
        for f in pawns:
            if TAKEABLE[tile[f]]:
                return True
    for p, pawns in enumerate(state.pawns):
        armed = state.weapons[p] > 0
        for f in pawns:
            for b in nbrs[f]:
                t = tile[b]
                if t != EMPTY and TAKEABLE[t] and (armed or not IS_MAMMOTH[t]):
                    return True
    component: dict[int, tuple[bool, bool]] = {}
    for p, pawns in enumerate(state.pawns):
        for f in pawns:
            if f not in component:
                _label(state, f, component)
            plain, mammoth = component[f]
            if plain or (mammoth and state.weapons[p] > 0):
                return True
    return False


def _label(state: "JaegerSammlerState", start: int, component: dict) -> None:
    """Flood the component of ``start``; record (has a non-mammoth takeable tile, has a
    mammoth) for each of its fields."""
    tile, nbrs = state.tile, state.board.neighbours
    seen, todo = {start}, [start]
    plain = mammoth = False
    while todo:
        f = todo.pop()
        t = tile[f]
        if TAKEABLE[t]:
            if IS_MAMMOTH[t]:
                mammoth = True
            else:
                plain = True
        nxt = list(nbrs[f])
        if t == CAVE:
            nxt += state.caves
        for b in nxt:
            if b not in seen and tile[b] != EMPTY:
                seen.add(b)
                todo.append(b)
    for f in seen:
        component[f] = (plain, mammoth)
