from __future__ import annotations

import pytest

from toulmin.checks.agent import check_agent
from toulmin.checks.claim import refutes

BRIDGE = ("The bridge's colour, international orange, was chosen by consulting architect Irving Morrow; "
          "the US Navy had wanted it painted with black and yellow stripes. Google was founded by Larry "
          "Page and Sergey Brin in 1998. The 1992 film was directed by Mansoor Khan.")


@pytest.mark.parametrize(
    ("claim", "status", "note"),
    [
        ("The bridge's colour was chosen by the US Navy.", "mismatch",
         "source says by consulting architect Irving Morrow, not by the US Navy"),
        ("The colour international orange was chosen by Irving Morrow.", "ok",
         "source says by consulting architect Irving Morrow"),
        ("Google was founded by Larry Page.", "ok", "source says by Larry Page and Sergey Brin"),
        # the same surname is not the same person
        ("The 1992 film was directed by Aamir Khan.", "mismatch",
         "source says by Mansoor Khan, not by Aamir Khan"),
    ],
)
def test_the_agent_of_a_passive_verb_is_read(claim: str, status: str, note: str) -> None:
    (f,) = check_agent(claim, BRIDGE)
    assert (f.kind, f.status, f.note) == ("agent", status, note)
    assert refutes(f) == (status == "mismatch")


@pytest.mark.parametrize(
    "claim",
    [
        "The bridge's colour was chosen by heavy rain.",  # no name
        "The bridge's colour was chosen by New York City buses.",  # a thing a name qualifies
        "The bridge's colour was chosen by the father of Irving Morrow.",  # a description
        "The bridge was opened by the US Navy.",  # another verb
        "Google was founded by Sergey Brin and Jane Doe.",  # one agent backed: a split credit
        "The 1992 song was sung by Aamir Khan.",  # no sentence with this verb
    ],
)
def test_no_clash_no_finding(claim: str) -> None:
    assert [f for f in check_agent(claim, BRIDGE) if f.status == "mismatch"] == []
