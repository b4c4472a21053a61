"""Seed 004's alignment asked of a language model (score.alignment=llm),
against the scripted OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import toulmin
from toulmin.errors import ConfigError, LLMError

from .conftest import Server, openai_reply

pytestmark = pytest.mark.slow

Q = "When was Marie Curie born?"
ANSWER = "Marie Curie was born in Warsaw in 1867."
SOURCES = ["Marie Curie was born in Warsaw in 1867. She won the Nobel Prize in Physics in 1903."]


def opts(server: Server, **llm: Any) -> dict[str, Any]:
    return {
        "score": {"alignment": "llm"},
        "llm": {"provider": "openai", "model": "m", "base_url": server.url + "/v1", "retries": 0,
                "backoff": 0.0, "cache": False, **llm},
    }  # fmt: skip


def test_the_model_scores_alignment(server: Server) -> None:
    server.script.add("json", openai_reply(json.dumps({"score": 0.85, "reason": "addressed and supported"})))
    r = toulmin.verify(ANSWER, SOURCES, Q, **opts(server))
    a = r.verification.alignment
    assert a.score == 0.85 and a.method == "openai:m: addressed and supported"
    assert r.verification.answer_source_alignment == 0.85
    sent = server.script.requests[0]["body"]["messages"][1]["content"]
    assert Q in sent and ANSWER in sent and "[1] Marie Curie was born in Warsaw in 1867." in sent
    offline = toulmin.verify(ANSWER, SOURCES, Q).verification
    # the offline parts are still reported beside the model's score
    assert (a.grounding, a.relevance) == (offline.alignment.grounding, offline.alignment.relevance)


@pytest.mark.parametrize("reply", ['{"score": 7, "reason": "x"}', "I'd say 0.9", '{"score": true}'])
def test_unusable_reply_falls_back_or_fails(server: Server, reply: str) -> None:
    server.script.add("json", openai_reply(reply))
    r = toulmin.verify(ANSWER, SOURCES, Q, **opts(server))
    offline = toulmin.verify(ANSWER, SOURCES, Q).verification.alignment
    assert r.verification.alignment.score == offline.score
    assert "LLM alignment failed (E_LLM_BAD_RESPONSE" in r.verification.alignment.method
    assert any(n.startswith("LLM alignment failed") for n in r.notes)
    server.script.add("json", openai_reply(reply))
    with pytest.raises(LLMError) as e:
        toulmin.verify(ANSWER, SOURCES, Q, **opts(server, fallback=False))
    assert e.value.code == "E_LLM_BAD_RESPONSE"


def test_needs_a_model(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as e:
        toulmin.verify(ANSWER, SOURCES, Q, score={"alignment": "llm"})
    assert "no language model" in e.value.message
