"""Citation markers: every style, resolution to sources, and the text the extractor reads."""

from __future__ import annotations

import pytest

from toulmin.cite.markers import UNSPECIFIC, parse_citations, resolve_ref
from toulmin.sources import Source

SOURCES = [
    Source(id="S1", text="a", metadata={"title": "Marie Curie", "year": 1903}),
    Source(id="aapl-q", text="b", metadata={"ticker": "AAPL", "year": 2023, "form": "10-Q"}),
    Source(id="S3", text="c", metadata={"title": "Pierre Curie", "url": "https://example.org/pierre"}),
]


def markers(answer: str, **kw: object) -> list[tuple[str, str, list[str | None]]]:
    p = parse_citations(answer, SOURCES, **kw)  # type: ignore[arg-type]
    return [(m.text, m.style, [",".join(t) if t else None for t in m.targets]) for m in p.markers]


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("She won in 1903 [1].", [("[1]", "bracket", ["S1"])]),
        ("He was French [1, 3].", [("[1, 3]", "bracket", ["S1", "S3"])]),
        ("Both were physicists [1-3].", [("[1-3]", "bracket", ["S1", "aapl-q", "S3"])]),
        ("He was French [1][3].", [("[1]", "bracket", ["S1"]), ("[3]", "bracket", ["S3"])]),
        ("She won [Source: 1].", [("[Source: 1]", "source_label", ["S1"])]),
        ("She won [Sources 1 and 3].", [("[Sources 1 and 3]", "source_label", ["S1", "S3"])]),
        ("He died in 1906 (Source 3).", [("(Source 3)", "paren_source", ["S3"])]),
        ("He died in 1906 (Source: 3).", [("(Source: 3)", "paren_source", ["S3"])]),
        ("He died [S3].", [("[S3]", "bracket", ["S3"])]),
        ("Sales rose [doc2].", [("[doc2]", "bracket", ["aapl-q"])]),
        ("Sales rose [Source: AAPL 10-Q 2023].", [("[Source: AAPL 10-Q 2023]", "source_label", ["aapl-q"])]),
        (
            "Sales rose (Source: Apple's 2023 10-Q).",
            [("(Source: Apple's 2023 10-Q)", "paren_source", [None])],
        ),
        ("Sales rose (Source: AAPL 10-Q).", [("(Source: AAPL 10-Q)", "paren_source", ["aapl-q"])]),
    ],
)
def test_bracket_and_paren_styles(answer: str, expected: list[tuple[str, str, list[str | None]]]) -> None:
    assert markers(answer) == expected


def test_footnotes_use_their_definitions() -> None:
    answer = (
        "Curie was Polish[^1]. Pierre was French.[^2] Sales rose.[^3]\n\n[^1]: Marie Curie\n[^2]: Source 3\n"
    )
    p = parse_citations(answer, SOURCES)
    assert [(m.text, m.style, m.targets) for m in p.markers] == [
        ("[^1]", "footnote", [["S1"]]),
        ("[^2]", "footnote", [["S3"]]),
        ("[^3]", "footnote", [["S3"]]),  # no definition: by position
    ]
    assert "by title" in p.markers[0].reasons[0] and "Marie Curie" in p.markers[0].reasons[0]
    # the definitions are not part of what the answer claims
    assert "Marie Curie" not in p.clean and "[^" not in p.clean


def test_reference_list_maps_labels_to_titles() -> None:
    answer = "He was French [1]. She won [2].\n\nSources:\n[1] Pierre Curie\n[2] Marie Curie"
    p = parse_citations(answer, SOURCES)
    assert [m.targets for m in p.markers] == [[["S3"]], [["S1"]]]
    assert "Pierre Curie" not in p.clean


def test_phrases() -> None:
    got = markers(
        "According to the AAPL 10-Q, revenue rose 5%. Revenue rose, per the filing, by 5%. "
        "Shares cost $3 per share. According to experts, it rains. As reported in Pierre Curie, he died."
    )
    assert got == [
        ("According to the AAPL 10-Q", "phrase", ["aapl-q"]),
        ("per the filing", "phrase", ["S1,aapl-q,S3"]),  # names no specific source
        ("As reported in Pierre Curie", "phrase", ["S3"]),
    ]
    p = parse_citations("Revenue rose, per the filing, by 5%.", SOURCES)
    assert p.markers[0].reasons == [UNSPECIFIC]


def test_seed_004_filing_phrase_and_lead_ins() -> None:
    assert markers("Apple reported in its 2023 10-Q filing that sales rose.") == [
        ("in its 2023 10-Q filing", "phrase", ["aapl-q"])
    ]
    # a lead-in about the sources in general is not a citation of one of them
    assert markers("Based on the sources, X. According to the provided documents, Y.") == []
    assert markers("Sales rose, per the filing.", phrases=False) == []


@pytest.mark.parametrize(
    "answer",
    [
        "He said it [sic].",
        "This is disputed [citation needed].",
        "The score is in [0, 1].",
        "The weights are [0.4, 0.3].",
        "See the table [below].",
        "Paris (France, 1889) hosted it.",
        "It is a [link](https://example.org).",
        "It costs $5 per unit.",
    ],
)
def test_not_citations(answer: str) -> None:
    assert markers(answer) == []


def test_unknown_markers_are_reported_not_dropped() -> None:
    p = parse_citations("He died [7]. It grew (Smith et al., 2020). It fell [S9].", SOURCES)
    assert [(m.text, m.targets) for m in p.markers] == [
        ("[7]", [None]),
        ("(Smith et al., 2020)", [None]),
        ("[S9]", [None]),
    ]
    assert p.markers[0].reasons == ["there is no source 7: 3 given, numbered 1-3"]


def test_index_base_zero() -> None:
    assert markers("She won [0].", index_base=0) == [("[0]", "bracket", ["S1"])]


def test_id_wins_over_position() -> None:
    srcs = [Source(id="2", text="x"), Source(id="1", text="y")]
    assert resolve_ref("1", srcs) == (["1"], "by id")
    assert resolve_ref("3", srcs)[0] is None
    # "[1]" means the source called "Source 1", wherever it is in the list
    srcs = [Source(id="Source 2", text="x"), Source(id="Source 1", text="y")]
    assert resolve_ref("1", srcs) == (["Source 1"], "by id")
    assert resolve_ref("Source 2", srcs) == (["Source 2"], "by id")


def test_identifier_resolution_needs_most_of_the_words() -> None:
    # "2023" alone must not make "a 2023 interview with the BBC" cite the 10-Q
    assert resolve_ref("a 2023 interview with the BBC", SOURCES)[0] is None
    assert resolve_ref("Smith 2023", SOURCES)[0] is None  # a year alone names no source
    assert resolve_ref("Apple AAPL 2023 10-Q", SOURCES)[0] == ["aapl-q"]  # most words match
    assert resolve_ref("AAPL 2023 10-Q", SOURCES) == (["aapl-q"], "by identifiers")
    assert resolve_ref("https://example.org/pierre", SOURCES) == (["S3"], "by title")


def test_clean_text_and_offsets_map_back() -> None:
    answer = "She won in 1903 [1]. He died in 1906 (Source 3) in Paris. According to Marie Curie, she won."
    p = parse_citations(answer, SOURCES)
    assert p.clean == "She won in 1903. He died in 1906 in Paris. She won."
    start = p.clean.index("in Paris")
    a, b = p.answer_span(start, start + len("in Paris"))
    assert answer[a:b] == "in Paris"
    start = p.clean.index("She won.")
    a, b = p.answer_span(start, start + len("She won"))
    assert answer[a:b] == "she won"
    # anchors: where each marker sat in the clean text
    assert p.anchors[0] == p.clean.index(".")


def test_no_markers_leaves_the_answer_alone() -> None:
    answer = "Marie Curie won the prize in 1903. She was born in Warsaw."
    p = parse_citations(answer, SOURCES)
    assert p.markers == [] and p.clean == answer
    assert p.answer_span(6, 11) == (6, 11)
