"""An agent that verifies its drafts and retries, offline.

    python examples/agent_retry.py              # LangGraph when installed, else the plain loop
    python examples/agent_retry.py --plain      # the plain-Python loop
    python examples/agent_retry.py --llm http://127.0.0.1:8080/v1   # a real OpenAI-compatible server

Without --llm the "model" is a stand-in that misreads the figure on its first draft, as
models do, and copies the source on the second: toulmin's VERIFY step catches the first
draft, asks the next retrieval for the unsupported claim, and ends on the grounded one.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from toulmin.agent import retry_until_grounded

CORPUS = [
    {"id": "trial", "text": "The Phase 2 trial enrolled 340 participants across 12 sites."},
    {"id": "fda", "text": "The therapy received FDA fast-track designation in March 2024."},
    {"id": "canteen", "text": "The canteen serves lunch from noon to 2 pm."},
]
QUESTION = "How many people took part in the Phase 2 trial, and where?"


def retrieve(question: str, queries: list[str]) -> list[dict[str, str]]:
    """Keyword retrieval over CORPUS: the question first, the unsupported claims on a retry."""
    words = {w.lower().strip(".,?") for q in [question, *queries] for w in q.split() if len(w) > 2}
    return [c for c in CORPUS if words & {w.lower().strip(".,") for w in c["text"].split()}]


class StandIn:
    """A model that gets the number wrong once."""

    def __init__(self) -> None:
        self.drafts = 0

    def __call__(self, question: str, chunks: Sequence[Any]) -> str:
        self.drafts += 1
        if self.drafts == 1:
            return "The Phase 2 trial enrolled 510 participants across 12 sites."
        return next(c["text"] for c in chunks if "Phase 2" in c["text"])


def llm_generator(url: str) -> Any:
    from toulmin.crag import generate_answer
    from toulmin.llm.openai_compat import OpenAICompatible
    from toulmin.sources import coerce_sources

    llm = OpenAICompatible("default", base_url=url)
    return lambda question, chunks: generate_answer(llm, question, coerce_sources(list(chunks)))


def with_langgraph(generate: Any) -> dict[str, Any]:
    from langgraph.graph import START, StateGraph

    from toulmin.agent.graph import AgentState, add_verify

    g = StateGraph(AgentState)
    g.add_node("PLAN", lambda s: {"queries": s.get("queries") or []})
    g.add_node("RETRIEVE", lambda s: {"chunks": retrieve(s["question"], s["queries"])})
    g.add_node("GENERATE", lambda s: {"answer": generate(s["question"], s["chunks"])})
    g.add_edge(START, "PLAN")
    g.add_edge("PLAN", "RETRIEVE")
    g.add_edge("RETRIEVE", "GENERATE")
    g.add_edge("GENERATE", "VERIFY")
    add_verify(g)
    final: dict[str, Any] = g.compile().invoke({"question": QUESTION, "max_iterations": 3})
    return final


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--plain", action="store_true", help="the plain-Python loop, not LangGraph")
    ap.add_argument("--llm", help="base URL of an OpenAI-compatible server (default: the stand-in)")
    a = ap.parse_args()
    generate = llm_generator(a.llm) if a.llm else StandIn()
    try:
        if a.plain:
            raise ImportError("--plain")
        final = with_langgraph(generate)
        shown = {k: final[k] for k in ("answer", "is_grounded", "iteration", "confidence")}
        print(json.dumps(shown, indent=2))
        print(final["reasoning"])
    except ImportError:
        run = retry_until_grounded(generate, retrieve, QUESTION, 3)
        print(json.dumps({"answer": run.answer, "is_grounded": run.is_grounded, "iterations": run.iterations,
                          "confidence": run.confidence, "queries": run.queries}, indent=2))
        print(run.reasoning)


if __name__ == "__main__":
    main()
