"""What the routes share: the resolved config, the pool that runs verifications, the
corpora opened so far, and the verification that stores its report in the history."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi import Request

from ..config import Config
from ..crag import crag
from ..errors import ConfigError, InputError
from ..lessons import lesson_recorder
from ..report import Report
from ..verify import get_verifier
from .history import HistoryStore
from .metrics import Metrics
from .models import VerifyRequest

__all__ = ["Service", "service"]


class Service:
    def __init__(self, config: Config, history: HistoryStore):
        self.config = config
        self.history = history
        self.metrics = Metrics()
        self._corpora: dict[str, Any] = {}  # corpus settings (JSON) -> opened retriever
        # Verifications run on a pool of serve.concurrency threads whose queue is
        # first in, first out, so no request waits behind ones that came later.
        self.pool = ThreadPoolExecutor(max_workers=config.serve.concurrency,
                                       thread_name_prefix="toulmin-verify")

    def request_config(self, req: Any) -> Config:
        """The server's config with the options this request may set."""
        return self.config.merged(req.overrides(self.config.serve.request_options) or None)

    def verify(self, req: VerifyRequest, emit: Any = None) -> tuple[Report, dict[str, Any]]:
        cfg_req = self.request_config(req)
        sources = req.source_list()
        t = time.perf_counter()
        extra: dict[str, Any] = {}
        if req.enable_crag:
            res = crag(req.answer, sources, self.corpus(cfg_req), req.question, config=cfg_req,
                       on_report=lesson_recorder(cfg_req))
            report, extra = res.report, {"crag_attempts": res.attempts, "final_response": res.final_response,
                                         "crag_reached": res.stopped == "threshold met"}  # fmt: skip
        else:
            if not req.sources:
                raise InputError("E_NO_SOURCES", "no sources were given", fix="send sources, or enable_crag")
            report = get_verifier(cfg_req).verify(req.answer, sources, req.question, on_event=emit,
                                                  on_report=lesson_recorder(cfg_req))
        secs = time.perf_counter() - t
        self.metrics.verification(secs, [d.verdict.value for d in report.details])
        rid = self.history.add(
            report, kind="verify", sources=[str(s) for s in sources], latency_ms=1000 * secs,
            crag_attempts=extra.get("crag_attempts"), crag_reached=extra.get("crag_reached"),
        )  # fmt: skip
        return report, {"id": rid, **extra}

    def corpus(self, c: Config) -> Any:
        if not (c.corpus.path or c.corpus.url):
            raise ConfigError("E_CONFIG_VALUE", "no corpus is configured on this server",
                              fix="start toulmin serve with --corpus DIR (or corpus.url)")  # fmt: skip
        # One store per corpus setting (a server allowing corpus.* per request may
        # see several); corpus.k only sizes a search, so it does not open another.
        key = c.corpus.model_dump_json(exclude={"k"}) + c.checker.model_dump_json()
        if key not in self._corpora:
            from ..corpus import open_corpus  # chromadb loads only when a corpus is used

            self._corpora[key] = open_corpus(c)
        return self._corpora[key]

    async def timed(self, fn: Callable[..., Any], *args: Any) -> Any:
        timeout = self.config.serve.timeout
        try:
            loop = asyncio.get_running_loop()
            return await asyncio.wait_for(loop.run_in_executor(self.pool, fn, *args), timeout=timeout)
        except TimeoutError as e:
            raise InputError("E_TIMEOUT", f"the request took over {timeout} s",
                             fix="raise serve.timeout") from e


def service(request: Request) -> Service:
    """The app's ``Service`` (a FastAPI dependency)."""
    return request.app.state.service  # type: ignore[no-any-return]
