"""Property tests of the parsers: whatever text or value comes in, the answer is a result
or a ToulminError with a code and a fix, never another exception (issue 31).

Derandomized, so a run is the same run every time; bounded so CI stays fast.
"""

from __future__ import annotations

import string
import warnings
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toulmin.checks import check_claim, check_dates, check_numbers, find_dates, find_numbers
from toulmin.cite.markers import parse_citations
from toulmin.config import load_config
from toulmin.errors import ToulminError
from toulmin.sources import Source, coerce_sources
from toulmin.text import check_text, make_windows, split_sentences

FUZZ = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))

# text with what the parsers look for: digits, units, months, markers, quotes, odd spaces
_PIECES = st.sampled_from([
    "12", "3.5", "1,200", "50%", "$4.2 million", "€3", "about", "over", "between 10 and 20",
    "March", "2024", "Q1", "in 1998", "12 March 2019", "the 1990s", "[1]", "[2, 3]", "[1-3]",
    "[^1]", "(Smith et al., 2020)", "[S2]", "[doc1]", "according to", "Source 2", "Dr.", "U.S.",
    "not", "never", "second most", ".", "!", "?", "\n", "\n\n", " ", "—", "“", "”", "'", "-",
    "fifty", "twelve Euros", "½", "٣", "\u00a0", "\t", "…", "e.g.", "i.e.", "No.", "1st", "3rd",
])
TEXT = st.one_of(
    st.text(max_size=200),
    st.lists(st.one_of(_PIECES, st.text(string.ascii_letters, max_size=8)), max_size=40).map(" ".join),
)


def _only_toulmin_errors(fn: Any, *args: Any, **kw: Any) -> Any:
    try:
        return fn(*args, **kw)
    except ToulminError as e:
        assert e.code.startswith("E_") and e.message and e.fix, e
        return None


@FUZZ
@given(TEXT)
def test_numbers_and_dates_parse_any_text(text: str) -> None:
    for n in find_numbers(text):
        assert n.text in text
    for d in find_dates(text):
        assert d is not None


@FUZZ
@given(TEXT, TEXT)
def test_the_checks_read_any_claim_against_any_evidence(claim: str, evidence: str) -> None:
    for check in (check_numbers, check_dates, check_claim):
        for f in check(claim, evidence):
            assert f.status and f.kind


@FUZZ
@given(TEXT)
def test_sentences_and_windows_keep_their_offsets(text: str) -> None:
    for s in split_sentences(text):
        assert text[s.start : s.end] == s.text
    for w in make_windows(text, max_words=20):
        assert text[w.start : w.end] == w.text


@FUZZ
@given(TEXT, st.lists(TEXT, min_size=1, max_size=4), st.sampled_from([0, 1]), st.booleans())
def test_citations_parse_any_answer(answer: str, texts: list[str], base: int, phrases: bool) -> None:
    sources = [Source(id=f"s{i}", text=t or "x", metadata={"title": t[:20]}) for i, t in enumerate(texts)]
    parsed = parse_citations(answer, sources, index_base=base, phrases=phrases)
    for m in parsed.markers:
        assert 0 <= m.start <= m.end <= len(answer)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=30)
    | st.binary(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@FUZZ
@given(JSONISH)
def test_sources_are_sources_or_a_clear_error(value: Any) -> None:
    got = _only_toulmin_errors(coerce_sources, value)
    assert got is None or all(isinstance(s, Source) and s.text.strip() for s in got)


@FUZZ
@given(JSONISH)
def test_a_text_input_is_text_or_a_clear_error(value: Any) -> None:
    got = _only_toulmin_errors(check_text, value, "answer")
    assert got is None or isinstance(got, str)


_SECTIONS = st.sampled_from(["checker", "extract", "link", "decide", "cite", "score", "llm", "serve",
                             "crag", "nope", "preset"])
_KEYS = st.sampled_from(["threshold", "k", "floor", "max_claims", "model", "timeout", "judge", "checks",
                         "weights", "cascade_band", "history_keep", "unknown_key", "contradiction_threshold"])


@FUZZ
@given(st.dictionaries(_SECTIONS, st.dictionaries(_KEYS, JSONISH, max_size=3) | JSONISH, max_size=3))
def test_config_values_are_valid_or_a_clear_error(overrides: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # renamed keys warn: tested elsewhere
        _only_toulmin_errors(load_config, env={}, overrides=overrides)
