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


ASKED = said_by([
    ("Person1", "Hi Betsy, you look tired."),
    ("Person2", "I am. I have had a bad cough lately."),
    ("Person1", "You should really quit smoking, for your health and your sleep."),
    ("Person2", "How do nicotine patches and gums work?"),
    ("Person1", "They release small doses slowly."),
])


def test_what_one_speaker_asks_of_the_other_is_read_from_the_words_only_they_say() -> None:
    # the request is said to "you": the old reading skipped it as words about the other
    assert check_speaker("Person1 asks Person2 to quit smoking for health and better sleep.", "Person1",
                         ASKED, NAMES) is None
    f = check_speaker("Person2 asks Person1 to quit smoking for health and better sleep.", "Person2",
                      ASKED, NAMES)
    assert f is not None and f.status == "mismatch" and refutes(f)
    assert f.note == ("in the source Person1 says this, not Person2: "
                      "“You should really quit smoking, for your health and your sleep.”")


def test_the_other_speakers_question_and_a_second_clause_about_them_do_not_count() -> None:
    # Person2's question carries the words of the answer it asks for
    assert check_speaker("Person1 explains how nicotine patches and gums work.", "Person1",
                         ASKED, NAMES) is None
    # "... and Person1 ...": the claim's second half is about the other speaker
    assert check_speaker("Person2 tells Person1 about a cough and Person1 wants Person2 to quit smoking "
                         "for health and sleep.", "Person2", ASKED, NAMES) is None
    # the one helped says what they need: "helps" is not a thing said to the other
    assert check_speaker("Person2 helps Person1 to quit smoking for health and sleep.", "Person2",
                         ASKED, NAMES) is None


def test_who_tells_the_way_is_not_read_from_whose_words_they_are() -> None:
    # the one told says what they look for in their own words; roles.py reads who asked
    said = said_by([
        ("Person1", "Excuse me, I'm looking for a grocery store near the station."),
        ("Person2", "Go down this road and turn right at the lights."),
    ])
    claim = "Person2 tells Person1 the location of a grocery store near the station."
    assert check_speaker(claim, "Person2", said, {}) is None
    # a plain statement of the other's words still fires
    assert check_speaker("Person2 is looking for a grocery store near the station.", "Person2", said,
                         {}) is not None


def test_who_asks_a_question_is_not_read_from_whose_words_answer_it() -> None:
    said = said_by([
        ("Person1", "We need to take the accounts system offline to carry out the upgrade."),
        ("Person2", "How long will the system be down for?"),
        ("Person1", "We'll be taking everything offline in about two hours' time."),
    ])
    assert check_speaker("Person2 asks about the offline time of the accounts system.", "Person2", said,
                         {}) is None


def test_a_greeting_is_no_statement_to_put_in_another_mouth() -> None:
    said = said_by([
        ("Person1", "Good afternoon, Dr. Anderson's office."),
        ("Person2", "Hello, my name is John Keat, and I have a bad earache."),
    ])
    names = {"Person2": "John Keat"}
    assert check_speaker("John Keat comes to Dr. Anderson's office.", "John Keat", said, names) is None
    # a greeting that goes on to say something is a statement
    f = check_speaker("Person1 has a bad earache and a name.", "Person1", said, {})
    assert f is not None and "John Keat" in f.note


def test_a_reply_that_assents_takes_the_statement_it_answers_for_its_own() -> None:
    # written for the test, after a DialogSum dev dialogue: Kate recommends the show Person1 names
    tv = said_by([
        ("Person1", "Yes. Oh, it's a talk show."),
        ("Person2", "Yeah, it's very funny. Have you ever watched it before?"),
        ("Person1", "No, I haven't."),
        ("Person2", "I'm sure you will like it."),
    ])
    names = {"Person2": "Kate"}
    assert check_speaker("Kate recommends a talk show to Person1.", "Kate", tv, names) is None
    # without the assent the words are Person1's alone
    cut = [s for s in tv if not s[1].startswith("Yeah")]
    found = check_speaker("Kate recommends a talk show to Person1.", "Kate", cut, names)
    assert found is not None and found.status == "mismatch" and found.source == "Person1"
    # "Yeah?" asks; it takes nothing for its own
    asked = said_by([
        ("Person1", "Now that it's the new year, I've decided to turn over a new leaf."),
        ("Person2", "Yeah? You finally decided to wipe the slate clean?"),
        ("Person1", "I've decided to stop smoking in the new year."),
        ("Person2", "It's about time!"),
    ])
    found = check_speaker("Person2 decides to stop smoking in the new year.", "Person2", asked, {})
    assert found is not None and found.source == "Person1"


BEDTIME = said_by([
    ("Person1", "Steven, it's ten o'clock. I'm going to bed now, I am really tired."),
    ("Person2", "I've got to stay up and go over the household budget for next month."),
    ("Person1", "Don't stay up too late, it is not good for your health."),
])


def test_only_the_subjects_own_clause_is_read_when_the_claim_goes_on_about_the_other() -> None:
    names = {"Person2": "Steven"}
    claim = "Person1 goes to bed first while Steven plans to stay up to go over the household budget."
    assert check_speaker(claim, "Person1", BEDTIME, names) is None
    # the subject's own clause in the other's mouth still fires
    swapped = "Person2 goes to bed now because Person2 is really tired, and Person1 goes over the budget."
    f = check_speaker(swapped, "Person2", BEDTIME, names)
    assert f is not None and f.status == "mismatch" and "Person1 says this, not Person2" in f.note


def test_telling_how_and_asking_how_to_are_read_by_the_roles() -> None:
    from toulmin.checks.speakers import asks_a_question, tells_how

    post = said_by([
        ("Person1", "I want to send this package by first-class mail to my sister."),
        ("Person2", "Put it on the scale, then fill in this form and pay at the window."),
    ])
    claim = "Person2 instructs Person1 on how to send a package by first-class mail."
    assert tells_how("instructs Person1 on how to send a package by mail.")
    assert check_speaker(claim, "Person2", post, {}) is None
    # "how to" asks a question; "to" with a verb alone asks the other to do something
    assert asks_a_question("asks Alice how to use washing machines and dryers.")
    assert not asks_a_question("asks Alice to use the washing machines.")


def test_only_what_a_speaker_says_of_themselves_is_put_in_another_mouth() -> None:
    said = said_by([
        ("Person1", "Do we have time for lunch before the talks?"),
        ("Person2", "The conference does not open until noon, so there is time."),
        ("Person1", "Great. What can I eat?"),
        ("Person2", "Just make yourself a peanut butter and jelly sandwich."),
    ])
    # facts of the world and words said to the other are no speaker's own
    assert check_speaker("Person1 attends the conference when it opens at noon.", "Person1", said, {}) is None
    sandwich = "Person1 might make a peanut butter and jelly sandwich."
    assert check_speaker(sandwich, "Person1", said, {}) is None
    # what Person2 says of themselves still is theirs
    mine = said_by([("Person1", "Do we have time for lunch?"),
                    ("Person2", "I will make a peanut butter and jelly sandwich for my lunch.")])
    f = check_speaker("Person1 will make a peanut butter and jelly sandwich for lunch.", "Person1", mine, {})
    assert f is not None and f.status == "mismatch"
