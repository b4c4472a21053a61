"""toulmin index / search as a user runs them (subprocess: the real entry point)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toulmin.cli", *args], capture_output=True, text=True, timeout=300
    )


def test_index_then_search(docs: Path, tmp_path: Path) -> None:
    corpus = str(tmp_path / "corpus")
    first = run("index", str(docs), "--corpus", corpus)
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith("4 added, 0 updated, 0 unchanged, 0 duplicates, 0 errors")
    again = run("index", str(docs), "--corpus", corpus, "--format", "json")
    rep = json.loads(again.stdout)
    assert len(rep["unchanged"]) == 4 and rep["chunks_added"] == 0 and rep["chunks_total"] >= 4
    hits = json.loads(run("search", "Who discovered penicillin?", "--corpus", corpus, "-k", "2",
                          "--format", "json").stdout)  # fmt: skip
    assert hits[0]["source"].endswith("penicillin.md") and "Fleming" in hits[0]["text"]
    raw = (docs / "penicillin.md").read_text()
    assert raw[hits[0]["start"] : hits[0]["end"]] == hits[0]["text"]
    text = run("search", "Eiffel Tower height", "--corpus", corpus, "-k", "1")
    assert "eiffel.html" in text.stdout and "330 metres" in text.stdout


def test_index_reports_bad_files_and_exits_1(tmp_path: Path) -> None:
    d = tmp_path / "d"
    d.mkdir()
    (d / "ok.txt").write_text("Water boils at 100 degrees Celsius at sea level.")
    (d / "bad.pdf").write_bytes(b"not a pdf")
    r = run("index", str(d), "--corpus", str(tmp_path / "c"))
    assert (
        r.returncode == 1
        and "1 added" in r.stdout
        and "error[E_SOURCE_FILE]" in r.stdout
        and "fix:" in r.stdout
    )


def test_errors_have_codes(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    r = run("index", str(tmp_path / "empty"), "--corpus", str(tmp_path / "c"))
    assert r.returncode == 2 and "error[E_EMPTY]" in r.stderr
    down = run("search", "x", "--chroma-url", "http://127.0.0.1:9")
    assert down.returncode == 3 and "error[E_STORE_UNAVAILABLE]" in down.stderr
    nothing = run("search", "x")
    assert nothing.returncode == 2 and "--corpus" in nothing.stderr
