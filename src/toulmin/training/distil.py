"""A teacher's logits written into a training file, for students of another vocabulary.

``toulmin train --teacher`` runs the teacher on the student's own tokens, which only
works when both share a tokenizer. The GPU kit's teacher is a larger base with its own
vocabulary (MPNet's 30,527 pieces against MiniLM's 30,522), so it reads each pair once
in its own tokens and every student learns from the stored logits
(``teacher_logits`` in the row; ``toulmin.training.train`` picks them up). Labelling
once also costs less than running the teacher beside two students at every step.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

__all__ = ["label_file", "row_line"]


def row_line(row: dict[str, Any], logits: Sequence[float] | None) -> str:
    """One training row as a JSON line, with the teacher's logits (``teacher_logits``, rounded
    to 4 places) when it has them: how every labelled file is written (here, by the kit's
    ``land`` and by the CPU labeller), so that they read the same."""
    out = row if logits is None else {**row, "teacher_logits": [round(float(x), 4) for x in logits]}
    return json.dumps(out, ensure_ascii=False) + "\n"


def label_file(teacher: Path, src: Path, out: Path, *, device: str = "cpu", batch_size: int = 128,
               max_length: int = 256, bf16: bool = True, log: Any = print,
               only: Callable[[dict[str, Any]], bool] | None = None) -> int:
    """Write ``src``'s rows to ``out`` with the teacher's three logits added; returns the row
    count. With ``only``, the rows it refuses are written as they are (for ``toulmin train
    --partial-teacher``: a checker keeping its own outputs on the replay rows only)."""
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    rows = [json.loads(line) for line in src.read_text(encoding="utf-8").splitlines() if line.strip()]
    chosen = [i for i, r in enumerate(rows) if only is None or only(r)]
    tok = AutoTokenizer.from_pretrained(teacher)
    model = AutoModelForSequenceClassification.from_pretrained(teacher).to(device).eval()
    # Length-sorted batches waste little on padding; rows are written back in their order.
    order = sorted(chosen, key=lambda i: len(rows[i]["claim"]) + len(rows[i]["doc"]))
    logits: list[Sequence[float] | None] = [None for _ in rows]
    with torch.inference_mode():
        for k in range(0, len(order), batch_size):
            idx = order[k : k + batch_size]
            enc = tok([rows[i]["claim"] for i in idx], [rows[i]["doc"] for i in idx],
                      truncation="longest_first", max_length=max_length, padding=True,
                      return_tensors="pt").to(device)
            with torch.autocast(torch.device(device).type, dtype=torch.bfloat16, enabled=bf16):
                out_logits = model(**enc).logits.float().cpu()
            for i, row in zip(idx, out_logits.tolist()):
                logits[i] = row
            if (k // batch_size) % 200 == 0:
                log(f"labelled {k + len(idx)} of {len(rows)}")
    with open(out, "w", encoding="utf-8") as f:
        for row, lg in zip(rows, logits):
            f.write(row_line(row, lg))
    return len(rows)
