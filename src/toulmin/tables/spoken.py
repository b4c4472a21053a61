"""Where a claim says a table's values and headers, read as stems: the shared reading of
the rules that find a row by any of its cells (one_row.py, extreme_row.py, count_rows.py).

A claim is a list of word stems ("the blue jay" and the cell "Blue Jays" both read
["the", "blue", "jay"]); a cell is said where its stems stand in the claim in a row.
"""

from __future__ import annotations

import re

from .parse import Table
from .values import human, stem
from .words import GENERIC, NEG

__all__ = [
    "JOINING", "Spans", "at", "comparative", "header", "kept_spans", "named_by",
    "narrowed", "said_words", "says_more", "table_words", "text_of",
]

# (start, end) of a stretch of the claim's stems -> the rows holding a cell said there
Spans = dict[tuple[int, int], set[int]]

_TOKEN = re.compile(r"[a-z0-9]+(?:[.'][a-z0-9]+)*")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
EMPTY_CELL = frozenset({"", "-", "--", "n/a", "na", "none", "yes", "no", "true", "false", "tbd", "tba"})


def _singular(w: str) -> str:
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") and not w[0].isdigit() else w


def said_words(text: str) -> list[str]:
    """The stems of ``text``'s words as written, a number without its thousands' commas or
    its ordinal's letters, a plural as its singular however short ("jays": TabFact's
    statements say "the blue jay")."""
    plain = _ORDINAL_DIGITS.sub(r"\1", _THOUSANDS.sub("", text.lower()))  # "the 85th pick": pick 85
    return [_singular(stem(w)) for w in _TOKEN.findall(plain)]


_ORDINAL_DIGITS = re.compile(r"\b(\d+)(?:st|nd|rd|th)\b")


# words that join a row's values into a sentence without stating more than the row: when and
# where it happened, what took place, who played, represented or competed, the row's kind
JOINING = frozenset(
    w for x in """when while during where against versus vs play played plays place placed take took taken
    hold holds held make made use used show shows shown list listed follow followed represent represented
    compete competed release released visit visited attend attended enter entered receive received select
    selected born bear die died work worked base based happen happened perform performed locate located
    game match team player episode race tournament event member entry edition number result record overall
    final season round title s""".split() for w in said_words(x)
)


def at(seq: list[str], sub: list[str]) -> list[int]:
    """Where ``sub`` stands in ``seq``."""
    n = len(sub)
    return [k for k in range(len(seq) - n + 1) if seq[k:k + n] == sub] if n else []


def header(text: str) -> list[str]:
    """A header's words, its unit in brackets left out: "height (m)" -> ["height"]; a
    record's field by its own name ("hours.Sunday" -> ["sunday"])."""
    return said_words(re.sub(r"\([^)]*\)", " ", human(text.split(".")[-1])))


def text_of(t: Table, i: int, j: int) -> str:
    cell = t.rows[i][j]
    return cell.text.strip() if cell is not None else ""


def table_words(t: Table) -> set[str]:
    """The words of the table's headers and caption: a claim may say them of any row."""
    return {w for c in t.columns for w in header(c.text)} | set(said_words(t.caption))


def named_by(t: Table, i: int, cols: list[int]) -> str:
    """Row ``i`` by its cells in ``cols`` (those the claim named it by), else by its label."""
    if not cols and 0 <= t.label < len(t.columns):
        cols = [t.label]
    return ", ".join(text_of(t, i, c) for c in cols if text_of(t, i, c))


def kept_spans(said: list[str], t: Table) -> Spans:
    """Where cells' values are said: each stretch of the claim (within no longer one) and
    the rows holding it. Empty cells, one letter and words any sentence has are no value."""
    spans: Spans = {}
    for i, row in enumerate(t.rows):
        for j in range(len(row)):
            text = text_of(t, i, j)
            if text.lower() in EMPTY_CELL:
                continue
            w = said_words(text)
            one_letter = len(w) == 1 and len(w[0]) < 2 and not w[0].isdigit()
            if not w or one_letter or all(x in GENERIC for x in w):
                continue
            for k in at(said, w):
                spans.setdefault((k, k + len(w)), set()).add(i)
    return {s: rows for s, rows in spans.items()
            if not any(o != s and o[0] <= s[0] and s[1] <= o[1] for o in spans)}


def says_more(said: list[str], spans: Spans, t: Table, also: frozenset[str] = frozenset()) -> bool:
    """The claim has a word beyond the values it says, the table's headers and caption,
    joining words and ``also``: a word that may narrow the rows it speaks of."""
    covered = {k for a, b in spans for k in range(a, b)}
    heads = table_words(t)
    return any(k not in covered and w not in heads and w not in GENERIC and w not in JOINING and w not in also
               for k, w in enumerate(said))


def _columns_holding(w: str, t: Table) -> list[int]:
    """The columns some of whose cells (not all) hold the word ``w`` among theirs."""
    out = []
    for j in range(len(t.columns)):
        hits = sum(w in said_words(text_of(t, i, j)) for i in range(len(t.rows)))
        if 0 < hits < len(t.rows):
            out.append(j)
    return out


def comparative(claim: str, beyond: re.Pattern[str], more: frozenset[str], less: frozenset[str]
                ) -> tuple[list[str], int, int] | None:
    """The claim's stems, where its one comparative word is and where its one "than" after
    it is ("germany have more gold than belgium"); None for a negation, a word ``beyond``
    matches, or not exactly one of each."""
    low = claim.lower()
    if NEG.search(low) or beyond.search(low) or low.count(" than ") != 1:
        return None
    said = said_words(claim)
    than = said.index("than") if "than" in said else -1
    at = [k for k, w in enumerate(said) if w in more or w in less]
    if than < 1 or len(at) != 1 or at[0] > than:
        return None
    return said, at[0], than


def narrowed(said: list[str], covered: set[int], t: Table, also: frozenset[str] = frozenset(),
             everywhere: bool = False) -> tuple[set[int], list[int]] | None:
    """The rows the claim's words beyond its values narrow the table to ("in april" of
    "april 12 , 2009"), and the column each such word is of: every word at a position not
    ``covered`` that is no header's or caption's, joining word or word of ``also`` must be
    held by some (not all) cells of exactly one column; with ``everywhere``, a word every
    cell of a column holds narrows nothing ("in 1979" of a 1979 season). None when a word
    is no column's to narrow by."""
    named = table_words(t)
    rows = set(range(len(t.rows)))
    cols: list[int] = []
    for k, w in enumerate(said):
        if k in covered or w in named or w in GENERIC or w in JOINING or w in also:
            continue
        if everywhere and any(all(w in said_words(text_of(t, i, j)) for i in range(len(t.rows)))
                              for j in range(len(t.columns))):
            continue
        holding = _columns_holding(w, t)
        if len(holding) != 1:
            return None
        cols.append(holding[0])
        rows &= {i for i in range(len(t.rows)) if w in said_words(text_of(t, i, holding[0]))}
    return rows, cols
