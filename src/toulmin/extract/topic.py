"""What each claim is about: the words a passage must mention to be evidence for it.

The extractor gives each claim its subject and the proper nouns of that subject
("Riverside" for "The Riverside plant opened in 1998"). A claim whose subject names
nothing of its own ("The plant employs 300 people", "It produces steel pipes", read
"The plant produces ...") takes the topic of the nearest earlier claim whose subject
is the same or shares its head noun ("plant"): the answer's own coreference, the way a
reader follows it. A claim with no topic (a generic subject, a lone "He" with nothing
before it) is not gated at all.

The linker then reads, per claim, only the sources that mention one of its topic words
(in their text or their title), when any source does: among a hundred retrieved chunks,
a passage on some other group's 1,000 employees is no evidence for or against the
plant's 300 (docs/benchmarks.md, "Precision among many sources").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..checks.claim import GENERIC_NAME_WORDS
from .rules import Claim

__all__ = ["assign_topics", "head_noun"]

_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")


def head_noun(subject: str) -> str | None:
    """The last lower-case word of a subject ("plant" in "The Riverside plant")."""
    words = [w for w in _WORD.findall(subject) if w.islower() and len(w) > 2]
    return words[-1] if words else None


def assign_topics(claims: Sequence[Claim]) -> list[Claim]:
    out: list[Claim] = []
    for claim in claims:
        topic = list(claim.topic)
        if not topic and claim.subject and not claim.trivial:
            key = claim.subject.lower()
            head = head_noun(claim.subject)
            for earlier in reversed(out):
                if not earlier.topic:
                    continue
                if earlier.subject.lower() == key or (
                        head is not None and head in _WORD.findall(earlier.subject.lower())):
                    topic = list(earlier.topic)
                    break
        # "Corp" or "University" alone would let any company or university in
        topic = [w for w in topic if w.lower() not in GENERIC_NAME_WORDS] or topic
        out.append(claim if topic == claim.topic else claim.model_copy(update={"topic": topic}))
    return out
