"""Verification inside an agent: the VERIFY step of a plan-retrieve-generate loop.

An agent that plans, retrieves, generates and verifies checks each draft; when the draft
is not grounded and it has drafts left, it notes "Verification confidence 0.xx below
threshold. Retrying." in its reasoning and goes back to PLAN with another retrieval
strategy, else it keeps the confidence and the claims and ends. Here that step is framework-free:

- :func:`verify_step` (and :func:`averify_step`) takes the agent's state (a mapping) and
  returns a new one, never touching the one it was given;
- :func:`retry_until_grounded` is the whole loop in plain Python, around the user's own
  ``retrieve`` and ``generate``;
- ``toulmin.agent.graph`` puts the step in a LangGraph graph
  (``pip install 'toulmin[langgraph]'``).

The other strategy is the offline CRAG one: the next retrieval is asked for the
unsupported claims themselves and for their names and numbers alone
(:func:`toulmin.crag.offline_queries`), as ``queries`` in the state.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field

from ..config import Config, load_config
from ..crag import offline_queries
from ..errors import InputError
from ..report import SEARCHABLE, Report, Verdict
from ..verify import verify

__all__ = ["AgentRun", "averify_step", "retry_until_grounded", "verify_step"]

DEFAULT_MAX_ITERATIONS = 3
# what the next retrieval looks for: claims no source backed, and those a source refutes
_SEARCHED = {*SEARCHABLE, Verdict.CONTRADICTED}


def _sources(state: Mapping[str, Any]) -> Any:
    for key in ("sources", "chunks"):
        if state.get(key):
            return state[key]
    raise InputError("E_NO_SOURCES",
                     "the agent state has no 'sources' or 'chunks' to verify the answer against",
                     fix="put the retrieved chunks in state['chunks'] (strings or {id, text, metadata})")


def verify_step(state: Mapping[str, Any], *, config: Config | None = None, **options: Any) -> dict[str, Any]:
    """The VERIFY node: ``state`` in, the next state out.

    Reads ``answer``, ``chunks`` (or ``sources``), ``question`` (optional), ``iteration``
    (drafts verified so far, default 0), ``max_iterations`` (default 3) and ``reasoning``.
    Writes ``iteration`` (+1), ``confidence``, ``is_grounded``, ``claims`` (the report's
    claim results), ``reports`` (every iteration's report, this one last), ``next``
    ("PLAN": retry; "END"), ``reasoning`` (a line on what was decided), and for a retry
    ``unsupported_claims`` and ``queries`` (what the next retrieval should look for).
    The threshold is the config's ``decide.grounded_threshold``: a draft is kept when it
    is grounded (confidence at least that, nothing contradicted)."""
    return _next(state, _verify(state, config, options))


def _verify(state: Mapping[str, Any], config: Config | None, options: Mapping[str, Any]) -> Report:
    answer = state.get("answer")
    if not isinstance(answer, str):
        raise InputError("E_BAD_TYPE", "the agent state's 'answer' must be the draft's text",
                         fix="set state['answer'] to the generated answer before the VERIFY step")
    return verify(answer, _sources(state), state.get("question"), config=config, **options)


async def averify_step(
    state: Mapping[str, Any], *, config: Config | None = None, **options: Any
) -> dict[str, Any]:
    """``verify_step`` without blocking the event loop."""
    return await asyncio.to_thread(verify_step, state, config=config, **options)


def _next(state: Mapping[str, Any], report: Report) -> dict[str, Any]:
    iteration = int(state.get("iteration") or 0) + 1
    most = int(state.get("max_iterations") or DEFAULT_MAX_ITERATIONS)
    conf = report.confidence
    shown = "n/a (no checkable claim)" if conf is None else f"{conf:.2f}"
    unsupported = [d.claim for d in report.details if d.verdict in _SEARCHED]
    out = dict(state)
    out.update(iteration=iteration, confidence=conf, is_grounded=report.is_grounded,
               claims=[d.model_dump(mode="json") for d in report.details],
               reports=[*state.get("reports", []), report.model_dump(mode="json")])
    if report.is_grounded:
        line, nxt = f"Verification confidence {shown}: grounded.", "END"
    elif iteration < most:
        line, nxt = f"Verification confidence {shown} below threshold. Retrying.", "PLAN"
        out["unsupported_claims"] = unsupported
        out["queries"] = list(dict.fromkeys(q for c in unsupported for q in offline_queries(c)))
    else:
        line, nxt = (f"Verification confidence {shown} below threshold after {iteration} of {most} "
                     "iterations: the answer is not grounded."), "END"
    out["reasoning"] = f"{state.get('reasoning') or ''}\n{line}".lstrip("\n")
    out["next"] = nxt
    return out


class AgentRun(BaseModel):
    """What :func:`retry_until_grounded` did."""

    answer: str = Field(description="the last draft")
    is_grounded: bool
    confidence: float | None
    iterations: int
    stopped: Literal["grounded", "max_iterations"]
    reasoning: str
    queries: list[list[str]] = Field(description="what each retrieval was asked for ([] the first time)")
    reports: list[Report] = Field(description="every draft's report, in order")


Retrieve = Callable[[str, list[str]], Sequence[Any]]
Generate = Callable[[str, Sequence[Any]], str]


def retry_until_grounded(
    generate: Generate,
    retrieve: Retrieve,
    question: str,
    max_iterations: int = DEFAULT_MAX_ITERATIONS,
    *,
    config: Config | None = None,
    **options: Any,
) -> AgentRun:
    """Retrieve, generate, verify; again while the draft is not grounded, at most
    ``max_iterations`` drafts. ``retrieve(question, queries)`` returns the chunks
    (strings, dicts or sources; ``queries`` is empty the first time, then the unsupported
    claims and their names and numbers); ``generate(question, chunks)`` returns a draft."""
    if max_iterations < 1:
        raise InputError("E_BAD_VALUE", f"max_iterations must be at least 1, got {max_iterations}",
                         fix="pass 1 for a single verified draft, more to allow retries")
    cfg = config or load_config()
    state: dict[str, Any] = {"question": question, "iteration": 0, "max_iterations": max_iterations,
                             "reasoning": "", "queries": []}
    asked: list[list[str]] = []
    reports: list[Report] = []  # the reports themselves: the state holds their JSON
    while True:
        queries = list(state.get("queries") or []) if state["iteration"] else []
        asked.append(queries)
        chunks = list(retrieve(question, queries))
        draft = {**state, "chunks": chunks, "answer": generate(question, chunks)}
        reports.append(_verify(draft, cfg, options))
        state = _next(draft, reports[-1])
        if state["next"] == "END":
            break
    grounded = bool(state["is_grounded"])
    return AgentRun(answer=state["answer"], is_grounded=grounded, confidence=state["confidence"],
                    iterations=state["iteration"], stopped="grounded" if grounded else "max_iterations",
                    reasoning=state["reasoning"], queries=asked,
                    reports=reports)
