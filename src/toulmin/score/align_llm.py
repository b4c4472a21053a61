"""Seed 004's answer-source alignment asked of a language model
(``score.alignment=llm``): the question, the answer and the top passages go to
the model, which returns a score in [0, 1] with its reasons. When the reply
cannot be used (down, timeout, not JSON, no number in range) the offline
alignment stands and its ``method`` says why, or with ``llm.fallback=false``
the error is raised.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import LLMError
from ..llm.base import LLM
from ..llm.parse import ask_json
from ..report import Alignment

__all__ = ["ALIGN_PROMPT", "llm_alignment"]

ALIGN_PROMPT = """You rate how well an answer aligns with its source passages.
Consider: does the answer address the question; is its information supported by the
passages; does anything in it contradict them.
Return JSON: {"score": <number from 0.0 (unsupported or off-topic) to 1.0 (fully
supported and on-topic)>, "reason": "<one sentence>"}"""

SCHEMA = {
    "type": "object",
    "properties": {"score": {"type": "number"}, "reason": {"type": "string"}},
    "required": ["score", "reason"],
}


def llm_alignment(
    llm: LLM,
    offline: Alignment,
    question: str | None,
    answer: str,
    passages: Sequence[str],
    *,
    fallback: bool = True,
) -> tuple[Alignment, str | None]:
    """The model's alignment, or the offline one when it fails; the second
    value is a note for the report when the offline one had to stand in."""
    context = "\n".join(f"[{i + 1}] {p}" for i, p in enumerate(passages[:5])) or "(no passages)"
    user = (f"Question: {question.strip()}\n\n" if question and question.strip() else "") + (
        f"Answer: {answer}\n\nPassages:\n{context}"
    )
    try:
        data = ask_json(llm, ALIGN_PROMPT, user, SCHEMA, max_tokens=200)
        score = data.get("score") if isinstance(data, dict) else None
        if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0.0 <= score <= 1.0:
            raise LLMError(
                "E_LLM_BAD_RESPONSE",
                f"alignment score must be a number from 0 to 1, got {score!r}",
                fix="use a model that follows the JSON format",
            )
        reason = str(data.get("reason") or "").strip()[:300]
    except LLMError as e:
        if not fallback:
            raise
        why = f"LLM alignment failed ({e.code}: {e.message}); offline alignment used"
        return offline.model_copy(update={"method": f"{offline.method} [{why}]"}), why
    return (
        offline.model_copy(
            update={"score": round(float(score), 4), "method": f"{llm.name}: {reason or 'no reason given'}"}
        ),
        None,
    )
