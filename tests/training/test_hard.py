"""The hard negatives (toulmin.training.hard): each class edits a supported pair the way a
reader would refute it, with positive twins, from training parts only."""

import random

from tests.conftest import needs_data
from toulmin.datasets import SLICES, Pair
from toulmin.training import hard


def _p(doc: str, claim: str) -> Pair:
    return Pair("x", doc, claim, "entailment", "t")


def _all(maker: object, p: Pair, seeds: int = 40) -> list[tuple[str, str, str, str]]:
    out = []
    for s in range(seeds):
        out += maker(p, random.Random(s))  # type: ignore[operator]
    return out


def test_a_negated_source_refutes_and_the_claim_negated_too_is_backed() -> None:
    p = _p("The museum is open on Sundays . It has a cafe .", "The museum is open every Sunday .")
    made = _all(hard._negation, p)
    docs = {d for d, c, label, kind in made if kind == "negated_source"}
    assert docs and all(label == "contradiction" for _, _, label, k in made if k == "negated_source")
    # in other words than one "not": "never", "no longer", "it is false that"
    assert any("not" in d for d in docs)
    assert any("never" in d or "no longer" in d or "false" in d for d in docs)
    assert all(d.endswith("It has a cafe .") for d in docs)  # only the sentence that backs it
    both = [(d, c) for d, c, label, k in made if k == "both_negated"]
    assert both and all("not" in c for _, c in both)
    assert all(label == "entailment" for _, _, label, k in made if k == "both_negated")


def test_a_main_verb_is_negated_with_its_lemma() -> None:
    s = {hard._negate_sentence("Obama signed the bill in 2010 .", random.Random(k)) for k in range(30)}
    assert "Obama did not sign the bill in 2010." in s or "Obama never signed the bill in 2010." in s


def test_a_sentence_of_several_clauses_is_not_negated() -> None:
    # negating "is not an American think tank" leaves "nicknamed Heritage" standing
    p = _p("The Heritage Foundation , which was founded in 1973 , is an American think tank .",
           "Heritage was founded in 1973 .")
    assert _all(hard._negation, p) == []


def test_direction_words_swap_to_the_opposite_and_keep_their_sense_in_other_words() -> None:
    p = _p("Revenue rose 12 % in 2023 .", "Revenue rose by 12 % in 2023 .")
    made = _all(hard._direction, p)
    swapped = {c for _, c, label, k in made if k == "claim_swapped"}
    assert swapped <= {"Revenue fell by 12 % in 2023 .", "Revenue decreased by 12 % in 2023 .",
                       "Revenue declined by 12 % in 2023 .", "Revenue dropped by 12 % in 2023 .",
                       "Revenue went down by 12 % in 2023 ."} and swapped
    same = {c for _, c, label, k in made if k == "same_direction"}
    assert same and all(label == "entailment" for _, _, label, k in made if k == "same_direction")
    assert "Revenue increased by 12 % in 2023 ." in same
    # "over the years" is no direction; "over 12" is
    assert hard._direction_hits("He worked there over the years .") == []
    assert [m.group(1) for m in hard._direction_hits("It sold over 12 million copies .")] == ["over"]


def test_a_quantity_gets_another_unit_or_the_figure_of_another_thing() -> None:
    p = _p("On Eco it runs for 150 minutes ; on Max for 60 minutes .", "On Eco it runs for 150 minutes .")
    made = _all(hard._quantity, p)
    kinds = {k: c for _, c, _, k in made}
    assert kinds["other_figure"] == "On Eco it runs for 60 minutes ."
    assert kinds["wrong_unit"].startswith("On Eco it runs for 150 ") and "minutes" not in kinds["wrong_unit"]
    assert all(label == "contradiction" for _, _, label, k in made if k in ("other_figure", "wrong_unit"))
    # the same quantity in other words is backed
    q = _p("The warranty lasts 12 months .", "The warranty lasts 12 months .")
    made_q = {(c, label) for _, c, label, _ in _all(hard._quantity, q)}
    assert ("The warranty lasts one year .", "entailment") in made_q


def test_a_bound_is_never_given_another_unit() -> None:
    # "less than $26 million" is still true in billions: no such pair is made
    p = _p("The film had a $ 25 million budget and grossed $ 40 million .",
           "The budget was less than $ 26 million .")
    assert not [m for m in _all(hard._quantity, p) if m[3] in ("wrong_unit", "other_figure")]


def test_what_is_only_asked_or_called_a_myth_never_backs_the_claim() -> None:
    p = _p("Marie Curie was born in Warsaw . She studied in Paris .", "Marie Curie was born in Warsaw .")
    made = _all(hard._hedged, p, 80)
    by_kind: dict[str, set[tuple[str, str]]] = {}
    for d, _, label, k in made:
        by_kind.setdefault(k, set()).add((d.split(" She studied")[0], label))
    assert {label for _, label in by_kind["asked"]} == {"neutral"}
    assert ("Was Marie Curie born in Warsaw?", "neutral") in by_kind["asked"]
    assert {label for _, label in by_kind["called_false"]} == {"contradiction"}
    assert ("It is a myth that Marie Curie was born in Warsaw.", "contradiction") in by_kind["called_false"]
    assert {label for _, label in by_kind["affirmed"]} == {"entailment"}


def test_instructions_are_labelled_by_what_each_side_forbids_allows_or_requires() -> None:
    act = hard._action("The owner washed the filter with water .")
    assert act == "wash the filter with water"
    made = hard._instructions([act, "open the lid"], random.Random(3), reps=40)
    for _, _, label, kind in made:
        said, claimed = kind.split("_")
        assert label == hard._INSTRUCTION_LABEL[(said, claimed)]
    labels = {(k, label) for _, _, label, k in made}
    assert ("forbid_allow", "contradiction") in labels and ("allow_require", "neutral") in labels
    assert ("forbid_forbid", "entailment") in labels
    assert hard._action("She needs four more people .") is None  # a state, no thing one does


def test_hard_class_reads_the_source_tag() -> None:
    assert hard.hard_class("hard_negation_negated_source") == "negation"
    assert hard.hard_class("hard_instruction_forbid_allow") == "instruction"
    assert hard.hard_class("edit_negation") is None


def test_the_sources_are_training_and_development_parts_only() -> None:
    assert not set(hard.TRAIN_SOURCES) & set(SLICES)
    assert all(s.endswith("-train") or s == "fever" for s in hard.TRAIN_SOURCES)
    assert set(hard.DEV_SOURCES) <= {s for s in SLICES if s.endswith("-dev") and s != "wice-dev"}


@needs_data
def test_training_pairs_and_dev_slices_are_deterministic_and_balanced() -> None:
    a = hard.build_hard_pairs(200, seed=3)
    assert a == hard.build_hard_pairs(200, seed=3)
    assert {hard.hard_class(p.source) for p in a} == set(hard.CLASSES)
    assert len(a) <= 200 and all(p.id.startswith(("hard-", "hard")) or "-hard-" in p.id for p in a)
    dev = hard.dev_slices(40)
    assert set(dev) == {f"hard-{c}" for c in hard.CLASSES}
    for name, pairs in dev.items():
        sup = sum(p.supported for p in pairs)
        assert 0 < sup < len(pairs), name  # both sides, so balanced accuracy means something
    train_docs = {p.doc for p in a}
    assert not train_docs & {p.doc for ps in dev.values() for p in ps}
