"""A source sentence that quotes a claim to deny it refutes the claim (issue 31)."""

from __future__ import annotations

import pytest

from toulmin.checks import check_claim, check_denial, denied_clauses, refutes

LED = "The trial was led by Dr. Smith."
FAST = "The trial received fast-track designation in March 2024."


@pytest.mark.parametrize("evidence", [
    "Rumours that the trial was led by Dr. Smith and received fast-track designation in March 2024 "
    "are false.",
    "Claims that the trial was led by Dr. Smith have been debunked.",
    "Reports circulating online that the trial was led by Dr. Smith are entirely unfounded.",
    "The idea that the trial was led by Dr. Smith is a myth.",
    "It is not true that the trial was led by Dr. Smith.",
    "It's false that the trial was led by Dr. Smith.",
    "Contrary to reports that the trial was led by Dr. Smith, Dr. Jones ran it.",
    "The sponsor denied that the trial was led by Dr. Smith.",
    "The hospital dismissed claims that the trial was led by Dr. Smith.",
    "There is no truth to the rumour that the trial was led by Dr. Smith.",
    "That the trial was led by Dr. Smith is a myth.",
    "Study overview. Rumours that the trial was led by Dr. Smith are false. Enrolment ended in May.",
])
def test_a_denied_quote_refutes_the_claim(evidence: str) -> None:
    found = check_denial(LED, evidence)
    assert [(f.kind, f.status) for f in found] == [("denial", "mismatch")]
    assert refutes(found[0]) and "deny" in found[0].note and "Dr. Smith" in (found[0].source or "")
    assert ("denial", "mismatch") in [(f.kind, f.status) for f in check_claim(LED, evidence)]


def test_both_claims_of_the_bundled_example_are_denied() -> None:
    rumour = ("Rumours that the trial was led by Dr. Smith and received fast-track designation in "
              "March 2024 are false.")
    assert check_denial(LED, rumour) and check_denial(FAST, rumour)


@pytest.mark.parametrize("evidence", [
    # frames that confirm, concede or merely state
    "Reports that the trial was led by Dr. Smith were confirmed.",
    "It is true that the trial was led by Dr. Smith.",
    "Despite reports that the trial was led by Dr. Smith, enrolment was slow.",
    "The trial was led by Dr. Smith.",
    "Claims that the trial was led by Dr. Smith have been verified by the sponsor.",
    # the denied clause is another statement
    "Rumours that the drug causes hair loss are false. The trial was led by Dr. Smith.",
    "The sponsor denied that the budget was cut.",
    # a denied negation affirms the claim
    "Reports that the trial was not led by Dr. Smith are false.",
    "It is not true that the trial was never led by Dr. Smith.",
])
def test_no_denial_where_the_frame_does_not_deny_this_claim(evidence: str) -> None:
    assert check_denial(LED, evidence) == []


def test_a_negated_claim_is_denied_by_a_denied_negation() -> None:
    assert check_denial("The trial was not led by Dr. Smith.",
                        "Reports that the trial was not led by Dr. Smith are false.")


def test_denied_clauses_reads_the_clause_under_the_frame() -> None:
    assert denied_clauses("Rumours that the plant closed in 2019 are false.") == ["the plant closed in 2019"]
    assert denied_clauses("Contrary to claims that the plant closed, it still runs.") == ["the plant closed"]
    assert denied_clauses("The plant closed in 2019.") == []


def test_a_text_is_read_once_and_its_reading_cannot_be_altered() -> None:
    """content_roots is cached per text (issue 56: a passage is checked against every
    claim); what it returns is immutable, so no caller can change what the next one reads."""
    from toulmin.checks.denial import content_roots

    first = content_roots("The plant closed in 2019.")
    assert isinstance(first, frozenset) and content_roots("The plant closed in 2019.") is first
    assert content_roots.cache_info().maxsize == 4096  # bounded
