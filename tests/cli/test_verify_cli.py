"""``toulmin verify``, ``verify-batch`` and ``schema`` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ANSWER = (
    "The Phase 2 trial showed an 81% success rate with 340 participants across 12 sites. "
    "The trial was led by Dr. Smith and received FDA fast-track designation in March 2024.\n"
)
S1 = {
    "id": "Source 1",
    "text": "Trial report, page 12. The Phase 2 trial showed an 81% success rate on the "
    "primary endpoint. Adverse events were mostly mild.",
}
S2 = {
    "id": "Source 2",
    "text": "Study overview, page 3. The Phase 2 trial, led by Smith et al., enrolled 340 "
    "participants across 12 sites. The therapy received FDA fast-track designation "
    "in Q1 2024.",
}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toulmin.cli", *args], input=stdin, capture_output=True, text=True, timeout=300
    )


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "answer.txt").write_text(ANSWER)
    d = tmp_path / "sources"
    d.mkdir()
    (d / "s1.json").write_text(json.dumps(S1))
    (d / "s2.json").write_text(json.dumps(S2))
    return tmp_path


def test_verify_text_json_markdown(files: Path) -> None:
    r = run("verify", "--answer", str(files / "answer.txt"), "--sources-dir", str(files / "sources"))
    assert r.returncode == 0, r.stderr
    assert "PARTIALLY_SUPPORTED" in r.stdout and "(1.0 + 1.0 + 1.0 + 0.5 + 0.0) / 5 = 0.70" in r.stdout
    assert "\x1b[" not in r.stdout  # no colour codes when not a terminal
    # one headline: the blended overall score is named secondary, below the confidence
    out = r.stdout
    assert out.index("Confidence:") < out.index("Secondary scores") < out.index("  Overall 0.46 =")
    r = run(
        "verify",
        "--source",
        str(files / "sources/s1.json"),
        "--source",
        str(files / "sources/s2.json"),
        "--format",
        "json",
        "--no-timings",
        stdin=ANSWER,
    )
    rep = json.loads(r.stdout)
    assert rep["confidence"] == 0.7 and "timings_ms" not in rep and len(rep["details"]) == 5
    again = run(
        "verify",
        "--source",
        str(files / "sources/s1.json"),
        "--source",
        str(files / "sources/s2.json"),
        "--format",
        "json",
        "--no-timings",
        stdin=ANSWER,
    )
    assert again.stdout == r.stdout  # byte-identical across processes
    r = run(
        "verify",
        "--answer",
        str(files / "answer.txt"),
        "--sources-dir",
        str(files / "sources"),
        "--format",
        "markdown",
    )
    assert r.stdout.startswith("| Claim | Verdict | Source | Note |")
    assert "Secondary scores" in r.stdout and "· overall 0.46" in r.stdout


def test_the_fast_preset_is_one_flag_and_the_report_says_so(files: Path) -> None:
    r = run("verify", "--answer", str(files / "answer.txt"), "--sources-dir", str(files / "sources"),
            "--preset", "fast", "--format", "json", "--no-timings")
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    assert rep["config"]["preset"] == "fast" and rep["config"]["link"]["k"] == 1
    assert "minilm-l4" in rep["models"]["checker"]
    assert all(len(d["evidence"]) <= 1 for d in rep["details"])
    r = run("verify", "--answer", str(files / "answer.txt"), "--sources-dir", str(files / "sources"),
            "--preset", "turbo")
    assert r.returncode != 0 and "fast" in r.stderr


def test_the_accurate_preset_is_not_offered_as_if_it_worked(files: Path) -> None:
    import importlib.util

    if importlib.util.find_spec("toulmin_checker_accurate") is not None:
        pytest.skip("the accurate checker is installed here")
    h = run("verify", "--help")
    assert h.returncode == 0 and "NOT INSTALLED" in " ".join(h.stdout.split())
    r = run("verify", "--answer", str(files / "answer.txt"), "--sources-dir", str(files / "sources"),
            "--preset", "accurate")
    assert r.returncode == 3 and "E_MODEL_MISSING" in r.stderr
    assert "toulmin[accurate]" in r.stderr and "default, fast" in r.stderr  # how to get it, what there is


def test_fail_under_exit_codes(files: Path) -> None:
    base = ["verify", "--answer", str(files / "answer.txt"), "--sources-dir", str(files / "sources")]
    assert run(*base, "--fail-under", "0.6").returncode == 0
    r = run(*base, "--fail-under", "0.9")
    assert r.returncode == 1 and "verification failed" in r.stderr


def test_verify_errors(files: Path) -> None:
    r = run("verify", "--answer", str(files / "answer.txt"))
    assert r.returncode == 2 and "error[E_NO_SOURCES]" in r.stderr and "fix:" in r.stderr
    (files / "bad.json").write_text("{oops")
    r = run("verify", "--answer", str(files / "answer.txt"), "--source", str(files / "bad.json"))
    assert r.returncode == 2 and "E_BAD_JSON" in r.stderr
    r = run(
        "verify",
        "--answer",
        str(files / "answer.txt"),
        "--sources-dir",
        str(files / "sources"),
        "--set",
        "link.nope=1",
    )
    assert r.returncode == 2 and "E_CONFIG_KEY" in r.stderr and "valid keys" in r.stderr
    r = run("--json-errors", "verify", "--sources-dir", str(files / "sources"), stdin="")
    assert r.returncode == 2 and json.loads(r.stderr)["error"]["code"] == "E_EMPTY"


def test_verify_batch_takes_a_preset(files: Path) -> None:
    inp = files / "in.jsonl"
    inp.write_text(json.dumps({"id": "a", "answer": ANSWER, "sources": [S1, S2]}) + "\n")
    out = files / "out.jsonl"
    r = run("verify-batch", str(inp), "-o", str(out), "--workers", "1", "--preset", "fast")
    assert r.returncode == 0, r.stderr
    report = json.loads(out.read_text())["report"]
    assert report["config"]["preset"] == "fast" and report["config"]["link"]["dense"] is False
    assert "minilm-l4" in report["models"]["checker"]


def test_verify_batch_resumes(files: Path) -> None:
    rows = [
        {"id": "a", "answer": ANSWER, "sources": [S1, S2]},
        {"id": "b", "answer": "The Phase 2 trial showed an 81% success rate.", "sources": [S1]},
        {"id": "c", "answer": "", "sources": [S1]},
    ]
    inp = files / "in.jsonl"
    inp.write_text("\n".join(json.dumps(r) for r in rows) + "\nnot json\n")
    out = files / "out.jsonl"
    out.write_text(json.dumps({"id": "a", "report": {"done": "earlier"}}) + "\n" + '{"id": "b", "rep')
    r = run("verify-batch", str(inp), "-o", str(out), "--workers", "2")
    assert r.returncode == 1, r.stderr  # rows c and line 4 could not be verified
    assert "resuming: 1 rows" in r.stderr
    got = [json.loads(line) for line in out.read_text().splitlines()]
    assert [g["id"] for g in got] == ["a", "b", "c", "line-4"]
    assert got[0]["report"] == {"done": "earlier"}  # skipped, not recomputed
    assert got[1]["report"]["details"][0]["verdict"] == "SUPPORTED"
    assert got[2]["error"]["code"] == "E_EMPTY" and got[3]["error"]["code"] == "E_BAD_ROW"


def test_schema_command() -> None:
    r = run("schema", "report")
    assert r.returncode == 0 and "claims_checked" in json.loads(r.stdout)["properties"]
    r = run("schema", "config")
    assert "link" in json.loads(r.stdout)["properties"]


def test_chat_declares_the_conversation_the_answer_continues(tmp_path: Path) -> None:
    (tmp_path / "answer.txt").write_text("It was released in 1984.\n")
    (tmp_path / "chat.txt").write_text("[Human]: Can you recommend a movie like Titanic? [Assistant]: I "
                                       "recommend The Terminator. [Human]: When was it released?\n")
    (tmp_path / "film.txt").write_text("The Terminator is a 1984 science fiction film by James Cameron.\n")
    (tmp_path / "other.txt").write_text("It was released in 2003 to mixed reviews.\n")
    base = ["verify", "--answer", str(tmp_path / "answer.txt"), "--source", str(tmp_path / "film.txt"),
            "--source", str(tmp_path / "other.txt"), "--format", "json"]
    r = run(*base, "--chat", str(tmp_path / "chat.txt"))
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)["details"][0]
    assert d["verdict"] == "SUPPORTED" and d["evidence"][0]["source_id"] == "film.txt"
    assert {e["source_id"] for e in d["evidence"]} <= {"film.txt", "chat.txt"}
    missing = run(*base, "--chat", str(tmp_path / "nope.txt"))
    assert missing.returncode != 0 and "E_NOT_FOUND" in missing.stderr and "chat file" in missing.stderr
