"""A claim left with a pronoun for its subject, linked on its sentence.

In a summary of a conversation the extractor resolves no pronoun after a speaker's tag
("Person1 wants a new bike from Person2, but she refuses": she may be either), so the claim
"She refuses." keeps its pronoun; it shares no word with the turns it sums up and came out
UNLINKED though they are plain (3 of 57 flagged faithful summaries of DialogSum test
dialogues 250-499). Such a claim is linked again on the claims of its sentence up to it (or,
opening a sentence, of the one before): the passages about what it answers. It is still
checked as it stands. Prose is not read this way: there the extractor resolves pronouns.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..extract.extractor import Claim
from ..sources import Source
from .linker import Candidate, Linker

__all__ = ["link_in_sentence"]

_LEADING = re.compile(r"(?:he|she|they|it|none|neither|both)\b", re.I)


def link_in_sentence(linker: Linker, claims: Sequence[Claim], cands: Sequence[list[Candidate]],
                     sources: Sequence[Source]) -> list[list[Candidate]]:
    """``cands`` (``linker``'s candidates for ``claims``) with each claim that opens with a
    pronoun and has none linked again on the text of the claims before it in its sentence."""
    out = list(cands)
    redo: list[int] = []
    queries: list[Claim] = []
    for i, c in enumerate(claims):
        if out[i] or not _LEADING.match(c.text):
            continue
        before = [x.text for x in claims[:i] if x.sentence == c.sentence]
        before = before or [x.text for x in claims[:i] if x.sentence == c.sentence - 1]
        if before:
            redo.append(i)
            queries.append(c.model_copy(update={"text": " ".join([*before, c.text])}))
    if queries:
        for i, got in zip(redo, linker.link(queries, sources)):
            out[i] = got
    return out
