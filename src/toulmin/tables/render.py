"""A source's tables as sentences, one per row, for the linker and the checker:

    | Q2 2024 | 132.0 | 15% |   ->   Q2 2024: revenue ($M) is 132.0; operating margin is 15%.

The checker reads "header is value" with the row's name, not pipes; every character keeps
the offset of the cell (or header) it came from, so a quote of the sentence is shown as
the row in the original. Prose around a table is kept as it is.
"""

from __future__ import annotations

import re
from array import array
from dataclasses import dataclass

from ..text import TextBuilder
from .parse import Cell, Table, find_tables
from .values import human, read_value

__all__ = ["Rendered", "render_tables"]

_CAPTION_WORDS = 20  # a title over a table is not prose that may state more
_FIELDS_PER_SENTENCE = 6  # a long record is read a few fields at a time, each with its name


@dataclass(frozen=True)
class Rendered:
    """A table and where its rows and cells are in the reading: ``rows[i]`` the span of
    row i's sentence(s), ``cells[i][j]`` the span of "header is value" for cell (i, j)."""

    table: Table
    rows: tuple[tuple[int, int], ...]
    cells: tuple[tuple[tuple[int, int] | None, ...], ...]
    # the source is its tables (a caption at most): what they do not state, it does not state
    alone: bool = False

    def quote_span(self, i: int, j: int) -> tuple[int, int]:
        """The reading span that shows cell (i, j) as a user sees it: a record's key and
        value ("OutdoorSeating": false), a table's row up to the cell (Q2 2024 | 132.0)."""
        cell = self.cells[i][j]
        if cell is None:
            return self.rows[i]
        if self.table.kind == "json" or j == self.table.label:
            return cell
        return self.rows[i][0], cell[1]


def _shown_value(cell: Cell, header: str) -> str | None:
    v = read_value(cell.text, header)
    if v.truth is not None and not v.times and cell.text.lower() in ("true", "false"):
        return "yes" if v.truth else "no"
    return None


def _key_of(src: str, key: str, value_at: int) -> tuple[int, int]:
    """Where this record writes ``key`` before its value at ``value_at`` (a record of an array
    writes it again: the column's own offset is the first record's); the value's own start
    when it is not found right before it."""
    name = '"' + key.rsplit(".", 1)[-1] + '"'
    k = src.rfind(name, 0, value_at)
    if k >= 0 and re.fullmatch(r'\s*:\s*[\["]?\s*', src[k + len(name) : value_at]):
        return k, k + len(name)
    return value_at, value_at


def _row(b: TextBuilder, t: Table, i: int) -> tuple[tuple[int, int], tuple[tuple[int, int] | None, ...]]:
    row = t.rows[i]
    name = row[t.label] if 0 <= t.label < len(row) else None
    start = b.at
    spans: list[tuple[int, int] | None] = [None] * len(row)

    def lead() -> None:
        if t.caption:
            b.put(f"{t.caption}, ", name.start if name else t.start, name.start if name else t.start)
        if name is not None:
            b.copy(name.start, name.end)
            b.put(": ", name.end, name.end)

    lead()
    n = 0
    for j, cell in enumerate(row):
        if j == t.label or cell is None or not cell.text:
            continue
        if n and n % _FIELDS_PER_SENTENCE == 0:
            b.put(".\n", cell.start, cell.start)
            lead()
        elif n:
            b.put("; ", cell.start, cell.start)
        n += 1
        head = t.columns[j]
        a = b.at
        at, to = _key_of(b.src, head.text, cell.start) if t.kind == "json" else (head.start, head.end)
        b.put(human(head.text) if t.kind == "json" else head.text, at, to)
        b.put(" is ", cell.start, cell.start)
        shown = _shown_value(cell, head.text)
        if shown is None:
            b.copy(cell.start, cell.end)
        else:
            b.put(shown, cell.start, cell.end)
        spans[j] = (a, b.at)
    if name is not None:
        spans[t.label] = (start, start + len(t.caption) + len(t.caption and ", ") + len(name.text))
    end = max((c.end for c in row if c is not None), default=t.end)
    b.put(".\n", end, end)
    return (start, b.at - 2), tuple(spans)


def render_tables(text: str, kind: str = "") -> tuple[str, array[int], list[Rendered]] | None:
    """The reading of a source holding tables (None when it holds none): its prose as it
    is, each table's rows as sentences; and the tables with their spans in the reading."""
    tables = find_tables(text, kind)
    if not tables:
        return None
    b = TextBuilder(text)
    out: list[Rendered] = []
    at = 0
    # nested JSON tables lie inside their record's span: a region is read once, all its tables
    regions: list[list[Table]] = []
    for t in tables:
        if regions and t.start < max(x.end for x in regions[-1]):
            regions[-1].append(t)
        else:
            regions.append([t])
    for region in regions:
        lo, hi = min(t.start for t in region), max(t.end for t in region)
        if at < lo:
            b.copy(at, lo)
            if not b.parts[-1].endswith("\n"):
                b.put("\n", lo, lo)
        for t in sorted(region, key=lambda t: (t.caption != "", t.start)):
            rows, cells = [], []
            for i in range(len(t.rows)):
                span, spans = _row(b, t, i)
                rows.append(span)
                cells.append(spans)
            out.append(Rendered(t, tuple(rows), tuple(cells)))
        at = hi
    if at < len(text):
        b.copy(at, len(text))
    reading, to_src = b.done()
    outside, at = [], 0
    for region in regions:
        outside.append(text[at : min(t.start for t in region)])
        at = max(t.end for t in region)
    outside.append(text[at:])
    lines = [x.strip() for x in "\n".join(outside).splitlines() if x.strip()]
    if (
        len(lines) <= 1
        and len(" ".join(lines).split()) <= _CAPTION_WORDS
        and not " ".join(lines).endswith(".")
    ):
        out = [Rendered(r.table, r.rows, r.cells, alone=True) for r in out]
    return reading, to_src, out
