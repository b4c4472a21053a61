"""One batch row verified inside a worker: the models a worker process or a Ray actor
loads once, and the per-row contract every batch engine shares (an error of one row is
that row's error row; the run goes on)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from .config import Config
from .errors import ToulminError
from .rows import to_line

if TYPE_CHECKING:
    from .classify.pairs import PairScore

__all__ = ["ONE_THREAD_ENV", "init_error", "pairs_init", "pool_init", "score_chunk", "verify_row",
           "worker_init"]

log = logging.getLogger(__name__)

# what holds each library to one compute thread in a worker or an actor (the checker,
# the embedder's onnxruntime session, BLAS), set to "1" where processes share the cores
ONE_THREAD_ENV = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "TOULMIN_THREADS")

_WORKER: Any = None
_ON_REPORT: Any = None


def worker_init(cfg_json: str) -> None:
    global _WORKER, _ON_REPORT
    from .lessons import lesson_recorder
    from .verify import Verifier

    cfg = Config.model_validate_json(cfg_json)
    _WORKER = Verifier(cfg)
    _ON_REPORT = lesson_recorder(cfg)


def init_error(init: Any, cfg_json: str) -> dict[str, Any] | None:
    """Run a worker's ``init``; the error it raised as ``ToulminError.to_dict`` gives it
    (a bug as E_INTERNAL), or None. A worker that cannot start must say why once and stop
    the run: raised in a pool's initializer, the pool started another worker, which
    failed the same way, for as long as the run was left (132 tracebacks in 90 s)."""
    try:
        init(cfg_json)
    except ToulminError as e:
        return e.to_dict()
    except Exception as e:  # a bug: the run stops with it, named, and the log has the traceback
        log.error("batch: a worker could not start", exc_info=True)
        return {"code": "E_INTERNAL", "message": f"a worker could not start: {type(e).__name__}: {e}",
                "fix": "report this as a bug, with the log"}
    return None


def pool_init(cfg_json: str, started: Any) -> None:
    """A pool worker's initializer: loads the models and puts what happened on ``started``
    (None, or the error), never raising, so the pool does not start it again."""
    started.put(init_error(worker_init, cfg_json))


def verify_row(row: dict[str, Any]) -> tuple[str, bool]:
    """(output line, whether it is an error row). Nothing raised while verifying one row
    stops the batch: an error of toulmin is that row's error, anything else (a bug) is an
    E_INTERNAL error row that names the exception, logged with its traceback."""
    rid = row.get("id")
    label = {"label": row["label"]} if "label" in row else {}
    try:
        if "error" in row:
            return to_line({"id": rid, "error": row["error"], **label}), True
        rep = _WORKER.verify(row["answer"], row["sources"], row.get("question"), on_report=_ON_REPORT)
        return to_line({"id": rid, "report": rep.model_dump(mode="json"), **label}), False
    except ToulminError as e:
        return to_line({"id": rid, "error": e.to_dict(), **label}), True
    except Exception as e:  # a bug: recorded in the row and counted, the other rows still run
        log.error("batch: line %s (id %r) failed unexpectedly", row.get("line"), rid, exc_info=True)
        return to_line({"id": rid, "error": {
            "code": "E_INTERNAL",
            "message": f"line {row.get('line')}: unexpected {type(e).__name__}: {e}",
            "fix": "this is a bug in toulmin: please report it with this row; the other rows were verified",
        }, **label}), True


_PAIRS: Any = None


def pairs_init(cfg_json: str) -> None:
    """A worker that scores (doc, claim) pairs: the config's pair checker and windows."""
    global _PAIRS
    from .components import build_components

    parts = build_components(Config.model_validate_json(cfg_json))
    _PAIRS = (parts.pair_checker, parts.window)


def score_chunk(rows: list[dict[str, Any]], parts: tuple[Any, Any] | None = None) -> list[PairScore]:
    """The score of each row ``{"id", "doc", "claim"}``, in order, in one model call; a
    row that is already an error row (``{"id", "error"}``) keeps its error. ``parts``:
    (checker, window settings), default this worker's (``pairs_init``)."""
    from .classify.pairs import PairScore, score_pairs

    checker, win = parts or _PAIRS
    good = [r for r in rows if "error" not in r]
    scored = iter(score_pairs(checker, [r["doc"] for r in good], [r["claim"] for r in good],
                              [str(r["id"]) for r in good], win))
    return [PairScore(id=str(r["id"]), error=r["error"]) if "error" in r else next(scored) for r in rows]
