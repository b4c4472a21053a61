"""A claim that names values of one row and nothing else: a lookup the other rules did not
read ("the score for the edmonton drillers on january 6, 2008 be 4 - 8").

Every stretch of the claim that is a cell's value as written (or a cell's words in
another order: "june 10 1968" for "10 june 1968") is found; when all of them are cells of
one row, each column the claim names by its header holds one of them in that row (in the
role the claim binds it to: "the lead with third as jacquie armstrong" needs her in the
third's cell), and the claim says nothing the cells cannot back (no figure of its own, no
comparison, count, superlative, negation or outcome, no word beyond the row's values, the
table's headers and caption and words that join values: "when", "against", "play",
"hold"), the row states the claim. A claim of clauses ("X play for A and Y play for B")
is read clause by clause, a row each. The rule only ever supports: values spread over
rows, or a header whose cell the claim does not say, leave the claim to the other
readings (a value from another row is not a refutation by itself).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .parse import Table
from .pick import Pick, Settled, settled
from .render import Rendered
from .spoken import EMPTY_CELL, JOINING, Spans, at, header, kept_spans, said_words, table_words, text_of
from .words import GENERIC, NEG, THAN, TOTAL

__all__ = ["one_row", "said_cells"]

# what a row's values alone cannot back: a comparison, a rank, a count, a quantity of rows,
# a bound, an outcome read from a score ("beat", "lose": which side won is not a cell)
_BEYOND = re.compile(
    r"\b(?:most|least|more|less|fewer|only|all|every|each|both|either|neither|none|any|other|another|"
    r"same|different|first|last|before|after|until|since|between|over|under|above|below|"
    r"higher|lower|larger|smaller|longer|shorter|earlier|later|better|worse|majority|average|"
    r"twice|double|triple|half|times|beat|beats|lose|loses|lost|win|wins|won|defeat\w*|def|draw|"
    r"tie|tied|best|worst|again|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen)\b"
)
_SUPERLATIVE = re.compile(r"\b\w{3,}est\b")
_NOT_SUPERLATIVE = frozenset(
    "west forest interest contest honest request harvest protest modest suggest invest guest "
    "test quest nest rest chest pest crest digest manifest arrest".split()
)
# a header said as one common word ("team", "name") is the claim's word, not the column named
_LOOSE_HEADERS = frozenset({"name", "team", "date"})


def one_row(claim: str, tables: Sequence[tuple[str, Rendered]]) -> Settled | None:
    """SUPPORTED with the row's cells quoted when every value the claim names is a cell of
    one row of one table (see the module's note); None otherwise."""
    low = claim.lower()
    if NEG.search(low) or THAN.search(low):
        return None
    beyond = [m.group(0) for p in (TOTAL, _BEYOND) for m in p.finditer(low)]
    beyond += [w for w in _SUPERLATIVE.findall(low) if w not in _NOT_SUPERLATIVE]
    said = said_words(claim)
    for sid, r in tables:
        heads = {w for c in r.table.columns for w in header(c.text)}
        # a word of a header is the column's name ("the win driver" of "winning driver", "first
        # elect" of "first elected"), not an operation on the rows
        if all(set(said_words(b)) <= heads for b in beyond):
            got = _of_table(said, sid, r)
            if got is not None:
                return got
    return None


def _of_table(said: list[str], sid: str, r: Rendered) -> Settled | None:
    t = r.table
    spans = kept_spans(said, t)
    kept = list(spans)
    heads = [header(c.text) for c in t.columns]
    covered = {k for a, b in kept for k in range(a, b)}
    # a cell's words in another order ("on june 10 1968" of "10 june 1968")
    partial = _partial(said, covered, t)
    if partial is None:
        return None  # a word (or figure) no cell holds: the row does not back it
    if len(kept) + len({j for j, _ in partial.values()}) < 2:
        return None
    found = _row_of(said, kept, spans, heads, r, partial)
    if found is not None:
        return _supported(sid, r, [found])
    if partial:
        return None
    # "nathan thomas play for cn barcelona and toby jenkins play for brisbane barracuda": a
    # lookup per clause, each clause's values in one row (the same or another)
    cuts = [k for k, w in enumerate(said) if w in _CLAUSE_JOINS and k not in covered]
    if not cuts:
        return None
    found_all = []
    for a, b in zip([0, *(k + 1 for k in cuts)], [*cuts, len(said)]):
        mine = [(x - a, y - a) for x, y in kept if a <= x and y <= b]
        part = _row_of(said[a:b], mine, {(x - a, y - a): spans[(x, y)] for x, y in kept if a <= x and y <= b},
                       heads, r)
        if part is None:
            return None
        found_all.append(part)
    return _supported(sid, r, found_all)


def _partial(said: list[str], covered: set[int], t: Table) -> dict[int, tuple[int, set[int]]] | None:
    """The claim's words beyond its values, the headers, the caption and joining words: each
    run of them must be a cell's words in another order ("on june 10 1968" of "10 june
    1968"); the run's words with that cell's column and the rows holding such a cell. None
    when a run is no cell's (a figure of its own, a word the table does not back)."""
    named = table_words(t)
    loose = [k for k, w in enumerate(said) if k not in covered and w not in named
             and (w[0].isdigit() or (w not in GENERIC and w not in JOINING))]
    out: dict[int, tuple[int, set[int]]] = {}
    runs: list[list[int]] = []
    for k in loose:
        if runs and runs[-1][-1] == k - 1:
            runs[-1].append(k)
        else:
            runs.append([k])
    for run in runs:
        bag = sorted(said[k] for k in run)
        holding = [(j, rows) for j in range(len(t.columns)) if (rows := {
            i for i in range(len(t.rows)) if sorted(said_words(text_of(t, i, j))) == bag})]
        if len(holding) != 1:
            return None
        out.update({k: holding[0] for k in run})
    return out


_CLAUSE_JOINS = frozenset({"and", "while", "but", "whereas"})


def _row_of(
    said: list[str], kept: list[tuple[int, int]], spans: Spans,
    heads: list[list[str]], r: Rendered, partial: dict[int, tuple[int, set[int]]] | None = None,
) -> tuple[int, list[int]] | None:
    """The row holding every value ``kept`` marks in ``said`` and every word of ``partial``
    in its column (two at least between them), and the columns of those values; None when
    no row does."""
    partial = partial or {}
    held = [spans[s] for s in kept] + [rows for _, rows in partial.values()]
    if len(kept) + len({j for j, _ in partial.values()}) < 2 or not held:
        return None
    words_of = sorted({j for j, _ in partial.values()})
    for i in sorted(set.intersection(*held)):
        cells = said_cells(said, kept, heads, i, r, 2 - len(words_of), spoken=words_of)
        if cells is not None:
            return i, sorted({*cells, *words_of})
    return None


def _supported(sid: str, r: Rendered, found: list[tuple[int, list[int]]]) -> Settled:
    t = r.table
    named = "; ".join(", ".join(f"{text_of(t, i, j)!r} ({t.columns[j].text.strip()})" for j in cells)
                      for i, cells in found)
    what = "one row holds" if len(found) == 1 else "a row for each of its clauses holds"
    quoted = [(i, j) for i, cells in found for j in cells]
    p = Pick(sid, r, [i for i, _ in found], [j for _, cells in found for j in cells], 0)
    return settled(p, "SUPPORTED", f"{what} every value the claim names: {named}", quoted)


def said_cells(
    said: list[str], kept: list[tuple[int, int]], heads: list[list[str]], i: int, r: Rendered,
    least: int = 2, skip: int = -1, spoken: Sequence[int] = (),
) -> list[int] | None:
    """The columns of row ``i`` whose values the claim says; None when the claim names a
    column by its header and does not say that column's value in this row, or binds the
    header to another value ("the lead with third as jacquie armstrong", where she is the
    lead: "third as" says the third's value)."""
    covered = {k for a, b in kept for k in range(a, b)}
    out = []
    for j in range(len(r.table.rows[i])):
        if j == skip:
            continue
        text = text_of(r.table, i, j)
        w = said_words(text) if text.lower() not in EMPTY_CELL else []
        said_here = j in spoken or _is_said(said, w, covered)
        h = heads[j]
        if h and not (len(h) == 1 and h[0] in _LOOSE_HEADERS):
            # "home team" in "home team score": the longer header is the one said
            named = [k for k in at(said, h) if not _within_longer(said, k, h, heads)]
            if named and not said_here:
                return None
            for k in named:
                before = next((x for x in kept if x[1] == k), None)
                if before is not None and said[before[0]].replace(".", "").isdigit():
                    bound: tuple[int, int] | None = before  # "with 17 point": the figure of points
                elif any(a <= k <= b for a, b in kept):
                    continue  # "richmond home team", "... high school": it names the value before it
                else:
                    bound = _bound_to(said, kept, k + len(h)) or _bound_from(said, kept, k)
                if bound is not None and said[bound[0]:bound[1]] != w and j not in spoken:
                    return None
        if said_here and j not in spoken:
            out.append(j)
    return out if len(out) >= least else None


def _is_said(said: list[str], w: list[str], covered: set[int]) -> bool:
    """The cell's words ``w`` stand in the claim as one of the values it names."""
    return bool(w) and any(set(range(k, k + len(w))) <= covered for k in at(said, w))


def _within_longer(said: list[str], k: int, h: list[str], heads: list[list[str]]) -> bool:
    """The header ``h`` said at ``k`` is part of a longer header said there ("home team" in
    "home team score")."""
    return any(len(o) > len(h) and any(x <= k and k + len(h) <= x + len(o) for x in at(said, o))
               for o in heads)


_BINDS = frozenset({"as", "be", "is", "was", "the", "a"})


def _bound_to(said: list[str], kept: list[tuple[int, int]], pos: int) -> tuple[int, int] | None:
    """The value said right after a header and a binding word ("third as jacquie armstrong",
    "score be 4 - 8"; not "of", which names the row: "the developer of X"): the span that
    starts there, if any."""
    k = pos
    while k < len(said) and k - pos < 2 and said[k] in _BINDS:
        k += 1
    if k == pos:
        return None
    return next((s for s in kept if s[0] == k), None)


def _bound_from(said: list[str], kept: list[tuple[int, int]], pos: int) -> tuple[int, int] | None:
    """The value said right before "be the" / "as" and a header ("south sydney rabbitohs be
    the win team", "john breaux be the incumbent"): the span that ends there, if any. A
    header after "be" alone is a verb's ("yielding be written by sarah thorp")."""
    for joint in _BINDS_BEFORE:
        n = len(joint)
        if pos >= n and tuple(said[pos - n:pos]) == joint:
            return next((s for s in kept if s[1] == pos - n), None)
    return None


_BINDS_BEFORE = (
    ("be", "the"), ("be", "a"), ("is", "the"), ("was", "the"), ("as", "the"), ("as", "a"), ("as",)
)
