"""The VERIFY step as a LangGraph node (``pip install 'toulmin[langgraph]'``).

    from langgraph.graph import START, StateGraph
    from toulmin.agent.graph import AgentState, add_verify

    g = StateGraph(AgentState)
    g.add_node("PLAN", plan); g.add_node("RETRIEVE", retrieve); g.add_node("GENERATE", generate)
    g.add_edge(START, "PLAN"); g.add_edge("PLAN", "RETRIEVE"); g.add_edge("RETRIEVE", "GENERATE")
    g.add_edge("GENERATE", "VERIFY")
    add_verify(g)            # VERIFY -> PLAN while not grounded and drafts are left, else END
    final = g.compile().invoke({"question": "...", "max_iterations": 2})

The node writes only the keys the step decides (``WRITES``); the graph's state must declare
them, as :class:`AgentState` does (extend it with your own keys). ``queries`` and
``unsupported_claims`` are what PLAN and RETRIEVE should look for on a retry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, TypedDict

from ..config import Config
from . import averify_step, verify_step

__all__ = ["WRITES", "AgentState", "add_verify", "averify_node", "route", "verify_node"]

WRITES = ("iteration", "confidence", "is_grounded", "claims", "reports", "reasoning", "next",
          "unsupported_claims", "queries")


class AgentState(TypedDict, total=False):
    question: str
    chunks: list[Any]
    answer: str
    iteration: int
    max_iterations: int
    reasoning: str
    confidence: float | None
    is_grounded: bool
    claims: list[dict[str, Any]]
    reports: list[dict[str, Any]]
    unsupported_claims: list[str]
    queries: list[str]
    next: Literal["PLAN", "END"]


def _written(state: Mapping[str, Any]) -> dict[str, Any]:
    return {k: state[k] for k in WRITES if k in state}


Node = Callable[[Mapping[str, Any]], dict[str, Any]]


def verify_node(config: Config | None = None, **options: Any) -> Node:
    """A node running :func:`toulmin.agent.verify_step` with this config and options."""

    def verify(state: Mapping[str, Any]) -> dict[str, Any]:
        return _written(verify_step(state, config=config, **options))

    return verify


def averify_node(config: Config | None = None, **options: Any) -> Callable[..., Any]:
    """The node for async graphs (``ainvoke``): the verification runs in a worker thread."""

    async def verify(state: Mapping[str, Any]) -> dict[str, Any]:
        return _written(await averify_step(state, config=config, **options))

    return verify


def route(state: Mapping[str, Any]) -> str:
    """The conditional edge after VERIFY: "PLAN" to retry, "END" to stop."""
    return "PLAN" if state.get("next") == "PLAN" else "END"


def add_verify(graph: Any, *, name: str = "VERIFY", plan: str = "PLAN", asynchronous: bool = False,
               config: Config | None = None, **options: Any) -> None:
    """Add the VERIFY node to a ``StateGraph`` and its edge: back to ``plan`` on a retry,
    to the graph's end otherwise. Wire the generator's edge into ``name`` yourself."""
    from langgraph.graph import END

    node = averify_node(config, **options) if asynchronous else verify_node(config, **options)
    graph.add_node(name, node)
    graph.add_conditional_edges(name, route, {"PLAN": plan, "END": END})
