from __future__ import annotations

from toulmin.checks.claim import refutes
from toulmin.checks.speakers import check_speaker, said_by, speaker_named

TURNS = said_by([
    ("Person1", "Hey, Betsy, you are late again."),
    ("Person2", "I got stuck in traffic near the Carrefour intersection."),
    ("Person1", "Maybe you should start taking the public transport system to work."),
    ("Person2", "I think I'll have to consider it."),
])
NAMES = {"Person2": "Betsy"}


def test_words_in_the_other_speakers_mouth_are_a_mismatch() -> None:
    claim = "Person1 got stuck in traffic near the Carrefour intersection."
    f = check_speaker(claim, "Person1", TURNS, NAMES)
    assert f is not None and f.kind == "speaker" and f.status == "mismatch" and refutes(f)
    assert "Person2 (Betsy) says this, not Person1" in f.note


def test_the_right_speaker_and_a_name_for_them_pass() -> None:
    assert check_speaker("Person2 got stuck in traffic near the Carrefour intersection.", "Person2",
                         TURNS, NAMES) is None
    assert check_speaker("Betsy got stuck in traffic near the Carrefour intersection.", "Betsy",
                         TURNS, NAMES) is None


def test_reactions_questions_and_groups_do_not_fire() -> None:
    # a reaction's words are the other speaker's by nature
    assert check_speaker("Person1 learns about the traffic near the Carrefour intersection.", "Person1",
                         TURNS, NAMES) is None
    # words said *to* the other ("you should start taking ...") are about them
    assert check_speaker("Person2 should start taking the public transport system to work.", "Person2",
                         TURNS, NAMES) is None
    assert check_speaker("Person1 and Person2 got stuck in traffic near Carrefour.", "Person1 and Person2",
                         TURNS, NAMES) is None


def test_a_subject_names_one_speaker_or_none() -> None:
    speakers = ["Person1", "Person2"]
    assert speaker_named("Person1", speakers, NAMES) == "Person1"
    assert speaker_named("Ms. Betsy", speakers, NAMES) == "Person2"
    assert speaker_named("The waiter", speakers, NAMES) is None
