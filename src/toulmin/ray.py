"""toulmin on Ray (``pip install 'toulmin[ray]'``): a Ray Data stage, and the engine
behind ``verify-batch --engine ray``.

    import ray
    from toulmin.ray import Verify

    ds = ray.data.from_items([{"row": json.dumps(row)} for row in rows])
    ds = ds.map_batches(Verify, fn_constructor_kwargs={"config": cfg.model_dump_json()},
                        compute=ray.data.ActorPoolStrategy(size=4), num_cpus=1, batch_size=8)
    for out in ds.iter_rows():
        out["id"], out["line"], out["failed"]   # the line verify-batch writes, and if it is an error

Each actor loads the models once, from the toulmin installed on its node (every node
needs ``pip install toulmin``: nothing is downloaded), with one compute thread, and reads
the resolved config it is given. A row travels as its JSON text, so Arrow never reshapes
its sources; the output line is the local engine's, byte for byte except ``timings_ms``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from typing import Any

from .batch import verify_row, worker_init
from .config import Config, load_config
from .errors import DependencyError

__all__ = ["Verify", "verify_rows"]

_ONE_THREAD = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "TOULMIN_THREADS")


class Verify:
    """A stateful Ray Data stage: rows ``{"row": JSON text}`` in, ``{"id", "line", "failed"}``
    out (``failed``: the line is an error row)."""

    def __init__(self, config: str | None = None):
        # one compute thread per actor: an actor is a core (benchmarks/batch_scaling.py)
        for name in _ONE_THREAD:
            os.environ[name] = "1"
        cfg = Config.model_validate_json(config) if config else load_config()
        cfg = cfg.merged({"checker": {"threads": 1}})
        worker_init(cfg.model_dump_json())

    def __call__(self, batch: dict[str, Any]) -> dict[str, list[Any]]:
        ids: list[str] = []
        lines: list[str] = []
        failed: list[bool] = []
        for text in batch["row"]:
            row = json.loads(text)
            line, bad = verify_row(row)
            ids.append(str(row.get("id")))
            lines.append(line)
            failed.append(bad)
        return {"id": ids, "line": lines, "failed": failed}


def _ray() -> Any:
    try:
        import ray
    except ImportError as e:
        raise DependencyError("E_MISSING_EXTRA", "the Ray engine needs Ray, which is not installed",
                              fix="pip install 'toulmin[ray]', or use --engine local") from e
    return ray


def verify_rows(rows: Sequence[dict[str, Any]], config: Config, *, actors: int = 2,
                address: str | None = None, batch_size: int = 4) -> Iterator[tuple[str, bool]]:
    """(output line, whether it is an error row) for each of ``rows`` (as
    ``toulmin.batch.read_rows`` gives them), in their order, verified by ``actors`` Ray
    actors: on the cluster at ``address`` ("auto" for the one this machine belongs to),
    or, without one, on a Ray runtime started here for the run."""
    ray = _ray()
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(num_cpus=actors, include_dashboard=False, log_to_driver=False)
    try:
        ctx = ray.data.DataContext.get_current()
        ctx.execution_options.preserve_order = True  # the output is in input order
        ds = ray.data.from_items([{"row": json.dumps(r)} for r in rows])
        ds = ds.map_batches(Verify, fn_constructor_kwargs={"config": config.model_dump_json()},
                            compute=ray.data.ActorPoolStrategy(size=actors), num_cpus=1,
                            batch_size=batch_size)
        for out in ds.iter_rows():
            yield str(out["line"]), bool(out["failed"])
    finally:
        if started:
            ray.shutdown()
