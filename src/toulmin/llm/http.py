"""What every HTTP provider shares: timeouts, retries with backoff on 429/5xx
and dropped connections, a concurrency limit, the response cache, and errors
that say what failed and what to do, without ever showing the API key."""

from __future__ import annotations

import asyncio
import threading
import time
import weakref
from dataclasses import dataclass
from typing import Any

import httpx

from ..errors import LLMError
from .base import LLMRequest, LLMResponse
from .cache import ResponseCache, lookup, store
from .stream import OnToken, sse_data

__all__ = ["HTTPProvider"]

_RETRY_STATUS = {429, 500, 502, 503, 504}


@dataclass
class _Tries:
    """One request's state across its tries: the body to send (plainer after a refused
    format) and the failed attempts so far."""

    body: dict[str, Any]
    attempt: int = 0


class HTTPProvider:
    provider = "http"
    default_base_url = ""
    key_env = ""

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float = 60.0,
        retries: int = 3,
        backoff: float = 0.5,
        max_concurrency: int = 4,
        cache: ResponseCache | None = None,
    ):
        if not model:
            raise LLMError(
                "E_LLM_CONFIG",
                f"no model named for provider {self.provider}",
                fix="set llm.model (e.g. TOULMIN_LLM__MODEL)",
            )
        self.model = model
        self.base_url = (base_url or self.default_base_url).rstrip("/")
        self._key = api_key
        self.timeout, self.retries, self.backoff = timeout, retries, backoff
        self.cache = cache
        self.name = f"{self.provider}:{model}"
        self._sem = threading.BoundedSemaphore(max_concurrency)
        self._max_concurrency = max_concurrency
        self._asem: dict[int, asyncio.Semaphore] = {}
        self._client = httpx.Client(timeout=timeout)
        # Clients live in cached verifiers that nobody closes: close the pooled
        # connections when the client is collected or the interpreter exits.
        weakref.finalize(self, self._client.close)

    # -- provider specifics ------------------------------------------------------
    def _path(self) -> str:
        raise NotImplementedError

    def _headers(self) -> dict[str, str]:
        raise NotImplementedError

    def _body(self, request: LLMRequest) -> dict[str, Any]:
        raise NotImplementedError

    def _parse(self, data: Any) -> LLMResponse:
        raise NotImplementedError

    def _delta(self, data: Any) -> str:
        """The text of one streamed piece ("" for pieces that carry none)."""
        raise NotImplementedError

    def _downgrade(self, request: LLMRequest, resp: httpx.Response) -> bool:
        """After a refusal: switch to a plainer request format the server may
        accept (True), or none is left (False). Each call may only step down."""
        return False

    # -- shared ------------------------------------------------------------------
    def _url(self) -> str:
        return self.base_url + self._path()

    def _wait(self, attempt: int, resp: httpx.Response | None) -> float:
        if resp is not None and resp.headers.get("retry-after", "").replace(".", "", 1).isdigit():
            return min(float(resp.headers["retry-after"]), 30.0)
        return float(min(self.backoff * (2**attempt), 8.0))

    def _error(self, exc: Exception | None, resp: httpx.Response | None) -> LLMError:
        where = f"{self.provider} at {self.base_url}"
        if resp is not None:
            detail = resp.text[:300].replace(self._key or "\0", "***")
            if resp.status_code in (401, 403):
                return LLMError(
                    "E_LLM_AUTH",
                    f"{where} refused the API key (HTTP {resp.status_code})",
                    fix=f"set llm.api_key or {self.key_env or 'the provider key'}",
                )
            if resp.status_code == 429:
                return LLMError(
                    "E_LLM_RATE_LIMITED",
                    f"{where} kept answering 429 after {self.retries} retries",
                    fix="lower llm.max_concurrency or raise llm.retries",
                )
            return LLMError(
                "E_LLM_HTTP",
                f"{where} answered HTTP {resp.status_code}: {detail}",
                fix="check llm.model and llm.base_url",
            )
        if isinstance(exc, httpx.TimeoutException):
            return LLMError(
                "E_LLM_TIMEOUT",
                f"{where} did not answer within {self.timeout} s",
                fix="raise llm.timeout or use a smaller model",
            )
        return LLMError(
            "E_LLM_UNAVAILABLE",
            f"cannot reach {where}: {type(exc).__name__}",
            fix="start the server or fix llm.base_url",
        )

    def _decode(self, resp: httpx.Response) -> LLMResponse:
        try:
            data = resp.json()
        except ValueError as e:
            raise LLMError(
                "E_LLM_BAD_RESPONSE",
                f"{self.provider} at {self.base_url} sent a reply that is not JSON: {resp.text[:120]!r}",
                fix="check llm.base_url points at the API",
            ) from e
        try:
            return self._parse(data)
        except (KeyError, IndexError, TypeError, ValueError) as e:
            raise LLMError(
                "E_LLM_BAD_RESPONSE",
                f"{self.provider} at {self.base_url} sent JSON without the "
                f"expected fields ({type(e).__name__}: {e})",
                fix=f"llm.provider must match the server's wire format ({self.provider})",
            ) from e

    def _next(self, request: LLMRequest, tries: _Tries, resp: httpx.Response | None,
              exc: Exception | None) -> float | None:
        """The one retry policy of ``complete`` and ``acomplete``, after one try: ``None``
        when the response is good, else the seconds to wait before the next try; raises
        the error once it is final."""
        if resp is not None and resp.status_code < 400:
            return None
        # a refused format is not a failed attempt: ask again, plainer, at once
        if resp is not None and self._downgrade(request, resp):
            tries.body = self._body(request)
            return 0.0
        if (resp is not None and resp.status_code not in _RETRY_STATUS) or tries.attempt == self.retries:
            raise self._error(exc, resp) from exc
        wait = self._wait(tries.attempt, resp)
        tries.attempt += 1
        return wait

    def _done(self, key: str | None, resp: httpx.Response) -> LLMResponse:
        return store(self.cache, key, self._decode(resp))

    def complete(self, request: LLMRequest) -> LLMResponse:
        key, hit = lookup(self.cache, self.provider, self.model, request)
        if hit is not None:
            return hit
        tries = _Tries(self._body(request))
        with self._sem:
            while True:
                resp: httpx.Response | None = None
                exc: Exception | None = None
                try:
                    resp = self._client.post(self._url(), json=tries.body, headers=self._headers())
                except httpx.TransportError as e:
                    exc = e
                wait = self._next(request, tries, resp, exc)
                if wait is None:
                    break
                if wait:
                    time.sleep(wait)
        assert resp is not None  # _next returns None only for a good response
        return self._done(key, resp)

    def stream(self, request: LLMRequest, on_token: OnToken) -> LLMResponse:
        """``complete``, the reply's pieces sent to ``on_token`` as they arrive. Retries
        as ``complete`` does until the first piece; a connection lost after it is an
        error (a retry would send the pieces twice). A server that answers whole (not
        ``text/event-stream``) is read as ``complete`` reads it, one piece."""
        key, hit = lookup(self.cache, self.provider, self.model, request)
        if hit is not None:
            on_token(hit.text)
            return hit
        tries = _Tries(self._body(request))
        parts: list[str] = []
        where = f"{self.provider} at {self.base_url}"
        with self._sem:
            while True:
                resp: httpx.Response | None = None
                exc: Exception | None = None
                try:
                    with self._client.stream("POST", self._url(), json={**tries.body, "stream": True},
                                             headers=self._headers()) as r:
                        resp = r
                        if r.status_code >= 400 or "event-stream" not in r.headers.get("content-type", ""):
                            r.read()
                        else:
                            for data in sse_data(r, where):
                                if piece := self._delta(data):
                                    parts.append(piece)
                                    on_token(piece)
                except httpx.TransportError as e:
                    if parts:
                        raise self._error(e, None) from e
                    exc, resp = e, None
                wait = self._next(request, tries, resp, exc)
                if wait is None:
                    break
                if wait:
                    time.sleep(wait)
        assert resp is not None
        if "event-stream" not in resp.headers.get("content-type", ""):  # answered whole
            whole = self._done(key, resp)
            on_token(whole.text)
            return whole
        out = LLMResponse(text="".join(parts), model=self.model, provider=self.provider)
        if self.cache is not None and key is not None:
            self.cache.put(key, out)
        return out

    async def acomplete(self, request: LLMRequest) -> LLMResponse:
        key, hit = lookup(self.cache, self.provider, self.model, request)
        if hit is not None:
            return hit
        tries = _Tries(self._body(request))
        loop = id(asyncio.get_running_loop())
        sem = self._asem.setdefault(loop, asyncio.Semaphore(self._max_concurrency))
        async with sem, httpx.AsyncClient(timeout=self.timeout) as client:
            while True:
                resp: httpx.Response | None = None
                exc: Exception | None = None
                try:
                    resp = await client.post(self._url(), json=tries.body, headers=self._headers())
                except httpx.TransportError as e:
                    exc = e
                wait = self._next(request, tries, resp, exc)
                if wait is None:
                    break
                if wait:
                    await asyncio.sleep(wait)
        assert resp is not None
        return self._done(key, resp)

    def close(self) -> None:
        self._client.close()

    def __repr__(self) -> str:  # never the key
        return f"{type(self).__name__}(model={self.model!r}, base_url={self.base_url!r})"
