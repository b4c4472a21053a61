"""Words that say the opposite of each other ("largest" / "smallest", "expensive" /
"inexpensive", "second" / "third"): the contrastive edits the training recipe makes,
and the one-word swap the antonym check reads in a near-identical source sentence.
"""

from __future__ import annotations

__all__ = ["ANTONYMS", "opposite"]

ANTONYMS = {
    "increase": "decrease", "increased": "decreased", "increases": "decreases",
    "rose": "fell", "higher": "lower", "more": "fewer", "larger": "smaller",
    "before": "after", "first": "last", "won": "lost", "older": "younger",
    "earlier": "later", "above": "below", "majority": "minority",
    "positive": "negative", "north": "south", "east": "west", "approved": "rejected",
    "accepted": "rejected", "open": "closed", "opened": "closed", "largest": "smallest",
    "highest": "lowest", "best": "worst", "male": "female", "born": "died",
    "supported": "opposed", "success": "failure", "successful": "unsuccessful",
    "agreed": "refused", "joined": "left", "start": "end", "started": "ended",
    "began": "ended", "win": "lose", "like": "dislike", "love": "hate", "always": "never",
    "can": "cannot", "allowed": "banned", "legal": "illegal", "public": "private",
    "domestic": "foreign", "rural": "urban", "minimum": "maximum", "profit": "loss",
}
ANTONYMS.update({v: k for k, v in list(ANTONYMS.items()) if v not in ANTONYMS})

_ORDINALS = frozenset("first second third fourth fifth sixth seventh eighth ninth tenth".split())
_NEGATING_PREFIXES = ("un", "in", "im", "il", "ir", "non")
# a prefix that does not negate: "invaluable" is very valuable, "infamous" famous for ill
_NOT_OPPOSITES = frozenset(
    "valuable famous flammable habitable credible different formed ported tended dexed".split())


def opposite(a: str, b: str) -> bool:
    """Whether lower-case words ``a`` and ``b`` say opposite things: listed antonyms,
    a negating prefix on a word of six letters or more, or two different ordinals."""
    if ANTONYMS.get(a) == b or ANTONYMS.get(b) == a:
        return True
    if a in _ORDINALS and b in _ORDINALS:
        return a != b
    short, long_ = sorted((a, b), key=len)
    return (len(short) >= 6 and short not in _NOT_OPPOSITES
            and any(long_ == p + short for p in _NEGATING_PREFIXES))
