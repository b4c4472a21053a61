"""The CLI run as a user runs it: a real subprocess, the real shipped model."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "toulmin.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=300)


def test_score_pairs_example_file(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    res = run("score-pairs", str(ROOT / "examples/pairs.jsonl"), "-o", str(out))
    assert res.returncode == 0, res.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in rows] == ["entailed", "number-changed", "negated", "unrelated"]
    by_id = {r["id"]: r for r in rows}
    assert by_id["entailed"]["supported"] is True
    assert by_id["number-changed"]["label3"] == "contradiction"
    assert not by_id["unrelated"]["supported"]
    for r in rows:
        assert set(r) >= {"id", "prob_supported", "supported", "label3", "probs", "evidence"}
        assert set(r["evidence"]) >= {"start", "end", "text"}
        assert r["model"].startswith("toulmin-checker-minilm-l6@")


def test_score_pairs_checks_overrule_the_model_on_a_stated_value() -> None:
    stdin = ('{"id": "bound", "doc": "There have been 684 confirmed cases in Germany.", '
             '"claim": "Germany has less than 650 confirmed cases."}\n'
             '{"id": "same", "doc": "There have been 684 confirmed cases in Germany.", '
             '"claim": "Germany has 684 confirmed cases."}\n')
    alone = run("score-pairs", "-", "--no-checks", stdin=stdin)
    plain = [json.loads(line) for line in alone.stdout.splitlines()]
    res = run("score-pairs", "-", stdin=stdin)  # checks are on by default
    assert res.returncode == 0, res.stderr
    checked = [json.loads(line) for line in res.stdout.splitlines()]
    assert [r["findings"] for r in plain] == [[], []]
    assert (checked[0]["supported"], checked[0]["label3"]) == (False, "contradiction")
    assert checked[0]["findings"][0]["kind"] == "number"
    assert "684 confirmed cases" in checked[0]["findings"][0]["note"]
    assert checked[1]["findings"] == [] and checked[1]["supported"] == plain[1]["supported"]
    assert [r["prob_supported"] for r in checked] == [r["prob_supported"] for r in plain]
    assert all(r["model"].endswith("+checks") for r in checked)
    assert not any(r["model"].endswith("+checks") for r in plain)


def test_score_pairs_reports_bad_rows_and_loses_none() -> None:
    stdin = ('{"id": "a", "doc": "The sky is blue.", "claim": "The sky is blue."}\n'
             "this is not json\n"
             '{"id": "c", "doc": "", "claim": "x"}\n'
             '{"id": "d", "claim": "no doc"}\n')
    res = run("score-pairs", "-", stdin=stdin)
    assert res.returncode == 1
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    assert [r["id"] for r in rows] == ["a", "line-2", "c", "d"]
    assert rows[0]["supported"] is True
    assert [r["error"]["code"] for r in rows[1:]] == ["E_BAD_ROW", "E_EMPTY", "E_BAD_ROW"]
    assert "3 of 4 rows" in res.stderr


def test_missing_file_and_unknown_config_key_give_coded_errors(tmp_path: Path) -> None:
    res = run("score-pairs", str(tmp_path / "nope.jsonl"))
    assert res.returncode == 2 and "error[E_NOT_FOUND]" in res.stderr and "fix:" in res.stderr
    cfg = tmp_path / "t.yaml"
    cfg.write_text("checker:\n  windw: 3\n")
    res = run("--json-errors", "model", "--config", str(cfg))
    assert res.returncode == 2
    err = json.loads(res.stderr)["error"]
    assert err["code"] == "E_CONFIG_KEY" and "window_words" in err["fix"]


def test_eval_pairs_on_a_labelled_file(tmp_path: Path) -> None:
    f = tmp_path / "l.jsonl"
    f.write_text(
        '{"doc": "The bridge opened in 1932.", "claim": "The bridge opened in 1932.", "label": "SUPPORTS"}\n'
        '{"doc": "The bridge opened in 1932.", "claim": "The bridge opened in 1990.", "label": "REFUTES"}\n'
        '{"doc": "The bridge opened in 1932.", "claim": "The bridge is red.", "label": "NOT ENOUGH INFO"}\n')
    res = run("eval", "pairs", str(f), "--json")
    assert res.returncode == 0, res.stderr
    m = json.loads(res.stdout)
    assert m["rows"] == 3 and m["errors"] == [] and m["checks"] is True
    assert 0 <= m["balanced_accuracy"] <= 100 and "accuracy_3way" in m and 0 <= m["ece"] <= 1
    # Per class: the one supported pair is found, and the two recalls average to the BA.
    assert m["recall_supported"] == 100.0 and m["mean_prob_supported"] > m["mean_prob_not_supported"]
    assert abs((m["recall_supported"] + m["recall_not_supported"]) / 2 - m["balanced_accuracy"]) < 0.01
    text = run("eval", "pairs", str(f))
    assert "balanced accuracy" in text.stdout and "ECE (10 bins)" in text.stdout
    assert "checks on" in text.stdout
    assert "checks off" in run("eval", "pairs", str(f), "--no-checks").stdout
    assert "recall, not supported" in text.stdout


@pytest.mark.parametrize("content", ["{broken\n", '{"doc": "a", "claim": "b", "label": "maybe"}\n'])
def test_eval_rejects_malformed_files_with_the_line(tmp_path: Path, content: str) -> None:
    f = tmp_path / "bad.jsonl"
    f.write_text(content)
    res = run("eval", "pairs", str(f))
    assert res.returncode == 2 and f"{f}:1" in res.stderr


def test_model_command_shows_the_shipped_version() -> None:
    res = run("model")
    assert res.returncode == 0, res.stderr
    info = json.loads(res.stdout)
    assert info["backend"] == "onnx" and info["version"] and info["threshold"]
