"""Where a simulation's batches of games run: this process, local worker processes, or a
Ray cluster (extra ``dist``). Every backend runs the same function on the same arguments,
so a batch gives the same games wherever it runs; results come back as each batch ends
(the progress bar moves) and the caller puts them in order.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

BACKENDS = ("local", "ray")


def run_jobs(function: Callable, jobs: Sequence[tuple], workers: int = 1,
             backend: str = "local", address: str | None = None
             ) -> Iterator[tuple[int, Any]]:
    """``(i, function(*jobs[i]))`` for every job, in the order they finish: in this process
    (one worker), in ``workers`` processes, or as Ray tasks (``address``: a cluster's, whose
    CPUs run as many at once as they can; else a local Ray started here with ``workers``
    CPUs)."""
    if backend == "ray":
        yield from _ray_jobs(function, jobs, address, workers)
    elif backend != "local":
        raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    elif workers <= 1:
        for i, job in enumerate(jobs):
            yield i, function(*job)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {pool.submit(function, *job): i for i, job in enumerate(jobs)}
            for future in as_completed(futures):
                yield futures[future], future.result()


def require_ray():
    """The ``ray`` module, or ValueError saying what to install."""
    try:
        import ray
    except ImportError:
        raise ValueError("the Ray backend needs Ray: pip install 'meeple[dist]'") from None
    return ray


def _ray_jobs(function: Callable, jobs: Sequence[tuple], address: str | None, workers: int
              ) -> Iterator[tuple[int, Any]]:
    ray = require_ray()
    if not ray.is_initialized():
        ray.init(address=address, num_cpus=None if address else workers,
                 include_dashboard=False, log_to_driver=False)
    task = ray.remote(function)
    refs = {task.remote(*job): i for i, job in enumerate(jobs)}
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield refs[ref], ray.get(ref)
