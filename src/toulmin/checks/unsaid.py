"""What a summary of a conversation may not add: a name or a time the conversation never
says.

A conversation names the people in it and says when things happen in a few words
("tomorrow", "on Friday", "this evening"), and a faithful summary keeps them: in DialogSum's
human summaries a time word their dialogue never says is rare (2 of 500 dev summaries, 4 of
1,500 test ones), while a summary that moves an appointment or brings in someone new has one
(``benchmarks/dialogsum.py --edited``). Each is a ``missing`` finding: the claim is then not
backed by that conversation, never refuted by it. Prose is not read this way: there a
capitalised word the recogniser does not know is as often a title of a work, and a time word
is often said another way ("on 12 March").

The other way round, a figure a summary gathers from one turn is said: a number missing
from the passages that were read for the claim but stated somewhere in the conversation is
not missing (``said_elsewhere``), as a name said anywhere in it is not. And people say
figures roughly ("I can spare about $20"): a summary that gives the same figure without
"about" states what was said.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..lexicon import TITLES
from .finding import Finding
from .names import entity_findings, name_present, spelled
from .numbers import check_numbers, find_numbers

__all__ = ["never_said", "said_elsewhere"]

_WHEN = re.compile(
    r"\b(morning|afternoon|evening|night|tonight|today|tomorrow|yesterday|weekend|weekday|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday)s?\b", re.I)


# the capitalised words of a name ("Harriet", "Taylor"): what a parse glued to it is not
_CAPITAL = re.compile(r"\b[A-Z][a-z]+\b")
# Parts of the day a clock time says too ("at 11 p.m." for "late at night"), and the words
# said for one another.
_DAYTIME = frozenset({"morning", "afternoon", "evening", "night", "tonight"})
_SAME = {"tonight": ("night", "evening"), "night": ("tonight",), "evening": ("tonight",)}
# Days a conversation says in other words: "last night" was yesterday, "this morning" is today,
# and Saturday or Sunday is the weekend.
_SAID_AS = {
    "yesterday": re.compile(r"\blast (?:night|evening)\b", re.I),
    "today": re.compile(r"\b(?:this (?:morning|afternoon|evening)|tonight)\b", re.I),
    "weekend": re.compile(r"\b(?:saturday|sunday)s?\b", re.I),
}
_CLOCK = re.compile(r"\b\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\b|o'clock)|\b\d{1,2}:\d{2}\b|\bmidnight\b|\bnoon\b",
                    re.I)


def never_said(claim: str, lone_names: Sequence[str], people: Sequence[str], text: str,
               index: set[str]) -> list[Finding]:
    """Findings for the claim's names standing alone (``Claim.lone_names``), its people named
    in full (``Claim.people``) and its time words that the conversation ``text``, whose
    words are ``index`` (``checks.names.name_index``), never says. A person's surname alone
    names them in prose ("Strauss" for "Joseph Strauss"); in a conversation, where the
    summary can know a first name only from what was said, each word of it must be there."""
    unnamed = [n for n in lone_names if not _WHEN.fullmatch(n) and not name_present(n, index)]
    unnamed += [p for p in people if name_present(p, index) and not _said_in_full(p, index)]
    out = entity_findings(unnamed, set(unnamed))
    clock = None
    for when in dict.fromkeys(m.group(1).lower() for m in _WHEN.finditer(claim)):
        if any(w in index or f"{w}s" in index for w in (when, *_SAME.get(when, ()))):
            continue
        if when in _SAID_AS and _SAID_AS[when].search(text):
            continue
        if when in _DAYTIME:
            clock = _CLOCK.search(text) is not None if clock is None else clock
            if clock:
                continue
        out.append(Finding(kind="date", status="missing", claim=when,
                           note=f"the conversation never says {when}"))
    return out


def _said_in_full(person: str, index: set[str]) -> bool:
    """Whether each word of a name given in full is in the conversation (where
    :func:`name_present` would let the surname stand for it)."""
    words = [w.lower() for w in _CAPITAL.findall(person) if w.lower() not in TITLES]
    return len(words) < 2 or all(spelled(w, index) for w in words)


def said_elsewhere(findings: Sequence[Finding], claim: str, text: str, speakers: int = 0) -> list[Finding]:
    """``findings`` less each number found missing from the claim's passages that the
    conversation ``text`` states elsewhere (a summary gathers from every turn) or that
    counts its ``speakers`` ("The three decide to go to a bar" of a conversation of three:
    the transcript states how many speak), and with a figure said roughly ("about $ 20"
    for "$20") taken as said."""
    out = [_said_roughly(f) for f in findings]
    if not any(f.kind == "number" and f.status == "missing" for f in out):
        return out
    # "50 %" and "50%" are one figure: the finding may quote the answer's spacing, the check
    # the claim's
    stated = {_bare(f.claim) for f in check_numbers(claim, text) if f.status == "ok"}
    return [f for f in out if not (f.kind == "number" and f.status == "missing"
                                   and (_bare(f.claim) in stated
                                        or _counts_speakers(f.claim, claim, speakers)))]


def _bare(figure: str) -> str:
    return re.sub(r"\s+", "", figure)


# who a count of the speakers counts: "the three", "all three", "three persons", "both of them"
_PEOPLE_WORDS = r"(?:persons|people|speakers|friends|colleagues|men|women|guys|of them|of us)"


def _counts_speakers(figure: str, claim: str, speakers: int) -> bool:
    """Whether ``figure`` (a number found missing, as the check reads it: "three decide")
    counts the conversation's ``speakers`` in ``claim``: "the three" not followed by what
    else it counts ("the three books"), or "three persons"."""
    found = find_numbers(figure)
    if speakers < 2 or len(found) != 1 or found[0].value != speakers:
        return False
    word = re.escape(figure.split()[0])
    counted = rf"\b(?:the|all)\s+{word}\b(?!\s+(?!{_PEOPLE_WORDS}\b)[a-z]+s\b)|\b{word}\s+{_PEOPLE_WORDS}\b"
    return re.search(counted, claim, re.I) is not None


def _said_roughly(f: Finding) -> Finding:
    if f.kind != "number" or f.status != "imprecise" or not f.source:
        return f
    claimed, said = find_numbers(f.claim), find_numbers(f.source)
    if len(claimed) == len(said) == 1 and claimed[0].value == said[0].value:
        return f.model_copy(update={"status": "ok", "note": f"source states {f.source}, said roughly"})
    return f  # "$32.42" against "$32" is a finer figure than the one said, not the same
