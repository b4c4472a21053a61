"""OpenAI-compatible chat completions: OpenAI, vLLM, Ollama, llama.cpp's server,
LM Studio. JSON schema mode where the request asks for it."""

from __future__ import annotations

import os
from typing import Any

from .base import LLMRequest, LLMResponse
from .http import HTTPProvider

__all__ = ["OpenAICompatible"]


class OpenAICompatible(HTTPProvider):
    provider = "openai"
    default_base_url = "https://api.openai.com/v1"
    key_env = "OPENAI_API_KEY"

    def __init__(self, model: str, *, api_key: str | None = None, **kw: Any):
        super().__init__(model, api_key=api_key or os.environ.get(self.key_env), **kw)

    def _path(self) -> str:
        return "/chat/completions"

    def _headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self._key}"} if self._key else {}

    def _body(self, request: LLMRequest) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [m.model_dump() for m in request.messages],
            "temperature": request.temperature,
            "max_tokens": request.max_tokens,
        }
        if request.stop:
            body["stop"] = list(request.stop)
        if request.json_schema is not None:
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "reply", "schema": request.json_schema},
            }
        return body

    def _parse(self, data: Any) -> LLMResponse:
        choice = data["choices"][0]
        text = choice["message"]["content"]
        if not isinstance(text, str):
            raise TypeError("message.content is not a string")
        usage = {k: int(v) for k, v in (data.get("usage") or {}).items() if isinstance(v, int)}
        return LLMResponse(
            text=text, model=str(data.get("model") or self.model), provider=self.provider, usage=usage
        )
