from __future__ import annotations

from tests.llm.conftest import server  # the scripted OpenAI-compatible server on 127.0.0.1

__all__ = ["server"]
