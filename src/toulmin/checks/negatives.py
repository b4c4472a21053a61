"""Two negatives of one statement, for the checker to read without them (issue 32).

A small checker reads "Person2 cannot take it until December" against "I'm not taking my
vacation until December" as a contradiction (P(entailment) 0.04): it takes a negation on
both sides for a difference. The same pair with both negations dropped ("Person2 can take
it until December" / "I'm taking my vacation until December") it backs (0.86). Dropping
them is sound only when both negate the same thing, so each negation of the claim must
find one in the passage that negates the same word (and, after it, one of the words the
claim negates with it), said by the claim's subject in the first person or to them as
"you": "Person1 cannot take it until December" against Person2's "I'm not taking my
vacation until December" finds none, and stays unbacked.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ..lexicon import inflected_root
from ..text import stated
from .speakers import FIRST_SUBJECTS as _FIRST
from .speakers import SECOND_SUBJECTS as _SECOND
from .speakers import Said, speaker_named

__all__ = ["drop_negation", "negated_alike_by", "negations"]

_TOKEN = re.compile(r"[a-z0-9]+(?:['’][a-z]+)?|,")
# words that say nothing of what is negated: the word negated is the first one after these
_FUNCTION = frozenset(
    "a an the to be been being is are was were am do does did have has had will would can could "
    "shall should may might must it its this that these those any very so too really much more "
    "quite all of for in on at by with as i you he she we they me him her us them my your his our "
    "their there here just ever even yet still until than from about into over after before now "
    "seem seems seemed look looks appear appears".split())
# verbs that say little alone: "don't want a pan" and "don't want this handle" are two things
_LIGHT = frozenset(
    "want wants wanted need needs needed have has had get gets got go goes went like likes liked "
    "know knows knew do make makes made".split())
# where the claim's negated clause ends ("is not cheerful because his boss ...")
_CLAUSE_END = frozenset("because but and so or while when if since although though which who that".split())
# "I don't think they can be compared" says "I think they cannot be": the negation of a verb
# of opinion is read on the clause it governs (negation raising)
_RAISING = frozenset("think thinks thought believe believes believed suppose supposes supposed expect "
                     "expects expected imagine imagines imagined reckon reckons reckoned".split())
_AUX = frozenset("do does did is am are was were will would can could should have has had might may must "
                 "shall".split())

# what a negation is, read the same way on both sides (no "no": "No wonder ..." negates nothing)
Frame = tuple[str, frozenset[str]]  # the word negated (with its object after a light verb), what follows


# "I can hardly stand these wet days" says "I cannot stand them"
_NEARLY_NOT = frozenset({"hardly", "scarcely"})


def _negator(words: Sequence[str], i: int) -> bool:
    w = words[i]
    if w == "not":
        return not (i and words[i - 1] == "or")  # "believe it or not"
    return w in ("never", "cannot") or w in _NEARLY_NOT or w.endswith(("n't", "n’t"))


def negations(text: str, *, claim: bool = False) -> list[tuple[Frame | None, str | None]]:
    """Each negation of ``text``: what it negates (None when nothing follows it) and the
    word that says who (the pronoun before it, or before its auxiliary). On the ``claim``
    side what follows stops at the clause's end and is three words; in a passage, six."""
    words = _TOKEN.findall(text.lower())
    out: list[tuple[Frame | None, str | None]] = []
    for i in range(len(words)):
        if words[i] == "," or not _negator(words, i):
            continue
        after: list[str] = []
        for w in words[i + 1 : i + 14]:
            if claim and (w == "," or w in _CLAUSE_END):
                break
            if w != "," and w not in _FUNCTION and w not in _CLAUSE_END and not _negator([w], 0):
                after.append(w)
        k = i - 1 - ((words[i] == "not" or words[i] in _NEARLY_NOT) and i > 0 and words[i - 1] in _AUX)
        who = words[k] if k >= 0 else None
        if not after:
            out.append((None, who))
            continue
        if after[0] in _RAISING and len(after) > 1:
            after = after[1:]
        n = 2 if after[0] in _LIGHT and len(after) > 1 else 1
        head = " ".join(inflected_root(w) for w in after[:n])
        out.append(((head, frozenset(inflected_root(w) for w in after[n : n + (3 if claim else 6)])), who))
    return out


def _fits(claim: Frame, passage: Frame) -> bool:
    return claim[0] == passage[0] and (not claim[1] or bool(claim[1] & passage[1]))


def negated_alike_by(
    claim: str, subject: str, said: Sequence[Said], speakers: Sequence[str], names: Mapping[str, str],
    passage: str,
) -> list[str]:
    """The sentences of ``passage`` (each a speaker's, from ``said``) that negate what each
    negation of ``claim`` negates, or [] when one of the claim's finds none. When the
    claim's ``subject`` is a speaker, the passage's negation must be theirs ("I") or said
    to them ("you"). Questions state nothing and are left out."""
    frames = negations(claim, claim=True)
    if not frames or any(f is None for f, _ in frames):
        return []
    who_is = speaker_named(subject, speakers, names) if subject else None
    # the passage's statements and their negations, read once for all the claim's
    statements = [(who, sentence, negations(clause)) for who, sentence, _words in said
                  if sentence in passage and (clause := stated(sentence)) is not None]
    found: list[str] = []
    for frame, _ in frames:
        assert frame is not None
        hits = []
        for who, sentence, negated in statements:
            for other, pronoun in negated:
                if other is None or not _fits(frame, other):
                    continue
                if who_is is None or (who == who_is and pronoun in _FIRST) or (
                        who != who_is and pronoun in _SECOND):
                    hits.append(sentence)
                    break
        if not hits:
            return []
        found += hits
    return list(dict.fromkeys(found))


_NT = re.compile(r"\b(\w+?)n['’]t\b", re.I)
_NT_BASE = {"wo": "will", "ca": "can", "sha": "shall", "ai": "is"}
_NOT = re.compile(r"(?<!\bor )\b(?:" + "|".join(["not", "never", *sorted(_NEARLY_NOT)]) + r")\s+", re.I)


def drop_negation(text: str) -> str:
    """``text`` with its negations dropped: "cannot" and "can't" -> "can", "won't" ->
    "will", "don't" -> "do", "not", "never", "hardly" and "scarcely" gone ("or not" kept)."""
    text = re.sub(r"\bcannot\b", "can", text, flags=re.I)
    text = re.sub(r"\b(wo|ca|sha|ai)n['’]t\b", lambda m: _NT_BASE[m.group(1).lower()], text, flags=re.I)
    text = _NT.sub(lambda m: m.group(1), text)
    return _NOT.sub("", text)
