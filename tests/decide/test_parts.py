"""decide.parts: a modifier part is not backed where its clause's figure is not."""

from __future__ import annotations

import pytest

from toulmin import Verifier
from toulmin.checks.finding import Finding
from toulmin.config import load_config
from toulmin.decide.parts import settle_parts
from toulmin.extract.extractor import Claim
from toulmin.report import ClaimResult, Verdict
from toulmin.sources import Source

SENTENCE = "Orrington expects full-year 2024 production of about 250,000 ounces at Bracken Hill."
CORE = "Orrington expects full-year 2024 production of about 250,000 ounces."
MISSING = Finding(kind="number", status="missing", claim="250,000 ounces",
                  note="source does not state 250,000 ounces")


def _claim(cid: str, text: str, focus: str, sentence: int = 0) -> Claim:
    return Claim(id=cid, text=text, focus=focus, start=0, end=len(focus), sentence=sentence, type="qualifier")


def _result(c: Claim, verdict: Verdict, findings: list[Finding] | None = None) -> ClaimResult:
    return ClaimResult(id=c.id, claim=c.text, focus=c.focus, start=c.start, end=c.end, type=c.type,
                       verdict=verdict, score=1.0 if verdict == Verdict.SUPPORTED else 0.0, note="n",
                       findings=findings or [], supported_by=["s"] if verdict == Verdict.SUPPORTED else [])


def test_a_modifier_part_is_not_backed_where_its_clauses_figure_is_not() -> None:
    core, mod = _claim("c1", CORE, CORE.rstrip(".")), _claim("c2", SENTENCE, "at Bracken Hill")
    got = [_result(core, Verdict.OVERREACH, [MISSING]), _result(mod, Verdict.SUPPORTED)]
    out = settle_parts([core, mod], got)
    assert out[0].verdict == Verdict.OVERREACH and out[0].note == "n"  # the sibling as it was
    assert out[1].verdict == Verdict.OVERREACH and out[1].score == 0.0 and out[1].supported_by == []
    assert "250,000 ounces" in out[1].note and "of this sentence" in out[1].note
    assert MISSING in out[1].findings


@pytest.mark.parametrize("case", ["backed", "other sentence", "figure in its focus", "not a figure", "whole"])
def test_what_a_sibling_does_not_settle(case: str) -> None:
    core, mod = _claim("c1", CORE, CORE.rstrip(".")), _claim("c2", SENTENCE, "at Bracken Hill")
    found, verdict = [MISSING], Verdict.OVERREACH
    if case == "backed":  # the sibling SUPPORTED: nothing against the clause
        verdict = Verdict.SUPPORTED
    elif case == "other sentence":
        mod = _claim("c2", SENTENCE, "at Bracken Hill", sentence=1)
    elif case == "figure in its focus":  # the part's own checks read the figure already
        mod = _claim("c2", SENTENCE, "about 250,000 ounces at Bracken Hill")
    elif case == "not a figure":
        found = [Finding(kind="entity", status="missing", claim="Orrington", note="x")]
    elif case == "whole":  # the claim is its whole focus: not a part cut from a clause
        mod = _claim("c2", SENTENCE, SENTENCE)
    out = settle_parts([core, mod], [_result(core, verdict, found), _result(mod, Verdict.SUPPORTED)])
    assert out[1].verdict == Verdict.SUPPORTED


@pytest.mark.slow
def test_end_to_end_the_whole_sentence_is_not_green() -> None:
    # tables_dev7.jsonl's gold-mine case: the part "at Bracken Hill" was SUPPORTED alone
    table = ("Orrington Gold Corp. — Q3 2024 operating update, Bracken Hill mine. Mill throughput in the "
             "quarter was reduced by a planned nine-day shutdown of the SAG mill in August for liner "
             "replacement. All figures are unaudited.\n\n| Metric | Q3 2024 | Q2 2024 | Q3 2023 |\n"
             "|---|---|---|---|\n| Ore milled (kt) | 1,284 | 1,412 | 1,356 |\n"
             "| Head grade (g/t Au) | 1.62 | 1.55 | 1.48 |\n| Recovery (%) | 91.3 | 90.8 | 89.9 |\n"
             "| Gold produced (oz) | 61,060 | 63,890 | 58,010 |\n"
             "| Gold sold (oz) | 59,420 | 64,150 | 57,300 |\n")
    report = Verifier(load_config()).verify(SENTENCE, [Source(id="q3", text=table)])
    assert report.details and all(d.verdict != Verdict.SUPPORTED for d in report.details)
