"""A real HTTP server on 127.0.0.1 that speaks the OpenAI and Anthropic wire
formats with scripted replies: good ones, malformed JSON, 429, 5xx, slow
replies and dropped connections."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest


def openai_reply(text: str, model: str = "m") -> dict[str, Any]:
    return {
        "id": "x",
        "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}}],
        "usage": {"prompt_tokens": 3, "completion_tokens": 2},
    }


def anthropic_reply(text: str, model: str = "m") -> dict[str, Any]:
    return {
        "id": "x",
        "model": model,
        "type": "message",
        "content": [{"type": "text", "text": text}],
        "usage": {"input_tokens": 3, "output_tokens": 2},
    }


def openai_stream(pieces: list[str], model: str = "m") -> list[dict[str, Any]]:
    first = {"model": model, "choices": [{"index": 0, "delta": {"role": "assistant"}}]}
    chunks: list[dict[str, Any]] = [first]
    chunks += [{"model": model, "choices": [{"index": 0, "delta": {"content": p}}]} for p in pieces]
    return [*chunks, {"model": model, "choices": [], "usage": {"completion_tokens": len(pieces)}}]


def anthropic_stream(pieces: list[str]) -> list[dict[str, Any]]:
    return [{"type": "message_start", "message": {"id": "x"}},
            {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
            *[{"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": p}}
              for p in pieces],
            {"type": "message_stop"}]


class Script:
    def __init__(self) -> None:
        self.actions: list[tuple[str, Any]] = []
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        self.in_flight = 0
        self.max_in_flight = 0

    def add(self, kind: str, value: Any = None) -> Script:
        self.actions.append((kind, value))
        return self


class Server:
    def __init__(self) -> None:
        self.script = Script()
        script = self.script

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                with script.lock:
                    script.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
                    kind, value = script.actions.pop(0) if script.actions else ("json", {})
                    script.in_flight += 1
                    script.max_in_flight = max(script.max_in_flight, script.in_flight)
                try:
                    if kind == "sleep":
                        time.sleep(value[0])
                        kind, value = "json", value[1]
                    if kind == "drop":
                        self.connection.close()
                        return
                    if kind == "json":
                        self._send(200, json.dumps(value).encode())
                    elif kind == "sse":  # a streamed reply: one event per payload
                        self.send_response(200)
                        self.send_header("content-type", "text/event-stream")
                        self.end_headers()
                        for payload in value:
                            self.wfile.write(f"data: {json.dumps(payload)}\n\n".encode())
                            self.wfile.flush()
                        self.wfile.write(b"data: [DONE]\n\n")
                    elif kind == "raw":
                        self._send(200, value.encode())
                    elif kind == "error_body":
                        self._send(value[0], value[1].encode())
                    elif kind == "status":
                        code, headers = value if isinstance(value, tuple) else (value, {})
                        self._send(code, b'{"error": {"message": "scripted"}}', headers)
                finally:
                    with script.lock:
                        script.in_flight -= 1

            def _send(self, code: int, data: bytes, headers: dict[str, str] | None = None) -> None:
                self.send_response(code)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server() -> Iterator[Server]:
    s = Server()
    yield s
    s.close()
