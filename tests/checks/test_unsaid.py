from __future__ import annotations

from toulmin.checks.claim import name_index, refutes
from toulmin.checks.unsaid import never_said

CHAT = """#Person1#: Hi Betsy, shall we meet tomorrow for lunch?
#Person2#: Sure, Frank. Let's go to the noodle place on Friday instead."""


def _said(claim: str, lone: tuple[str, ...] = (), text: str = CHAT) -> list[tuple[str, str, str]]:
    return [(f.kind, f.status, f.claim) for f in never_said(claim, lone, [], text, name_index(text))]


def test_a_name_or_a_day_the_conversation_never_says_is_missing_never_refuted() -> None:
    assert _said("Person1 invites Harriet to lunch.", ("Harriet",)) == [("entity", "missing", "Harriet")]
    assert _said("Person1 invites Betsy to lunch tomorrow.", ("Betsy",)) == []
    got = never_said("They meet on Monday.", ["Monday"], [], CHAT, name_index(CHAT))
    # a day is read as a time, not as a name
    assert [(f.kind, f.status, f.claim) for f in got] == [("date", "missing", "monday")]
    assert got[0].note == "the conversation never says monday" and not refutes(got[0])
    assert _said("They go to the noodle place on Friday.", ("Friday",)) == []


def test_a_part_of_the_day_may_be_read_off_a_clock_or_said_another_way() -> None:
    late = "#Person1#: It's 11 p.m. already.\n#Person2#: I know, I'm almost done."
    assert _said("Person1 reminds Person2 it is late at night.", text=late) == []
    assert _said("Person1 says it is late at night.") == [("date", "missing", "night")]
    evening = "#Person1#: Are you free this evening?\n#Person2#: Yes, I am."
    assert _said("Person2 is free tonight.", text=evening) == []


def test_a_day_said_in_other_words_is_said() -> None:
    argued = "#Person1#: How's it going?\n#Person2#: Well, last night I had a big argument with Ann."
    assert _said("Mary argued with Ann yesterday.", text=argued) == []
    assert _said("Mary argued with Ann yesterday.") == [("date", "missing", "yesterday")]
    lunch = "#Person1#: Lunch this afternoon?\n#Person2#: Sure."
    assert _said("They meet for lunch today.", text=lunch) == []
    beach = "#Person1#: Beach on Sunday?\n#Person2#: OK."
    assert _said("They go to the beach at the weekend.", text=beach) == []
    assert _said("They go to the beach at the weekend.") == [("date", "missing", "weekend")]


def test_a_first_name_the_conversation_never_says_is_missing_beside_a_surname_it_does() -> None:
    chat = "#Person1#: Good morning, Mr. Taylor. What happened?\n#Person2#: I forgot the chips in the pan."
    got = never_said("Person1 asks Harriet Taylor about the fire.", [], ["Harriet Taylor"], chat,
                     name_index(chat))
    assert [(f.kind, f.status, f.claim) for f in got] == [("entity", "missing", "Harriet Taylor")]
    assert never_said("Person1 asks Mr. Taylor about the fire.", [], ["Mr. Taylor"], chat,
                      name_index(chat)) == []


def test_a_number_missing_from_the_passages_read_but_said_in_another_turn_is_not_missing() -> None:
    from toulmin.checks.numbers import check_numbers
    from toulmin.checks.unsaid import said_elsewhere

    chat = ("#Person1#: My mother-in-law just went into the hospital. We fly there tonight.\n"
            "#Person2#: I'm sorry.\n#Person1#: I need a babysitter. It might even be for two or three days.")
    claim = "Person1 needs a babysitter for three days because Person1 flies to see a relative."
    first = "#Person1#: My mother-in-law just went into the hospital. We fly there tonight."
    read = check_numbers(claim, first)
    assert [(f.kind, f.status) for f in read] == [("number", "missing")]
    assert said_elsewhere(read, claim, chat) == []
    # a figure the conversation never says stays missing
    other = "Person1 needs a babysitter for five days."
    unsaid = check_numbers(other, "I'm sorry.")
    assert said_elsewhere(unsaid, other, chat) == unsaid


def test_a_figure_said_roughly_in_a_conversation_is_said() -> None:
    from toulmin.checks.numbers import check_numbers
    from toulmin.checks.unsaid import said_elsewhere

    turn = "#Person2#: I've got about $ 50. I can only spare about $ 20."
    claim = "Person2 lends $20 to Person1."
    (rough,) = check_numbers(claim, turn)
    assert rough.status == "imprecise"  # as prose reads it
    (said,) = said_elsewhere([rough], claim, turn)
    assert (said.status, said.source) == ("ok", "$ 20")
    # a finer figure than the one said is not the same figure
    (finer,) = check_numbers("Person1 pays $32.42.", "#Person1#: That's $ 32.")
    assert said_elsewhere([finer], "Person1 pays $32.42.", "#Person1#: That's $ 32.") == [finer]


def test_a_count_of_the_speakers_is_said_by_the_transcript() -> None:
    from toulmin.checks.numbers import check_numbers
    from toulmin.checks.unsaid import said_elsewhere

    chat = ("#Person1#: Henry, meet Pete.\n#Person2#: Hi Pete.\n#Person3#: Nice to meet you.\n"
            "#Person1#: So we'll have dinner and then go down to the bar district.")
    for claim in ("The three decide to go have dinner and then to a bar district.",
                  "The three persons talk about their previous experiences."):
        missing = check_numbers(claim, "#Person3#: Nice to meet you.")
        assert [(f.kind, f.status) for f in missing] == [("number", "missing")]
        assert said_elsewhere(missing, claim, chat, speakers=3) == []
        # another count, or a count of what is no speaker, stays missing
        assert said_elsewhere(missing, claim, chat, speakers=2) == missing
    books = "Person1 buys the three books."
    missing = check_numbers(books, "#Person3#: Nice to meet you.")
    assert missing and said_elsewhere(missing, books, chat, speakers=3) == missing


def test_a_figure_is_said_however_its_spacing() -> None:
    from toulmin.checks.numbers import check_numbers
    from toulmin.checks.unsaid import said_elsewhere

    chat = "#Person1#: Can you book me on tomorrow's flight?\n#Person2#: Certainly, with a 50 % discount."
    # the finding quotes the answer's "50 %", the claim reads "50%"
    missing = check_numbers("Person2 books a flight with 50 % discount.", "#Person2#: Certainly.")
    assert [(f.kind, f.status, f.claim) for f in missing] == [("number", "missing", "50 %")]
    claim = "Person2 books a flight with 50% discount."
    assert said_elsewhere(missing, claim, chat) == []
    assert said_elsewhere(missing, claim, "#Person2#: Certainly.") == missing
