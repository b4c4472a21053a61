"""Schemathesis against the running service's own OpenAPI document, on loopback: no
response is a 500, and every error has the documented {"error": {code, message, fix}}
shape (issue 31). Each operation gets cases that follow its schema and cases that break
it; bounded and derandomized, so CI runs the same cases each time."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode

from toulmin.config import load_config
from toulmin.service import create_app

from .conftest import Running, raw_http


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    history = Path(tmp_path_factory.mktemp("fuzz")) / "h.sqlite"
    r = Running(create_app(load_config(overrides={"serve": {"history": str(history), "timeout": 30}})))
    yield r
    r.stop()


def _check(response: Any) -> None:
    assert response.status_code != 500, response.text[:500]
    if response.status_code >= 400:
        body = response.json()
        assert set(body) == {"error"}, body
        err = body["error"]
        assert err["code"].startswith("E_") and err["message"] and err["fix"], body


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_no_500_and_every_error_in_the_documented_shape(running: Running, mode: GenerationMode) -> None:
    schema = schemathesis.openapi.from_url(running.url + "/openapi.json")
    operations = [op.ok() for op in schema.get_all_operations()]
    assert {op.path for op in operations} >= {"/v1/verify", "/v1/verify/stream", "/v1/ask", "/v1/reports"}
    cases = st.one_of([op.as_strategy(generation_mode=mode) for op in operations])
    seen: list[str] = []

    @settings(max_examples=100, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(cases)
    def run(case: schemathesis.Case) -> None:
        seen.append(f"{case.method} {case.operation.path}")
        _check(case.call(base_url=running.url, timeout=60))

    run()
    assert len(set(seen)) >= 4, set(seen)  # the cases reached most routes
    # and what no schema describes: bytes that are not JSON, not UTF-8, nested too deep
    for raw in (b"\xff\xfe\x00", b"{" * 3000, b'{"answer": "\\ud800"}', b"[]", b"null"):
        headers = {"content-type": "application/json"}
        _check(httpx.post(running.url + "/v1/verify", content=raw, headers=headers))
    # and what the server answers before any route: headers too large or too many, a
    # Content-Length that is negative, not a number or beyond any limit, not HTTP at all
    post = b"POST /v1/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    for req in (b"GET /v1/reports HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 200_000 + b"\r\n\r\n",
                b"GET /v1/reports HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(500)) + b"\r\n",
                post + b"Content-Length: -5\r\n\r\n", post + b"Content-Length: 1e3\r\n\r\n",
                post + b"Content-Length: 18446744073709551617\r\n\r\n", post + b"Content-Length: 3\r\n"
                b"Content-Length: 4\r\n\r\nabc", b"\x16\x03\x01\x02\x00\r\n\r\n"):
        status, headers, body = raw_http(running, req)
        _check(httpx.Response(status, headers=headers, json=body))
        assert status in (400, 413, 431), (status, body)
