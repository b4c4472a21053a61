"""Merged facts: a figure the source states, attached to a name the source gives another
figure for. "Metformin was introduced in the United States in 1957" against "Metformin was
first introduced in France in 1957, and it was introduced in the United States in 1995":
the year is in the source and so is the country, each half alone is backed, but the source
pairs the country with 1995. The number and date checks read the whole passage and find
1957 there; this check reads it clause by clause.

It only fires when no clause that states the claim's figure mentions the name, and a clause
in the same sentence or the one next to it gives the name a different figure of the same
kind while saying the same thing (it shares the claim's other content words). A source that
just leaves the name out next to the figure ("Obama was elected in 2008. The United States
was founded in 1776.") is not a conflict.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from ..lexicon import root
from .dates import check_dates, find_dates, states_a_bound
from .finding import Finding
from .names import name_index, name_present
from .numbers import check_numbers, find_numbers
from .words import SENTENCE_END as _SENTENCE_END
from .words import STOP as _STOP
from .words import WORD as _WORD

__all__ = ["check_merged", "clause_names"]

# where a sentence starts a second statement: "..., and it was ...", "; ...", "..., while ..."
_CLAUSE_END = re.compile(
    r"\s*;\s+|,\s+(?=(?:and|but|while|whereas|although|though|yet)\s)|\s+(?=(?:while|whereas)\s)")
# a full stop inside a name ("U.S.") but not at its end: "to Qatar. New Mail ..." is two
_CAP_WORD = r"[A-Z](?:[\w'’-]|\.(?=\w))*"
_CAPS = re.compile(_CAP_WORD + r"(?:\s+(?:(?:of|and|for|the|de|du|von|van)\s+)*" + _CAP_WORD + r")*")
_LEAD = frozenset(
    "the a an in on at by for from to of and but or it its this that these those there he she they we "
    "his her their as after before during since until when while with without".split()
)
# An adjective of nationality says what kind of thing, not which one.
_DEMONYMS = frozenset(
    "american british english scottish welsh irish french german italian spanish portuguese dutch "
    "belgian swiss austrian swedish norwegian danish finnish polish russian ukrainian greek turkish "
    "chinese japanese korean indian pakistani australian canadian mexican brazilian argentine "
    "argentinian chilean african egyptian nigerian israeli iranian iraqi arab arabic european asian "
    "latin hispanic jewish christian muslim catholic protestant soviet roman western eastern "
    "northern southern".split()
)
_MONTHS = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday "
    "saturday sunday".split()
)


def clause_names(text: str) -> list[str]:
    """Capitalised runs of ``text`` that name something: a single word that opens the
    text, leading function words ("In", "The") and month names are left out, so "In March
    the Food and Drug Administration" gives ["Food and Drug Administration"]."""
    out: list[str] = []
    for m in _CAPS.finditer(text):
        words = m.group(0).rstrip(".").split()
        if not text[: m.start()].strip() and len(words) == 1:  # a sentence's first word may be any word
            words = []
        while words and (words[0].lower() in _LEAD or words[0].lower() in _MONTHS):
            words = words[1:]
        if len(words) == 1 and words[0].lower() in _DEMONYMS:  # "a famous American admiral"
            continue
        if words and not all(w.lower() in _STOP or w.lower() in _MONTHS for w in words):
            name = " ".join(words)
            if name not in out:
                out.append(name)
    return out


_BOUND = re.compile(
    r"(?:before|after|by|until|since|over|under|more than|less than|at least|at most)\b", re.I)
_DECADE = re.compile(r"\d0s\b")
_DIGIT = re.compile(r"\d")
_CONNECTIVE = re.compile(r"^(?:and|but|while|whereas|although|though|yet)\s+")


_PRONOUN = re.compile(r"\b(?:it|its|he|his|she|her|they|their|them|this|these)\b", re.I)
# "in France in 1957 and in the United States in 1995", "with 52%, ahead of Berg with 41%"
_LIST_CUT = re.compile(r",\s+|\s+(?:and|but)\s+")


class _Piece(NamedTuple):
    text: str  # what is quoted
    clause: str  # the clause it is part of: the statement it makes
    before: str  # the text a pronoun in it, or a subject it leaves out, may stand for
    sentence: int


def _pieces(evidence: str) -> list[_Piece]:
    """Clauses of the evidence, a clause that lists figures cut into one piece per figure."""
    out: list[_Piece] = []
    prev = ""
    for i, sent in enumerate(_SENTENCE_END.split(evidence)):
        before = prev
        for c in _CLAUSE_END.split(sent):
            if not c.strip():
                continue
            clause = _CONNECTIVE.sub("", c.strip())
            bits: list[str] = []
            pos = 0
            for m in _LIST_CUT.finditer(clause):
                bits.append(clause[pos : m.start()])
                pos = m.end()
            bits.append(clause[pos:])
            merged: list[str] = []
            for b in bits:  # a piece without a figure belongs to the one before it
                if merged and not (_DIGIT.search(b) and _DIGIT.search(merged[-1])):
                    merged[-1] += ", " + b
                else:
                    merged.append(b)
            inner = before
            for b in merged:
                out.append(_Piece(_CONNECTIVE.sub("", b.strip()), clause, inner, i))
                inner += " " + b
            before += " " + c
        prev = sent
    return out


def _figures(focus: str, clause: str) -> dict[tuple[str, str], Finding]:
    # a bound ("before 1887") is not a figure one statement gives and another does not
    found = check_numbers(focus, clause) + [f for f in check_dates(focus, clause) if not states_a_bound(f)]
    return {(f.kind, f.claim): f for f in found
            if f.status in ("ok", "mismatch") and not _BOUND.match(f.claim)}


class _Read(NamedTuple):
    text: str
    figs: dict[tuple[str, str], Finding]  # the claim's figures this piece states or contradicts
    present: set[str]  # the claim's names it speaks of, a pronoun's or a left-out subject's included
    own: set[str]  # the claim's names it spells out
    roots: set[str]  # the words of its clause
    sentence: int


def _read(piece: _Piece, focus: str, named: list[str]) -> _Read:
    figs = _figures(focus, piece.text)
    here = name_index(piece.text)
    own = {n for n in named if name_present(n, here)}
    present = set(own)
    if (_PRONOUN.search(piece.clause) or piece.text != piece.clause) and any(
            f.status == "ok" for f in figs.values()):
        # "Metformin ... in France in 1957, and it was introduced in the US in 1995"
        # states 1995 of metformin; so does "... in France in 1957 and in the US in 1995"
        index = name_index(piece.before)
        present |= {n for n in named if name_present(n, index)}
    roots = {root(w) for w in _WORD.findall(piece.clause.lower())}
    return _Read(piece.text, figs, present, own, roots, piece.sentence)


def _clash(key: tuple[str, str], stating: list[_Read], reads: list[_Read], there: set[str],
           about: set[str]) -> tuple[Finding, str, str] | None:
    """The piece that gives a name of the claim, absent wherever its figure is stated,
    another figure of the same kind: (that figure's finding, the name, the piece)."""
    said = set().union(*(r.roots for r in stating)) & about
    near = {r.sentence + d for r in stating for d in (-1, 0, 1)}
    for r in reads:
        f = r.figs.get(key)
        lost = sorted(n for n in r.own if n not in there)
        # parallel statements stand side by side: a figure for the name pages away is
        # more likely another event ("79 cases in March", "129 cases since December")
        if f is None or f.status != "mismatch" or not lost or r.sentence not in near:
            continue
        if _DECADE.search(f.source or ""):  # "hits of the 1980s" is no date of an event
            continue
        # the two clauses must say the same thing of different names ("introduced in
        # France in 1957", "introduced in the US in 1995"): a word of the claim in both,
        # and half of the claim's words in the one with the other figure
        if not (said & r.roots) or len(about & r.roots) * 2 < len(about):
            continue
        return f, lost[0], r.text.strip()
    return None


def check_merged(clause: str, evidence: str, *, focus: str | None = None,
                 names: Sequence[str] | None = None) -> list[Finding]:
    """Findings (kind ``merged``) for the figures of ``focus`` (default: ``clause``) read
    with the names of ``clause`` against ``evidence``: ``mismatch`` when the passage gives
    one of the names another figure, ``ok`` when a clause of it states the figure with
    every name. ``names``: the clause's names when an extractor found them."""
    # a question framing the answer ("Question: ... Answer: ...") asserts nothing
    clause = clause.split("Answer:", 1)[-1]
    if focus is None:  # a claim of several sentences: each pairs its own figures and names
        return [f for sent in _SENTENCE_END.split(clause) if sent.strip()
                for f in check_merged(sent, evidence, focus=sent, names=names)]
    focus = focus.split("Answer:", 1)[-1]
    named = [n for n in (clause_names(clause) if names is None else names) if n.strip()]
    if not named or not re.search(r"\d", focus):
        return []
    # With two figures ("Sun Valley (1995) and Warriors of Heaven and Earth (2004)",
    # "between 1980 and 1982") the clause does not say which name goes with which.
    if len(find_numbers(clause)) + len(find_dates(clause)) != 1:
        return []
    name_words = {w for n in named for w in _WORD.findall(n.lower())}
    about = {root(w) for w in _WORD.findall(clause.lower())
             if w not in _STOP and w not in name_words and not w.isdigit() and len(w) > 2}
    reads = [_read(piece, focus, named) for piece in _pieces(evidence)]
    out: list[Finding] = []
    for key in sorted({k for r in reads for k, f in r.figs.items() if f.status == "ok"}):
        stating = [r for r in reads if key in r.figs and r.figs[key].status == "ok"]
        fig = stating[0].figs[key].claim
        if any(r.present >= set(named) for r in stating):
            out.append(Finding(kind="merged", status="ok", claim=fig, source=fig,
                               note=f"source states {fig} with {', '.join(named)}"))
            continue
        there = set().union(*(r.present for r in stating))
        if there >= set(named):
            continue
        if (clash := _clash(key, stating, reads, there, about)) is not None:
            f, lost, text = clash
            out.append(Finding(
                kind="merged", status="mismatch", claim=fig, source=text,
                note=f"source gives {f.source} for {lost}, not {fig}; it states {fig} about something else",
            ))
    return out
