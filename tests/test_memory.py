"""Bounded memory: every module-level cache of the engine stays within its limit, however
many games a process plays and whatever coordinates people type (issue 13).

A source check finds the module-level containers of the engine that functions fill (and
every ``lru_cache`` without a limit): each must be a :class:`~meeple.core.memo.Memo`, or be
listed here, in ``FINITE`` with the reason its keys are few, or in ``PENDING`` (known, not
yet bounded)."""
from __future__ import annotations

import ast
import random
import sys
from pathlib import Path

import pytest

import meeple
from meeple.agents import make_agent
from meeple.core.memo import Memo
from meeple.core.state import CHANCE
from meeple.games._tilegame import notation, outlook
from meeple.games._tilegame import state as tile_state
from meeple.sim.bench import random_game
from meeple.play.playout import random_steps

SRC = Path(__file__).parents[1] / "src" / "meeple"
ENGINE = ("core", "tiles", "games", "agents")
FINITE = {
    "games/catan_dice/rules.py:_ROLL_OUTCOMES": "one entry per number of dice, 1 to 6",
    "games/catan/trade.py:_HELD": "one entry per trade table (2) and hand capped at 4 cards "
                                  "a resource (5**5): at most 6,250",
    "games/catan/trade.py:_SIDES": "one entry per offer or counter action (2,340)",
    "games/catan/trade.py:_WHERE": "one entry per trade table (2) and hand capped at 4 cards "
                                   "a resource (5**5): at most 6,250",
}
"""Module-level caches whose keys are few and fixed by the code."""
PENDING: dict[str, str] = {}
"""Unbounded caches known and not yet bounded: delete a line when its cache is bounded."""
FILLED_BY = {"setdefault", "append", "add", "update", "extend", "insert", "__setitem__"}
EMPTY = {"dict", "list", "set", "defaultdict", "OrderedDict"}


# --- Memo itself ------------------------------------------------------------------------
def test_memo_empties_itself_when_full_and_keeps_the_new_entry():
    memo: Memo[int, str] = Memo(3)
    for k in range(3):
        assert memo.put(k, str(k)) == str(k)
    table = memo.table
    assert memo.put(3, "3") == "3"
    assert memo.table is table and table == {3: "3"}
    assert len(memo) == 1 and repr(memo) == "Memo(1 of 3)"


def test_memo_trim_empties_a_table_filled_directly_past_its_limit():
    memo: Memo[int, int] = Memo(3)
    memo.table.update({1: 1, 2: 2})
    memo.trim()
    assert len(memo) == 2
    memo.table.update({3: 3, 4: 4})
    memo.trim()
    assert not memo.table


def test_memo_limit_is_at_least_one():
    with pytest.raises(ValueError, match="at least 1"):
        Memo(0)


# --- through the public paths -----------------------------------------------------------
@pytest.mark.parametrize("name", ["carcassonne", "hunters-gatherers"])
def test_place_rows_stay_within_the_limit_and_play_the_same(name, monkeypatch):
    game, seeds, limit = meeple.load(name), range(3), 200
    monkeypatch.setattr(tile_state, "_PLACE_ROWS", Memo(10 ** 9))
    records = [list(random_steps(game.new_state(s), random.Random(s))) for s in seeds]
    assert len(tile_state._PLACE_ROWS) > 3 * limit          # what the games would keep
    monkeypatch.setattr(tile_state, "_PLACE_ROWS", Memo(limit))
    for seed, record in zip(seeds, records):
        steps = random_steps(game.new_state(seed), random.Random(seed))
        for step, expected in zip(steps, record):
            assert step == expected
            assert len(tile_state._PLACE_ROWS) < limit


def test_parsed_coordinates_do_not_grow_the_place_memo():
    state = meeple.load("carcassonne").new_state(0)
    type_ = state.types[0]
    for i in range(notation.ACTIONS_KEPT + 500):
        action = state.parse(f"place {type_} {i} -{i} 90")
        assert action == ("place", type_, i, -i, 90)
    assert 0 < len(notation._PLACE) <= notation.ACTIONS_KEPT


def test_every_memo_loaded_is_within_its_limit_after_play_and_search():
    for name in ("carcassonne", "hunters-gatherers"):
        game = meeple.load(name)
        random_game(game, 1)
        state = _decision(game, 2)
        make_agent("mcts:iters=30", game, seed=0).act(state)
    known = (tile_state._PLACE_ROWS, notation._DRAW, notation._PLACE, notation._PAIR,
             outlook._CLOSERS, outlook._FILLS)
    assert all(isinstance(memo, Memo) for memo in known)
    assert outlook._CLOSERS and outlook._FILLS     # the search filled them
    for where, memo in _loaded_memos().items():
        assert len(memo) <= memo.limit, where


def _decision(game, seed: int):
    """A position of a random game of ``game`` with a seat to move, ten tiles in."""
    state, rng = game.new_state(seed), random.Random(seed)
    while state.current_player == CHANCE or state.turn < 10:
        state.apply(state.sample_chance() if state.current_player == CHANCE
                    else rng.choice(state.legal_actions()))
    return state


def _loaded_memos() -> dict[str, Memo]:
    """Every Memo at module level in the meeple modules loaded, by ``module.name``."""
    return {f"{name}.{attr}": value for name, module in list(sys.modules.items())
            if name.startswith("meeple.") for attr, value in vars(module).items()
            if isinstance(value, Memo)}


# --- the source check -------------------------------------------------------------------
def test_no_module_level_cache_in_the_engine_grows_without_bound():
    found = {f"{path.relative_to(SRC).as_posix()}:{name}"
             for layer in ENGINE for path in sorted((SRC / layer).rglob("*.py"))
             for name in _unbounded_caches(path.read_text(encoding="utf-8"))}
    unexplained = found - FINITE.keys() - PENDING.keys()
    assert not unexplained, f"bound these with meeple.core.memo.Memo: {sorted(unexplained)}"
    bounded_now = PENDING.keys() - found
    assert not bounded_now, f"bounded now: delete from PENDING {sorted(bounded_now)}"


def _unbounded_caches(source: str) -> set[str]:
    """Module-level names bound to an empty container that a function fills, and
    functions memoised by an ``lru_cache`` without a limit."""
    tree = ast.parse(source)
    empty = {target.id for node in tree.body for target in _targets(node)
             if isinstance(target, ast.Name) and _is_empty(node.value)}
    code = [node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))]
    found = {name for node in code for name in _filled(node, empty)} if empty else set()
    if "cache" in source:
        found |= {f.name for node in code for f in ast.walk(node)
                  if isinstance(f, ast.FunctionDef) and any(map(_unbounded_lru,
                                                                f.decorator_list))}
    return found


def _targets(node: ast.stmt) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return node.targets
    if isinstance(node, ast.AnnAssign) and node.value is not None:
        return [node.target]
    return []


def _is_empty(value: ast.expr) -> bool:
    """``{}``, ``[]``, ``dict()``, ``defaultdict(list)`` and the like."""
    if isinstance(value, ast.Dict):
        return not value.keys
    if isinstance(value, (ast.List, ast.Set)):
        return not value.elts
    return isinstance(value, ast.Call) and _name(value.func) in EMPTY and (
        _name(value.func) == "defaultdict" or not (value.args or value.keywords))


def _filled(code: ast.AST, names: set[str]) -> set[str]:
    """Which of the module-level ``names`` a function or class stores into by subscript
    (not by slice) or grows by a method, directly or through a local alias
    (``rows = _ROWS``, as the place cache was filled)."""
    nodes = list(ast.walk(code))
    alias = {t.id: node.value.id for node in nodes
             if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name)
             and node.value.id in names for t in node.targets if isinstance(t, ast.Name)}
    filled = set()
    for node in nodes:
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) \
                and not isinstance(node.slice, ast.Slice):
            filled.add(node.value)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in FILLED_BY:
            filled.add(node.func.value)
    ids = {alias.get(n.id, n.id) for n in filled if isinstance(n, ast.Name)}
    return ids & names


def _unbounded_lru(decorator: ast.expr) -> bool:
    if _name(decorator) == "cache":
        return True
    if isinstance(decorator, ast.Call) and _name(decorator.func) == "lru_cache":
        size = next((k.value for k in decorator.keywords if k.arg == "maxsize"),
                    decorator.args[0] if decorator.args else None)
        return isinstance(size, ast.Constant) and size.value is None
    return False


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None
