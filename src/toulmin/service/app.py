"""The HTTP service (``toulmin serve``): verify, stream verdicts as they are
decided, answer from a corpus, and keep a history.

Errors are JSON ``{"error": {"code", "message", "fix"}}`` with the CLI's
codes. Text inside sources and answers is data: it is only ever passed to the
pipeline as text, never read as options or format.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse

from .._version import __version__
from ..config import Config, load_config
from ..errors import ConfigError, InputError, ToulminError, http_status
from ..lessons import lesson_recorder
from ..report import Report
from ..verify import get_verifier
from .history import HistoryStore, open_history
from .metrics import Metrics
from .models import AskRequest, VerifyRequest, block, verification_event
from .stream import error_body, stream_work

__all__ = ["create_app", "default_history_path", "hash_key"]

_STATIC = Path(__file__).parent / "static"


def default_history_path() -> Path:
    root = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(root) / "toulmin" / "history.sqlite"


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _status(e: ToulminError) -> int:
    return http_status(e)  # one table for every code: toulmin.errors.ERRORS


def create_app(config: Config | None = None, *, history: HistoryStore | None = None) -> FastAPI:
    cfg = config or load_config()
    sv = cfg.serve
    app = FastAPI(title="toulmin", version=__version__, description="Claim-by-claim verification of answers.")
    app.state.config = cfg
    app.state.history = history or open_history(sv.history or default_history_path())
    app.state.metrics = Metrics()
    app.state.corpus = {}  # corpus settings (JSON) -> opened retriever
    if sv.cors_origins:
        app.add_middleware(CORSMiddleware, allow_origins=sv.cors_origins, allow_methods=["GET", "POST"],
                           allow_headers=["Authorization", "Content-Type", "X-API-Key"])  # fmt: skip
    keys = {k.lower() for k in sv.api_keys_sha256}
    # Verifications run on a pool of serve.concurrency threads whose queue is
    # first in, first out, so no request waits behind ones that came later.
    pool = ThreadPoolExecutor(max_workers=sv.concurrency, thread_name_prefix="toulmin-verify")
    limit = int(sv.max_request_mb * 1_000_000)
    open_paths = {"/", "/healthz", "/static/app.js", "/static/app.css"}

    @app.middleware("http")
    async def guard(request: Request, call_next: Any) -> Response:
        m: Metrics = app.state.metrics
        route = request.url.path if not request.url.path.startswith("/v1/reports/") else "/v1/reports/{id}"
        if keys and request.url.path not in open_paths:
            given = request.headers.get("x-api-key") or request.headers.get("authorization", "").removeprefix(
                "Bearer "
            )
            if not any(hmac.compare_digest(hash_key(given), k) for k in keys):
                m.request(request.method, route, 401)
                return _error(401, "E_AUTH", "missing or wrong API key", "send Authorization: Bearer KEY")
        size = request.headers.get("content-length")
        if request.method == "POST" and size is None:
            # a body without a length could be any size: refused rather than read
            m.request(request.method, route, 411)
            return _error(411, "E_LENGTH_REQUIRED", "a request body needs a Content-Length", "send one")
        if size is not None and size.isdigit() and int(size) > limit:
            m.request(request.method, route, 413)
            return _error(
                413, "E_TOO_LARGE", f"request body over {sv.max_request_mb} MB", "raise serve.max_request_mb"
            )
        m.in_flight += 1
        try:
            resp: Response = await call_next(request)
        finally:
            m.in_flight -= 1
        m.request(request.method, route, resp.status_code)
        return resp

    @app.exception_handler(ToulminError)
    async def _toulmin_error(request: Request, e: ToulminError) -> JSONResponse:
        return JSONResponse(error_body(e), status_code=_status(e))

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, e: RequestValidationError) -> JSONResponse:
        errs = [f"{'.'.join(str(x) for x in err['loc'])}: {err['msg']}" for err in e.errors()]
        return _error(422, "E_BAD_REQUEST", "; ".join(errs)[:2000], "see /openapi.json for the request shape")

    def _verify(req: VerifyRequest, emit: Any = None) -> tuple[Report, dict[str, Any]]:
        cfg_req = cfg.merged(req.overrides(sv.request_options) or None)
        sources = req.source_list()
        t = time.perf_counter()
        extra: dict[str, Any] = {}
        if req.enable_crag:
            from ..crag import crag

            res = crag(req.answer, sources, _corpus(cfg_req), req.question, config=cfg_req,
                       on_report=lesson_recorder(cfg_req))
            report, extra = res.report, {"crag_attempts": res.attempts, "final_response": res.final_response,
                                         "crag_reached": res.stopped == "threshold met"}  # fmt: skip
        else:
            if not req.sources:
                raise InputError("E_NO_SOURCES", "no sources were given", fix="send sources, or enable_crag")
            report = get_verifier(cfg_req).verify(req.answer, sources, req.question, on_event=emit,
                                                  on_report=lesson_recorder(cfg_req))
        secs = time.perf_counter() - t
        app.state.metrics.verification(secs, [d.verdict.value for d in report.details])
        rid = app.state.history.add(
            report, kind="verify", sources=[str(s) for s in sources], latency_ms=1000 * secs,
            crag_attempts=extra.get("crag_attempts"), crag_reached=extra.get("crag_reached"),
        )  # fmt: skip
        return report, {"id": rid, **extra}

    def _corpus(c: Config) -> Any:
        if not (c.corpus.path or c.corpus.url):
            raise ConfigError("E_CONFIG_VALUE", "no corpus is configured on this server",
                              fix="start toulmin serve with --corpus DIR (or corpus.url)")  # fmt: skip
        # One store per corpus setting (a server allowing corpus.* per request may
        # see several); corpus.k only sizes a search, so it does not open another.
        key = c.corpus.model_dump_json(exclude={"k"}) + c.checker.model_dump_json()
        if key not in app.state.corpus:
            from ..corpus import open_corpus

            app.state.corpus[key] = open_corpus(c)
        return app.state.corpus[key]

    async def _timed(fn: Any, *args: Any) -> Any:
        try:
            loop = asyncio.get_running_loop()
            return await asyncio.wait_for(loop.run_in_executor(pool, fn, *args), timeout=sv.timeout)
        except TimeoutError as e:
            raise InputError(
                "E_TIMEOUT", f"the request took over {sv.timeout} s", fix="raise serve.timeout"
            ) from e

    @app.post("/v1/verify")
    async def verify(req: VerifyRequest) -> dict[str, Any]:
        """Verify an answer against its sources; the report is stored in the history."""
        if not req.enable_verification:
            return {"answer": req.answer, "verification": None}
        report, extra = await _timed(_verify, req)
        out = {"id": extra["id"], "answer": req.answer,
               "verification": block(report, crag_attempts=extra.get("crag_attempts"),
                                     show_claims=req.show_claims).model_dump()}  # fmt: skip
        if "final_response" in extra:
            out["final_response"] = extra["final_response"]
        out["report"] = report.model_dump(mode="json")
        return out

    @app.post("/v1/verify/stream")
    async def verify_stream(req: VerifyRequest, request: Request) -> StreamingResponse:
        """Server-Sent Events: ``claims``, one ``claim`` per verdict as it is decided
        (``update`` if the citation check changes one), then ``verification``
        (seed 000's shape) or ``error``."""

        def finish(result: tuple[Report, dict[str, Any]]) -> list[tuple[str, Any]]:
            return [("verification", verification_event(result[0], result[1]["id"]))]

        gen = stream_work(lambda emit: _verify(req, emit), finish, request.is_disconnected, error_body, pool)
        return StreamingResponse(gen, media_type="text/event-stream", headers={"Cache-Control": "no-cache"})

    @app.post("/v1/ask")
    async def ask(req: AskRequest, request: Request) -> StreamingResponse:
        """Server-Sent Events: ``answer`` (each draft as it is written), ``round`` per
        CRAG verification, then ``verification`` and ``final``; or ``error``."""
        from ..crag import crag
        from ..llm import load_llm

        cfg_req = cfg.merged(req.overrides(sv.request_options) or None)
        if not req.enable_crag:
            cfg_req = cfg_req.merged({"crag": {"max_attempts": 0}})
        llm = load_llm(cfg_req.llm)
        if llm is None:
            raise ConfigError("E_CONFIG_VALUE", "no language model is configured on this server",
                              fix="start toulmin serve with llm.provider and llm.model set")  # fmt: skip
        retriever = _corpus(cfg_req)

        def work(emit: Any) -> Any:
            t = time.perf_counter()
            res = crag(None, None, retriever, req.question, llm=llm, config=cfg_req, on_event=emit,
                       on_report=lesson_recorder(cfg_req))
            secs = time.perf_counter() - t
            app.state.metrics.verification(secs, [d.verdict.value for d in res.report.details])
            used = [str(s["id"]) for s in res.report.sources]
            rid = app.state.history.add(
                res.report, kind="ask", sources=used, latency_ms=1000 * secs,
                crag_attempts=res.attempts, crag_reached=res.stopped == "threshold met",
            )  # fmt: skip
            return rid, res

        def finish(result: Any) -> list[tuple[str, Any]]:
            rid, res = result
            ev = verification_event(res.report, rid)
            ev["crag_attempts"] = res.attempts
            return [
                ("verification", ev),
                ("final", {"final_response": res.final_response, "stopped": res.stopped}),
            ]

        gen = stream_work(work, finish, request.is_disconnected, error_body, pool)
        return StreamingResponse(gen, media_type="text/event-stream", headers={"Cache-Control": "no-cache"})

    @app.get("/v1/reports")
    async def reports(limit: int = 50, offset: int = 0) -> dict[str, Any]:
        return {"reports": app.state.history.list(limit, offset)}

    @app.get("/v1/reports/{rid}")
    async def report(rid: str) -> dict[str, Any]:
        got = app.state.history.get(rid)
        if got is None:
            raise InputError("E_NOT_FOUND", f"no report {rid!r}", fix="list them with GET /v1/reports")
        return got  # type: ignore[no-any-return]

    @app.get("/v1/stats")
    async def stats() -> dict[str, Any]:
        return app.state.history.stats()  # type: ignore[no-any-return]

    @app.get("/healthz")
    async def healthz() -> dict[str, Any]:
        return {"status": "ok", "version": __version__}

    @app.get("/metrics", response_class=PlainTextResponse)
    async def metrics() -> str:
        return app.state.metrics.render()  # type: ignore[no-any-return]

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(_STATIC / "index.html", media_type="text/html")

    @app.get("/static/{name}", include_in_schema=False)
    async def static(name: str) -> FileResponse:
        types = {"app.js": "text/javascript", "app.css": "text/css"}
        if name not in types:
            raise InputError("E_NOT_FOUND", f"no static file {name!r}", fix="GET /")
        return FileResponse(_STATIC / name, media_type=types[name])

    return app


def _error(status: int, code: str, message: str, fix: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message, "fix": fix}}, status_code=status)
