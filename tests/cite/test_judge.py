"""Citation correctness end to end, on the shipped checker, spaCy and the embedder."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import toulmin
from toulmin.cite.judge import attach
from toulmin.cite.markers import parse_citations
from toulmin.cli import main
from toulmin.extract.extractor import Claim
from toulmin.report import CitationVerdict as CV
from toulmin.report import Report

pytestmark = pytest.mark.slow

S = [
    {
        "id": "S1",
        "text": "Marie Curie was born in Warsaw in 1867. She won the Nobel Prize in Physics in 1903.",
        "metadata": {"title": "Marie Curie"},
    },
    {
        "id": "S2",
        "text": "Pierre Curie was a French physicist. He died in Paris in 1906.",
        "metadata": {"title": "Pierre Curie"},
    },
    {
        "id": "S3",
        "text": "The Eiffel Tower was completed in 1889. It is 330 metres tall.",
        "metadata": {"title": "Eiffel Tower", "year": 1889, "type": "landmark article"},
    },
]
S4 = {
    "id": "S4",
    "text": "Marie Curie, the physicist, was born in the city of Warsaw in the year 1867.",
    "metadata": {"title": "Curie biography"},
}


def statuses(r: Report) -> dict[str, str]:
    return {d.focus: d.citation.status.value for d in r.details if d.citation}


def test_correct_wrong_source_unresolved_and_uncited() -> None:
    r = toulmin.verify(
        "Marie Curie was born in Warsaw [1]. Pierre Curie died in Paris [1]. "
        "The Eiffel Tower was completed in 1889 [5]. The Eiffel Tower is 330 metres tall.",
        S,
    )
    assert statuses(r) == {
        "Marie Curie was born in Warsaw": "correct",
        "Pierre Curie died in Paris": "wrong_source",
        "The Eiffel Tower was completed in 1889": "unresolved",
        "The Eiffel Tower is 330 metres tall": "uncited",
    }
    wrong = r.details[1].citation
    assert wrong is not None and wrong.supported_elsewhere == ["S2"] and "S2" in wrong.note
    assert [(c.marker, c.verdict) for c in r.citations] == [
        ("[1]", CV.CORRECT),
        ("[1]", CV.WRONG_SOURCE),
        ("[5]", CV.UNRESOLVED),
    ]
    assert r.citations[2].note == "there is no source 5: 3 given, numbered 1-3"
    assert any("[5]" in n for n in r.notes)
    uncited = r.details[3].citation
    assert uncited is not None and uncited.supported_elsewhere == ["S3"] and "cite it" in uncited.note
    # ALCE: 1 of 3 references backs its claim; 1 of 4 claims carries a backing citation
    assert r.citation_precision == pytest.approx(1 / 3, abs=1e-4)
    assert r.citation_recall == 0.25
    # seed 004: 1 named source of 3 + 0.1 x 3 markers
    assert r.verification.citation_coverage == pytest.approx(1 / 3 + 0.3, abs=1e-4)
    # the markers are not part of the claims, and offsets still point into the answer
    for d in r.details:
        assert "[" not in d.claim
        assert r.answer[d.start : d.end] == d.focus


def test_two_sources_back_one_claim() -> None:
    r = toulmin.verify(
        "Marie Curie was born in Warsaw [1, 4]. Pierre Curie died in Paris in 1906 [2].", [*S, S4]
    )
    first = r.citations[0]
    assert [t.verdict for t in first.targets] == [CV.CORRECT, CV.CORRECT]
    c1 = r.details[0].citation
    assert c1 is not None and c1.supported_by_cited == ["S1", "S4"]
    assert r.citation_precision == 1.0 and r.citation_recall == 1.0
    # citing only one of the two is still correct
    r = toulmin.verify("Marie Curie was born in Warsaw [4].", [*S, S4])
    assert statuses(r) == {"Marie Curie was born in Warsaw": "correct"}


def test_an_extra_citation_that_backs_nothing_lowers_precision_only() -> None:
    r = toulmin.verify("Pierre Curie died in Paris in 1906 [2, 3].", S)
    assert [t.verdict for t in r.citations[0].targets] == [CV.CORRECT, CV.WRONG_SOURCE]
    assert r.citation_precision == 0.5 and r.citation_recall == 1.0


def test_no_citations() -> None:
    r = toulmin.verify("Marie Curie was born in Warsaw. Pierre Curie died in Paris in 1906.", S)
    assert r.citations == []
    assert r.citation_precision is None  # nothing cited: undefined, not 0 or 1
    assert r.citation_recall == 0.0
    assert r.verification.citation_coverage == 0.0
    assert set(statuses(r).values()) == {"uncited"}
    assert "Many sources are not cited in the answer" in r.verification.issues


@pytest.mark.parametrize(
    "answer",
    [
        "Marie Curie was born in Warsaw in 1867 [Source: 1]. Pierre Curie died in 1906 (Source 2).",
        (
            "Marie Curie was born in Warsaw[^1]."
            " Pierre Curie died in 1906.[^2]\n\n[^1]: Marie Curie\n[^2]: Source 2"
        ),
        "According to Marie Curie, she was born in Warsaw. Per the Pierre Curie page, he died in 1906.",
        "Marie Curie was born in Warsaw [S1]. Pierre Curie died in 1906 [doc2].",
        (
            "Marie Curie was born in Warsaw [1]."
            " The Eiffel Tower is 330 metres tall [Source: Eiffel Tower 1889]."
        ),
    ],
)
def test_every_style_end_to_end(answer: str) -> None:
    r = toulmin.verify(answer, S)
    assert r.citations and all(c.verdict == CV.CORRECT for c in r.citations), [
        (c.marker, c.verdict, c.note) for c in r.citations
    ]
    assert r.citation_precision == 1.0 and r.citation_recall == 1.0


def test_unsupported_and_contradicted_citations() -> None:
    r = toulmin.verify(
        "Marie Curie won the Nobel Prize in Chemistry in 1921 [1]. "
        "The Eiffel Tower was completed in 1889 [3] and is 330 metres tall [2].",
        S,
    )
    assert [(c.marker, c.verdict) for c in r.citations] == [
        ("[1]", CV.UNSUPPORTED),
        ("[3]", CV.CORRECT),
        ("[2]", CV.WRONG_SOURCE),
    ]
    # a marker in mid-sentence covers the clause before it, not the whole sentence
    assert r.citations[1].claims != r.citations[2].claims
    assert "S3" in r.citations[2].note


def test_cited_source_is_checked_alone() -> None:
    # with one candidate per claim the main pass sees only one of two backing sources;
    # the other, if cited, is checked on its own instead of being called wrong
    answer = "Marie Curie was born in Warsaw in 1867."
    seen = toulmin.verify(answer, [*S, S4], link={"k": 1}).details[0].evidence[0].source_id
    other = "4" if seen == "S1" else "1"
    cited = f"Marie Curie was born in Warsaw in 1867 [{other}]."
    r = toulmin.verify(cited, [*S, S4], link={"k": 1})
    assert r.citations[0].verdict == CV.CORRECT
    off = toulmin.verify(cited, [*S, S4], link={"k": 1}, cite={"recheck": False})
    assert off.citations[0].verdict == CV.WRONG_SOURCE


def test_seed_004_overall_score_and_issues() -> None:
    r = toulmin.verify(
        "Marie Curie was born in Warsaw [1]. Marie Curie won the Nobel Prize in Physics [1]. "
        "Pierre Curie died in Rome in 1950 [2].",
        S,
        question="What do the sources say about the Curies?",
    )
    v = r.verification
    assert v.weights == {"alignment": 0.4, "citation": 0.3, "facts": 0.3}
    assert v.alignment.relevance is not None and v.alignment.grounding == r.confidence
    assert v.overall_score == pytest.approx(
        0.4 * v.answer_source_alignment + 0.3 * v.citation_coverage + 0.3 * v.fact_verification_score,
        abs=1e-3,
    )
    assert v.fact_verification_score == r.faithfulness
    assert "Some claims in the answer could not be verified" in v.issues
    assert v.verified_sources == ["S1"]
    assert any("Rome" in c for c in v.unverified_claims)
    # another preset per call: weights are normalised, the metric is ALCE's F1
    w = toulmin.verify(
        r.answer,
        S,
        score={"weights": {"alignment": 0, "citation": 1, "facts": 1}, "citation_metric": "precision"},
    )
    assert w.verification.weights == {"alignment": 0.0, "citation": 0.5, "facts": 0.5}
    assert w.verification.citation_score == w.citation_precision
    assert w.verification.overall_score == pytest.approx(
        0.5 * w.citation_precision + 0.5 * w.faithfulness,
        abs=1e-3,  # type: ignore[operator]
    )


def test_relevance_separates_on_and_off_topic_answers() -> None:
    q = "When was the Eiffel Tower completed?"
    on = toulmin.verify("The Eiffel Tower was completed in 1889 [3].", S, question=q)
    off = toulmin.verify("Marie Curie was born in Warsaw [1].", S, question=q)
    assert on.verification.alignment.relevance > off.verification.alignment.relevance  # type: ignore[operator]
    none = toulmin.verify("Marie Curie was born in Warsaw [1].", S)
    assert none.verification.alignment.relevance is None
    assert none.verification.answer_source_alignment == none.confidence


def test_attach_uses_clause_positions() -> None:
    answer = (
        "A rose [1] and B fell [2]. C grew. [3] D shrank, according to the filing. E, F [1] and G hold [2]."
    )
    p = parse_citations(answer, [toulmin.Source(id=f"S{i}", text="x") for i in (1, 2, 3)])

    def claim(n: int, words: str) -> Claim:
        at = p.clean.index(words)
        return Claim(id=f"c{n}", text=words, start=at, end=at + len(words), sentence=0, type="action")

    claims = [
        claim(1, "A rose"),
        claim(2, "B fell"),
        claim(3, "C grew"),
        claim(4, "D shrank"),
        claim(5, "E, F and G hold"),
    ]
    # a marker inside a claim's span covers it too (the extractor did not split there)
    assert attach(p, claims) == [["c1"], ["c2"], ["c3"], ["c4"], ["c5"], ["c5"]]


def test_cli_shows_each_marker_with_its_verdict(tmp_path) -> None:  # type: ignore[no-untyped-def]
    src = tmp_path / "sources.jsonl"
    src.write_text("\n".join(json.dumps(s) for s in S), encoding="utf-8")
    answer = (
        "Marie Curie was born in Warsaw [1]."
        " Pierre Curie died in Paris [1]. The tower is 330 metres tall [9]."
    )
    out = CliRunner().invoke(main, ["verify", "--source", str(src), "--no-timings"], input=answer)
    assert out.exit_code == 0, out.output
    assert "m1 [1] -> c1: correct" in out.output
    assert "m2 [1] -> c2: wrong_source (S2 backs c2, not S1)" in out.output
    assert "m3 [9]" in out.output and "unresolved" in out.output
    assert "Citation precision 0.33" in out.output
    js = CliRunner().invoke(main, ["verify", "--source", str(src), "--format", "json"], input=answer)
    data = json.loads(js.output)
    assert [c["verdict"] for c in data["citations"]] == ["correct", "wrong_source", "unresolved"]
    assert data["details"][1]["citation"]["supported_elsewhere"] == ["S2"]
