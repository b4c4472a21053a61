"""A real LangGraph graph, PLAN -> RETRIEVE -> GENERATE -> VERIFY, whose generator is an
OpenAI-compatible server on 127.0.0.1 answering from a script: the first draft invents a
figure, the second is grounded."""

from __future__ import annotations

from typing import Any

import pytest

from toulmin.agent.graph import AgentState, add_verify
from toulmin.crag import generate_answer
from toulmin.llm.openai_compat import OpenAICompatible
from toulmin.sources import coerce_sources

from ..llm.conftest import Server, openai_reply

pytestmark = pytest.mark.slow
langgraph = pytest.importorskip("langgraph.graph")

CORPUS = [
    {"id": "trial", "text": "The Phase 2 trial enrolled 340 participants across 12 sites."},
    {"id": "fda", "text": "The therapy received FDA fast-track designation in March 2024."},
    {"id": "other", "text": "The cafeteria serves lunch from noon."},
]
INVENTED = "The Phase 2 trial enrolled 510 participants across 12 sites [1]."
GROUNDED = "The Phase 2 trial enrolled 340 participants across 12 sites [1]."


def _graph(server: Server, retrievals: list[list[str]]) -> Any:
    llm = OpenAICompatible("scripted", base_url=server.url + "/v1", api_key="k", backoff=0.0)

    def plan(state: AgentState) -> dict[str, Any]:
        return {"queries": state.get("queries") or [state["question"]]}

    def retrieve(state: AgentState) -> dict[str, Any]:
        queries = state["queries"]
        retrievals.append(queries)
        words = {w.lower().strip(".") for q in queries for w in q.split()}
        return {"chunks": [c for c in CORPUS if words & {w.lower().strip(".") for w in c["text"].split()}]}

    def generate(state: AgentState) -> dict[str, Any]:
        return {"answer": generate_answer(llm, state["question"], coerce_sources(state["chunks"]))}

    g = langgraph.StateGraph(AgentState)
    g.add_node("PLAN", plan)
    g.add_node("RETRIEVE", retrieve)
    g.add_node("GENERATE", generate)
    g.add_edge(langgraph.START, "PLAN")
    g.add_edge("PLAN", "RETRIEVE")
    g.add_edge("RETRIEVE", "GENERATE")
    g.add_edge("GENERATE", "VERIFY")
    add_verify(g)
    return g.compile()


def test_the_graph_retries_once_and_ends_with_the_grounded_draft(server: Server) -> None:
    server.script.add("json", openai_reply(INVENTED)).add("json", openai_reply(GROUNDED))
    retrievals: list[list[str]] = []
    final = _graph(server, retrievals).invoke({"question": "How many people took part in the Phase 2 trial?",
                                               "max_iterations": 3})
    got = (final["answer"], final["is_grounded"], final["iteration"], final["next"])
    assert got == (GROUNDED, True, 2, "END")
    assert final["reasoning"].splitlines() == [
        f"Verification confidence {final['reports'][0]['confidence']:.2f} below threshold. Retrying.",
        "Verification confidence 1.00: grounded.",
    ]
    assert [r["is_grounded"] for r in final["reports"]] == [False, True]
    # the retry looked for the unsupported claim and its names and numbers
    assert "The Phase 2 trial enrolled 510 participants." in retrievals[1]
    assert len(server.script.requests) == 2
    prompt = server.script.requests[1]["body"]["messages"][1]["content"]
    assert "Question: How many people took part" in prompt


def test_with_one_iteration_the_graph_ends_ungrounded_and_says_so(server: Server) -> None:
    server.script.add("json", openai_reply(INVENTED))
    final = _graph(server, []).invoke({"question": "How many people took part in the Phase 2 trial?",
                                       "max_iterations": 1})
    got = (final["answer"], final["is_grounded"], final["iteration"], final["next"])
    assert got == (INVENTED, False, 1, "END")
    assert final["reasoning"].endswith("after 1 of 1 iterations: the answer is not grounded.")
    assert len(server.script.requests) == 1


def test_the_async_node_in_an_async_graph(server: Server) -> None:
    import asyncio

    from toulmin.agent.graph import averify_node, route

    g = langgraph.StateGraph(AgentState)
    g.add_node("GENERATE", lambda s: {"answer": GROUNDED, "chunks": CORPUS[:1]})
    g.add_node("VERIFY", averify_node())
    g.add_edge(langgraph.START, "GENERATE")
    g.add_edge("GENERATE", "VERIFY")
    g.add_conditional_edges("VERIFY", route, {"PLAN": "GENERATE", "END": langgraph.END})
    final = asyncio.run(g.compile().ainvoke({"question": "How many took part?"}))
    assert (final["is_grounded"], final["iteration"], final["next"]) == (True, 1, "END")
