"""The gate every request passes: the API key (and so who the caller is: the history
shows each key its own reports), the number of headers, the body's declared size and the
time it takes to arrive, the metrics by route template and the security headers. What
the server refuses before any request exists (headers too large, malformed HTTP, headers
too slow) is ``server.py``'s.

Plain ASGI rather than Starlette's ``BaseHTTPMiddleware``: that one hands the app a
receive channel that never reports a client that went away, so a route could not stop
work nobody waits for (``request.is_disconnected()`` stayed false).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from typing import Any

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import JSONResponse
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .history import Viewer
from .metrics import Metrics

__all__ = ["CSP", "Guard", "error_response", "hash_key"]

# The page is its own HTML, script and style, and talks only to this server: nothing
# else may run in it, frame it or receive its data.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
_OPEN = {"/", "/healthz", "/static/app.js", "/static/app.css", "/static/render.js", "/static/render.css"}
_CDN_PAGES = ("/docs", "/redoc")  # FastAPI's own pages load their UI from a CDN


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def error_response(status: int, code: str, message: str, fix: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message, "fix": fix}}, status_code=status)


def _bearer(header: str) -> str:
    """The token of ``Authorization: Bearer TOKEN`` (the scheme in any case, as RFC 7235 says)."""
    scheme, _, token = header.strip().partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def _template(routes: Any, scope: Scope) -> str | None:
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


class Guard:
    def __init__(self, app: ASGIApp, *, routes: Any, metrics: Metrics, keys_sha256: list[str],
                 max_request_mb: float, admin_keys_sha256: list[str] | None = None,
                 max_headers: int = 100, body_timeout: float = 60.0):
        self.app, self.routes, self.metrics = app, routes, metrics
        self.admins = {k.lower() for k in admin_keys_sha256 or []}
        self.keys = sorted({k.lower() for k in keys_sha256} | self.admins)
        self.max_mb = max_request_mb
        self.max_headers, self.body_timeout = max_headers, body_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        method, path = scope["method"], scope["path"]
        # the route template, never the raw path: random paths must not grow the metrics
        route = _template(self.routes, scope) or "other"
        headers = Headers(scope=scope)
        viewer = self._viewer(headers)
        refused = self._refusal(method, path, headers, viewer)
        if refused is None and method == "POST":
            # the whole body, within serve.body_timeout, before any route reads it: a
            # client that trickles it in would otherwise hold a worker as long as it likes
            try:
                receive = await asyncio.wait_for(_buffered(receive), self.body_timeout)
            except TimeoutError:
                refused = error_response(408, "E_SLOW_CLIENT", f"the request's body did not arrive "
                                         f"within {self.body_timeout:g} s",
                                         "send the body at once (serve.body_timeout)")
                refused.headers["Connection"] = "close"
        if refused is not None:
            self.metrics.request(method, route, refused.status_code)
            await refused(scope, receive, send)
            return
        status = 500

        async def send_with_headers(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = MutableHeaders(scope=message)
                if path not in _CDN_PAGES and "content-security-policy" not in headers:
                    headers["Content-Security-Policy"] = CSP
                headers.setdefault("X-Content-Type-Options", "nosniff")
            await send(message)

        # read by the routes (request.state.viewer): whose reports are stored and shown
        scope.setdefault("state", {})["viewer"] = viewer or Viewer()
        self.metrics.in_flight += 1
        try:
            await self.app(scope, receive, send_with_headers)
        finally:
            self.metrics.in_flight -= 1
            self.metrics.request(method, route, status)

    def _viewer(self, headers: Headers) -> Viewer | None:
        """The caller by its key (None: keys are on and it sent none that is accepted)."""
        if not self.keys:
            return Viewer()
        given = hash_key(headers.get("x-api-key") or _bearer(headers.get("authorization", "")))
        # every key compared, in constant time: which one matched must not show in the timing
        found = [k for k in self.keys if hmac.compare_digest(given, k)]
        return Viewer(owner=found[0], admin=found[0] in self.admins) if found else None

    def _refusal(self, method: str, path: str, headers: Headers,
                 viewer: Viewer | None) -> JSONResponse | None:
        if len(headers.raw) > self.max_headers:
            return error_response(431, "E_HEADERS_TOO_LARGE",
                                  f"{len(headers.raw)} headers, over {self.max_headers}",
                                  "send fewer headers (serve.max_headers)")
        if viewer is None and path not in _OPEN:
            return error_response(401, "E_AUTH", "missing or wrong API key", "send Authorization: Bearer KEY")
        size = headers.get("content-length")
        if method == "POST" and size is None:
            # a body without a length could be any size: refused rather than read
            return error_response(411, "E_LENGTH_REQUIRED", "a request body needs a Content-Length",
                                  "send one")
        if size is not None and size.isdigit() and int(size) > self.max_mb * 1_000_000:
            return error_response(413, "E_TOO_LARGE", f"request body over {self.max_mb} MB",
                                  "raise serve.max_request_mb")
        return None


async def _buffered(receive: Receive) -> Receive:
    """Read the request's body whole; a ``receive`` that hands it over, then the real one
    (which reports the client going away)."""
    chunks: list[bytes] = []
    first: Message | None = None
    while True:
        message = await receive()
        if message["type"] != "http.request":
            first = message  # the client went away: the app sees that first
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    pending: list[Message] = [first or {"type": "http.request", "body": b"".join(chunks), "more_body": False}]

    async def replay() -> Message:
        return pending.pop() if pending else await receive()

    return replay
