"""A count of rows that meet a condition ("three stores sold more than 100 units")."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..checks.numbers import Number
from .pick import (
    Pick,
    Settled,
    cell_value,
    fits,
    row_name,
    settled,
)
from .said import as_said
from .values import Value, header_words, human, stem, words
from .words import (
    CMP_OVER,
    CMP_UNDER,
    NUMBER_WORDS,
    ZERO_WORDS,
    ClaimText,
)

__all__ = ["COUNT_HEAD", "Test", "count"]

# a count's word at the head of a claim: "two of the ...", "every plan", "both cars"
COUNT_HEAD = re.compile(
    r"^\s*(?:only\s+)?(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|all|none|"
    r"both|neither|half|every|each)\b"
)


def count(c: ClaimText, p: Pick, nums: list[Number]) -> Settled | None:
    """ "Two of the five laptops weigh under 1.5 kg", "three products are in stock"."""
    t = p.r.table
    if len(t.rows) < 2:
        return None
    m = re.match(
        COUNT_HEAD.pattern + r"(?:\s+of\s+(?:the|its|their)(?:\s+(\d+|two|three|four|five|six|seven|eight|"
        r"nine|ten|eleven|twelve))?)?",
        c.low,
    ) or re.search(  # "Dogs are allowed on three of the four trails"
        r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|all|none|both|half)\s+of\s+"
        r"(?:the|its|their)\b",
        c.low,
    )
    after = m.end() if m else 0
    if m is None and nums:
        return None  # "sold just under 2 million units in all platforms": a total, not each row's
    m = m or _quantified_after(c, p)
    if not m:
        return None
    word = m.group(1)
    if word in ("every", "each"):  # "Every plan includes EU roaming": all of them
        word = "all"
    # "topped 85% in three of the six months": the bound may come before the count
    cond = _condition(c, p, nums, after) or (_condition(c, p, nums, 0, bounds_only=True) if after else None)
    if cond is None:
        return None
    j, test, what = cond
    hits = [i for i in range(len(t.rows)) if test(i)]
    known = [i for i in range(len(t.rows)) if cell_value(p.r, i, j) is not None]
    want = len(known) if word == "all" else len(known) / 2 if word == "half" else NUMBER_WORDS.get(word)
    if want is None:
        want = int(word) if word.isdigit() else None
    if want is None:
        return None
    ok = len(hits) == want
    listed = ", ".join(row_name(p, i) for i in hits) or "none"
    shown = hits or known
    if not ok and want == len(known):  # "every plan", "both cars": the rows that fail it refute it
        shown = [i for i in known if i not in hits] + hits
    return settled(
        p,
        "SUPPORTED" if ok else "CONTRADICTED",
        f"{len(hits)} of {len(known)} rows {what}: {listed}",
        [(i, j) for i in shown],
    )


_QUANTIFIED_AFTER = re.compile(
    r"\b(?:with|for|on|in|at|to)\s+(all|both|every|each)\s+(?:of\s+)?(?:the\s+|its\s+|their\s+)?"
    r"(?:\d+\s+|two\s+|three\s+|four\s+|five\s+|six\s+|seven\s+|eight\s+|nine\s+|ten\s+)?([a-z]+)"
)


def _quantified_after(c: ClaimText, p: Pick) -> re.Match[str] | None:
    """ "Breakfast is included with both rooms", "free Wi-Fi in every room": the rows
    quantified after what is said of them, named by the table's own noun (its caption, its
    label column's header)."""
    m = c.has(_QUANTIFIED_AFTER)
    if m is None:
        return None
    t = p.r.table
    nouns = {stem(w) for w in words(t.caption)}
    if 0 <= t.label < len(t.columns):
        nouns |= header_words(t.columns[t.label].text)
    return m if stem(m.group(2)) in nouns else None


Test = Callable[[int], bool]


_A_COUNT = re.compile(
    r"\s*(?:half|a third|a quarter|one|two|three|\d+)\b(?:\s+\w+)?\s+of\s+(?:the|its|their)\b"
)


def _condition(
    c: ClaimText, p: Pick, nums: list[Number], after: int, bounds_only: bool = False
) -> tuple[int, Test, str] | None:
    """The column and the test a count's rows meet: a bound on a number ("under 1.5 kg")
    or a yes/no column ("in stock")."""
    t = p.r.table
    for n in nums:
        if n.start < after or (bounds_only and _A_COUNT.match(c.low, n.start)):
            continue  # ("more than half of the team", "more than 1 of the presidents": a count, no bound)
        before = c.low[: n.start + 1]  # (a number's start is the space before it)
        op = n.bound or (">" if CMP_OVER.search(before) else "<" if CMP_UNDER.search(before) else "")
        if not op:
            continue
        for j in p.cols or range(len(t.columns)):
            v = cell_value(p.r, 0, j)
            if v is None or not fits(n, v):
                continue

            def bound(i: int, j: int = j, op: str = op, n: Number = n) -> bool:
                x = cell_value(p.r, i, j)
                if x is None or x.number is None:
                    return False
                # the cell as the claim says it: "at least four hours" against a bare 4 under `hours`
                got = as_said(n, x, t.columns[j].text)
                held = {">": got > n.value, ">=": got >= n.value, "<": got < n.value, "<=": got <= n.value}
                return held.get(op, False)

            # "under $45" carries its own bound word
            shown = n.text if n.bound else f"{'over' if op == '>' else 'under'} {n.text}"
            return j, bound, f"with {t.columns[j].text} {shown}"
    if bounds_only:
        return None
    for j in p.cols:
        vals = [cell_value(p.r, i, j) for i in range(len(t.rows))]
        if all(v is not None and (v.truth is not None or v.empty) for v in vals):
            want = not c.negated
            if _opposite(c.low[after:], t.columns[j].text):
                want = not want  # "out of stock" against `in_stock`: the rows whose answer is no

            def yes(i: int, j: int = j, want: bool = want) -> bool:
                x = cell_value(p.r, i, j)
                return x is not None and x.truth is want

            return j, yes, f"with {t.columns[j].text} {'yes' if want else 'no'}"
        kind = _category(c, vals, after)
        if kind is not None:  # "Both cars come with a full service history": a column of words

            def said(i: int, j: int = j, kind: str = kind) -> bool:
                x = cell_value(p.r, i, j)
                return x is not None and x.text.strip().lower() == kind

            return j, said, f"with {t.columns[j].text} {kind}"
        numbers = all(v is not None and v.number is not None for v in vals)
        if (c.has(ZERO_WORDS) or c.has(_SOLD_OUT)) and numbers:

            def none(i: int, j: int = j, want: bool = not c.negated) -> bool:
                x = cell_value(p.r, i, j)
                return x is not None and x.number is not None and (x.number.value == 0) is want

            return j, none, f"with no {t.columns[j].text}"
    return None


# "out of stock", "sold out": the rows whose count (`stock_units`) is none
_SOLD_OUT = re.compile(r"\bout of stock\b|\bsold out\b")


def _opposite(said: str, header: str) -> bool:
    """The claim says the opposite of a yes/no column's name: "out of stock" of `in_stock`,
    "unavailable" of `available`, "non-refundable" of `refundable`."""
    head = [w.lower() for w in words(human(header))]
    if not head:
        return False
    if head[0] == "in" and len(head) > 1 and re.search(r"\bout of " + " ".join(head[1:]) + r"\b", said):
        return True
    return any(re.search(rf"\b(?:un|non-?|in|dis){re.escape(w)}\b", said) for w in head if len(w) > 3)


def _category(c: ClaimText, vals: Sequence[Value | None], after: int) -> str | None:
    """The one value of a column of short words ("full", "partial") the claim says after
    its count word, when the column holds at least two such values and no numbers."""
    kinds = {v.text.strip().lower() for v in vals if v is not None and not v.empty}
    # ("included" reads as a yes, "extra" does not: a column of words, not of yes/no)
    if len(kinds) < 2 or any(v is None or v.number is not None for v in vals):
        return None
    if any(len(words(k)) > 3 or not words(k) for k in kinds):
        return None
    if c.negated:
        return None  # "not a full history": which of the others it means is not said

    def phrase(text: str) -> str:  # "includes" says "included"
        return " " + " ".join(stem(w) for w in words(text)) + " "

    rest = phrase(c.low[after:])
    said = [k for k in kinds if phrase(k) in rest]
    return said[0] if len(said) == 1 else None
