"""Rank: "the most prescribed" is not backed by "the second most prescribed", nor "the
largest" by "one of the largest", "among the largest", "the third-largest" or "arguably the
largest". An entailment model reads the
same words in both and calls it support; the rank is one word it barely weighs.

A superlative counts when a determiner, a possessive or a rank word stands before it
("the most", "its largest", "Europe's busiest", "second-highest"), so the quantifier in
"most people" is not one. The source's superlative must be the same one (same adjective,
or "most"/"least" with the same word after it, adverbs skipped: "most commonly
prescribed" is "most prescribed"), in a sentence that holds half of the claim's other
content words.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..lexicon import CHECK_STOP
from .finding import Finding

__all__ = ["check_rank"]

_ORDINALS = {w: i for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth".split(), start=1)}
_ORD = r"(?:" + "|".join(_ORDINALS) + r"|\d{1,2}(?:st|nd|rd|th))"
# words ending in -est that are no superlative
_NOT_SUPER = frozenset(
    "interest forest honest modest harvest request suggest protest contest test west rest nest chest "
    "guest quest arrest invest digest manifest priest conquest earnest attest detest infest molest pest "
    "vest zest crest jest lest inquest bequest behest tempest midwest southwest northwest everest "
    "budapest bucharest celeste arbitrest anapest alkahest congest ingest divest".split()
)
_SUPER = re.compile(
    r"(?P<lead>\b(?:(?:(?:one|some) of|among) (?:the|its|their|his|her|our)|the|its|their|his|her|our)\s+"
    r"|['’]s\s+)"
    r"(?:(?P<hedge>disputed|arguable|possible|probable|putative|presumed|purported|alleged|reputed|likely)\s+)?"
    r"(?:(?P<ord>" + _ORD + r")[\s-]+)?"
    r"(?P<sup>most|least|best|worst|[a-z]{2,}est)\b"
    r"(?P<after>(?:\s+[a-z]+ly)*\s+(?P<head>[a-z][a-z-]+))?",
    re.I,
)
# "arguably the longest", "thought to be the largest": the source does not say it flat out
_HEDGE_BEFORE = re.compile(
    r"\b(?:arguably|possibly|perhaps|probably|reportedly|allegedly|supposedly|likely|may be|might be|"
    r"could be|(?:considered|believed|thought|said|claimed|reported|estimated)(?: to be)?)\s+$", re.I)
_WORD = re.compile(r"[a-z0-9]+")
_STOP = CHECK_STOP | {"one", "most", "least"}
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


class _Rank(NamedTuple):
    key: str  # "most prescribed", "largest"
    place: int  # 1 for "the largest", 2 for "the second-largest"
    one_of: bool  # "one of the largest", "among the largest"
    text: str
    hedge: str  # "disputed", "arguably": the text does not state the rank flat out


def _ranks(text: str) -> list[_Rank]:
    out: list[_Rank] = []
    for m in _SUPER.finditer(text):
        sup = m.group("sup").lower()
        if sup in _NOT_SUPER or m.group("sup")[0].isupper():  # "The Best Exotic Marigold Hotel": a title
            continue
        if sup in ("most", "least"):
            head = (m.group("head") or "").lower()
            if not head or head in _STOP:
                continue
            key = f"{sup} {head}"
        else:
            key = sup
        o = (m.group("ord") or "").lower()
        place = _ORDINALS.get(o) or (int(o[:-2]) if o[:-2].isdigit() else 1)
        lead = m.group("lead").strip().lower()
        start = m.end("lead") if lead[-1] == "s" and lead[0] in "'’" else m.start("lead")  # "Europe's"
        group = lead.startswith(("one of", "some of", "among"))  # "among the most popular"
        before = _HEDGE_BEFORE.search(text, max(0, start - 30), start)
        hedge = (m.group("hedge") or (before.group(0).strip() if before else "")).lower()
        said = text[start : m.end()].strip()
        out.append(_Rank(key, place, group, said if m.group("hedge") or not hedge else f"{hedge} {said}",
                         hedge))
    return out


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _said(r: _Rank) -> str:
    # "Europe's busiest" reads as "the busiest"; "his second highest" and "arguably the
    # longest" stay as they are
    possessive = r.text.split()[0].lower() in ("its", "their", "his", "her", "our")
    hedged = bool(r.hedge) and r.text.lower().startswith(r.hedge)
    kept = ("the ", "one of", "some of", "among")
    return r.text if possessive or hedged or r.text.lower().startswith(kept) else f"the {r.text}"


def check_rank(claim: str, evidence: str) -> list[Finding]:
    """``ok`` when a passage sentence gives the claim's superlative the same rank,
    ``mismatch`` when it gives another ("second most" for "most"), ``imprecise`` when it
    only says "one of the"."""
    # "Question: which of the largest ...? Answer: ...": the question asserts nothing
    claimed = _ranks(claim.split("Answer:", 1)[-1])
    if not claimed:
        return []
    sup_words = {w for r in claimed for w in _WORD.findall(r.text.lower())}
    content = {_stem(w) for w in _WORD.findall(claim.split("Answer:", 1)[-1].lower())
               if w not in _STOP and w not in sup_words}
    out: list[Finding] = []
    for r in claimed:
        found: list[_Rank] = []
        for sent in _SENTENCE_END.split(evidence):
            same = [s for s in _ranks(sent) if s.key == r.key]
            words = {_stem(w) for w in _WORD.findall(sent.lower())}
            if same and (not content or len(content & words) * 2 >= len(content)):
                found += same
        if not found:
            continue
        if not r.hedge and all(s.hedge for s in found):  # "the disputed longest" backs no "the longest"
            s = found[0]
            out.append(Finding(kind="rank", status="imprecise", claim=r.text, source=s.text,
                               note=f"source only says {_said(s)}, not {_said(r)}"))
            continue
        # "one of the largest" is backed by "the third-largest" as well as by "one of the largest"
        exact = found if r.one_of else [s for s in found if s.place == r.place and not s.one_of]
        definite = [s for s in found if not s.one_of]
        if exact:
            out.append(Finding(kind="rank", status="ok", claim=r.text, source=exact[0].text,
                               note=f"source says {_said(exact[0])}"))
        elif definite:
            s = definite[0]
            out.append(Finding(kind="rank", status="mismatch", claim=r.text, source=s.text,
                               note=f"source says {_said(s)}, not {_said(r)}"))
        else:  # the source only says "one of the"
            s = found[0]
            out.append(Finding(kind="rank", status="imprecise", claim=r.text, source=s.text,
                               note=f"source says {_said(s)}, not {_said(r)}"))
    return out
