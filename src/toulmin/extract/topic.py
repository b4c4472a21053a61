"""What each claim is about: the words a passage must mention to be evidence for it.

The extractor gives each claim its subject and the proper nouns of that subject
("Riverside" for "The Riverside plant opened in 1998"). A claim whose subject names
nothing of its own ("The plant employs 300 people", "It produces steel pipes", read
"The plant produces ...") takes the topic of the nearest earlier claim whose subject
is the same or shares its head noun ("plant"): the answer's own coreference, the way a
reader follows it; a definite subject ("The writer") also takes the topic of the earlier
claim that mentions its head noun. A pronoun or a demonstrative with nothing named before
it in the answer ("It is a comedy.", "That movie ...") stands for what the conversation
it answers was last about: the names of the question, or of the latest turn naming
something in the chat among the sources ("What genre is The Station Agent?",
``reading.conversation``). A claim still without a topic (a generic subject, a lone "He"
with no question and no conversation) is not gated at all.

The linker then reads, per claim, only the sources that mention its topic (each word of
one of its entries, in their text or their title), when any source does: among a hundred retrieved chunks,
a passage on some other group's 1,000 employees is no evidence for or against the
plant's 300 (docs/benchmarks.md, "Precision among many sources").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..lexicon import GENERIC_NAME_WORDS, REFERRING_PRONOUNS
from .extractor import Claim

__all__ = ["assign_topics", "context_topic", "head_noun"]

_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_PRONOUNS = REFERRING_PRONOUNS  # lexicon
_DEMONSTRATIVES = ("this ", "that ", "these ", "those ")
# A run of capitalised words ("Treasure Island", "The Bourne Identity").
_CAPS = re.compile(r"[A-Z][\w'’-]*(?:[ \t]+(?:(?:of|and|the|de|la|le)[ \t]+)*[A-Z][\w'’-]*)*")
_SENTENCE_END = re.compile(r"[.!?…][\"'’”)]*\s*$")
_NOT_NAMES = frozenset({"i", "i'm", "i've", "i'll", "i'd", "the", "a", "an", "ok", "okay", "yes", "no"})


def head_noun(subject: str) -> str | None:
    """The last lower-case word of a subject ("plant" in "The Riverside plant")."""
    words = [w for w in _WORD.findall(subject) if w.islower() and len(w) > 2]
    return words[-1] if words else None


def assign_topics(claims: Sequence[Claim], context: Sequence[str] = ()) -> list[Claim]:
    """``context``: the names a pronoun with no antecedent in the answer stands for
    (``context_topic``)."""
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
            else:
                topic = _referent(claim, key, head, out, context)
        # "Corp" or "University" alone would let any company or university in
        topic = [w for w in topic if w.lower() not in GENERIC_NAME_WORDS] or topic
        out.append(claim if topic == claim.topic else claim.model_copy(update={"topic": topic}))
    return out


def _referent(claim: Claim, key: str, head: str | None, out: Sequence[Claim],
              context: Sequence[str]) -> list[str]:
    """The topic of a subject no earlier claim shares: that of the nearest earlier claim
    that mentions its head noun ("The writer ..." after "... about a writer and his
    family"); for a pronoun or a demonstrative ("It", "That movie") while the answer has
    named nothing, what the conversation was about (after that, a pronoun the extractor
    left unresolved may stand for anything the answer named)."""
    if head is not None and not key.startswith(_DEMONSTRATIVES):
        for earlier in reversed(out):
            if earlier.topic and head in _WORD.findall(earlier.text.lower()):
                return list(earlier.topic)
    named = any(e.topic and e.topic != list(context) for e in out)
    if (key in _PRONOUNS or key.startswith(_DEMONSTRATIVES)) and not named:
        return list(context)
    return []


def context_topic(question: str | None, turns: Sequence[str]) -> list[str]:
    """What the conversation an answer continues was last about: the capitalised names of
    the question or, when it names nothing, of the latest of ``turns``
    (``reading.conversation``) that names something. Empty when none does."""
    for turn in ([question] if question else []) + list(reversed(turns)):
        got = _names_in(turn)
        if got:
            return got
    return []


def _names_in(text: str) -> list[str]:
    """The capitalised runs of ``text`` ("We Bought A Zoo", "Treasure Island"), less a word
    that only opens a sentence or a leading article, and none made only of generic words:
    a passage mentions one when it has each of its words."""
    names: list[str] = []
    lead = len(text) - len(text.lstrip())
    for m in _CAPS.finditer(text):
        run = m.group(0).split()
        # only the few characters before it: a long turn is not read again for every name
        if m.start() <= lead or _SENTENCE_END.search(text[max(0, m.start() - 64) : m.start()]):
            run = run[1:]  # "Is Treasure Island ...": "Is" is capitalised as a sentence opens
        while run and run[0].lower() in _NOT_NAMES:  # "The Terminator", "No I have not"
            run = run[1:]
        if any(w.lower() not in GENERIC_NAME_WORDS and w.lower() not in _NOT_NAMES for w in run):
            names.append(" ".join(run))
    return list(dict.fromkeys(names))
