"""The routes that do work: verify (JSON or a stream of verdicts) and ask."""

from __future__ import annotations

import functools
import time
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import StreamingResponse

from ..crag import crag
from ..errors import ConfigError
from ..lessons import lesson_recorder
from ..llm import load_llm
from ..report import Report
from .history import Viewer
from .models import AskRequest, VerifyRequest, block, verification_event
from .stream import error_body, stream_work
from .work import Service, service, viewer

__all__ = ["router"]

router = APIRouter()
_SSE = {"Cache-Control": "no-cache"}


@router.post("/v1/verify")
async def verify(req: VerifyRequest, request: Request, sv: Service = Depends(service),
                 who: Viewer = Depends(viewer)) -> dict[str, Any]:
    """Verify an answer against its sources; the report is stored in the history, as the
    caller's."""
    if not req.enable_verification:
        return {"answer": req.answer, "verification": None}
    report, extra = await sv.timed(functools.partial(sv.verify, owner=who.owner), request, req)
    out = {"id": extra["id"], "answer": req.answer,
           "verification": block(report, crag_attempts=extra.get("crag_attempts"),
                                 show_claims=req.show_claims).model_dump()}  # fmt: skip
    if "final_response" in extra:
        out["final_response"] = extra["final_response"]
    out["report"] = report.model_dump(mode="json")
    return out


@router.post("/v1/verify/stream")
async def verify_stream(
    req: VerifyRequest, request: Request, sv: Service = Depends(service), who: Viewer = Depends(viewer)
) -> StreamingResponse:
    """Server-Sent Events: ``claims``, one ``claim`` per verdict as it is decided
    (``update`` if the citation check changes one), then ``verification``
    (seed 000's shape) or ``error``."""

    def finish(result: tuple[Report, dict[str, Any]]) -> list[tuple[str, Any]]:
        return [("verification", verification_event(result[0], result[1]["id"]))]

    release = sv.admit()
    arrived = time.perf_counter()
    gen = stream_work(lambda emit: sv.verify(req, emit, arrived=arrived, owner=who.owner), finish,
                      request.is_disconnected, error_body, sv.pool, on_done=release)
    return StreamingResponse(gen, media_type="text/event-stream", headers=_SSE)


@router.post("/v1/ask")
async def ask(req: AskRequest, request: Request, sv: Service = Depends(service),
              who: Viewer = Depends(viewer)) -> StreamingResponse:
    """Server-Sent Events: ``token`` (each piece of a draft as the model writes it,
    where the provider streams), ``answer`` (each draft, whole), ``round`` per CRAG
    verification, then ``verification`` and ``final``; or ``error``."""
    cfg_req = sv.request_config(req)
    if not req.enable_crag:
        cfg_req = cfg_req.merged({"crag": {"max_attempts": 0}})
    llm = load_llm(cfg_req.llm)
    if llm is None:
        raise ConfigError("E_CONFIG_VALUE", "no language model is configured on this server",
                          fix="start toulmin serve with llm.provider and llm.model set")  # fmt: skip
    retriever = sv.corpus(cfg_req)
    arrived = time.perf_counter()  # latency counts the wait for a worker, as a client sees it

    def work(emit: Any) -> Any:
        res = crag(None, None, retriever, req.question, llm=llm, config=cfg_req, on_event=emit,
                   on_report=lesson_recorder(cfg_req))
        secs = time.perf_counter() - arrived
        sv.metrics.verification(secs, [d.verdict.value for d in res.report.details])
        used = [str(s["id"]) for s in res.report.sources]
        rid = sv.history.add(
            res.report, kind="ask", sources=used, latency_ms=1000 * secs,
            crag_attempts=res.attempts, crag_reached=res.stopped == "threshold met", owner=who.owner,
        )  # fmt: skip
        return rid, res

    def finish(result: Any) -> list[tuple[str, Any]]:
        rid, res = result
        ev = verification_event(res.report, rid)
        ev["crag_attempts"] = res.attempts
        final = {"final_response": res.final_response, "stopped": res.stopped}
        return [("verification", ev), ("final", final)]

    release = sv.admit()
    gen = stream_work(work, finish, request.is_disconnected, error_body, sv.pool, on_done=release)
    return StreamingResponse(gen, media_type="text/event-stream", headers=_SSE)
