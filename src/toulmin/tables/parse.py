"""Finding the tables and records in a source's text: Markdown, CSV/TSV, HTML ``<table>``,
aligned columns (``metadata.kind: table``) and JSON objects and arrays, each read into
cells that keep their offsets into the text, so a quote can point at the cell a user sees.

Detection is strict on purpose: prose that happens to hold commas or a pipe is read as
prose (a CSV block needs three lines with the same number of fields and a column of
numbers; a Markdown table needs its ``|---|`` line), unless ``metadata.kind`` declares a
table, CSV, TSV or JSON.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from .jsonspan import JsonError, JsonNode, parse_json

__all__ = ["TABLE_KINDS", "Cell", "Table", "find_tables"]

TABLE_KINDS = frozenset({"table", "csv", "tsv", "json", "record", "records"})


@dataclass(frozen=True)
class Cell:
    """A cell's text (trimmed) and its ``[start, end)`` in the source's text."""

    text: str
    start: int
    end: int
    items: int = 0  # a JSON list of values: how many


@dataclass(frozen=True)
class Table:
    """Rows of cells under column headers. ``label`` is the column that names each row
    (the first column of words, or a record's ``name``/``title``/``id``); ``caption``
    names the whole table (a JSON record's name, the key a nested list sits under)."""

    columns: tuple[Cell, ...]
    rows: tuple[tuple[Cell | None, ...], ...]
    start: int
    end: int
    label: int = 0
    caption: str = ""
    kind: str = "table"  # "table" or "json"

    def column_texts(self) -> list[str]:
        return [c.text for c in self.columns]


_SEP = re.compile(r"^[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(?:\|[ \t]*:?-{2,}:?[ \t]*)*\|?[ \t]*$")
_NUMERIC = re.compile(r"^[-+−(]?[$€£¥]?\s*[-+−]?\d[\d,]*(?:\.\d+)?\s*(?:%|[kKmMbB]n?|bn)?\)?$")
_HTML_TABLE = re.compile(r"<table\b[^>]*>(.*?)</table\s*>", re.I | re.S)
_HTML_ROW = re.compile(r"<tr\b[^>]*>(.*?)(?=</tr\s*>|<tr\b|</table|\Z)", re.I | re.S)
_HTML_CELL = re.compile(r"<(t[hd])\b[^>]*>(.*?)(?=</t[hd]\s*>|<t[hd]\b|</tr|\Z)", re.I | re.S)
_TAG = re.compile(r"<[^>]+>")
_HTML_CAPTION = re.compile(r"<caption\b[^>]*>(.*?)</caption\s*>", re.I | re.S)
_LABEL_KEYS = ("name", "title", "label", "product", "model", "id", "sku", "company", "team")


def is_number(text: str) -> bool:
    return bool(_NUMERIC.match(text.strip()))


def _lines(text: str) -> list[tuple[int, int]]:
    out, at = [], 0
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        out.append((at, at + len(body)))
        at += len(line)
    return out


def _trim(text: str, a: int, b: int) -> Cell:
    seg = text[a:b]
    lead = len(seg) - len(seg.lstrip())
    tail = len(seg.rstrip())
    return Cell(seg.strip(), a + lead, a + max(tail, lead))


def _pipe_cells(text: str, a: int, b: int) -> list[Cell]:
    line = text[a:b]
    bars = [i for i, ch in enumerate(line) if ch == "|" and (i == 0 or line[i - 1] != "\\")]
    edges = [-1, *bars, len(line)]
    cells = [_trim(text, a + x + 1, a + y) for x, y in pairwise(edges)]
    if line.lstrip().startswith("|") and cells and not cells[0].text:
        cells = cells[1:]
    if line.rstrip().endswith("|") and cells and not cells[-1].text:
        cells = cells[:-1]
    return cells


_ID_HEAD = re.compile(r"^(?:id|sku|code|ref|reference|no\.?|number|#)$|[_ ](?:id|sku|code|no)$", re.I)
_NAME_HEAD = re.compile(r"^(?:name|title|product|product name|model|item|item name)$", re.I)


def _label_column(rows: list[list[Cell | None]], width: int, header: Sequence[Cell] = ()) -> int:
    """The first column whose cells are mostly not numbers, and not all one value, names
    the rows; a column of
    codes ("sku": W-1001) gives way to a column headed as the rows' name after it ("name"),
    which is how a claim names a row ("the Brunello")."""
    for j in range(width):
        vals = [r[j] for r in rows if j < len(r) and r[j] is not None and r[j].text]  # type: ignore[union-attr]
        if len(rows) > 1 and len({c.text.strip().lower() for c in vals if c}) == 1:
            continue  # the same value on every row ("package": tidewire) names none of them
        if vals and sum(not is_number(c.text) for c in vals if c) * 2 > len(vals):
            if j < len(header) and _ID_HEAD.search(header[j].text.strip()):
                later = range(j + 1, min(width, len(header)))
                named = [k for k in later if _NAME_HEAD.match(header[k].text.strip())]
                if named:
                    return named[0]
            return j
    return 0


_PERIOD = re.compile(
    r"^(?:(?:fy|q[1-4]|h[12])\s*'?\d{2,4}|q[1-4]|h[12]|(?:q[1-4]|h[12])\s+(?:fy|cy)?\s*'?\d{2,4}|(?:19|20)\d\d(?:[-/]\d\d)?|"
    r"(?:fy|cy)\s*(?:19|20)?\d\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*'?\d{0,4})$",
    re.I,
)


def _transposed(header: list[Cell], rows: list[tuple[Cell | None, ...]]) -> bool:
    """Periods across the top ("| Metric | 2020 | 2021 |"), measures down the side: read
    with a row per period, as the rules and the checker expect."""
    periods = [c for c in header[1:] if _PERIOD.match(c.text.strip())]
    names = [r[0] for r in rows if r[0] is not None and r[0].text]
    # "| Year group | 2023 | 2024 | Classes 2024 |": a column of a period's measure beside the
    # periods, so the columns are measures and the rows what they measure
    measured = [c for c in header[1:] if c not in periods and re.search(r"\b(?:19|20)\d\d\b", c.text)]
    return (
        not measured
        and len(periods) >= 2
        and len(periods) * 2 >= len(header) - 1
        and len(names) == len(rows)
        and not any(is_number(c.text) for c in names)
    )


def _make(
    header: list[Cell], body: list[list[Cell]], start: int, end: int, caption: str = ""
) -> Table | None:
    width = len(header)
    if width < 2 or not body:
        return None
    rows: list[tuple[Cell | None, ...]] = []
    for r in body:
        cells: list[Cell | None] = list(r[:width])
        cells += [None] * (width - len(cells))
        rows.append(tuple(cells))
    if _transposed(header, rows):
        corner = header[0] if header[0].text else Cell("period", header[0].start, header[0].start)
        columns = [corner, *(r[0] for r in rows if r[0] is not None)]
        flipped = [tuple([header[k], *(r[k] for r in rows)]) for k in range(1, width)]
        return Table(tuple(columns), tuple(flipped), start, end, 0, caption)
    return Table(
        tuple(header), tuple(rows), start, end, _label_column([list(r) for r in rows], width, header), caption
    )


def _markdown(text: str) -> list[Table]:
    lines = _lines(text)
    out: list[Table] = []
    i = 0
    while i + 1 < len(lines):
        a, b = lines[i]
        sa, sb = lines[i + 1]
        if "|" in text[a:b] and _SEP.match(text[sa:sb]) and "|" in text[sa:sb] + text[a:b]:
            header = _pipe_cells(text, a, b)
            body, j = [], i + 2
            while j < len(lines) and "|" in text[lines[j][0] : lines[j][1]]:
                body.append(_pipe_cells(text, *lines[j]))
                j += 1
            t = _make(header, body, a, lines[j - 1][1], _heading_above(text, lines, i))
            if t is not None:
                out.append(t)
            i = j
        else:
            i += 1
    return out


_HEADING = re.compile(r"^\s*#{1,6}\s+(.+?)\s*#*\s*$")


def _heading_above(text: str, lines: list[tuple[int, int]], i: int) -> str:
    """The Markdown heading right above line ``i`` (blank lines between), a table's title:
    "## 2007 - 08 anaheim ducks season" names what its rows are about."""
    k = i - 1
    while k >= 0 and not text[lines[k][0]:lines[k][1]].strip():
        k -= 1
    line = text[lines[k][0]:lines[k][1]].strip() if k >= 0 else ""
    m = _HEADING.match(line)
    if m:
        return m.group(1)[:120]
    # a title line standing alone ("Halvorsen Logistics — quarterly results, fiscal 2024"):
    # short, no sentence's end, a paragraph of its own
    alone = k == 0 or (k > 0 and not text[lines[k - 1][0]:lines[k - 1][1]].strip())
    short = len(line.split()) <= _TITLE_WORDS and "|" not in line
    if line and alone and short and not line.endswith((".", "!", "?")):
        return line.rstrip(":")[:120]
    return ""


_TITLE_WORDS = 14


def _split_delimited(text: str, a: int, b: int, sep: str) -> list[Cell]:
    """Fields of one CSV/TSV line with their offsets; a quoted field loses its quotes."""
    cells, at, quoted, start = [], a, False, a
    while at <= b:
        ch = text[at] if at < b else sep
        if ch == '"':
            quoted = not quoted
        elif (ch == sep and not quoted) or at == b:
            c = _trim(text, start, at)
            if len(c.text) >= 2 and c.text[0] == c.text[-1] == '"':
                c = Cell(c.text[1:-1].replace('""', '"'), c.start + 1, c.end - 1)
            cells.append(c)
            start = at + 1
        at += 1
    return cells


def _delimited(text: str, declared: bool) -> list[Table]:
    lines = [(a, b) for a, b in _lines(text)]
    out: list[Table] = []
    for sep in ("\t", ","):
        i = 0
        while i < len(lines):
            a, b = lines[i]
            if sep not in text[a:b]:
                i += 1
                continue
            width = len(_split_delimited(text, a, b, sep))
            j = i + 1
            rows = [_split_delimited(text, a, b, sep)]
            while j < len(lines) and lines[j][0] < lines[j][1]:
                r = _split_delimited(text, *lines[j], sep)
                if len(r) != width:
                    break
                rows.append(r)
                j += 1
            if (
                width >= 2
                and len(rows) >= (2 if declared else 3)
                and (declared or sep == "\t" or _has_numbers(rows))
            ):
                t = _make(rows[0], rows[1:], a, lines[j - 1][1])
                if t is not None:
                    out.append(t)
                i = j
            else:
                i += 1
        if out:
            return out
    return out


def _has_numbers(rows: list[list[Cell]]) -> bool:
    """A CSV block, not a list of prose lines with commas: a column of numbers under a header
    of words, and no field that reads as a sentence."""
    if any(len(c.text.split()) > 8 for r in rows for c in r):
        return False
    width = len(rows[0])
    if any(not any(r[j].text for r in rows) for j in range(width)):
        return False  # a column of nothing: lines that end in a comma
    return any(
        all(is_number(r[j].text) or r[j].text.lower() in ("", "n/a", "-") for r in rows[1:])
        and any(is_number(r[j].text) for r in rows[1:])
        and rows[0][j].text
        and not is_number(rows[0][j].text)
        for j in range(width)
    )


def _pipes(text: str) -> list[Table]:
    """Lines of cells between pipes with no ``|---|`` line under the header (a declared table
    only); a title line above them is its caption."""
    lines = [(a, b) for a, b in _lines(text) if text[a:b].strip()]
    rows = [(a, b, _pipe_cells(text, a, b)) for a, b in lines if "|" in text[a:b]]
    if len(rows) < 2 or len({len(r) for *_, r in rows}) != 1:
        return []
    before = [text[a:b].strip() for a, b in lines if b <= rows[0][0]]
    t = _make(rows[0][2], [r for *_, r in rows[1:]], rows[0][0], rows[-1][1], " ".join(before)[:120])
    return [t] if t else []


def _aligned(text: str) -> list[Table]:
    """Columns lined up with two or more spaces (a declared table only): the longest run of
    lines with the same number of columns (two or more); a title line above it is its caption."""
    lines = [(a, b) for a, b in _lines(text) if text[a:b].strip() and not _SEP.match(text[a:b])]
    rows = []
    for a, b in lines:
        cells = [
            Cell(m.group(0), a + m.start(), a + m.end()) for m in re.finditer(r"\S+(?: \S+)*", text[a:b])
        ]
        rows.append(cells)
    best: tuple[int, int] = (0, 0)  # (first line, how many)
    k = 0
    while k < len(rows):
        n = 1
        while k + n < len(rows) and len(rows[k + n]) == len(rows[k]):
            n += 1
        if len(rows[k]) >= 2 and n > best[1]:
            best = (k, n)
        k += n
    first, n = best
    if n < 2:
        return []
    run = rows[first : first + n]
    caption = " ".join(text[a:b].strip() for a, b in lines[:first])[:120]
    t = _make(run[0], run[1:], lines[first][0], lines[first + n - 1][1], caption)
    return [t] if t else []


def _lines_of(tables: list[Table], text: str) -> int:
    return sum(text.count("\n", t.start, t.end) + 1 for t in tables)


def _html(text: str) -> list[Table]:
    out = []
    for m in _HTML_TABLE.finditer(text):
        rows: list[list[Cell]] = []
        heads: list[bool] = []
        for r in _HTML_ROW.finditer(text, m.start(1), m.end(1)):
            cells, th = [], True
            for c in _HTML_CELL.finditer(text, r.start(1), r.end(1)):
                inner = _TAG.sub(lambda t: " " * len(t.group(0)), text[c.start(2) : c.end(2)])
                cell = _trim(inner, 0, len(inner))
                cells.append(
                    Cell(re.sub(r"\s+", " ", cell.text), c.start(2) + cell.start, c.start(2) + cell.end)
                )
                th = th and c.group(1).lower() == "th"
            if cells:
                rows.append(cells)
                heads.append(th)
        cap = _HTML_CAPTION.search(text, m.start(1), m.end(1))
        caption = re.sub(r"\s+", " ", _TAG.sub(" ", cap.group(1))).strip()[:120] if cap else ""
        if len(rows) >= 2:
            t = _make(rows[0], rows[1:], m.start(), m.end(), caption)
            if t is not None:
                out.append(t)
    return out


# --- JSON ---------------------------------------------------------------------------------


def _flatten(
    node: JsonNode, path: str, out: list[tuple[str, Cell]], nested: list[tuple[str, JsonNode]]
) -> None:
    if node.kind == "object":
        for key, _kspan, child in node.items:
            _flatten(child, f"{path}.{key}" if path else key, out, nested)
    elif node.kind == "array":
        if node.children and all(c.kind == "object" for c in node.children):
            nested.append((path, node))
        else:
            scalars = [c for c in node.children if c.kind not in ("object", "array")]
            shown = ", ".join(_shown(c) for c in scalars)
            out.append((path, Cell(shown, node.start, node.end, items=len(scalars))))
    else:
        quoted = 1 if node.kind == "string" else 0  # a string's cell is shown with its quotes
        out.append((path, Cell(_shown(node), node.start - quoted, node.end + quoted)))


def _shown(node: JsonNode) -> str:
    if node.kind == "string":
        return str(node.value)
    if node.kind == "bool":
        return "true" if node.value else "false"
    if node.kind == "null":
        return "null"
    return node.raw


def _key_cell(path: str, span: tuple[int, int]) -> Cell:
    return Cell(path, *span)


def _records(nodes: list[JsonNode], start: int, end: int, caption: str, tables: list[Table]) -> None:
    """Objects as the rows of one table, the columns the union of their key paths; a list of
    objects inside one is a table of its own, captioned by its key."""
    flat: list[dict[str, Cell]] = []
    keys: dict[str, tuple[int, int]] = {}  # path -> where its key is first written
    for n in nodes:
        out: list[tuple[str, Cell]] = []
        nested: list[tuple[str, JsonNode]] = []
        _flatten(n, "", out, nested)
        flat.append(dict(out))
        for p, c in out:
            keys.setdefault(p, _key_span(n, p, c))
        name = _record_name(dict(out))
        for p, sub in nested:
            _records(list(sub.children), sub.start, sub.end, f"{name} {p}".strip(), tables)
    if not keys:
        return
    paths = list(keys)
    label = min(
        (i for i, p in enumerate(paths) if p.lower() in _LABEL_KEYS),
        key=lambda i: _LABEL_KEYS.index(paths[i].lower()),
        default=-1,
    )
    columns = tuple(_key_cell(p, keys[p]) for p in paths)
    rows = tuple(tuple(f.get(p) for p in paths) for f in flat)
    if label < 0:  # no name: a top-level identifier ("order_id", "username") names the record
        label = next(
            (
                i
                for i, p in enumerate(paths)
                if "." not in p
                and re.fullmatch(r"\w*(?:_id|username|_no)", p.lower())
                and all(r[i] is not None for r in rows)
            ),
            -1,
        )
    if label < 0:
        label = _label_column([list(r) for r in rows], len(paths)) if len(rows) > 1 else -1
    tables.append(Table(columns, rows, start, end, label, caption, kind="json"))


def _key_span(node: JsonNode, path: str, cell: Cell) -> tuple[int, int]:
    at, span = node, (cell.start, cell.start)
    for part in path.split("."):
        hit = (
            next(((ks, child) for k, ks, child in at.items if k == part), None)
            if at.kind == "object"
            else None
        )
        if hit is None:
            return span
        span, at = (hit[0] - 1, hit[0] + len(part) + 1), hit[1]  # the key with its quotes
    return span


def _record_name(flat: dict[str, Cell]) -> str:
    for k in _LABEL_KEYS:
        if k in flat:
            return flat[k].text
    return ""


def _json(text: str) -> list[Table]:
    stripped = text.strip()
    if not stripped or stripped[0] not in "[{":
        return []
    try:
        root = parse_json(text)
    except JsonError:
        return []
    tables: list[Table] = []
    if root.kind == "object":
        _records([root], root.start, root.end, "", tables)
    elif root.kind == "array" and root.children and all(c.kind == "object" for c in root.children):
        _records(list(root.children), root.start, root.end, "", tables)
    return tables


def find_tables(text: str, kind: str = "") -> list[Table]:
    """The tables in ``text``, in order; none for prose. ``kind`` is the source's
    ``metadata.kind`` (lower case): a declared table may be CSV, TSV or aligned columns."""
    declared = kind in TABLE_KINDS
    if kind in ("json", "record", "records") or text.lstrip()[:1] in ("{", "["):
        got = _json(text)
        if got or kind in ("json", "record", "records"):
            return got
    found = _markdown(text) + _html(text)
    if not found and declared:
        found = _pipes(text)  # before CSV: "1,220" inside a cell is no comma between cells
    if not found and ("," in text or "\t" in text):
        found = _delimited(text, declared)
    if declared:
        # columns lined up by spaces whose figures hold commas ("48,200   61,900") are no CSV:
        # the reading that covers more of the lines is the table's
        aligned = _aligned(text)
        if aligned and (not found or _lines_of(aligned, text) > _lines_of(found, text)):
            found = aligned
    return sorted(found, key=lambda t: t.start)
