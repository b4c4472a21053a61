"""Reading each format into text with offsets and metadata; bad files."""

from __future__ import annotations

from pathlib import Path

import pytest

from toulmin.corpus import chunk_document, read_document
from toulmin.corpus.ingest import iter_files
from toulmin.errors import InputError

from .conftest import make_pdf


def test_each_format(docs: Path) -> None:
    txt = read_document(docs / "curie.txt")
    assert txt.format == "text" and txt.text.startswith("Marie Curie")
    # the sidecar wins and adds what the file cannot say
    assert txt.metadata["url"] == "https://example.org/curie" and txt.metadata["status"] == "outdated"
    md = read_document(docs / "penicillin.md")
    assert md.metadata["title"] == "Penicillin" and str(md.metadata["date"]) == "2024-01-02"
    assert md.metadata["version"] == "2"
    assert "date:" not in md.text  # front matter blanked ...
    raw = (docs / "penicillin.md").read_text()
    i = md.text.index("Alexander Fleming")
    assert raw[i : i + 17] == "Alexander Fleming"  # ... so offsets still point into the file
    html = read_document(docs / "sub" / "eiffel.html")
    assert html.metadata["title"] == "Eiffel Tower" and html.metadata["date"] == "2020-05-01"
    assert "330 metres" in html.text and "999" not in html.text and "color" not in html.text
    assert "tall.\n" in html.text  # paragraphs stay apart
    pdf = read_document(docs / "moon.pdf")
    assert "Apollo 11 landed on the Moon in July 1969." in pdf.text and pdf.format == "pdf"


def test_chunks_carry_offsets_and_metadata(docs: Path, tmp_path: Path) -> None:
    long = tmp_path / "long.txt"
    long.write_text(" ".join(f"Sentence number {i} says that item {i} costs {i} euros." for i in range(200)))
    doc = read_document(long)
    chunks = chunk_document(doc, max_words=60)
    assert len(chunks) > 10
    for c in chunks:
        assert doc.text[c.start : c.end] == c.text
        assert c.metadata["path"] == str(long) and c.metadata["doc_sha256"] == doc.sha256
        assert len(c.text.split()) <= 60
    assert chunks[0].id != chunks[1].id and chunks[0].id.startswith(doc.sha256[:16])
    # consecutive chunks overlap by a sentence: a fact across the boundary is seen whole once
    assert chunks[1].start < chunks[0].end


def test_walk_skips_hidden_and_unknown_files(docs: Path) -> None:
    names = sorted(p.name for p in iter_files([docs]))
    assert names == ["curie.txt", "eiffel.html", "moon.pdf", "penicillin.md"]
    with pytest.raises(InputError) as e:
        list(iter_files([docs / "nope"]))
    assert e.value.code == "E_SOURCE_FILE"


@pytest.mark.parametrize(
    ("name", "data", "code", "words"),
    [
        ("broken.pdf", b"%PDF-1.4 this is not really a pdf", "E_SOURCE_FILE", "cannot read the PDF"),
        ("bin.txt", b"\x00\x01\x02 binary", "E_BINARY", "binary"),
        ("latin1.txt", "caf\xe9".encode("latin-1"), "E_NOT_UTF8", "UTF-8"),
        ("empty.md", b"   \n", "E_EMPTY", "empty"),
        ("x.docx", b"PK", "E_SOURCE_FILE", "unsupported file type"),
    ],
)
def test_bad_files_say_what_is_wrong(tmp_path: Path, name: str, data: bytes, code: str, words: str) -> None:
    p = tmp_path / name
    p.write_bytes(data)
    with pytest.raises(InputError) as e:
        read_document(p)
    assert e.value.code == code and words in e.value.message and e.value.fix


def test_scanned_pdf_without_text(tmp_path: Path) -> None:
    make_pdf(tmp_path / "scan.pdf", [])
    with pytest.raises(InputError) as e:
        read_document(tmp_path / "scan.pdf")
    assert e.value.code == "E_EMPTY" and "OCR" in (e.value.fix or "")


def test_huge_file_is_refused_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    with big.open("wb") as f:
        f.truncate(200_000_001)  # sparse: 200 MB on paper, nothing on disk
    with pytest.raises(InputError) as e:
        read_document(big)
    assert (
        e.value.code == "E_TOO_LARGE" and "200 MB" in e.value.message and "max_file_mb" in (e.value.fix or "")
    )
