"""A response cache in SQLite: reruns with the same provider, model, prompt and
options are deterministic and free. Keys are hashes; API keys are never part
of them."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from pathlib import Path

from .base import LLMRequest, LLMResponse

__all__ = ["ResponseCache", "lookup", "store"]


class ResponseCache:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        with self._connect() as db:
            db.execute("CREATE TABLE IF NOT EXISTS replies (key TEXT PRIMARY KEY, response TEXT NOT NULL)")

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=30)

    @staticmethod
    def key(provider: str, model: str, request: LLMRequest) -> str:
        blob = json.dumps(
            {"provider": provider, "model": model, "request": request.model_dump(mode="json")},
            sort_keys=True,
            ensure_ascii=False,
        )
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()

    def get(self, key: str) -> LLMResponse | None:
        with self._lock, self._connect() as db:
            row = db.execute("SELECT response FROM replies WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        return LLMResponse.model_validate_json(row[0]).model_copy(update={"cached": True})

    def put(self, key: str, response: LLMResponse) -> None:
        data = response.model_copy(update={"cached": False}).model_dump_json()
        with self._lock, self._connect() as db:
            db.execute("INSERT OR REPLACE INTO replies (key, response) VALUES (?, ?)", (key, data))

    def __bool__(self) -> bool:
        # an empty cache is still a cache: `if self.cache:` must not skip storing the first reply
        return True

    def __len__(self) -> int:
        with self._lock, self._connect() as db:
            return int(db.execute("SELECT COUNT(*) FROM replies").fetchone()[0])


def lookup(cache: ResponseCache | None, provider: str, model: str,
           request: LLMRequest) -> tuple[str | None, LLMResponse | None]:
    """(the request's key, its cached reply or None) for a provider; (None, None) without a
    cache."""
    if cache is None:
        return None, None
    key = ResponseCache.key(provider, model, request)
    return key, cache.get(key)


def store(cache: ResponseCache | None, key: str | None, response: LLMResponse) -> LLMResponse:
    """``response``, kept under ``key`` when there is a cache (and a key: ``lookup``'s)."""
    if cache is not None and key is not None:
        cache.put(key, response)
    return response
