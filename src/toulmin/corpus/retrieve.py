"""Retrieval: one ``Retriever`` protocol, toulmin's own hybrid retriever over a
corpus store, and adapters for the retrievers people already have.

The hybrid retriever ranks chunks with BM25 (built from the store's chunks,
rebuilt when the store changes) and with the store's vectors, fuses the two
rankings by reciprocal rank, and can rerank the fused top with the shipped
checker (the entailment probability of the query given the chunk), which
suits claims rather than questions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np
from pydantic import BaseModel, Field

from ..errors import InputError
from ..sources import Source
from .store import CorpusStore, StoredChunk

__all__ = [
    "CorpusRetriever",
    "FunctionRetriever",
    "LangChainRetriever",
    "LlamaIndexRetriever",
    "Passage",
    "Retriever",
    "as_retriever",
]

_TOKEN = re.compile(r"[a-z0-9]+")


class Passage(BaseModel):
    id: str
    text: str
    score: float = Field(description="higher is better; comparable only within one result list")
    source: str = Field(description="the document it comes from (path, URL or id)")
    start: int | None = Field(None, description="offset of the text in its document, when known")
    end: int | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)

    @property
    def source_id(self) -> str:
        """How verdicts name it: the document and the chunk's number when known
        (``docs/a.md#3``), else the retriever's id."""
        chunk = self.metadata.get("chunk")
        return f"{self.source}#{chunk}" if chunk is not None else self.id

    def as_source(self) -> Source:
        meta = {**self.metadata, "document": self.source, "chunk_id": self.id}
        if self.start is not None:
            meta["start"] = self.start
        return Source(id=self.source_id, text=self.text, metadata=meta)


@runtime_checkable
class Retriever(Protocol):
    def retrieve(self, query: str, k: int = 5) -> list[Passage]: ...


def _passage(c: StoredChunk, score: float) -> Passage:
    m = c.metadata
    return Passage(
        id=c.id,
        text=c.text,
        score=round(float(score), 6),
        source=str(m.get("url") or m.get("path") or c.id),
        start=m.get("start"),
        end=m.get("end"),
        metadata={k: v for k, v in m.items() if k not in ("start", "end")},
    )


class CorpusRetriever:
    name = "hybrid"

    def __init__(
        self,
        store: CorpusStore,
        *,
        candidates: int = 30,
        rrf_k: int = 10,
        rerank: Any = None,
    ):
        self.store, self.candidates, self.rrf_k, self.rerank = store, candidates, rrf_k, rerank
        self._bm25: Any = None
        self._chunks: list[StoredChunk] = []
        self._built_at = -1

    def _lexical(self, query: str) -> list[tuple[StoredChunk, float]]:
        import bm25s

        if self._built_at != self.store.version or self._bm25 is None:
            self._chunks = self.store.all_chunks()
            self._chunks.sort(key=lambda c: c.id)  # a stable order, whatever the store returns
            tokens = bm25s.tokenize([c.text for c in self._chunks], stopwords="en", show_progress=False)
            self._bm25 = None
            if self._chunks and tokens.vocab:
                self._bm25 = bm25s.BM25()
                self._bm25.index(tokens, show_progress=False)
            self._built_at = self.store.version
        if self._bm25 is None:
            return []
        vocab = self._bm25.vocab_dict
        q = [t for t in _TOKEN.findall(query.lower()) if t in vocab]
        if not q:
            return []
        scores = self._bm25.get_scores(q)
        order = np.lexsort((np.arange(len(scores)), -scores))[: self.candidates]
        return [(self._chunks[i], float(scores[i])) for i in order if scores[i] > 0]

    def retrieve(self, query: str, k: int = 5) -> list[Passage]:
        if not isinstance(query, str) or not query.strip():
            raise InputError("E_EMPTY", "the query is empty", fix="pass the text to search for")
        lex = self._lexical(query)
        dense = self.store.dense(query, self.candidates)
        fused: dict[str, float] = {}
        by_id: dict[str, StoredChunk] = {}
        for ranking in (lex, dense):
            for rank, (c, _) in enumerate(ranking):
                fused[c.id] = fused.get(c.id, 0.0) + 1.0 / (self.rrf_k + rank + 1)
                by_id[c.id] = c
        top = sorted(fused, key=lambda i: (-fused[i], i))
        if self.rerank is not None and top:
            pool = top[: max(k * 3, k)]
            probs = self.rerank.predict([query] * len(pool), [by_id[i].text for i in pool])
            scored = {i: float(p[0]) for i, p in zip(pool, probs)}
            top = sorted(pool, key=lambda i: (-scored[i], i))
            return [_passage(by_id[i], scored[i]) for i in top[:k]]
        return [_passage(by_id[i], fused[i]) for i in top[:k]]


class FunctionRetriever:
    """Any ``fn(query, k) -> [str | dict | Passage]``."""

    name = "function"

    def __init__(self, fn: Callable[[str, int], Sequence[Any]]):
        self.fn = fn

    def retrieve(self, query: str, k: int = 5) -> list[Passage]:
        out = []
        for n, item in enumerate(list(self.fn(query, k))[:k]):
            if isinstance(item, Passage):
                out.append(item)
            elif isinstance(item, str):
                out.append(Passage(id=f"r{n + 1}", text=item, score=float(k - n), source=f"r{n + 1}"))
            elif isinstance(item, dict) and isinstance(item.get("text"), str):
                pid = str(item.get("id", f"r{n + 1}"))
                out.append(
                    Passage(
                        id=pid,
                        text=item["text"],
                        score=float(item.get("score", k - n)),
                        source=str(item.get("source", pid)),
                        metadata=dict(item.get("metadata") or {}),
                    )
                )
            else:
                raise InputError(
                    "E_BAD_TYPE",
                    f"retriever function returned {type(item).__name__} at position {n}",
                    fix="return strings, dicts with 'text', or Passage objects",
                )
        return out


class LangChainRetriever:
    """A LangChain retriever (``invoke(query) -> [Document]``, each with
    ``page_content`` and ``metadata``)."""

    name = "langchain"

    def __init__(self, retriever: Any):
        self.retriever = retriever

    def retrieve(self, query: str, k: int = 5) -> list[Passage]:
        docs = self.retriever.invoke(query)
        out = []
        for n, d in enumerate(list(docs)[:k]):
            meta = dict(getattr(d, "metadata", None) or {})
            pid = str(getattr(d, "id", None) or meta.get("id") or f"r{n + 1}")
            src = str(meta.get("source") or pid)
            out.append(Passage(id=pid, text=d.page_content, score=float(k - n), source=src, metadata=meta))
        return out


class LlamaIndexRetriever:
    """A LlamaIndex retriever (``retrieve(query) -> [NodeWithScore]``)."""

    name = "llamaindex"

    def __init__(self, retriever: Any):
        self.retriever = retriever

    def retrieve(self, query: str, k: int = 5) -> list[Passage]:
        out = []
        for n, hit in enumerate(list(self.retriever.retrieve(query))[:k]):
            node = getattr(hit, "node", hit)
            meta = dict(getattr(node, "metadata", None) or {})
            text = node.get_content() if hasattr(node, "get_content") else str(getattr(node, "text", ""))
            pid = str(getattr(node, "node_id", None) or f"r{n + 1}")
            score = getattr(hit, "score", None)
            out.append(
                Passage(
                    id=pid,
                    text=text,
                    score=float(score if score is not None else k - n),
                    source=str(meta.get("file_path") or meta.get("source") or pid),
                    metadata=meta,
                )
            )
        return out


def as_retriever(obj: Any) -> Retriever:
    """A toulmin retriever from whatever the user has: one already, a LangChain
    or LlamaIndex retriever, or a function."""
    if isinstance(obj, (CorpusRetriever, FunctionRetriever, LangChainRetriever, LlamaIndexRetriever)):
        return obj
    if hasattr(obj, "invoke") and not hasattr(obj, "retrieve"):
        return LangChainRetriever(obj)
    if hasattr(obj, "retrieve") and callable(obj.retrieve):
        import inspect

        params = inspect.signature(obj.retrieve).parameters
        return obj if "k" in params else LlamaIndexRetriever(obj)  # type: ignore[no-any-return]
    if callable(obj):
        return FunctionRetriever(obj)
    raise InputError(
        "E_BAD_TYPE",
        f"cannot use a {type(obj).__name__} as a retriever",
        fix="pass a toulmin Retriever, a LangChain or LlamaIndex retriever, or fn(query, k)",
    )
