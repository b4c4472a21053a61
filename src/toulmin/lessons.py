"""Lessons (seed 003's reflexion): when chain-of-verification finds a
discrepancy or a report finds an unsupported claim, remember the mistake, its
correction and what triggered it, in a local SQLite store, so later
generation prompts can carry them (``as_prompt``).

Lessons are written from what was found, without another model call: the
mistake is the claim or discrepancy, the correction is the source's words
or the independent answer.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from .report import FLAGGED, Report

if TYPE_CHECKING:  # typing only: lessons are read from cove's results, cove does not need lessons
    from .config import Config
    from .cove import CoVeResult

__all__ = ["Lesson", "LessonStore", "default_lessons_path", "lesson_recorder", "lessons_from_cove",
           "lessons_from_report"]

class Lesson(BaseModel):
    mistake: str
    correction: str
    trigger: str = Field(description="hallucination (CoVe discrepancy) or the claim's verdict")
    origin: str = Field(description="cove or verify")
    context: str = Field("", description="the task or question it came from")


def default_lessons_path() -> Path:
    root = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(root) / "toulmin" / "lessons.sqlite"


class LessonStore:
    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path else default_lessons_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        with self._db() as db:
            db.execute(
                "CREATE TABLE IF NOT EXISTS lessons (id INTEGER PRIMARY KEY, mistake TEXT, correction TEXT, "
                "trigger TEXT, origin TEXT, context TEXT, UNIQUE (mistake, correction, trigger))"
            )

    def _db(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=30)

    def add(self, lessons: Iterable[Lesson]) -> int:
        """Store lessons; the same mistake, correction and trigger is kept once. Returns how many are new."""
        rows = [(x.mistake, x.correction, x.trigger, x.origin, x.context) for x in lessons]
        with self._lock, self._db() as db:
            before = db.total_changes
            db.executemany(
                "INSERT OR IGNORE INTO lessons (mistake, correction, trigger, origin, context) "
                "VALUES (?, ?, ?, ?, ?)",
                rows,
            )
            return db.total_changes - before

    def all(self, limit: int | None = None) -> list[Lesson]:
        q = "SELECT mistake, correction, trigger, origin, context FROM lessons ORDER BY id DESC"
        with self._lock, self._db() as db:
            rows = db.execute(q + (f" LIMIT {int(limit)}" if limit else "")).fetchall()
        return [Lesson(mistake=r[0], correction=r[1], trigger=r[2], origin=r[3], context=r[4]) for r in rows]

    def clear(self) -> int:
        with self._lock, self._db() as db:
            return db.execute("DELETE FROM lessons").rowcount

    def as_prompt(self, limit: int = 10) -> str:
        """The newest lessons as a block to put into a generation prompt."""
        items = self.all(limit)
        if not items:
            return ""
        lines = ["Lessons from earlier answers (do not repeat these mistakes):"]
        lines += [f"- MISTAKE: {x.mistake} | CORRECTION: {x.correction}" for x in items]
        return "\n".join(lines)

    def export_jsonl(self) -> str:
        return "".join(json.dumps(x.model_dump(), ensure_ascii=False) + "\n" for x in reversed(self.all()))


def lessons_from_cove(task: str, result: CoVeResult) -> list[Lesson]:
    if result.metadata.get("verified_with_discrepancy") != "true":
        return []
    # the independent answers are what the draft should have said
    fix = "; ".join(result.answers)[:500]
    return [
        Lesson(mistake=d, correction=fix, trigger="hallucination", origin="cove", context=task[:300])
        for d in result.discrepancies or ["(verified-with-corrections)"]
    ]


def lessons_from_report(report: Report) -> list[Lesson]:
    out = []
    for d in report.details:
        if d.verdict not in FLAGGED:
            continue
        ev = d.contradicting or (d.evidence[0] if d.evidence else None)
        correction = f"{ev.source_id} says: {ev.quote}" if ev else "no source states this: leave it out"
        out.append(
            Lesson(
                mistake=d.claim,
                correction=correction[:500],
                trigger=d.verdict.value,
                origin="verify",
                context=(report.question or "")[:300],
            )
        )
    return out


def lesson_recorder(config: Config) -> Callable[[Report], None] | None:
    """The ``on_report`` hook that stores each report's lessons, when ``lessons.record``
    is on (``None`` otherwise): the CLI and the service pass it to ``verify`` and ``crag``;
    a library caller passes it the same way (``verify(..., on_report=lesson_recorder(cfg))``)."""
    if not config.lessons.record:
        return None
    store = LessonStore(config.lessons.path)

    def record(report: Report) -> None:
        store.add(lessons_from_report(report))

    return record
