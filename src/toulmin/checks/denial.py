"""A source sentence that states the claim only to deny it.

"Rumours that the trial was led by Dr. Smith are false" holds every word of "The trial
was led by Dr. Smith", and an entailment model reading the quoted clause passes the
claim: a hostile document could get any claim accepted by quoting it (issue 31). Here
the clause a denial frame governs ("rumours that X are false", "it is not true that X",
"X is a myth", "contrary to reports that X", "denied that X") is read apart from the
frame; when it says the claim, with the claim's polarity, the source denies the claim.
A frame that confirms ("reports that X were confirmed", "it is true that X") is no
denial.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from ..lexicon import CHECK_STOP, NEGATION_RE, root
from ..text import split_sentences
from .finding import Finding

__all__ = ["check_denial", "content_roots", "denied_clauses", "negated"]

_REPORT = (r"(?:rumou?rs?|claims?|reports?|allegations?|suggestions?|speculation|assertions?|stories|"
           r"story|accounts?|accusations?|beliefs?|the (?:idea|notion|view|myth|impression)|myths?|"
           r"posts?|statements?)")
_FALSE = (r"(?:false|untrue|not true|not correct|incorrect|inaccurate|wrong|unfounded|baseless|groundless|"
          r"fabricated|fake|bogus|a myth|a hoax|a fabrication|fiction|misinformation|disinformation|"
          r"nonsense|without (?:any )?(?:basis|foundation|merit)|debunked|denied|refuted|dismissed|rejected|"
          r"disproved|disproven|discredited|misleading)")
_BE = r"(?:is|are|was|were|has been|have been|had been|proved|proven|turned out to be|remains?|remained)"
_ADV = (r"(?:(?:entirely|completely|totally|simply|wholly|utterly|flatly|also|all|both|now|since|"
        r"categorically)\s+)?")

# Each pattern captures the denied clause as ``x``.
_FRAMES = [
    # "Rumours that X are false", "Claims that X have been debunked", "The idea that X is a myth"
    re.compile(r"\b" + _REPORT + r"\s+(?:\w+\s+){0,2}?that\s+(?P<x>.+?),?\s+" + _BE + r"\s+" + _ADV + _FALSE
               + r"\b", re.I),
    # "It is not true that X", "It is false that X", "It is a myth that X"
    re.compile(r"\bit(?:\s+is|\s+was|'s|’s)\s+" + _ADV + r"(?:not true|false|untrue|not the case|a myth|"
               r"incorrect|wrong|a lie|not correct)\s+that\s+(?P<x>.+)", re.I),
    # "Contrary to reports that X, Y" ("despite reports that X" concedes X: no denial)
    re.compile(r"\bcontrary to\s+(?:\w+\s+){0,3}?" + _REPORT
               + r"\s+(?:\w+\s+){0,2}?that\s+(?P<x>[^,;]+)", re.I),
    # "The company denied that X", "She dismissed claims that X", "They refuted reports that X"
    re.compile(r"\b(?:den(?:y|ies|ied)|refut(?:e|es|ed)|dismiss(?:es|ed)?|reject(?:s|ed)?|debunk(?:s|ed)?|"
               r"disprov(?:e|es|ed)|dispel(?:s|led)?|discredit(?:s|ed)?)\s+"
               r"(?:(?:the|all|any|these|those|earlier|recent|false|persistent|online|media|widespread|"
               r"such)\s+)*(?:" + _REPORT + r"\s+(?:\w+\s+){0,2}?)?that\s+(?P<x>.+)",
               re.I),
    # "There is no truth to reports that X"
    re.compile(r"\bno truth (?:to|in)\s+(?:the\s+)?" + _REPORT + r"\s+(?:\w+\s+){0,2}?that\s+(?P<x>.+)",
               re.I),
]
# "That X is a myth.", "Smith leading the trial is a myth.": the sentence's predicate denies
_SENTENCE_FALSE = re.compile(r"^(?:that\s+)?(?P<x>.+?),?\s+" + _BE + r"\s+" + _ADV
                             + r"(?:a myth|a hoax|false|untrue|not true|a fabrication|fiction|fake news)"
                             r"\s*[.!]?\s*$", re.I)

_WORD = re.compile(r"[a-z0-9]+")
_NEG = NEGATION_RE
_STOP = CHECK_STOP


@lru_cache(maxsize=4096)  # a passage's sentences are read again for each claim checked against it
def content_roots(text: str, root_of: Callable[[str], str] = root) -> frozenset[str]:
    """The roots of ``text``'s content words: what a clause must share with a claim to say
    it (``root_of``: the lexicon's five letters, or ``inflected_root`` for a question)."""
    return frozenset(root_of(w) for w in _WORD.findall(text.lower()) if w not in _STOP)


def negated(text: str) -> bool:
    return bool(_NEG.search(text))


def denied_clauses(sentence: str) -> list[str]:
    """The clauses ``sentence`` denies, in the order its frames occur."""
    out = [m.group("x") for rx in _FRAMES for m in rx.finditer(sentence)]
    m = None if out else _SENTENCE_FALSE.match(sentence.strip())
    if m:  # only when no frame read the sentence ("Rumours that X are false" is X, not all of it)
        out.append(m.group("x"))
    return out


@lru_cache(maxsize=4096)  # a passage is read again for every claim checked against it
def _denied(sentence: str) -> tuple[str, ...]:
    return tuple(denied_clauses(sentence))


def check_denial(claim: str, evidence: str) -> list[Finding]:
    """A ``mismatch`` when a sentence of ``evidence`` denies a clause that says the claim:
    three quarters of the claim's content words (at least two) in that clause, and the
    same polarity ("reports that the trial was not led by Smith are false" affirms
    "The trial was led by Smith")."""
    roots = content_roots(claim)
    if len(roots) < 2:
        return []
    for sentence in (s.text for s in split_sentences(evidence)):  # "Dr. Smith" ends no sentence
        for clause in _denied(sentence):
            said = {root(w) for w in _WORD.findall(clause.lower())}
            if len(roots & said) / len(roots) < 0.75:
                continue
            if negated(clause) != negated(claim):
                continue
            quote = " ".join(sentence.split())
            return [Finding(kind="denial", status="mismatch", claim=claim, source=quote,
                            note=f"the source states this only to deny it: “{quote}”")]
    return []
