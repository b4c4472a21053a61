"""``verify-batch`` with hostile and broken rows: every row ends as a report or an error
row, nothing stops the run, and a resumed run neither repeats nor drops a row (issue 31)."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from toulmin import _worker
from toulmin import batch as vb
from toulmin.errors import InputError

from .test_verify_cli import ANSWER, S1, run


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def _row(rid: Any, **kw: Any) -> str:
    return json.dumps({"id": rid, "answer": "The trial showed an 81% success rate.", "sources": [S1], **kw})


def test_bad_rows_become_error_rows_with_their_code(tmp_path: Path) -> None:
    rows = vb.read_rows(_write(tmp_path / "in.jsonl", [
        _row("ok"),
        _row("q", question=5),
        _row("q2", question=["a"]),
        '{"id": "s", "answer": "bad \\ud800 text", "sources": ["x"]}',
        '{"id": "\\udc00", "answer": "a", "sources": ["x"]}',
        '{"id": {"a": 1}, "answer": "a", "sources": ["x"]}',
        '{"id": "pair", "answer": "fine \\ud83d\\ude00", "sources": ["x"]}',
    ]))
    codes = {r["id"]: r.get("error", {}).get("code") for r in rows}
    assert codes == {"ok": None, "q": "E_BAD_TYPE", "q2": "E_BAD_TYPE", "s": "E_NOT_UTF8",
                     "line-5": "E_NOT_UTF8", "line-6": "E_BAD_TYPE", "pair": None}
    assert "question must be a string, got int" in rows[1]["error"]["message"]
    assert rows[1]["error"]["message"].startswith("line 2:") and rows[1]["error"]["fix"]
    assert "lone surrogate" in rows[3]["error"]["message"]
    assert rows[6]["answer"] == "fine \U0001F600"  # a proper pair is text, not an error


def test_a_repeated_id_is_an_error_row_naming_both_lines(tmp_path: Path) -> None:
    lines = [_row("a"), _row("b"), _row("a"), "", _row(7), _row("7")]
    rows = vb.read_rows(_write(tmp_path / "in.jsonl", lines))
    assert [r["id"] for r in rows] == ["a", "b", "a", "7", "7"]
    assert "error" not in rows[0] and "error" not in rows[3]
    dup = rows[2]["error"]
    assert dup["code"] == "E_DUPLICATE_ID"
    assert dup["message"].startswith("line 3: id 'a' is already the id of line 1")
    assert rows[4]["error"]["code"] == "E_DUPLICATE_ID" and "line 5" in rows[4]["error"]["message"]


def test_resume_counts_rows_per_id_so_a_duplicate_is_never_skipped(tmp_path: Path) -> None:
    rows = vb.read_rows(_write(tmp_path / "in.jsonl", [_row("a"), _row("a"), _row("b")]))
    out = tmp_path / "out.jsonl"
    # interrupted after the first row "a", with the duplicate's line torn
    out.write_text(json.dumps({"id": "a", "report": {}}) + '\n{"id": "a", "err')
    done = vb.resume(out)
    assert done == {"a": 1} and out.read_text().endswith("}\n")
    todo = vb.todo(rows, done)
    assert [(r["id"], r["line"]) for r in todo] == [("a", 2), ("b", 3)]
    assert todo[0]["error"]["code"] == "E_DUPLICATE_ID"
    assert vb.todo(rows, Counter({"a": 2, "b": 1})) == []


class _Boom:
    def __init__(self, exc: Exception):
        self.exc = exc

    def verify(self, *args: Any, **kw: Any) -> Any:
        raise self.exc


def test_an_unexpected_exception_is_that_rows_error(monkeypatch: pytest.MonkeyPatch,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    row = {"id": "x", "line": 4, "answer": "a", "sources": ["s"], "question": None}
    monkeypatch.setattr(_worker, "_WORKER", _Boom(KeyError("\ud800 odd")))
    line, failed = vb.verify_row(row)
    got = json.loads(line)
    assert failed and got["id"] == "x" and got["error"]["code"] == "E_INTERNAL"
    assert got["error"]["message"].startswith("line 4: unexpected KeyError:") and "bug" in got["error"]["fix"]
    line.encode("utf-8")  # the lone surrogate in the message is escaped, the line can be written
    assert "line 4 (id 'x') failed unexpectedly" in caplog.text  # logged with its traceback
    monkeypatch.setattr(_worker, "_WORKER", _Boom(InputError("E_EMPTY", "answer is empty", fix="give one")))
    got = json.loads(vb.verify_row(row)[0])
    assert got["error"] == {"code": "E_EMPTY", "message": "answer is empty", "fix": "give one"}


@pytest.mark.slow
def test_a_batch_of_hostile_rows_runs_to_the_end_and_resumes(tmp_path: Path) -> None:
    inp = _write(tmp_path / "in.jsonl", [
        json.dumps({"id": "a", "answer": ANSWER, "sources": [S1]}),
        _row("q", question=5),
        '{"id": "s", "answer": "The trial \\ud800 ran.", "sources": [{"id": "S", "text": "x"}]}',
        _row("a"),
        _row("b"),
    ])
    out = tmp_path / "out.jsonl"
    r = run("verify-batch", str(inp), "-o", str(out), "--workers", "1")
    assert r.returncode == 1 and "3 rows could not be verified" in r.stderr and "Traceback" not in r.stderr
    # stderr is a pipe here, not a terminal: a plain progress line says how far and how fast
    assert re.search(r"verify-batch: 5 of 5 rows, [\d.]+ rows/s, 3 errors", r.stderr), r.stderr
    got = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(g["id"], g.get("error", {}).get("code")) for g in got] == [
        ("a", None), ("q", "E_BAD_TYPE"), ("s", "E_NOT_UTF8"), ("a", "E_DUPLICATE_ID"), ("b", None)]
    # cut after the duplicate's row, the last line torn: the rerun writes b alone
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    out.write_text("".join(lines[:4]) + lines[4][:10], encoding="utf-8")
    r = run("verify-batch", str(inp), "-o", str(out), "--workers", "1")
    assert "resuming: 4 rows" in r.stderr and "(3 of them errors), 1 to go" in r.stderr
    # the rerun verified b alone, and still fails: the earlier run's error rows stand in OUT
    assert r.returncode == 1
    assert "3 rows could not be verified (0 in this run, 3 from an earlier run)" in r.stderr
    r = run("verify-batch", str(inp), "-o", str(out), "--workers", "1")  # nothing left to do
    assert r.returncode == 1 and "0 to go" in r.stderr, r.stderr
    again = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    for g in (*got, *again):  # the one thing that differs between runs
        g.get("report", {}).pop("timings_ms", None)
    assert again == got


@pytest.mark.slow
def test_workers_that_cannot_start_stop_the_run_with_their_error(tmp_path: Path) -> None:
    """Each worker died in its initialiser and the pool started another, forever: 132
    tracebacks in 90 s and no row written. Now the first worker's error ends the run."""
    inp = _write(tmp_path / "in.jsonl", [_row(f"r{i}") for i in range(20)])
    out = tmp_path / "out.jsonl"
    r = run("verify-batch", str(inp), "-o", str(out), "--workers", "2",
            "--set", f"checker.model={tmp_path / 'no-such-checker'}")
    assert r.returncode == 3, r.stderr
    assert r.stderr.count("error[E_MODEL_MISSING]") == 1 and "Traceback" not in r.stderr, r.stderr
    assert not out.exists() or out.read_text() == ""  # no row was taken
