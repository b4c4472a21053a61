"""A corpus of documents for retrieval: ingestion (text, Markdown, HTML, PDF),
a ChromaDB store (a folder or a server) and retrievers behind one protocol."""

from __future__ import annotations

from .ingest import Chunk, Document, chunk_document, read_document
from .retrieve import (
    CorpusRetriever,
    FunctionRetriever,
    LangChainRetriever,
    LlamaIndexRetriever,
    Passage,
    Retriever,
    as_retriever,
)
from .store import CorpusStore, IndexReport

__all__ = [
    "Chunk",
    "CorpusRetriever",
    "CorpusStore",
    "Document",
    "FunctionRetriever",
    "IndexReport",
    "LangChainRetriever",
    "LlamaIndexRetriever",
    "Passage",
    "Retriever",
    "as_retriever",
    "chunk_document",
    "read_document",
]


def open_corpus(config: object = None, *, path: str | None = None, url: str | None = None) -> CorpusRetriever:
    """The configured corpus (``corpus.path`` or ``corpus.url``, or the ones
    given here) as a hybrid retriever."""
    from ..components import build_components
    from ..config import Config, load_config
    from ..link.embed import load_embedder

    cfg = config if isinstance(config, Config) else load_config()
    c = cfg.corpus
    store = CorpusStore(
        load_embedder(),
        path=path or (None if url else c.path),
        url=url or (None if path else c.url),
        collection=c.collection,
        chunk_words=c.chunk_words,
        max_file_mb=c.max_file_mb,
    )
    rerank = None
    if c.rerank == "checker":
        rerank = build_components(cfg).checker
    return CorpusRetriever(store, candidates=c.candidates, rerank=rerank)


__all__ += ["open_corpus"]
