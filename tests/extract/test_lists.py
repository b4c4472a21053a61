from __future__ import annotations

import pytest

from toulmin.extract.extractor import SpacyExtractor


def test_a_list_of_three_or_more_is_one_claim_per_item(ex: SpacyExtractor) -> None:
    answer = ("The team is tasked with designing a remote control that is simple, easy to use, new, "
              "and not too expensive.")
    claims = ex.extract(answer)
    assert [c.text for c in claims] == [
        "The team is tasked with designing a remote control that is simple.",
        "The team is tasked with designing a remote control that is easy to use.",
        "The team is tasked with designing a remote control that is new.",
        "The team is tasked with designing a remote control that is not too expensive.",
    ]
    # each item's own words in the answer, so each verdict points at its item
    assert [answer[c.start : c.end] for c in claims] == ["simple", "easy to use", "new", "not too expensive"]
    assert {c.clause for c in claims} == {answer}


@pytest.mark.parametrize("answer", [
    "Ann, Bob and Cy met in 2020.",    # a subject list: one meeting, not three
    "She bought apples and pears.",    # two items: a pair, left whole
])
def test_subject_lists_and_pairs_stay_whole(ex: SpacyExtractor, answer: str) -> None:
    assert [c.text for c in ex.extract(answer)] == [answer]


def test_a_list_inside_a_name_stays_whole(ex: SpacyExtractor) -> None:
    answer = "Megadeth headlined with Lamb of God, Opeth, Arch Enemy and Overkill."
    assert [c.text for c in ex.extract(answer)] == [answer]


@pytest.mark.parametrize(("answer", "items"), [
    # the parse ties the items by apposition and one conj: the commas mark them out
    ("Person2 provides a qualification, a technical post title, an original certificate, and one of "
     "Person2's designs.",
     ["a qualification", "a technical post title", "an original certificate", "one of Person2's designs"]),
    # two objects of the verb and a conj; the first item taken up through "of"
    ("Person2 orders an apple crisp, a piece of chocolate mousse cake, and hot tea.",
     ["an apple crisp", "a piece of chocolate mousse cake", "hot tea"]),
    # the first item is the phrase that opens as the last one does, not "Person2's questions ..."
    ("Person1 answers Person2's questions about the debit card, the maximum amount in an overdraft, "
     "and the penalty for having an overdraft.",
     ["the debit card", "the maximum amount in an overdraft", "the penalty for having an overdraft"]),
    ("Person2 tells Person1 the news, including the massive forest fire in Australia, the starvation "
     "in Africa, an earthquake in Iran, and the help of the international community.",
     ["the massive forest fire in Australia", "the starvation in Africa", "an earthquake in Iran",
      "the help of the international community"]),
])
def test_a_list_the_parse_does_not_tie_is_split_at_its_commas(
    ex: SpacyExtractor, answer: str, items: list[str]
) -> None:
    claims = ex.extract(answer)
    assert [answer[c.start : c.end] for c in claims] == items
    assert len({c.item_of for c in claims}) == 1 and claims[0].item_of
    # each claim is the sentence cut down to its item
    for c, item in zip(claims, items):
        assert c.text.endswith(item + ".") and answer.startswith(c.text[: -len(item) - 2])


def test_an_apposition_stays_whole(ex: SpacyExtractor) -> None:
    # no comma before "and": a noun, its apposition and a conj, not a list of three
    answer = ("Arnold is currently the publisher and editorial director of Media Play News, one of five "
              "Hollywood trades and the only one dedicated to the home entertainment sector.")
    assert [c.text for c in ex.extract(answer)] == [answer]


def test_a_list_in_the_subject_stays_whole(ex: SpacyExtractor) -> None:
    # a list inside the subject stays whole, as a subject list does (parsed so after the
    # sentences before it: apposition-free, the items hang off "including" in the subject)
    last = ("All industries including catering, health care, and services experience positive growth, "
            "except for manufacturing which has neither job loss nor picking up.")
    answer = ("Person1 interviews Lisa Lynch about her opinion on the big leap in new jobs created last "
              "month. Lisa says the report is positive because it shows the job market's improvement "
              "after three lean years. " + last)
    claims = ex.extract(answer)
    assert [c.text for c in claims][-1] == last and not any(c.item_of for c in claims)
