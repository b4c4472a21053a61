"""A claim that is a source sentence with one word swapped for its opposite
(``antonym.swap``: "second" against "third") or moved along a scale (``degree.scale``:
"always" against "usually").
"""

from __future__ import annotations

from .contrast import on_scale, opposite, rung
from .finding import Finding
from .words import STOP, WORD, Sentence, best_sentence

__all__ = ["check_antonym", "check_degree", "closest"]


def closest(claim: str, sentences: list[Sentence]) -> tuple[set[str], frozenset[str]] | None:
    """The claim's content words and those of the evidence sentence that says nearly the
    same (three quarters of the claim's words, and at least three of them), or None."""
    cw = {w for w in WORD.findall(claim.lower()) if w not in STOP}
    best = best_sentence(cw, sentences) if len(cw) >= 3 else None
    if best is None or best[0] / len(cw) < 0.75:
        return None
    return cw, best[1][1]


def check_antonym(close: tuple[set[str], frozenset[str]]) -> list[Finding]:
    """The claim is a sentence of the evidence with one word swapped for its opposite:
    "the full plate armour was expensive" against "... was very inexpensive to produce",
    "her second daughter" against "her third daughter". Every other content word of the
    claim must be in that sentence (``closest``)."""
    cw, sent_words = close
    if len(cw - sent_words) != 1:
        return []
    (said,) = cw - sent_words
    other = next((w for w in sorted(sent_words - cw) if opposite(said, w)), None)
    if other is None:
        return []
    return [Finding(kind="antonym", status="mismatch", claim=said, source=other,
                    note=f"source says {other}, not {said}")]


_NO_DEGREE = frozenset(
    "them they he she him his her their we us you i me about around approximately roughly nearly "
    "almost estimated".split())


def check_degree(close: tuple[set[str], frozenset[str]]) -> list[Finding]:
    """The claim is a sentence of the evidence with words of a scale moved: "always"
    against "usually", "all of them" against "most of them" overstate it; "often" against
    "rarely" is the other end, a contradiction; "sometimes" against "usually" is weaker,
    and true. Every content word of the claim the sentence (``closest``) lacks must be a
    word of a scale."""
    cw, sent_words = close
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
