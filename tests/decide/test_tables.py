"""A claim's verdict from a table (decide/tables.py): a table rule that fails on a claim
makes that claim an ERROR with its cause, not the whole verification."""

from __future__ import annotations

from toulmin.decide.tables import Tables, _unstated_cause, by_table
from toulmin.extract.extractor import Claim
from toulmin.report import ClaimResult, Evidence, Verdict
from toulmin.tables.render import render_tables

SITES = """site\tquarter\tpower_mw\tcooling
Nordvik\t2024-Q1\t12.4\tair
Nordvik\t2024-Q2\t13.1\tair
Lakeside\t2024-Q1\t8.2\tliquid
Lakeside\t2024-Q2\t8.6\tliquid
"""


def _claim(text: str) -> Claim:
    return Claim(id="c1", text=text, focus=text, start=0, end=len(text), type="attribute", sentence=0)


def _checker_says(text: str, verdict: Verdict) -> tuple[ClaimResult, Tables]:
    got = render_tables(SITES)
    assert got is not None
    reading, _, tables = got
    a, b = tables[0].rows[0]
    result = ClaimResult(
        id="c1", claim=text, focus=text, start=0, end=len(text), type="attribute", verdict=verdict,
        score=0.0, note="s says: the row",
        evidence=[Evidence(source_id="s", quote=reading[a:b], start=a, end=b)],
    )
    return result, Tables([("s", reading, t) for t in tables])


def test_a_table_rule_that_fails_makes_the_claim_an_error_with_its_cause(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    def broken(*_: object) -> None:
        raise KeyError("women's")

    monkeypatch.setattr("toulmin.decide.tables.settle", broken)
    result, tables = _checker_says("Nordvik draws 12.4 MW.", Verdict.SUPPORTED)
    got = by_table(_claim("Nordvik draws 12.4 MW."), result, tables)
    assert got.verdict is Verdict.ERROR and got.score is None
    assert "KeyError" in got.note and "women's" in got.note and got.supported_by == []


def test_a_cause_the_source_never_states_keeps_a_computed_figure_from_green() -> None:
    # the growth is the table's; "after its extension to Millbrook opened" is nobody's
    text = "Nordvik grew from 12.4 MW to 13.1 MW after its new wing at Kelsey Point opened."
    result, tables = _checker_says(text, Verdict.SUPPORTED)
    got = by_table(_claim(text), result, tables)
    assert got.verdict is Verdict.PARTIALLY_SUPPORTED and got.supported_by == []
    assert "does not say 'after its new wing at Kelsey Point opened'" in got.note
    plain = "Nordvik grew from 12.4 MW to 13.1 MW."
    result, tables = _checker_says(plain, Verdict.SUPPORTED)
    assert by_table(_claim(plain), result, tables).verdict is Verdict.SUPPORTED
    # a clause whose words the source holds is no story of its own
    assert _unstated_cause("Nordvik grew after Lakeside cooling moved to liquid.", "s", tables.tabled) == ""
    assert _unstated_cause("Nordvik grew after its new wing at Kelsey Point opened.", "s", tables.tabled)


def _part_verdict(table: str, part: str, sentence: str | None) -> Verdict:
    """``by_table``'s verdict on ``part`` (the checker said OVERREACH) against ``table``, with
    the sentence it was split from, or alone."""
    from toulmin.text import Span

    got = render_tables(table)
    assert got is not None
    reading, _, rendered = got
    result = ClaimResult(id="c1", claim=part, focus=part, start=0, end=len(part), type="attribute",
                         verdict=Verdict.OVERREACH, score=0.0, note="", evidence=[])
    spans = [Span(0, len(sentence), sentence)] if sentence else []
    return by_table(_claim(part), result, Tables([("s", reading, t) for t in rendered], spans)).verdict


def test_a_trend_cut_from_its_bounds_is_read_with_its_sentence() -> None:
    """ "rose month after month" split off "... from February through June": the bounded trend."""
    table = "| Month | Passengers (k) |\n|---|---|\n| Jan 2024 | 182.4 |\n| Feb 2024 | 171.9 |\n"
    table += "| Mar 2024 | 205.3 |\n| Apr 2024 | 219.8 |\n"
    sentence = "Passenger numbers rose month after month from February through April."
    part = "Passenger numbers rose month after month."
    assert _part_verdict(table, part, sentence) is Verdict.SUPPORTED
    assert _part_verdict(table, part, None) is Verdict.CONTRADICTED


def test_a_count_cut_from_its_qualifier_is_read_with_its_sentence() -> None:
    """ "play 3 games" split off "... in the month of november": the count the sentence narrows."""
    table = "| week | date | result |\n|---|---|---|\n| 1 | october 5 , 1952 | w 23 - 7 |\n"
    table += "| 2 | november 2 , 1952 | l 24 - 23 |\n| 3 | november 9 , 1952 | w 17 - 6 |\n"
    table += "| 4 | november 16 , 1952 | l 10 - 3 |\n"
    sentence = "The team played 3 games in the month of november."
    part = "The team played 3 games."
    assert _part_verdict(table, part, sentence) is Verdict.SUPPORTED
    assert _part_verdict(table, part, None) is Verdict.CONTRADICTED  # 4 games in all
    # a clause of its own after the part is no qualifier: the part keeps its own verdict
    other = "The team played 3 games and won 2 games in november."
    assert _part_verdict(table, part, other) is Verdict.CONTRADICTED
    from toulmin.decide.tables import _qualifier_cut

    assert _qualifier_cut(part, sentence)
    # a figure after the part is a claim of its own ("with a score of 2 - 0"), not a qualifier
    goal = "Goal 2 was the first of 3 games."
    assert not _qualifier_cut(goal, goal[:-1] + " with a score of 2 - 0.")


def test_a_part_is_read_with_its_sentences_qualifiers_less_its_other_figures() -> None:
    """ "Skyvale flew 1,073 flights" of "... across these five routes in March, with 22
    cancellations": the sentence as a whole states two figures no rule reads at once; less
    the phrase of the other figure, it is the part's claim with its qualifiers."""
    table = "| Route | Flights | Cancellations |\n|---|---|---|\n| A | 248 | 2 |\n| B | 186 | 5 |\n"
    table += "| C | 310 | 11 |\n| D | 205 | 0 |\n| E | 124 | 4 |\n"
    sentence = "Skyvale flew 1,073 flights across these five routes in March, with 22 cancellations."
    assert _part_verdict(table, "Skyvale flew 1,073 flights.", sentence) is Verdict.SUPPORTED
    assert _part_verdict(table, "Skyvale flew 1,073 flights.", None) is Verdict.OVERREACH
    wrong = sentence.replace("1,073", "1,200")
    assert _part_verdict(table, "Skyvale flew 1,200 flights.", wrong) is Verdict.CONTRADICTED
    from toulmin.decide.tables import _without_other_figures

    assert _without_other_figures("Skyvale flew 1,073 flights.", sentence) == (
        "Skyvale flew 1,073 flights across these five routes in March.")
    # nothing to leave out, or a word of the part the rest does not hold: no such reading
    assert _without_other_figures("Skyvale flew 1,073 flights with 22 cancellations.", sentence) is None
    assert _without_other_figures("Skyvale had 22 cancellations.", sentence) is None


def test_causes_said_as_where_a_change_came_from_are_unstated_causes() -> None:
    _, tables = _checker_says("Nordvik grew from 12.4 MW to 13.1 MW.", Verdict.SUPPORTED)
    for said in ("came from its summer reading program", "was caused by pandemic capacity limits",
                 "to compensate for a service outage", "was dragged down by road works on its route",
                 "was held back by delays at its supplier"):
        assert _unstated_cause(f"Nordvik's jump {said}.", "s", tables.tabled), said


def test_a_figure_cut_from_its_count_is_read_with_its_sentence() -> None:
    """ "... at $1,134 for six units": the extractor's parts "... at $1,134" and "... for six
    units" are each refuted by the unit price alone; the sentence is backed (6 x 189)."""
    table = "| item | qty | unit price ($) |\n|---|---|---|\n| Taq polymerase | 6 | 189.0 |\n"
    table += "| Gloves | 40 | 11.25 |\n"
    sentence = "Taq polymerase is the most expensive item, at $1,134 for six units."
    for part in ("Taq polymerase is the most expensive item at $1,134.",
                 "Taq polymerase is the most expensive item for six units."):
        assert _part_verdict(table, part, sentence) is Verdict.SUPPORTED, part
    from toulmin.decide.tables import _count_of_a_figure

    assert _count_of_a_figure("Taq polymerase is the most expensive item for six units.", sentence)
    assert not _count_of_a_figure("Taq polymerase comes in six units.", "Taq polymerase comes in six units.")


def test_a_figure_the_check_reads_against_the_wrong_cell_is_not_refuted() -> None:
    """What a figure changed from, and a figure of each member of a row, are no cell's: the
    number check's mismatch against a cell of the row refutes nothing."""
    from toulmin.checks.finding import Finding
    from toulmin.decide.tables import _figure_of_the_table

    table = "| holding | weight (%) |\n|---|---|\n| Kestrel | 4.1 |\n| Orion | 3.2 |\n"
    got = render_tables(table)
    assert got is not None
    reading, _, rendered = got
    tabled = [("s", reading, t) for t in rendered]
    at = reading.index("4.1")
    ev = Evidence(source_id="s", quote=reading[at : at + 3], start=at, end=at + 3)
    cases = (("Kestrel's weight rose from 3.6% a quarter earlier.", "3.6%", "changed from"),
             ("Kestrel's analysts hold about 2 positions each.", "2 positions", "each one's"))
    for claim, figure, why in cases:
        mismatch = Finding(kind="number", status="mismatch", claim=figure, source="4.1", note="says 4.1")
        result = ClaimResult(id="c1", claim=claim, focus=claim, start=0, end=len(claim), type="attribute",
                             verdict=Verdict.CONTRADICTED, score=0.0, note="", evidence=[ev],
                             contradicting=ev, findings=[mismatch])
        assert why in _figure_of_the_table(claim, result, tabled), claim
    plain = "Kestrel's weight is 3.6%."
    result = ClaimResult(id="c1", claim=plain, focus=plain, start=0, end=len(plain), type="attribute",
                         verdict=Verdict.CONTRADICTED, score=0.0, note="", evidence=[ev], contradicting=ev,
                         findings=[Finding(kind="number", status="mismatch", claim="3.6%", source="4.1",
                                           note="source says 4.1")])
    assert _figure_of_the_table(plain, result, tabled) == ""


def test_a_part_cut_from_its_figure_reads_with_it() -> None:
    """ "School visits peaked in May" of "..., at 88 groups": the figure names the measure
    (school groups, not visitors), and the sentence checks both the peak and the figure."""
    table = "| month | visitors | school groups |\n|---|---|---|\n| 2024-04 | 31240 | 64 |\n"
    table += "| 2024-05 | 29910 | 88 |\n| 2024-06 | 25100 | 35 |\n"
    sentence = "School visits peaked in May, at 88 groups."
    assert _part_verdict(table, "School visits peaked in May.", sentence) is Verdict.SUPPORTED
    wrong = "School visits peaked in May, at 95 groups."
    assert _part_verdict(table, "School visits peaked in May.", wrong) is not Verdict.SUPPORTED
