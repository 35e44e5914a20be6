"""The Ray backend plays exactly the games of the local process backend: same seeds, same
per-game records and scores, the same summaries; without Ray, a clear message."""
from __future__ import annotations

import subprocess
import sys

import pytest

from meeple.sim import backends
from meeple.sim.simulate import simulate
from meeple.sim.tournament import tournament

ray = pytest.importorskip("ray", reason="the Ray backend needs the 'dist' extra")


@pytest.fixture(scope="module")
def local_ray():
    """One local Ray for the module (starting it takes seconds)."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def _records(folder) -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(folder.iterdir())}


def _same_but_speed(a: dict, b: dict) -> None:
    for summary in (a, b):
        summary.pop("games_per_second"), summary.pop("seconds")
    assert a == b


def test_simulate_on_ray_plays_the_same_games(local_ray, tmp_path):
    seen = []
    runs = {}
    for backend, workers in (("local", 2), ("ray", 2)):
        folder = tmp_path / backend
        runs[backend] = simulate("catan-dice", ["random", "greedy"], 30, seed=4,
                                 workers=workers, records_dir=str(folder), backend=backend,
                                 progress=seen.append)
    assert _records(tmp_path / "local") == _records(tmp_path / "ray")
    assert len(_records(tmp_path / "ray")) == 30
    _same_but_speed(runs["local"], runs["ray"])
    assert sum(seen) == 60                                  # the progress bar moved


def test_tournament_on_ray_gives_the_same_results(local_ray):
    args = ("carcassonne", ["random", "greedy"], 6)
    local = tournament(*args, seed=2, workers=2, config={"deck": {"U": 4, "V": 4, "E": 2}})
    on_ray = tournament(*args, seed=2, workers=2, config={"deck": {"U": 4, "V": 4, "E": 2}},
                        backend="ray")
    _same_but_speed(local, on_ray)


def test_without_ray_the_message_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)          # import ray now fails
    with pytest.raises(ValueError, match=r"pip install 'meeple\[dist\]'"):
        simulate("catan-dice", ["random"], 2, backend="ray")
    with pytest.raises(ValueError, match="unknown backend"):
        list(backends.run_jobs(len, [("ab",)], backend="spark"))


def test_address_without_the_ray_backend_is_refused():
    out = subprocess.run([sys.executable, "-m", "meeple.cli", "simulate", "catan-dice",
                          "--agents", "random", "--games", "2", "--address", "auto"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 1
    assert "give --backend ray too" in out.stderr
