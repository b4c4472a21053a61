"""Corrective retrieval (CRAG, seed 001): when an answer's confidence is below
the threshold, search for what its unsupported claims lack, then verify again.

- With a language model: the model writes targeted queries for the
  unsupported claims (offline queries if it fails), new chunks not already
  used are retrieved, the answer is regenerated from the question with the
  extra context (``[n]`` citations), and verified again.
- Offline: the same answer is verified again with the new chunks as extra
  sources; claims they back become supported with that evidence, the rest
  are dropped or marked in the revised answer (``decide.revise``).

At most ``crag.max_attempts`` rounds; it stops as soon as the threshold is
met or the corpus has nothing new, and never returns an answer with a lower
confidence than the best one seen.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field

from .config import Config, load_config, nest_dotted
from .corpus.retrieve import Passage, Retriever, as_retriever
from .errors import InputError, LLMError
from .llm.base import LLM, LLMRequest, Message
from .llm.parse import ask_json
from .llm.stream import OnToken, complete_streaming
from .report import BACKED, SEARCHABLE, Report, Verdict
from .sources import Source, coerce_sources
from .verify import OnReport, get_verifier

__all__ = ["ANSWER_PROMPT", "CRAGResult", "CRAGStep", "acrag", "crag", "generate_answer", "offline_queries"]


ANSWER_PROMPT = """Answer the question using only the numbered sources. After each sentence, cite
the sources that state it as [n]. If the sources do not contain the answer, say so. Do not add
facts the sources do not state."""

QUERY_PROMPT = """These claims could not be verified against the documents retrieved so far.
For each claim write one short search query (keywords, names, numbers) that would find a
document stating or refuting it. Return JSON: {"queries": ["...", ...]}"""

QUERY_SCHEMA = {
    "type": "object",
    "properties": {"queries": {"type": "array", "items": {"type": "string"}}},
    "required": ["queries"],
}


class CRAGStep(BaseModel):
    attempt: int = Field(description="0 is the answer as given")
    answer: str = Field(description="the answer verified at this step")
    confidence: float | None
    is_grounded: bool
    claims_supported: int
    unsupported_claims: list[str] = Field(description="claims no source backed (searched for next)")
    queries: list[str] = Field(default_factory=list, description="what was searched before this step")
    added: list[str] = Field(default_factory=list, description="ids of the chunks this step added")
    notes: list[str] = Field(default_factory=list)


class CRAGResult(BaseModel):
    mode: Literal["llm", "offline"]
    final_response: str = Field(description="the best answer seen, unsupported claims dropped or marked")
    confidence: float | None
    attempts: int = Field(description="retrieval rounds run after the first verification")
    stopped: str = Field(description="why the loop ended")
    verification_history: list[CRAGStep]
    additional_context_used: list[Passage]
    report: Report = Field(description="the verification report of the final response's answer")


def offline_queries(claim: str) -> list[str]:
    """The claim itself, and its names and numbers alone (a query the claim's
    wording cannot lead astray)."""
    ents = re.findall(r"\b(?:[A-Z][\w'-]+(?:\s+(?:of|de|the|van|von)?\s*[A-Z][\w'-]+)*|\d[\d.,%]*)", claim)
    names = " ".join(dict.fromkeys(e for e in ents if e.lower() not in {"the", "a", "an", "it", "he", "she"}))
    return [q for q in dict.fromkeys([claim.strip(), names.strip()]) if q]


def _llm_queries(llm: LLM, claims: Sequence[str], question: str | None) -> list[str]:
    body = (
        (f"Question: {question}\n\n" if question else "") + "Claims:\n" + "\n".join(f"- {c}" for c in claims)
    )
    data = ask_json(llm, QUERY_PROMPT, body, QUERY_SCHEMA, max_tokens=300)
    got = data.get("queries") if isinstance(data, dict) else data
    if (
        not isinstance(got, list)
        or not all(isinstance(q, str) for q in got)
        or not any(q.strip() for q in got)
    ):
        raise LLMError(
            "E_LLM_BAD_RESPONSE", "no list of queries in the reply", fix='expected {"queries": [...]}'
        )
    return [q.strip() for q in got if q.strip()][: 2 * len(claims)]


def generate_answer(llm: LLM, question: str, sources: Sequence[Source], lessons: str = "",
                    on_token: OnToken | None = None) -> str:
    """An answer to ``question`` from the numbered ``sources``, citing them as ``[n]``;
    with ``on_token``, each piece as the model writes it (where the provider streams)."""
    ctx = "\n\n".join(f"[{i + 1}] {s.text}" for i, s in enumerate(sources))
    system = ANSWER_PROMPT + (f"\n\n{lessons}" if lessons else "")
    request = LLMRequest(
        messages=(
            Message(role="system", content=system),
            Message(role="user", content=f"Sources:\n{ctx}\n\nQuestion: {question}"),
        ),
        max_tokens=600,
    )
    reply = llm.complete(request) if on_token is None else complete_streaming(llm, request, on_token)
    text = reply.text.strip()
    if not text:
        raise LLMError("E_LLM_BAD_RESPONSE", "the model returned an empty answer", fix="try another model")
    return text


def _tokens(emit: Callable[[str, Any], None], attempt: int) -> OnToken:
    """``token`` events for one draft: its pieces in order, then ``answer`` has it whole."""
    return lambda piece: emit("token", {"attempt": attempt, "text": piece})


def _step(
    attempt: int, answer: str, rep: Report, queries: list[str], added: list[str], notes: list[str]
) -> CRAGStep:
    return CRAGStep(
        attempt=attempt,
        answer=answer,
        confidence=rep.confidence,
        is_grounded=rep.is_grounded,
        claims_supported=rep.claims_supported,
        unsupported_claims=[d.claim for d in rep.details if d.verdict in SEARCHABLE],
        queries=queries,
        added=added,
        notes=notes,
    )


def _cited(rep: Report) -> set[str]:
    """Sources the verdicts rest on: backing, evidence or contradicting."""
    out: set[str] = set()
    for d in rep.details:
        out.update(d.supported_by)
        if d.verdict in BACKED | {Verdict.PARTIALLY_SUPPORTED}:
            out.update(e.source_id for e in d.evidence[:1])
        if d.contradicting is not None:
            out.add(d.contradicting.source_id)
    return out


def _conf(rep: Report) -> float:
    return -1.0 if rep.confidence is None else rep.confidence


def crag(
    answer: str | None,
    sources: object,
    retriever: Retriever | object,
    question: str | None = None,
    *,
    llm: LLM | None = None,
    config: Config | None = None,
    lessons: str = "",
    on_event: Callable[[str, Any], None] | None = None,
    on_report: OnReport | None = None,
    **options: Any,
) -> CRAGResult:
    """Verify ``answer``; below the threshold, retrieve for its unsupported
    claims and verify (offline) or regenerate and verify (with ``llm``) again.

    With no ``sources`` the first context is retrieved for the question (or
    the answer); with ``answer=None`` the model writes the first answer too
    (``toulmin ask``). ``retriever`` is a toulmin ``Retriever``, a LangChain
    or LlamaIndex retriever, or ``fn(query, k)``. ``on_report`` is called with the
    report of every round (as ``verify``'s)."""
    retriever = as_retriever(retriever)

    def emit(kind: str, data: Any) -> None:
        if on_event is not None:
            on_event(kind, data)

    cfg = (config or load_config()).merged(nest_dotted(options) if options else None)
    c = cfg.crag
    threshold = c.threshold if c.threshold is not None else cfg.decide.grounded_threshold
    verifier = get_verifier(cfg)
    if llm is not None and not (question and question.strip()):
        raise InputError(
            "E_BAD_OPTION", "CRAG with a language model needs the question", fix="pass the question"
        )
    srcs = coerce_sources(sources) if sources else []
    if not srcs:
        seed = question if question and question.strip() else answer
        if not seed or not seed.strip():
            raise InputError("E_EMPTY", "nothing to search for: no question and no answer", fix="pass one")
        srcs = [p.as_source() for p in retriever.retrieve(seed, c.k * 2)]
        if not srcs:
            raise InputError(
                "E_NO_SOURCES", "the corpus returned nothing to verify against", fix="index documents first"
            )
    if answer is None:
        if llm is None or question is None:
            raise InputError("E_NO_ANSWER", "no answer to verify and no model to write one", fix="pass one")
        answer = generate_answer(llm, question, srcs, lessons,
                                 on_token=_tokens(emit, 0) if on_event else None)
        emit("answer", {"attempt": 0, "answer": answer})
    rep = verifier.verify(answer, srcs, question, on_report=on_report)
    history = [_step(0, answer, rep, [], [], [])]
    emit("round", history[-1].model_dump(mode="json"))
    best, best_answer = rep, answer
    used_ids = {s.id for s in srcs}
    used_text = {" ".join(s.text.split()) for s in srcs}
    extra: list[Passage] = []

    def good(r: Report) -> bool:
        # with a model to rewrite it, a contradicted claim is not good enough either
        return _conf(r) >= threshold and (llm is None or r.claims_contradicted == 0)

    attempts, stopped = 0, "threshold met" if good(rep) else ""
    while not stopped and attempts < c.max_attempts:
        # With a model, a contradicted claim is worth a rewrite too; offline the answer
        # stays as it is, and more evidence cannot undo a contradiction.
        wanted = SEARCHABLE | ({Verdict.CONTRADICTED} if llm is not None else set())
        claims = [d.claim for d in best.details if d.verdict in wanted]
        if not claims:
            stopped = (
                "no unsupported claim left to search for (what remains is contradicted)"
                if llm is None
                else "no unsupported claim left"
            )
            break
        attempts += 1
        notes: list[str] = []
        queries: list[str] = []
        if llm is not None:
            try:
                queries = _llm_queries(llm, claims, question)
            except LLMError as e:
                if not cfg.llm.fallback:
                    raise
                notes.append(f"query writing failed ({e.code}); offline queries used")
        if not queries:
            queries = [q for cl in claims for q in offline_queries(cl)]
        new: list[Passage] = []
        for q in queries:
            for p in retriever.retrieve(q, c.k * attempts):  # each round reaches further down
                key = " ".join(p.text.split())
                if p.source_id in used_ids or key in used_text:
                    continue
                used_ids.add(p.source_id)
                used_text.add(key)
                new.append(p)
        if not new and llm is None:
            history.append(_step(attempts, best_answer, best, queries, [], [*notes, "nothing new found"]))
            stopped = "the corpus holds nothing new for the unsupported claims"
            break
        if not new:
            notes.append("nothing new found; the answer is rewritten from the context it had")
        extra.extend(new)
        pool = srcs + [p.as_source() for p in extra]
        candidate = answer
        if llm is not None and question:
            try:
                candidate = generate_answer(llm, question, pool, lessons,
                                            on_token=_tokens(emit, attempts) if on_event else None)
                emit("answer", {"attempt": attempts, "answer": candidate})
            except LLMError as e:
                if not cfg.llm.fallback:
                    raise
                notes.append(
                    f"regeneration failed ({e.code}); the answer was re-verified with the new context"
                )
        rep = verifier.verify(candidate, pool, question, on_report=on_report)
        history.append(_step(attempts, candidate, rep, queries, [p.source_id for p in new], notes))
        emit("round", history[-1].model_dump(mode="json"))
        if (_conf(rep), -rep.claims_contradicted) > (_conf(best), -best.claims_contradicted):
            best, best_answer = rep, candidate  # never worse than the best seen
        if good(best):
            stopped = "threshold met"
    if not stopped:
        stopped = f"max_attempts ({c.max_attempts}) reached"
    final = best.revised_answer if cfg.decide.revise != "none" else best_answer
    return CRAGResult(
        mode="llm" if llm is not None else "offline",
        final_response=final,
        confidence=best.confidence,
        attempts=attempts,
        stopped=stopped,
        verification_history=history,
        additional_context_used=[p for p in extra if p.source_id in _cited(best)],
        report=best,
    )


async def acrag(
    answer: str | None, sources: object, retriever: object, question: str | None = None, **kw: Any
) -> CRAGResult:
    """``crag`` without blocking the event loop."""
    import asyncio

    return await asyncio.to_thread(crag, answer, sources, retriever, question, **kw)
