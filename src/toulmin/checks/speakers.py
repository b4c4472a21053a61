"""Who said it: a claim about what one speaker of a conversation said or did, against
the turns of each speaker.

A summary names speakers ("Person1 persuades Person2 to take the bus", "Steven
agrees"); the transcript gives each turn a label (``reading.py`` reads the labels and
the names the speakers call each other). When the claim's subject is a speaker and the
words of its claim are in what another speaker says of themselves ("I got stuck in
traffic") but not in any turn of its own, the summary has put the words in the wrong
mouth: a ``speaker`` finding with status ``mismatch``. A sentence about no one ("The
conference does not open until noon") is either speaker's to report. The margins are
measured on faithful and edited DialogSum dev summaries (``benchmarks/dialogsum.py``): a
claim about a reaction ("Person1 is surprised at the stadium's size") has its words in the
other speaker's turns and must not fire.

A claim about something the subject says *to* the other ("Person1 asks Person2 to quit
smoking", "Person2 suggests a taxi") is read another way: such words are said to "you"
("You should quit smoking") and may be spread over several turns, so it is the words only
one of the two ever says that tell whose they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise

from ..lexicon import phrase_pattern, root
from ..text import content_words, split_sentences
from .finding import Finding

__all__ = ["ASKED_FOR", "ASKS", "FIRST_SUBJECTS", "REQUEST", "SECOND_SUBJECTS", "TELLS", "Said",
           "asks_a_question", "best_said", "check_speaker", "label_words", "opening_speaker", "said_by",
           "shown", "speaker_named", "tells_how", "words_of"]

# one sentence of a transcript: (its speaker, its text, its words as the check reads them)
Said = tuple[str, str, frozenset[str]]

# The claim's words must be in another speaker's best sentence at least two more times
# than in any sentence of the subject's own turns when the subject's own hold none of them,
# and three more when they hold one (benchmarks/dialogsum.py --edited, speakers swapped,
# against the faithful dev summaries: docs/benchmarks.md).
_MARGINS = {0: 2, 1: 3}
# another speaker's sentence shorter than this is a reply to a question, not a statement
_MIN_WORDS = 5
# A greeting names where it answers from ("Good afternoon, Dr. Anderson's office."): no
# statement a summary would put in another's mouth.
_GREETING = re.compile(r"\s*(?:hello|hi|good (?:morning|afternoon|evening)|welcome)\b", re.I)
# ... though one that goes on to say something is a statement ("Hello, my name is John Keat")
_STATES = frozenset({"i", "i'm", "my", "we", "this", "is", "are", "was", "am"})


def _greets(text: str) -> bool:
    words = re.findall(r"[A-Za-z']+", text.lower())
    return bool(_GREETING.match(text)) and len(words) <= 6 and not _STATES & set(words)
# Verbs whose subject reacts to what the other speaker says: their words are the other's.
_REACT = phrase_pattern("react", r"\b", r"\w*")  # toulmin/phrases/react.tsv


# A reply that opens with assent takes the statement it answers for its own: after "Oh, it's
# a talk show.", Kate's "Yeah, it's very funny." says it too (a question does not: "Yeah?").
_ASSENT = re.compile(r"\s*(?:yes|yeah|yep|right|exactly|sure|of course|indeed|absolutely|"
                     r"that's (?:right|true))\b", re.I)


def _with_assent(said: Sequence[Said]) -> list[Said]:
    """``said`` and, for each turn that opens by assenting to the other speaker's
    statement, that statement once more as the assenting speaker's."""
    out = list(said)
    for (before, stated, words), (who, text, _) in pairwise(said):
        if before != who and _ASSENT.match(text) and not text.rstrip().endswith("?") \
                and not stated.rstrip().endswith("?"):
            out.append((who, stated, words))
    return out


# The first and second person as a subject ("I'm", "we'd", "you've"; checks/negatives.py
# reads who denies by them), and in any place of a sentence.
FIRST_SUBJECTS = frozenset({"i", "i'm", "i've", "i'll", "i'd", "we", "we're", "we've", "we'll", "we'd"})
SECOND_SUBJECTS = frozenset({"you", "you're", "you've", "you'll", "you'd"})


def _any_of(words: frozenset[str]) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(sorted(words)) + r")\b", re.I)


_YOU = _any_of(SECOND_SUBJECTS | {"your", "yours", "yourself", "yourselves"})
# What a speaker says of themselves: words another says of no one ("The conference does not
# open until noon", "Same pan, but with a wooden handle") are not theirs to be put in a mouth.
_FIRST_PERSON = _any_of(FIRST_SUBJECTS | {"me", "my", "mine", "myself", "us", "our", "ours"})
# Verbs by which the subject speaks to the other: asking, telling, proposing.
_ACTS = re.compile(
    r"(?:asks?|tells?|invites?|suggests?|advises?|reminds?|persuades?|encourages?|recommends?|"
    r"urges?|warns?|offers?|requests?|interviews?|congratulates?|consults?|instructs?|informs?|"
    r"introduces?|explains?|shows?|teaches?|gives?|promises?|assures?|convinces?|orders?|"
    r"thanks?|apologizes?|greets?|calls?|wants?|needs?)\b")
# Help is no such verb, and no claim of it is checked: the one helped says what they need,
# the helper little ("Person2 helps Person1 book a flight").
_HELPS = re.compile(r"helps?\b")
# A request for an answer said without a question mark ("I'd like to know the difference").
_ASKING = re.compile(r"\b(?:know|tell me|explain|wonder|could you|can you|would you)\b", re.I)
# Words of such a claim said only by the other speaker must outnumber those said only by
# the subject by this many (DialogSum dev and test, faithful against speakers swapped:
# docs/benchmarks.md).
_ACT_MARGIN = 2


def words_of(text: str) -> set[str]:
    """The content words of ``text`` as the speaker checks compare them (cut to five letters)."""
    return {root(w) for w in content_words(text) if len(w) > 2}


def shown(who: str, names: Mapping[str, str]) -> str:
    """A speaker as a transcript's reading and the notes show them: the label, with the
    name the others call them by beside it ("Person2 (Betsy)")."""
    return f"{who} ({names[who]})" if who in names else who


def label_words(speakers: Sequence[str], names: Mapping[str, str]) -> set[str]:
    """The words of the speakers' labels and names: in a claim they say whom it is about,
    not what was said."""
    return {w for s in speakers for w in words_of(s)} | {w for n in names.values() for w in words_of(n)}


def best_said(said: Sequence[Said], words: set[str], keep: Callable[[str, str], bool]
              ) -> dict[str, tuple[int, str]]:
    """Each speaker's sentence holding most of ``words``, among those ``keep(speaker,
    sentence)`` accepts: (how many, the sentence)."""
    best: dict[str, tuple[int, str]] = {}
    for s, text, own in said:
        if keep(s, text):
            n = len(words & own)
            if n > best.get(s, (-1, ""))[0]:
                best[s] = (n, text)
    return best


def said_by(turns: Sequence[tuple[str, str]]) -> list[Said]:
    """Every sentence of ``turns`` ((speaker, words) in order), with its words: what
    :func:`check_speaker` reads, split once per transcript rather than once per claim."""
    return [(who, sent.text, frozenset(words_of(sent.text))) for who, words in turns
            for sent in split_sentences(words)]


def speaker_named(subject: str, speakers: Sequence[str], names: Mapping[str, str]) -> str | None:
    """The speaker ``subject`` names: a speaker label ("Person1") or the name a speaker is
    called by ("Ms. Dawson" for the one called Dawson); None when it names none or more
    than one."""
    words = set(re.findall(r"[A-Za-z0-9]+", subject.lower()))

    def said(name: str) -> bool:  # every word of a label ("Project Manager") in the subject
        own = set(re.findall(r"[A-Za-z0-9]+", name.lower()))
        return bool(own) and own <= words

    # a name is said by its last word too ("Turner" for "Professor Turner")
    hit = {s for s in speakers if said(s)} | {s for s, n in names.items() if said(n) or said(n.split()[-1])}
    return next(iter(hit)) if len(hit) == 1 else None


# Verbs by which one speaker tells the other something, and what a question asks for: a
# claim of the two ("Person2 tells Person1 the way to the museum") answers a question.
TELLS = re.compile(r"(?:tells?|shows?|explains?|teaches?|informs?|describes?|introduces?|instructs?|guides?|"
                   r"shares?)\b")
ASKED_FOR = re.compile(
    r"\b(?:how|where|what|when|why|which|who|the way|the location|the directions?|the address)\b", re.I)


ASKS = re.compile(r"(?:asks?|inquires?|enquires?|inquiries)\b")
# "asks Person2 to move the car", "asks for a raise": a request, not a question
# ("asks Alice how to use the machines" asks a question: "how to" is no request)
REQUEST = re.compile(r"(?<!\bhow )(?<!\bwhat )(?<!\bwhere )(?<!\bwhen )(?<!\bwhich )(?<!\bwhether )"
                     r"(?<!\bwho )\bto (?!(?:the|a|an|his|her|their|its|my|your|our|this|that|these|those)\b)"
                     r"[a-z]+|^for\b")


def asks_a_question(rest: str) -> bool:
    """Whether ``rest`` (a claim after its subject) asks the other a question ("asks
    Person1 the way", "asks about the price"), not for something: the answer holds the
    question's words, so whose words they are does not tell who asked (checks/roles.py
    reads whose questions they are)."""
    m = ASKS.match(rest)
    return bool(m and not REQUEST.search(rest[m.end():].lstrip()))


def tells_how(rest: str) -> bool:
    """Whether ``rest`` (a claim after its subject) tells the other how, where or what:
    the one told asked for it, in their own words ("I'm looking for a grocery store"),
    so whose words they are does not tell who told (checks/roles.py reads who asked)."""
    m = TELLS.match(rest)
    return bool(m and ASKED_FOR.search(rest, m.end()))


# a claim's opening words before its verb: a label, a name, a title and a name
_OPENING = re.compile(
    r"^((?:(?:Mr|Mrs|Ms|Dr)\.\s)?[A-Z][\w-]*(?: [A-Z][\w-]*){0,2})(?= (?!(?:and|or|with|nor)\b)[a-z])")


def opening_speaker(claim: str, speakers: Sequence[str], names: Mapping[str, str]) -> str:
    """The words opening ``claim`` when they name one speaker ("Person2 interviews
    Person1 ...", whose parse found no subject), else ''."""
    m = _OPENING.match(claim)
    return m.group(1) if m and speaker_named(m.group(1), speakers, names) else ""


def check_speaker(
    claim: str, subject: str, said: Sequence[Said], names: Mapping[str, str]
) -> Finding | None:
    """A ``speaker`` mismatch when ``claim``'s subject is one speaker of the transcript
    whose sentences are ``said`` (:func:`said_by`) and the claim's words are another's,
    else None."""
    speakers = list(dict.fromkeys(s for s, _, _ in said))
    if len(subject.split()) > 4 or re.search(r"\b(?:and|or|but)\b", subject):
        return None  # "Miss Liu and Person2": a group, or a subject the parse got wrong
    who = speaker_named(subject, speakers, names)
    if who is None or len(speakers) < 2:
        return None
    words = words_of(claim) - label_words(speakers, names) - words_of(subject)
    if len(words) < 2:
        return None
    # A claim of asking a question or of telling how or where is read by checks/roles.py:
    # the answer holds the question's words. The words of what else one speaker says to the
    # other ("Person1 asks Person2 to quit smoking", "Person2 suggests a taxi") are read by
    # what each says alone; a reaction's and a claim of help's are the other speaker's by
    # nature, and not read.
    rest = claim[len(subject):].lstrip() if claim.startswith(subject) else ""
    if tells_how(rest) or asks_a_question(rest):
        return None
    said = _with_assent(said)
    cut = _about_the_other(rest, who, speakers, names)
    if _ACTS.match(rest):
        return None if cut is not None else _spoken_to(subject, rest, who, words, said, names)
    if _REACT.search(claim) or _HELPS.match(rest):
        return None
    if cut is not None:  # only the subject's own clause is read
        words = words_of(rest[:cut]) - label_words(speakers, names) - words_of(subject)
        if len(words) < 2:
            return None
    return _put_in_mouth(subject, who, words, said, names)


def _about_the_other(rest: str, who: str, speakers: Sequence[str], names: Mapping[str, str]) -> int | None:
    """Where ``rest`` (the claim after its subject) goes on to a clause about another
    speaker ("goes to sleep first while Steven plans to stay up", "... even though Person1
    hasn't improved", "... from Jayden, who is short of cash"), or None: the words after it
    are the other's, and whose they are does not tell who said the subject's part."""
    others = [s for s in speakers if s != who]
    if not others:
        return None
    called = "|".join(re.escape(n) for o in others for n in {o, names.get(o, o)})
    joins = r"and|while|but|when|whereas|so|because|after|before|then|though|although|even though"
    found = [m.start() for m in (re.search(rf"\b(?:{joins})\s+(?:{called})\b", rest),
                                 re.search(rf"\b(?:{called}),? (?:who|whose|which)\b", rest)) if m]
    return min(found) if found else None


def _put_in_mouth(subject: str, who: str, words: set[str], said: Sequence[Said],
                  names: Mapping[str, str]) -> Finding | None:
    """The claim's words in another speaker's best sentence and not in the subject's."""
    def keep(s: str, text: str) -> bool:
        # a question's words are the answer's ("Did you enjoy your dinner?"), words said to
        # the other are about them ("You're the first to arrive", "Just make yourself a
        # sandwich"), a fragment answers a question ("Friendship Hotel."), and only what a
        # speaker says of themselves is theirs
        return s == who or not (len(text.split()) < _MIN_WORDS or text.rstrip().endswith("?")
                                or _YOU.search(text) or _greets(text) or not _FIRST_PERSON.search(text))

    best = best_said(said, words, keep)
    mine = best.get(who, (0, ""))[0]
    other = max((s for s in best if s != who), key=lambda s: best[s][0], default=None)
    if other is None or mine not in _MARGINS or best[other][0] < mine + _MARGINS[mine]:
        return None
    return Finding(kind="speaker", status="mismatch", claim=subject, source=other,
                   note=f"in the source {shown(other, names)} says this, not {subject}: “{best[other][1]}”")


def _spoken_to(subject: str, rest: str, who: str, words: set[str], said: Sequence[Said],
               names: Mapping[str, str]) -> Finding | None:
    """A claim of what the subject says to the other (``rest``: the claim after its
    subject) whose words only the other says."""
    own: set[str] = set()
    stated: dict[str, list[tuple[str, frozenset[str]]]] = {}
    for s, text, ws in said:
        if s == who:
            own |= ws
        elif not (text.rstrip().endswith("?") or _ASKING.search(text)):
            # the other's question or request carries the words of the answer it asks for
            stated.setdefault(s, []).append((text, ws))
    theirs = {s: set().union(*(ws for _, ws in sents)) for s, sents in stated.items()}
    if not theirs:
        return None
    other = max(theirs, key=lambda o: len(words & theirs[o] - own))
    only_theirs, only_own = words & theirs[other] - own, words & own - theirs[other]
    if len(only_theirs) < len(only_own) + _ACT_MARGIN:
        return None
    quote = max(stated[other], key=lambda p: len(p[1] & only_theirs))[0]
    return Finding(kind="speaker", status="mismatch", claim=subject, source=other,
                   note=f"in the source {shown(other, names)} says this, not {subject}: “{quote}”")
