"""Many answers, one report each: ``verify_many`` (the Python API), and the rows, the
resume and the engines that ``verify-batch`` runs.

Input rows: ``{"id", "answer", "sources", "question"?, "label"?}``. Output rows:
``{"id", "report"}`` or ``{"id", "error"}`` (with the input's ``label``, when it has one,
for ``toulmin report``), one JSON line each, in input order; a row
that cannot be verified, whatever the reason, is an error row and the run goes on. Rows
already in the output are skipped (resume), and a line cut short by a crash is dropped.
A repeated id is an E_DUPLICATE_ID error row.

Engines: ``local`` (worker processes on this machine, the default) and ``ray`` (Ray
actors, on a runtime started for the run or a cluster joined by address; ``toulmin.ray``).
Both give the same rows, byte for byte except ``timings_ms``.
"""

from __future__ import annotations

import json
import logging
import multiprocessing as mp
import os
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from ._worker import ONE_THREAD_ENV, pool_init, verify_row, worker_init
from .config import Config, load_config
from .errors import InputError, ModelError, error_from_dict
from .rows import parse_row

__all__ = ["ENGINES", "read_rows", "resume", "run_lines", "todo", "verify_many", "verify_row", "worker_init"]

log = logging.getLogger(__name__)

ENGINES = ("local", "ray")


def run_lines(rows: list[dict[str, Any]], cfg: Config, *, engine: str = "local", workers: int | None = None,
              actors: int | None = None, address: str | None = None) -> Iterator[tuple[str, bool]]:
    """(output line, whether it is an error row) for each of ``rows`` (as ``read_rows``
    gives them), in their order. ``local``: ``workers`` processes (default: every core),
    each with one compute thread when there are several; ``ray``: ``actors`` Ray actors
    (default: ``workers``, or every core) at ``address``, or on a runtime started here."""
    if engine not in ENGINES:
        raise InputError("E_BAD_OPTION", f"unknown engine {engine!r}",
                         fix=f"choose one of {', '.join(ENGINES)}")
    n = workers or os.cpu_count() or 1
    if n < 1 or (actors is not None and actors < 1):
        raise InputError("E_BAD_OPTION", "workers and actors must be at least 1", fix="e.g. workers=2")
    if engine == "ray":
        from .ray import verify_rows

        yield from verify_rows(rows, cfg, actors=actors or n, address=address)
        return
    if n == 1 or len(rows) <= 1:
        worker_init(cfg.model_dump_json())
        yield from map(verify_row, rows)
        return
    # one compute thread per process for every library (the checker, the embedder's
    # onnxruntime session, BLAS): the processes share the cores
    cfg = cfg.merged({"checker": {"threads": 1}})
    saved = {k: os.environ.get(k) for k in ONE_THREAD_ENV}
    os.environ.update(dict.fromkeys(ONE_THREAD_ENV, "1"))
    ctx = mp.get_context("spawn")
    started = ctx.Queue()
    try:
        pool = ctx.Pool(n, pool_init, (cfg.model_dump_json(), started))
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    try:
        # every worker up before any row is taken; the first that could not start stops
        # the run with its error (and its exit status)
        _wait_started(pool, started, n)
        yield from pool.imap(verify_row, rows, chunksize=1)
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.close()
        pool.join()


def _wait_started(pool: Any, started: Any, n: int) -> None:
    """Wait for ``n`` workers' word from ``pool_init``; raise the first one's error."""
    import queue

    heard = 0
    while heard < n:
        try:
            err = started.get(timeout=1.0)
        except queue.Empty:
            # a worker that died without a word (killed, out of memory) is replaced by the
            # pool; the run still waits for n words, and says why it waits no longer
            if all(p.exitcode not in (None, 0) for p in getattr(pool, "_pool", [])):
                raise ModelError("E_INTERNAL", "every batch worker died while loading the models",
                                 fix="run with --workers 1 to see the error") from None
            continue
        heard += 1
        if err is not None:
            raise error_from_dict(err)


def verify_many(rows: Iterable[dict[str, Any]], *, engine: str = "local", config: Config | None = None,
                workers: int | None = None, actors: int | None = None,
                address: str | None = None) -> Iterator[dict[str, Any]]:
    """Verify many answers: each of ``rows`` (``{"id", "answer", "sources", "question"?}``)
    gives one output row, ``{"id", "report"}`` (the report as JSON data) or ``{"id",
    "error": {code, message, fix}}``, in input order, exactly what ``verify-batch``
    writes. A row is checked as a line of ``verify-batch``'s input is: a row that is not
    a dict, lacks ``answer``, repeats an id or cannot be verified is an error row and
    the others go on. ``config``: the resolved config (default: the layers)."""
    cfg = config or load_config()
    lines: list[bytes] = []
    bad: dict[int, str] = {}
    for n, item in enumerate(rows, 1):
        try:
            lines.append(json.dumps(item).encode())  # a lone surrogate stays an escape: E_NOT_UTF8
        except (TypeError, ValueError) as e:
            bad[n] = f"row {n} is not JSON data: {e}"
            lines.append(b"{}")
    checked = check_rows(lines)
    for row in checked:
        if row["line"] in bad:
            row["error"] = {"code": "E_BAD_ROW", "message": bad[row["line"]],
                            "fix": "give each row as JSON data: strings, numbers, lists and dicts"}
    for line, _ in run_lines(checked, cfg, engine=engine, workers=workers, actors=actors, address=address):
        yield json.loads(line)


_FORMAT = 'one JSON object per line: {"id", "answer", "sources", "question"?}'
_KEYS = ("id", "answer", "sources", "question", "label")


def read_rows(path: Path) -> list[dict[str, Any]]:
    """Every row of the file, in order: ``{"id", "line", "answer", "sources", "question"}``
    or ``{"id", "line", "error"}``. A row whose id an earlier row already has is an
    E_DUPLICATE_ID error row naming both lines: the output is keyed by id, and two
    reports under one id could not be told apart."""
    with path.open("rb") as fh:
        return check_rows(fh)


def check_rows(lines: Iterable[bytes]) -> list[dict[str, Any]]:
    """``read_rows`` for lines already in hand, numbered from 1 (blank lines count)."""
    first: dict[str, int] = {}
    rows: list[dict[str, Any]] = []
    for n, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        rid, row, error = parse_row(raw, n, ("answer", "sources"), _KEYS, _FORMAT)
        rid = str(rid)
        question = None if row is None else row.get("question")
        if error is None and question is not None and not isinstance(question, str):
            error = {"code": "E_BAD_TYPE", "fix": "give the question as text, or leave it out",
                     "message": f"line {n}: question must be a string, got {type(question).__name__}"}
        if rid in first:
            error = {"code": "E_DUPLICATE_ID", "fix": "give every row its own id",
                     "message": f"line {n}: id {rid!r} is already the id of line {first[rid]}; "
                                "this row is not verified"}
        else:
            first[rid] = n
        # a label (grounded or not) goes through to the output row, for ``toulmin report``
        label = {"label": row["label"]} if row is not None and "label" in row else {}
        if error is not None or row is None:
            rows.append({"id": rid, "line": n, "error": error, **label})
        else:
            rows.append({"id": rid, "line": n, "answer": row["answer"], "sources": row["sources"],
                         "question": row.get("question"), **label})
    return rows


def todo(rows: list[dict[str, Any]], done: Counter[str]) -> list[dict[str, Any]]:
    """The rows not yet in the output. The output is in input order, so the k-th row
    with an id is done when the output has k rows with it: a duplicate's error row is
    resumed like any other row, never skipped because its id is done."""
    seen: Counter[str] = Counter()
    todo = []
    for row in rows:
        seen[row["id"]] += 1
        if seen[row["id"]] > done[row["id"]]:
            todo.append(row)
    return todo


class Written(Counter[str]):
    """How many rows with each id are already written, and (``errors``) how many of
    them are error rows."""

    errors: int = 0


def resume(path: Path) -> Written:
    """The rows already written (``Written``); a torn last line (no newline) is cut off."""
    if not path.exists():
        return Written()
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        keep = data.rfind(b"\n") + 1
        with path.open("r+b") as fh:
            fh.truncate(keep)
        data = data[:keep]
    done = Written()
    for line in data.splitlines():
        try:
            row = json.loads(line)
            done[str(row["id"])] += 1
        except (ValueError, KeyError, TypeError):
            continue  # a foreign line is left in place but does not count as done
        done.errors += "error" in row
    return done
