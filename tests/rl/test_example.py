"""The training example of docs/research.md runs and learns (a short, seeded run)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

EXAMPLE = Path(__file__).parents[2] / "examples" / "masked_policy_gradient.py"


def _example():
    spec = importlib.util.spec_from_file_location("masked_policy_gradient", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_policy_gradient_example_learns(tmp_path):
    example = _example()
    weights, curve = example.train(episodes=200, batch=50, lr=0.01, seed=0)
    assert len(curve) == 4 and np.isfinite(weights).all()
    # seeded, so this is the same run every time: the fourth batch far above the first
    assert curve[-1] > curve[0] + 5
    assert example.evaluate(weights, 20, 0) > example.evaluate(np.zeros_like(weights), 20, 0)
    example.plot(curve, 50, -9.0, 1.0, str(tmp_path / "curve.png"))
    assert (tmp_path / "curve.png").stat().st_size > 10_000
