"""The routes that read: the history, statistics, health, metrics and the web page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Depends
from fastapi.responses import FileResponse, PlainTextResponse

from .._version import __version__
from ..errors import InputError
from .history import Viewer
from .work import Service, service, viewer

__all__ = ["router"]

router = APIRouter()
_STATIC = Path(__file__).parent / "static"
_TYPES = {"app.js": "text/javascript", "app.css": "text/css", "render.js": "text/javascript",
          "render.css": "text/css"}


@router.get("/v1/reports")
async def reports(limit: int = 50, offset: int = 0, sv: Service = Depends(service),
                  who: Viewer = Depends(viewer)) -> dict[str, Any]:
    """The caller's reports, newest first (an admin key: everyone's)."""
    return {"reports": sv.history.list(limit, offset, who)}


@router.get("/v1/reports/{rid}")
async def report(rid: str, sv: Service = Depends(service), who: Viewer = Depends(viewer)) -> dict[str, Any]:
    """One of the caller's reports; another key's is 404, as an unknown one."""
    got = sv.history.get(rid, who)
    if got is None:
        raise InputError("E_NOT_FOUND", f"no report {rid!r}", fix="list them with GET /v1/reports")
    return got  # type: ignore[no-any-return]


@router.get("/v1/stats")
async def stats(sv: Service = Depends(service), who: Viewer = Depends(viewer)) -> dict[str, Any]:
    """The rates over the caller's reports."""
    return sv.history.stats(who)  # type: ignore[no-any-return]


@router.get("/healthz")
async def healthz() -> dict[str, Any]:
    return {"status": "ok", "version": __version__}


@router.get("/metrics", response_class=PlainTextResponse)
async def metrics(sv: Service = Depends(service)) -> str:
    return sv.metrics.render()


@router.get("/", include_in_schema=False)
async def page() -> FileResponse:
    return FileResponse(_STATIC / "index.html", media_type="text/html")


@router.get("/static/{name}", include_in_schema=False)
async def static(name: str) -> FileResponse:
    if name not in _TYPES:
        raise InputError("E_NOT_FOUND", f"no static file {name!r}", fix="GET /")
    return FileResponse(_STATIC / name, media_type=_TYPES[name])
