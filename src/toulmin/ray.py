"""toulmin on Ray (``pip install 'toulmin[ray]'``): Ray Data stages, and the engine
behind ``verify-batch``, ``score-pairs`` and ``eval pairs`` with ``--engine ray``.

    import ray
    from toulmin.ray import Verify

    ds = ray.data.from_items([{"row": json.dumps(row)} for row in rows])
    ds = ds.map_batches(Verify, fn_constructor_kwargs={"config": cfg.model_dump_json()},
                        compute=ray.data.ActorPoolStrategy(size=4), num_cpus=1, batch_size=8)
    for out in ds.iter_rows():
        out["id"], out["line"], out["failed"]   # the line verify-batch writes, and if it is an error

``ScorePairs`` is the same for ``{"row": JSON of {"id", "doc", "claim"}}`` rows, giving
``{"id", "score"}`` (a ``PairScore`` as JSON).

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

from ._worker import ONE_THREAD_ENV, init_error, pairs_init, score_chunk, verify_row, worker_init
from .classify.pairs import PairScore
from .config import Config, load_config
from .errors import DependencyError, error_from_dict

__all__ = ["ScorePairs", "Verify", "score_rows", "verify_rows"]

_QUEUED = 2  # batches sent to an actor ahead of the one it runs, at most


def _one_thread(config: str | None) -> str:
    """The config an actor runs: the given one (or the layers), with one compute thread,
    because an actor is a core (benchmarks/batch_scaling.py)."""
    for name in ONE_THREAD_ENV:
        os.environ[name] = "1"
    cfg = Config.model_validate_json(config) if config else load_config()
    return cfg.merged({"checker": {"threads": 1}}).model_dump_json()


class Verify:
    """A stateful Ray Data stage: rows ``{"row": JSON text}`` in, ``{"id", "line", "failed"}``
    out (``failed``: the line is an error row)."""

    def __init__(self, config: str | None = None):
        # an actor that cannot start says why (ready) rather than die and be restarted
        self.error = init_error(worker_init, _one_thread(config))

    def ready(self) -> dict[str, Any] | None:
        """None when the models loaded, else the error that stopped them."""
        return self.error

    def __call__(self, batch: dict[str, Any]) -> dict[str, list[Any]]:
        if self.error is not None:
            raise error_from_dict(self.error)
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


class ScorePairs:
    """A stateful Ray Data stage: rows ``{"row": JSON of {"id", "doc", "claim"} or {"id",
    "error"}}`` in, ``{"id", "score": PairScore JSON}`` out, the batch in one model call."""

    def __init__(self, config: str | None = None):
        self.error = init_error(pairs_init, _one_thread(config))

    def ready(self) -> dict[str, Any] | None:
        """None when the checker loaded, else the error that stopped it."""
        return self.error

    def __call__(self, batch: dict[str, Any]) -> dict[str, list[Any]]:
        if self.error is not None:
            raise error_from_dict(self.error)
        rows = [json.loads(text) for text in batch["row"]]
        scores = score_chunk(rows)
        return {"id": [str(r.get("id")) for r in rows], "score": [s.model_dump_json() for s in scores]}


def _ray() -> Any:
    try:
        import ray
    except ImportError as e:
        raise DependencyError("E_MISSING_EXTRA", "the Ray engine needs Ray, which is not installed",
                              fix="pip install 'toulmin[ray]', or use --engine local") from e
    return ray


def _run(stage: type, rows: Sequence[dict[str, Any]], config: Config, actors: int, address: str | None,
         batch_size: int) -> Iterator[dict[str, Any]]:
    """``stage``'s output rows for ``rows``, in their order, on ``actors`` Ray actors: on
    the cluster at ``address`` ("auto" for the one this machine belongs to), or, without
    one, on a Ray runtime started here for the run and stopped after it.

    Plain actors, not a Ray Data pipeline: the driver only waits on results, and on two
    cores Ray Data's executor in the driver took a share of the actors' time. An actor
    that dies is restarted (its models loaded again) and its batch run again, so a row
    is neither lost nor written twice."""
    ray = _ray()
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(num_cpus=actors, include_dashboard=False, log_to_driver=False)
    try:
        cls = ray.remote(num_cpus=1, max_restarts=-1, max_task_retries=-1)(stage)
        cfg = config.model_dump_json()
        pool = [cls.remote(cfg) for _ in range(actors)]
        # every actor up before any batch is sent; the first that could not start stops
        # the run with its error (and its exit status)
        for err in ray.get([a.ready.remote() for a in pool]):
            if err is not None:
                raise error_from_dict(err)
        batches = [{"row": [json.dumps(r) for r in rows[k : k + batch_size]]}
                   for k in range(0, len(rows), batch_size)]
        # Each actor holds _QUEUED batches, so it starts the next one as it ends one, without
        # waiting for the driver to see the result and send more; the driver hands a batch
        # to whichever actor frees up, and gives the results back in input order.
        pending: dict[Any, tuple[int, Any]] = {}
        done: dict[int, dict[str, list[Any]]] = {}
        sent = emitted = 0
        for actor in pool * _QUEUED:
            if sent < len(batches):
                pending[actor.__call__.remote(batches[sent])] = (sent, actor)
                sent += 1
        while emitted < len(batches):
            ready, _ = ray.wait(list(pending), num_returns=1)
            i, actor = pending.pop(ready[0])
            done[i] = ray.get(ready[0])
            if sent < len(batches):
                pending[actor.__call__.remote(batches[sent])] = (sent, actor)
                sent += 1
            while emitted in done:
                out = done.pop(emitted)
                emitted += 1
                for k in range(len(out["id"])):
                    yield {name: col[k] for name, col in out.items()}
    finally:
        if started:
            ray.shutdown()


def verify_rows(rows: Sequence[dict[str, Any]], config: Config, *, actors: int = 2,
                address: str | None = None, batch_size: int = 2) -> Iterator[tuple[str, bool]]:
    """(output line, whether it is an error row) for each of ``rows`` (as
    ``toulmin.batch.read_rows`` gives them), in their order, verified by ``actors`` Ray
    actors (see ``_run`` for ``address``), ``batch_size`` rows a task: a row takes about a
    second, so small batches leave no actor idle at the end while another finishes."""
    for out in _run(Verify, rows, config, actors, address, batch_size):
        yield str(out["line"]), bool(out["failed"])


def score_rows(rows: Sequence[dict[str, Any]], config: Config, *, actors: int = 2,
               address: str | None = None, batch_size: int = 64) -> Iterator[PairScore]:
    """The ``PairScore`` of each row ``{"id", "doc", "claim"}`` (or error row ``{"id",
    "error"}``), in order, scored by ``actors`` Ray actors, ``batch_size`` pairs per call."""
    for out in _run(ScorePairs, rows, config, actors, address, batch_size):
        yield PairScore.model_validate_json(out["score"])
