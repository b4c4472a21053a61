"""Reading sources: a transcript or chat read as clean text, with a map back.

Speech written down is not prose: speaker labels (``#Person1#:``, ``Project Manager:``),
fillers ("uh", "um"), stutters and false starts ("Custome Customers", "the the",
"I- I"), numbers said in words. The checker and the linker read a source's *reading*:
each turn attributed to its speaker ("Person1: ..."), the fillers and stutters gone, the
number words in digits. Every reading keeps a map from each of its characters to the
original, so the evidence quotes and offsets of a report still point into the text the
user passed.

A source is read as a transcript when ``metadata.kind`` says so (``transcript``, ``chat``,
``dialogue``, ``meeting``) or, with no ``kind``, when its lines look like turns: at least
three lines open with a speaker label, they are at least half of its lines, and some
speaker speaks twice (a glossary's "Term: definition" lines name each term once). Any
other ``kind`` (``prose``, ``document``, ...) is read as it is. Plain prose passes
through untouched: the same object, the same bytes.

The answer is read too, when it names speakers the way DialogSum's summaries do
(``#Person1#``): the tag is read as the name (``Person1``), so the claim extractor sees a
word, not punctuation.
"""

from __future__ import annotations

import re
from array import array
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import pairwise

from .checks.claim import name_index
from .checks.numbers import spoken_numbers
from .checks.speakers import Said, said_by, shown
from .report import ClaimResult, Evidence
from .sources import Source
from .tables.render import Rendered, render_tables
from .text import TextBuilder, clip, map_span

__all__ = ["TRANSCRIPT_KINDS", "Reading", "conversation", "locate", "read_answer", "read_source",
           "read_sources"]

TRANSCRIPT_KINDS = frozenset({"transcript", "chat", "dialogue", "meeting"})

# a tag (#Person1#) or a bracketed name ([Assistant])
_SPEAKER_TAG = r"#[A-Za-z][\w .'-]{0,30}#|\[[A-Za-z][\w .'-]{0,30}\]"
# An optional time stamp, then a label: a tag, a bracketed name, or one to four
# capitalised words ("Project Manager", "Speaker 2", "Dr. Lee"), then ":".
_LABEL = re.compile(
    r"^[ \t]*(?:[\[(]?\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?[\])]?[ \t]+(?:-[ \t]+)?)?"
    rf"(?P<label>{_SPEAKER_TAG}|"
    r"[A-Z][\w.'-]{0,24}(?:[ \t][A-Z0-9][\w.'-]{0,24}){0,3})"
    r"[ \t]*:[ \t]*(?=\S)",
    re.M,
)
# A tag or a bracketed name inside a line ("... [Assistant]: I recommend ..."): how a chat
# declared by ``metadata.kind`` may run its turns together on one line.
_INLINE = re.compile(rf"(?:(?<=\s)|^)(?P<label>{_SPEAKER_TAG})[ \t]*:[ \t]*(?=\S)", re.M)
# a label that can only be a speaker's: a tag, a bracket, a numbered or one-letter name
_ID = re.compile(r"#.+#|\[.+\]|[A-Za-z][\w .]*\d|[A-Z]")
# Sounds that carry no content in any position.
_FILLER = re.compile(r"\b(?:uh+|um+|uhm+|erm+|er|hmm+|hm+|mm+|eh)\b[ \t]*[,.…]*[ \t]*", re.I)
_WORD = re.compile(r"[A-Za-z']+-?")
# a name spelled out letter by letter ("S M I T H.", "J-O-N-E-S"), read as the word
_SPELLED = re.compile(r"(?<![\w'-])[A-Z](?:(?:[ \t]+|-|\.[ \t]*)[A-Z](?![\w'])){2,}")
_NUMBER_SPACE = re.compile(r"\d,( )\d{3}\b|\d( )%")
# "don ' t", "I ' m", "Tom ' s": a tokeniser's spacing around an apostrophe (the checker reads
# "don ' t worry" as no negation)
_APOSTROPHE_SPACE = re.compile(r"(?<=[A-Za-z])( ' )(?=(?:t|s|m|re|ve|ll|d)\b)", re.I)
# A tag that names a speaker in an answer: #Person1#, #Speaker_2#
_TAG = re.compile(r"#([A-Za-z][A-Za-z0-9_]{0,30})#")
_VOCATIVE = re.compile(r"^\s*(?i:(?:hi|hey|hello|oh|yes|no|well|sorry|thanks|thank you|excuse me|"
                       r"good \w+),?\s+)?"
                       r"((?:(?:Mr|Mrs|Ms|Miss|Dr|Professor|Prof)\.?\s+)?[A-Z][a-z]{2,})\s*[,.!?]")
_SELF = re.compile(r"\b(?:I'm|I am|this is|my name is|name's)\s+([A-Z][a-z]{2,})\b")
_NOT_NAMES = frozenset({"Sir", "Madam", "Yes", "Well", "Okay", "Sure", "Thanks", "Thank", "Hello", "Good",
                        "Sorry", "Excuse", "Dear", "Honey", "Darling", "Mom", "Dad", "Hey", "Hi", "Really",
                        "Wow", "Great", "Fine", "Please", "Right", "Oh", "What", "Yeah", "Look", "Listen",
                        "Boss", "Doctor", "Waiter", "Officer", "Guys", "Everyone", "Everybody", "Morning",
                        "Why", "Now", "So", "Then", "Come", "Wait", "Alright", "Hmm", "Ah", "Uh", "Um",
                        "Ok", "Excellent", "Congratulations", "Certainly", "Exactly", "Indeed", "Oops",
                        "Gosh", "God", "Jesus", "Man", "Dude", "Mate", "Buddy", "Friend", "Friends",
                        "Ladies", "Gentlemen", "Folks", "Kids", "Children", "Class", "Team", "Here",
                        "There", "This", "That", "Just", "Maybe", "Perhaps", "Actually", "Anyway",
                        "Nowadays", "Today", "Tonight", "Yesterday", "Tomorrow", "Besides", "However",
                        "Still", "Also", "First", "Second", "Finally", "Otherwise", "Meanwhile", "Anyhow",
                        "Nah", "Yep", "Yup", "Nope", "Aha", "Ugh", "Huh", "Alas", "Bravo", "Cheers", "Hooray",
                        "Whoa", "Absolutely", "Definitely", "Naturally", "Never", "Not", "Nothing"})


@dataclass(frozen=True)
class Reading:
    """A source's reading text and, for each of its characters, the original offset."""

    source: Source  # the original
    text: str
    to_source: array[int] = field(repr=False)  # len(text) + 1 offsets into source.text
    turns: tuple[tuple[int, int, str], ...] = ()  # (start, end, speaker) in the reading
    names: dict[str, str] = field(default_factory=dict)  # speaker -> the name they are called by
    tables: tuple[Rendered, ...] = ()  # a table source's tables, their rows read as sentences

    @property
    def speakers(self) -> tuple[str, ...]:
        """The speakers, in order of first turn."""
        return tuple(dict.fromkeys(who for _, _, who in self.turns))

    @cached_property
    def index(self) -> set[str]:
        """The words and initials of the original, as a name is looked up there."""
        return name_index(self.source.text)

    @cached_property
    def said(self) -> list[Said]:
        """Its sentences by speaker, as the speaker check reads them (split once)."""
        return said_by([(who, self.text[a:b]) for a, b, who in self.turns])

    @cached_property
    def _labels(self) -> re.Pattern[str]:
        shown_as = sorted({shown(who, self.names) for who in self.speakers}, key=len, reverse=True)
        # at a line's start, or after a space where a declared chat ran its turns on one line
        return re.compile(r"(?m)(?:^|(?<=\s))(?:" + "|".join(map(re.escape, shown_as)) + r"): ")

    def unlabelled(self, passage: str) -> str:
        """``passage``, a piece of the reading, with the speaker labels this reading put
        before its turns left out ("Person2 (Betsy): I need it." -> "I need it.")."""
        return self._labels.sub("", passage) if self.turns else passage

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original ``[start, end)`` of the reading's ``[start, end)``."""
        return map_span(self.to_source, start, end)

    def quote(self, start: int, end: int) -> tuple[str, int, int]:
        a, b = self.span(start, end)
        return self.source.text[a:b], a, b


_Builder = TextBuilder


def _turns(text: str) -> list[re.Match[str]]:
    return list(_LABEL.finditer(text))


def _looks_spoken(text: str, labels: list[re.Match[str]]) -> bool:
    lines = sum(1 for line in text.splitlines() if line.strip())
    counts = Counter(_speaker(m.group("label")) for m in labels)
    if len(counts) < 2:
        return False
    if len(labels) == lines and all(_ID.fullmatch(m.group("label")) for m in labels):
        return True  # every line a turn of a speaker tag ("#Person1#:", "Speaker 2:", "A:")
    return len(labels) >= 3 and 2 * len(labels) >= lines and counts.most_common(1)[0][1] >= 2


def _speaker(label: str) -> str:
    return label.strip("#[] \t")


def _names(text: str, labels: list[re.Match[str]]) -> dict[str, str]:
    """Names the speakers are called by: the one a two-person dialogue's turn addresses
    ("#Person1#: Hey, Betsy, ..." names Person2) and the one a speaker gives for
    themself ("I'm Frank"). A name given to both speakers, or two names to one, is left out."""
    speakers = list(dict.fromkeys(_speaker(m.group("label")) for m in labels))
    found: dict[str, set[str]] = {s: set() for s in speakers}
    for i, m in enumerate(labels):
        end = labels[i + 1].start() if i + 1 < len(labels) else len(text)
        said = text[m.end() : end]
        who = _speaker(m.group("label"))
        v = _VOCATIVE.match(said)
        last = v.group(1).split()[-1] if v else ""
        if v and len(speakers) == 2 and last not in _NOT_NAMES and not last.endswith("ly"):
            other = speakers[1] if who == speakers[0] else speakers[0]
            found[other].add(v.group(1))
        for own in _SELF.finditer(said):
            if own.group(1) not in _NOT_NAMES:
                found[who].add(own.group(1))
    owners = Counter(n for names in found.values() for n in names)
    out: dict[str, str] = {}
    for s, names in found.items():
        mine = [n for n in names if owners[n] == 1 and n.lower() != s.lower()]
        if len(mine) == 1:
            out[s] = mine[0]
    return out


def _clean(b: _Builder, a: int, z: int) -> None:
    """The original ``[a, z)`` (one turn's words) into the reading, without fillers and
    stutters, number words as digits, a name spelled letter by letter as one word."""
    src = b.src
    drop: list[tuple[int, int, str]] = []  # (start, end, replacement)
    for m in _FILLER.finditer(src, a, z):
        drop.append((m.start(), m.end(), ""))
    words = list(_WORD.finditer(src, a, z))
    for w, nxt in pairwise(words):
        x, y = w.group(0), nxt.group(0)
        gap = src[w.end() : nxt.start()]
        if gap.strip(" \t") or x.endswith("'"):
            continue
        xl, yl = x.lower().rstrip("-"), y.lower().rstrip("-")
        # "the the", "I- I", "wh- what", "Custome Customers": the first try is dropped
        repeated = xl == yl and (x.endswith("-") or len(xl) > 1 or xl in ("i", "a")) and xl not in _DOUBLES
        cut_off = bool(xl) and x.endswith("-") and yl.startswith(xl)
        restarted = len(xl) >= 4 and len(yl) > len(xl) and yl.startswith(xl) and xl not in _WORDS_THAT_PREFIX
        if repeated or cut_off or restarted:
            drop.append((w.start(), nxt.start(), ""))
    drop.extend((m.start(), m.end(), "".join(re.findall("[A-Z]", m.group(0))).capitalize())
                for m in _SPELLED.finditer(src, a, z))
    drop.extend(spoken_numbers(src, a, z))
    # "20, 000 RMB" and "15 %": a transcriber's spacing inside a number
    drop.extend((m.start(m.lastindex or 0), m.end(m.lastindex or 0), "")
                for m in _NUMBER_SPACE.finditer(src, a, z))
    drop.extend((m.start(1), m.end(1), "'") for m in _APOSTROPHE_SPACE.finditer(src, a, z))
    drop.sort()
    at = a
    for s, e, rep in drop:
        if s < at:  # overlaps an earlier edit
            continue
        b.copy(at, s)
        b.put(rep, s, e)
        at = e
    b.copy(at, z)


# repeated on purpose: "that that", "had had", "is is" (rare), "no no"; kept when doubled
_DOUBLES = frozenset({"that", "had", "no", "very", "bye", "ha", "so", "really", "well", "yes", "okay", "ok",
                      "hello", "hi", "please", "come", "go", "now", "more", "again", "many", "far", "long"})
# real words that start other words often said right after them ("work workers")
_WORDS_THAT_PREFIX = frozenset({"work", "some", "over", "under", "down", "with", "there", "here", "what",
                                "when", "where", "more", "self", "after", "before", "every", "other", "back",
                                "long", "good", "high", "open", "part", "play", "home", "hand", "sell",
                                "read", "wait", "walk", "talk", "call", "turn", "look",
                                "meet", "help", "show", "test", "plan", "ward", "form", "port", "rest"})


def read_source(source: Source) -> Reading | None:
    """The source's reading when it is a transcript or holds tables or JSON records, else
    None (it is read as it is)."""
    kind = str(source.metadata.get("kind", "")).strip().lower()
    if kind not in TRANSCRIPT_KINDS:
        got = render_tables(source.text, kind)
        if got is not None:
            reading, to_src, tables = got
            return Reading(source=source, text=reading, to_source=to_src, tables=tuple(tables))
    if kind and kind not in TRANSCRIPT_KINDS:
        return None
    text = source.text
    labels = _turns(text)
    if not kind and not _looks_spoken(text, labels):
        return None
    if kind:
        inline = list(_INLINE.finditer(text))
        if len(inline) > len(labels):
            labels = inline
    names = _names(text, labels)
    b = _Builder(text)
    turns: list[tuple[int, int, str]] = []
    at = 0
    for i, m in enumerate(labels):
        end = labels[i + 1].start() if i + 1 < len(labels) else len(text)
        if at < m.start():  # text before the first label, or between turns: read as it is
            _clean(b, at, m.start())
        who = _speaker(m.group("label"))
        # the name the others call them by, beside the label: a summary uses either
        b.put(f"{shown(who, names)}: ", m.start("label"), m.start("label"))
        begin = len(b.to_src)
        _clean(b, m.end(), end)
        turns.append((begin, len(b.to_src), who))
        at = end
    if at < len(text):
        _clean(b, at, len(text))
    reading, to_src = b.done()
    return Reading(source=source, text=reading, to_source=to_src, turns=tuple(turns), names=names)


def read_sources(sources: Sequence[Source]) -> tuple[list[Source], dict[str, Reading]]:
    """The sources as the pipeline reads them, and the readings by source id (only the
    transcripts and the sources holding tables have one; every other source is passed on
    as it is)."""
    out: list[Source] = []
    readings: dict[str, Reading] = {}
    for s in sources:
        r = read_source(s)
        if r is None:
            out.append(s)
        else:
            readings[s.id] = r
            out.append(Source(id=s.id, text=r.text, metadata=s.metadata))
    return out, readings


def conversation(sources: Sequence[Source], readings: dict[str, Reading]) -> list[str]:
    """The turns (reading text) of the conversation an answer continues: the first source
    declared a chat by ``metadata.kind``, else the one source read as a transcript; none
    when several are and none is declared (a retrieved chunk of some other chat is not the
    conversation)."""
    readings = {k: r for k, r in readings.items() if r.turns}
    declared = [s.id for s in sources if s.id in readings and s.metadata.get("kind")]
    read = declared[:1] or (list(readings) if len(readings) == 1 else [])
    if not read:
        return []
    r = readings[read[0]]
    return [r.text[a:b] for a, b, _ in r.turns]


def read_answer(text: str) -> tuple[str, array[int] | None]:
    """``text`` with its speaker tags read as names (``#Person1#`` as ``Person1``), and the
    map back (None, and the text itself, when it has no tag)."""
    if "#" not in text or not _TAG.search(text):
        return text, None
    b = _Builder(text)
    at = 0
    for m in _TAG.finditer(text):
        b.copy(at, m.start())
        b.put(m.group(1), m.start(), m.end())
        at = m.end()
    b.copy(at, len(text))
    return b.done()


def locate(result: ClaimResult, readings: dict[str, Reading]) -> ClaimResult:
    """``result`` with the evidence it took from a reading put back into the original:
    each quote, its offsets, and the quotes its note repeats."""
    if not readings:
        return result
    note = result.note

    def back(e: Evidence | None) -> Evidence | None:
        nonlocal note
        r = readings.get(e.source_id) if e is not None else None
        if e is None or r is None:
            return e
        quote, a, b = r.quote(e.start, e.end)
        for old, new in ((e.quote, quote), (clip(e.quote), clip(quote))):
            note = note.replace(old, new)
        return e.model_copy(update={"quote": quote, "start": a, "end": b})

    evidence = [back(e) for e in result.evidence]
    contradicting = back(result.contradicting)
    if note == result.note and all(x is y for x, y in zip(evidence, result.evidence)) \
            and contradicting is result.contradicting:
        return result
    return result.model_copy(update={"evidence": evidence, "contradicting": contradicting, "note": note})
