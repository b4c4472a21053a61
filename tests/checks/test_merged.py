from __future__ import annotations

import pytest

from toulmin.checks.claim import refutes
from toulmin.checks.merged import check_merged, clause_names

SOURCE = (
    "Metformin is a medication taken by mouth. Metformin was first introduced in France in 1957, "
    "and it was introduced in the United States in 1995. More than 70 million people take it."
)


def _statuses(clause: str, evidence: str, **kw: object) -> list[str]:
    return [f.status for f in check_merged(clause, evidence, **kw)]  # type: ignore[arg-type]


def test_a_year_paired_with_the_wrong_country_is_a_contradiction() -> None:
    (f,) = check_merged("Metformin was introduced in the United States in 1957.", SOURCE)
    assert (f.kind, f.status, f.claim) == ("merged", "mismatch", "1957")
    assert f.source == "it was introduced in the United States in 1995."
    assert "1995 for United States" in f.note
    assert refutes(f)


def test_the_right_pairing_is_ok_and_refutes_nothing() -> None:
    (f,) = check_merged("Metformin was introduced in France in 1957.", SOURCE)
    assert f.status == "ok" and not refutes(f)
    assert _statuses("Metformin was introduced in the United States in 1995.", SOURCE) == ["ok"]


def test_only_the_figures_of_the_focus_are_read() -> None:
    clause = "Metformin was introduced in the United States in 1957."
    assert _statuses(clause, SOURCE, focus="in 1957") == ["mismatch"]
    assert _statuses(clause, SOURCE, focus="in the United States") == []


@pytest.mark.parametrize(
    ("clause", "evidence"),
    [
        # the source leaves the name out next to the figure and says nothing else of it
        ("Obama was elected president of the United States in 2008.",
         "Obama was elected president in 2008. The United States was founded in 1776."),
        # the other figure belongs to another statement about the name
        ("The drug was approved in Japan in 2010.",
         "The drug was approved in 2010. Japan banned imports of it in 2015."),
        # no name, no figure, or a figure the source never states: other checks' business
        ("the rate rose to 81% in 2019.", "the rate rose to 81% in 2019"),
        ("Metformin is taken by mouth.", SOURCE),
        ("Metformin was introduced in Germany in 1962.", SOURCE),
    ],
)
def test_no_conflict_no_finding(clause: str, evidence: str) -> None:
    assert [f for f in check_merged(clause, evidence) if f.status == "mismatch"] == []


def test_a_count_paired_with_the_wrong_site() -> None:
    ev = "The Boston site enrolled 120 patients; the Denver site enrolled 80 patients."
    (f,) = check_merged("The Denver site enrolled 120 patients.", ev)
    assert f.status == "mismatch" and "80 patients for Denver" in f.note


def test_clause_names_skip_lead_words_and_months() -> None:
    assert clause_names("In March the Food and Drug Administration approved it in Europe.") == [
        "Food and Drug Administration", "Europe"]
    assert clause_names("The study ran in 2019.") == []


@pytest.mark.parametrize(
    ("clause", "evidence"),
    [
        # two figures: the clause does not say which name goes with which
        ('He made "Swordsmen" (1991) and "Sun Valley" (1995).',
         'He made "Sun Valley" in 1995. "Swordsmen" came out in 1991.'),
        # a nationality is no name
        ("A famous American admiral led the fleet in 1944.",
         "The fleet sailed in 1944. The American admiral retired in 1959."),
    ],
)
def test_what_does_not_pair_a_figure_with_a_name(clause: str, evidence: str) -> None:
    assert [f for f in check_merged(clause, evidence) if f.status == "mismatch"] == []


def test_a_question_framing_the_answer_is_not_read() -> None:
    framed = "Question: Who won in the United States in 1957? Answer: It was introduced in France in 1957."
    assert _statuses(framed, SOURCE) == ["ok"]


def test_a_name_ends_at_a_full_stop() -> None:
    assert clause_names("The 2022 World Cup went to Qatar. New Mail research shows it.") == [
        "World Cup", "Qatar", "New Mail"]
