"""Token streaming: a reply delivered piece by piece as the model writes it.

``complete_streaming(llm, request, on_token)`` calls ``on_token`` with each piece and
returns the whole reply. Providers that stream (``stream``: the OpenAI-compatible and
Anthropic HTTP servers, llama.cpp in process) send their pieces as they come; any other
``LLM`` sends its reply as one piece. A cached reply is one piece too. Only free text is
streamed: a JSON-schema request (query writing, judging, extraction) is asked whole.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import httpx

from ..errors import LLMError
from .base import LLM, LLMRequest, LLMResponse

__all__ = ["OnToken", "complete_streaming", "sse_data"]

OnToken = Callable[[str], None]


def complete_streaming(llm: LLM, request: LLMRequest, on_token: OnToken) -> LLMResponse:
    stream = getattr(llm, "stream", None)
    if callable(stream) and request.json_schema is None:
        out: LLMResponse = stream(request, on_token)
        return out
    out = llm.complete(request)
    on_token(out.text)
    return out


def sse_data(resp: httpx.Response, where: str) -> Iterator[Any]:
    """The JSON payloads of a Server-Sent Events reply, up to ``[DONE]``."""
    for line in resp.iter_lines():
        if not line.startswith("data:"):
            continue
        payload = line[5:].strip()
        if payload == "[DONE]":
            return
        try:
            yield json.loads(payload)
        except ValueError as e:
            raise LLMError("E_LLM_BAD_RESPONSE",
                           f"{where} streamed a piece that is not JSON: {payload[:120]!r}",
                           fix="check llm.base_url points at the API") from e
