"""A claim's deterministic checks as one call (``check_claim``, the registry's runner),
and when a finding refutes its claim (``refutes``). The checks live by what they check:
``checks.numbers``, ``dates``, ``names``, ``polarity``, ``scale``, ``rank``, ``agent``,
``merged``, ``denial``, ``hearsay``; ``checks.builtin`` registers them.

Each check compares the facts in a claim with the evidence text and returns
findings. ``ok``: the evidence states it; ``partial``: it states something
weaker ("Smith et al." for "Dr. Smith"); ``imprecise``: the claim is more
precise than the evidence ("March 2024" against "Q1 2024"); ``mismatch``:
the evidence states a different value for the same kind of thing;
``missing``: the evidence does not mention it.
"""

from __future__ import annotations

from ..lexicon import GENERIC_NAME_WORDS
from .dates import find_dates, states_a_bound
from .finding import Finding
from .names import entity_findings, find_titled_names, name_index, name_present
from .numbers import find_numbers
from .polarity import is_negated, negated_alike
from .registry import Pair, runner_for

__all__ = ["GENERIC_NAME_WORDS", "Finding", "check_claim", "entity_findings", "find_dates", "find_numbers",
           "find_titled_names", "is_negated", "name_index", "name_present", "negated_alike", "refutes"]

def refutes(f: Finding) -> bool:
    """Whether a finding contradicts its claim: a number stated with the same unit but
    another value; the opposite polarity of a near-identical sentence, or one word of it
    swapped for its opposite or for the other end of a scale ("rarely" / "often"); a
    figure the source gives another name than the claim does (``merged``); another rank
    ("second most" for "most"); another agent of the same passive verb ("chosen by X"
    against "chosen by Y"); a source sentence that states the claim only to deny it
    ("rumours that X are false", ``checks.denial``); a date outside a bound the claim states ("before 1975").
    A different plain date does not by itself: sources mention many dates, so it only
    counts as overreach."""
    kinds = ("number", "negation", "antonym", "degree", "merged", "rank", "agent", "denial", "speaker")
    return f.status == "mismatch" and (f.kind in kinds or states_a_bound(f))


def check_claim(claim: str, evidence: str, *, statement: str | None = None) -> list[Finding]:
    """All deterministic findings for ``claim`` (or its focus) against ``evidence``.
    ``statement``: the claim whose polarity the negation check reads when ``claim`` is a
    focus that states nothing of itself (a list's item, "the air conditioning", against
    "The air conditioning is not working!")."""
    # every check of scope "any" but the passive agent and merged figures, which read the
    # whole claim and its clause (checks.registry.Pair)
    return runner_for(True).run(Pair(claim, evidence, statement=statement))
