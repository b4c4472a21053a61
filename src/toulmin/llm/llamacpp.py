"""In-process llama.cpp through ``llama-cpp-python`` (extra ``llamacpp``):
``llm.model`` is the path of a GGUF file. JSON schema mode becomes a grammar,
so the reply is valid JSON by construction."""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import DependencyError, LLMError
from .base import LLMRequest, LLMResponse
from .cache import ResponseCache, lookup, store

__all__ = ["LlamaCpp"]


class LlamaCpp:
    provider = "llamacpp"

    def __init__(self, model: str, *, cache: ResponseCache | None = None, n_ctx: int = 4096, **_: Any):
        path = Path(model).expanduser()
        if not path.is_file():
            raise LLMError(
                "E_LLM_CONFIG",
                f"llm.model must be the path of a GGUF file; {model!r} is not a file",
                fix="point llm.model at a .gguf file",
            )
        try:
            from llama_cpp import Llama
        except ImportError as e:
            raise DependencyError(
                "E_MISSING_EXTRA",
                "llm.provider=llamacpp needs llama-cpp-python",
                fix="pip install 'toulmin[llamacpp]'",
            ) from e
        threads = int(os.environ.get("TOULMIN_THREADS", "0")) or None
        try:
            self._llama = Llama(model_path=str(path), n_ctx=n_ctx, n_threads=threads, seed=0, verbose=False)
        except (ValueError, RuntimeError) as e:
            raise LLMError(
                "E_LLM_UNAVAILABLE",
                f"llama.cpp could not load {path.name}: {e}",
                fix="check that the file is a GGUF model llama.cpp supports",
            ) from e
        self.model = path.name
        self.name = f"llamacpp:{path.name}"
        self.cache = cache
        self._lock = threading.Lock()  # one llama.cpp context is not thread-safe

    def _run(self, request: LLMRequest, stream: bool) -> Any:
        kw: dict[str, Any] = {
            "messages": [m.model_dump() for m in request.messages],
            "temperature": request.temperature,
            "max_tokens": request.max_tokens,
            "seed": 0,
        }
        if request.stop:
            kw["stop"] = list(request.stop)
        if request.json_schema is not None:
            kw["response_format"] = {"type": "json_object", "schema": request.json_schema}
        if stream:
            kw["stream"] = True
        return self._llama.create_chat_completion(**kw)

    def _done(self, key: str | None, text: str) -> LLMResponse:
        return store(self.cache, key, LLMResponse(text=text, model=self.model, provider=self.provider))

    def complete(self, request: LLMRequest) -> LLMResponse:
        key, hit = lookup(self.cache, self.provider, self.model, request)
        if hit is not None:
            return hit
        with self._lock:
            try:
                data = self._run(request, stream=False)
            except (ValueError, RuntimeError) as e:
                raise _failed(e) from e
        try:
            text = data["choices"][0]["message"]["content"] or ""
        except (KeyError, IndexError, TypeError) as e:
            raise LLMError("E_LLM_BAD_RESPONSE", "llama.cpp returned no message", fix="report this") from e
        return self._done(key, text)

    def stream(self, request: LLMRequest, on_token: Callable[[str], None]) -> LLMResponse:
        """``complete``, each piece sent to ``on_token`` as llama.cpp writes it."""
        key, hit = lookup(self.cache, self.provider, self.model, request)
        if hit is not None:
            on_token(hit.text)
            return hit
        parts: list[str] = []
        with self._lock:
            try:
                for chunk in self._run(request, stream=True):
                    piece = str((chunk["choices"][0].get("delta") or {}).get("content") or "")
                    if piece:
                        parts.append(piece)
                        on_token(piece)
            except (ValueError, RuntimeError) as e:
                raise _failed(e) from e
        return self._done(key, "".join(parts))

    async def acomplete(self, request: LLMRequest) -> LLMResponse:
        return await asyncio.to_thread(self.complete, request)

    def close(self) -> None:
        """Free the model and its context now rather than at interpreter exit."""
        with self._lock:
            self._llama.close()


def _failed(e: Exception) -> LLMError:
    return LLMError("E_LLM_BAD_RESPONSE", f"llama.cpp failed: {e}",
                    fix="shorten the input or raise the context size")
