"""The corpus store: ChromaDB, embedded (a folder) or a server (a URL).

Chroma never embeds anything here: the collection is created without an
embedding function and every vector comes from toulmin's own MiniLM embedder
(Chroma's default function downloads a model, which must never happen). The
embedder's name and version are stored with the collection; opening it with
another embedder is an error, since the vectors would not be comparable.

Indexing is incremental: a file whose content hash is already stored under
its path is skipped, a changed file replaces its old chunks, and a file whose
content is already stored under another path is skipped as a duplicate.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from ..errors import DependencyError, InputError, StoreError, ToulminError
from ..link.embed import Embedder
from .ingest import chunk_document, iter_files, read_document

__all__ = ["CorpusStore", "IndexReport", "StoredChunk"]

COLLECTION = "toulmin"
_BATCH = 256


@dataclass
class StoredChunk:
    id: str
    text: str
    metadata: dict[str, Any]


@dataclass
class IndexReport:
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    duplicates: dict[str, str] = field(default_factory=dict)  # path -> the path already holding it
    errors: dict[str, dict[str, Any]] = field(default_factory=dict)  # path -> error
    chunks_added: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "added": self.added,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "duplicates": self.duplicates,
            "errors": self.errors,
            "chunks_added": self.chunks_added,
        }


def _client(path: str | None, url: str | None) -> Any:
    try:
        import chromadb
        from chromadb.config import Settings
    except ImportError as e:
        raise DependencyError(
            "E_MISSING_EXTRA", "a corpus needs chromadb", fix="pip install 'toulmin[corpus]'"
        ) from e
    settings = Settings(anonymized_telemetry=False)
    if url:
        u = urlparse(url)
        if u.scheme not in ("http", "https") or not u.hostname:
            raise InputError(
                "E_BAD_OPTION", f"corpus URL {url!r} is not http(s)://host:port", fix="e.g. http://127.0.0.1:8000"
            )
        try:
            client = chromadb.HttpClient(
                host=u.hostname,
                port=u.port or (443 if u.scheme == "https" else 8000),
                ssl=u.scheme == "https",
                settings=settings,
            )
            client.heartbeat()
        except Exception as e:  # chromadb raises bare ValueError/ConnectError/...: all mean "not reachable"
            raise StoreError(
                "E_STORE_UNAVAILABLE",
                f"cannot reach the Chroma server at {url}: {type(e).__name__}: {str(e)[:200]}",
                fix="start it (chroma run --path DIR --host 127.0.0.1 --port 8000) or fix the URL",
            ) from e
        return client
    if not path:
        raise InputError("E_BAD_OPTION", "no corpus given", fix="pass --corpus DIR or --chroma-url URL")
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise InputError("E_BAD_OPTION", f"corpus {folder} is a file, not a folder", fix="pass a folder")
    folder.mkdir(parents=True, exist_ok=True)
    return chromadb.PersistentClient(path=str(folder), settings=settings)


class CorpusStore:
    """Chunks of documents with their vectors, offsets and metadata."""

    def __init__(
        self,
        embedder: Embedder,
        *,
        path: str | None = None,
        url: str | None = None,
        collection: str = COLLECTION,
        chunk_words: int = 120,
        max_file_mb: float = 50.0,
    ):
        self.embedder = embedder
        self.where = url or str(path)
        self.chunk_words = chunk_words
        self.max_bytes = int(max_file_mb * 1_000_000)
        self._client = _client(path, url)
        stamp = f"{getattr(embedder, 'name', 'embedder')}@{getattr(embedder, 'version', '?')}"
        try:
            self._col = self._client.get_or_create_collection(
                collection,
                embedding_function=None,
                metadata={"hnsw:space": "cosine", "embedder": stamp, "chunk_words": chunk_words},
            )
        except Exception as e:
            raise StoreError(
                "E_STORE", f"Chroma refused collection {collection!r}: {e}", fix="check the store"
            ) from e
        have = (self._col.metadata or {}).get("embedder")
        if have and have != stamp:
            raise StoreError(
                "E_STORE",
                f"the corpus at {self.where} was indexed with {have}, not {stamp}",
                fix="index into a new folder or collection with this embedder",
            )
        self.version = 0  # bumped on every change, so retrievers know to rebuild BM25

    def count(self) -> int:
        return int(self._call(self._col.count))

    def _call(self, fn: Any, *args: Any, **kw: Any) -> Any:
        try:
            return fn(*args, **kw)
        except ToulminError:
            raise
        except Exception as e:  # a server that went away mid-session
            raise StoreError(
                "E_STORE_UNAVAILABLE" if "connect" in str(e).lower() else "E_STORE",
                f"the Chroma store at {self.where} failed: {type(e).__name__}: {str(e)[:200]}",
                fix="check the Chroma server or folder",
            ) from e

    def _stored_hash(self, key: str, value: str) -> str | None:
        got = self._call(self._col.get, where={key: value}, limit=1, include=["metadatas"])
        metas = got.get("metadatas") or []
        return str(metas[0]["doc_sha256"]) if metas else None

    def _path_of_hash(self, digest: str) -> str | None:
        got = self._call(self._col.get, where={"doc_sha256": digest}, limit=1, include=["metadatas"])
        metas = got.get("metadatas") or []
        return str(metas[0]["path"]) if metas else None

    def index(self, paths: Sequence[str | Path]) -> IndexReport:
        """Index files and folders; a file that cannot be read is reported, not fatal."""
        files = list(iter_files(list(paths)))
        if not files:
            raise InputError(
                "E_EMPTY",
                "no indexable files under " + ", ".join(map(str, paths)),
                fix="index .txt, .md, .html or .pdf files",
            )
        rep = IndexReport()
        for f in files:
            try:
                doc = read_document(f, max_bytes=self.max_bytes)
            except InputError as e:
                rep.errors[str(f)] = e.to_dict()
                continue
            digest = doc.sha256
            old = self._stored_hash("path", doc.path)
            if old == digest:
                rep.unchanged.append(doc.path)
                continue
            other = self._path_of_hash(digest)
            if other is not None and other != doc.path:
                rep.duplicates[doc.path] = other
                continue
            if old is not None:
                self._call(self._col.delete, where={"path": doc.path})
                rep.updated.append(doc.path)
            else:
                rep.added.append(doc.path)
            rep.chunks_added += self._add(chunk_document(doc, max_words=self.chunk_words))
        self.version += 1
        return rep

    def _add(self, chunks: Sequence[Any]) -> int:
        for i in range(0, len(chunks), _BATCH):
            part = chunks[i : i + _BATCH]
            vecs = self.embedder.embed([c.text for c in part])
            self._call(
                self._col.upsert,
                ids=[c.id for c in part],
                documents=[c.text for c in part],
                embeddings=[v.tolist() for v in vecs],
                metadatas=[c.metadata for c in part],
            )
        return len(chunks)

    def all_chunks(self) -> list[StoredChunk]:
        got = self._call(self._col.get, include=["documents", "metadatas"])
        return [
            StoredChunk(id=i, text=t, metadata=dict(m or {}))
            for i, t, m in zip(got["ids"], got["documents"] or [], got["metadatas"] or [])
        ]

    def dense(self, query: str, n: int) -> list[tuple[StoredChunk, float]]:
        """The ``n`` nearest chunks by cosine similarity (1 - Chroma's cosine distance)."""
        total = self.count()
        if total == 0:
            return []
        vec = self.embedder.embed([query])[0]
        got = self._call(
            self._col.query,
            query_embeddings=[vec.tolist()],
            n_results=min(n, total),
            include=["documents", "metadatas", "distances"],
        )
        rows = zip(got["ids"][0], got["documents"][0], got["metadatas"][0], got["distances"][0])
        return [(StoredChunk(id=i, text=t, metadata=dict(m or {})), 1.0 - float(d)) for i, t, m, d in rows]

    def remove(self, paths: Iterable[str]) -> None:
        for p in paths:
            self._call(self._col.delete, where={"path": p})
        self.version += 1
