"""Issue 31: a long answer is parsed a block of sentences at a time, and no further than
the claim budget needs; the sentences past it come back whole, unparsed."""

from __future__ import annotations

from typing import Any

import pytest

from toulmin.extract import extractor as rules
from toulmin.extract.extractor import Claim, SpacyExtractor
from toulmin.text import split_sentences

_POOL = [
    "The Riverside plant opened in {y} and employs {n} people.",
    "It produces steel pipes for the {c} market.",
    "Dr. Maria Lopez led the plant from {y} to {y2}.",
    "She was born in Madrid and studied in {c}.",
    "Thanks for asking!",
    "Did the plant close in {y}?",
    "The company, founded in {y}, reported revenue of ${n} million.",
    "They expanded to {c} in {y}, and they opened a second site.",
    "The river floods every spring.",
]
_PLACES = ["Spain", "France", "Brazil", "Japan", "Kenya", "Canada", "Norway"]
_LAST = "The archive of the plant was closed in 2099 by its last keeper."


def long_answer(sentences: int = 200) -> str:
    out = []
    for i in range(sentences - 1):
        t = _POOL[i % len(_POOL)]
        out.append(t.format(y=1900 + i, y2=1905 + i, n=10 * i + 3, c=_PLACES[i % len(_PLACES)]))
    return " ".join([*out, _LAST])


def _dump(claims: list[Claim]) -> list[dict[str, Any]]:
    return [c.model_dump() for c in claims]


def test_an_answer_parsed_in_blocks_gives_the_claims_of_one_whole_parse(
        ex: SpacyExtractor, monkeypatch: pytest.MonkeyPatch) -> None:
    text = long_answer()
    assert len(split_sentences(text)) > rules._BLOCK  # parsed in blocks
    blocks = ex.extract(text)
    monkeypatch.setattr(rules, "_BLOCK", 10_000)
    monkeypatch.setattr(rules, "_BLOCK_CHARS", 10**7)
    whole = ex.extract(text)  # one spaCy doc, as before issue 31
    assert _dump(blocks) == _dump(whole)
    assert any(c.text.startswith("The Riverside plant produces") for c in whole)  # "It" resolved


def test_a_budget_keeps_the_first_claims_and_lists_every_later_sentence_whole(ex: SpacyExtractor) -> None:
    text = long_answer()
    full = ex.extract(text)
    got = ex.extract(text, budget=10)
    spans = split_sentences(text)
    # parsed up to the sentence whose claims passed the budget, as without one
    k = next(i for i, (a, b) in enumerate(zip(got, full)) if a.model_dump() != b.model_dump())
    parsed, tail = got[:k], got[k:]
    assert sum(not c.trivial for c in parsed) > 10
    assert sum(not c.trivial for c in parsed if c.sentence < parsed[-1].sentence) <= 10
    checked_full = [c for c in full if not c.trivial][:10]
    assert _dump([c for c in got if not c.trivial][:10]) == _dump(checked_full)
    # the tail: one claim per remaining sentence, with its exact offsets, none left out
    first = next(j for j, s in enumerate(spans) if s.start >= parsed[-1].end)
    assert [(c.start, c.end) for c in tail] == [(s.start, s.end) for s in spans[first:]]
    assert all(c.text == c.focus == text[c.start:c.end] for c in tail)
    assert [c.id for c in got] == [f"c{i + 1}" for i in range(len(got))]
    after = parsed[-1].sentence + 1
    assert [c.sentence for c in tail] == list(range(after, after + len(tail)))
    assert {c.type for c in tail if c.text == "Thanks for asking!" or c.text.endswith("?")} == {"trivial"}
    assert all(c.trivial == (c.type == "trivial") for c in tail)
    assert {c.type for c in tail if not c.trivial} == {"numeric", "attribute"}
    assert tail[-1].text == _LAST


def test_the_sentences_past_the_budget_are_never_parsed(
        ex: SpacyExtractor, monkeypatch: pytest.MonkeyPatch) -> None:
    text = long_answer()
    parsed: list[str] = []
    sent: list[str] = []
    parse, start = ex._parse, ex.entities.start

    def record_parse(t: str, starts: list[int] | None = None) -> Any:
        parsed.append(t)
        return parse(t, starts)

    def record_start(t: str) -> Any:
        sent.append(t)
        return start(t)

    monkeypatch.setattr(ex, "_parse", record_parse)
    monkeypatch.setattr(ex.entities, "start", record_start)
    ex.extract(text, budget=10)
    assert parsed == sent  # the entity recogniser (or its helper) reads what is parsed, no more
    assert sum(len(t) for t in parsed) < len(text) / 4
    assert not any(_LAST in t for t in parsed)
    parsed.clear()
    ex.extract(text)  # no budget: every sentence, in blocks with some context around
    assert len(parsed) > 1 and max(len(t) for t in parsed) < len(text) / 2
    assert any(_LAST in t for t in parsed)


def test_an_answer_of_one_block_is_parsed_whole_whatever_the_budget(ex: SpacyExtractor) -> None:
    text = long_answer(30)
    assert _dump(ex.extract(text, budget=3)) == _dump(ex.extract(text))
