"""Language-model providers behind one ``LLM`` protocol. Opt-in: with no
``llm.provider`` configured, toulmin never calls a model.

Providers register under the ``toulmin.llms`` entry-point group (``openai``
for every OpenAI-compatible server, ``anthropic``); a plugin adds its own the
same way.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..plugins import load_plugin
from .base import LLM, LLMRequest, LLMResponse, Message
from .cache import ResponseCache

if TYPE_CHECKING:
    from ..config import LLMConfig

__all__ = ["LLM", "LLMRequest", "LLMResponse", "Message", "ResponseCache", "default_cache_path", "load_llm"]


def default_cache_path() -> Path:
    root = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(root) / "toulmin" / "llm-cache.sqlite"


def load_llm(cfg: LLMConfig) -> LLM | None:
    """The configured provider, or None when no LLM is configured."""
    if not cfg.provider:
        return None
    cls = load_plugin("toulmin.llms", cfg.provider)
    cache = ResponseCache(cfg.cache_path or default_cache_path()) if cfg.cache else None
    return cls(  # type: ignore[no-any-return]
        cfg.model or "",
        base_url=cfg.base_url,
        api_key=cfg.api_key.get_secret_value() if cfg.api_key else None,
        timeout=cfg.timeout,
        retries=cfg.retries,
        backoff=cfg.backoff,
        max_concurrency=cfg.max_concurrency,
        cache=cache,
    )
