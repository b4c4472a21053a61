"""Training pairs about conversations: what a summary says of a speaker, from chat logs."""

from collections import Counter
from typing import Any

import pytest

from tests.conftest import DATA
from toulmin.training import spoken
from toulmin.training.spoken import spoken_pairs, third_person


@pytest.mark.parametrize(("said", "claim", "negated"), [
    ("I like both of those.", "Frank likes both of those.", "Frank does not like both of those."),
    ("Yes, I really enjoy sci-fi movies!", "Frank really enjoys sci-fi movies.",
     "Frank really does not enjoy sci-fi movies."),
    ("I'm not a fan of hers.", "Frank is not a fan of hers.", "Frank is a fan of hers."),
    ("I think you would like it.", "Frank thinks Betsy would like it.",
     "Frank does not think Betsy would like it."),
    ("I'd like a copy of your book.", "Frank would like a copy of Betsy's book.",
     "Frank would not like a copy of Betsy's book."),
    ("I don't watch his films.", "Frank does not watch his films.", "Frank watches his films."),
    ("I can't stand the Yankees.", "Frank cannot stand the Yankees.", "Frank can stand the Yankees."),
    ("I have read my copy twice.", "Frank has read Frank's copy twice.",
     "Frank has not read Frank's copy twice."),
])
def test_a_first_person_sentence_is_said_of_its_speaker_and_negated(said: str, claim: str,
                                                                    negated: str) -> None:
    assert third_person(said, "Frank", "Betsy") == (claim, negated)


@pytest.mark.parametrize("said", [
    "We watched it together.",             # whose "we"?
    "Do I know him?",                      # a question states nothing
    "I saw it last year.",                 # a past tense: its negation needs the base form
    "I don't know anything about him.",    # its affirmative is not English
    "You are right about that movie.",     # not said in the first person
    "I do.",                               # too short to be a claim
    "I told myself to watch it.",
])
def test_a_sentence_that_cannot_be_rewritten_safely_is_left_out(said: str) -> None:
    assert third_person(said, "Frank", "Betsy") is None


def test_a_request_names_who_asks_whom() -> None:
    got = spoken._request("Could you recommend some books by my favourite author?", "Frank", "Betsy")
    assert got == "Frank asks Betsy to recommend some books by Frank's favourite author."
    assert spoken._request("Would you like another one?", "Frank", "Betsy") is None  # an offer asks nothing


@pytest.mark.skipif(not DATA.is_dir(), reason="public data ../shared/data not present")
def test_pairs_are_made_from_training_chats_only_and_read_as_the_runtime_reads(monkeypatch: Any) -> None:
    parts: list[str] = []
    real = spoken.halueval_rows

    def rows(task: str, part: str, *a: Any) -> Any:
        parts.append(f"{task}/{part}")
        return real(task, part, *a)

    monkeypatch.setattr(spoken, "halueval_rows", rows)
    pairs = spoken_pairs(600, seed=3)
    assert parts == ["dialogue/train"]
    assert len(pairs) == 600 and pairs == spoken_pairs(600, seed=3)  # deterministic
    assert Counter(p.label for p in pairs).keys() == {"entailment", "neutral", "contradiction"}
    for p in pairs:
        assert "[Human]" not in p.doc and "[Assistant]" not in p.doc  # a transcript's reading
        speaker = p.claim.split()[0]
        assert f"{speaker}:" in p.doc or f"({speaker}):" in p.doc or f"{speaker} (" in p.doc, p


@pytest.mark.skipif(not DATA.is_dir(), reason="public data ../shared/data not present")
def test_a_swapped_pair_says_of_the_other_speaker_what_one_said() -> None:
    made = spoken_pairs(2000, seed=3)
    pairs = {p.id: p for p in made}
    assert len(pairs) == len(made)  # ids are unique
    checked = 0
    for pid, p in pairs.items():
        if pid.endswith("-own") and pid.replace("-own", "-swap") in pairs:
            swapped = pairs[pid.replace("-own", "-swap")]
            assert swapped.label == "neutral" and p.label == "entailment"
            assert swapped.claim.split()[0] != p.claim.split()[0]
            checked += 1
    assert checked > 50
