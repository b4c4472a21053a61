"""The deterministic checks: numbers, dates, names, negation, antonyms, degree, rank,
agent, merged facts and a claim quoted to be denied; for conversations, who said it
(``speakers``) and what they never said (``unsaid``). Each returns ``Finding``s;
``verify`` and ``score-pairs`` both read them, and a finding can only lower a verdict.
"""

from __future__ import annotations

from . import builtin  # noqa: F401 - registers the built-in checks (checks.registry), in their order
from .agent import check_agent
from .claim import (
    GENERIC_NAME_WORDS,
    check_claim,
    entity_findings,
    find_titled_names,
    is_negated,
    name_index,
    name_present,
    refutes,
)
from .contrast import ANTONYMS, LADDERS, on_scale, opposite, rung
from .dates import Date, check_dates, find_dates, is_day_of_month, states_a_bound
from .denial import check_denial, denied_clauses
from .finding import Finding, Status
from .hearsay import check_hearsay, hearsay_clauses, is_instruction
from .merged import check_merged, clause_names
from .numbers import Number, check_numbers, find_numbers
from .rank import check_rank
from .registry import Check, Pair, Runner, register, registered, runner_for

__all__ = [
    "ANTONYMS",
    "GENERIC_NAME_WORDS",
    "LADDERS",
    "Check",
    "Date",
    "Finding",
    "Number",
    "Pair",
    "Runner",
    "Status",
    "check_agent",
    "check_claim",
    "check_dates",
    "check_denial",
    "check_hearsay",
    "check_merged",
    "check_numbers",
    "check_rank",
    "clause_names",
    "denied_clauses",
    "entity_findings",
    "find_dates",
    "find_numbers",
    "find_titled_names",
    "hearsay_clauses",
    "is_day_of_month",
    "is_instruction",
    "is_negated",
    "name_index",
    "name_present",
    "on_scale",
    "opposite",
    "refutes",
    "register",
    "registered",
    "rung",
    "runner_for",
    "states_a_bound"
]
