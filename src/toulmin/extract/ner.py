"""spaCy's entity recogniser run apart from the tagger and parser.

In ``en_core_web_sm`` the recogniser has its own token-to-vector layers and reads
nothing the tagger or parser set, yet it is half of spaCy's time on an answer (11 of
22 ms). In a helper process it runs on the second core while the first parses (a
second thread does not help: the GIL made that slower, docs/experiments.md).

Apart, it cannot see the parser's sentence ends, so it always reads the bare tokens,
in the helper or, when there is none, in this process: both give the same entities,
and a report does not depend on which ran them. An entity read across a sentence
end is cut there.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import logging
import os
import subprocess
import sys
import threading
import weakref
from collections import deque
from concurrent.futures import Future
from typing import Any

__all__ = ["EntityRunner"]

log = logging.getLogger(__name__)

Entities = list[tuple[int, int, str]]
_WAIT_S = 60.0  # a helper that takes longer than this on one answer is given up

# The helper's whole program: it imports spaCy alone (importing toulmin would double
# its start-up time), reads one JSON text per line and answers with one line. Torch,
# where installed, is kept out: thinc imports it if it can (1.1 s), and the pipeline
# runs on NumPy.
_PROGRAM = """
import json, sys
sys.modules["torch"] = None
import spacy
nlp = spacy.load(sys.argv[1], exclude=[x for x in sys.argv[2].split(",") if x])
print("ready", flush=True)
for line in sys.stdin:
    try:
        doc = nlp(json.loads(line))
    except Exception as e:
        print(json.dumps({"error": type(e).__name__ + ": " + str(e)[:500]}), flush=True)
        continue
    print(json.dumps({"n": len(doc), "ents": [[e.start, e.end, e.label_] for e in doc.ents]}), flush=True)
"""


class _TextError(Exception):
    """The helper could not read this one text; it carries on with the next."""


def _entities(doc: Any) -> Entities:
    return [(e.start, e.end, e.label_) for e in doc.ents]


class _Helper:
    """One child process, answers in the order asked; any thread may ask."""

    def __init__(self, model: str, exclude: list[str]):
        cmd = [sys.executable, "-c", _PROGRAM, model, ",".join(exclude)]
        # The helper has one core to itself: BLAS worker threads would only take time
        # from the process that parses (its recogniser took 10-20% more CPU time with them).
        env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, encoding="utf-8", bufsize=1, env=env)
        self._pending: deque[Future[tuple[int, Entities]]] = deque()
        self._lock = threading.Lock()  # the queue of questions asked
        self._write_lock = threading.Lock()  # the pipe to the child, in the queue's order
        self.dead: str | None = None
        self.ready: Future[None] = Future()
        self.stopping = threading.Event()  # set when this side ends it: no warning then
        threading.Thread(target=self._read, name="toulmin-ner-reader", daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        try:  # this thread owns its end of the pipe, and closes it when the child has gone
            first = out.readline()
            if first.strip() == "ready":
                self.ready.set_result(None)
                self._answer(out)
        finally:
            out.close()
        code = self.proc.wait()
        why = f"the helper exited (code {code})" if self.ready.done() else "the helper did not start"
        if not self.stopping.is_set():
            log.warning("toulmin: %s; spaCy's entity recogniser runs in-process from now on", why)
        self._fail(why)

    def _answer(self, out: Any) -> None:
        for line in out:
            with self._lock:
                fut = self._pending.popleft() if self._pending else None
            if fut is None:
                self.proc.kill()  # out of step with its questions: no answer can be trusted
                return
            try:
                row = json.loads(line)
                if "error" in row:
                    fut.set_exception(_TextError(str(row["error"])))
                    continue
                fut.set_result((int(row["n"]), [(int(s), int(e), str(lab)) for s, e, lab in row["ents"]]))
            except (ValueError, KeyError, TypeError) as e:
                fut.set_exception(RuntimeError(f"unreadable answer from the helper: {e}"))

    def _fail(self, why: str) -> None:
        with self._lock:
            self.dead = self.dead or why
            pending = list(self._pending)
            self._pending.clear()
        if not self.ready.done():
            self.ready.set_exception(RuntimeError(why))
        for fut in pending:
            if not fut.done():
                fut.set_exception(RuntimeError(why))

    def submit(self, text: str) -> Future[tuple[int, Entities]]:
        fut: Future[tuple[int, Entities]] = Future()
        # Writing holds its own lock, not the queue's: a long text that fills the pipe
        # must not keep the reader from taking the answers before it.
        with self._write_lock:
            with self._lock:
                if self.dead:
                    fut.set_exception(RuntimeError(self.dead))
                    return fut
                self._pending.append(fut)
            try:
                assert self.proc.stdin is not None
                self.proc.stdin.write(json.dumps(text) + "\n")
                self.proc.stdin.flush()
            except OSError as e:
                self._fail(f"the helper cannot be reached ({e})")
        return fut


def _stop(proc: subprocess.Popen[str], ready: Future[None], stopping: threading.Event) -> None:
    """End of input: the child exits, and the reader closes the other pipe. A child
    still loading reads no input yet: it is killed rather than waited for."""
    stopping.set()
    if not ready.done():
        proc.kill()
    if proc.stdin is not None:
        # OSError: the child is already gone; its pipe has nothing left to flush
        with contextlib.suppress(OSError):
            proc.stdin.close()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class EntityRunner:
    """Sets ``doc.ents`` from the recogniser run on the bare tokens of the text.

    ``start(text)`` before parsing, ``finish(doc, started)`` after: with a helper the
    two overlap. ``apart=False`` (or a helper that fails) runs it here, with the same
    result."""

    def __init__(self, nlp: Any, model: str, apart: bool):
        self.nlp = nlp
        self.ner = nlp.get_pipe("ner") if "ner" in nlp.component_names else None
        self._helper: _Helper | None = None
        self._reap: weakref.finalize[Any, Any] | None = None
        if apart and self.ner is not None:
            exclude = [n for n in nlp.component_names if n not in ("ner", "toulmin_sentences")]
            try:
                self._helper = _Helper(model, exclude)
            except OSError as e:
                log.warning("toulmin: spaCy's entity recogniser runs in-process: no helper process (%s)", e)
            else:
                # the child is reaped when this runner goes, or at exit
                h = self._helper
                self._reap = weakref.finalize(self, _stop, h.proc, h.ready, h.stopping)

    def loaded(self, timeout: float = 60.0) -> bool:
        """Waits for the helper to be up: True when it is, False when there is none
        (benchmarks of warm latency wait for it, as for the other models)."""
        if self._helper is None:
            return False
        try:
            self._helper.ready.result(timeout=timeout)
        except (TimeoutError, RuntimeError):  # still loading, or it failed to start (logged)
            return False
        return self.apart

    @property
    def apart(self) -> bool:
        return self._helper is not None and not self._helper.dead

    def start(self, text: str) -> Future[tuple[int, Entities]] | None:
        """Sends the text to the helper, once it has loaded: until then (a process's
        first answers) the recogniser runs here rather than keep the answer waiting."""
        helper = self._helper
        if helper is None or helper.dead or not helper.ready.done():
            return None
        return helper.submit(text)

    def finish(self, doc: Any, started: Future[tuple[int, Entities]] | None) -> None:
        if self.ner is None:
            return
        got: Entities | None = None
        if started is not None:
            try:
                n, ents = started.result(timeout=_WAIT_S)
                if n == len(doc):
                    got = ents
                else:
                    log.warning("toulmin: the entity helper cut the text into %d tokens, not %d; "
                                "running the recogniser in-process", n, len(doc))
            except _TextError:
                pass  # read here instead, which raises the same error if it is the text's
            except Exception as e:
                log.warning("toulmin: spaCy's entity recogniser runs in-process from now on: %s", e)
                self.close()
        if got is None:
            got = _entities(self.ner(self.nlp.make_doc(doc.text)))
        from spacy.tokens import Span

        # Read without sentence ends, an entity may run across one ("C.S. | Lewis"
        # when the parser cut there); each sentence keeps its own part of it.
        starts = {t.i for t in doc if t.is_sent_start}
        spans = []
        for first, end, lab in got:
            cuts = [first, *(i for i in range(first + 1, end) if i in starts), end]
            spans += [Span(doc, a, b, label=lab) for a, b in itertools.pairwise(cuts)]
        doc.set_ents(spans, default="outside")

    def close(self) -> None:
        if self._reap is not None:
            self._reap()
        self._helper = None
