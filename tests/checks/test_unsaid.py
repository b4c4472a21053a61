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


def test_a_first_name_the_conversation_never_says_is_missing_beside_a_surname_it_does() -> None:
    chat = "#Person1#: Good morning, Mr. Taylor. What happened?\n#Person2#: I forgot the chips in the pan."
    got = never_said("Person1 asks Harriet Taylor about the fire.", [], ["Harriet Taylor"], chat,
                     name_index(chat))
    assert [(f.kind, f.status, f.claim) for f in got] == [("entity", "missing", "Harriet Taylor")]
    assert never_said("Person1 asks Mr. Taylor about the fire.", [], ["Mr. Taylor"], chat,
                      name_index(chat)) == []
