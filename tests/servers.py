"""Starting a real server process for a test: free port, log to a file (a pipe
nobody reads fills and blocks the server), wait until it answers, stop it."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def running(cmd: list[str], ready_url: str, log_path: Path, *, timeout: float = 60) -> Iterator[None]:
    """Run ``cmd`` until the block ends; enter once ``ready_url`` answers 200."""
    log = log_path.open("wb")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    name = " ".join(Path(c).name for c in cmd[:3])
    try:
        deadline = time.monotonic() + timeout
        while not _answers(ready_url):
            if proc.poll() is not None:
                raise RuntimeError(f"{name} exited: {log_path.read_text(errors='replace')[-2000:]}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"{name} did not start within {timeout} s")
            time.sleep(0.3)
        yield
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.TransportError:
        return False
