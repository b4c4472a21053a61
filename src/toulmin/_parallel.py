"""One item per onnxruntime run, the runs spread over worker threads.

The checker (pairs) and the embedder (texts) both run each item alone on a
single-threaded session: no padding work, and an item's numbers depend on that
item only (int8 activation scales included), whatever else shares the call.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

__all__ = ["ItemPool", "cpu_session", "resolve_threads", "runtime_id"]

T = TypeVar("T")
R = TypeVar("R")


def resolve_threads(threads: int | None = None) -> int:
    """``threads``, else ``TOULMIN_THREADS``, else every core."""
    return max(1, threads or int(os.environ.get("TOULMIN_THREADS", 0)) or (os.cpu_count() or 1))


class ItemPool:
    """Maps a function over items in input order on ``threads`` workers.

    The executor is made on first use (a process that never scores starts no
    threads) and shared by every caller, so service requests queue on the same
    workers instead of each starting their own.
    """

    def __init__(self, threads: int | None, name: str):
        self.threads = resolve_threads(threads)
        self._name = name
        self._pool: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    def map(
        self, fn: Callable[[T], R], items: Sequence[T], cost: Callable[[T], int] | None = None,
        spare: Callable[[T], R] | None = None,
    ) -> list[R]:
        """``cost``: an item's relative run time; the costliest start first, so a long
        item does not run alone on one core at the end while the others idle.
        ``spare``: ``fn`` on every core at once, for the one item left over when the
        items do not divide evenly over the workers (a lone pair, the fifth of five):
        run alone, it would leave the other cores idle."""
        if spare is not None and self.threads > 1 and len(items) % self.threads == 1:
            if len(items) == 1:
                return [spare(items[0])]
            last = min(range(len(items)), key=lambda i: (cost(items[i]) if cost else 0, -i))
            done = self.map(fn, [x for i, x in enumerate(items) if i != last], cost)
            done.insert(last, spare(items[last]))
            return done
        if self.threads == 1 or len(items) <= 1:
            return [fn(x) for x in items]
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix=self._name)
        if cost is None:
            return list(self._pool.map(fn, items))
        order = sorted(range(len(items)), key=lambda i: -cost(items[i]))
        out: list[R] = [None] * len(items)  # type: ignore[list-item]
        for i, r in zip(order, self._pool.map(fn, [items[i] for i in order])):
            out[i] = r
        return out


# onnxruntime fuses a residual Add + LayerNormalization into SkipLayerNormalization;
# on one thread its CPU kernel took as long as a 384x1536 int8 product, and
# without the fusion the checker ran 13% faster at 256 tokens (benchmarks/ort_options.py).
DISABLED_OPTIMIZERS = ["SkipLayerNormFusion"]


def cpu_session(
    model: str | bytes, threads: int = 1, disabled: list[str] | None = None, spinning: bool = False
) -> Any:
    """An onnxruntime CPU session for one item per run (see ItemPool). For benchmarks
    that compare them: ``disabled`` replaces the graph optimisations turned off, and
    ``spinning`` keeps onnxruntime's default of worker threads that spin after a run."""
    import onnxruntime as ort

    so = ort.SessionOptions()
    so.intra_op_num_threads = threads
    so.inter_op_num_threads = 1
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    if threads > 1 and not spinning:
        # By default the session's worker threads spin for a while after each run,
        # holding a core the next stage needs (the parser, the other pair threads):
        # with spinning, a 5-claim answer took 53.4 ms instead of 47.6 (benchmarks/spare_pair.py).
        so.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return ort.InferenceSession(model, so, providers=["CPUExecutionProvider"],
                                disabled_optimizers=DISABLED_OPTIMIZERS if disabled is None else disabled)


def runtime_id() -> str:
    """What runs the ONNX models, for reports: the runtime's version and options
    change the last digits of a probability even for the same model file."""
    import onnxruntime as ort

    off = ", ".join(DISABLED_OPTIMIZERS)
    return f"onnxruntime {ort.__version__} (cpu, one thread per item, without {off})"
