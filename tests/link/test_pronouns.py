from __future__ import annotations

from toulmin.extract.extractor import Claim
from toulmin.link.linker import HybridLinker
from toulmin.link.pronouns import link_in_sentence
from toulmin.sources import Source

CHAT = Source(id="chat", text="#Person1#: Mom, can I have a new bike?\n"
                              "#Person2#: I bought you a bike last year. No.")


def _claim(cid: str, text: str, sentence: int) -> Claim:
    return Claim(id=cid, text=text, start=0, end=len(text), focus=text, sentence=sentence, type="action")


def test_a_claim_opening_with_a_pronoun_is_linked_on_its_sentence_so_far() -> None:
    linker = HybridLinker(None, k=2)
    claims = [_claim("c1", "Person1 wants a new bike from Person2.", 0), _claim("c2", "She refuses.", 0)]
    cands = linker.link(claims, [CHAT])
    assert cands[0] and cands[1] == []  # alone it shares no word with the chat
    got = link_in_sentence(linker, claims, cands, [CHAT])
    assert got[0] == cands[0] and got[1] and all("bike" in c.text for c in got[1])
    # opening its sentence, it is linked on the sentence before
    after = [claims[0], _claim("c2", "She refuses.", 1)]
    assert link_in_sentence(linker, after, cands, [CHAT])[1]


def test_only_a_pronoun_claim_left_without_candidates_is_linked_again() -> None:
    linker = HybridLinker(None, k=2)
    claims = [_claim("c1", "Person1 wants a new bike from Person2.", 0), _claim("c2", "Jupiter refuses.", 0)]
    cands = linker.link(claims, [CHAT])
    assert link_in_sentence(linker, claims, cands, [CHAT])[1] == []
    # nothing before it to link on
    alone = [_claim("c1", "She refuses.", 0)]
    assert link_in_sentence(linker, alone, [[]], [CHAT]) == [[]]
