"""Stage 1, extract: atomic claims from an answer.

``extractor`` is the offline spaCy extractor and the ``ClaimExtractor`` protocol, ``llm`` the
extractor that asks a language model (guarded by the checker), ``topic`` what each claim
is about, ``ner`` and ``attrs`` the spaCy helpers.
"""

from __future__ import annotations

from .attrs import speed_up_attribute_ruler
from .extractor import Claim, ClaimExtractor, ClaimType, SpacyExtractor
from .llm import EXTRACTION_PROMPT, ExtractResult, LLMExtractor
from .ner import EntityRunner
from .topic import assign_topics, head_noun

__all__ = [
    "EXTRACTION_PROMPT", "Claim", "ClaimExtractor", "ClaimType", "EntityRunner", "ExtractResult",
    "LLMExtractor", "SpacyExtractor", "assign_topics", "head_noun", "speed_up_attribute_ruler"
]
