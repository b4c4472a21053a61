"""Sentence segmentation and windowing with character offsets.

A dependency-free splitter: the checker must run on long sources without
loading a parser, and every window must map back to exact offsets so the
evidence quote can be shown inside its source.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import InputError

__all__ = [
    "MAX_ANSWER_CHARS", "MAX_DOC_CHARS", "MAX_SOURCE_CHARS", "MAX_TOTAL_SOURCE_CHARS", "STOPWORDS",
    "Span", "TextBuilder", "check_text", "clip", "content_words", "make_windows", "map_span",
    "split_sentences", "stated"
]

# The size limits, in characters: one set, whichever way a text comes in (library,
# CLI file, batch row, service); README, "Limits", lists them. E_TOO_LARGE past each.
# An answer: the offline extractor parses a long one 64 sentences at a time, and in
# verify no further than extract.max_claims needs, so it costs about 16 KB a sentence
# (a claim, a result and a report row each), not the 3.7 KB a character of one spaCy
# doc: 20,000 sentences, 2.3M characters, verify in 3 s and 334 MB over the loaded
# models (docs/benchmarks.md, "Long answers"). About 35,000 sentences of news text.
MAX_ANSWER_CHARS = 4_000_000
# One source, as a string, a dict, a Source or a file (about 4,000 pages: more is a
# collection for a corpus, not a source).
MAX_SOURCE_CHARS = 8_000_000
# All of one call's sources together: linking grows linearly with their text (4,000
# retrieved chunks, 2.6M characters, link in about 2 s and 0.1 GB on the 2-core machine:
# docs/benchmarks.md, "Precision among many sources"); past this, use a corpus (toulmin
# index / retrieve) instead of handing every chunk to one call.
MAX_TOTAL_SOURCE_CHARS = 16_000_000
# Any other one text: a claim or a document of score-pairs, a file read into a corpus
# (cut into windows there, after corpus.max_file_mb).
MAX_DOC_CHARS = 20_000_000

_WORD = re.compile(r"[a-z0-9]+")
_SURROGATE = re.compile("[\ud800-\udfff]")
STOPWORDS = frozenset(
    "the a an of to in and or is was are were be been for on at by with as that this it its from "
    "he she they his her their has have had not no but which who will would can".split()
)


def content_words(text: str, stop: frozenset[str] = STOPWORDS) -> set[str]:
    """Lower-cased word set of ``text`` without stop words (for lexical overlap)."""
    return {w for w in _WORD.findall(text.lower()) if w not in stop}

# Abbreviations after which a period does not end a sentence.
_ABBREV = {
    "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "vs", "etc", "inc", "ltd",
    "co", "corp", "no", "fig", "al", "e.g", "i.e", "u.s", "u.k", "jan", "feb",
    "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "gen",
    "col", "lt", "sgt", "capt", "rev", "gov", "sen", "rep", "approx", "dept",
}
_INITIALS = re.compile(r"[A-Z](?:\.[A-Z])+")
_BOUNDARY = re.compile(r"([.!?]+[\"')\]]*)(\s+)(?=[\"'(\[]?[A-Z0-9])|\n\s*\n|\n(?=\s*[-*#\d\[A-Z])")


@dataclass(frozen=True)
class Span:
    """A piece of a text, with its half-open character range ``[start, end)``."""

    start: int
    end: int
    text: str


def _is_abbrev(text: str, dot_pos: int) -> bool:
    # Look back a bounded distance: slicing text[:dot_pos] would make long sources quadratic.
    # the word must start after a non-alphanumeric: the "s" of "1970s." is no initial, nor
    # the "w" of "Kraków." (any letter counts, not only ASCII ones)
    m = re.search(r"(?<![^\W_])([A-Za-z.]+)$", text[max(0, dot_pos - 24) : dot_pos])
    if not m:
        return False
    word = m.group(1).rstrip(".")
    # Initials ("J. Smith", "J.K. Rowling", "C.S. Lewis") are no sentence ends: a name
    # cut after them left a claim "Rowling." and a quote that stops mid-name.
    initials = (len(word) == 1 and word.isalpha()) or _INITIALS.fullmatch(word) is not None
    return initials or word.lower() in _ABBREV


def split_sentences(text: str) -> list[Span]:
    """Split ``text`` into sentences; each keeps its offsets, whitespace trimmed."""
    spans: list[Span] = []
    start = 0
    for m in _BOUNDARY.finditer(text):
        if m.group(1) is not None:
            if m.group(1).startswith(".") and _is_abbrev(text, m.start(1)):
                continue
            end = m.end(1)
        else:
            end = m.start()
        _append(spans, text, start, end)
        start = m.end()
    _append(spans, text, start, len(text))
    return spans


def _append(spans: list[Span], text: str, start: int, end: int) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        spans.append(Span(start, end, text[start:end]))


def make_windows(
    text: str, max_words: int = 120, overlap_sentences: int = 1
) -> list[Span]:
    """Group consecutive sentences into windows of at most ``max_words`` words.

    Consecutive windows share ``overlap_sentences`` sentences so a fact stated
    across a sentence boundary is seen whole by at least one window. A single
    sentence longer than ``max_words`` is cut on word boundaries.
    """
    units: list[Span] = []
    for sent in split_sentences(text):
        units.extend(_cut_long(sent, max_words))
    if not units:
        return []
    windows: list[Span] = []
    i = 0
    while i < len(units):
        j, words = i, 0
        while j < len(units):
            n = len(units[j].text.split())
            if j > i and words + n > max_words:
                break
            words += n
            j += 1
        s, e = units[i].start, units[j - 1].end
        windows.append(Span(s, e, text[s:e]))
        if j >= len(units):
            break
        i = max(i + 1, j - overlap_sentences)
    return windows


def _cut_long(sent: Span, max_words: int) -> list[Span]:
    words = list(re.finditer(r"\S+", sent.text))
    if len(words) <= max_words:
        return [sent]
    out = []
    for k in range(0, len(words), max_words):
        chunk = words[k : k + max_words]
        s = sent.start + chunk[0].start()
        e = sent.start + chunk[-1].end()
        out.append(Span(s, e, sent.text[chunk[0].start() : chunk[-1].end()]))
    return out

class TextBuilder:
    """A text built from pieces of ``src`` and new words, with the offset in ``src`` of
    each of its characters (``done``): how a reading maps back to what the user passed."""

    def __init__(self, src: str):
        self.src = src
        self.parts: list[str] = []
        self.to_src = array("l")

    def copy(self, a: int, b: int) -> None:
        self.parts.append(self.src[a:b])
        self.to_src.extend(range(a, b))

    def put(self, text: str, a: int, b: int) -> None:
        """``text`` in place of the original ``[a, b)`` (an insertion when a == b): its
        last character stands for the original's last, so a span ending in it ends there."""
        if not text:
            return
        self.parts.append(text)
        self.to_src.extend([a] * (len(text) - 1))
        self.to_src.append(max(a, b - 1))

    @property
    def at(self) -> int:
        """The length of the text built so far."""
        return len(self.to_src)

    def done(self) -> tuple[str, array[int]]:
        self.to_src.append(len(self.src))
        return "".join(self.parts), self.to_src


def check_text(value: object, what: str, limit: int = MAX_DOC_CHARS) -> str:
    """Validate one text input; raise a clear InputError if it cannot be scored. ``limit``:
    the most characters it may have (the limits above)."""
    if isinstance(value, bytes):
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError as e:
            raise InputError("E_NOT_UTF8", f"{what} is not valid UTF-8 (byte {e.start})",
                             fix="re-encode the text as UTF-8") from e
    if not isinstance(value, str):
        raise InputError("E_BAD_TYPE", f"{what} must be a string, got {type(value).__name__}",
                         fix=f"pass {what} as text")
    bad = None if value.isascii() else _SURROGATE.search(value)
    if bad:
        # a JSON "\ud800" escape read into a str: no UTF-8 text holds it, and the model's
        # tokenizer or the report's writer would fail on it after all the work was done
        raise InputError("E_NOT_UTF8", f"{what} holds a lone surrogate (U+{ord(bad.group()):04X}) at "
                         f"character {bad.start()}, which no UTF-8 text can hold",
                         fix="escape characters outside the BMP as a surrogate pair, or send them as UTF-8")
    if "\x00" in value:
        raise InputError("E_BINARY", f"{what} contains NUL bytes; it looks like binary data",
                         fix="extract the text first (toulmin reads text, not binary files)")
    if not value.strip():
        raise InputError("E_EMPTY", f"{what} is empty", fix=f"give a non-empty {what}")
    if len(value) > limit:
        raise InputError("E_TOO_LARGE", f"{what} has {len(value):,} characters, over the limit of {limit:,}",
                         fix="split it into several parts (one source or one call each)")
    return value


def map_span(to: Sequence[int], start: int, end: int) -> tuple[int, int]:
    """The ``[start, end)`` of a rewritten text (markers cut, a transcript read clean) in
    the text it came from, through ``to``: each rewritten character's offset there, and
    one more entry for the end. A span ends after its last character's original, so a
    character that stood for several (a tag read as a name) still ends where they did."""
    if end <= start:
        return to[start], to[start]
    return to[start], to[end - 1] + 1


def clip(text: str, n: int = 160) -> str:
    """``text`` on one line, cut to ``n`` characters with an ellipsis (for notes and quotes)."""
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


_AUX_TAG = ("is|are|was|were|am|do|does|did|will|would|can|could|should|shall|must|might|have|has|had|"
            "isn|aren|wasn|weren|don|doesn|didn|won|wouldn|couldn|shouldn|haven|hasn|hadn|ain")
# "It's not expensive, is it?": a statement that asks to be confirmed states its clause
_TAG_QUESTION = re.compile(
    rf"^(?P<said>.+?),\s*(?:(?:{_AUX_TAG})(?:['’]t|\s+not)?\s+(?:i|you|he|she|it|we|they|there|that)|right)"
    r"\s*\?+\s*$", re.I)
# a clause that opens like a question asks, tag or no tag ("Why did he go, did he?")
_ASKS = re.compile(rf"^\s*(?:how|what|when|where|which|who|whom|whose|why|(?:{_AUX_TAG})(?:['’]t)?)\b", re.I)


def stated(sentence: str) -> str | None:
    """What ``sentence`` states: itself when it is no question, the clause before a tag
    ("It's not expensive, is it?" -> "It's not expensive."), None for a question, which
    states neither polarity."""
    if not sentence.rstrip().endswith("?"):
        return sentence
    m = _TAG_QUESTION.match(sentence.strip())
    if m is None or _ASKS.match(m.group("said")):
        return None
    return m.group("said") + "."
