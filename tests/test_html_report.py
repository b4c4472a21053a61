"""``toulmin report``: the numbers, the order, bad lines, labels, sources and the page
itself (self-contained, deterministic), on small runs written here. The page in a real
browser: tests/test_report_browser.py."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from toulmin import html_report as hr
from toulmin.cli import main
from toulmin.errors import InputError
from toulmin.rows import loads_strict

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "src/toulmin/service/static"
SOURCE = "Trial report, page 12. The Phase 2 trial showed an 81% success rate on the primary endpoint."
QUOTE = "The Phase 2 trial showed an 81% success rate on the primary endpoint."


def claim(verdict: str, start: int, end: int, *, type_: str = "numeric", quote: str | None = QUOTE,
          sid: str = "S1") -> dict[str, Any]:
    at = -1 if quote is None else SOURCE.find(quote)
    ev = [] if quote is None else [{"source_id": sid, "quote": quote, "start": at, "end": at + len(quote)}]
    return {"id": "c1", "claim": f"claim {verdict}", "focus": "x", "start": start, "end": end,
            "type": type_, "verdict": verdict, "note": f"note {verdict}", "evidence": ev,
            "contradicting": None}


def report(answer: str, claims: list[dict[str, Any]], confidence: float | None, grounded: bool,
           **kw: Any) -> dict[str, Any]:
    return {"schema_version": "1.2", "toulmin_version": "0.1.0", "answer": answer,
            "question": kw.pop("q", None), "confidence": confidence,
            "confidence_level": "High" if grounded else "Low", "is_grounded": grounded, "details": claims,
            "config": kw.pop("config", {"link": {"k": 3}, "llm": {"api_key": "sk-secret"}}),
            "models": {"checker": "toulmin-checker@1"}, "timings_ms": {"total": 100.0}, **kw}


def write(path: Path, rows: list[Any]) -> Path:
    text = "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows)
    path.write_text(text, encoding="utf-8")
    return path


def sample(tmp_path: Path) -> Path:
    return write(tmp_path / "run.jsonl", [
        {"id": "good", "report": report("The trial showed 81%.", [claim("SUPPORTED", 0, 20)], 1.0, True)},
        {"id": "bad", "report": report("It showed 90%. It was big.", [
            claim("CONTRADICTED", 0, 14), claim("UNLINKED", 15, 26, type_="entity", quote=None)], 0.0, False,
            q="What did it show?")},
        {"id": "half", "report": report("It showed 81% in 2020.", [
            claim("SUPPORTED", 0, 13), claim("OVERREACH", 14, 21)], 0.5, False)},
        {"id": "none", "report": report("Hello.", [claim("TRIVIAL", 0, 6, type_="other", quote=None)], None,
                                        False)},
        {"id": "err", "error": {"code": "E_EMPTY", "message": "the answer is empty", "fix": "give one"}},
    ])


def inputs(tmp_path: Path, **labels: Any) -> Path:
    rows = []
    for rid in ("good", "bad", "half", "none"):
        row: dict[str, Any] = {"id": rid, "answer": "a", "sources": [SOURCE]}
        if rid in labels:
            row["label"] = labels[rid]
        rows.append(row)
    return write(tmp_path / "in.jsonl", rows)


def data_of(page: str) -> dict[str, Any]:
    m = re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S)
    assert m
    return json.loads(m.group(1))


def test_the_headline_numbers_and_the_charts_data(tmp_path: Path) -> None:
    s = hr.summarise(hr.read_run(sample(tmp_path)))
    assert (s["rows"], s["answers"], s["errors"], s["grounded"]) == (5, 4, 1, 1)
    assert s["grounded_rate"] == 0.25 and s["mean_confidence"] == 0.5 and s["no_confidence"] == 1
    assert s["error_codes"] == {"E_EMPTY": 1}
    assert s["verdicts"] == {"SUPPORTED": 2, "CONTRADICTED": 1, "UNLINKED": 1, "OVERREACH": 1, "TRIVIAL": 1}
    assert s["claims"] == 6
    assert s["by_type"] == {"entity": {"UNLINKED": 1}, "numeric": {"SUPPORTED": 2, "CONTRADICTED": 1,
                                                                   "OVERREACH": 1}, "other": {"TRIVIAL": 1}}
    assert s["histogram"] == [1, 0, 0, 0, 0, 1, 0, 0, 0, 1]  # 0.0, 0.5, 1.0 (the last bin holds 1.0)
    assert s["labelled"] == 0 and "confusion" not in s


def test_worst_answers_first_and_only_what_the_page_shows(tmp_path: Path) -> None:
    d = hr.page_data(hr.read_run(sample(tmp_path)))
    assert [r["i"] for r in d["rows"]] == ["err", "none", "bad", "half", "good"]
    bad = d["rows"][2]
    assert set(bad) == {"i", "a", "c", "l", "g", "k", "qq"}
    assert bad["k"][0] == {"x": "claim CONTRADICTED", "s": 0, "e": 14, "v": "CONTRADICTED",
                           "n": "note CONTRADICTED", "q": ["S1", 23, 92, QUOTE, None]}  # no input: the quote
    assert "q" not in bad["k"][1]  # no evidence
    assert d["rows"][1]["k"] == []  # TRIVIAL claims are counted, not listed (as on the service page)
    assert d["rows"][0] == {"i": "err", "err": ["E_EMPTY", "the answer is empty", "give one"]}


def test_the_input_gives_each_quote_its_place_in_its_source_once(tmp_path: Path) -> None:
    long_source = "x" * 1000 + " " + QUOTE + " " + "y" * 1000
    run = write(tmp_path / "run.jsonl", [
        {"id": f"r{i}", "report": report("It showed 81%.", [
            {**claim("SUPPORTED", 0, 13), "evidence": [{"source_id": "S1", "quote": QUOTE, "start": 1001,
                                                         "end": 1001 + len(QUOTE)}]}], 1.0, True)}
        for i in range(3)] + [
        {"id": "moved", "report": report("It showed 81%.", [claim("SUPPORTED", 0, 13)], 1.0, True)}])
    inp = write(tmp_path / "in.jsonl",
                [{"id": f"r{i}", "answer": "a", "sources": [long_source]} for i in range(3)]
                + [{"id": "moved", "answer": "a", "sources": ["another text altogether"]}])
    r = hr.read_run(run, inputs=hr.read_inputs(inp)[0])
    d = hr.page_data(r)
    assert d["clips"] == [["x" * 299 + " " + QUOTE + " " + "y" * 299, 701, len(long_source)]]  # 300 around
    assert [row["k"][0]["q"] for row in d["rows"][:3]] == [["S1", 1001, 1001 + len(QUOTE), None, 0]] * 3
    assert d["rows"][3]["k"][0]["q"][3] == QUOTE  # not in the given source: the quote alone, and said
    assert r.quotes_alone == 1 and any("not found in the input's sources" in n for n in r.notes)


def test_the_page_is_self_contained_deterministic_and_escapes_text(tmp_path: Path) -> None:
    hostile = 'Bad </script><script>alert(1)</script> & <b>"x"</b>'
    run = write(tmp_path / "run.jsonl", [
        {"id": "<i>", "report": report(hostile, [claim("SUPPORTED", 0, 3)], 1.0, True)}])
    a, b = tmp_path / "a.html", tmp_path / "b.html"
    hr.write_report(run, a)
    hr.write_report(run, b)
    page = a.read_text(encoding="utf-8")
    assert a.read_bytes() == b.read_bytes()
    assert page.count("</script>") == 2 and page.count("<script") == 2  # the data and the code
    assert data_of(page)["rows"][0]["a"] == hostile
    assert not re.search(r'(src|href)\s*=\s*"', page)  # nothing loaded from anywhere
    assert re.findall(r"https?://[^\s\"'<)]+", page) == ["http://www.w3.org/2000/svg"] * 2
    assert "sk-secret" not in page and '"api_key": "***"' in page
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert csp and "default-src &#x27;none&#x27;" in csp.group(1)
    # the service page's rendering, inlined, not copied
    render = (STATIC / "render.js").read_text()
    assert render in page and (STATIC / "render.css").read_text() in page
    assert "function markAnswer" not in (STATIC / "app.js").read_text()
    assert "/static/render.js" in (STATIC / "index.html").read_text()


def test_without_labels_the_labelled_charts_are_absent_and_the_page_says_why(tmp_path: Path) -> None:
    page = hr.build_html(hr.read_run(sample(tmp_path)))
    assert page.count("<svg") == 2 and 'id="chart-confidence"' in page and 'id="chart-types"' in page
    assert 'id="no-labels"' in page and "chart-reliability" not in page
    assert "The source texts were not given" in page


def test_labels_from_a_file_the_run_or_the_input_with_the_file_first(tmp_path: Path) -> None:
    run = sample(tmp_path)
    lines = run.read_text().splitlines()
    row = json.loads(lines[1])
    row["label"] = "grounded"  # in the run
    lines[1] = json.dumps(row)
    run.write_text("\n".join(lines) + "\n")
    labels = write(tmp_path / "labels.jsonl", [{"id": "good", "label": True}, {"id": "bad", "label": False},
                                               {"id": "ghost", "label": 0}])
    inp = inputs(tmp_path, half="not grounded", none="1", good=False)
    r = hr.read_run(run, inputs=hr.read_inputs(inp)[0], labels=hr.load_labels(labels))
    got = {x["id"]: x.get("label") for x in r.rows}
    assert got == {"good": True, "bad": False, "half": False, "none": True, "err": None}
    assert r.labels_unmatched == 1 and any("1 labels name ids" in n for n in r.notes)
    s = hr.summarise(r)
    assert s["confusion"] == {"tp": 1, "fp": 0, "fn": 1, "tn": 2} and s["accuracy"] == 0.75
    assert s["precision"] == 1.0 and s["recall"] == 0.5
    assert s["reliability"] == [{"lo": 0.0, "hi": 0.1, "n": 1, "confidence": 0.0, "grounded": 0.0},
                                {"lo": 0.5, "hi": 0.6, "n": 1, "confidence": 0.5, "grounded": 0.0},
                                {"lo": 0.9, "hi": 1.0, "n": 1, "confidence": 1.0, "grounded": 1.0}]
    assert s["ece"] == pytest.approx(0.5 / 3)
    page = hr.build_html(r)
    assert page.count("<svg") == 4 and 'id="chart-reliability"' in page and 'id="chart-confusion"' in page
    assert 'value="disagree"' in page and "no-labels" not in page


@pytest.mark.parametrize("value", ["maybe", 2, None, 0.5, ["grounded"]])
def test_a_label_that_is_not_grounded_or_not_is_an_error_naming_its_line(tmp_path: Path, value: Any) -> None:
    labels = write(tmp_path / "labels.jsonl", [{"id": "good", "label": True}, {"id": "bad", "label": value}])
    with pytest.raises(InputError) as e:
        hr.load_labels(labels)
    assert e.value.code == "E_BAD_LABEL" and "labels.jsonl line 2" in e.value.message and e.value.fix


def test_a_broken_labels_file_says_where(tmp_path: Path) -> None:
    cases = {"E_BAD_JSON": ["{nope"], "E_BAD_ROW": [{"id": "a"}],
             "E_DUPLICATE_ID": [{"id": "a", "label": True}, {"id": "a", "label": "not grounded"}]}
    for code, rows in cases.items():
        with pytest.raises(InputError) as e:
            hr.load_labels(write(tmp_path / "l.jsonl", rows))
        assert e.value.code == code and "line" in e.value.message, code
    assert hr.load_labels(write(tmp_path / "l.jsonl", [{"id": 7, "label": "Grounded"}])) == {"7": True}


def test_bad_lines_are_listed_as_error_rows_not_dropped(tmp_path: Path) -> None:
    run = sample(tmp_path)
    with run.open("a") as fh:
        fh.write('{"id": "cut", "report": {"answer": "trunc\n')  # a line cut short
        fh.write('{"id": "input-row", "answer": "a", "sources": ["s"]}\n')  # neither report nor error
        fh.write('{"id": "thin", "report": {"answer": "a"}}\n\n')  # a report without its claims
        fh.write('{"id": "odd", "report": {"answer": "a", "details": [{"verdict": "SUPPORTED", '
                 '"evidence": [{"start": "x"}]}]}}\n')  # one that cannot be read
        fh.write('{"id": "nan", "report": {"answer": "a", "details": [], "confidence": NaN}}\n')
    r = hr.read_run(run)
    bad = {x["id"]: x["error"] for x in r.rows if x.get("line", 0) >= 6 and "error" in x}
    assert [(k, v["code"]) for k, v in bad.items()] == [
        ("line-6", "E_BAD_JSON"), ("input-row", "E_BAD_ROW"), ("thin", "E_BAD_ROW"), ("odd", "E_BAD_ROW"),
        ("line-11", "E_BAD_JSON")]  # NaN is no JSON number: the row is an error, not a confidence
    assert bad["line-6"]["message"].startswith("line 6: not JSON")
    assert "cannot be read" in bad["odd"]["message"]
    assert "NaN is not a JSON number" in bad["line-11"]["message"]
    assert r.bad_lines == [6, 7, 8, 10, 11] and "lines 6, 7, 8, 10, 11" in r.notes[0]
    s = hr.summarise(r)
    assert s["errors"] == 6 and s["answers"] == 4 and s["no_confidence"] == 1
    loads_strict(hr.script_json(hr.page_data(r)))  # the page's data is JSON: no NaN in it


def test_cli_writes_the_page_and_reports_what_it_noticed(tmp_path: Path) -> None:
    run = sample(tmp_path)
    with run.open("a") as fh:
        fh.write("not json\n")
    res = CliRunner().invoke(main, ["report", str(run), "-o", str(tmp_path / "r.html"),
                                    "--input", str(inputs(tmp_path))])
    assert res.exit_code == 0, res.output
    assert "1 line of run.jsonl is not a verify-batch row" in res.output
    assert re.search(r"wrote .*r\.html: 4 answers, 2 error rows, \d+ KiB", res.output)
    page = (tmp_path / "r.html").read_text()
    assert "The source texts were not given" not in page and data_of(page)["clips"]


@pytest.mark.parametrize(("content", "code", "words"), [
    (None, "E_NOT_FOUND", "does not exist"),
    ("", "E_NOT_FOUND", "the folder of"),
    ("\n\n", "E_EMPTY", "has no rows"),
    ('{"id": "a", "answer": "x", "sources": ["y"]}\n{"id": "b"}\n', "E_BAD_ROW", "no line of"),
])
def test_cli_refuses_what_is_not_a_run_with_a_fix(tmp_path: Path, content: str | None, code: str,
                                                  words: str) -> None:
    run = tmp_path / "run.jsonl"
    out = tmp_path / ("no/such/folder" if content == "" else "") / "r.html"
    if content is not None:
        run.write_text(content)
    res = CliRunner().invoke(main, ["report", str(run), "-o", str(out)])
    assert res.exit_code == 2, res.output
    assert f"error[{code}]" in res.output and words in res.output and "fix:" in res.output
    assert not out.exists()


def test_cli_bad_label_in_the_input_names_the_file_and_line(tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["report", str(sample(tmp_path)), "-o", str(tmp_path / "r.html"),
                                    "--input", str(inputs(tmp_path, half="perhaps"))])
    assert res.exit_code == 2 and "error[E_BAD_LABEL]" in res.output and "in.jsonl line 3" in res.output


def test_many_configurations_are_each_shown_with_their_count(tmp_path: Path) -> None:
    run = write(tmp_path / "run.jsonl", [
        {"id": str(i), "report": report("A.", [claim("SUPPORTED", 0, 2)], 1.0, True,
                                        config={"link": {"k": 3 + i % 2}})} for i in range(5)])
    r = hr.read_run(run)
    assert [c["n"] for c in r.configs] == [3, 2]
    assert "This run mixes 2 configurations" in hr.build_html(r)


def _deep(levels: int) -> dict[str, Any]:
    node: dict[str, Any] = {}
    for _ in range(levels):
        node = {"x": node}
    return node


def test_no_hostile_line_stops_the_report_and_the_valid_rows_keep_theirs(tmp_path: Path) -> None:
    """Each of these stopped `toulmin report` with a traceback (OverflowError,
    UnicodeEncodeError leaving a 0-byte page, RecursionError), or read "false" as grounded."""
    run = sample(tmp_path)
    ok = report("The trial showed 81%.", [claim("SUPPORTED", 0, 20)], 1.0, True)
    surrogate = json.dumps(ok).replace('"The trial showed 81%."', '"The trial \\ud800 showed 81%."')
    with run.open("a") as fh:
        for line in (
            json.dumps({"id": "huge-conf", "report": {**ok, "confidence": 1e308}}),
            json.dumps({"id": "far", "report": ok}).replace('"start": 23', '"start": 1e400'),
            '{"id": "sur-answer", "report": ' + surrogate + "}",
            '{"id": "sur-\\udc00", "report": ' + json.dumps(ok) + "}",
            json.dumps({"id": "sur-config", "report": {**ok, "config": {"k": "\ud800"}}}, ensure_ascii=True),
            '{"id": "sur-error", "error": {"code": "E_X", "message": "bad \\ud800", "fix": "f"}}',
            "[" * 100_000 + "]" * 100_000,
            json.dumps({"id": "deep-config", "report": {**ok, "config": _deep(900)}}),
            json.dumps({"id": "str-grounded", "report": {**ok, "is_grounded": "false"}}),
        ):
            fh.write(line + "\n")
    out = tmp_path / "r.html"
    res = CliRunner().invoke(main, ["--json-errors", "report", str(run), "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert "Traceback" not in res.output and "10 error rows" in res.output, res.output
    r = hr.read_run(run)
    errors = {x["line"]: x["error"]["code"] for x in r.rows if "error" in x}
    assert sorted(errors) == [5, *range(6, 15)], errors  # the sample's own error row, then all nine
    assert {x["id"] for x in r.rows if "error" not in x} == {"good", "bad", "half", "none"}
    messages = {x["line"]: x["error"]["message"] for x in r.rows if "error" in x}
    assert "is_grounded 'false' is not true or false" in messages[14]
    assert "confidence 1e+308" in messages[6] and "lone surrogate" in messages[8]
    text = out.read_text(encoding="utf-8")  # a whole page, in UTF-8
    assert text.rstrip().endswith("</html>") and "The trial showed 81%." in text


def test_a_failed_draw_leaves_the_last_page_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run, out = sample(tmp_path), tmp_path / "r.html"
    hr.write_report(run, out)
    before = out.read_bytes()

    def broken(*a: Any, **k: Any) -> str:
        raise OSError("disk full")

    monkeypatch.setattr("toulmin.html_report.build_html", broken)
    with pytest.raises(OSError):
        hr.write_report(run, out)
    assert out.read_bytes() == before and [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
