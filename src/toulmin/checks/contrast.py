"""Words that say the opposite of each other ("largest" / "smallest", "expensive" /
"inexpensive", "second" / "third"): the contrastive edits the training recipe makes,
and the one-word swap the antonym check reads in a near-identical source sentence.
Also the rungs of how often and how many ("rarely" < "sometimes" < "often" <
"usually" < "always"), so "always" read against "usually" is an overstatement.
"""

from __future__ import annotations

__all__ = ["ANTONYMS", "LADDERS", "on_scale", "opposite", "rung"]

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
# Read by the antonym check only. The training recipe's edits keep ANTONYMS as the released
# checkers were trained with it, so that ``toulmin train`` still rebuilds them.
_CHECK_ONLY = {"adults": "children", "adult": "child", "men": "women", "man": "woman",
               "boys": "girls", "boy": "girl", "summer": "winter", "wet": "dry"}
_CHECK_ONLY.update({v: k for k, v in list(_CHECK_ONLY.items())})

_ORDINALS = frozenset("first second third fourth fifth sixth seventh eighth ninth tenth".split())
_NEGATING_PREFIXES = ("un", "in", "im", "il", "ir", "non")
# a prefix that does not negate: "invaluable" is very valuable, "infamous" famous for ill
_NOT_OPPOSITES = frozenset(
    "valuable famous flammable habitable credible different formed ported tended dexed".split())


def opposite(a: str, b: str) -> bool:
    """Whether lower-case words ``a`` and ``b`` say opposite things: listed antonyms,
    a negating prefix on a word of six letters or more, or two different ordinals."""
    if ANTONYMS.get(a) == b or ANTONYMS.get(b) == a or _CHECK_ONLY.get(a) == b:
        return True
    if a in _ORDINALS and b in _ORDINALS:
        return a != b
    short, long_ = sorted((a, b), key=len)
    return (len(short) >= 6 and short not in _NOT_OPPOSITES
            and any(long_ == p + short for p in _NEGATING_PREFIXES))


# Rungs from weakest to strongest; words on one rung say about the same. "never" and
# "no" are left to the negation check, "always" / "never" to the antonym list.
LADDERS = (
    (("rarely", "seldom", "infrequently"), ("sometimes", "occasionally"),
     ("often", "frequently", "commonly"), ("usually", "generally", "mostly", "typically", "normally"),
     ("always", "invariably")),
    (("few",), ("some", "several"), ("many",), ("most",), ("all", "every")),
)
_RUNG = {w: (k, i) for k, ladder in enumerate(LADDERS) for i, rung_ in enumerate(ladder) for w in rung_}


def on_scale(word: str) -> bool:
    return word in _RUNG


def rung(a: str, b: str, across: bool = False) -> tuple[int, bool] | None:
    """How ``a`` stands to ``b`` on a ladder both are on: (steps up from ``b`` to ``a``,
    whether they fall on opposite ends: "rarely" and "often", "few" and "most"). None
    when they are not on one ladder. ``across``: also between the two ladders, whose
    rungs line up (rarely ~ few, usually ~ most, always ~ all): "all of them" against
    "mostly"."""
    ra, rb = _RUNG.get(a), _RUNG.get(b)
    if ra is None or rb is None or (ra[0] != rb[0] and not across):
        return None
    # the first rung against "often" / "many" or above: "rarely" is not "often"
    return ra[1] - rb[1], min(ra[1], rb[1]) == 0 and max(ra[1], rb[1]) >= 2
