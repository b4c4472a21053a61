"""Stage 4, decide: a verdict per claim (``rules``), the answer's roll-up (``rollup``) and
what the report offers to change (``revise``).
"""

from __future__ import annotations

from ..config import DecideConfig
from .revise import revise, suggest
from .rollup import level, rollup
from .rules import RULES, decide_claim, not_checked

__all__ = ["RULES", "DecideConfig", "decide_claim", "level", "not_checked", "revise", "rollup", "suggest"]
