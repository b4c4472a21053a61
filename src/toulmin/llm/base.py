"""The ``LLM`` protocol and the request/response types every provider shares."""

from __future__ import annotations

from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["LLM", "LLMRequest", "LLMResponse", "Message"]


class Message(BaseModel):
    model_config = ConfigDict(frozen=True)

    role: Literal["system", "user", "assistant"]
    content: str


class LLMRequest(BaseModel):
    """Everything that determines a reply: also the response-cache key."""

    model_config = ConfigDict(frozen=True)

    messages: tuple[Message, ...]
    temperature: float = 0.0
    max_tokens: int = 1024
    json_schema: dict[str, Any] | None = Field(
        None, description="ask for JSON matching this schema where the server supports it"
    )
    stop: tuple[str, ...] = ()


class LLMResponse(BaseModel):
    text: str
    model: str = Field(description="the model the server says answered")
    provider: str
    cached: bool = False
    usage: dict[str, int] = Field(default_factory=dict)


@runtime_checkable
class LLM(Protocol):
    """A chat model. ``name`` is ``provider:model``, recorded in every report."""

    name: str

    def complete(self, request: LLMRequest) -> LLMResponse: ...

    async def acomplete(self, request: LLMRequest) -> LLMResponse: ...
