"""``toulmin.batch.verify_many``: the Python API gives what ``verify-batch`` writes, row for
row, bad rows included."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_verify_cli import ANSWER, S1, run
from toulmin.batch import verify_many
from toulmin.config import load_config
from toulmin.errors import InputError
from toulmin.rows import loads_strict

pytestmark = pytest.mark.slow


def _no_timings(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for row in rows:
        if "report" in row:
            row["report"].pop("timings_ms")
    return rows


ROWS: list[Any] = [
    {"id": "a", "answer": ANSWER, "sources": [S1]},
    {"id": "no-answer", "sources": [S1]},
    ["not", "a", "dict"],
    {"id": "a", "answer": ANSWER, "sources": [S1]},
    {"id": "set", "answer": ANSWER, "sources": {"not JSON"}},
    {"id": "q", "answer": ANSWER, "sources": [S1], "question": 5},
    {"id": 7, "answer": "The trial showed an 81% success rate.", "sources": [S1], "question": "What?"},
]


@pytest.mark.parametrize("workers", [1, 2])
def test_verify_many_gives_the_rows_verify_batch_writes(tmp_path: Path, workers: int) -> None:
    got = _no_timings(list(verify_many(ROWS, workers=workers, config=load_config())))
    codes = [r.get("error", {}).get("code") for r in got]
    assert [r["id"] for r in got] == ["a", "no-answer", "line-3", "a", "line-5", "q", "7"]
    assert codes == [None, "E_BAD_ROW", "E_BAD_ROW", "E_DUPLICATE_ID", "E_BAD_ROW", "E_BAD_TYPE", None]
    assert "not JSON data" in got[4]["error"]["message"] and "set" in got[4]["error"]["message"]
    assert got[0]["report"]["claims_checked"] >= 2
    # the same rows through the command line (the set cannot be written as JSON: left out)
    inp, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    inp.write_text("\n".join(json.dumps(r) for r in ROWS if not (isinstance(r, dict) and r["id"] == "set")))
    assert run("verify-batch", str(inp), "-o", str(out), "--workers", str(workers)).returncode == 1
    want = _no_timings([json.loads(line) for line in out.read_text().splitlines()])
    keep = [r for r in got if r["id"] != "line-5"]
    assert [r["id"] for r in keep] == [r["id"] for r in want]
    # a row's number differs once the set is left out: compare what does not name it
    assert [r.get("report") for r in keep] == [r.get("report") for r in want]
    assert [r.get("error", {}).get("code") for r in keep] == [r.get("error", {}).get("code") for r in want]


def test_verify_many_refuses_an_unknown_engine() -> None:
    with pytest.raises(InputError) as e:
        list(verify_many([{"id": "a", "answer": ANSWER, "sources": [S1]}], engine="spark"))
    assert e.value.code == "E_BAD_OPTION" and "local, ray" in (e.value.fix or "")


def test_a_label_goes_through_verify_batch_into_the_report_page(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[1]
    labels = {json.loads(x)["id"]: json.loads(x)["label"]
              for x in (root / "examples" / "batch_labels.jsonl").read_text().splitlines()}
    rows = [json.loads(x) for x in (root / "examples" / "batch.jsonl").read_text().splitlines()]
    inp, run_file, page = tmp_path / "in.jsonl", tmp_path / "run.jsonl", tmp_path / "r.html"
    bad = {"id": "bad", "answer": "x", "sources": [S1], "question": 5, "label": True}  # an error row
    inp.write_text("".join(json.dumps({**r, "label": labels[r["id"]]}) + "\n" for r in rows)
                   + json.dumps(bad) + "\n")
    assert run("verify-batch", str(inp), "-o", str(run_file), "--workers", "1").returncode == 1
    out = [json.loads(x) for x in run_file.read_text().splitlines()]
    assert [r.get("label") for r in out] == [*(labels[r["id"]] for r in rows), True]
    assert "error" in out[-1] and all("report" in r for r in out[:-1])
    assert run("report", str(run_file), "-o", str(page)).returncode == 0
    html = page.read_text()
    assert 'id="chart-confusion"' in html and 'id="chart-reliability"' in html


def test_a_label_that_is_no_json_number_is_an_error_row_never_copied(tmp_path: Path) -> None:
    """NaN (and Infinity, and 1e400) went through as "label": NaN, which is not JSON, and
    `toulmin report` then refused the whole run."""
    inp, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    good = {"id": "ok", "answer": ANSWER, "sources": [S1], "label": True}
    inp.write_text(json.dumps(good) + "\n"
                   + '{"id": "nan", "answer": "x", "sources": ["s"], "label": NaN}\n'
                   + '{"id": "inf", "answer": "x", "sources": ["s"], "label": -Infinity}\n'
                   + '{"id": "big", "answer": "x", "sources": ["s"], "label": 1e400}\n')
    assert run("verify-batch", str(inp), "-o", str(out), "--workers", "1").returncode == 1
    text = out.read_text()
    rows = [loads_strict(line) for line in text.splitlines()]  # strict JSON, every line
    # a line that does not parse is named by its number, as any line that is not JSON
    assert [(r["id"], r.get("error", {}).get("code"), "label" in r) for r in rows] == [
        ("ok", None, True), ("line-2", "E_BAD_ROW", False), ("line-3", "E_BAD_ROW", False),
        ("line-4", "E_BAD_ROW", False)]
    assert "NaN is not a JSON number" in rows[1]["error"]["message"]
    assert run("report", str(out), "-o", str(tmp_path / "r.html")).returncode == 0
