"""Sources: what an answer is checked against.

A source is text with an id and free metadata. The verdicts read two kinds
of metadata: staleness (``superseded_by``, ``outdated``/``stale``/``status``)
and ``date``. Sources arrive as strings, dicts, :class:`Source` objects or
file paths (``.json`` one structured source, ``.jsonl`` many, anything else
plain text named after the file).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .errors import InputError
from .text import MAX_SOURCE_CHARS, MAX_TOTAL_SOURCE_CHARS, check_text

__all__ = ["MAX_SOURCE_CHARS", "MAX_TOTAL_SOURCE_CHARS", "Source", "coerce_sources", "read_source_file",
           "read_sources_dir"]

_STALE_STATUS = {"outdated", "superseded", "stale", "deprecated", "retracted", "archived"}


class Source(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(description="stable identifier shown with the evidence")
    text: str
    metadata: dict[str, Any] = Field(default_factory=dict)

    @property
    def stale_reason(self) -> str | None:
        m = self.metadata
        if m.get("superseded_by"):
            return f"superseded by {m['superseded_by']}"
        for key in ("outdated", "stale"):
            if m.get(key) is True:
                return f"marked {key}"
        status = str(m.get("status", "")).lower()
        if status in _STALE_STATUS:
            return f"status {status}"
        return None


def _one(value: object, index: int) -> Source:
    where = f"source {index + 1}"
    if isinstance(value, Source):
        check_text(value.text, where, MAX_SOURCE_CHARS)
        return value
    if isinstance(value, Path):
        got = read_source_file(value)
        if len(got) != 1:
            raise InputError(
                "E_SOURCE_FILE",
                f"{value} holds {len(got)} sources, expected one here",
                fix="pass a .jsonl file to read_source_file or use --source for it",
            )
        return got[0]
    if isinstance(value, Mapping):
        unknown = set(value) - {"id", "text", "metadata"}
        if unknown:
            raise InputError(
                "E_SOURCE_KEYS",
                f"{where} has unknown keys {sorted(unknown)}",
                fix="a source dict has keys id, text and metadata",
            )
        if "text" not in value:
            raise InputError("E_SOURCE_KEYS", f"{where} has no 'text'", fix="add the source's text")
        text = check_text(value["text"], f"{where} text", MAX_SOURCE_CHARS)
        meta = value.get("metadata") or {}
        if not isinstance(meta, Mapping):
            raise InputError(
                "E_SOURCE_KEYS", f"{where} metadata must be an object", fix='e.g. {"date": "2024-03-01"}'
            )
        sid = value.get("id")
        return Source(
            id=str(sid) if sid not in (None, "") else f"S{index + 1}", text=text, metadata=dict(meta)
        )
    text = check_text(value, where, MAX_SOURCE_CHARS)
    return Source(id=f"S{index + 1}", text=text)


def coerce_sources(sources: object) -> list[Source]:
    """Validate and normalise the ``sources`` argument of ``verify``."""
    if isinstance(sources, (str, bytes, Mapping, Source, Path)):
        sources = [sources]
    if not isinstance(sources, Iterable):
        raise InputError(
            "E_BAD_TYPE",
            f"sources must be a list, got {type(sources).__name__}",
            fix="pass a list of strings, dicts {id, text, metadata} or paths",
        )
    out = [_one(s, i) for i, s in enumerate(sources)]
    if not out:
        raise InputError(
            "E_NO_SOURCES",
            "no sources were given",
            fix="pass at least one source; with nothing to check against, every claim would be unlinked",
        )
    total = sum(len(s.text) for s in out)
    if total > MAX_TOTAL_SOURCE_CHARS:
        raise InputError(
            "E_TOO_LARGE",
            f"the {len(out):,} sources have {total:,} characters together, over {MAX_TOTAL_SOURCE_CHARS:,}",
            fix="pass the chunks retrieved for this answer, not the whole collection; for a large "
                "collection, index it once (toulmin index) and let verification retrieve from it",
        )
    seen: set[str] = set()
    for s in out:
        if s.id in seen:
            raise InputError(
                "E_DUPLICATE_ID", f"two sources share the id {s.id!r}", fix="give every source a unique id"
            )
        seen.add(s.id)
    return out


def _read_text(path: Path) -> str:
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise InputError("E_SOURCE_FILE", f"cannot read {path}: {e.strerror}", fix="check the path") from e
    # a source file has a source's limit, refused as it is read, not after
    return check_text(raw, f"source file {path}", MAX_SOURCE_CHARS)


def _is_source_object(data: object) -> bool:
    """{id, text, metadata} (with its text, or only source keys): a source, not a record."""
    return isinstance(data, Mapping) and ("text" in data or (bool(data) and set(data) <= {"id", "metadata"}))


def read_source_file(path: str | Path, *, name: str | None = None) -> list[Source]:
    """The sources of one file. ``name`` is the file as ids show it (default: its name):
    a plain text file's id, and the stem of the ids a .json or .jsonl file's sources
    get when they carry none. A .json file holding a source object ({id, text, metadata})
    is that source; one holding any other object or an array (a record, records) is one
    source of kind ``json`` whose text is the file's."""
    path = Path(path)
    text = _read_text(path)
    name = name or path.name
    stem = name[: -len(path.suffix)] if path.suffix and name.endswith(path.suffix) else name
    if path.suffix == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise InputError(
                "E_BAD_JSON",
                f"{path} is not valid JSON: {e.msg} at line {e.lineno}",
                fix="a .json source holds one object {id, text, metadata}",
            ) from e
        if not _is_source_object(data):
            # a record or an array of records (a product, a business, an API's reply): one
            # structured source, its text the file's, read into cells (docs/guides/tables.md)
            if not isinstance(data, (Mapping, list)):
                raise InputError("E_BAD_JSON", f"{path} holds a JSON {type(data).__name__}, not a source",
                                 fix="a .json source holds an object: {id, text, metadata}, or a record")
            return [Source(id=stem, text=text, metadata={"kind": "json"})]
        data = dict(data)
        data.setdefault("id", stem)
        return [_one(data, 0)]
    if path.suffix == ".jsonl":
        out = []
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError as e:
                raise InputError(
                    "E_BAD_JSON",
                    f"{path} line {n} is not valid JSON: {e.msg}",
                    fix="one JSON object {id, text, metadata} per line",
                ) from e
            if not isinstance(data, Mapping):
                raise InputError(
                    "E_BAD_JSON",
                    f"{path} line {n} is not a JSON object",
                    fix="one JSON object {id, text, metadata} per line",
                )
            data = dict(data)
            data.setdefault("id", f"{stem}:{n}")
            out.append(_one(data, n - 1))
        return out
    return [Source(id=name, text=text)]


def read_sources_dir(path: str | Path) -> list[Source]:
    root = Path(path)
    if not root.is_dir():
        raise InputError("E_SOURCE_FILE", f"{root} is not a folder", fix="pass a folder of source files")
    out: list[Source] = []
    for f in sorted(p for p in root.rglob("*") if p.is_file() and not p.name.startswith(".")):
        # a file in a subfolder is named by its path in the folder ("a/notes.txt"), so
        # a/notes.txt and b/notes.txt do not share an id; a file at the top keeps its name
        out.extend(read_source_file(f, name=f.relative_to(root).as_posix()))
    return out
