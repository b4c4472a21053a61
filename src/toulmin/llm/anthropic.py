"""The Anthropic Messages API."""

from __future__ import annotations

import json
import os
from typing import Any

from .base import LLMRequest, LLMResponse
from .http import HTTPProvider

__all__ = ["Anthropic"]

API_VERSION = "2023-06-01"


class Anthropic(HTTPProvider):
    provider = "anthropic"
    default_base_url = "https://api.anthropic.com"
    key_env = "ANTHROPIC_API_KEY"

    def __init__(self, model: str, *, api_key: str | None = None, **kw: Any):
        super().__init__(model, api_key=api_key or os.environ.get(self.key_env), **kw)

    def _path(self) -> str:
        return "/v1/messages"

    def _headers(self) -> dict[str, str]:
        h = {"anthropic-version": API_VERSION}
        if self._key:
            h["x-api-key"] = self._key
        return h

    def _body(self, request: LLMRequest) -> dict[str, Any]:
        system = "\n\n".join(m.content for m in request.messages if m.role == "system")
        if request.json_schema is not None:
            # no JSON mode in the Messages API: the schema goes into the instructions
            system += ("\n\n" if system else "") + (
                "Reply with one JSON object that matches this JSON schema, and nothing else:\n"
                + json.dumps(request.json_schema, sort_keys=True)
            )
        body: dict[str, Any] = {
            "model": self.model,
            "max_tokens": request.max_tokens,
            "temperature": request.temperature,
            "messages": [m.model_dump() for m in request.messages if m.role != "system"],
        }
        if system:
            body["system"] = system
        if request.stop:
            body["stop_sequences"] = list(request.stop)
        return body

    def _delta(self, data: Any) -> str:
        if data.get("type") != "content_block_delta":
            return ""
        return str((data.get("delta") or {}).get("text") or "")

    def _parse(self, data: Any) -> LLMResponse:
        blocks = data["content"]
        text = "".join(b["text"] for b in blocks if b.get("type") == "text")
        if not any(b.get("type") == "text" for b in blocks):
            raise ValueError("no text block in content")
        usage = {k: int(v) for k, v in (data.get("usage") or {}).items() if isinstance(v, int)}
        return LLMResponse(
            text=text, model=str(data.get("model") or self.model), provider=self.provider, usage=usage
        )
