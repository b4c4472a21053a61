"""The server's own limits (toulmin.service.server and the gate), over raw sockets to the
real server on 127.0.0.1: what no route sees is answered in the documented shape."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable

import pytest

from .conftest import Running, connect, raw_http, read_response

pytestmark = pytest.mark.slow


def _error(got: tuple[int, dict[str, str], dict], status: int, code: str) -> None:
    st, headers, body = got
    assert st == status, got
    assert headers["content-type"].startswith("application/json"), headers
    assert set(body) == {"error"} and body["error"]["code"] == code, body
    assert body["error"]["message"] and body["error"]["fix"], body


def test_oversized_or_too_many_headers_and_bad_lengths(serve: Callable[..., Running]) -> None:
    r = serve()
    big = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 1_000_000 + b"\r\n\r\n"
    _error(raw_http(r, big), 431, "E_HEADERS_TOO_LARGE")
    fields = b"".join(b"X-%d: 1\r\n" % i for i in range(150))
    many = b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + fields + b"\r\n"
    _error(raw_http(r, many), 431, "E_HEADERS_TOO_LARGE")
    negative = b"POST /v1/verify HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n"
    _error(raw_http(r, negative), 400, "E_BAD_HTTP")
    words = b"POST /v1/verify HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n"
    _error(raw_http(r, words), 400, "E_BAD_HTTP")
    huge = b"POST /v1/verify HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n"
    _error(raw_http(r, huge), 413, "E_TOO_LARGE")
    _error(raw_http(r, b"HELLO THERE\r\n\r\n"), 400, "E_BAD_HTTP")
    # a plain request on the same server still works, twice on one connection
    with connect(r) as s:
        for _ in range(2):
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            st, _, body = read_response(s)
            assert st == 200 and body["status"] == "ok"


def test_a_client_that_trickles_its_headers_or_body_is_cut_off(serve: Callable[..., Running]) -> None:
    r = serve(serve={"header_timeout": 1.0, "body_timeout": 1.0})
    with connect(r) as s:
        t = time.monotonic()
        got = None
        for byte in b"GET /healthz HTTP/1.1\r\nHost: x\r\n":  # a byte every 0.2 s, never done
            try:
                s.sendall(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                break
            s.settimeout(0.2)
            try:
                if s.recv(1, socket.MSG_PEEK):
                    break
            except TimeoutError:
                continue
        s.settimeout(30)
        got = read_response(s)
        assert time.monotonic() - t < 10
    _error(got, 408, "E_SLOW_CLIENT")
    assert "header_timeout" in got[2]["error"]["fix"]
    # the body: headers whole, then a tenth of it and silence
    with connect(r) as s:
        s.sendall(b"POST /v1/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 100\r\n\r\n{\"answer\": ")
        got = read_response(s)
    _error(got, 408, "E_SLOW_CLIENT")
    assert "body_timeout" in got[2]["error"]["fix"]
    # a kept-alive connection idle after a whole request is closed without a word (uvicorn's
    # keep-alive timeout): no 408 is written where a client could read it as its next answer
    with connect(r) as s:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        assert read_response(s)[0] == 200
        s.settimeout(15)
        assert s.recv(65536) == b""
        # and a connection that sends nothing at all is cut off by the header clock
    with connect(r) as s:
        t = time.monotonic()
        _error(read_response(s), 408, "E_SLOW_CLIENT")
        assert time.monotonic() - t < 5
