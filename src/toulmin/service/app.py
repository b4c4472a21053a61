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

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from .._version import __version__
from ..config import Config, load_config
from ..errors import ToulminError, http_status
from . import routes_read, routes_verify
from .guard import Guard, error_response, hash_key
from .history import HistoryStore, open_history
from .stream import error_body
from .work import Service

__all__ = ["create_app", "default_history_path", "hash_key"]


HISTORY_FILE = "toulmin-history.sqlite"


def default_history_path(config_file: Path | None = None) -> Path:
    """Where a server keeps its reports when ``serve.history`` is not set: beside the
    config file it read, else in the working directory. One shared file under the
    user's data folder made every new server list reports its user never made."""
    return (config_file.parent if config_file else Path.cwd()).resolve() / HISTORY_FILE


def create_app(config: Config | None = None, *, history: HistoryStore | None = None) -> FastAPI:
    cfg = config or load_config()
    sv = cfg.serve
    app = FastAPI(title="toulmin", version=__version__, description="Claim-by-claim verification of answers.")
    store = history or open_history(sv.history or default_history_path(), sv.history_keep)
    app.state.service = service = Service(cfg, store)
    if sv.cors_origins:
        app.add_middleware(CORSMiddleware, allow_origins=sv.cors_origins, allow_methods=["GET", "POST"],
                           allow_headers=["Authorization", "Content-Type", "X-API-Key"])  # fmt: skip
    @app.exception_handler(ToulminError)
    async def _toulmin_error(request: Request, e: ToulminError) -> JSONResponse:
        retry = e.details.get("retry_after")
        headers = {"Retry-After": str(retry)} if retry is not None else None
        return JSONResponse(error_body(e), status_code=http_status(e), headers=headers)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, e: StarletteHTTPException) -> JSONResponse:
        # what FastAPI and Starlette raise themselves (an unknown path, a wrong method, a
        # body that is not UTF-8 or nests too deep to parse), in the documented shape
        code, fix = _HTTP_CODES.get(e.status_code, ("E_BAD_REQUEST", "see /openapi.json"))
        return error_response(e.status_code, code, str(e.detail), fix)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, e: RequestValidationError) -> JSONResponse:
        errs = [f"{'.'.join(str(x) for x in err['loc'])}: {err['msg']}" for err in e.errors()]
        return error_response(422, "E_BAD_REQUEST", "; ".join(errs)[:2000],
                              "see /openapi.json for the request shape")

    app.include_router(routes_verify.router)
    app.include_router(routes_read.router)
    app.add_middleware(Guard, routes=app.router.routes, metrics=service.metrics,
                       keys_sha256=sv.api_keys_sha256, admin_keys_sha256=sv.admin_keys_sha256,
                       max_request_mb=sv.max_request_mb, max_headers=sv.max_headers,
                       body_timeout=sv.body_timeout)
    return app


_HTTP_CODES = {
    400: ("E_BAD_REQUEST", "send a JSON body in UTF-8 with the documented shape (see /openapi.json)"),
    404: ("E_NOT_FOUND", "see /openapi.json for the routes"),
    405: ("E_BAD_REQUEST", "see /openapi.json for each route's method"),
}


