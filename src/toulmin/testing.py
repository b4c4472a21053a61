"""Grounding checks for a test suite.

``assert_grounded(answer, sources)`` verifies an answer and fails the test, with a message a
person can act on (each failed claim, its verdict, the note, the best evidence and its source,
and the confidence arithmetic), when the answer is not backed by its sources. ``cases(path)``
reads a JSONL of cases for ``pytest.mark.parametrize``.

Under pytest, the plugin ``toulmin.pytest_plugin`` (registered through the ``pytest11`` entry
point, so it is active wherever toulmin is installed) gives the session-scoped
``toulmin_verifier`` fixture, the ``--toulmin-config PATH`` option and a summary at the end
of the session. ``assert_grounded`` uses the same verifier as the fixture, so the models
load once per test session whether a test asks for the fixture or not.

pytest is imported only by ``cases``: the rest works in any program.
"""

from __future__ import annotations

import inspect
import json
import math
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .config import Config, load_config
from .decide.rollup import confidence_units
from .errors import InputError
from .report import UNCHECKABLE, VERDICT_SCORE, ClaimResult, Evidence, Report, Verdict
from .rows import loads_strict
from .verify import Verifier, get_verifier

if TYPE_CHECKING:
    from _pytest.mark.structures import ParameterSet

__all__ = [
    "Case",
    "Check",
    "NotGroundedError",
    "assert_grounded",
    "cases",
    "read_cases",
    "shared_verifier",
    "use_config",
]

# verdicts that pass whatever ``allow`` says: a backed claim, and words that claim nothing
ALWAYS_PASS = frozenset({Verdict.SUPPORTED, Verdict.TRIVIAL})
CASE_KEYS = ("id", "answer", "sources", "question", "min_confidence", "allow", "metadata")
QUOTE_CHARS = 200  # a longer evidence quote is cut in the message


class NotGroundedError(AssertionError):
    """``assert_grounded`` failed: the answer is not grounded at the bar the test set.
    ``report`` is the whole report; ``failed`` the claims whose verdict the test does not allow."""

    def __init__(self, message: str, report: Report, failed: list[ClaimResult]):
        super().__init__(message)
        self.report = report
        self.failed = failed


@dataclass(frozen=True)
class Check:
    """One ``assert_grounded`` call, for the end-of-session summary."""

    test: str  # the pytest node id, or "" outside pytest
    seconds: float
    confidence: float | None
    passed: bool


@dataclass
class _Session:
    """What one test session (or a program without pytest) shares: the config its verifier is
    built from, the verifier, and the checks made. The plugin opens one per pytest session;
    sessions nest (a pytest run inside a test, as ``pytester`` does)."""

    config: Config | None = None
    verifier: Verifier | None = None
    load_seconds: float | None = None
    test: str = ""
    checks: list[Check] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


_SESSIONS: list[_Session] = [_Session()]


def _session() -> _Session:
    return _SESSIONS[-1]


def _open_session(config: Config | None = None) -> _Session:
    s = _Session(config=config)
    _SESSIONS.append(s)
    return s


def _close_session(s: _Session) -> None:
    if s in _SESSIONS[1:]:
        _SESSIONS.remove(s)


def use_config(config: Config | str | Path | None) -> None:
    """The configuration of the shared verifier from now on: a ``Config``, a YAML file, or
    None for the usual layers (defaults, ``toulmin.yaml``, ``TOULMIN_*``). A verifier built
    before is dropped (``--toulmin-config`` sets this for a pytest session)."""
    cfg = load_config(config) if isinstance(config, str | Path) else config
    s = _session()
    with s.lock:
        s.config, s.verifier, s.load_seconds = cfg, None, None


def shared_verifier() -> Verifier:
    """The verifier ``assert_grounded`` uses when it is given none (the ``toulmin_verifier``
    fixture returns it): built on first use from the session's config and kept. Verifiers are
    cached by configuration process-wide, so one that ``toulmin.verify`` built is reused."""
    s = _session()
    with s.lock:
        if s.verifier is None:
            t0 = time.perf_counter()
            s.verifier = get_verifier(s.config or load_config())
            s.load_seconds = time.perf_counter() - t0
        return s.verifier


def _verdicts(allow: Iterable[str | Verdict] | str | Verdict) -> frozenset[Verdict]:
    names = [allow] if isinstance(allow, str) else list(allow)
    out = set()
    for name in names:
        try:
            out.add(Verdict(str(name).strip().upper()))
        except ValueError:
            raise InputError(
                "E_BAD_OPTION", f"allow: {name!r} is not a verdict",
                fix="allow takes verdicts from: " + ", ".join(v.value for v in Verdict),
            ) from None
    return frozenset(out)


def _check_bar(min_confidence: float | None) -> None:
    if min_confidence is None:
        return
    if (isinstance(min_confidence, bool) or not isinstance(min_confidence, int | float)
            or math.isnan(min_confidence) or not 0 <= min_confidence <= 1):
        raise InputError("E_BAD_OPTION",
                         f"min_confidence {min_confidence!r} is not a confidence between 0 and 1",
                         fix="e.g. min_confidence=0.7, or None to check the verdicts only")


def assert_grounded(
    answer: object,
    sources: object,
    question: str | None = None,
    *,
    min_confidence: float | None = 0.7,
    allow: Iterable[str | Verdict] | str = ("PARTIALLY_SUPPORTED",),
    allow_no_claims: bool = False,
    verifier: Verifier | None = None,
) -> Report:
    """Verify ``answer`` against ``sources`` and raise :class:`NotGroundedError` (an
    ``AssertionError``) unless

    - every claim is SUPPORTED, TRIVIAL (words that claim nothing) or a verdict in ``allow``
      (a CONTRADICTED claim fails unless ``allow`` names CONTRADICTED);
    - the report's confidence is at least ``min_confidence`` (None: verdicts only);
    - the answer makes at least one checkable claim: an answer with nothing to check fails
      unless ``allow_no_claims=True``.

    Returns the report. ``verifier`` defaults to the shared one (the ``toulmin_verifier``
    fixture's under pytest)."""
    __tracebackhide__ = True
    _check_bar(min_confidence)
    passing = ALWAYS_PASS | _verdicts(allow)
    s = _session()
    v = verifier if verifier is not None else shared_verifier()
    t0 = time.perf_counter()
    report = v.verify(answer, sources, question)
    seconds = time.perf_counter() - t0
    failed = [d for d in report.details if d.verdict not in passing]
    conf = report.confidence
    reasons = []
    if conf is None and not allow_no_claims:
        reasons.append("the answer makes no checkable claim, so there is nothing to ground "
                       "(pass allow_no_claims=True if that is expected)")
    if conf is not None and min_confidence is not None and conf < min_confidence:
        reasons.append(f"confidence {_shown(conf, min_confidence)} is below {min_confidence:.2f}")
    if failed:
        counts: dict[str, int] = {}
        for d in failed:
            counts[d.verdict.value] = counts.get(d.verdict.value, 0) + 1
        which = ", ".join(f"{n} {k}" for k, n in counts.items())
        reasons.append(f"{len(failed)} of {len(report.details)} claims failed ({which})")
    if s is not _SESSIONS[0]:  # kept for a pytest session's summary only
        s.checks.append(Check(s.test, seconds, conf, not reasons))
    if reasons:
        raise NotGroundedError(
            _message(report, reasons, failed, min_confidence, passing), report, failed
        )
    return report


# --- the failure message -------------------------------------------------------------------


def _cut(text: str, n: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1].rstrip() + "…"


def _shown(conf: float, bar: float | None) -> str:
    """``conf`` with 2 decimals, or 4 when 2 would make it look equal to the bar it misses."""
    two = f"{conf:.2f}"
    return f"{conf:.4f}" if bar is not None and conf != bar and two == f"{bar:.2f}" else two


def _num(x: float) -> str:
    return f"{x:g}"


def _arithmetic(report: Report, bar: float | None = None) -> str:
    """The report's confidence written out from its claims' scores, by the roll-up's rule
    (``toulmin.decide.rollup``): the mean over checkable claims of 1 / 0.5 / 0, a list of items
    (a claim's ``item_of``) counting once at its weakest item."""
    checkable = [d for d in report.details if d.verdict not in UNCHECKABLE]
    if report.confidence is None or not checkable:
        return "confidence n/a: no checkable claim"
    units = confidence_units(report.details)
    terms = [_num(x[0]) if len(x) == 1 else "min(" + ", ".join(map(_num, x)) + ")" for x in units]
    mean = round(sum(min(x) for x in units) / len(units), 4)
    if not math.isclose(mean, report.confidence, abs_tol=1e-4):  # a verifier that rolls up another way
        scores = ", ".join(f"{d.id} {_num(VERDICT_SCORE.get(d.verdict, 0.0))}" for d in checkable)
        return f"confidence {_shown(report.confidence, bar)} (the report's; claim scores: {scores})"
    grouped = len(units) < len(checkable)
    what = (f"{len(units)} units ({len(checkable)} checkable claims; a list counts once, at its weakest item)"
            if grouped else f"{len(checkable)} checkable claim" + ("s" if len(checkable) > 1 else ""))
    return f"confidence {_shown(report.confidence, bar)} = ({' + '.join(terms)}) / {what}"


def _evidence(d: ClaimResult) -> tuple[str, Evidence | None]:
    if d.verdict == Verdict.CONTRADICTED and d.contradicting is not None:
        return "contradicted by", d.contradicting
    return "best evidence", (d.evidence[0] if d.evidence else None)


def _table(rows: Sequence[ClaimResult]) -> list[str]:
    w_id = max([5, *(len(d.id) for d in rows)])
    w_v = max([7, *(len(d.verdict.value) for d in rows)])
    pad = " " * (2 + w_id + 2 + w_v + 2)
    out = [f"  {'claim':<{w_id}}  {'verdict':<{w_v}}  claim / note / evidence"]
    for d in rows:
        out.append(f"  {d.id:<{w_id}}  {d.verdict.value:<{w_v}}  {_cut(d.claim, 160)}")
        if d.note:
            out.append(f"{pad}note: {_cut(d.note, 200)}")
        label, ev = _evidence(d)
        if ev is None:
            out.append(f"{pad}{label}: none (no passage of the sources was linked to this claim)")
        else:
            out.append(f'{pad}{label} [{ev.source_id}]: "{_cut(ev.quote, QUOTE_CHARS)}"')
    return out


def _message(
    report: Report,
    reasons: list[str],
    failed: list[ClaimResult],
    min_confidence: float | None,
    passing: frozenset[Verdict],
) -> str:
    lines = ["answer not grounded: " + "; ".join(reasons)]
    if report.question:
        lines.append(f"question: {_cut(report.question, 160)}")
    lines.append(f"answer: {_cut(report.answer, 160)}")
    rows = failed or [d for d in report.details if d.score is not None and d.score < 1]
    if rows:
        lines += ["", "failed claims:" if failed else "claims that lower the confidence:", *_table(rows)]
    lines.append("")
    bar = f"; needs ≥ {min_confidence:.2f}" if min_confidence is not None else ""
    lines.append(_arithmetic(report, min_confidence) + (bar if report.confidence is not None else ""))
    order = [v.value for v in Verdict if v in passing]
    lines.append("passing verdicts: " + ", ".join(order))
    if report.notes:
        lines.append("report notes: " + " | ".join(_cut(n, 200) for n in report.notes))
    return "\n".join(lines)


# --- cases from a JSONL file ---------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One row of a cases file: an answer, its sources and the bar it must clear."""

    id: str
    answer: str
    sources: list[Any]
    question: str | None = None
    min_confidence: float | None = 0.7
    allow: tuple[str, ...] = ("PARTIALLY_SUPPORTED",)
    metadata: dict[str, Any] = field(default_factory=dict)

    def check(self, verifier: Verifier | None = None, **options: Any) -> Report:
        """``assert_grounded`` on this case; ``options`` override its bar (``allow_no_claims``...)."""
        __tracebackhide__ = True
        kw: dict[str, Any] = {"min_confidence": self.min_confidence, "allow": self.allow, **options}
        return assert_grounded(self.answer, self.sources, self.question, verifier=verifier, **kw)


def _bad(where: str, message: str, fix: str, code: str = "E_BAD_ROW") -> InputError:
    return InputError(code, f"{where}: {message}", fix=fix)


_ROW_FIX = ('each line is one JSON object: {"id": "...", "answer": "...", "sources": ["text", ...] or '
            '[{"id": "...", "text": "..."}], "question"?: "...", "min_confidence"?: 0.7, "allow"?: [...]}')


def _case(row: object, where: str) -> Case:
    if not isinstance(row, dict):
        raise _bad(where, f"a JSON {type(row).__name__}, not an object", _ROW_FIX)
    unknown = sorted(set(row) - set(CASE_KEYS))
    if unknown:
        raise _bad(where, f"unknown key(s) {', '.join(unknown)}",
                   f"the keys are {', '.join(CASE_KEYS)} (put anything else under metadata)")
    for key in ("id", "answer", "sources"):
        if key not in row:
            raise _bad(where, f'no "{key}"', _ROW_FIX)
    cid = row["id"]
    if isinstance(cid, bool) or not isinstance(cid, str | int) or not str(cid).strip():
        raise _bad(where, f'"id" must be a non-empty string, not {cid!r}', 'e.g. "id": "refund-policy"')
    if not isinstance(row["answer"], str):
        raise _bad(where, f'"answer" must be a string, not {type(row["answer"]).__name__}', _ROW_FIX)
    sources = row["sources"]
    if isinstance(sources, str | dict):
        sources = [sources]
    if not isinstance(sources, list) or not all(isinstance(x, str | dict) for x in sources):
        raise _bad(where, '"sources" must be a list of strings or {"id", "text"} objects', _ROW_FIX)
    question = row.get("question")
    if question is not None and not isinstance(question, str):
        raise _bad(where, f'"question" must be a string, not {type(question).__name__}', _ROW_FIX)
    bar = row.get("min_confidence", 0.7)
    allow = row.get("allow", ["PARTIALLY_SUPPORTED"])
    if isinstance(allow, str):
        allow = [allow]
    metadata = row.get("metadata", {})
    try:
        _check_bar(bar)
        if not isinstance(allow, list):
            raise InputError("E_BAD_OPTION", f"allow must be a list of verdicts, not {allow!r}",
                             fix='e.g. "allow": ["PARTIALLY_SUPPORTED"]')
        _verdicts(allow)
    except InputError as e:
        raise _bad(where, e.message, e.fix or _ROW_FIX) from None
    if not isinstance(metadata, dict):
        raise _bad(where, '"metadata" must be an object', 'e.g. "metadata": {"owner": "search team"}')
    return Case(str(cid), row["answer"], sources, question, bar, tuple(allow), metadata)


def _find(path: str | Path, caller: str | None) -> Path:
    p = Path(path)
    if p.is_file():
        return p
    tried = [str(p.resolve())]
    if not p.is_absolute() and caller:
        beside = Path(caller).resolve().parent / p
        if beside.is_file():
            return beside
        if str(beside) not in tried:
            tried.append(str(beside))
    raise InputError("E_NOT_FOUND", f"cases file {path} not found (looked at {' and '.join(tried)})",
                     fix="give a path relative to the test file or the current folder, "
                     "e.g. Path(__file__).parent / 'cases.jsonl'")


def read_cases(path: str | Path) -> list[Case]:
    """The cases of a JSONL file, in order. A line that is not a usable case raises
    ``InputError`` naming the file and line (no row is skipped; blank lines are allowed)."""
    p = _find(path, _caller_file())
    out: list[Case] = []
    seen: dict[str, int] = {}
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise InputError("E_NOT_UTF8", f"{p} is not UTF-8 ({e.reason})",
                         fix="save the file as UTF-8") from None
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{p}, line {n}"
        try:
            row = loads_strict(line)
        except json.JSONDecodeError as e:
            raise _bad(where, f"not JSON ({e.msg} at column {e.colno})",
                       "each line must be one whole JSON object (no trailing commas, no comments, "
                       "an object may not span lines)", code="E_BAD_JSON") from None
        except ValueError as e:  # NaN, 1e400, nested too deep
            raise _bad(where, f"not JSON data ({e})", "give plain JSON: finite numbers, shallow nesting",
                       code="E_BAD_JSON") from None
        case = _case(row, where)
        if case.id in seen:
            raise _bad(where, f"id {case.id!r} is already used on line {seen[case.id]}",
                       "give every case its own id: it names the test", code="E_DUPLICATE_ID")
        seen[case.id] = n
        out.append(case)
    if not out:
        raise InputError("E_EMPTY", f"{p} holds no case", fix="add one JSON object per line")
    return out


def _caller_file() -> str | None:
    """The file of the first caller outside this module (the test module that names the cases)."""
    frame = inspect.currentframe()
    while frame is not None:
        if frame.f_code.co_filename != __file__:
            return frame.f_code.co_filename
        frame = frame.f_back
    return None


def cases(path: str | Path) -> list[ParameterSet]:
    """``pytest.param(case, id=case.id)`` for each case of a JSONL file, for
    ``@pytest.mark.parametrize("case", cases("cases.jsonl"))``; a relative path is looked up
    in the current folder, then beside the test file. Each row is
    ``{"id", "answer", "sources", "question"?, "min_confidence"?, "allow"?, "metadata"?}``."""
    import pytest

    return [pytest.param(c, id=c.id) for c in read_cases(path)]
