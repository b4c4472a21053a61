"""One JSONL input row: parsed and checked, or an error row that says why.

A bad line never stops a run and is never skipped: it becomes an output row
with ``"error": {code, message, fix}``.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

__all__ = ["loads_strict", "lone_surrogate", "parse_row", "to_line"]


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number: give a finite number, or null")


def _finite(text: str) -> float:
    x = float(text)
    if x in (float("inf"), float("-inf")):
        raise ValueError(f"{text} is beyond any number a float holds: give a finite number")
    return x


def loads_strict(text: str | bytes) -> Any:
    """``json.loads`` of JSON as RFC 8259 has it: ``NaN`` and ``Infinity`` (which Python
    reads and writes, and no other reader does) and numbers too large for a float
    (``1e400``, read as infinity) are errors, and so is nesting deeper than Python's
    recursion allows; each a ``ValueError`` that says what was wrong."""
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError:
        raise ValueError("nested deeper than a reader can follow: flatten the data") from None


class _RowError(ValueError):
    """A row that cannot be used, with the code its error row carries."""

    def __init__(self, code: str, message: str, fix: str | None = None):
        super().__init__(message)
        self.code = code
        self.fix = fix


def lone_surrogate(row: Any) -> bool:
    """A string of the row (key or value, at any depth) holds half of a UTF-16 pair:
    JSON allows the escape ("\\ud800") but no UTF-8 text can hold it, so neither the
    model's tokenizer nor the output file could take it."""
    try:
        json.dumps(row, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    except RecursionError:
        return False  # read already (loads_strict): it cannot be this deep
    return False


def parse_row(
    raw: bytes, n: int, required: Collection[str], allowed: Collection[str] | None, fix: str
) -> tuple[Any, dict[str, Any] | None, dict[str, str] | None]:
    """``(id, row, None)`` or ``(id, None, error)`` for line ``n``; the id
    defaults to ``line-N``, and is ``line-N`` too when the row's own id cannot be
    one (not a string or an integer, or not UTF-8). ``allowed=None`` accepts any
    extra keys."""
    rid: Any = f"line-{n}"
    try:
        row = loads_strict(raw.decode("utf-8"))
        if not isinstance(row, dict):
            raise ValueError("a row must be a JSON object")
        own = row.get("id", rid)
        if isinstance(own, bool) or not isinstance(own, (str, int)):
            raise _RowError("E_BAD_TYPE", f"the id must be a string or an integer, got {type(own).__name__}",
                            'e.g. "id": "q-17"')
        if not lone_surrogate(own):
            rid = own
        if lone_surrogate(row):
            raise _RowError("E_NOT_UTF8", "a string holds a lone surrogate (a \\ud800-\\udfff escape "
                            "that is not half of a pair), which no UTF-8 text can hold",
                            "escape characters outside the BMP as a surrogate pair, or write them as UTF-8")
        missing = [k for k in required if k not in row]
        if missing:
            raise ValueError(f"missing {', '.join(missing)}")
        unknown = set(row) - set(allowed) if allowed is not None else set()
        if unknown:
            raise ValueError(f"unknown keys {sorted(unknown)}")
    except _RowError as e:
        return rid, None, {"code": e.code, "message": f"line {n}: {e}", "fix": e.fix or fix}
    except (UnicodeDecodeError, ValueError) as e:
        code = "E_NOT_UTF8" if isinstance(e, UnicodeDecodeError) else "E_BAD_ROW"
        return rid, None, {"code": code, "message": f"line {n}: {e}", "fix": fix}
    return rid, row, None


def to_line(obj: Any) -> str:
    """One output line. Characters stay readable (no ``\\u`` escapes) unless some string
    cannot be written as UTF-8 (a lone surrogate in an exception's message): then that
    line is escaped, still valid JSON, rather than stop the run when it is written."""
    line = json.dumps(obj, ensure_ascii=False)
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(obj)
    return line
