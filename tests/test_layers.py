"""The house: every arrow of imports points down the layers (drivers → agents → games →
tiles/core), no module imports itself round a cycle at run time, and no game module is
named by string outside its own package."""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).parents[1] / "src" / "meeple"
LAYERS = {"core": 0, "tiles": 1, "games": 2, "agents": 3}
"""Layers below the drivers; a module may import only from its own layer or lower ones.
Everything else (play, sim, terminal, server, rl, cli, the package's front door) is a
driver."""


def _modules() -> dict[str, Path]:
    out = {}
    for path in SRC.rglob("*.py"):
        parts = ["meeple", *path.relative_to(SRC).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _resolve(module: str, path: Path, node: ast.ImportFrom) -> list[str]:
    """The meeple modules an ``from ... import`` names (a package's submodules included)."""
    if node.level:
        package = module.split(".")
        if path.name != "__init__.py":
            package = package[:-1]
        package = package[: len(package) - node.level + 1]
        base = ".".join(package + ([node.module] if node.module else []))
    else:
        base = node.module or ""
    if not base.startswith("meeple"):
        return []
    names = [f"{base}.{alias.name}" for alias in node.names]
    return [n for n in names if n in MODULES] or [base]


def _imports(module: str, runtime_only: bool) -> set[str]:
    """The meeple modules ``module`` imports, anywhere in it (inside functions too); with
    ``runtime_only``, not those imported for type checking only (``if TYPE_CHECKING``)."""
    path = MODULES[module]
    found: set[str] = set()

    def visit(nodes) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                if not runtime_only:
                    visit(node.body)
                visit(node.orelse)
                continue
            if isinstance(node, ast.ImportFrom):
                found.update(_resolve(module, path, node))
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith("meeple"))
            visit(ast.iter_child_nodes(node))

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return found - {module}


def _layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.get(parts[1]) if len(parts) > 1 else None


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _layer(m) is not None))
def test_imports_point_down(module):
    own = _layer(module)
    upward = sorted(m for m in _imports(module, runtime_only=False)
                    if _layer(m) is None or _layer(m) > own)
    assert not upward, f"{module} imports from above its layer: {upward}"


def test_a_game_knows_only_its_own_package_and_the_family_engine():
    for module in MODULES:
        parts = module.split(".")
        if len(parts) < 4 or parts[1] != "games":
            continue
        others = {m.split(".")[2] for m in _imports(module, runtime_only=False)
                  if m.startswith("meeple.games.") and len(m.split(".")) > 2}
        assert others <= {parts[2], "_tilegame"}, (module, others)


def test_no_runtime_import_cycle():
    graph = {m: {i for i in _imports(m, runtime_only=True) if i in MODULES}
             for m in MODULES}
    # importing a submodule first runs its package's __init__, which is how packages work;
    # a cycle is a module that needs itself back through other modules, at import time or
    # later (an import inside a function)
    packages = {m for m, p in MODULES.items() if p.name == "__init__.py"}
    graph = {m: deps - packages for m, deps in graph.items() if m not in packages}
    state: dict[str, int] = {}

    def visit(m: str, trail: list[str]) -> None:
        state[m] = 1
        for d in graph.get(m, ()):
            if state.get(d) == 1:
                raise AssertionError("import cycle: " + " → ".join(trail[trail.index(d):]
                                                                   + [d]))
            if d not in state:
                visit(d, trail + [d])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [m])


def test_no_game_module_is_named_by_string_outside_its_package():
    pattern = re.compile(r"""["']meeple\.games\.(\w+)""")
    for module, path in MODULES.items():
        for game in pattern.findall(path.read_text(encoding="utf-8")):
            assert module.startswith(f"meeple.games.{game}"), (module, game)


def test_drivers_reach_games_only_through_the_registry():
    """Outside ``meeple.games``, only the registry (``meeple.games``) is imported, never a
    game's own modules: a driver learns of a game from its declaration alone."""
    for module in MODULES:
        if module.startswith("meeple.games"):
            continue
        inside = sorted(m for m in _imports(module, runtime_only=False)
                        if m.startswith("meeple.games."))
        assert not inside, f"{module} imports a game's modules: {inside}"


OWN_NEEDS = {"encoding": {"numpy", "gymnasium"}, "render": {"rich"}}
"""What a game's RL encoding module may import besides the standard library (the extra
``rl``; ``Game.encoding()`` imports it on demand), and its terminal drawing (``rich``, the
command line's, to measure the marked-up text it draws)."""


def _third_party(path: Path) -> set[str]:
    """The top-level names of what ``path`` imports from outside meeple and the standard
    library."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and not node.level:
            found.add((node.module or "").split(".")[0])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names)
    return {n for n in found if n and n != "meeple" and n not in sys.stdlib_module_names}


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _layer(m) is not None))
def test_the_engine_needs_only_the_standard_library(module):
    allowed = OWN_NEEDS.get(module.split(".")[-1], set())
    assert _third_party(MODULES[module]) <= allowed, module


def test_playing_every_game_imports_no_encoding():
    """Loading and playing every game leaves numpy and the encodings unimported (they are
    imported by ``Game.encoding()`` only)."""
    script = ("import random, sys, meeple\n"
              "from meeple.core.state import CHANCE\n"
              "for name in meeple.GAMES:\n"
              "    state = meeple.load(name).new_state(1)\n"
              "    rng = random.Random(1)\n"
              "    while not state.is_terminal():\n"
              "        state.apply(state.sample_chance() if state.current_player == CHANCE\n"
              "                    else rng.choice(state.legal_actions()))\n"
              "print(sorted(m for m in sys.modules if m == 'numpy' or m.endswith('.encoding')))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
