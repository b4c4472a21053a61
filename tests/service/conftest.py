"""A real HTTP server: the app under uvicorn on 127.0.0.1, in a thread."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from tests.llm.conftest import Server, server  # noqa: F401 - the scripted LLM server fixture
from toulmin.config import load_config
from toulmin.service import create_app


class Running:
    def __init__(self, app: Any) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        self.app = app
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
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
    import json

    out = []
    for block in resp.text.split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if "event" in lines:
            out.append((lines["event"], json.loads(lines["data"])))
    return out
