"""One JSONL input row: parsed and checked, or an error row that says why.

A bad line never stops a run and is never skipped: it becomes an output row
with ``"error": {code, message, fix}``.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

__all__ = ["parse_row"]


def parse_row(
    raw: bytes, n: int, required: Collection[str], allowed: Collection[str] | None, fix: str
) -> tuple[Any, dict[str, Any] | None, dict[str, str] | None]:
    """``(id, row, None)`` or ``(id, None, error)`` for line ``n``; the id
    defaults to ``line-N``. ``allowed=None`` accepts any extra keys."""
    rid: Any = f"line-{n}"
    try:
        row = json.loads(raw.decode("utf-8"))
        if not isinstance(row, dict):
            raise ValueError("a row must be a JSON object")
        rid = row.get("id", rid)
        missing = [k for k in required if k not in row]
        if missing:
            raise ValueError(f"missing {', '.join(missing)}")
        unknown = set(row) - set(allowed) if allowed is not None else set()
        if unknown:
            raise ValueError(f"unknown keys {sorted(unknown)}")
    except (UnicodeDecodeError, ValueError) as e:
        code = "E_NOT_UTF8" if isinstance(e, UnicodeDecodeError) else "E_BAD_ROW"
        return rid, None, {"code": code, "message": f"line {n}: {e}", "fix": fix}
    return rid, row, None
