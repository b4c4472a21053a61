import random

import pytest

from toulmin.training.edits import EDITS, apply_random_edit
from toulmin.training.recipe import select_chunk

DOC = "Maria Lopez founded Acme Corp in Madrid in 1998. Sales rose to 4,500 units in March."


@pytest.mark.parametrize(
    ("edit", "claim", "label", "must_change"),
    [
        ("year", "Acme was founded in 1998.", "contradiction", "1998"),
        ("number", "Sales rose to 4,500 units.", "contradiction", "4,500"),
        ("month", "Sales rose in March.", "contradiction", "March"),
        ("negation", "Acme was founded in Madrid.", "contradiction", "was founded"),
        ("antonym", "Sales rose to 4,500 units.", "contradiction", "rose"),
        ("entity", "The company Acme Corp was founded by Maria Lopez.", "contradiction", None),
        ("detail", "Acme was founded in Madrid.", "neutral", None),
        ("qualifier", "Some customers may return units.", "neutral", None),
    ],
)
def test_each_edit_changes_the_claim_and_labels_it(edit: str, claim: str, label: str,
                                                   must_change: str | None) -> None:
    res = EDITS[edit](claim, DOC, random.Random(0))
    assert res is not None
    new, got = res
    assert got == label and new != claim
    if must_change:
        assert must_change not in new or edit == "negation"
    if edit == "negation":
        assert "not" in new
    if edit == "detail":
        assert new.startswith("Acme was founded in Madrid") and len(new) > len(claim)


def test_edits_that_do_not_apply_return_none() -> None:
    rng = random.Random(0)
    assert EDITS["year"]("No years here.", DOC, rng) is None
    assert EDITS["month"]("No months here.", DOC, rng) is None
    assert EDITS["antonym"]("Xyz qrs.", DOC, rng) is None


def test_random_edit_is_deterministic_for_a_seed() -> None:
    a = apply_random_edit("Sales rose to 4,500 units in 1998.", DOC, random.Random(5))
    b = apply_random_edit("Sales rose to 4,500 units in 1998.", DOC, random.Random(5))
    assert a == b and a is not None


def test_select_chunk_keeps_the_sentences_that_cover_the_claim_in_order() -> None:
    doc = " ".join(f"Unrelated sentence {i} about nothing much at all." for i in range(60))
    doc += " The bridge opened in 1932. The bridge cost two million."
    chunk = select_chunk(doc, "The bridge opened in 1932 and cost two million.", max_words=40)
    assert "The bridge opened in 1932. The bridge cost two million." in chunk
    assert len(chunk.split()) <= 40
    short = "A short document."
    assert select_chunk(short, "anything") == short
