"""Running blocking work (a verification) in a thread while its progress goes
out as Server-Sent Events; a client that goes away cancels the work at the
next progress point."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor
from typing import Any

from ..errors import ToulminError

__all__ = ["Cancelled", "sse", "stream_work"]

_DONE = object()


class Cancelled(Exception):
    """Raised inside the work when its client has gone."""


def sse(event: str, data: Any) -> bytes:
    body = json.dumps(data, ensure_ascii=False)
    return f"event: {event}\ndata: {body}\n\n".encode()


async def stream_work(
    work: Callable[[Callable[[str, Any], None]], Any],
    finish: Callable[[Any], list[tuple[str, Any]]],
    is_disconnected: Callable[[], Any],
    on_error: Callable[[BaseException], dict[str, Any]],
    pool: Executor,
    on_done: Callable[[], None] | None = None,
) -> AsyncIterator[bytes]:
    """``work(emit)`` runs on ``pool`` and calls ``emit(kind, data)``; its result
    goes to ``finish``, whose events close the stream. ``on_done`` is called once the
    work has ended or was skipped (the service counts its queue with it)."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[Any] = asyncio.Queue()
    cancelled = threading.Event()

    def emit(kind: str, data: Any) -> None:
        if cancelled.is_set():
            raise Cancelled("the client disconnected")
        loop.call_soon_threadsafe(queue.put_nowait, (kind, data))

    def run() -> None:
        try:
            if cancelled.is_set():  # the client left while this waited its turn
                return
            result = work(emit)
            loop.call_soon_threadsafe(queue.put_nowait, ("__result__", result))
        except Cancelled:
            pass
        except BaseException as e:  # handed to the client as an error event, never swallowed
            loop.call_soon_threadsafe(queue.put_nowait, ("__error__", e))
        finally:
            if on_done is not None:
                on_done()
            loop.call_soon_threadsafe(queue.put_nowait, _DONE)

    pool.submit(run)
    try:
        while True:
            try:
                item = await asyncio.wait_for(queue.get(), timeout=0.5)
            except TimeoutError:
                if await is_disconnected():
                    cancelled.set()
                    return
                continue
            if item is _DONE:
                return
            kind, data = item
            if kind == "__result__":
                for ev, payload in finish(data):
                    yield sse(ev, payload)
            elif kind == "__error__":
                yield sse("error", on_error(data))
            else:
                yield sse(kind, data)
    finally:
        # the generator is closed when the client goes away mid-stream, too
        cancelled.set()


def error_body(e: BaseException) -> dict[str, Any]:
    if isinstance(e, ToulminError):
        return {"error": e.to_dict()}
    return {"error": {"code": "E_INTERNAL", "message": f"{type(e).__name__}: {e}", "fix": "report this bug"}}
