from __future__ import annotations

import pytest

from toulmin.checks.claim import check_claim, refutes
from toulmin.checks.rank import check_rank

SOURCE = ("Metformin is taken by mouth. It is the second most commonly prescribed drug for diabetes "
          "worldwide. Lyon is one of the largest cities in France. Europe's busiest airport is in London. "
          "Python consistently ranks among the most popular programming languages. The Amazon is the "
          "disputed longest river system. The Nile is arguably the longest river on Earth.")


@pytest.mark.parametrize(
    ("claim", "status", "note"),
    [
        ("Metformin is the most prescribed diabetes drug.", "mismatch",
         "source says the second most commonly prescribed, not the most prescribed"),
        ("Metformin is the second most prescribed drug for diabetes.", "ok",
         "source says the second most commonly prescribed"),
        # "one of the most" is what the second most is
        ("Metformin is one of the most prescribed diabetes drugs.", "ok",
         "source says the second most commonly prescribed"),
        ("Lyon is the largest city in France.", "imprecise",
         "source says one of the largest cities, not the largest city"),
        ("Lyon is the third-largest city in France.", "imprecise",
         "source says one of the largest cities, not the third-largest city"),
        ("London has Europe's busiest airport.", "ok", "source says the busiest airport"),
        # a hedged rank backs no flat one; a hedged claim is backed by a flat rank
        ("The Amazon is the longest river.", "imprecise",
         "source only says the disputed longest river, not the longest river"),
        ("The Nile is the longest river.", "imprecise",
         "source only says arguably the longest river, not the longest river"),
        ("The Nile is perhaps the longest river.", "ok", "source says arguably the longest river"),
        # "among the" is "one of the"
        ("Python is the most popular programming language.", "imprecise",
         "source says among the most popular, not the most popular"),
        ("Python is among the most popular languages.", "ok", "source says among the most popular"),
        ("London has Europe's second busiest airport.", "mismatch",
         "source says the busiest airport, not the second busiest airport"),
    ],
)
def test_a_superlatives_rank_is_read(claim: str, status: str, note: str) -> None:
    (f,) = check_rank(claim, SOURCE)
    assert (f.kind, f.status, f.note) == ("rank", status, note)
    assert refutes(f) == (status == "mismatch")


@pytest.mark.parametrize(
    "claim",
    [
        "Most people take metformin by mouth.",  # a quantifier, not a superlative
        "The test showed the best interest of the forest.",  # -est words that rank nothing
        "Metformin is the most effective treatment for obesity.",  # another superlative
        # the same superlative in a sentence about something else
        "Aspirin is the second most prescribed painkiller.",
        # a title is no rank
        "Lyon appears in The Largest Cities of France.",
        # the question framing the answer asserts nothing
        "Question: Which of the largest cities in France is Lyon? Answer: Lyon is in France.",
    ],
)
def test_no_rank_no_finding(claim: str) -> None:
    assert [f for f in check_rank(claim, SOURCE) if f.status != "ok"] == []


def test_rank_is_one_of_the_claim_checks() -> None:
    found = check_claim("Metformin is the most prescribed diabetes drug.", SOURCE)
    kinds = [(f.kind, f.status) for f in found]
    assert ("rank", "mismatch") in kinds
