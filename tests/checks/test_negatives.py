from __future__ import annotations

from toulmin.checks.negatives import drop_negation, negated_alike_by, negations
from toulmin.checks.speakers import said_by

# written for the tests: Person2 denies two things, Person1 denies one to Person2
TURNS = [
    ("Person1", "I'm going on my annual vacation next week."),
    ("Person2", "I really envy you. You know I'm not taking my vacation until December."),
    ("Person1", "And you don't seem to be as cheerful as you used to be."),
    ("Person2", "I can play drums, but I haven't played for a while. Do you not like drums?"),
    ("Person1", "I don't want this aluminum handle."),
]
SAID = said_by(TURNS)
SPEAKERS = ("Person1", "Person2")
PASSAGE = " ".join(f"{who}: {text}" for who, text in TURNS)


def _alike(claim: str, subject: str, names: dict[str, str] | None = None) -> list[str]:
    return negated_alike_by(claim, subject, SAID, SPEAKERS, names or {}, PASSAGE)


def test_a_negation_is_read_as_what_it_negates_and_who_says_it() -> None:
    (frame, who), = negations("You know I'm not taking my vacation until December.")
    assert frame == ("tak", frozenset({"vacat", "decem"})) and who == "i'm"
    # a light verb is read with its object; the claim's clause ends at "because"
    assert negations("Person1 does not want a pan.", claim=True)[0][0] == ("want pan", frozenset())
    cheerful = negations("Ethan is not cheerful because his boss shouts", claim=True)
    assert cheerful[0][0] == ("cheer", frozenset())
    assert negations("Believe it or not, it works.") == []


def test_the_same_thing_negated_by_its_speaker_or_to_them_is_found() -> None:
    assert _alike("Person2 cannot take it until December.", "Person2") == [
        "You know I'm not taking my vacation until December."]
    # said to Person2 as "you"; the one called Ethan is Person2
    assert _alike("Ethan is not cheerful because his boss shouts.", "Ethan", {"Person2": "Ethan"}) == [
        "And you don't seem to be as cheerful as you used to be."]
    # not about a speaker: any turn
    assert _alike("The trip is not taking place until December.", "The trip")


def test_another_speakers_denial_or_another_thing_denied_is_not() -> None:
    assert _alike("Person1 cannot take it until December.", "Person1") == []  # Person2's words
    assert _alike("Person2 cannot play drums.", "Person2") == []  # "haven't played for a while"
    assert _alike("Person1 does not want a pan.", "Person1") == []  # a handle, not a pan
    assert _alike("Person2 does not like drums.", "Person2") == []  # a question states nothing
    # every negation of the claim needs its own: the second is not said
    assert _alike("Person2 cannot take it until December and is not hungry.", "Person2") == []


def test_negations_are_dropped_on_both_sides_alike() -> None:
    assert drop_negation("Person2 cannot take it until December.") == "Person2 can take it until December."
    assert drop_negation("I won't go any lower, I can't and I don't.") == (
        "I will go any lower, I can and I do.")
    assert drop_negation("He is not here, never was, believe it or not.") == (
        "He is here, was, believe it or not.")


def test_hardly_negates_what_it_bears_on() -> None:
    said = said_by([("Person1", "I can hardly stand these wet and cold days."),
                    ("Person2", "I'm used to it.")])
    passage = "Person1: I can hardly stand these wet and cold days. Person2: I'm used to it."
    assert negations("I can hardly stand these wet and cold days.")[0] == (
        ("stand", frozenset({"wet", "cold", "day"})), "i")
    assert negated_alike_by("Person1 cannot stand wet days.", "Person1", said, SPEAKERS, {}, passage) == [
        "I can hardly stand these wet and cold days."]
    assert negated_alike_by("Person2 cannot stand wet days.", "Person2", said, SPEAKERS, {}, passage) == []
    assert drop_negation("I can hardly stand it, and scarcely sleep.") == "I can stand it, and sleep."


def test_a_denied_opinion_is_read_on_the_clause_it_governs() -> None:
    # "I don't think they can be compared" says they cannot be (negation raising)
    turns = [("Person1", "Is there a sport women are better at?"),
             ("Person2", "Women and men are different. I don't think they can be compared."),
             ("Person1", "I don't think so.")]
    passage = " ".join(f"{who}: {text}" for who, text in turns)
    (frame, who), = negations("I don't think they can be compared.")
    assert frame == ("compa", frozenset()) and who == "i"
    assert negations("I don't think so.")[0][0] == ("think", frozenset())  # nothing governed: the verb

    def alike(claim: str, subject: str) -> list[str]:
        return negated_alike_by(claim, subject, said_by(turns), SPEAKERS, {}, passage)

    assert alike("Person2 thinks men and women could not be compared.", "Person2") == [
        "I don't think they can be compared."]
    assert alike("Person1 thinks men and women could not be compared.", "Person1") == []
    assert alike("Person2 thinks men and women could not be measured.", "Person2") == []


def test_a_tag_question_denies_what_its_clause_denies() -> None:
    turns = [("Person1", "Well, it's not as crowded as we expected, is it?"),
             ("Person2", "Isn't it crowded?")]
    passage = " ".join(f"{who}: {text}" for who, text in turns)
    found = negated_alike_by("The train is not crowded.", "The train", said_by(turns), SPEAKERS, {}, passage)
    assert found == ["Well, it's not as crowded as we expected, is it?"]  # the turn as said
