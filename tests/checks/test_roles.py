from __future__ import annotations

from toulmin.checks.claim import refutes
from toulmin.checks.roles import check_role
from toulmin.checks.speakers import opening_speaker, said_by

# DialogSum-like turns (written for the tests): Person1 asks the way, Person2 answers
WAY = said_by([
    ("Person1", "Excuse me, could you tell me the way to the Rainbow Restaurant?"),
    ("Person2", "Sure. Go straight along this street and turn left at the second corner."),
    ("Person1", "Is it far from here?"),
    ("Person2", "No, it is only about five minutes on foot."),
])
SHOP = said_by([
    ("Person1", "Good morning, may I help you?"),
    ("Person2", "Yes, I'm looking for a camera for my daughter."),
    ("Person1", "How about this one? It is light and easy to use."),
    ("Person2", "How much is it?"),
    ("Person1", "It is 200 dollars. Would you like to try it?"),
    ("Person2", "OK, I'll take it."),
])
HOBBIES = said_by([
    ("Person1", "What do you like to do in your spare time?"),
    ("Person2", "I like dancing, chess and collecting stamps."),
    ("Person1", "That sounds busy. As for me, I enjoy gardening in the evening."),
    ("Person2", "Sounds pleasant."),
])
INTERVIEW = said_by([
    ("Person1", "Why do you want to work for us?"),
    ("Person2", "Your company has a good reputation in the field."),
    ("Person1", "What are your strengths?"),
    ("Person2", "I am patient and careful."),
    ("Person1", "When can you start?"),
    ("Person2", "Next Monday."),
])


def _fires(claim: str, subject: str, said: list, names: dict[str, str] | None = None) -> bool:
    f = check_role(claim, subject, said, names or {})
    assert f is None or (f.kind == "speaker" and f.status == "mismatch" and refutes(f))
    return f is not None


def test_who_asks_is_read_from_whose_question_holds_the_claims_words() -> None:
    assert not _fires("Person1 asks Person2 the way to the Rainbow Restaurant.", "Person1", WAY)
    f = check_role("Person2 asks Person1 the way to the Rainbow Restaurant.", "Person2", WAY, {})
    assert f is not None and f.source == "Person1"
    assert "Person1 asks this, not Person2" in f.note and "Rainbow Restaurant?" in f.note


def test_who_tells_the_way_is_the_one_who_did_not_ask_for_it() -> None:
    assert not _fires("Person2 tells Person1 the way to the Rainbow Restaurant.", "Person2", WAY)
    assert _fires("Person1 tells Person2 the way to the Rainbow Restaurant.", "Person1", WAY)
    # telling something no one asked about is not read
    assert not _fires("Person1 tells Person2 the Rainbow Restaurant news.", "Person1", WAY)


def test_the_one_who_serves_offers_help_and_the_one_served_says_what_they_need() -> None:
    assert not _fires("Person1 helps Person2 buy a camera.", "Person1", SHOP)
    assert not _fires("Person2 buys a camera with Person1's assistance.", "Person2", SHOP)
    assert _fires("Person2 helps Person1 buy a camera.", "Person2", SHOP)
    f = check_role("Person1 buys a camera with Person2's help.", "Person1", SHOP, {})
    assert f is not None and "Person1 serves and Person2 is served" in f.note


def test_what_a_speaker_likes_they_say_of_themself() -> None:
    assert not _fires("Person2 likes dancing, chess and collecting stamps.", "Person2", HOBBIES)
    assert not _fires("Person1 enjoys gardening in the evening.", "Person1", HOBBIES)
    assert _fires("Person1 likes chess and collecting stamps.", "Person1", HOBBIES)
    # words about the other are the other's: "from Person2, who ..." is not read
    assert not _fires("Person1 likes chess and stamps from Person2.", "Person1", HOBBIES)


def test_the_interviewer_asks_the_questions() -> None:
    assert not _fires("Person1 interviews Person2 about the job.", "Person1", INTERVIEW)
    assert _fires("Person2 interviews Person1 about the job.", "Person2", INTERVIEW)


def test_what_is_not_a_role_of_one_of_two_speakers_is_not_read() -> None:
    # a subject that only names a speaker, a second clause about the other, three speakers
    assert not _fires("Person2's mother asks Person1 the way to the Rainbow Restaurant.",
                      "Person2's mother", WAY)
    assert not _fires("Person2 asks Person1 the way and Person1 explains it.", "Person2", WAY)
    three = said_by([*[(w, t) for w, t, _ in WAY], ("Person3", "I know that restaurant, it is lovely.")])
    assert not _fires("Person2 asks Person1 the way to the Rainbow Restaurant.", "Person2", three)
    # names stand for labels
    assert _fires("Betsy asks Sam the way to the Rainbow Restaurant.", "Betsy", WAY,
                  {"Person1": "Sam", "Person2": "Betsy"})


def test_a_request_needs_more_of_the_others_words_than_a_question() -> None:
    # the other's question holds one word of the claim: enough for a question asked, not for
    # a request, whose words the other often repeats back ("Are you trying to make a call?")
    said = said_by([("Person1", "Can you wait outside the office?"), ("Person2", "Sure, no problem at all.")])
    assert _fires("Person2 asks Person1 about the wait.", "Person2", said)
    assert not _fires("Person2 asks Person1 to wait.", "Person2", said)
    # and what the other asks about the one requesting repeats the request: it asks nothing
    patrick = said_by([
        ("Person1", "Oh, Patrick. I can't get this phone to work. Can you help me?"),
        ("Person2", "Are you trying to make a call?"),
        ("Person1", "Yes, I just got it."),
    ])
    assert not _fires("Person1 asks Patrick to help make a call.", "Person1", patrick, {"Person2": "Patrick"})
    assert _fires("Person1 asks Patrick to help make a call.", "Person1",
                  said_by([*[(w, t) for w, t, _ in patrick], ("Person2", "Could you make a call for me?")]),
                  {"Person2": "Patrick"})


def test_a_claim_opening_with_a_speaker_is_about_them_when_the_parse_found_no_subject() -> None:
    speakers, names = ["Person1", "Person2"], {"Person2": "Betsy"}
    assert opening_speaker("Person2 interviews Person1 about hotels.", speakers, names) == "Person2"
    assert opening_speaker("Ms. Betsy interviews Person1.", speakers, names) == "Ms. Betsy"
    assert opening_speaker("Person1 and Person2 talk about hotels.", speakers, names) == ""
    assert opening_speaker("Person2's hand hurts.", speakers, names) == ""
    assert opening_speaker("The waiter serves Person1.", speakers, names) == ""
