"""The HTTP service (``toulmin serve``): verify, stream verdicts as they are
decided, answer from a corpus, and keep a history.

``create_app`` builds the app: the shared ``Service`` (``work.py``), the guard every
request passes (API key, body size), the error shape, and the routers (``routes_verify``
for the work, ``routes_read`` for the history, health, metrics and the page).

Errors are JSON ``{"error": {"code", "message", "fix"}}`` with the CLI's
codes. Text inside sources and answers is data: it is only ever passed to the
pipeline as text, never read as options or format.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from .._version import __version__
from ..config import Config, load_config
from ..errors import ToulminError, http_status
from . import routes_read, routes_verify
from .history import HistoryStore, open_history
from .metrics import Metrics
from .stream import error_body
from .work import Service

__all__ = ["create_app", "default_history_path", "hash_key"]


def default_history_path() -> Path:
    root = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(root) / "toulmin" / "history.sqlite"


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def create_app(config: Config | None = None, *, history: HistoryStore | None = None) -> FastAPI:
    cfg = config or load_config()
    sv = cfg.serve
    app = FastAPI(title="toulmin", version=__version__, description="Claim-by-claim verification of answers.")
    store = history or open_history(sv.history or default_history_path(), sv.history_keep)
    app.state.service = service = Service(cfg, store)
    if sv.cors_origins:
        app.add_middleware(CORSMiddleware, allow_origins=sv.cors_origins, allow_methods=["GET", "POST"],
                           allow_headers=["Authorization", "Content-Type", "X-API-Key"])  # fmt: skip
    keys = {k.lower() for k in sv.api_keys_sha256}
    limit = int(sv.max_request_mb * 1_000_000)
    open_paths = {"/", "/healthz", "/static/app.js", "/static/app.css"}

    @app.middleware("http")
    async def guard(request: Request, call_next: Any) -> Response:
        m: Metrics = service.metrics
        route = _route(app, request)
        if keys and request.url.path not in open_paths:
            given = request.headers.get("x-api-key") or _bearer(request.headers.get("authorization", ""))
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
        return JSONResponse(error_body(e), status_code=http_status(e))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, e: StarletteHTTPException) -> JSONResponse:
        # what FastAPI and Starlette raise themselves (an unknown path, a wrong method, a
        # body that is not UTF-8 or nests too deep to parse), in the documented shape
        code, fix = _HTTP_CODES.get(e.status_code, ("E_BAD_REQUEST", "see /openapi.json"))
        return _error(e.status_code, code, str(e.detail), fix)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, e: RequestValidationError) -> JSONResponse:
        errs = [f"{'.'.join(str(x) for x in err['loc'])}: {err['msg']}" for err in e.errors()]
        return _error(422, "E_BAD_REQUEST", "; ".join(errs)[:2000], "see /openapi.json for the request shape")

    app.include_router(routes_verify.router)
    app.include_router(routes_read.router)
    return app


_HTTP_CODES = {
    400: ("E_BAD_REQUEST", "send a JSON body in UTF-8 with the documented shape (see /openapi.json)"),
    404: ("E_NOT_FOUND", "see /openapi.json for the routes"),
    405: ("E_BAD_REQUEST", "see /openapi.json for each route's method"),
}


def _bearer(header: str) -> str:
    """The token of ``Authorization: Bearer TOKEN`` (the scheme in any case, as RFC 7235 says)."""
    scheme, _, token = header.strip().partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def _route(app: FastAPI, request: Request) -> str:
    """The metrics label of a request: the template of the route it matches, never the raw
    path (a client sending random paths must not grow the metrics without limit)."""
    return _template(app.router.routes, request.scope) or "other"


def _template(routes: Any, scope: Any) -> str | None:
    for r in routes:
        # an included router (FastAPI wraps it) is searched route by route
        inner = getattr(getattr(r, "original_router", None), "routes", None)
        if inner is not None:
            found = _template(inner, scope)
            if found:
                return found
            continue
        match, _ = r.matches(scope)
        if match != Match.NONE:  # the path matches (a wrong method is still this route)
            return str(getattr(r, "path", "other"))
    return None


def _error(status: int, code: str, message: str, fix: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message, "fix": fix}}, status_code=status)
