"""The Retriever protocol and the adapters for retrievers users already have
(objects shaped like LangChain's and LlamaIndex's: their interfaces, not the
libraries, are what the adapters depend on)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from toulmin.corpus import (
    CorpusRetriever,
    CorpusStore,
    FunctionRetriever,
    LangChainRetriever,
    LlamaIndexRetriever,
    Passage,
    Retriever,
    as_retriever,
)
from toulmin.errors import InputError
from toulmin.link.embed import load_embedder

pytestmark = pytest.mark.slow


@dataclass
class LCDocument:
    page_content: str
    metadata: dict[str, Any] = field(default_factory=dict)
    id: str | None = None


class LCRetriever:
    def invoke(self, query: str) -> list[LCDocument]:
        return [LCDocument("Paris is the capital of France.", {"source": "wiki/paris"}, "d1"),
                LCDocument("Lyon is in France.", {"source": "wiki/lyon"})]  # fmt: skip


@dataclass
class LINode:
    text: str
    node_id: str
    metadata: dict[str, Any] = field(default_factory=dict)

    def get_content(self) -> str:
        return self.text


@dataclass
class LIHit:
    node: LINode
    score: float | None


class LIRetriever:
    def retrieve(self, query: str) -> list[LIHit]:
        return [LIHit(LINode("Paris is the capital of France.", "n1", {"file_path": "paris.txt"}), 0.9)]


def test_adapters() -> None:
    lc = as_retriever(LCRetriever())
    assert isinstance(lc, LangChainRetriever) and isinstance(lc, Retriever)
    got = lc.retrieve("capital of France?", k=1)
    assert [(p.id, p.source, p.text) for p in got] == [
        ("d1", "wiki/paris", "Paris is the capital of France.")
    ]
    li = as_retriever(LIRetriever())
    assert isinstance(li, LlamaIndexRetriever)
    assert [(p.id, p.source, p.score) for p in li.retrieve("q")] == [("n1", "paris.txt", 0.9)]
    fn = as_retriever(lambda q, k: ["one", {"id": "x", "text": "two", "source": "s"}, Passage(
        id="p", text="three", score=1.0, source="t")])  # fmt: skip
    assert isinstance(fn, FunctionRetriever)
    assert [p.id for p in fn.retrieve("q", k=3)] == ["r1", "x", "p"]
    assert fn.retrieve("q", k=3)[1].as_source().metadata["document"] == "s"
    with pytest.raises(InputError):
        as_retriever(42)
    with pytest.raises(InputError) as e:
        FunctionRetriever(lambda q, k: [3.5]).retrieve("q")
    assert "position 0" in e.value.message


def test_corpus_retriever_fuses_and_reranks(tmp_path: Path) -> None:
    d = tmp_path / "d"
    d.mkdir()
    (d / "a.txt").write_text(
        "The bridge opened in 1932. It carries eight lanes of traffic across the harbour."
    )
    (d / "b.txt").write_text("The harbour bridge is nicknamed the coathanger by locals.")
    (d / "c.txt").write_text("Ferries cross the harbour every twenty minutes from the quay.")
    store = CorpusStore(load_embedder(), path=str(tmp_path / "s"))
    store.index([d])
    plain = CorpusRetriever(store).retrieve("When did the bridge open?", k=3)
    assert plain[0].source.endswith("a.txt") and len(plain) == 3
    assert plain == CorpusRetriever(store).retrieve("When did the bridge open?", k=3)  # deterministic
    from toulmin.checker import load_checker

    rr = CorpusRetriever(store, rerank=load_checker(None, None)).retrieve("The bridge opened in 1932.", k=2)
    assert rr[0].source.endswith("a.txt") and rr[0].score > 0.5  # an entailment probability now
    with pytest.raises(InputError):
        CorpusRetriever(store).retrieve("  ")
    # BM25 is rebuilt when the store changes
    (d / "e.txt").write_text("The zeppelin hangar was demolished in 1999.")
    r = CorpusRetriever(store)
    r.retrieve("bridge")
    store.index([d])
    assert r.retrieve("zeppelin hangar", k=1)[0].source.endswith("e.txt")
