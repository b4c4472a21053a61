"""A claim that is a source sentence with one word swapped for its opposite
(``antonym.swap``: "second" against "third") or moved along a scale (``degree.scale``:
"always" against "usually").
"""

from __future__ import annotations

import re

from .contrast import on_scale, opposite, rung
from .finding import Finding
from .polarity import excepts
from .words import STOP, WORD, Sentence, best_sentence

__all__ = ["Close", "check_antonym", "check_degree", "closest"]


Close = tuple[set[str], frozenset[str], str]


def closest(claim: str, sentences: list[Sentence]) -> Close | None:
    """The claim's content words, those of the evidence sentence that says nearly the
    same (three quarters of the claim's words, and at least three of them) and that
    sentence, or None."""
    cw = {w for w in WORD.findall(claim.lower()) if w not in STOP}
    if len(cw) < 3:
        return None
    # "It is closed on Sundays" speaks of the library the passage named before it: the
    # claim's first content word counts as said when a sentence opens with a pronoun and
    # another sentence of the passage says it
    first = next((w for w in WORD.findall(claim.lower()) if w in cw), None)
    read = [(text, words | {first}) if first and first not in words and _PRONOUN_OPENS.match(text)
            and any(first in other for t, other in sentences if t != text) else (text, words)
            for text, words in sentences]
    best = best_sentence(cw, read)
    # three quarters of its words, or all but one ("The library is open on Sundays"
    # against "It is closed on Sundays": the antonym check needs the one it swaps)
    if best is None or (best[0] / len(cw) < 0.75 and best[0] < len(cw) - 1):
        return None
    return cw, best[1][1], best[1][0]


_PRONOUN_OPENS = re.compile(r"\s*(?:it|they|this|these|she|he)\b", re.I)


def check_antonym(close: Close) -> list[Finding]:
    """The claim is a sentence of the evidence with one word swapped for its opposite:
    "the full plate armour was expensive" against "... was very inexpensive to produce",
    "her second daughter" against "her third daughter". Every other content word of the
    claim must be in that sentence (``closest``)."""
    cw, sent_words, text = close
    if len(cw - sent_words) != 1:
        return []
    (said,) = cw - sent_words
    other = next((w for w in sorted(sent_words - cw) if opposite(said, w)), None)
    if other is None:
        return []
    # "closed on Christmas Day" against "open every day except Christmas Day": the
    # exception has the rule's opposite, so the swapped word agrees
    if excepts(text, cw):
        return []
    return [Finding(kind="antonym", status="mismatch", claim=said, source=other,
                    note=f"source says {other}, not {said}")]


_NO_DEGREE = frozenset(
    "them they he she him his her their we us you i me about around approximately roughly nearly "
    "almost estimated".split())


def check_degree(close: Close) -> list[Finding]:
    """The claim is a sentence of the evidence with words of a scale moved: "always"
    against "usually", "all of them" against "most of them" overstate it; "often" against
    "rarely" is the other end, a contradiction; "sometimes" against "usually" is weaker,
    and true. Every content word of the claim the sentence (``closest``) lacks must be a
    word of a scale."""
    cw, sent_words, _ = close
    # pronouns and rounding words change no degree: "all of them" against "mostly",
    # "about 107,500" against "an estimated 107,500"
    missing = cw - sent_words - _NO_DEGREE
    if not missing or not all(on_scale(w) for w in missing):
        return []
    out: list[Finding] = []
    used: set[str] = set()
    # a word of the same ladder answers first ("all" / "most", "always" / "usually");
    # the other ladder's rung only for a claim word left without one ("all" / "mostly")
    for across in (False, True):
        for said in sorted(missing - {f.claim for f in out}):
            for w in sorted(sent_words - cw - used):
                if (step := rung(said, w, across)) is None:
                    continue
                used.add(w)
                up, opposed = step
                if opposed:
                    out.append(Finding(kind="degree", status="mismatch", claim=said, source=w,
                                       note=f"source says {w}, not {said}"))
                elif up > 0:
                    out.append(Finding(kind="degree", status="imprecise", claim=said, source=w,
                                       note=f"source says {w}, not {said}: the claim overstates it"))
                else:
                    out.append(Finding(kind="degree", status="ok", claim=said, source=w,
                                       note=f"source says {w}"))
                break
    return [f for f in out if f.status != "ok"]
