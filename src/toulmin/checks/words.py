"""What the claim checks read a sentence as: its words, where a sentence ends, the
sentence of a passage closest to a claim, the names a text capitalises. Shared by the
checks of ``checks.names``, ``polarity``, ``scale``, ``agent`` and ``merged``.
"""

from __future__ import annotations

import re

from ..lexicon import CHECK_STOP

__all__ = ["CAPITALISED", "SENTENCE_END", "STOP", "WORD", "Sentence", "best_sentence", "names_in",
           "sentences"]

WORD = re.compile(r"[a-z0-9]+")
STOP = CHECK_STOP

# also "2020.The": sources pasted together without a space
SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[a-z0-9][.!?])(?=[A-Z][a-z])")

Sentence = tuple[str, frozenset[str]]  # an evidence sentence and its words


def sentences(evidence: str) -> list[Sentence]:
    return [(s, frozenset(WORD.findall(s.lower()))) for s in SENTENCE_END.split(evidence)]


def best_sentence(claim_words: set[str], sentences: list[Sentence]) -> tuple[int, Sentence] | None:
    """The evidence sentence holding most of the claim's words, and how many it holds."""
    best: tuple[int, Sentence] | None = None
    for sent in sentences:
        shared = len(claim_words & sent[1])
        if best is None or shared > best[0]:
            best = (shared, sent)
    return best


CAPITALISED = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][\w'’-]*")


def names_in(text: str) -> set[str]:
    """The lower-case words of ``text``'s capitalised words, its first word left out."""
    return {w for name in CAPITALISED.findall(text.strip()) for w in WORD.findall(name.lower())}
