"""The stretch of a long document that a training pair puts beside its claim.

Training pairs should look like what the runtime scores (a claim against a window of a
few hundred tokens): a long document is cut to the sentences that best cover the claim.
Shared by the recipes (``toulmin.training.recipe``), the hard negatives
(``toulmin.training.hard``) and the development pairs (``toulmin.training.train``).
"""

from __future__ import annotations

from typing import Any

from ..text import content_words, split_sentences

__all__ = ["CHUNK_WORDS", "chunk_indices", "select_chunk", "words"]

CHUNK_WORDS = 170
# The recipe's own, smaller stop list: changing it would change the training file.
_RECIPE_STOP = frozenset(
    "the a an of to in and or is was are were be been for on at by with as that this it its from".split()
)


def words(text: str) -> set[str]:
    return content_words(text, _RECIPE_STOP)


def select_chunk(doc: str, claim: str, max_words: int = CHUNK_WORDS) -> str:
    """The sentences of ``doc`` that best cover ``claim``, in document order."""
    if len(doc.split()) <= max_words:
        return doc
    sents = split_sentences(doc)
    return " ".join(sents[i].text for i in chunk_indices(sents, claim, max_words))


def chunk_indices(sents: list[Any], claim: str, max_words: int) -> list[int]:
    target = words(claim)
    scored = sorted(
        range(len(sents)),
        key=lambda i: (-len(target & words(sents[i].text)), i),
    )
    keep: list[int] = []
    n_words = 0
    for i in scored:
        n = len(sents[i].text.split())
        if n_words + n > max_words and keep:
            continue
        keep.append(i)
        n_words += n
        if n_words >= max_words * 0.8:
            break
    return sorted(keep)
