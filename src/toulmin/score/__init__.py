"""The answer-level scores beside confidence: question-answer alignment (offline and LLM)
and the overall verification score.
"""

from __future__ import annotations

from .align import COS_RANGE, alignment, relevance, verification
from .align_llm import ALIGN_PROMPT, llm_alignment

__all__ = ["ALIGN_PROMPT", "COS_RANGE", "alignment", "llm_alignment", "relevance", "verification"]
