"""The LLM claim extractor end to end: scripted OpenAI-compatible server on
127.0.0.1, the real shipped checker as the grounding guard, the real pipeline."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import toulmin
from toulmin.errors import LLMError

from .conftest import Server, openai_reply

pytestmark = pytest.mark.slow

ANSWER = "Marie Curie was born in Warsaw. She won the Nobel Prize in Physics in 1903."
SOURCES = [
    {
        "id": "S1",
        "text": "Marie Curie was born in Warsaw in 1867. She won the Nobel Prize in Physics in 1903.",
    }
]


def opts(server: Server, tmp_path: Path, **llm: Any) -> dict[str, Any]:
    return {
        "extract": {"backend": "llm"},
        "llm": {
            "provider": "openai",
            "model": "m",
            "base_url": server.url + "/v1",
            "backoff": 0.0,
            "retries": 0,
            "cache_path": str(tmp_path / "c.sqlite"),
            **llm,
        },
    }


def test_llm_claims_are_guarded_placed_and_verified(server: Server, tmp_path: Path) -> None:
    claims = {
        "claims": [
            {"text": "Marie Curie was born in Warsaw.", "type": "attribute"},
            {"text": "Marie Curie won the Nobel Prize in Physics.", "type": "attribute"},
            {"text": "Marie Curie won the Nobel Prize in 1903.", "type": "numeric"},
            {"text": "Marie Curie discovered insulin.", "type": "action"},  # not in the answer
        ]
    }
    server.script.add("json", openai_reply("```json\n" + json.dumps(claims) + "\n```"))
    r = toulmin.verify(ANSWER, SOURCES, **opts(server, tmp_path))
    assert [d.claim for d in r.details] == [c["text"] for c in claims["claims"][:3]]
    assert [d.type for d in r.details] == ["attribute", "attribute", "numeric"]
    assert all(d.verdict == toulmin.Verdict.SUPPORTED for d in r.details)
    assert [d.focus for d in r.details] == ["Marie Curie was born in Warsaw."] + [
        "She won the Nobel Prize in Physics in 1903."
    ] * 2
    assert all(r.answer[d.start : d.end] == d.focus for d in r.details)
    assert [d["claim"] for d in r.dropped_claims] == ["Marie Curie discovered insulin."]
    assert r.models["llm"] == "openai:m" and r.models["extractor"].startswith("llm@")
    assert any("extractor hallucinations" in n for n in r.notes)
    sent = server.script.requests[0]["body"]
    assert "atomic factual claims" in sent["messages"][0]["content"]
    assert sent["messages"][1]["content"] == ANSWER
    # a rerun is served from the cache: same report, no request
    again = toulmin.verify(ANSWER, SOURCES, **opts(server, tmp_path))
    assert len(server.script.requests) == 1
    assert again.to_json(timings=False) == r.to_json(timings=False)


def test_garbage_falls_back_to_the_offline_extractor(server: Server, tmp_path: Path) -> None:
    server.script.add("raw", "<html>oops</html>")
    r = toulmin.verify(ANSWER, SOURCES, **opts(server, tmp_path))
    assert r.claims_checked >= 2  # the spaCy claims
    assert any("LLM claim extraction failed (E_LLM_BAD_RESPONSE" in n for n in r.notes)
    server.script.add("json", openai_reply("I would rather not."))
    with pytest.raises(LLMError) as e:
        toulmin.verify(ANSWER, SOURCES, **opts(server, tmp_path / "strict", fallback=False))
    assert e.value.code == "E_LLM_BAD_RESPONSE"


def test_server_down_falls_back(tmp_path: Path) -> None:
    r = toulmin.verify(
        ANSWER,
        SOURCES,
        extract={"backend": "llm"},
        llm={
            "provider": "openai",
            "model": "m",
            "base_url": "http://127.0.0.1:9/v1",
            "retries": 0,
            "cache": False,
        },
    )
    assert any("E_LLM_UNAVAILABLE" in n for n in r.notes) and r.claims_checked >= 2


def test_llm_backend_without_a_model_is_a_config_error() -> None:
    with pytest.raises(toulmin.ConfigError) as e:
        toulmin.verify(ANSWER, SOURCES, extract={"backend": "llm"})
    assert "llm.provider" in (e.value.fix or "")


def test_fragment_answer_is_read_with_its_question(server: Server, tmp_path: Path) -> None:
    q = "Which religion is the University of Providence affiliated with?"
    claims = {
        "claims": [
            {"text": "The University of Providence is affiliated with the Roman Catholic Church.",
             "type": "relation"},
            {"text": "The University of Providence is in Montana.", "type": "attribute"},  # not the answer
        ]
    }  # fmt: skip
    server.script.add("json", openai_reply(json.dumps(claims)))
    src = ["The University of Providence is a private Roman Catholic university in Great Falls, Montana."]
    r = toulmin.verify("Roman Catholic.", src, q, **opts(server, tmp_path))
    sent = server.script.requests[0]["body"]["messages"][1]["content"]
    assert q in sent and "Roman Catholic." in sent and "full sentence" in sent
    # the guard reads the fragment with its question: the sentence form is kept, the extra claim is not
    assert [d.claim for d in r.details] == [claims["claims"][0]["text"]]
    assert [x["claim"] for x in r.dropped_claims] == ["The University of Providence is in Montana."]
    assert r.details[0].verdict == toulmin.Verdict.SUPPORTED
    # no question: the answer alone, as before
    server.script.add("json", openai_reply(json.dumps(claims)))
    toulmin.verify("Roman Catholic.", src, **opts(server, tmp_path, cache=False))
    assert server.script.requests[1]["body"]["messages"][1]["content"] == "Roman Catholic."
