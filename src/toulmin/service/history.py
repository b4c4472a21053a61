"""Verification history: every report the service produces, with the hashes of
its inputs. SQLite (WAL, so readers never wait for the writer) by default;
PostgreSQL when ``serve.history`` is a ``postgresql://`` URL (``psycopg``).

``stats`` reads the rates a team watches: the hallucination rate (reports not
grounded), how often CRAG was triggered and how often it reached the threshold,
and latency percentiles.

Every report has an owner: the SHA-256 of the API key that made it (never the key), or
none when the server has no keys. A reader (``Viewer``) sees only its own: a key its
key's reports, a server without keys the reports made without one, an admin key
(``serve.admin_keys_sha256``) every report. A history written before owners existed
gains the column when opened; its reports belong to no key.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError, StoreError
from ..report import Report

__all__ = ["ALL", "HistoryStore", "PostgresHistory", "Viewer", "open_history", "sha256_text"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS reports (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    kind TEXT NOT NULL,
    answer_sha256 TEXT NOT NULL,
    sources_sha256 TEXT NOT NULL,
    question TEXT,
    confidence REAL,
    is_grounded INTEGER NOT NULL,
    claims_checked INTEGER NOT NULL,
    claims_supported INTEGER NOT NULL,
    crag_attempts INTEGER,
    crag_reached INTEGER,
    latency_ms REAL NOT NULL,
    report TEXT NOT NULL,
    owner TEXT
);
CREATE INDEX IF NOT EXISTS reports_created ON reports (created);
"""
# run after the table exists, so that a history from before owners gains the column first
_OWNER_INDEX = "CREATE INDEX IF NOT EXISTS reports_owner ON reports (owner, created)"
_COLUMNS = ("id, created, kind, answer_sha256, sources_sha256, question, confidence, is_grounded, "
            "claims_checked, claims_supported, crag_attempts, crag_reached, latency_ms, report, owner")


@dataclass(frozen=True)
class Viewer:
    """Who reads the history: ``owner`` the SHA-256 of the caller's API key (None: a
    server without keys); ``admin``: sees every report."""

    owner: str | None = None
    admin: bool = False

    def where(self) -> tuple[str, tuple[Any, ...]]:
        """The SQL condition on ``owner`` and its arguments (``?`` placeholders)."""
        if self.admin:
            return "1 = 1", ()
        if self.owner is None:
            return "owner IS NULL", ()
        return "owner = ?", (self.owner,)


ALL = Viewer(admin=True)  # the store's own callers (tests, tools): everything


def sha256_text(*parts: str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode("utf-8"))
        h.update(b"\x00")
    return h.hexdigest()


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    s = sorted(values)
    i = min(len(s) - 1, max(0, round(q * (len(s) - 1))))
    return round(s[i], 1)


class HistoryStore:
    """SQLite. Subclasses change the connection, placeholders and JSON access."""

    mark = "?"
    answer_expr = "substr(json_extract(report, '$.answer'), 1, 200)"

    keep: int | None = None  # reports kept, newest first (serve.history_keep); None = all

    def __init__(self, path: str | Path, keep: int | None = None):
        self.path = Path(path)
        self.keep = keep
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._db() as db:
                db.execute("PRAGMA journal_mode=WAL")
                db.executescript(_SCHEMA)
                if "owner" not in {r[1] for r in db.execute("PRAGMA table_info(reports)")}:
                    db.execute("ALTER TABLE reports ADD COLUMN owner TEXT")
                db.execute(_OWNER_INDEX)
        except (OSError, sqlite3.Error) as e:
            raise StoreError(
                "E_STORE", f"cannot open the history database {self.path}: {e}", fix="check serve.history"
            ) from e
        self._lock = threading.Lock()

    def _db(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=30)

    def add(
        self,
        report: Report,
        *,
        kind: str,
        sources: list[str],
        latency_ms: float,
        crag_attempts: int | None = None,
        crag_reached: bool | None = None,
        owner: str | None = None,
    ) -> str:
        rid = uuid.uuid4().hex
        row = (
            rid,
            time.time(),
            kind,
            sha256_text(report.answer),
            sha256_text(*sources),
            report.question,
            report.confidence,
            int(report.is_grounded),
            report.claims_checked,
            report.claims_supported,
            crag_attempts,
            None if crag_reached is None else int(crag_reached),
            latency_ms,
            report.to_json(indent=None),
            owner,
        )
        self._write(f"INSERT INTO reports ({_COLUMNS}) VALUES ({', '.join([self.mark] * len(row))})", row)
        if self.keep is not None:
            # the oldest beyond serve.history_keep go, so the file stops growing
            self._write("DELETE FROM reports WHERE created < (SELECT created FROM reports "
                        f"ORDER BY created DESC LIMIT 1 OFFSET {self.mark})", (self.keep - 1,))
        return rid

    def _write(self, sql: str, row: tuple[Any, ...]) -> None:
        with self._lock, self._db() as db:
            db.execute(sql, row)

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._db() as db:
            return list(db.execute(sql.replace("?", self.mark), args).fetchall())

    def list(self, limit: int = 50, offset: int = 0, viewer: Viewer = ALL) -> list[dict[str, Any]]:
        if not 1 <= limit <= 500 or offset < 0:
            raise InputError("E_BAD_OPTION", "limit must be 1-500 and offset >= 0", fix="e.g. ?limit=50")
        mine, args = viewer.where()
        q = (
            "SELECT id, created, kind, question, confidence, is_grounded, claims_checked, claims_supported, "
            f"crag_attempts, latency_ms, {self.answer_expr} "
            f"FROM reports WHERE {mine} ORDER BY created DESC, id LIMIT ? OFFSET ?"
        )
        rows = self._read(q, (*args, limit, offset))
        keys = ("id", "created", "kind", "question", "confidence", "is_grounded", "claims_checked",
                "claims_supported", "crag_attempts", "latency_ms", "answer")  # fmt: skip
        return [{**dict(zip(keys, r)), "is_grounded": bool(r[5])} for r in rows]

    def get(self, rid: str, viewer: Viewer = ALL) -> dict[str, Any] | None:
        """The report ``rid`` if ``viewer`` may read it; None alike for another's and for
        none (the caller cannot tell them apart)."""
        mine, args = viewer.where()
        found = self._read(
            "SELECT id, created, kind, answer_sha256, sources_sha256, latency_ms, crag_attempts, report "
            f"FROM reports WHERE id = ? AND {mine}",
            (rid, *args),
        )
        if not found:
            return None
        row = found[0]
        keys = ("id", "created", "kind", "answer_sha256", "sources_sha256", "latency_ms", "crag_attempts")
        return {**dict(zip(keys, row[:7])), "report": json.loads(row[7])}

    def stats(self, viewer: Viewer = ALL) -> dict[str, Any]:
        mine, args = viewer.where()
        n, ungrounded, triggered, reached = self._read(
            "SELECT COUNT(*), SUM(1 - is_grounded), SUM(CASE WHEN crag_attempts > 0 THEN 1 ELSE 0 END), "
            f"SUM(CASE WHEN crag_attempts > 0 THEN crag_reached ELSE 0 END) FROM reports WHERE {mine}", args
        )[0]
        lat = [float(r[0]) for r in self._read(f"SELECT latency_ms FROM reports WHERE {mine}", args)]
        crag_rows = int(self._read(
            f"SELECT COUNT(*) FROM reports WHERE crag_attempts IS NOT NULL AND {mine}", args)[0][0])
        n = int(n or 0)
        return {
            "reports": n,
            "hallucination_rate": round(int(ungrounded or 0) / n, 4) if n else None,
            "crag_runs": crag_rows,
            "crag_trigger_rate": round(int(triggered or 0) / crag_rows, 4) if crag_rows else None,
            "crag_success_rate": round(int(reached or 0) / int(triggered), 4) if triggered else None,
            "latency_ms": {"p50": _pct(lat, 0.5), "p90": _pct(lat, 0.9), "p99": _pct(lat, 0.99)},
        }


class PostgresHistory(HistoryStore):
    """The same history in PostgreSQL, for a team's shared server."""

    mark = "%s"
    answer_expr = "substr(report::json->>'answer', 1, 200)"

    def __init__(self, url: str, keep: int | None = None):
        self.keep = keep
        try:
            import psycopg
        except ImportError as e:
            from ..errors import DependencyError

            raise DependencyError(
                "E_MISSING_EXTRA", "a PostgreSQL history needs psycopg", fix="pip install 'toulmin[postgres]'"
            ) from e
        self.url = url
        self._psycopg = psycopg
        self._lock = threading.Lock()
        try:
            with self._db() as db:
                db.execute(_SCHEMA.replace("REAL", "DOUBLE PRECISION").split(";")[0])
                db.execute(_SCHEMA.split(";")[1])
                db.execute("ALTER TABLE reports ADD COLUMN IF NOT EXISTS owner TEXT")
                db.execute(_OWNER_INDEX)
        except psycopg.Error as e:
            raise StoreError(
                "E_STORE_UNAVAILABLE",
                f"cannot use the PostgreSQL history: {str(e).strip()[:300]}",
                fix="check serve.history (postgresql://user:password@host:port/db) and that the server is up",
            ) from e

    def _db(self) -> Any:
        return self._psycopg.connect(self.url, connect_timeout=10)

    def _write(self, sql: str, row: tuple[Any, ...]) -> None:
        try:
            with self._db() as db:
                db.execute(sql, row)
        except self._psycopg.Error as e:
            raise StoreError("E_STORE", f"PostgreSQL refused the report: {e}", fix="check the server") from e

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            with self._db() as db:
                return list(db.execute(sql.replace("?", self.mark), args).fetchall())
        except self._psycopg.Error as e:
            raise StoreError("E_STORE", f"PostgreSQL query failed: {e}", fix="check the server") from e


def open_history(where: str | Path, keep: int | None = None) -> HistoryStore:
    """SQLite for a path, PostgreSQL for a ``postgresql://`` URL; ``keep``: how many
    reports to keep, newest first (None: all)."""
    text = str(where)
    if text.startswith(("postgresql://", "postgres://")):
        return PostgresHistory(text, keep)
    return HistoryStore(text, keep)
