"""What the table tests share: a rule's verdict and note on a claim against a source's
tables, as the settle chain calls it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from toulmin.tables.pick import Settled
from toulmin.tables.render import Rendered, render_tables

Rule = Callable[[str, Sequence[tuple[str, Rendered]]], "Settled | None"]


def verdict_of(rule: Rule, claim: str, text: str) -> tuple[str, str] | None:
    """``rule``'s (verdict, note) on ``claim`` against the tables of ``text`` (source "s"),
    or None when it settles nothing."""
    got = render_tables(text)
    assert got is not None, "the text holds no table"
    settled = rule(claim, [("s", t) for t in got[2]])
    return None if settled is None else (settled.verdict, settled.note)
