"""Token streaming against the scripted server on 127.0.0.1: OpenAI and Anthropic wire
formats, the cache, a server that answers whole, and a retry before the first piece."""

from __future__ import annotations

from pathlib import Path

from toulmin.llm import LLMRequest, Message, ResponseCache
from toulmin.llm.anthropic import Anthropic
from toulmin.llm.openai_compat import OpenAICompatible
from toulmin.llm.stream import complete_streaming

from .conftest import Server, anthropic_stream, openai_reply, openai_stream

REQ = LLMRequest(messages=(Message(role="user", content="Where was Marie Curie born?"),))
PIECES = ["Marie", " Curie was born", " in Warsaw", "."]


def _collect(llm: object, request: LLMRequest = REQ) -> tuple[str, list[str]]:
    got: list[str] = []
    out = complete_streaming(llm, request, got.append)  # type: ignore[arg-type]
    return out.text, got


def test_openai_pieces_arrive_in_order_and_make_the_reply(server: Server, tmp_path: Path) -> None:
    server.script.add("sse", openai_stream(PIECES))
    llm = OpenAICompatible("m", base_url=server.url + "/v1", api_key="k", backoff=0.0,
                           cache=ResponseCache(tmp_path / "c.sqlite"))
    text, got = _collect(llm)
    assert got == PIECES and text == "Marie Curie was born in Warsaw."
    assert server.script.requests[0]["body"]["stream"] is True
    # the cached reply comes back whole, as one piece, without asking the server again
    text, got = _collect(llm)
    assert got == [text] == ["Marie Curie was born in Warsaw."] and len(server.script.requests) == 1


def test_anthropic_pieces(server: Server) -> None:
    server.script.add("sse", anthropic_stream(PIECES))
    llm = Anthropic("m", base_url=server.url, api_key="k", backoff=0.0)
    assert _collect(llm) == ("Marie Curie was born in Warsaw.", PIECES)


def test_a_server_that_answers_whole_and_a_retry_before_the_first_piece(server: Server) -> None:
    llm = OpenAICompatible("m", base_url=server.url + "/v1", api_key="k", backoff=0.0, retries=2)
    server.script.add("json", openai_reply("Warsaw."))
    assert _collect(llm) == ("Warsaw.", ["Warsaw."])
    server.script.add("status", 503).add("sse", openai_stream(PIECES))
    assert _collect(llm) == ("Marie Curie was born in Warsaw.", PIECES)
    assert len(server.script.requests) == 3


def test_json_requests_are_asked_whole(server: Server) -> None:
    server.script.add("json", openai_reply('{"a": "b"}'))
    llm = OpenAICompatible("m", base_url=server.url + "/v1", api_key="k", backoff=0.0)
    text, got = _collect(llm, REQ.model_copy(update={"json_schema": {"type": "object"}}))
    assert got == [text] == ['{"a": "b"}'] and "stream" not in server.script.requests[0]["body"]
