"""Providers against a real HTTP server on 127.0.0.1 with scripted replies."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest

from toulmin.config import load_config
from toulmin.errors import ConfigError, LLMError
from toulmin.llm import LLMRequest, Message, ResponseCache, load_llm
from toulmin.llm.anthropic import Anthropic
from toulmin.llm.openai_compat import OpenAICompatible

from .conftest import Server, anthropic_reply, openai_reply

KEY = "sk-test-secret-123"
REQ = LLMRequest(messages=(Message(role="system", content="Be brief."), Message(role="user", content="Hi")))


def openai(server: Server, **kw: object) -> OpenAICompatible:
    return OpenAICompatible("m", base_url=server.url + "/v1", api_key=KEY, backoff=0.0, **kw)  # type: ignore[arg-type]


def test_openai_wire_format(server: Server) -> None:
    server.script.add("json", openai_reply("hello", model="served-model"))
    schema = {"type": "object", "properties": {"a": {"type": "string"}}}
    r = openai(server).complete(REQ.model_copy(update={"json_schema": schema}))
    assert (r.text, r.model, r.provider, r.cached) == ("hello", "served-model", "openai", False)
    sent = server.script.requests[0]
    assert sent["path"] == "/v1/chat/completions"
    assert sent["headers"]["Authorization"] == f"Bearer {KEY}"
    assert sent["body"]["temperature"] == 0.0 and sent["body"]["model"] == "m"
    assert sent["body"]["messages"][0] == {"role": "system", "content": "Be brief."}
    assert sent["body"]["response_format"]["json_schema"]["schema"] == schema


def test_anthropic_wire_format(server: Server) -> None:
    server.script.add("json", anthropic_reply("hola"))
    llm = Anthropic("claude-x", base_url=server.url, api_key=KEY, backoff=0.0)
    r = llm.complete(REQ)
    assert (r.text, r.provider) == ("hola", "anthropic")
    sent = server.script.requests[0]
    assert sent["path"] == "/v1/messages"
    assert sent["headers"]["x-api-key"] == KEY and sent["headers"]["anthropic-version"]
    assert sent["body"]["system"] == "Be brief."
    assert sent["body"]["messages"] == [{"role": "user", "content": "Hi"}]


def test_retries_on_429_and_5xx_then_succeeds(server: Server) -> None:
    server.script.add("status", (429, {"Retry-After": "0"})).add("status", 500).add("status", 503)
    server.script.add("json", openai_reply("ok"))
    assert openai(server, retries=3).complete(REQ).text == "ok"
    assert len(server.script.requests) == 4


def test_gives_up_with_the_last_status(server: Server) -> None:
    server.script.add("status", 500).add("status", 502)
    with pytest.raises(LLMError) as e:
        openai(server, retries=1).complete(REQ)
    assert e.value.code == "E_LLM_HTTP" and "502" in e.value.message
    server.script.add("status", 429).add("status", 429)
    with pytest.raises(LLMError) as e:
        openai(server, retries=1).complete(REQ)
    assert e.value.code == "E_LLM_RATE_LIMITED" and "max_concurrency" in (e.value.fix or "")


def test_client_errors_are_not_retried_and_the_key_never_shows(server: Server) -> None:
    server.script.add("status", 401)
    llm = openai(server, retries=3)
    with pytest.raises(LLMError) as e:
        llm.complete(REQ)
    assert e.value.code == "E_LLM_AUTH" and len(server.script.requests) == 1
    assert KEY not in str(e.value) and KEY not in repr(llm) and KEY not in repr(e.value.to_dict())


@pytest.mark.parametrize(
    ("kind", "value", "code"),
    [
        ("raw", "<html>502 Bad Gateway</html>", "E_LLM_BAD_RESPONSE"),
        ("raw", '{"choices": [', "E_LLM_BAD_RESPONSE"),
        ("json", {"result": "hello"}, "E_LLM_BAD_RESPONSE"),
        ("json", {"choices": [{"message": {"content": None}}]}, "E_LLM_BAD_RESPONSE"),
    ],
)
def test_garbage_is_an_error_never_a_reply(server: Server, kind: str, value: object, code: str) -> None:
    server.script.add(kind, value)
    with pytest.raises(LLMError) as e:
        openai(server).complete(REQ)
    assert e.value.code == code and "openai" in e.value.message


def test_slow_reply_times_out(server: Server) -> None:
    server.script.add("sleep", (1.0, openai_reply("late")))
    with pytest.raises(LLMError) as e:
        openai(server, retries=0, timeout=0.2).complete(REQ)
    assert e.value.code == "E_LLM_TIMEOUT" and "llm.timeout" in (e.value.fix or "")


def test_dropped_connection_is_retried(server: Server) -> None:
    server.script.add("drop").add("json", openai_reply("back"))
    assert openai(server, retries=2).complete(REQ).text == "back"
    server.script.add("drop").add("drop")
    with pytest.raises(LLMError) as e:
        openai(server, retries=1).complete(REQ)
    assert e.value.code == "E_LLM_UNAVAILABLE"


def test_server_down() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    llm = OpenAICompatible("m", base_url=f"http://127.0.0.1:{port}/v1", retries=1, backoff=0.0)
    with pytest.raises(LLMError) as e:
        llm.complete(REQ)
    assert e.value.code == "E_LLM_UNAVAILABLE" and str(port) in e.value.message
    assert "start the server" in (e.value.fix or "")


def test_cache_makes_reruns_free_and_identical(server: Server, tmp_path: Path) -> None:
    cache = ResponseCache(tmp_path / "c.sqlite")
    assert len(cache) == 0 and cache  # empty, yet truthy: `if cache:` once skipped the first store
    server.script.add("json", openai_reply("first")).add("json", openai_reply("second"))
    a = openai(server, cache=cache).complete(REQ)
    b = openai(server, cache=ResponseCache(tmp_path / "c.sqlite")).complete(REQ)  # a new process, same file
    assert (a.text, a.cached, b.text, b.cached) == ("first", False, "first", True)
    assert len(server.script.requests) == 1
    c = openai(server, cache=cache).complete(REQ.model_copy(update={"temperature": 0.5}))
    assert c.text == "second" and len(cache) == 2
    # the key is not part of the cache
    assert KEY.encode() not in (tmp_path / "c.sqlite").read_bytes()


def test_async_respects_the_concurrency_limit(server: Server) -> None:
    for i in range(6):
        server.script.add("sleep", (0.2, openai_reply(f"r{i}")))
    llm = openai(server, max_concurrency=2)

    async def main() -> list[str]:
        reqs = [REQ.model_copy(update={"max_tokens": 10 + i}) for i in range(6)]
        return [r.text for r in await asyncio.gather(*(llm.acomplete(q) for q in reqs))]

    texts = asyncio.run(main())
    assert sorted(texts) == [f"r{i}" for i in range(6)]
    assert server.script.max_in_flight == 2


def test_async_errors_match_sync(server: Server) -> None:
    server.script.add("raw", "not json")
    with pytest.raises(LLMError) as e:
        asyncio.run(openai(server).acomplete(REQ))
    assert e.value.code == "E_LLM_BAD_RESPONSE"


def test_load_llm_from_config(server: Server, tmp_path: Path) -> None:
    assert load_llm(load_config().llm) is None  # offline by default
    cfg = load_config(
        env={
            "TOULMIN_LLM__PROVIDER": "openai",
            "TOULMIN_LLM__MODEL": "m",
            "TOULMIN_LLM__BASE_URL": server.url + "/v1",
            "TOULMIN_LLM__API_KEY": KEY,
            "TOULMIN_LLM__CACHE_PATH": str(tmp_path / "c.sqlite"),
        }
    )
    llm = load_llm(cfg.llm)
    assert llm is not None and llm.name == "openai:m"
    server.script.add("json", openai_reply("configured"))
    assert llm.complete(REQ).text == "configured"
    assert server.script.requests[0]["headers"]["Authorization"] == f"Bearer {KEY}"
    assert KEY not in cfg.model_dump_json()  # what every report records
    with pytest.raises(ConfigError) as e:
        load_llm(load_config(overrides={"llm": {"provider": "gpt5"}}).llm)
    assert "anthropic" in (e.value.fix or "") and "openai" in (e.value.fix or "")
    with pytest.raises(LLMError) as e2:
        load_llm(load_config(overrides={"llm": {"provider": "openai"}}).llm)
    assert e2.value.code == "E_LLM_CONFIG"


REFUSED = (
    500,
    '{"error": {"message": "1 validation error: body.response_format.type: '
    "Input should be 'text' or 'json_object'\"}}",
)


def _json_req() -> LLMRequest:
    schema = {"type": "object", "properties": {"a": {"type": "integer"}}}
    return LLMRequest(messages=(Message(role="user", content="a?"),), json_schema=schema)


def test_json_mode_steps_down_when_the_server_refuses_the_form(server: Server) -> None:
    # llama-cpp-python's server refuses OpenAI's json_schema form and takes json_object + schema
    server.script.add("error_body", REFUSED).add("json", openai_reply('{"a": 1}'))
    server.script.add("json", openai_reply('{"a": 2}'))
    llm = OpenAICompatible("m", base_url=server.url + "/v1", retries=0, backoff=0.0)
    assert llm.complete(_json_req()).text == '{"a": 1}'  # retries=0, yet the refused form is asked again
    forms = [r["body"]["response_format"] for r in server.script.requests]
    assert forms[0]["type"] == "json_schema" and forms[0]["json_schema"]["schema"]["type"] == "object"
    assert forms[1] == {"type": "json_object", "schema": _json_req().json_schema}
    llm.complete(_json_req().model_copy(update={"max_tokens": 7}))  # the form that worked is kept
    assert server.script.requests[2]["body"]["response_format"]["type"] == "json_object"
    assert len(server.script.requests) == 3


def test_json_mode_ends_with_no_format_then_a_real_error(server: Server) -> None:
    server.script.add("error_body", REFUSED).add("error_body", REFUSED).add("json", openai_reply("{}"))
    llm = OpenAICompatible("m", base_url=server.url + "/v1", retries=0, backoff=0.0)
    asyncio.run(llm.acomplete(_json_req()))
    assert "response_format" not in server.script.requests[2]["body"]
    # nothing plainer left: the next refusal is an error that shows the server's words
    server.script.add("error_body", (400, '{"error": "bad response_format"}'))
    with pytest.raises(LLMError) as e:
        llm.complete(_json_req().model_copy(update={"max_tokens": 9}))
    assert e.value.code == "E_LLM_HTTP" and "response_format" in e.value.message
    # a plain 500 without that word is retried as before, not downgraded
    fresh = OpenAICompatible("m", base_url=server.url + "/v1", retries=1, backoff=0.0)
    server.script.add("status", 500).add("json", openai_reply("{}"))
    fresh.complete(_json_req())
    assert fresh.json_form == 0
