"""Summary statistics of many games: per-seat means, spread, intervals (win shares are
the outcome rule of :mod:`meeple.core.outcome`)."""
from __future__ import annotations

import math
import statistics
from typing import Sequence


def mean_stdev(values: Sequence[float]) -> tuple[float, float]:
    mean = statistics.fmean(values) if values else 0.0
    stdev = statistics.stdev(values) if len(values) > 1 else 0.0
    return mean, stdev


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (ties count as half a win)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)
