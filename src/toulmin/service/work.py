"""What the routes share: the resolved config, the pool that runs verifications, the
corpora opened so far, and the verification that stores its report in the history."""

from __future__ import annotations

import asyncio
import math
import threading
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
from ..verify import get_verifier, stop_if_cancelled
from .history import HistoryStore, Viewer
from .metrics import Metrics
from .models import VerifyRequest

__all__ = ["Service", "service", "viewer"]


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
        self.pending = 0  # verifications admitted and not finished: queued or running
        self._pending_lock = threading.Lock()

    def retry_after(self) -> int:
        """Seconds a refused client should wait: the queue ahead of it at the mean latency."""
        m = self.metrics
        mean = m.latency_sum / m.latency_count if m.latency_count else 1.0
        return int(min(300, max(1, math.ceil(mean * max(1, self.pending) / self.config.serve.concurrency))))

    def admit(self) -> Callable[[], None]:
        """Count one more verification in, or refuse it at once when serve.max_queue are
        already waiting or running; the returned function counts it out (call it once)."""
        with self._pending_lock:
            if self.pending >= self.config.serve.max_queue:
                raise InputError("E_BUSY", f"{self.pending} verifications are already waiting or running",
                                 fix="retry after Retry-After seconds, or raise serve.max_queue",
                                 retry_after=self.retry_after())
            self.pending += 1
        done = threading.Event()

        def release() -> None:
            if not done.is_set():
                done.set()
                with self._pending_lock:
                    self.pending -= 1

        return release

    def request_config(self, req: Any) -> Config:
        """The server's config with the options this request may set."""
        return self.config.merged(req.overrides(self.config.serve.request_options) or None)

    def verify(self, req: VerifyRequest, emit: Any = None, *, arrived: float | None = None,
               cancel: threading.Event | None = None,
               owner: str | None = None) -> tuple[Report, dict[str, Any]]:
        """Verify and store the report; ``arrived``: when the request came (its latency
        counts the wait for a worker too); ``cancel``: set when nobody waits any more, so
        the work stops at its next stage and nothing is stored."""
        t = time.perf_counter() if arrived is None else arrived
        cfg_req = self.request_config(req)
        sources = req.source_list()
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
                                                  on_report=lesson_recorder(cfg_req), cancel=cancel)
        stop_if_cancelled(cancel, "its report was stored")
        secs = time.perf_counter() - t
        self.metrics.verification(secs, [d.verdict.value for d in report.details])
        rid = self.history.add(
            report, kind="verify", sources=[str(s) for s in sources], latency_ms=1000 * secs,
            crag_attempts=extra.get("crag_attempts"), crag_reached=extra.get("crag_reached"), owner=owner,
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

    async def timed(self, fn: Callable[..., Any], request: Request, *args: Any) -> Any:
        """``fn(*args, arrived=, cancel=)`` on the pool, within serve.timeout. When the time
        runs out or the client goes away, ``cancel`` is set: work still queued never runs
        (503 with Retry-After when it never started), work under way stops within one
        claim (504), and neither stores a report."""
        timeout = self.config.serve.timeout
        release = self.admit()
        arrived = time.perf_counter()
        cancel, started = threading.Event(), threading.Event()

        def run() -> Any:
            try:
                stop_if_cancelled(cancel, "it started")
                started.set()
                return fn(*args, arrived=arrived, cancel=cancel)
            finally:
                release()

        loop = asyncio.get_running_loop()
        fut = loop.run_in_executor(self.pool, run)
        try:
            while True:
                left = arrived + timeout - time.perf_counter()
                if left <= 0 and not started.is_set():
                    raise InputError("E_BUSY", f"the request waited {timeout} s for a worker and did not run",
                                     fix="retry after Retry-After seconds, or raise serve.concurrency",
                                     retry_after=self.retry_after())
                if left <= 0:
                    raise InputError("E_TIMEOUT", f"the request took over {timeout} s",
                                     fix="raise serve.timeout")
                done, _ = await asyncio.wait({fut}, timeout=min(left, 0.25))
                if done:
                    return fut.result()
                if await request.is_disconnected():
                    raise InputError("E_CANCELLED", "the client went away", fix="keep the connection open")
        finally:
            cancel.set()  # a no-op once the work is done
            if not fut.done():
                # the stopped work's own E_CANCELLED is expected: read it, so it is not logged as lost
                fut.add_done_callback(lambda f: f.cancelled() or f.exception())


def service(request: Request) -> Service:
    """The app's ``Service`` (a FastAPI dependency)."""
    return request.app.state.service  # type: ignore[no-any-return]


def viewer(request: Request) -> Viewer:
    """Who calls, as the gate (``guard.Guard``) found it: whose reports it stores and sees.
    Without the gate (an app mounted some other way) the caller is a server without keys."""
    found = getattr(request.state, "viewer", None)
    return found if isinstance(found, Viewer) else Viewer()
