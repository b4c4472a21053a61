"""Prepare the next items on a background thread while the caller uses this one.

Training tokenises each batch before the model sees it. On a GPU that left the device
idle between steps (docs/benchmarks.md, "Runs and development scores"); the tokenizer
releases the GIL, so a thread can encode the next batches while the device runs.
The items come back in order and unchanged. An exception in the thread is raised
in the caller at the item that failed, and closing the generator stops the thread.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Generator, Iterable
from typing import TypeVar

__all__ = ["prefetch"]

T = TypeVar("T")
R = TypeVar("R")

_DONE = object()


class _Failed:
    def __init__(self, error: BaseException) -> None:
        self.error = error


def prefetch(items: Iterable[T], fn: Callable[[T], R], depth: int = 4) -> Generator[tuple[T, R], None, None]:
    """``(item, fn(item))`` for each item, in order, with up to ``depth`` computed ahead.

    ``depth`` 0 computes each one when asked, on the caller's thread.
    """
    if depth <= 0:
        for item in items:
            yield item, fn(item)
        return
    ready: queue.Queue[object] = queue.Queue(maxsize=depth)
    stop = threading.Event()

    def put(value: object) -> bool:
        while not stop.is_set():
            try:
                ready.put(value, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def work() -> None:
        try:
            for item in items:
                if not put((item, fn(item))):
                    return
        except BaseException as e:  # handed to the caller, which raises it
            put(_Failed(e))
            return
        put(_DONE)

    thread = threading.Thread(target=work, name="toulmin-prefetch", daemon=True)
    thread.start()
    try:
        while True:
            got = ready.get()
            if got is _DONE:
                return
            if isinstance(got, _Failed):
                raise got.error
            yield got  # type: ignore[misc]
    finally:
        stop.set()
        thread.join()
