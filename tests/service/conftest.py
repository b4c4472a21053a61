"""A real HTTP server: the app under uvicorn on 127.0.0.1, in a thread."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from uvicorn import Server as _Server  # bound now: a test may replace uvicorn.Server

from tests.llm.conftest import Server, server  # noqa: F401 - the scripted LLM server fixture
from toulmin.config import load_config
from toulmin.service import create_app
from toulmin.service.server import uvicorn_config


class Running:
    def __init__(self, app: Any) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        self.app = app
        # configured as toulmin serve configures it: the server's own limits on
        cfg = app.state.service.config
        self.server = _Server(uvicorn_config(app, cfg, host="127.0.0.1", port=port))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the service did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., Running]]:
    started: list[Running] = []

    def start(**overrides: Any) -> Running:
        serve_cfg = {"history": str(tmp_path / f"h{len(started)}.sqlite"), **overrides.pop("serve", {})}
        cfg = load_config(overrides={"serve": serve_cfg, **overrides})
        r = Running(create_app(cfg))
        started.append(r)
        return r

    yield start
    for r in started:
        r.stop()


def sse_events(resp: httpx.Response) -> list[tuple[str, Any]]:
    out = []
    for block in resp.text.split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if "event" in lines:
            out.append((lines["event"], json.loads(lines["data"])))
    return out


# raw HTTP, for what no client library sends: the server's own answers
def connect(r: Running) -> socket.socket:
    u = urlsplit(r.url)
    return socket.create_connection((u.hostname, u.port), timeout=30)


def read_response(s: socket.socket) -> tuple[int, dict[str, str], Any]:
    """Read one response whole (the server closes the connection or gives a length)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = s.recv(65536)
        if not chunk:
            break
        body += chunk
    return status, headers, json.loads(body[:length]) if length else {}


def raw_http(r: Running, raw: bytes) -> tuple[int, dict[str, str], Any]:
    with connect(r) as s:
        # refused before it was all sent: the answer is still there to read
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            s.sendall(raw)
        return read_response(s)
