"""checks.polarity: a rule's exception has the rule's opposite polarity, and a join of
passages backs a claim only when none denies the part it shares (issue 54)."""

from __future__ import annotations

import pytest

from toulmin.checks.polarity import check_negation, denies_a_part, exception_of
from toulmin.checks.words import WORD

RULE = "Pets are not allowed, except guide dogs."


def _sentences(*texts: str) -> list[tuple[str, set[str]]]:
    return [(t, set(WORD.findall(t.lower()))) for t in texts]


def test_what_a_rule_excepts() -> None:
    assert exception_of(RULE) == [{"guide", "dogs"}]
    assert exception_of("The museum is open every day except Monday.") == [{"monday"}]
    assert exception_of("Open daily apart from public holidays; closed in winter.") == [
        {"public", "holidays"}]
    assert exception_of("Open except Christmas Day and New Year's Day.") == [{"christmas", "day"},
                                                                            {"new", "year", "s", "day"}]
    assert exception_of("Pets are not allowed.") == []


@pytest.mark.parametrize(("claim", "note"), [
    ("Guide dogs are allowed.", None),  # the exception states it
    ("Guide dogs are not allowed.", "the source makes an exception of guide dogs"),
    ("Pets are allowed.", "the source states the opposite polarity"),  # the rule states the opposite
    ("Dogs are allowed.", "the source states the opposite polarity"),  # wider than the exception
])
def test_an_exception_is_read_with_the_rule_it_qualifies(claim: str, note: str | None) -> None:
    got = check_negation(claim, _sentences(RULE))
    assert [f.note for f in got] == ([note] if note else [])


def test_a_positive_rule_excepting_the_claims_subject_refutes_it() -> None:
    rule = _sentences("The museum is open every day except Monday.")
    got = check_negation("The museum is open on Monday.", rule)
    assert [f.note for f in got] == ["the source makes an exception of Monday"]
    assert check_negation("The museum is open on Tuesday.",
                          _sentences("The museum is open every day except Monday.")) == []


def test_a_joined_passage_that_denies_its_part_of_the_claim() -> None:
    assert denies_a_part("Pets are welcome at the hotel.", RULE)
    assert not denies_a_part("Guide dogs are welcome at the hotel.", RULE)
    assert not denies_a_part("Pets are welcome at the hotel.", "The hotel has 84 rooms on six floors.")
    assert not denies_a_part("Pets are not welcome at the hotel.", RULE)  # a negative claim's part


@pytest.mark.parametrize(("claim", "verdict"), [
    ("The recycling centre is closed on Christmas Day.", "SUPPORTED"),
    ("The recycling centre is open on Christmas Day.", "CONTRADICTED"),
])
def test_an_antonym_of_the_rule_agrees_with_its_exception(claim: str, verdict: str) -> None:
    import toulmin

    source = ("The recycling centre is open from 8 am to 6 pm every day except Christmas Day and New "
              "Year's Day. Vans need a permit.")
    assert toulmin.verify(claim, [source]).details[0].verdict == verdict


def test_a_negation_bears_on_what_follows_no_and_without() -> None:
    # "with or without food", "with no joining fee" negate the food and the fee, not the claim
    assert check_negation("The drug is taken twice a day.",
                          _sentences("The drug is taken twice a day, with or without food.")) == []
    assert check_negation("Membership costs 25 pounds a month.",
                          _sentences("Membership costs 25 pounds a month with no joining fee.")) == []
    assert check_negation("Patients died.", _sentences("No patients died.")) != []
