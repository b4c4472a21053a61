"""The HTTP server itself: uvicorn on h11, with the limits a public port needs.

What no route sees is answered here, in the documented ``{"error": {code, message,
fix}}`` shape: request lines and headers larger than ``serve.max_header_kb`` (431; the
httptools parser uvicorn picks by default read a 50 MB header whole), a request that is
not HTTP/1.1 or has a malformed ``Content-Length`` (400; uvicorn answered those in plain
text), and a client that sends its headers too slowly (408 after
``serve.header_timeout``: six clients sending a byte every two seconds held their
connections open indefinitely). The header count and the body's own timeout are the
gate's (``guard.Guard``), where the headers are parsed.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..config import Config

__all__ = ["protocol_class", "raw_error", "uvicorn_config"]

_REASONS = {400: b"Bad Request", 408: b"Request Timeout", 431: b"Request Header Fields Too Large"}


def raw_error(status: int, code: str, message: str, fix: str) -> bytes:
    """A whole HTTP/1.1 response that closes the connection, in the documented shape;
    written to the socket directly, whatever state the parser is in."""
    body = json.dumps({"error": {"code": code, "message": message, "fix": fix}}).encode()
    head = (b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\ncontent-length: %d\r\n"
            b"x-content-type-options: nosniff\r\nconnection: close\r\n\r\n"
            % (status, _REASONS[status], len(body)))
    return head + body


def protocol_class(config: Config) -> type[H11Protocol]:
    """uvicorn's h11 protocol with the server's limits of ``config.serve``."""
    sv = config.serve
    max_size = sv.max_header_kb * 1024

    class Guarded(H11Protocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._header_timer: asyncio.TimerHandle | None = None
            self._error: h11.RemoteProtocolError | None = None
            # h11's own connection, replaced by one that reports to this protocol and
            # holds serve.max_header_kb (the one place that size is set)
            self.conn = _Watched(self, max_size)

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._header_timer = self.loop.call_later(sv.header_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _too_slow(self) -> None:
            self._header_timer = None
            if not self.transport.is_closing():
                self._refuse(408, "E_SLOW_CLIENT",
                             f"the request's headers did not arrive within {sv.header_timeout:g} s",
                             "send the whole request at once (serve.header_timeout)")

        def _refuse(self, status: int, code: str, message: str, fix: str) -> None:
            self.transport.write(raw_error(status, code, message, fix))
            self.transport.close()

        def send_400_response(self, msg: str) -> None:
            # uvicorn calls this when h11 refuses what the client sent
            self._disarm()
            e = self._error
            if e is not None and e.error_status_hint == 431:
                self._refuse(431, "E_HEADERS_TOO_LARGE",
                             f"the request line and headers are over {sv.max_header_kb} KB",
                             "send smaller headers (serve.max_header_kb)")
            else:
                self._refuse(400, "E_BAD_HTTP", f"not a valid HTTP/1.1 request: {e or msg}",
                             "send HTTP/1.1 with a Content-Length that is a whole number of bytes")

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            # the next request on a kept-alive connection gets its own clock from its first
            # byte (an idle connection is uvicorn's keep-alive timeout's, which closes it
            # without a word: a 408 written there could be read as the next answer)
            if self._header_timer is None and self.conn.their_state is h11.IDLE:
                self._arm()
            super().data_received(data)

    Guarded.__name__ = Guarded.__qualname__ = "GuardedH11Protocol"
    return Guarded


class _Watched(h11.Connection):
    """h11's connection, telling its protocol when a request's head is in (the header
    clock stops) and what h11 refused (the error answered)."""

    def __init__(self, owner: Any, max_size: int) -> None:
        super().__init__(h11.SERVER, max_incomplete_event_size=max_size)
        self._owner = owner

    def next_event(self) -> Any:
        try:
            event = super().next_event()
        except h11.RemoteProtocolError as e:
            self._owner._error = e
            raise
        if isinstance(event, h11.Request):
            self._owner._disarm()
        return event


def uvicorn_config(app: Any, config: Config, *, host: str | None = None, port: int | None = None,
                   log_level: str = "warning") -> uvicorn.Config:
    """The one place the server is configured, for ``toulmin serve`` and the tests."""
    return uvicorn.Config(
        app,
        host=host or config.serve.host,
        port=port if port is not None else config.serve.port,
        log_level=log_level,
        http=protocol_class(config),
    )
