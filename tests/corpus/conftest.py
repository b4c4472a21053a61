"""Corpus fixtures: files of every format made in the test, a PDF written by
hand (so no PDF library is needed to make one), and a real Chroma server on
127.0.0.1 started from the chromadb package."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.servers import free_port, running


def make_pdf(path: Path, lines: list[str]) -> None:
    """A one-page PDF whose text pypdf can extract, byte offsets computed."""
    body = (
        "BT /F1 12 Tf 72 720 Td 14 TL "
        + " ".join(
            "(" + ln.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ") Tj T*" for ln in lines
        )
        + " ET"
    )
    objs = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        "/Resources << /Font << /F1 5 0 R >> >> >>",
        f"<< /Length {len(body)} >>\nstream\n{body}\nendstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for i, o in enumerate(objs, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n{o}\nendobj\n".encode("latin-1")
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    out += "".join(f"{o:010d} 00000 n \n" for o in offsets).encode()
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    path.write_bytes(out)


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    d = tmp_path / "docs"
    (d / "sub").mkdir(parents=True)
    (d / "curie.txt").write_text(
        "Marie Curie was born in Warsaw in 1867. She won the Nobel Prize in Physics in 1903.\n"
    )
    (d / "penicillin.md").write_text(
        "---\ndate: 2024-01-02\nversion: '2'\n---\n# Penicillin\n\n"
        "Alexander Fleming discovered penicillin in 1928 at St Mary's Hospital in London.\n"
    )
    (d / "sub" / "eiffel.html").write_text(
        "<html><head><title>Eiffel Tower</title><meta name='date' content='2020-05-01'>"
        "<script>var height = 999;</script><style>p {color: red}</style></head>"
        "<body><p>The Eiffel Tower is 330 metres tall.</p><p>It opened in 1889 in Paris.</p></body></html>"
    )
    make_pdf(d / "moon.pdf", ["Apollo 11 landed on the Moon in July 1969.", "Neil Armstrong walked first."])
    (d / "curie.txt.meta.json").write_text(
        json.dumps({"url": "https://example.org/curie", "status": "outdated"})
    )
    (d / ".hidden.txt").write_text("hidden file, never indexed")
    (d / "notes.bin").write_bytes(b"\x00\x01")  # not an indexable type: skipped when walking a folder
    return d


@pytest.fixture(scope="session")
def chroma_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    chroma = Path(sys.executable).parent / "chroma"
    if not chroma.exists():
        pytest.fail("the chroma command of the chromadb package is missing: pip install 'toulmin[corpus]'")
    port = free_port()
    data = tmp_path_factory.mktemp("chroma-server")
    url = f"http://127.0.0.1:{port}"
    cmd = [str(chroma), "run", "--path", str(data / "db"), "--host", "127.0.0.1", "--port", str(port)]
    with running(cmd, url + "/api/v2/heartbeat", data / "server.log"):
        yield url
