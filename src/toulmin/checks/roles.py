"""Roles in a two-speaker conversation: who asks, who answers, who serves, who likes what.

A summary with its two speakers swapped ("Person2 asks Person1 the way to the station"
for "Person1 asks ...") keeps every word of the transcript, so the words alone
(checks/speakers.py) seldom tell. How each speaker talks does:

- the one who **asks** says the claim's words in a question ("How do I get to the
  station?"), the one who answers seldom does;
- the one who **tells** the other how, where or what did not ask about it;
- the one who **serves** or helps offers it ("May I help you?", "How would you like to
  pay?"), the one served says what they need ("I'd like ...", "I'll take it");
- the one who **likes** or wants something says so in the first person ("I like the
  billboards");
- the one who **interviews** asks the questions.

Each reading fires only when the cue is the other speaker's and not the subject's; the
margins are measured on DialogSum's faithful dev summaries against the same summaries
with their speakers swapped (``benchmarks/dialogsum.py``, docs/benchmarks.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from ..lexicon import phrase_pattern
from .finding import Finding
from .speakers import (
    ASKED_FOR,
    ASKS,
    REQUEST,
    TELLS,
    Said,
    best_said,
    label_words,
    shown,
    speaker_named,
    words_of,
)

__all__ = ["check_role"]

_HELPS = re.compile(r"(?:helps?|assists?|serves?|is helping|guides?)\b")
_LIKES = re.compile(
    r"(?:really |also |still )?(?:likes?|loves?|enjoys?|prefers?|hates?|dislikes?|wants?|would like|"
    r"is (?:not )?interested in|is fond of|(?:doesn't|does not) (?:like|want))\b")
_INTERVIEWS = re.compile(r"(?:interviews?|is interviewing|surveys?)\b")
# "buys a camera with Person1's assistance": the helper is named in the claim
_WITH_HELP = re.compile(
    r"\b(?:with|under|by) (?P<helper>[A-Z][\w.' -]{0,40}?)'s (?:help|assistance|guidance|aid)\b")
# A sentence that asks: a question, or a request for an answer said without a question mark.
_QUESTION = re.compile(r"\?\s*$|\b(?:could you|can you|would you|will you|please|"
                       r"I'd like (?:to know|some info)|I want to know|tell me|I wonder)\b", re.I)
# a question about the one spoken to: "Are you trying to ...?", "Did you ...?"
_ABOUT_YOU = re.compile(r"\s*(?:are|do|did|have|were|was|is) you\b", re.I)
# The one who serves: offers of help and a server's questions.
_SERVES = phrase_pattern("serves", r"\b")  # toulmin/phrases/serves.tsv
# The one served: what they need.
_SERVED = phrase_pattern("served")  # toulmin/phrases/served.tsv
# A speaker on themself: "I like", "I'd rather", "I really want", "I don't like".
_FIRST_PERSON = re.compile(
    r"\bI(?:'d|'m| am| would| really| also| don't| do not| just| still| do)*\s+(?:\w+\s+)?"
    r"(?:like|love|enjoy|prefer|hate|dislike|want|rather|interested|fond)", re.I)
# Words every such claim and its cues share, which tell no speaker apart.
_CUE_WORDS = frozenset({"about", "wheth", "help"})
# A claim's words must be in the other's question this many times (and never in the
# subject's): one for a question, two for a request, whose words the other repeats back
# ("Are you trying to make a call?").
_ASK_MARGIN, _REQUEST_MARGIN = 1, 2
# the told words in the subject's own question, and in none of the other's
_TELL_MARGIN = 2
# offers made minus needs said, the other's over the claimed helper's
_SERVE_MARGIN = 2
# the liked thing's words in the other's first-person statement
_LIKE_MARGIN = 2


def check_role(claim: str, subject: str, said: Sequence[Said], names: Mapping[str, str]) -> Finding | None:
    """A ``speaker`` mismatch when ``claim`` gives its subject (one of the two speakers of
    the transcript whose sentences are ``said``) a role the other speaker plays, else None."""
    speakers = list(dict.fromkeys(s for s, _, _ in said))
    if len(speakers) != 2 or "'s " in subject + " " or not claim.startswith(subject):
        return None  # "May's mother asks May ...": a subject that only names a speaker
    who = speaker_named(subject, speakers, names)
    rest = claim[len(subject):].lstrip()
    helper = _WITH_HELP.search(rest)
    if helper:
        named = speaker_named(helper.group("helper"), speakers, names)
        return _serves(subject, named, _other(named, speakers), said, names) if named else None
    if who is None:
        return None
    other = _other(who, speakers)
    called = "|".join(re.escape(n) for n in {other, names.get(other, other)})
    if re.search(rf"\b(?:and|but|while|whereas|so|then)\s+(?:{called})\b", rest):
        return None  # "... and Person1 decides to stay": a second claim, about the other
    labels = label_words(speakers, names)
    reading: Callable[..., Finding | None]
    for verb, reading in ((ASKS, _asks), (TELLS, _tells), (_LIKES, _likes), (_INTERVIEWS, _interviews)):
        m = verb.match(rest)
        if m:
            after = rest[m.end():].lstrip()
            words = words_of(after) - labels - words_of(subject) - _CUE_WORDS
            return reading(subject, who, other, after, words, said, names)
    if _HELPS.match(rest):
        return _serves(subject, who, other, said, names)
    return None


def _other(who: str, speakers: Sequence[str]) -> str:
    return next(s for s in speakers if s != who)


def _asked(_: str, text: str) -> bool:
    # an offer of help ("How may I help?") asks nothing about the claim's topic
    return bool(_QUESTION.search(text)) and not _SERVES.search(text)


def _mismatch(subject: str, other: str, names: Mapping[str, str], how: str, quote: str) -> Finding:
    said = f": “{quote}”" if quote else ""
    return Finding(kind="speaker", status="mismatch", claim=subject, source=other,
                   note=f"in the source {shown(other, names)} {how}, not {subject}{said}")


def _asks(subject: str, who: str, other: str, after: str, words: set[str], said: Sequence[Said],
          names: Mapping[str, str]) -> Finding | None:
    """The claim's words are in the other's questions and in none of the subject's."""
    if not words:
        return None
    request = bool(REQUEST.search(after))
    # what the other asks about the one who requests ("Are you trying to make a call?")
    # repeats the request back; it requests nothing
    best = best_said(said, words, lambda s, t: _asked(s, t) and not (request and _ABOUT_YOU.match(t)))
    n, quote = best.get(other, (0, ""))
    if best.get(who, (0, ""))[0] == 0 and n >= (_REQUEST_MARGIN if request else _ASK_MARGIN):
        return _mismatch(subject, other, names, "asks this", quote)
    return None


def _tells(subject: str, who: str, other: str, after: str, words: set[str], said: Sequence[Said],
           names: Mapping[str, str]) -> Finding | None:
    """What the subject is said to tell (a way, a how) is what the subject asked about (a
    plain "tells Person1 the news" was not asked for, and is not read)."""
    if not ASKED_FOR.search(after):
        return None
    best = best_said(said, words, _asked)
    n, quote = best.get(who, (0, ""))
    if best.get(other, (0, ""))[0] == 0 and n >= _TELL_MARGIN:
        return Finding(kind="speaker", status="mismatch", claim=subject, source=other,
                       note=f"in the source {subject} asks this and {shown(other, names)} answers: “{quote}”")
    return None


def _likes(subject: str, who: str, other: str, after: str, words: set[str], said: Sequence[Said],
           names: Mapping[str, str]) -> Finding | None:
    """What the subject is said to like or want, the other says of themself."""
    if not words or re.search(rf"\b(?:{re.escape(other)}|{re.escape(names.get(other, other))})\b", after):
        return None  # "wants to borrow from Jayden, who is short of cash": words about the other
    best = best_said(said, words, lambda _, t: bool(_FIRST_PERSON.search(t)) and not t.rstrip().endswith("?"))
    n, quote = best.get(other, (0, ""))
    if best.get(who, (0, ""))[0] == 0 and n >= _LIKE_MARGIN:
        return _mismatch(subject, other, names, "says this of themself", quote)
    return None


def _interviews(subject: str, who: str, other: str, after: str, words: set[str], said: Sequence[Said],
                names: Mapping[str, str]) -> Finding | None:
    """The interviewer asks the questions."""
    asked = {s: sum(text.rstrip().endswith("?") for t, text, _ in said if t == s) for s in (who, other)}
    if asked[other] >= 2 * asked[who] + 2:
        how = f"asks the questions ({asked[other]} against {asked[who]})"
        return _mismatch(subject, other, names, how, "")
    return None


def _serves(subject: str, helper: str, other: str, said: Sequence[Said], names: Mapping[str, str]
            ) -> Finding | None:
    """The claimed helper is the one who is served: the other offers, the helper needs."""
    score = {helper: 0, other: 0}
    quote = ""
    for s, text, _ in said:
        offers = len(_SERVES.findall(text))
        score[s] += offers - len(_SERVED.findall(text))
        if offers and s == other and not quote:
            quote = text
    if score[other] > 0 and score[other] - score[helper] >= _SERVE_MARGIN:
        return _mismatch(subject, other, names, f"serves and {shown(helper, names)} is served", quote)
    return None
