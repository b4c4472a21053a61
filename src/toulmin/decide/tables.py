"""A claim's verdict from the cells of a table or record among its sources, where one of
the table rules settles it (tables/settle.py): it replaces the checker's reading of the
rows, with the arithmetic in the note and the cells as evidence."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..checks.finding import Finding
from ..checks.numbers import find_numbers
from ..extract.extractor import Claim
from ..report import ClaimResult, Evidence, Verdict
from ..tables.pick import cell_value, charges, label_words
from ..tables.render import Rendered
from ..tables.settle import settle
from ..tables.values import CALENDAR, human, stem, words
from ..tables.words import DOWN, FOR_COUNT, GENERIC, UP, agrees
from ..text import Span, split_sentences

__all__ = ["Tabled", "Tables", "by_table"]

# (source id, the source's reading, one of its tables)
Tabled = tuple[str, str, Rendered]


@dataclass(frozen=True)
class Tables:
    """The tables among an answer's sources, and the answer's sentences: a claim the
    extractor split off its qualifiers ("... had 1.3 million subscribers." apart from "in
    the North region" and "in 2024") is read with its sentence when alone it names no cell."""

    tabled: Sequence[Tabled] = ()
    sentences: Sequence[Span] = ()
    rows_support: bool = False  # decide.table_rows: "checker" (the checker's SUPPORTED from rows stands)

    def sentence_of(self, claim: Claim) -> str | None:
        for s in self.sentences:
            if s.start <= claim.start < s.end:
                return s.text
        return None

_VERDICT = {
    "SUPPORTED": Verdict.SUPPORTED,
    "CONTRADICTED": Verdict.CONTRADICTED,
    "UNSUPPORTED": Verdict.OVERREACH,
}
_STATUS = {"SUPPORTED": "ok", "CONTRADICTED": "mismatch", "UNSUPPORTED": "missing"}


def _in_rows(sid: str, start: int, end: int, tabled: Sequence[Tabled]) -> bool:
    """The span reads a table's row sentences (not only prose beside the table): a window
    that joins the last row to the sentence after it reads the row too."""
    return any(
        s == sid and r.rows and (r.alone or (start < r.rows[-1][1] + 1 and end > r.rows[0][0]))
        for s, _, r in tabled
    )


_CHANGED_FROM = re.compile(
    rf"\b(?:{UP}|{DOWN}|changed|moved)\s+(?:\w+\s+){{0,2}}?from\s+(?:about\s+|around\s+|roughly\s+|nearly\s+)?[$€£¥]?$"
)
_EACH = re.compile(r"\s*(?:[a-z-]+\s+){0,2}?(?:each|apiece|per head|per person)\b")


def _figure_of_the_table(claim: str, result: ClaimResult, tabled: Sequence[Tabled]) -> str:
    """A CONTRADICTED from the number check alone, against a table's rows, where the figure
    it refutes is a column's total over the rows ("2,869 applicants were offered places":
    Admitted's sum, the check read Applicants) or the "seven" of "one in seven": the check
    compared it with a cell it is not."""
    c = result.contradicting
    bad = [f for f in result.findings if f.status == "mismatch"]
    if c is None or not bad or any(f.kind != "number" for f in bad):
        return ""
    if not _in_rows(c.source_id, c.start, c.end, tabled):
        return ""
    low = claim.lower()
    why = []
    for f in bad:
        said = find_numbers(f.claim)
        if not said:
            return ""
        at = low.find(f.claim.lower())
        if at > 0 and re.search(r"\b(?:one|a|\d+)\s+(?:in|out of)\s*$", low[:at]):
            why.append(f"{f.claim!r} is a share (one in so many)")  # "fewer than one in seven applicants"
            continue
        if at > 0 and _CHANGED_FROM.search(low[:at]):
            why.append(f"{f.claim!r} is what it changed from")  # "rose from 3.6% a quarter earlier"
            continue
        if at >= 0 and _EACH.match(low, at + len(f.claim)):
            why.append(f"{f.claim!r} is each one's")  # "Orders agents handled about 284 contacts each"
            continue
        n = said[0]
        other = _of_another_unit(n.unit, f.source or "", c.source_id, tabled)
        if other:  # "lasts up to 14 hours" read against battery_wh 66
            why.append(f"{f.claim!r} is not in the unit of {other}")
            continue
        if n.bound or not any(agrees(n, x) for x in _column_totals(c.source_id, tabled)):
            return ""
        why.append(f"{f.claim!r} is the total of one of the table's columns")
    return "; ".join(why)


# units of measure as the number check and the cells read them (hours are seconds, kg grams)
_MEASURES = frozenset("s g m $ € £ ¥ w kw wh kwh gb tb mb ml litres".split())


def _of_another_unit(unit: str, source: str, sid: str, tabled: Sequence[Tabled]) -> str:
    """The columns holding the figure the number check compared (``source``), when every
    one of them is in a unit its header names and the claim's figure is in another: "up to
    14 hours" and ``battery_wh`` 66. "" when the claim's figure has no unit, or a cell with
    the figure is in no unit or in the claim's."""
    got = find_numbers(source)
    unit = unit.lower()
    if unit not in _MEASURES or not got:
        return ""  # "60 full-time-equivalent teachers": a count's noun, not a unit of measure
    x = got[0].value
    found = []
    for s, _, r in tabled:
        if s != sid:
            continue
        for i, row in enumerate(r.table.rows):
            for j, cell in enumerate(row):
                raw = find_numbers(cell.text) if cell is not None else []
                if not raw or raw[0].value != x:
                    continue
                v = cell_value(r, i, j)
                theirs = v.number.unit.lower() if v is not None and v.number is not None else ""
                if theirs not in _MEASURES or theirs == unit:
                    return ""
                found.append(f"{r.table.columns[j].text} ({theirs})")
    return ", ".join(dict.fromkeys(found))


def _column_totals(sid: str, tabled: Sequence[Tabled]) -> list[float]:
    """Each numeric column's sum over its rows (a Total or Average row left out)."""
    out = []
    for s, _, r in tabled:
        if s != sid:
            continue
        t = r.table
        rows = [i for i in range(len(t.rows)) if not set(label_words(t, i)) & {"total", "average"}]
        for j in range(len(t.columns)):
            cells = [cell_value(r, i, j) for i in rows]
            vals = [v.number.value for v in cells if v is not None and v.number is not None]
            if len(vals) == len(rows) >= 2:
                out.append(sum(vals))
    return out


def _unsettled(claim: str, result: ClaimResult, tabled: Sequence[Tabled]) -> ClaimResult:
    """A claim no table rule settles, that the checker calls SUPPORTED from a table's rows:
    PARTIALLY_SUPPORTED. The checker reads a row as a sentence and is no judge of what the
    cells compute (on TabFact its SUPPORTED from rows is right about half the time), so a
    green verdict from a table is the rules' to give."""
    why = _figure_of_the_table(claim, result, tabled) if result.verdict is Verdict.CONTRADICTED else ""
    if why:
        return result.model_copy(update={
            "verdict": Verdict.OVERREACH,
            "score": 0.0,
            "note": f"no rule ties the claim's words to the cells: {why}; not refuted by the cell the number "
            f"check read ({result.note})",
            "contradicting": None,
        })
    e = result.evidence[0] if result.evidence else None
    if result.verdict is not Verdict.SUPPORTED or e is None:
        return result
    if not _in_rows(e.source_id, e.start, e.end, tabled):
        return result
    return result.model_copy(update={
        "verdict": Verdict.PARTIALLY_SUPPORTED,
        "score": 0.5,
        "note": f"the table's rows are close to it, but no rule computes it from the cells ({result.note})",
        "supported_by": [],
    })


_DENIAL = re.compile(r"\b(?:not|no|never|excluded?|excluding|except|without|separately|n't)\b|n't\b")


def _prose_speaks(claim: str, sid: str, tabled: Sequence[Tabled]) -> bool:
    """The claim says a word its source's tables never hold, and a sentence of the prose
    beside them says it with a denial ("The $402 family premium includes dental coverage"
    beside "Dental and vision ... are not included in these premiums"): the table rule backs
    the figure, not what the prose denies of it. Names (capitalised in the claim) and words
    the prose says plainly are left to the table ("Cardell Metro's three lines carried ...")."""
    mine = [(text, r) for s, text, r in tabled if s == sid]
    if not mine or all(r.alone for _, r in mine):
        return False
    held: set[str] = set()
    for _, r in mine:
        t = r.table
        cells = [*t.columns, *(x for row in t.rows for x in row if x is not None)]
        held |= {stem(w) for x in cells for w in words(human(x.text))} | {stem(w) for w in words(t.caption)}
    said = re.findall(r"[A-Za-z]+", claim)
    left = {stem(w.lower()) for w in said if w.islower() and len(w) > 3 and w not in GENERIC} - held
    if not left:
        return False
    return any(
        _DENIAL.search(sent.text.lower()) and left & {stem(w) for w in words(sent.text)}
        for sent in split_sentences(mine[0][0])
    )


# a date's words and a period's: no story of its own ("month after month from February")
_CALENDAR = CALENDAR | frozenset("month months year years week weeks quarter quarters".split())
_BOUND_WORDS = re.compile(r"\b(?:from|through|thru|until|till|since|between)\b")


_QUALIFIER = re.compile(
    r"(?:in|on|at|during|for|from|between|with|by|over|since|after|before|against|across|through|"
    r"within|under)\b"
)


_FIGURE_OF_IT = re.compile(
    r"at\s+(?:about\s+|around\s+|roughly\s+|nearly\s+|just\s+)?[$€£]?\d[\d,.]*\s*(?:%|[a-z]+)?"
)


def _qualifier_cut(part: str, sentence: str) -> bool:
    """The part is its sentence with a phrase of place, time or circumstance cut off its
    end, no figure in it ("... play 5 games" of "... play 5 games in the month of November")."""
    # "... line at $1,134" of "... line, at $1,134 for six units": the extractor drops the comma
    core = re.sub(r",(?=\s)", "", part.strip().rstrip(".!?").strip())
    whole = re.sub(r",(?=\s)", "", sentence.strip().rstrip(".!?").strip())
    if not core or not whole.lower().startswith(core.lower()) or len(whole) == len(core):
        return False
    rest = whole[len(core):].strip(" ,;").lower()
    # "School visits peaked in May" of "..., at 88 groups": the figure of the same claim, which
    # names its measure (school_groups, not visitors)
    if _FIGURE_OF_IT.fullmatch(rest):
        return True
    # a figure in it ("with a score of 2 - 0") is a claim of its own, not a qualifier
    return bool(_QUALIFIER.match(rest)) and not re.search(r"\d", rest)


def _without_other_figures(part: str, sentence: str) -> str | None:
    """The sentence less its comma-set phrases that state a figure the part does not
    ("Skyvale flew 1,073 flights across these five routes in March" of "..., with 22
    cancellations"): the part's own claim with the qualifiers the sentence gave it. None
    when nothing is left out, or when a word of the part is not in what is left."""
    segments = re.split(r"(?<=\w),\s+", sentence.strip().rstrip(".!?"))
    own = _figures(part)
    kept = segments[:1] + [seg for seg in segments[1:] if _figures(seg) <= own]
    if len(kept) == len(segments):
        return None
    trimmed = ", ".join(kept) + "."
    left = {w.lower() for w in re.findall(r"\w+", trimmed)}
    if any(w.lower() not in left for w in re.findall(r"\w+", part)):
        return None
    return trimmed


_FOR_N = re.compile(r"\d[\d,.]*\s+" + FOR_COUNT)


def _count_of_a_figure(part: str, sentence: str) -> bool:
    """The part's only figures are the count another figure of the sentence is said for
    ("for six units" of "at $1,134 for six units"), cut from it: no claim of its own."""
    counts = {m.group(1) for m in _FOR_N.finditer(sentence.lower())}
    said = re.findall(r"\b(\d[\d,.]*|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+[a-z]+",
                      part.lower())
    return bool(said) and all(x in counts for x in said)


def _bounds(text: str) -> set[str]:
    return set(_BOUND_WORDS.findall(text.lower()))


_CAUSE = re.compile(
    r"\b(?:after|following|because(?: of)?|due to|thanks to|as a result of|driven by|owing to|once|"
    r"on the back of|in the wake of|(?:came|comes|come|stemmed|stems|resulted|results) from|caused by|"
    r"fu?ell?ed by|spurred by|attributed to|to compensate for|in response to|as compensation for|"
    # "dragged down by road works", "held back by a supplier's delays": the force behind a figure
    r"(?:dragged|held|pulled|pushed|weighed|boosted|lifted|propped|hurt|hit|helped|buoyed|dampened|"
    r"offset|squeezed|hampered|slowed)(?:\s+(?:down|up|back))?\s+by)\b[^,.;:]*"
)


def _unstated_cause(claim: str, sid: str, tabled: Sequence[Tabled]) -> str:
    """A clause of cause or occasion in the claim ("after its extension to Millbrook
    opened", "after a fare increase took effect") two of whose words (or a name) the source
    never says: the table backs the figure, not the story told of it. Empty when none."""
    held = {stem(w) for s, text, _ in tabled if s == sid for w in words(text)}
    for m in _CAUSE.finditer(claim):
        said = re.findall(r"[A-Za-z][A-Za-z'’-]+", m.group(0))[1:]
        before = re.findall(r"[A-Za-z]+", claim[: m.start()])[-1:]
        if said and before and said[0].lower() == before[0].lower():
            continue  # "month after month": every month, no occasion
        absent = [w for w in said if len(w) > 2 and w.lower() not in GENERIC and stem(w.lower()) not in held
                  and w.lower() not in _CALENDAR]
        if len(absent) >= 2 or any(w[0].isupper() for w in absent):
            return m.group(0).strip()
    return ""


def by_table(claim: Claim, result: ClaimResult, tables: Tables) -> ClaimResult:
    """``result``, or the verdict the table's cells give the claim (or, when they settle
    nothing of it alone, its sentence) when they settle it. A trivial claim, one past the
    claim budget or one a model could not judge is left as it is. A table rule that fails
    on the claim (a bug) makes its verdict ERROR with the reason, not the whole answer's
    verification: the other claims keep theirs."""
    if not tables.tabled or result.verdict in (Verdict.TRIVIAL, Verdict.NOT_CHECKED, Verdict.ERROR):
        return result
    try:
        return _by_table(claim, result, tables)
    except Exception as e:  # reported as the claim's ERROR, with its cause: never a verdict guessed
        return result.model_copy(update={
            "verdict": Verdict.ERROR,
            "score": None,
            "note": f"the table rules failed on this claim ({type(e).__name__}: {e}); a bug in toulmin: "
            "please report it with the claim and its source",
            "evidence": [],
            "contradicting": None,
            "supported_by": [],
            "decided_by": "table",
        })


def _figures(text: str) -> set[tuple[float, str]]:
    return {(n.value, n.unit) for n in find_numbers(text)}


def _by_table(claim: Claim, result: ClaimResult, tables: Tables) -> ClaimResult:
    tabled = tables.tabled
    got = settle(claim.text, [(sid, r) for sid, _, r in tabled])
    sentence = tables.sentence_of(claim)
    if sentence and sentence.strip() != claim.text.strip():
        whole = settle(sentence, [(sid, r) for sid, _, r in tabled])
        # its sentence names a period the table has no row for ("... PUE of 1.16" split off
        # "in Q3 2024"): the claim's figure is of that period, so no other period refutes it
        if got is None and whole is None:
            # "Skyvale flew 1,073 flights" of "... across these five routes in March, with 22
            # cancellations": read with the sentence's qualifiers, less its other figures
            trimmed = _without_other_figures(claim.text, sentence)
            whole = settle(trimmed, [(sid, r) for sid, _, r in tabled]) if trimmed else None
        if got is None or (whole is not None and whole.missing_row):
            got = whole
        elif (got.verdict == "UNSUPPORTED" and not got.quotes and whole is not None
              and whole.verdict == "SUPPORTED" and _figures(sentence) <= _figures(claim.text)):
            # "TRK-10444 took five days" cut from "... from shipping to delivery": no field speaks of
            # it alone, its sentence's dates do; the sentence states no figure the part leaves out
            got = whole
        elif charges(sentence.lower()) and not charges(claim.text.lower()):
            # "... cost $725" split off "including the cleaning fee": the figure is the sentence's
            got = whole
        elif whole is not None and _bounds(sentence) - _bounds(claim.text):
            # "rose month after month" cut from "... from February through June": the trend the
            # sentence bounds, not the table's whole run
            got = whole
        elif (whole is not None and whole.verdict == "SUPPORTED" and got.verdict == "CONTRADICTED"
              and (_qualifier_cut(claim.text, sentence) or _count_of_a_figure(claim.text, sentence))):
            # "play 5 games" cut from "... in the month of November": the count the sentence
            # narrows, which the answer said, not the season's
            got = whole
    if got is not None and got.verdict == "SUPPORTED" and _prose_speaks(claim.text, got.source_id, tabled):
        got = None  # the table backs its figure; what else the claim says is the prose's to judge
    if got is None:
        return result if tables.rows_support else _unsettled(claim.text, result, tabled)
    cause = _unstated_cause(claim.text, got.source_id, tabled) if got.verdict == "SUPPORTED" else ""
    texts = {sid: t for sid, t, _ in tabled}
    evidence = [Evidence(source_id=sid, quote=texts[sid][a:b], start=a, end=b) for sid, a, b in got.quotes]
    verdict = _VERDICT[got.verdict] if not cause else Verdict.PARTIALLY_SUPPORTED
    finding = Finding(
        kind="table",
        status=_STATUS[got.verdict],
        claim=claim.text,  # type: ignore[arg-type]
        source=got.note,  # what the cells say, in the table's words: a suggestion quotes it
        note=got.note,
    )
    note = {
        "SUPPORTED": "the table states this",
        "CONTRADICTED": "the table says otherwise",
        "UNSUPPORTED": "the table does not state this",
    }[got.verdict]
    if cause:  # the figure is the table's; why or when it happened is not
        note = f"the table backs the figure but the source does not say {cause!r}"
    return result.model_copy(
        update={
            "verdict": verdict,
            "score": 1.0 if verdict is Verdict.SUPPORTED else 0.5 if cause else 0.0,
            "probs": None,
            "note": f"{note}: {got.note}",
            "evidence": evidence,
            "contradicting": evidence[0] if verdict is Verdict.CONTRADICTED and evidence else None,
            "conflict": False,
            "findings": [finding],
            "supported_by": [got.source_id] if verdict is Verdict.SUPPORTED else [],
            "decided_by": "table",
        }
    )
