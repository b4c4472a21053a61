"""Evaluate a checker on labelled pairs (a JSONL file or a named data slice)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from .checker import Checker
from .classify.pairs import PairScore, WindowConfig, score_pairs
from .datasets import SLICES, Pair, load_slice
from .errors import InputError
from .metrics import accuracy, balanced_accuracy, expected_calibration_error

__all__ = ["evaluate_pairs", "load_pairs", "normalise_label", "read_labelled_pairs", "score_labelled"]

_LABELS = {
    "entailment": "entailment", "supports": "entailment", "supported": "entailment",
    "1": "entailment", "true": "entailment", "yes": "entailment",
    "contradiction": "contradiction", "refutes": "contradiction", "refuted": "contradiction",
    "neutral": "neutral", "not enough info": "neutral", "nei": "neutral",
    "not_entailment": "not_entailment", "0": "not_entailment", "false": "not_entailment",
    "no": "not_entailment", "not_supported": "not_entailment", "unsupported": "not_entailment",
    "partially_supported": "not_entailment",
}


_ROW_FIX = 'one JSON object per line: {"doc": ..., "claim": ..., "label": ...}'


def normalise_label(value: object, where: str) -> str:
    key = str(value).strip().lower()
    if key not in _LABELS:
        raise InputError("E_BAD_LABEL", f"{where}: unknown label {value!r}",
                         fix="use one of: " + ", ".join(sorted(_LABELS)))
    return _LABELS[key]


def read_labelled_pairs(path: Path) -> list[Pair]:
    pairs = []
    with open(path, "rb") as f:
        for n, raw in enumerate(f, 1):
            if not raw.strip():
                continue
            where = f"{path}:{n}"
            try:
                row = json.loads(raw.decode("utf-8"))
            except UnicodeDecodeError as e:
                raise InputError("E_NOT_UTF8", f"{where} is not valid UTF-8",
                                 fix="re-encode the file as UTF-8") from e
            except json.JSONDecodeError as e:
                raise InputError("E_BAD_JSON", f"{where}: malformed JSON ({e.msg} at column {e.colno})",
                                 fix=_ROW_FIX) from e
            has_doc = isinstance(row, dict) and ("doc" in row or "evidence" in row)
            if not isinstance(row, dict) or "claim" not in row or not has_doc:
                raise InputError("E_BAD_ROW", f"{where}: a row needs 'doc' (or 'evidence'), 'claim', 'label'",
                                 fix=_ROW_FIX)
            if "label" not in row:
                raise InputError("E_BAD_ROW", f"{where}: no 'label'", fix="add a label to every row")
            # doc and claim are checked when scored: a bad one becomes that row's error.
            doc: Any = row.get("doc", row.get("evidence"))
            label: Any = normalise_label(row["label"], where)
            source = row.get("source")
            pairs.append(Pair(str(row.get("id", n)), doc, row["claim"], label,
                              source if isinstance(source, str) and source else "file"))
    if not pairs:
        raise InputError("E_EMPTY", f"{path} has no rows", fix="give a JSONL file with labelled pairs")
    return pairs


def load_pairs(spec: str) -> list[Pair]:
    """A file path, or the name of a slice in ``toulmin.datasets.SLICES``."""
    p = Path(spec)
    if p.is_file():
        return read_labelled_pairs(p)
    if spec in SLICES:
        return load_slice(spec)
    raise InputError("E_NOT_FOUND", f"{spec!r} is neither a file nor a known slice",
                     fix="give a JSONL path or one of: " + ", ".join(sorted(SLICES)))


def score_labelled(
    checker: Checker,
    pairs: Sequence[Pair],
    cfg: WindowConfig = WindowConfig(),
    chunk: int = 64,
    progress: Callable[[int], Any] | None = None,
) -> list[PairScore]:
    """Every pair's score, in order, ``chunk`` pairs per call (``progress`` told each)."""
    scores: list[PairScore] = []
    for k in range(0, len(pairs), chunk):
        part = pairs[k : k + chunk]
        scores.extend(score_pairs(checker, [p.doc for p in part], [p.claim for p in part],
                                  [p.id for p in part], cfg))
        if progress:
            progress(len(part))
    return scores


def evaluate_pairs(
    checker: Checker,
    pairs: Sequence[Pair],
    cfg: WindowConfig = WindowConfig(),
    chunk: int = 64,
    progress: Callable[[int], Any] | None = None,
    threshold: float | None = None,
    scorer: Callable[[Sequence[Pair]], Iterable[PairScore]] | None = None,
) -> dict[str, Any]:
    """Accuracy and calibration of ``checker`` on labelled ``pairs``. ``scorer``: the
    pairs' scores in order, computed elsewhere (``eval pairs --engine ray``) with this
    checker's config; by default here, ``chunk`` pairs per model call."""
    thr = checker.threshold if threshold is None else threshold
    t0 = time.perf_counter()
    if scorer is None:
        scores = score_labelled(checker, pairs, cfg, chunk, progress)
    else:
        scores = []
        for s in scorer(pairs):
            scores.append(s)
            if progress:
                progress(1)
    model_pairs = sum(r.scored for r in scores)
    elapsed = time.perf_counter() - t0
    ok = [(p, s) for p, s in zip(pairs, scores) if s.error is None]
    errors = [{"id": s.id, **(s.error or {})} for s in scores if s.error is not None]
    gold = [p.supported for p, _ in ok]
    prob = [float(s.prob_supported or 0.0) for _, s in ok]
    # a check's finding (WindowConfig.checks) overrules the probability; the ECE still reads it
    decided = [x >= thr and not s.findings for x, (_, s) in zip(prob, ok)]
    out: dict[str, Any] = {
        "rows": len(pairs), "scored": len(ok), "errors": errors, "threshold": thr,
        "balanced_accuracy": round(100 * balanced_accuracy(gold, decided), 2),
        "ece": round(expected_calibration_error(gold, prob), 4),
        "seconds": round(elapsed, 2), "pairs_scored": model_pairs,
    }
    # Each class on its own: balanced accuracy hides which side a threshold errs on.
    for name, cls in (("supported", True), ("not_supported", False)):
        mine = [x for g, x in zip(gold, prob) if g is cls]
        if mine:
            hits = sum(d is cls for g, d in zip(gold, decided) if g is cls)
            out[f"recall_{name}"] = round(100 * hits / len(mine), 2)
            out[f"mean_prob_{name}"] = round(sum(mine) / len(mine), 4)
    if {p.label for p, _ in ok} >= {"entailment", "neutral", "contradiction"}:
        # score_pairs already labels a pair with a finding a contradiction
        pred3 = ["entailment" if d else (s.label3 or "neutral") for d, (_, s) in zip(decided, ok)]
        out["accuracy_3way"] = round(100 * accuracy([p.label for p, _ in ok], pred3), 2)
    out["_probs"] = prob
    out["_gold"] = gold
    out["_decided"] = decided  # per scored pair, for reports that break results down
    if "accuracy_3way" in out:
        out["_pred3"] = pred3
    return out
