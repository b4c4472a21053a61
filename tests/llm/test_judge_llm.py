"""The LLM judge and cascade mode against a scripted OpenAI-compatible server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import toulmin
from toulmin.classify.judge import find_quote
from toulmin.report import Verdict

from .conftest import Server, openai_reply

pytestmark = pytest.mark.slow

SOURCES = [
    {
        "id": "S1",
        "text": "Marie Curie was born in Warsaw in 1867. She won the Nobel Prize in Physics in 1903.",
    },
    {"id": "S2", "text": "The Eiffel Tower was completed in 1889. It is 330 metres tall."},
]
ANSWER = "Marie Curie was born in Warsaw. The Eiffel Tower is 330 metres tall. Curie was Polish."


def opts(server: Server, tmp_path: Path, judge: str, **extra: Any) -> dict[str, Any]:
    return {
        "decide": {"judge": judge, **extra},
        "llm": {
            "provider": "openai",
            "model": "judge",
            "base_url": server.url + "/v1",
            "retries": 0,
            "backoff": 0.0,
            "cache_path": str(tmp_path / "c.sqlite"),
        },
    }


def reply(verdict: str, quote: str, passage: int = 1) -> dict[str, Any]:
    return openai_reply(json.dumps({"verdict": verdict, "passage": passage, "quote": quote}))


def test_find_quote_exact_and_fuzzy() -> None:
    texts = ["Alpha beta.", "Marie  Curie was born in Warsaw in 1867."]
    assert find_quote("marie curie was born in warsaw", texts) == 1
    assert find_quote("Marie Curie was born in Warsaw, in 1867", texts) == 1  # a comma added
    assert find_quote("Pierre Curie died in Paris", texts) is None
    assert find_quote("", texts) is None


def test_llm_judge_decides_every_claim_and_checks_its_quotes(server: Server, tmp_path: Path) -> None:
    server.script.add("json", reply("entailment", "Marie Curie was born in Warsaw"))
    server.script.add("json", reply("entailment", "It is 555 metres tall"))  # quote not in the passages
    server.script.add("json", reply("neutral", ""))
    r = toulmin.verify(ANSWER, SOURCES, **opts(server, tmp_path, "llm"))
    assert len(server.script.requests) == 3
    assert [d.verdict for d in r.details] == [Verdict.SUPPORTED, Verdict.OVERREACH, Verdict.OVERREACH]
    assert all(d.decided_by == "openai:judge" for d in r.details)
    assert "not in the passages: downgraded to neutral" in r.details[1].note
    prompt = server.script.requests[0]["body"]["messages"][1]["content"]
    assert prompt.startswith("Claim: Marie Curie was born in Warsaw.") and "[1]" in prompt
    assert r.models["classifier"].startswith("llm (openai:judge")


def test_unreadable_judge_reply_is_an_error_or_the_checker(server: Server, tmp_path: Path) -> None:
    for _ in range(3):
        server.script.add("json", openai_reply("The claim looks fine to me!"))
    cfg = opts(server, tmp_path, "llm")
    cfg["llm"]["fallback"] = False
    r = toulmin.verify(ANSWER, SOURCES, **cfg)
    assert [d.verdict for d in r.details] == [Verdict.ERROR] * 3
    assert all(d.score is None and "LLM judge failed" in d.note for d in r.details)
    assert r.claims_error == 3 and not r.is_grounded and r.confidence is None
    # with the fallback the checker decides, and the note says so
    for _ in range(3):
        server.script.add("raw", "garbage")
    r = toulmin.verify(ANSWER, SOURCES, **opts(server, tmp_path / "fb", "llm"))
    assert Verdict.ERROR not in [d.verdict for d in r.details]
    assert all("decided by the checker" in d.note for d in r.details)


def test_cascade_sends_only_uncertain_claims(server: Server, tmp_path: Path) -> None:
    base = toulmin.verify(ANSWER, SOURCES)
    best = [max(e.probs["entailment"] for e in d.evidence if e.probs) for d in base.details]
    band = (0.0, 1.01)  # everything uncertain: all go to the model
    server.script.add("json", reply("entailment", "born in Warsaw"))
    server.script.add("json", reply("entailment", "It is 330 metres tall", 1))
    server.script.add("json", reply("neutral", ""))
    r = toulmin.verify(ANSWER, SOURCES,
                       **opts(server, tmp_path, "cascade", cascade_band=band, cascade_budget=None))
    assert len(server.script.requests) == 3 and all(d.decided_by == "openai:judge" for d in r.details)
    # a band that holds none of the checker's scores sends nothing
    lo = max(best) + 0.001
    r = toulmin.verify(ANSWER, SOURCES, **opts(server, tmp_path / "b", "cascade", cascade_band=(lo, 1.0),
                                                cascade_budget=None))
    assert len(server.script.requests) == 3
    assert [d.verdict for d in r.details] == [d.verdict for d in base.details]
    assert all(d.decided_by and d.decided_by.startswith("toulmin-checker") for d in r.details)


def test_budget_cascade_sends_the_least_certain_share(server: Server, tmp_path: Path) -> None:
    from toulmin.components import build_components
    from toulmin.config import load_config
    from toulmin.sources import coerce_sources

    cfg = load_config(overrides=opts(server, tmp_path, "cascade"))
    judge = build_components(cfg).classifier
    base = toulmin.verify(ANSWER, SOURCES)
    # 3 claims: a quarter of them, rounded down, is none
    r = toulmin.verify(ANSWER, SOURCES, **opts(server, tmp_path, "cascade"))
    assert not server.script.requests and [d.verdict for d in r.details] == [d.verdict for d in base.details]
    assert all(d.decided_by and d.decided_by.startswith("toulmin-checker") for d in r.details)
    # a third is one: the claim whose checker decision is nearest to flipping
    server.script.add("json", reply("neutral", ""))
    events: list[tuple[str, Any]] = []
    verifier = toulmin.Verifier(load_config(overrides=opts(server, tmp_path / "b", "cascade",
                                                           cascade_budget=0.34)))
    r = verifier.verify(ANSWER, SOURCES, on_event=lambda k, d: events.append((k, d)))
    assert len(server.script.requests) == 1
    judged = [d.claim for d in r.details if d.decided_by == "openai:judge"]
    assert len(judged) == 1
    assert server.script.requests[0]["body"]["messages"][1]["content"].startswith(f"Claim: {judged[0]}")
    # streamed or not, the same claims reach the model, and every verdict is sent once
    assert [d["id"] for k, d in events if k == "claim"] == [d.id for d in r.details]
    claims = [c for c in verifier.extractor.extract(ANSWER) if not c.trivial]
    cands = verifier.linker.link(claims, coerce_sources(SOURCES))
    margins = [judge.margin(cls) for cls in judge.checker.classify(claims, cands)]
    assert judged == [claims[margins.index(min(m for m in margins if m is not None))].text]


def test_judge_needs_a_model() -> None:
    with pytest.raises(toulmin.ConfigError) as e:
        toulmin.verify(ANSWER, SOURCES, decide={"judge": "cascade"})
    assert "decide.judge=checker" in (e.value.fix or "")


def test_fact_checking_labels(server: Server, tmp_path: Path) -> None:
    # the prompt's own vocabulary (SUPPORTED / REFUTED / NOT_ENOUGH_INFO), evidence first
    for label, quote in (("SUPPORTED", "Marie Curie was born in Warsaw"), ("REFUTED", "She won the Nobel"),
                         ("NOT_ENOUGH_INFO", "")):  # fmt: skip
        server.script.add("json", openai_reply(json.dumps({"quote": quote, "passage": 1, "label": label})))
    r = toulmin.verify(ANSWER, SOURCES, **opts(server, tmp_path, "llm"))
    verdicts = [d.verdict for d in r.details]
    assert verdicts[0] == Verdict.SUPPORTED and Verdict.SUPPORTED not in verdicts[1:]
    sent = server.script.requests[0]["body"]
    assert "SUPPORT" in sent["messages"][0]["content"]
    schema = sent["response_format"]["json_schema"]["schema"]
    assert list(schema["properties"]) == ["quote", "passage", "label"]
    for _ in range(3):
        server.script.add("json", openai_reply(json.dumps({"quote": "", "passage": 0, "label": "MAYBE"})))
    cfg = opts(server, tmp_path / "x", "llm")
    cfg["llm"]["fallback"] = False
    bad = toulmin.verify(ANSWER, SOURCES, **cfg)
    assert [d.verdict for d in bad.details] == [Verdict.ERROR] * 3
