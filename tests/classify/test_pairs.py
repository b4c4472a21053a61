import numpy as np
import pytest

from tests.conftest import KeywordChecker
from toulmin.classify import WindowConfig, score_pairs
from toulmin.errors import InputError
from toulmin.text import make_windows


def test_support_found_in_the_last_paragraph_of_a_long_document(keyword_checker: KeywordChecker) -> None:
    filler = " ".join(f"Paragraph {i} talks about weather in the valley." for i in range(300))
    doc = filler + "\n\nThe bridge opened in 1932 to traffic."
    [res] = score_pairs(keyword_checker, [doc], ["The bridge opened in 1932."])
    assert res.supported is True and res.label3 == "entailment"
    assert res.windows > 10
    assert doc[res.evidence.start : res.evidence.end] == res.evidence.text
    assert "1932" in res.evidence.text


def test_multi_sentence_claim_is_as_strong_as_its_weakest_sentence(keyword_checker: KeywordChecker) -> None:
    doc = "The bridge opened in 1932. It cost two million dollars."
    [res] = score_pairs(keyword_checker, [doc], ["The bridge opened in 1932. It was painted red."],
                        cfg=WindowConfig(split_claim=True))
    assert res.supported is False
    assert len(res.sentences) == 2
    assert res.sentences[0].prob_supported == pytest.approx(0.9)
    assert res.sentences[1].prob_supported == pytest.approx(0.1)
    assert res.prob_supported == pytest.approx(0.1)


def test_contradiction_anywhere_is_reported(keyword_checker: KeywordChecker) -> None:
    doc = ("The bridge opened in 1932. " + "Filler words about rivers and hills. " * 40
           + "Later records say the bridge was not opened in 1932.")
    [res] = score_pairs(keyword_checker, [doc], ["The bridge opened in 1932."],
                        cfg=WindowConfig(window_words=20, overlap_sentences=0, top_windows=None))
    assert res.supported is True  # one window supports it ...
    assert res.contradiction is not None  # ... and the conflicting window is still shown
    assert "not opened" in res.contradiction.text


def test_unsupported_and_not_contradicted_is_neutral(keyword_checker: KeywordChecker) -> None:
    [res] = score_pairs(keyword_checker, ["The cat sat on the mat."], ["Dogs can fly."])
    assert res.supported is False and res.label3 == "neutral" and res.contradiction is None


@pytest.mark.parametrize(
    ("doc", "claim", "code"),
    [
        ("", "a claim", "E_EMPTY"),
        ("a doc", "   ", "E_EMPTY"),
        (b"\xff\xfe\x00bad", "a claim", "E_NOT_UTF8"),
        ("bin\x00ary", "a claim", "E_BINARY"),
        (42, "a claim", "E_BAD_TYPE"),
    ],
)
def test_bad_rows_get_an_error_and_the_others_are_still_scored(
        keyword_checker: KeywordChecker, doc: object, claim: object, code: str) -> None:
    res = score_pairs(keyword_checker, [doc, "The sky is blue."], [claim, "The sky is blue."],
                      ["bad", "good"])
    assert res[0].error is not None and res[0].error["code"] == code
    assert res[0].prob_supported is None and res[0].supported is None
    assert res[1].error is None and res[1].supported is True


def test_mismatched_lengths_raise(keyword_checker: KeywordChecker) -> None:
    with pytest.raises(InputError) as e:
        score_pairs(keyword_checker, ["a"], ["b", "c"])
    assert e.value.code == "E_PAIR_MISMATCH"


def test_one_megabyte_document_gives_a_defined_result(keyword_checker: KeywordChecker) -> None:
    doc = ("Some words of a very long report about many things. " * 20000)[:1_000_000]
    assert len(doc.encode()) == 1_000_000
    [res] = score_pairs(keyword_checker, [doc], ["A long report."])
    assert res.error is None and res.windows == len(make_windows(doc, 100, 1))
    assert 0.0 <= float(res.prob_supported or 0) <= 1.0
    # the checks read the windows the model read, not the megabyte
    [checked] = score_pairs(keyword_checker, [doc], ["A long report of 12 pages."],
                            cfg=WindowConfig(checks=True))
    assert checked.error is None and checked.findings == []


def test_all_pairs_go_to_the_model_in_one_ordered_call(keyword_checker: KeywordChecker) -> None:
    docs = ["A b c. D e f.", "X y z."]
    score_pairs(keyword_checker, docs, ["A b.", "X."], cfg=WindowConfig(window_words=3, overlap_sentences=0))
    assert [c for c, _ in keyword_checker.calls] == ["A b.", "A b.", "X."]


def test_probabilities_are_rounded_and_sum_to_one(keyword_checker: KeywordChecker) -> None:
    [res] = score_pairs(keyword_checker, ["The sky is blue."], ["The sky is blue."])
    assert res.probs is not None
    assert sum(res.probs.values()) == pytest.approx(1.0, abs=1e-5)
    assert np.isfinite(list(res.probs.values())).all()


def test_top_windows_sends_only_the_best_overlapping_windows(keyword_checker: KeywordChecker) -> None:
    doc = " ".join(f"Filler sentence {i} about rivers." for i in range(50)) + " The bridge opened in 1932."
    [res] = score_pairs(keyword_checker, [doc], ["The bridge opened in 1932."],
                        cfg=WindowConfig(window_words=10, overlap_sentences=0, top_windows=3))
    assert res.windows > 10 and res.scored == 3 and len(keyword_checker.calls) == 3
    assert res.supported is True and "1932" in res.evidence.text
    keyword_checker.calls.clear()
    [full] = score_pairs(keyword_checker, [doc], ["The bridge opened in 1932."],
                         cfg=WindowConfig(window_words=10, overlap_sentences=0, top_windows=None))
    assert full.scored == full.windows == len(keyword_checker.calls)
    assert full.prob_supported == res.prob_supported and full.evidence == res.evidence


def test_questions_and_fragments_join_the_sentence_they_belong_to() -> None:
    from toulmin.classify.pairs import claim_units

    claim = "Question: Who founded Acme? Answer: Maria Lopez founded it. Yes. It grew fast in Spain."
    units = [u.text for u in claim_units(claim)]
    assert units == ["Question: Who founded Acme? Answer: Maria Lopez founded it.",
                     "Yes. It grew fast in Spain."]
    assert [u.text for u in claim_units("Sure! The tower is tall. Thanks.")] == [
        "Sure! The tower is tall. Thanks."]
    for u in claim_units(claim):
        assert claim[u.start : u.end] == u.text


def test_checks_overrule_a_supported_pair_that_states_another_value(keyword_checker: KeywordChecker) -> None:
    # the keyword checker entails each claim: every claim word is in its document
    docs = ["The bridge cost 7 million dollars over 5 years.",
            "It never closed the border, officials said.",
            "The bridge cost 5 million dollars over 7 years."]
    claims = ["The bridge cost 5 million dollars.", "It closed the border, officials said.",
              "The bridge cost 5 million dollars."]
    off = score_pairs(keyword_checker, docs, claims)
    on = score_pairs(keyword_checker, docs, claims, cfg=WindowConfig(checks=True))
    assert [r.supported for r in off] == [True, True, True]
    assert [r.findings for r in off] == [[], [], []]
    assert [(r.supported, r.label3) for r in on] == [
        (False, "contradiction"), (False, "contradiction"), (True, "entailment")]
    assert [f["kind"] for f in on[0].findings] == ["number"]
    assert on[0].findings[0]["note"] == "source says 7 million dollars, not 5 million dollars"
    assert [f["kind"] for f in on[1].findings] == ["negation"]
    # the model's probability is kept: the checks decide, they do not invent a number
    assert [r.prob_supported for r in on] == [r.prob_supported for r in off]
    # an advisory check (decide.advisory_checks) no longer decides alone
    numbers_advise = WindowConfig(checks=True, advisory=frozenset({"number"}))
    advisory = score_pairs(keyword_checker, docs, claims, cfg=numbers_advise)
    assert [(r.supported, r.label3) for r in advisory] == [
        (True, "entailment"), (False, "contradiction"), (True, "entailment")]


def test_checks_read_a_figure_with_the_name_it_is_given(keyword_checker: KeywordChecker) -> None:
    doc = "Ana Ruiz won the election with 52% of the vote, ahead of Tom Berg with 41%."
    claims = ["Question: Who came second? Answer: Tom Berg won 52% of the vote.",
              "Question: Who came second? Answer: Tom Berg won 41% of the vote."]
    wrong, right = score_pairs(keyword_checker, [doc, doc], claims, cfg=WindowConfig(checks=True))
    assert (wrong.supported, wrong.label3) == (False, "contradiction")
    assert [(f["kind"], f["note"]) for f in wrong.findings] == [
        ("merged", "source gives 41% for Tom Berg, not 52%; it states 52% about something else")]
    assert right.findings == []


def test_evaluation_counts_an_overruled_pair_as_not_supported(keyword_checker: KeywordChecker) -> None:
    from toulmin.datasets import Pair
    from toulmin.evaluate import evaluate_pairs

    pairs = [Pair("a", "The bridge cost 5 million dollars.", "The bridge cost 5 million dollars.",
                  "entailment", "t"),
             Pair("b", "The bridge cost 7 million dollars over 5 years.",
                  "The bridge cost 5 million dollars.", "contradiction", "t"),
             Pair("c", "The bridge cost 5 million dollars.", "The bridge is red.", "neutral", "t")]
    off = evaluate_pairs(keyword_checker, pairs)
    on = evaluate_pairs(keyword_checker, pairs, WindowConfig(checks=True))
    assert (off["recall_not_supported"], off["accuracy_3way"]) == (50.0, round(200 / 3, 2))
    assert (on["recall_not_supported"], on["accuracy_3way"], on["balanced_accuracy"]) == (100.0, 100.0, 100.0)
    assert on["ece"] == off["ece"]  # calibration reads the model's probabilities either way
