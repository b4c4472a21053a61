"""Reading files into documents and documents into chunks.

Formats: plain text, Markdown, HTML and PDF (pypdf). A chunk's offsets point
into the document's text: for text and Markdown that is the file itself
(decoded), for HTML the text a reader sees (tags, scripts and styles out), for
PDF the extracted text, pages joined by a blank line.

Metadata comes from the document (HTML ``<title>`` and ``<meta name="date">``,
a Markdown front matter block, the first Markdown heading) and from a sidecar
``NAME.meta.json`` beside the file, which wins: ``title``, ``url``, ``date``,
``version``, ``superseded_by``, ``status`` and anything else. The content hash
(SHA-256 of the text) makes re-indexing incremental and duplicates visible.
"""

from __future__ import annotations

import hashlib
import html.parser
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import DependencyError, InputError
from ..text import check_text, make_windows

__all__ = ["SUFFIXES", "Chunk", "Document", "chunk_document", "iter_files", "read_document"]

SUFFIXES = {".txt": "text", ".text": "text", ".md": "markdown", ".markdown": "markdown",
            ".html": "html", ".htm": "html", ".pdf": "pdf"}  # fmt: skip


@dataclass
class Document:
    path: str
    text: str
    format: str
    metadata: dict[str, Any] = field(default_factory=dict)

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()


@dataclass
class Chunk:
    id: str
    text: str
    start: int
    end: int
    metadata: dict[str, Any]


class _HTMLText(html.parser.HTMLParser):
    _SKIP = frozenset({"script", "style", "noscript", "template", "svg"})
    _BLOCK = frozenset(
        "p div br li tr h1 h2 h3 h4 h5 h6 section article header footer pre blockquote table ul ol dt dd "
        "title".split()
    )

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.title = ""
        self.meta: dict[str, str] = {}
        self._skip = 0
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._SKIP:
            self._skip += 1
        if tag == "title":
            self._in_title = True
        if tag == "meta":
            a = dict(attrs)
            name = (a.get("name") or a.get("property") or "").lower()
            if name in ("date", "article:published_time", "dc.date", "version") and a.get("content"):
                self.meta["version" if name == "version" else "date"] = str(a["content"])
        if tag in self._BLOCK:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._SKIP and self._skip:
            self._skip -= 1
        if tag == "title":
            self._in_title = False
        if tag in self._BLOCK:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        elif not self._skip:
            self.parts.append(data)

    def text(self) -> str:
        joined = "".join(self.parts)
        lines = [re.sub(r"[ \t\r\f\v]+", " ", ln).strip() for ln in joined.split("\n")]
        return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


def _front_matter(text: str) -> dict[str, Any]:
    m = re.match(r"---\n(.*?)\n---\n", text, re.S)
    if not m:
        return {}
    import yaml

    try:
        data = yaml.safe_load(m.group(1))
    except yaml.YAMLError:
        return {}
    return {str(k): v if isinstance(v, (str, int, float, bool)) else str(v) for k, v in (data or {}).items()}


def _read_pdf(path: Path) -> str:
    try:
        from pypdf import PdfReader
        from pypdf.errors import PdfReadError
    except ImportError as e:  # pragma: no cover - pypdf is a dependency of the corpus extra
        raise DependencyError(
            "E_MISSING_EXTRA", "PDF files need pypdf", fix="pip install 'toulmin[corpus]'"
        ) from e
    try:
        reader = PdfReader(str(path))
        pages = [(p.extract_text() or "").strip() for p in reader.pages]
    except (PdfReadError, ValueError, KeyError, TypeError, OSError) as e:
        raise InputError(
            "E_SOURCE_FILE",
            f"cannot read the PDF {path}: {type(e).__name__}: {e}",
            fix="check the file is a PDF that is not encrypted or damaged, or convert it to text",
        ) from e
    text = "\n\n".join(p for p in pages if p)
    if not text.strip():
        raise InputError(
            "E_EMPTY",
            f"the PDF {path} has no extractable text (a scan?)",
            fix="run OCR on it first, or index a text version",
        )
    return text


def read_document(path: str | Path, *, max_bytes: int = 50_000_000) -> Document:
    """One file as a document; errors say what was wrong with which file."""
    p = Path(path)
    fmt = SUFFIXES.get(p.suffix.lower())
    if fmt is None:
        raise InputError(
            "E_SOURCE_FILE",
            f"{p}: unsupported file type {p.suffix or '(none)'}",
            fix="index one of: " + ", ".join(sorted(SUFFIXES)),
        )
    try:
        size = p.stat().st_size
    except OSError as e:
        raise InputError("E_SOURCE_FILE", f"cannot read {p}: {e.strerror}", fix="check the path") from e
    if size > max_bytes:
        raise InputError(
            "E_TOO_LARGE",
            f"{p} is {size / 1e6:.0f} MB, over the {max_bytes / 1e6:.0f} MB limit per file",
            fix="split it, or raise corpus.max_file_mb",
        )
    meta: dict[str, Any] = {}
    if fmt == "pdf":
        text = _read_pdf(p)
    else:
        raw = check_text(p.read_bytes(), f"file {p}")
        if fmt == "html":
            parser = _HTMLText()
            parser.feed(raw)
            parser.close()
            text = parser.text()
            if parser.title.strip():
                meta["title"] = " ".join(parser.title.split())
            meta.update(parser.meta)
        else:
            text = raw
            if fmt == "markdown":
                meta.update(_front_matter(text))
                # front matter is metadata, not content: blanked, so offsets still point into the file
                fm = re.match(r"---\n.*?\n---\n", text, re.S)
                if fm:
                    text = re.sub(r"[^\n]", " ", fm.group(0)) + text[fm.end() :]
                heading = re.search(r"^#\s+(.+)$", text, re.M)
                if heading and "title" not in meta:
                    meta["title"] = heading.group(1).strip()
    if not text.strip():
        raise InputError("E_EMPTY", f"{p} holds no text", fix="remove it or fill it")
    sidecar = p.with_name(p.name + ".meta.json")
    if sidecar.is_file():
        try:
            extra = json.loads(sidecar.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise InputError(
                "E_BAD_JSON", f"{sidecar} is not valid JSON: {e}", fix="one JSON object of metadata"
            ) from e
        if not isinstance(extra, dict):
            raise InputError("E_BAD_JSON", f"{sidecar} must hold one JSON object", fix="{\"title\": ...}")
        meta.update(extra)
    meta.setdefault("title", p.stem)
    return Document(path=str(p), text=text, format=fmt, metadata=meta)


def iter_files(paths: list[str | Path]) -> Iterator[Path]:
    """The indexable files under ``paths`` (files as given, folders walked), sorted."""
    for given in paths:
        p = Path(given)
        if p.is_file():
            yield p
        elif p.is_dir():
            yield from sorted(
                f
                for f in p.rglob("*")
                if f.is_file()
                and f.suffix.lower() in SUFFIXES
                and not any(x.startswith(".") for x in f.relative_to(p).parts)
            )
        else:
            raise InputError("E_SOURCE_FILE", f"{p} does not exist", fix="pass files or folders to index")


def chunk_document(doc: Document, *, max_words: int = 120) -> list[Chunk]:
    """Overlapping sentence windows of the document with their offsets."""
    digest = doc.sha256
    base = {k: v for k, v in doc.metadata.items() if isinstance(v, (str, int, float, bool))}
    return [
        Chunk(
            id=f"{digest[:16]}-{i}",
            text=w.text,
            start=w.start,
            end=w.end,
            metadata={
                **base,
                "path": doc.path,
                "doc_sha256": digest,
                "start": w.start,
                "end": w.end,
                "chunk": i,
                "format": doc.format,
            },
        )
        for i, w in enumerate(make_windows(doc.text, max_words=max_words, overlap_sentences=1))
    ]
