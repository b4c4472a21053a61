"""Citation markers: find them in an answer and map them to sources.

Styles: ``[1]``, ``[1, 3]``, ``[1-3]``, ``[Source: 1]``, ``[S2]``/``[doc2]``,
``[Source: AAPL 10-Q 2023]``, ``(Source 2)``, ``(Smith et al., 2020)``,
``[^1]`` footnotes (their ``[^1]: ...`` definitions and ``[1] Title``
reference lines say what a label means), and phrases ("according to X",
"per the filing", "as reported in X").

A reference resolves by source id, then by position, then by the words the
sources carry as identifiers (id, title and short metadata values such as a
ticker, a year or a filing type, as seed 004's SEC-filing system uses).
A reference that names no source is kept and reported as unresolved.

The markers are cut out of the text the claim extractor reads (with a map
back to the answer's offsets): "[1]" is not part of what a claim asserts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..sources import Source
from ..text import map_span

__all__ = ["UNSPECIFIC", "Marker", "Parsed", "parse_citations", "resolve_ref"]

UNSPECIFIC = "names no specific source: checked against all"

_STOP = frozenset(
    "the a an of to in on for and or by with from at its their his her this that these those s "
    "according per as stated reported noted described shown mentioned see cf".split()
)
# Nouns that make a phrase a reference to a document even when it names none of the sources.
_DOC_NOUNS = frozenset(
    "source sources document doc filing report article paper study page passage excerpt chunk "
    "reference transcript release website survey 10-k 10-q 8-k 20-f s-1 proxy statement wiki "
    "wikipedia entry table section chapter appendix footnote".split()
)
# "According to the sources, ..." is a lead-in, not a citation of one of them.
_GENERIC = re.compile(
    r"^(?:the |these |those |your |this |provided |given |retrieved |available )+"
    r"(?:provided |given |retrieved |available )?"
    r"(?:sources?|documents?|context|information|passages?|results?|excerpts?|materials?|texts?|data)$",
    re.I,
)
_WORD = re.compile(r"[a-z0-9]+(?:[-.][a-z0-9]+)*")
_URL_NOISE = frozenset("http https www com org net html htm index".split())
_META_SKIP = frozenset({"superseded_by", "outdated", "stale", "status", "text"})

_NUM_LIST = re.compile(
    r"^\d{1,4}(?:\s*[-–]\s*\d{1,4})?(?:\s*(?:,|;|and|&)\s*\d{1,4}(?:\s*[-–]\s*\d{1,4})?)*$", re.I
)
_LABEL = r"(?:sources?|src|refs?|references?|docs?|documents?|citations?|cite|see)"
_BRACKET = re.compile(
    rf"(?<!!)\[\s*(?:(?P<label>{_LABEL})\b\s*[:#.]?\s*)?(?P<body>[^\[\]\n]{{1,80}}?)\s*\](?!\()", re.I
)
_FOOTNOTE = re.compile(r"\[\^(?P<body>[^\]\s]{1,20})\](?!:)")
_FOOTDEF = re.compile(r"^[ \t]*\[\^(?P<label>[^\]\s]{1,20})\]:[ \t]*(?P<body>.*?)[ \t]*$", re.M)
_REFLINE = re.compile(
    r"^[ \t]*\[(?P<label>\d{1,4})\][ \t]*[:.\-–—]?[ \t]*(?P<body>[^\n]{1,200}?)[ \t]*$", re.M
)
_PAREN = re.compile(rf"\(\s*(?P<label>{_LABEL})\b\s*[:#.]?\s*(?P<body>[^()\[\]\n]{{1,60}}?)\s*\)", re.I)
_AUTHOR_YEAR = re.compile(
    r"\((?P<body>[A-Z][\w'’\-]+(?:\s+(?:et al\.?|and [A-Z][\w'’\-]+|& [A-Z][\w'’\-]+))?,?\s+\d{4}[a-z]?)\)"
)
_PHRASE = re.compile(
    r"\b(?P<lead>according to|per|as (?:stated|reported|noted|described|shown|mentioned|explained|detailed)"
    r" (?:in|by)|(?:in|from) (?:the|its|their)"
    r"(?=\s[^,.;:!?\n]{0,40}?\b(?:filing|10-[kq]|8-k|annual report)\b))"
    r"\s+(?P<body>[^,.;:!?\n()\[\]]{1,60}?)(?=\s*(?:[,.;:!?\n)]|$|\s+(?:that|which|shows?|says?)\b))",
    re.I,
)
_NOT_A_REF = re.compile(r"^(?:citations? needed|sic!?|\.\.\.|…|edit|emphasis added|sources? needed)$", re.I)
_INDEXED_ID = re.compile(r"^(?:doc|document|source|src|ref|reference|s|d)\s*[-_#:]?\s*(\d{1,4})$", re.I)


@dataclass
class Marker:
    """One citation marker as it appears in the answer."""

    text: str
    start: int
    end: int
    style: str  # bracket | source_label | paren_source | author_year | footnote | phrase
    refs: list[str]
    # for each ref: the source ids it names (several for "the 10-Q" when many
    # sources are 10-Q chunks), or None with the reason it names none
    targets: list[list[str] | None] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    cut: tuple[int, int] = (0, 0)  # what is removed from the text the extractor reads
    sentence_wide: bool = False  # a phrase covers its whole sentence


@dataclass
class Parsed:
    markers: list[Marker]
    clean: str  # the answer without markers and reference definitions
    to_answer: Sequence[int]  # clean offset -> answer offset (one longer than ``clean``)
    anchors: list[int]  # clean offset where each marker was, in ``markers`` order

    def answer_span(self, start: int, end: int) -> tuple[int, int]:
        return map_span(self.to_answer, start, end)


def _tokens(text: str) -> set[str]:
    out: set[str] = set()
    for w in _WORD.findall(text.lower().replace("’", "'").replace("'s ", " ")):
        w = w.strip(".")
        out.add(w)
        if "-" in w or "." in w:
            out.update(p for p in re.split(r"[-.]", w) if p)
    return out


def _vocab(src: Source) -> set[str]:
    words = _tokens(src.id)
    for key, value in src.metadata.items():
        if key in _META_SKIP or isinstance(value, bool):
            continue
        if isinstance(value, (str, int)) and len(str(value)) <= 200:
            words |= _tokens(str(value))
    return words - _URL_NOISE


def resolve_ref(
    ref: str, sources: Sequence[Source], index_base: int = 1, vocabs: Sequence[set[str]] | None = None
) -> tuple[list[str] | None, str]:
    """Source ids a reference names, or None and why it names none."""
    ref = ref.strip().strip("[]().,;: ")
    low = ref.lower()
    for s in sources:
        if s.id.lower() == low:
            return [s.id], "by id"
    m = _INDEXED_ID.match(ref)
    number = ref if ref.isdigit() else (m.group(1) if m else None)
    if number is not None:
        # sources named "Source 2" or "doc2" are what [2] means, wherever they are in the list
        named = [s.id for s in sources if (n := _INDEXED_ID.match(s.id)) and int(n.group(1)) == int(number)]
        if len(named) == 1:
            return named, "by id"
        i = int(number) - index_base
        if 0 <= i < len(sources):
            return [sources[i].id], "by position"
        last = index_base + len(sources) - 1
        return None, f"there is no source {number}: {len(sources)} given, numbered {index_base}-{last}"
    names = [
        [str(s.metadata[k]).lower() for k in ("title", "url", "name") if isinstance(s.metadata.get(k), str)]
        for s in sources
    ]
    hits = [s.id for s, ns in zip(sources, names) if any(len(n) >= 4 and n in low for n in ns)]
    if hits:
        return hits, "by title"
    if vocabs is None:
        vocabs = [_vocab(s) for s in sources]
    words = {w.strip(".") for w in _WORD.findall(low.replace("’", "'").replace("'s", ""))} - _STOP
    content = words - _DOC_NOUNS
    nouns = words & _DOC_NOUNS
    if content:
        informative = content & set().union(*vocabs)
        # "a 2019 interview with the BBC" or "Smith 2020" must not resolve on the year alone
        has_name = any(not w.isdigit() for w in informative) or all(w.isdigit() for w in content)
        if len(informative) * 2 < len(content) or not has_name:
            return None, "matches no source's id, title or metadata"
        hits = [s.id for s, v in zip(sources, vocabs) if informative <= v]
        narrowed = [s.id for s, v in zip(sources, vocabs) if s.id in hits and nouns & v]
        if narrowed or hits:
            return narrowed or hits, "by identifiers"
        return None, "matches no source's id, title or metadata"
    if not nouns:
        return None, "names no source"
    hits = [s.id for s, v in zip(sources, vocabs) if nouns & v]
    if hits:
        return hits, "by identifiers"
    if len(sources) == 1:
        return [sources[0].id], "the only source"
    return [s.id for s in sources], UNSPECIFIC


def _cites(body: str, sources: Sequence[Source], index_base: int, vocabs: Sequence[set[str]]) -> bool:
    """Whether unlabelled bracket text is a reference: it names a source, or it
    looks like one that names none ("[S7]", "[Smith 2020]") - unlike "[sic]"."""
    if resolve_ref(body, sources, index_base, vocabs)[0] is not None:
        return True
    return bool(re.match(r"[A-Za-z][\w.'’\- ,&]*\d", body)) and len(body.split()) <= 6


def _numbers(body: str) -> list[str]:
    out: list[str] = []
    for part in re.split(r"\s*(?:,|;|\band\b|&)\s*", body.strip(), flags=re.I):
        if not part:
            continue
        rng = re.match(r"^(\d+)\s*[-–]\s*(\d+)$", part)
        if rng and 0 <= int(rng.group(2)) - int(rng.group(1)) <= 50:
            out.extend(str(n) for n in range(int(rng.group(1)), int(rng.group(2)) + 1))
        else:
            out.append(part)
    return out


def _definitions(
    answer: str, sources: Sequence[Source], index_base: int, vocabs: Sequence[set[str]]
) -> tuple[dict[str, str], list[tuple[int, int]]]:
    """Footnote definitions and reference-list lines: label -> text, and the lines to cut."""
    defs: dict[str, str] = {}
    cuts: list[tuple[int, int]] = []
    for m in _FOOTDEF.finditer(answer):
        defs["^" + m.group("label")] = m.group("body")
        cuts.append((m.start(), min(len(answer), m.end() + 1)))
    for m in _REFLINE.finditer(answer):
        body = m.group("body")
        # "[2] Apple 10-Q 2023" is a reference line only when it names a source
        # by something other than a number; "[2] Revenue rose" is text.
        got, how = resolve_ref(body, sources, index_base, vocabs)
        if got is not None and how in ("by id", "by title") and len(body.split()) <= 20:
            defs[m.group("label")] = body
            cuts.append((m.start(), min(len(answer), m.end() + 1)))
    return defs, cuts


def _cut_with_space(answer: str, start: int, end: int) -> tuple[int, int]:
    """Also remove the horizontal space before a marker, so "5% [1]." reads "5%."."""
    while start > 0 and answer[start - 1] in " \t":
        start -= 1
    return start, end


def _phrase_cut(answer: str, start: int, end: int) -> tuple[int, int] | None:
    """Cut "According to X, " or ", according to X" with its comma; leave phrases
    inside a clause alone (cutting them would break the sentence)."""
    before = answer[:start].rstrip(" \t")
    after_end = end
    while after_end < len(answer) and answer[after_end] in " \t":
        after_end += 1
    at_start = not before or before[-1] in ".!?\n:"
    if at_start and after_end < len(answer) and answer[after_end] == ",":
        stop = after_end + 1
        while stop < len(answer) and answer[stop] in " \t":
            stop += 1
        return start, stop
    if before.endswith(","):
        comma = len(before) - 1
        if after_end < len(answer) and answer[after_end] == ",":
            return comma, after_end + 1
        if after_end >= len(answer) or answer[after_end] in ".!?;\n":
            return comma, end
    return None


def parse_citations(
    answer: str, sources: Sequence[Source], *, index_base: int = 1, phrases: bool = True
) -> Parsed:
    vocabs = [_vocab(s) for s in sources]
    defs, def_cuts = _definitions(answer, sources, index_base, vocabs)
    in_def = [False] * (len(answer) + 1)
    for a, b in def_cuts:
        for i in range(a, b):
            in_def[i] = True
    found: list[Marker] = []
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return not in_def[a] and not any(a < y and x < b for x, y in taken)

    def add(m: Marker) -> None:
        m.targets, m.reasons = [], []
        for ref in m.refs:
            target = defs.get("^" + ref if m.style == "footnote" else ref)
            got, why = resolve_ref(target if target is not None else ref, sources, index_base, vocabs)
            m.targets.append(got)
            m.reasons.append(why if target is None else f"{why} (defined as “{target}”)")
        found.append(m)
        taken.append((m.start, m.end))

    for m in _FOOTNOTE.finditer(answer):
        if free(m.start(), m.end()):
            add(
                Marker(
                    m.group(0),
                    m.start(),
                    m.end(),
                    "footnote",
                    [m.group("body")],
                    cut=_cut_with_space(answer, m.start(), m.end()),
                )
            )
    for m in _BRACKET.finditer(answer):
        if not free(m.start(), m.end()) or m.group("body").startswith("^"):
            continue
        body, label = m.group("body").strip(), m.group("label")
        if _NUM_LIST.match(body):
            refs = _numbers(body)
            if not label and len(refs) == 2 and refs[0] == "0" and index_base == 1:
                continue  # "[0, 1]" is an interval, not sources 0 and 1
        else:
            refs = [p.strip() for p in body.split(";") if p.strip()] if label else [body]
            explicit = label is not None and label.lower() not in ("see", "cite")
            if _NOT_A_REF.match(body if not label else f"{label} {body}"):
                continue
            if not explicit and body not in defs and not _cites(body, sources, index_base, vocabs):
                continue  # "[sic]", "[citation needed]", "[see below]": not a source reference
        style = "source_label" if label else "bracket"
        add(
            Marker(
                m.group(0), m.start(), m.end(), style, refs, cut=_cut_with_space(answer, m.start(), m.end())
            )
        )
    for m in _PAREN.finditer(answer):
        if not free(m.start(), m.end()):
            continue
        body, label = m.group("body").strip(), m.group("label").lower()
        if _NUM_LIST.match(body):
            refs = _numbers(body)
        else:
            refs = [p.strip() for p in body.split(";") if p.strip()]
            if label in ("see", "cite") and not _cites(body, sources, index_base, vocabs):
                continue  # "(see above)"
        add(
            Marker(
                m.group(0),
                m.start(),
                m.end(),
                "paren_source",
                refs,
                cut=_cut_with_space(answer, m.start(), m.end()),
            )
        )
    for m in _AUTHOR_YEAR.finditer(answer):
        if not free(m.start(), m.end()):
            continue
        body = m.group("body")
        got, _ = resolve_ref(body, sources, index_base, vocabs)
        # "(Paris, 1889)" is prose unless it names a source; "et al." always cites
        if got is None and "et al" not in body:
            continue
        add(
            Marker(
                m.group(0),
                m.start(),
                m.end(),
                "author_year",
                [body],
                cut=_cut_with_space(answer, m.start(), m.end()),
            )
        )
    if phrases:
        for m in _PHRASE.finditer(answer):
            body = m.group("body").strip()
            if not free(m.start(), m.end()) or _GENERIC.match(body):
                continue
            lead = m.group("lead").lower()
            if lead == "per" and not re.match(r"(?:the|its|their|[A-Z0-9])", body):
                continue  # "per share", "per year"
            got, _ = resolve_ref(body, sources, index_base, vocabs)
            if got is None and not (_tokens(body) & _DOC_NOUNS):
                continue  # "according to experts": attribution, not a source reference
            cut = _phrase_cut(answer, m.start(), m.end())
            add(
                Marker(
                    m.group(0),
                    m.start(),
                    m.end(),
                    "phrase",
                    [body],
                    cut=cut or (m.end(), m.end()),
                    sentence_wide=True,
                )
            )
    found.sort(key=lambda k: k.start)
    return _clean(answer, found, def_cuts)


def _clean(answer: str, markers: list[Marker], def_cuts: list[tuple[int, int]]) -> Parsed:
    cuts = sorted([m.cut for m in markers if m.cut[1] > m.cut[0]] + def_cuts)
    if not cuts:
        # nothing to cut (most answers): the offsets are the answer's own, and a long answer
        # needs no table of them (three lists of a Python int a character, issue 31)
        return Parsed(markers, answer, range(len(answer) + 1), [m.start for m in markers])
    keep = [True] * len(answer)
    for a, b in cuts:
        for i in range(a, b):
            keep[i] = False
    chars: list[str] = []
    to_answer: list[int] = []
    clean_at = [0] * (len(answer) + 1)
    for i, ch in enumerate(answer):
        clean_at[i] = len(chars)
        if keep[i]:
            chars.append(ch)
            to_answer.append(i)
    clean_at[len(answer)] = len(chars)
    # cut definitions leave blank lines at the end; the extractor must not see them
    if len(chars) < len(answer):
        while chars and chars[-1].isspace():
            chars.pop()
            to_answer.pop()
    to_answer.append(to_answer[-1] + 1 if to_answer else 0)
    # a sentence that began with a cut phrase starts with its next word: capitalise it
    for m in markers:
        a, b = m.cut
        if b > a and m.style == "phrase" and a == m.start:
            j = clean_at[b] if b <= len(answer) else len(chars)
            if j < len(chars) and chars[j].islower():
                chars[j] = chars[j].upper()
    anchors = [clean_at[m.cut[0]] if m.cut[1] > m.cut[0] else clean_at[m.start] for m in markers]
    return Parsed(markers, "".join(chars), to_answer, anchors)
