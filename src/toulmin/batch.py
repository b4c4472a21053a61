"""Many answers, one report each: the rows, the resume and the per-row contract that
``verify-batch`` and every batch engine share.

Input rows: ``{"id", "answer", "sources", "question"?}``. Output rows:
``{"id", "report"}`` or ``{"id", "error"}``, one JSON line each, in input order; a row
that cannot be verified, whatever the reason, is an error row and the run goes on. Rows
already in the output are skipped (resume), and a line cut short by a crash is dropped.
A repeated id is an E_DUPLICATE_ID error row.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from pathlib import Path
from typing import Any

from .config import Config
from .errors import ToulminError
from .rows import parse_row, to_line

__all__ = ["read_rows", "resume", "todo", "verify_row", "worker_init"]

log = logging.getLogger(__name__)

_WORKER: Any = None
_ON_REPORT: Any = None


def worker_init(cfg_json: str) -> None:
    global _WORKER, _ON_REPORT
    from .lessons import lesson_recorder
    from .verify import Verifier

    cfg = Config.model_validate_json(cfg_json)
    _WORKER = Verifier(cfg)
    _ON_REPORT = lesson_recorder(cfg)


def verify_row(row: dict[str, Any]) -> tuple[str, bool]:
    """(output line, whether it is an error row). Nothing raised while verifying one row
    stops the batch: an error of toulmin is that row's error, anything else (a bug) is an
    E_INTERNAL error row that names the exception, logged with its traceback."""
    rid = row.get("id")
    try:
        if "error" in row:
            return to_line({"id": rid, "error": row["error"]}), True
        rep = _WORKER.verify(row["answer"], row["sources"], row.get("question"), on_report=_ON_REPORT)
        return to_line({"id": rid, "report": rep.model_dump(mode="json")}), False
    except ToulminError as e:
        return to_line({"id": rid, "error": e.to_dict()}), True
    except Exception as e:  # a bug: recorded in the row and counted, the other rows still run
        log.error("batch: line %s (id %r) failed unexpectedly", row.get("line"), rid, exc_info=True)
        return to_line({"id": rid, "error": {
            "code": "E_INTERNAL",
            "message": f"line {row.get('line')}: unexpected {type(e).__name__}: {e}",
            "fix": "this is a bug in toulmin: please report it with this row; the other rows were verified",
        }}), True


_FORMAT = 'one JSON object per line: {"id", "answer", "sources", "question"?}'
_KEYS = ("id", "answer", "sources", "question")


def read_rows(path: Path) -> list[dict[str, Any]]:
    """Every row of the file, in order: ``{"id", "line", "answer", "sources", "question"}``
    or ``{"id", "line", "error"}``. A row whose id an earlier row already has is an
    E_DUPLICATE_ID error row naming both lines: the output is keyed by id, and two
    reports under one id could not be told apart."""
    first: dict[str, int] = {}
    rows: list[dict[str, Any]] = []
    with path.open("rb") as fh:
        for n, raw in enumerate(fh, 1):
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
            if error is not None or row is None:
                rows.append({"id": rid, "line": n, "error": error})
            else:
                rows.append({"id": rid, "line": n, "answer": row["answer"], "sources": row["sources"],
                             "question": row.get("question")})
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


def resume(path: Path) -> Counter[str]:
    """How many rows with each id are already written; a torn last line (no newline)
    is cut off."""
    if not path.exists():
        return Counter()
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        keep = data.rfind(b"\n") + 1
        with path.open("r+b") as fh:
            fh.truncate(keep)
        data = data[:keep]
    done: Counter[str] = Counter()
    for line in data.splitlines():
        try:
            done[str(json.loads(line)["id"])] += 1
        except (ValueError, KeyError, TypeError):
            continue  # a foreign line is left in place but does not count as done
    return done
