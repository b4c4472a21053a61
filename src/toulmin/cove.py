"""Chain-of-verification (seed 003; Dhuliawala et al. 2023).

Three calls, so the independent answers really are independent:

1. plan: TASK + DRAFT -> ``<questions>`` about the draft's checkable claims;
2. answer: the questions alone (and, optionally, the sources), never the draft
   -> ``<answers>``;
3. reconcile: TASK + DRAFT + questions + answers -> ``<status>``,
   ``<discrepancies>``, ``<final>``.

Blocks are read in any order, with ``-`` or ``*`` bullets and optional
``Q1:``/``A1:`` prefixes. A discrepancy sets ``verified_with_discrepancy``
and ``verifier_discrepancies``; with ``rewrite_on_discrepancy`` the final
text replaces the draft. Steps named in ``exclude`` (by default the
formatter, deps, shell, refiner and verifier itself, against recursion) are
passed through untouched.

When the model fails (down, timeout, a reply without the blocks) and
``fallback`` is on, a draft with sources is checked offline instead: the
claims the sources do not back become the discrepancies and the offline
``revised_answer`` the final text; the result says so (``fallback``). With
no sources there is nothing to check against offline, so the error stands.
"""

from __future__ import annotations

import asyncio
import re
import warnings
from collections.abc import Sequence

from pydantic import BaseModel, Field

from .config import Config, load_config
from .errors import InputError, LLMError
from .llm.base import LLM, LLMRequest, Message
from .report import FLAGGED, Verdict
from .verify import verify

__all__ = ["DEFAULT_EXCLUDE", "CoVeResult", "acove", "cove", "parse_blocks"]

DEFAULT_EXCLUDE = ("formatter", "deps", "shell", "refiner", "verifier")
_BLOCKS = ("status", "questions", "answers", "discrepancies", "final")

PLAN_PROMPT = """You verify a draft answer. List {n} short, specific questions whose answers would
confirm or refute the draft's most important factual claims (names, numbers, dates, causes).
Each question must make sense without the draft. Reply with exactly:
<questions>
- Q1: ...
</questions>"""

ANSWER_PROMPT = """Answer each question independently and briefly, from your own knowledge{grounded}.
If you do not know, say "unknown". Reply with exactly:
<answers>
- A1: ...
</answers>"""

RECONCILE_PROMPT = """Compare the draft with the independent answers to the verification questions.
A discrepancy is a claim of the draft that an independent answer contradicts.
Reply with these blocks:
<status>verified-clean OR verified-with-corrections</status>
<discrepancies>
- one line per discrepancy, OR none
</discrepancies>
<final>
the draft verbatim if verified-clean, or the draft rewritten to fix every discrepancy
</final>"""


class CoVeResult(BaseModel):
    status: str = Field(description="verified-clean, verified-with-corrections, or skipped")
    questions: list[str] = Field(default_factory=list)
    answers: list[str] = Field(default_factory=list)
    discrepancies: list[str] = Field(default_factory=list)
    final: str = Field(description="the verifier's final text")
    output: str = Field(description="what to deliver: final on a discrepancy with rewrite on, else the draft")
    metadata: dict[str, str] = Field(default_factory=dict)
    skipped: str | None = Field(None, description="why verification did not run")
    llm: str | None = None
    fallback: str | None = Field(None, description="why the offline check replaced the model, if it did")
    notes: list[str] = Field(default_factory=list)


def _items(block: str) -> list[str]:
    out = []
    for line in block.splitlines():
        line = re.sub(r"^\s*(?:[-*•]|\d+[.)])\s*", "", line).strip()
        line = re.sub(r"^[QA]\d+\s*[:.)-]\s*", "", line, flags=re.I).strip()
        if line:
            out.append(line)
    return out


def parse_blocks(text: str) -> dict[str, str]:
    """The ``<name>...</name>`` blocks of a reply, whatever their order; a block
    left open at the end of the reply runs to the end."""
    found: dict[str, str] = {}
    for name in _BLOCKS:
        m = re.search(rf"<{name}>(.*?)(?:</{name}>|(?=<(?:{'|'.join(_BLOCKS)})>)|\Z)", text, re.S | re.I)
        if m:
            found[name] = m.group(1).strip()
    return found


def _need(blocks: dict[str, str], name: str, step: str) -> str:
    if name not in blocks:
        raise LLMError(
            "E_LLM_BAD_RESPONSE",
            f"chain-of-verification {step}: the reply has no <{name}> block",
            fix="use a model that follows the block format, or fewer questions",
        )
    return blocks[name]


def _plan_request(task: str, draft: str, n: int) -> LLMRequest:
    return LLMRequest(
        messages=(
            Message(role="system", content=PLAN_PROMPT.format(n=n)),
            Message(role="user", content=f"Task:\n{task}\n\nDraft:\n{draft}"),
        )
    )


def _answer_request(questions: list[str], sources: Sequence[str] | None) -> LLMRequest:
    grounded = ", using only the sources given" if sources else ""
    body = "\n".join(f"- Q{i + 1}: {q}" for i, q in enumerate(questions))
    if sources:
        body = "Sources:\n" + "\n\n".join(f"[{i + 1}] {s}" for i, s in enumerate(sources)) + "\n\n" + body
    return LLMRequest(
        messages=(
            Message(role="system", content=ANSWER_PROMPT.format(grounded=grounded)),
            Message(role="user", content=body),
        )
    )


def _reconcile_request(
    task: str, draft: str, questions: list[str], answers: list[str], lessons: str = ""
) -> LLMRequest:
    qa = "\n".join(f"- Q{i + 1}: {q}\n  A{i + 1}: {a}" for i, (q, a) in enumerate(zip(questions, answers)))
    # the rewrite is the one generation step here, so earlier lessons go into its prompt
    system = RECONCILE_PROMPT + (f"\n\n{lessons}" if lessons else "")
    return LLMRequest(
        messages=(
            Message(role="system", content=system),
            Message(role="user", content=f"Task:\n{task}\n\nDraft:\n{draft}\n\nVerification:\n{qa}"),
        )
    )


def _check_args(draft: str, num_questions: int) -> list[str]:
    if not isinstance(draft, str) or not draft.strip():
        raise InputError("E_EMPTY", "the draft to verify is empty", fix="pass the answer text")
    if num_questions < 1:
        raise InputError("E_BAD_VALUE", "num_questions must be at least 1", fix="e.g. num_questions=3")
    if num_questions > 7:
        msg = f"num_questions={num_questions}: above 7 models tend to break the block format"
        warnings.warn(msg, UserWarning, stacklevel=3)
        return [msg]
    return []


def _result(
    draft: str,
    questions: list[str],
    answers: list[str],
    blocks: dict[str, str],
    rewrite: bool,
    llm: LLM,
    notes: list[str],
) -> CoVeResult:
    status = blocks.get("status", "").strip().lower() or "verified-clean"
    disc = [d for d in _items(blocks.get("discrepancies", "")) if d.lower().rstrip(".") != "none"]
    final = blocks.get("final", "").strip() or draft
    flagged = bool(disc) or status == "verified-with-corrections"
    meta = {"verified_with_discrepancy": "true" if flagged else "false"}
    if flagged:
        meta["verifier_discrepancies"] = "\n".join(disc) or "(status verified-with-corrections)"
    return CoVeResult(
        status=status,
        questions=questions,
        answers=answers,
        discrepancies=disc,
        final=final,
        output=final if flagged and rewrite else draft,
        metadata=meta,
        llm=llm.name,
        notes=notes,
    )


def cove(
    task: str,
    draft: str,
    llm: LLM,
    *,
    sources: Sequence[str] | None = None,
    num_questions: int = 3,
    rewrite_on_discrepancy: bool = True,
    step: str | None = None,
    exclude: Sequence[str] = DEFAULT_EXCLUDE,
    fallback: bool = False,
    lessons: str = "",
    config: Config | None = None,
) -> CoVeResult:
    """Verify ``draft`` (the answer to ``task``) by chain-of-verification.

    ``lessons`` is a block (``LessonStore.as_prompt``) added to the rewriting
    prompt; ``config`` is what the offline check of a fallback starts from (its
    language-model steps switched off)."""
    if step is not None and step in exclude:
        return CoVeResult(
            status="skipped",
            final=draft,
            output=draft,
            skipped=f"step {step!r} is excluded",
            metadata={"verified_with_discrepancy": "false"},
        )
    notes = _check_args(draft, num_questions)
    try:
        return _run(task, draft, llm, sources, num_questions, rewrite_on_discrepancy, lessons, notes)
    except LLMError as e:
        if not fallback:
            raise
        if not sources:
            raise LLMError(
                e.code,
                e.message,
                fix=f"{e.fix or 'check the model server'}; or pass sources, so the draft can be "
                "checked offline instead",
            ) from e
        return _offline(task, draft, list(sources), rewrite_on_discrepancy, e, notes, config)


def _run(
    task: str,
    draft: str,
    llm: LLM,
    sources: Sequence[str] | None,
    num_questions: int,
    rewrite: bool,
    lessons: str,
    notes: list[str],
) -> CoVeResult:
    plan = llm.complete(_plan_request(task, draft, num_questions))
    questions = _items(_need(parse_blocks(plan.text), "questions", "plan"))[:num_questions]
    if not questions:
        raise LLMError(
            "E_LLM_BAD_RESPONSE",
            "chain-of-verification plan: no questions",
            fix="use a model that follows the block format",
        )
    ans = llm.complete(_answer_request(questions, sources))
    answers = _items(_need(parse_blocks(ans.text), "answers", "answer"))
    rec = llm.complete(_reconcile_request(task, draft, questions, answers, lessons))
    return _result(draft, questions, answers, parse_blocks(rec.text), rewrite, llm, notes)


def _offline(
    task: str,
    draft: str,
    sources: list[str],
    rewrite: bool,
    error: LLMError,
    notes: list[str],
    config: Config | None,
) -> CoVeResult:
    offline = (config or load_config()).merged(
        {"extract": {"backend": "spacy"}, "decide": {"judge": "checker"}, "llm": {"provider": None}}
    )
    report = verify(draft, sources, task, config=offline)
    unsupported = FLAGGED | {Verdict.PARTIALLY_SUPPORTED}
    disc = [f"{d.claim} ({d.verdict.value}: {d.note})" for d in report.details if d.verdict in unsupported]
    meta = {"verified_with_discrepancy": "true" if disc else "false"}
    if disc:
        meta["verifier_discrepancies"] = "\n".join(disc)
    why = f"{error.code}: {error.message}"
    return CoVeResult(
        status="verified-with-corrections" if disc else "verified-clean",
        discrepancies=disc,
        final=report.revised_answer,
        output=report.revised_answer if disc and rewrite else draft,
        metadata=meta,
        fallback=why,
        notes=[
            *notes,
            f"the language model failed ({why}); the draft was checked offline against the sources",
        ],
    )


async def acove(task: str, draft: str, llm: LLM, **kw: object) -> CoVeResult:
    """``cove`` without blocking the event loop."""
    return await asyncio.to_thread(cove, task, draft, llm, **kw)  # type: ignore[arg-type]
