"""End to end on the shipped checker, the real spaCy pipeline and the real embedder."""

from __future__ import annotations

import asyncio
import json

import pytest

import toulmin
from toulmin.errors import ConfigError, InputError
from toulmin.report import Verdict, report_schema

pytestmark = pytest.mark.slow

ANSWER = (
    "The Phase 2 trial showed an 81% success rate with 340 participants across 12 sites. "
    "The trial was led by Dr. Smith and received FDA fast-track designation in March 2024."
)
SOURCES = [
    {
        "id": "Source 1",
        "text": "Trial report, page 12. The Phase 2 trial showed an 81% success rate on the "
        "primary endpoint. Adverse events were mostly mild.",
    },
    {
        "id": "Source 2",
        "text": "Study overview, page 3. The Phase 2 trial, led by Smith et al., enrolled 340 "
        "participants across 12 sites. The therapy received FDA fast-track designation "
        "in Q1 2024.",
    },
]


def test_seed_000_worked_example() -> None:
    r = toulmin.verify(ANSWER, SOURCES)
    assert r.claims_checked == 5
    verdicts = {d.claim: d.verdict for d in r.details}
    assert verdicts["The trial was led by Dr. Smith."] == Verdict.PARTIALLY_SUPPORTED
    march = next(d for d in r.details if "March 2024" in d.claim)
    assert march.verdict not in (Verdict.SUPPORTED, Verdict.PARTIALLY_SUPPORTED)
    assert "Q1 2024" in march.note and "March" in march.note
    assert sum(d.verdict == Verdict.SUPPORTED for d in r.details) == 3
    # Only Source 2 has the 12 sites (Source 1's "page 12" is no quantity): the
    # claim is backed by the two sources together, not by Source 1 alone.
    sites = next(d for d in r.details if "12 sites" in d.claim)
    assert sites.supported_by == ["Source 1", "Source 2"], sites.note
    assert r.confidence == 0.7 and r.confidence_level == "Medium"
    assert (r.claims_supported, r.claims_partially_supported, r.claims_unsupported) == (3, 1, 1)
    # evidence quotes are exact slices of their source
    texts = {s["id"]: s["text"] for s in SOURCES}
    for d in r.details:
        for e in d.evidence:
            assert texts[e.source_id][e.start : e.end] == e.quote
        assert ANSWER[d.start : d.end] == d.focus
    assert any("Q1 2024" in s for s in r.suggested_corrections)
    assert "[overreach:" in r.revised_answer or "[contradicted:" in r.revised_answer
    assert r.models["checker"].startswith("toulmin-checker")
    assert r.models["runtime"].startswith("onnxruntime ")  # it moves the last digits too
    assert r.config["extract"]["max_claims"] == 10


def test_rerun_is_byte_identical() -> None:
    a = toulmin.verify(ANSWER, SOURCES).to_json(timings=False)
    b = toulmin.verify(ANSWER, SOURCES).to_json(timings=False)
    assert a == b


def test_contradiction_and_stale() -> None:
    r = toulmin.verify("The trial enrolled 420 participants.", [SOURCES[1]])
    assert r.details[0].verdict == Verdict.CONTRADICTED and not r.is_grounded
    assert "340" in r.details[0].note
    old = {"id": "old", "text": SOURCES[0]["text"], "metadata": {"superseded_by": "v2"}}
    r = toulmin.verify("The Phase 2 trial showed an 81% success rate.", [old])
    assert r.details[0].verdict == Verdict.STALE and "superseded by v2" in r.details[0].note


def test_unlinked_claim() -> None:
    r = toulmin.verify("Jupiter has 95 known moons.", SOURCES)
    assert r.details[0].verdict == Verdict.UNLINKED and r.details[0].evidence == []
    assert r.confidence == 0.0 and r.confidence_level == "Very Low"


def test_max_claims_reports_the_rest_as_not_checked() -> None:
    r = toulmin.verify(ANSWER, SOURCES, extract={"max_claims": 2})
    assert r.claims_checked == 2 and r.claims_not_checked == 3
    assert [d.verdict for d in r.details[2:]] == [Verdict.NOT_CHECKED] * 3
    assert any("max_claims" in n for n in r.notes)


def test_per_call_options_do_not_leak() -> None:
    toulmin.verify(ANSWER, SOURCES, **{"link.k": 1})
    assert toulmin.verify(ANSWER, SOURCES).config["link"]["k"] == 3
    with pytest.raises(ConfigError) as e:
        toulmin.verify(ANSWER, SOURCES, link={"kk": 1})
    assert "valid keys" in (e.value.fix or "") and "k" in (e.value.fix or "")


@pytest.mark.parametrize(
    ("answer", "sources", "code"),
    [
        ("", SOURCES, "E_EMPTY"),
        ("   \n", SOURCES, "E_EMPTY"),
        (ANSWER, [], "E_NO_SOURCES"),
        (b"\xff\xfe\x00", SOURCES, "E_NOT_UTF8"),
        ("a\x00b", SOURCES, "E_BINARY"),
        (None, SOURCES, "E_BAD_TYPE"),
    ],
)
def test_bad_input(answer: object, sources: object, code: str) -> None:
    with pytest.raises(InputError) as e:
        toulmin.verify(answer, sources)
    assert e.value.code == code and e.value.fix


@pytest.mark.parametrize(("question", "code"), [(123, "E_BAD_TYPE"), (b"\xff", "E_NOT_UTF8"),
                                               ("a\x00b", "E_BINARY")])
def test_a_bad_question_is_a_clear_error(question: object, code: str) -> None:
    with pytest.raises(InputError) as e:
        toulmin.verify(ANSWER, SOURCES, question=question)  # type: ignore[arg-type]
    assert e.value.code == code and "question" in e.value.message and e.value.fix
    # bytes that are UTF-8 are read as text, and a blank question is as none
    assert toulmin.verify(ANSWER, SOURCES, question=b"What is it?").question == "What is it?"  # type: ignore[arg-type]
    assert toulmin.verify(ANSWER, SOURCES, question="  ").details == toulmin.verify(ANSWER, SOURCES).details


def test_claim_free_and_non_english_answers() -> None:
    r = toulmin.verify("Thanks! I hope this helps.", SOURCES)
    assert r.claims_checked == 0 and r.confidence is None and r.confidence_level == "n/a"
    assert "NaN" not in r.to_json()
    r = toulmin.verify("Клинические испытания показали высокую эффективность препарата.", SOURCES)
    assert any("English" in n for n in r.notes)
    assert all(d.score is None or 0.0 <= d.score <= 1.0 for d in r.details)


def test_five_megabyte_source() -> None:
    filler = "The committee met on Tuesday to discuss routine matters of the budget. " * 70_000
    big = filler[:2_500_000] + " The Phase 2 trial showed an 81% success rate. " + filler[:2_500_000]
    assert len(big) > 5_000_000
    r = toulmin.verify("The Phase 2 trial showed an 81% success rate.", [{"id": "big", "text": big}])
    d = r.details[0]
    assert d.verdict == Verdict.SUPPORTED
    assert big[d.evidence[0].start : d.evidence[0].end] == d.evidence[0].quote
    assert "81%" in d.evidence[0].quote


def test_averify_matches_verify() -> None:
    a = asyncio.run(toulmin.averify(ANSWER, SOURCES)).to_json(timings=False)
    assert a == toulmin.verify(ANSWER, SOURCES).to_json(timings=False)


def test_schema_is_published() -> None:
    schema = report_schema()
    assert {"claims_checked", "confidence", "is_grounded", "details"} <= set(schema["properties"])
    json.dumps(schema)


def test_published_schemas_are_current() -> None:
    from pathlib import Path

    from toulmin.config import Config

    docs = Path(__file__).resolve().parents[1] / "docs"
    assert json.loads((docs / "report.schema.json").read_text()) == report_schema(), (
        "regenerate: toulmin schema report > docs/report.schema.json")
    assert json.loads((docs / "config.schema.json").read_text()) == Config.model_json_schema(), (
        "regenerate: toulmin schema config > docs/config.schema.json")


def test_a_claim_merging_two_sources_is_not_supported() -> None:
    sources = [
        {"id": "fda", "text": "In March 2021 the FDA approved Zentrix for adults over 65 with moderate "
                              "asthma. The approval followed a trial of 1,200 patients."},
        {"id": "ema", "text": "The EMA approved Lumora, a different inhaler, for children aged 6 to 11 "
                              "in 2022."},
    ]
    r = toulmin.verify("Zentrix was approved for children aged 6 to 11. The EMA approved Zentrix in 2022. "
               "The European Medicines Agency approved Lumora in 2022.", sources)
    assert [d.verdict for d in r.details] == [Verdict.OVERREACH, Verdict.OVERREACH, Verdict.SUPPORTED]
    off = toulmin.verify("The EMA approved Zentrix in 2022.", sources, decide={"require_names": False})
    assert off.config["decide"]["require_names"] is False


def test_the_claim_threshold_used_is_in_the_report() -> None:
    from toulmin.checker.onnx import OnnxChecker

    assert toulmin.verify(ANSWER, SOURCES).config["decide"]["threshold"] == OnnxChecker().threshold
    # the old key still applies to claims for one release, with a warning naming the new one
    with pytest.warns(DeprecationWarning, match="use decide.threshold"):
        old = toulmin.verify(ANSWER, SOURCES, **{"checker.threshold": 0.3})
    assert old.config["decide"]["threshold"] == 0.3
    with pytest.warns(DeprecationWarning, match="decide.threshold wins"):
        strict = toulmin.verify(ANSWER, SOURCES, **{"checker.threshold": 0.3, "decide.threshold": 0.99})
    assert strict.config["decide"]["threshold"] == 0.99
    assert strict.claims_supported < toulmin.verify(ANSWER, SOURCES).claims_supported


def test_a_word_swapped_for_its_opposite_is_contradicted() -> None:
    r = toulmin.verify(
        "Full plate armour was expensive to produce. Her second daughter was born in Paris.",
        ["Full plate armour was very inexpensive to produce and was worn by knights of the upper classes.",
         "In 1990, her third daughter was born in Paris, where the family lived."],
    )
    assert [(d.verdict, d.note) for d in r.details] == [
        (Verdict.CONTRADICTED, "source says inexpensive, not expensive"),
        (Verdict.CONTRADICTED, "source says third, not second"),
    ]
    assert not r.is_grounded


def test_a_swapped_word_in_a_sentence_whose_subject_is_a_pronoun() -> None:
    # "It" is the library the passage named: the claim's three content words are all said
    source = "The central library opens at 9 am on weekdays. It is closed on Sundays and public holidays."
    d = toulmin.verify("The library is open on Sundays.", [source]).details[0]
    assert (d.verdict, d.note) == (Verdict.CONTRADICTED, "source says closed, not open")
    closed = toulmin.verify("The library is closed on Sundays.", [source]).details[0]
    assert closed.verdict == Verdict.SUPPORTED


def test_a_bound_against_a_bare_number_the_words_before_it_name() -> None:
    r = toulmin.verify(
        "In North West England, Labour has more than 50 seats.",
        ["In North West England, 45% voted Labour; by number of parliamentary seats, Labour have 50 "
         "and the Conservatives have 23."],
    )
    assert [(d.verdict, d.note) for d in r.details] == [
        (Verdict.CONTRADICTED, "source says 50, not more than 50 seats")]


def test_a_year_given_to_the_wrong_country_is_contradicted_though_each_half_is_backed() -> None:
    source = ("Metformin is taken by mouth. Metformin was first introduced in France in 1957, and it was "
              "introduced in the United States in 1995.")
    r = toulmin.verify("Metformin was introduced in the United States in 1957.", [source])
    by_focus = {d.focus: d for d in r.details}
    assert set(by_focus) == {"in the United States", "in 1957"}
    year = by_focus["in 1957"]
    assert year.verdict == Verdict.CONTRADICTED
    assert year.note == "source gives 1995 for United States, not 1957; it states 1957 about something else"
    assert not r.is_grounded
    right = toulmin.verify("Metformin was introduced in the United States in 1995.", [source])
    assert all(d.verdict == Verdict.SUPPORTED for d in right.details)


def test_an_overstated_degree_and_a_superlatives_rank_are_not_supported() -> None:
    source = ("Metformin is usually taken by mouth. Side effects rarely cause problems. It is the second "
              "most commonly prescribed drug for diabetes.")
    r = toulmin.verify("Metformin is always taken by mouth. Side effects often cause problems. "
                       "Metformin is the most prescribed diabetes drug.", [source])
    assert [(d.verdict, d.note) for d in r.details] == [
        (Verdict.OVERREACH, "source says usually, not always: the claim overstates it"),
        (Verdict.CONTRADICTED, "source says rarely, not often"),
        (Verdict.CONTRADICTED, "source says the second most commonly prescribed, not the most prescribed"),
    ]


def test_a_name_in_the_wrong_role_is_contradicted() -> None:
    source = ("The bridge's colour, international orange, was chosen by consulting architect Irving Morrow; "
              "the US Navy had wanted it painted with black and yellow stripes.")
    r = toulmin.verify("The bridge's colour was chosen by the US Navy.", [source])
    assert [(d.verdict, d.note) for d in r.details] == [
        (Verdict.CONTRADICTED, "source says by consulting architect Irving Morrow, not by the US Navy")]


def test_the_verifier_cache_is_bounded_and_keeps_the_most_recent() -> None:
    import importlib

    from toulmin.config import load_config

    verify_module = importlib.import_module("toulmin.verify")  # the module, not the function

    base = load_config()
    configs = [base.merged({"link": {"k": k}, "serve": {"verifier_cache": 3}}) for k in range(1, 7)]
    built = [verify_module.get_verifier(c) for c in configs]
    assert len(verify_module._VERIFIERS) <= 3
    assert verify_module.get_verifier(configs[-1]) is built[-1]  # the most recent is kept
    assert verify_module.get_verifier(configs[0]) is not built[0]  # the oldest was dropped


def test_a_source_that_quotes_claims_to_deny_them_does_not_back_them() -> None:
    """Issue 31: the rumour turned c4 and c5 SUPPORTED and the confidence 0.70 -> 1.00."""
    rumour = {"id": "Source 3", "text": "Rumours that the trial was led by Dr. Smith and received "
              "fast-track designation in March 2024 are false."}
    r = toulmin.verify(ANSWER, [*SOURCES, rumour])
    denied = [d for d in r.details if d.verdict == Verdict.CONTRADICTED]
    assert {d.claim for d in denied} == {"The trial was led by Dr. Smith.",
                                         "The trial received FDA fast-track designation in March 2024."}
    assert all("only to deny it" in d.note for d in denied)
    assert r.confidence == 0.6 and not r.is_grounded
    confirmed = {"id": "Source 3", "text": "Reports that the trial was led by Dr. Smith were confirmed."}
    r = toulmin.verify(ANSWER, [*SOURCES, confirmed])
    assert r.claims_contradicted == 0


def test_a_long_answer_is_checked_up_to_max_claims_and_the_rest_listed_whole() -> None:
    """Issue 31: past ``extract.max_claims`` the sentences of a long answer are not parsed;
    each is one NOT_CHECKED claim with its offsets, so the report still lists them all."""
    from toulmin.text import split_sentences

    answer = " ".join(f"The Phase 2 trial enrolled {10 + i} participants in {1900 + i}." for i in range(100))
    r = toulmin.verify(answer, SOURCES)
    checked = [d for d in r.details if d.verdict not in (Verdict.NOT_CHECKED, Verdict.TRIVIAL)]
    assert len(checked) == 10
    spans = split_sentences(answer)
    whole = [d for d in r.details if (d.start, d.end) in {(s.start, s.end) for s in spans}]
    assert len(whole) > 80 and all(d.verdict == Verdict.NOT_CHECKED and d.claim == answer[d.start:d.end]
                                   for d in whole)
    assert all(any(s.start <= d.start < s.end for d in r.details) for s in spans)  # none left out
    assert r.claims_not_checked == len(r.details) - 10


def test_an_extractor_without_a_budget_still_works() -> None:
    from toulmin.extract.extractor import Claim, SpacyExtractor
    from toulmin.verify import _takes_budget

    class Plugin:
        name, version = "plain", "1"

        def extract(self, answer: str, question: str | None = None) -> list[Claim]:
            return []

    assert not _takes_budget(Plugin()) and _takes_budget(SpacyExtractor)


def test_candidates_are_read_lazily_unless_the_config_needs_every_one() -> None:
    """decide.lazy_candidates (issue 56): on by default with the lines decide reads; off when
    set off, and where cite.recheck is false (the citation check then reads only the backing
    sources the main pass names)."""
    from toulmin.config import load_config
    from toulmin.verify import Verifier

    lazy = Verifier(load_config()).classifier.lazy  # type: ignore[attr-defined]
    assert lazy is not None and lazy.min_overlap == 0.4 and lazy.contradiction == 0.6
    for off in ({"decide": {"lazy_candidates": False}}, {"cite": {"recheck": False}}):
        assert Verifier(load_config(overrides=off)).classifier.lazy is None  # type: ignore[attr-defined]
