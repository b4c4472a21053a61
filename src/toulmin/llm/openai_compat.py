"""OpenAI-compatible chat completions: OpenAI, vLLM, Ollama, llama.cpp's server,
LM Studio. JSON schema mode where the request asks for it.

Servers disagree on how to ask for JSON: OpenAI and vLLM take
``{"type": "json_schema", "json_schema": {...}}``; llama-cpp-python's server
refuses that (HTTP 500 naming ``response_format``) and takes
``{"type": "json_object", "schema": {...}}``; some take neither. A refusal that
names ``response_format`` steps down to the next form, and the provider keeps
the form that worked; with none, the reply is read by the tolerant parser."""

from __future__ import annotations

import os
from typing import Any

import httpx

from .base import LLMRequest, LLMResponse
from .http import HTTPProvider

__all__ = ["OpenAICompatible"]


class OpenAICompatible(HTTPProvider):
    provider = "openai"
    default_base_url = "https://api.openai.com/v1"
    key_env = "OPENAI_API_KEY"

    _JSON_FORMS = ("json_schema", "json_object+schema", "none")

    def __init__(self, model: str, *, api_key: str | None = None, **kw: Any):
        super().__init__(model, api_key=api_key or os.environ.get(self.key_env), **kw)
        self.json_form = 0  # index into _JSON_FORMS: the form this server accepted

    def _downgrade(self, request: LLMRequest, resp: httpx.Response) -> bool:
        if request.json_schema is None or resp.status_code not in (400, 422, 500):
            return False
        if "response_format" not in resp.text or self.json_form >= len(self._JSON_FORMS) - 1:
            return False
        self.json_form += 1
        return True

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
        form = self._JSON_FORMS[self.json_form]
        if request.json_schema is not None and form == "json_schema":
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "reply", "schema": request.json_schema},
            }
        elif request.json_schema is not None and form == "json_object+schema":
            body["response_format"] = {"type": "json_object", "schema": request.json_schema}
        return body

    def _delta(self, data: Any) -> str:
        choices = data.get("choices") or []  # the last piece may carry only usage
        return str((choices[0].get("delta") or {}).get("content") or "") if choices else ""

    def _parse(self, data: Any) -> LLMResponse:
        choice = data["choices"][0]
        text = choice["message"]["content"]
        if not isinstance(text, str):
            raise TypeError("message.content is not a string")
        usage = {k: int(v) for k, v in (data.get("usage") or {}).items() if isinstance(v, int)}
        return LLMResponse(
            text=text, model=str(data.get("model") or self.model), provider=self.provider, usage=usage
        )
