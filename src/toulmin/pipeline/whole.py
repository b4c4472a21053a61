"""The whole-answer check: the checker reads the answer as one claim.

Claim by claim, the pipeline explains *which* part of an answer the sources
back. Read whole, the answer keeps what splitting loses: the pronouns, the
sentence that frames the next, the detail that only contradicts in context.
On HaluEval development rows the checker reading the whole answer separated
right from hallucinated answers far better than the claim roll-up did
(docs/benchmarks.md, "Whole-answer check"), so ``is_grounded`` also needs it.

The answer is cut into parts of at most ``part_words`` words (whole
sentences); each part is scored against the source windows that share the
most content words with it, its support is its best window, and the
answer's support is its weakest part (SummaC / MiniCheck aggregation).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..checker.base import LABELS, Checker
from ..checker.scoring import pick_windows
from ..text import Span, content_words, make_windows
from .report import AnswerCheck, Evidence
from .sources import Source

__all__ = ["check_answer"]


def check_answer(
    checker: Checker,
    answer: str,
    question: str | None,
    sources: Sequence[Source],
    threshold: float,
    *,
    window_words: int = 100,
    top_windows: int = 8,
    part_words: int = 120,
) -> AnswerCheck | None:
    """None when there is nothing to read: no words in the answer or the sources."""
    parts = make_windows(answer, part_words, 0)
    wins: list[tuple[Source, Span]] = [
        (s, w) for s in sources for w in make_windows(s.text, window_words, 1)
    ]
    if not parts or not wins:
        return None
    wsets = [content_words(w.text) for _, w in wins]
    q = question.strip() if question else ""
    # With a question the checker reads the answer the way it was trained on
    # question answering ("Question: ... Answer: ...").
    texts = [f"Question: {q} Answer: {p.text}" if q else p.text for p in parts]
    picks = [pick_windows(p.text, [w for _, w in wins], wsets, top_windows) for p in parts]
    flat_c = [t for t, pick in zip(texts, picks) for _ in pick]
    flat_w = [wins[i][1].text for pick in picks for i in pick]
    probs = checker.predict(flat_c, flat_w)
    best: list[tuple[float, int, int]] = []  # (P(entailment), row in probs, window) per part
    k = 0
    for pick in picks:
        block = probs[k : k + len(pick)]
        j = int(block[:, 0].argmax())
        best.append((float(block[j, 0]), k + j, pick[j]))
        k += len(pick)
    part = min(range(len(parts)), key=lambda i: (best[i][0], i))
    p, row, w = best[part]
    src, win = wins[w]
    pr = {lab: round(float(probs[row, i]), 4) for i, lab in enumerate(LABELS)}
    supported = p >= threshold
    where = f"{src.id}: “{_short(win.text)}”"
    if supported:
        note = f"read whole, the answer is backed (P={p:.2f}); best passage {where}"
    elif len(parts) > 1:
        note = (f"read whole, the answer is not backed (P={p:.2f} < {threshold:.2f}); "
                f"weakest part: “{_short(parts[part].text)}”")
    else:
        note = f"read whole, the answer is not backed (P={p:.2f} < {threshold:.2f}); closest passage {where}"
    return AnswerCheck(
        prob_supported=round(p, 4),
        supported=supported,
        threshold=threshold,
        probs=pr,
        evidence=Evidence(source_id=src.id, quote=win.text, start=win.start, end=win.end, probs=pr,
                          stale=src.stale_reason),
        weakest=parts[part].text,
        parts=len(parts),
        scored=len(flat_c),
        note=note,
    )


def _short(text: str, n: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"
