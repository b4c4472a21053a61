"""The Chroma store for real: embedded in a folder and as a server on
127.0.0.1; incremental re-indexing, duplicates, retrieval, failures."""

from __future__ import annotations

import shutil
import socket
from pathlib import Path

import pytest

from toulmin.corpus import CorpusRetriever, CorpusStore
from toulmin.errors import InputError, StoreError
from toulmin.link.embed import load_embedder

from .conftest import make_pdf

pytestmark = pytest.mark.slow


def _store(tmp_path: Path, **kw: object) -> CorpusStore:
    return CorpusStore(load_embedder(), path=str(tmp_path / "corpus"), **kw)  # type: ignore[arg-type]


def _check_store(store: CorpusStore, docs: Path) -> None:
    rep = store.index([docs])
    assert sorted(Path(p).name for p in rep.added) == [
        "curie.txt",
        "eiffel.html",
        "moon.pdf",
        "penicillin.md",
    ]
    assert rep.errors == {} and rep.chunks_added == store.count() >= 4
    r = CorpusRetriever(store)
    top = r.retrieve("How tall is the Eiffel Tower?", k=2)
    assert top[0].source.endswith("eiffel.html") and "330 metres" in top[0].text
    doc = (docs / "sub" / "eiffel.html").name
    assert top[0].metadata["title"] == "Eiffel Tower" and doc in top[0].metadata["path"]
    moon = r.retrieve("When did Apollo 11 land on the Moon?", k=1)[0]
    assert moon.source.endswith("moon.pdf") and moon.metadata["format"] == "pdf"
    # sidecar metadata reaches the passage, so staleness reaches the verdicts
    curie = r.retrieve("Where was Marie Curie born?", k=1)[0]
    assert curie.source == "https://example.org/curie" and curie.as_source().stale_reason == "status outdated"


def test_embedded_store_index_and_retrieve(docs: Path, tmp_path: Path) -> None:
    _check_store(_store(tmp_path), docs)


def test_server_store_index_and_retrieve(docs: Path, chroma_url: str, request: pytest.FixtureRequest) -> None:
    # one collection per test on the shared server
    store = CorpusStore(load_embedder(), url=chroma_url, collection=f"t-{request.node.name[:40]}")
    _check_store(store, docs)


def test_reindex_is_incremental(docs: Path, tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.index([docs])
    n = store.count()
    again = store.index([docs])
    assert len(again.unchanged) == 4 and again.added == again.updated == [] and again.chunks_added == 0
    assert store.count() == n
    (docs / "curie.txt").write_text("Marie Curie was born in Warsaw in 1867. She died in 1934 in Passy.\n")
    shutil.copy(docs / "penicillin.md", docs / "copy-of-penicillin.md")
    third = store.index([docs])
    assert [Path(p).name for p in third.updated] == ["curie.txt"]
    assert {Path(k).name: Path(v).name for k, v in third.duplicates.items()} == {
        "copy-of-penicillin.md": "penicillin.md"
    }
    assert store.count() == n  # the old chunks of curie.txt were replaced, not kept beside the new
    hit = CorpusRetriever(store).retrieve("When did Marie Curie die?", k=1)[0]
    assert "1934" in hit.text
    # a new store object on the same folder sees the same corpus (it persisted)
    assert _store(tmp_path).count() == n


def test_bad_files_are_reported_and_the_rest_indexed(tmp_path: Path) -> None:
    d = tmp_path / "in"
    d.mkdir()
    (d / "good.txt").write_text("Water boils at 100 degrees Celsius at sea level.")
    (d / "broken.pdf").write_bytes(b"%PDF-1.4 garbage")
    make_pdf(d / "scan.pdf", [])
    rep = _store(tmp_path).index([d])
    assert [Path(p).name for p in rep.added] == ["good.txt"]
    assert {Path(p).name: e["code"] for p, e in rep.errors.items()} == {
        "broken.pdf": "E_SOURCE_FILE",
        "scan.pdf": "E_EMPTY",
    }


def test_empty_folder_and_bad_places(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError) as e:
        _store(tmp_path).index([tmp_path / "empty"])
    assert e.value.code == "E_EMPTY"
    (tmp_path / "afile").write_text("x")
    with pytest.raises(InputError):
        CorpusStore(load_embedder(), path=str(tmp_path / "afile"))
    with pytest.raises(InputError):
        CorpusStore(load_embedder(), url="ftp://somewhere")


def test_server_down_is_a_clear_error() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(StoreError) as e:
        CorpusStore(load_embedder(), url=f"http://127.0.0.1:{port}")
    assert e.value.code == "E_STORE_UNAVAILABLE" and "chroma run" in (e.value.fix or "")


class _OtherEmbedder:
    name, version = "other", "1"

    def embed(self, texts: list[str]) -> object:
        return load_embedder().embed(texts)


def test_another_embedder_is_refused(tmp_path: Path) -> None:
    _store(tmp_path)
    with pytest.raises(StoreError) as e:
        CorpusStore(_OtherEmbedder(), path=str(tmp_path / "corpus"))  # type: ignore[arg-type]
    assert "was indexed with" in e.value.message and "other@1" in e.value.message


def test_index_and_search_with_the_network_blocked(docs: Path, tmp_path: Path) -> None:
    # Chroma must never fetch its default embedding model: a fresh interpreter with
    # every non-loopback connection failing indexes and searches all the same.
    import subprocess
    import sys

    code = (
        "import socket, sys\n"
        "real = socket.socket.connect\n"
        "def guard(self, addr, *a):\n"
        "    if isinstance(addr, tuple) and addr[0] not in ('127.0.0.1', '::1', 'localhost'):\n"
        "        raise OSError('network blocked: ' + str(addr))\n"
        "    return real(self, addr, *a)\n"
        "socket.socket.connect = guard\n"
        "from toulmin.corpus import open_corpus\n"
        f"r = open_corpus(path={str(tmp_path / 'c')!r})\n"
        f"print(r.store.index([{str(docs)!r}]).chunks_added)\n"
        "print(r.retrieve('How tall is the Eiffel Tower?', 1)[0].source)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    chunks, source = out.stdout.split()
    assert int(chunks) >= 4 and source.endswith("eiffel.html")
