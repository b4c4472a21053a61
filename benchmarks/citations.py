"""Citation checking against the hand-labelled set, and question-answer relevance.

    python benchmarks/citations.py [--set cite.recheck=false] [--tag TAG] [--no-relevance]

- ``benchmarks/citations/*.jsonl``: answers written for this benchmark
  over passages of HaluEval QA (held-out test slice) and WiCE dev, read from
  ``../shared/data`` at run time; every citation reference and every
  statement carries a gold label (benchmarks/citations/README.md).
- Reference level: each gold-labelled reference against the verdict toulmin
  gives the same reference (correct / wrong_source / unsupported /
  unresolved); accuracy and the confusion table.
- Answer level: ALCE citation precision and recall from the gold labels
  (precision: correct references / references; recall: statements labelled
  correct / statements) against toulmin's, mean absolute difference and
  Pearson correlation; set-level (micro) values side by side.
- Statement level: gold statement label against the citation status of the
  claims toulmin extracted from it.
- Relevance: question-answer cosine on HaluEval dev (matched answer vs another
  row's answer), static and MiniLM embedders: AUC and medians, which fix
  ``align.COS_RANGE`` per embedder.

Writes ``benchmarks/results/citations[-TAG].json`` and prints Markdown tables.
"""

from __future__ import annotations

import argparse
import ast
import json
import statistics
import time
from collections import Counter
from pathlib import Path
from typing import Any

from toulmin.cli.verify_cmd import parse_sets
from toulmin.config import load_config
from toulmin.datasets import data_dir, halueval_rows
from toulmin.report import Report
from toulmin.verify import get_verifier

ROOT = Path(__file__).resolve().parent
SETS = ROOT / "citations"
LABELS = ("correct", "wrong_source", "unsupported", "unresolved")


def _source_text(ref: str, cache: dict[str, Any]) -> str:
    kind, _, key = ref.partition(":")
    if kind == "halueval_qa":
        if "qa" not in cache:
            cache["qa"] = dict(halueval_rows("qa", "test"))
        return str(cache["qa"][int(key)]["knowledge"])
    if kind == "wice":
        if "wice" not in cache:
            cache["wice"] = (data_dir() / "wice" / "claim_dev.jsonl").read_text(encoding="utf-8").splitlines()
        ev = json.loads(cache["wice"][int(key)])["evidence"]
        return "\n".join(ast.literal_eval(ev) if isinstance(ev, str) else ev)
    raise ValueError(f"unknown source ref {ref!r}")


def load_set(paths: list[Path] | None = None) -> list[dict[str, Any]]:
    """Every ``*.jsonl`` under benchmarks/citations/ (or ``paths``), sources filled in."""
    cache: dict[str, Any] = {}
    rows = [
        json.loads(line)
        for path in (paths or sorted(SETS.glob("*.jsonl")))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    for row in rows:
        row["resolved_sources"] = [
            {"id": s["id"], "text": _source_text(s["ref"], cache), "metadata": s.get("metadata", {})}
            for s in row["sources"]
        ]
    return rows


def _locate(answer: str, text: str, occurrence: int) -> int:
    pos = -1
    for _ in range(occurrence):
        pos = answer.find(text, pos + 1)
        if pos < 0:
            raise ValueError(f"marker {text!r} (occurrence {occurrence}) not in answer")
    return pos


def _pred_refs(row: dict[str, Any], r: Report) -> list[tuple[str, str]]:
    """(gold, predicted) per gold reference; a marker toulmin did not find counts as missed."""
    out = []
    for m in row["markers"]:
        start = _locate(row["answer"], m["text"], m.get("occurrence", 1))
        cit = next(
            (c for c in r.citations if c.start <= start < c.end or start <= c.start < start + len(m["text"])),
            None,
        )
        for i, ref in enumerate(m["refs"]):
            if cit is None:
                pred = "not_found"
            else:
                t = cit.targets[i] if i < len(cit.targets) else None
                pred = t.verdict.value if t else "not_found"
            out.append((ref["label"], pred))
    return out


def _statement_pred(row: dict[str, Any], st: dict[str, Any], r: Report) -> str:
    a = row["answer"].find(st["text"])
    b = a + len(st["text"])
    over = [d for d in r.details if d.citation and d.start < b and a < d.end]
    if not over:
        return "no_claim"
    order = ["unsupported", "unresolved", "wrong_source", "uncited", "partial", "correct"]
    return min((d.citation.status.value for d in over if d.citation), key=order.index)


def _pearson(x: list[float], y: list[float]) -> float | None:
    if len(x) < 3 or statistics.pstdev(x) == 0 or statistics.pstdev(y) == 0:
        return None
    return round(statistics.correlation(x, y), 3)


def run_set(sets: dict[str, Any], paths: list[Path] | None = None) -> dict[str, Any]:
    rows = load_set(paths)
    verifier = get_verifier(load_config(overrides=sets))
    verifier.verify("Warm up.", ["Warm up."])
    ref_pairs: list[tuple[str, str]] = []
    st_pairs: list[tuple[str, str]] = []
    per: list[dict[str, Any]] = []
    times: list[float] = []
    for row in rows:
        t = time.perf_counter()
        r = verifier.verify(row["answer"], row["resolved_sources"], row.get("question"))
        times.append((time.perf_counter() - t) * 1000)
        pairs = _pred_refs(row, r)
        ref_pairs += pairs
        gold_refs = [g for g, _ in pairs]
        gold_p = sum(g == "correct" for g in gold_refs) / len(gold_refs) if gold_refs else None
        sts = row["statements"]
        gold_r = sum(s["label"] == "correct" for s in sts) / len(sts) if sts else None
        st_pairs += [(s["label"], _statement_pred(row, s, r)) for s in sts]
        per.append(
            {
                "id": row["id"],
                "gold_precision": gold_p,
                "precision": r.citation_precision,
                "gold_recall": gold_r,
                "recall": r.citation_recall,
                "ms": round(times[-1], 1),
            }
        )
    acc = sum(g == p for g, p in ref_pairs) / len(ref_pairs)
    both_p = [
        (d["gold_precision"], d["precision"])
        for d in per
        if d["gold_precision"] is not None and d["precision"] is not None
    ]
    both_r = [
        (d["gold_recall"], d["recall"])
        for d in per
        if d["gold_recall"] is not None and d["recall"] is not None
    ]
    gold_micro_p = sum(g == "correct" for g, _ in ref_pairs) / len(ref_pairs)
    pred_micro_p = sum(p == "correct" for _, p in ref_pairs) / len(ref_pairs)
    gold_micro_r = sum(g == "correct" for g, _ in st_pairs) / len(st_pairs)
    pred_micro_r = sum(p == "correct" for _, p in st_pairs) / len(st_pairs)
    gold_missing = {"missing", "missing_unsupported"}
    st_acc = sum((g == p) or (g in gold_missing and p == "uncited") for g, p in st_pairs) / len(st_pairs)
    return {
        "answers": len(rows),
        "references": len(ref_pairs),
        "statements": len(st_pairs),
        "reference_accuracy": round(acc, 4),
        "reference_confusion": {f"{g}->{p}": n for (g, p), n in sorted(Counter(ref_pairs).items())},
        "gold_labels": dict(Counter(g for g, _ in ref_pairs)),
        "precision_mae": round(statistics.fmean(abs(a - b) for a, b in both_p), 4) if both_p else None,
        "precision_pearson": _pearson([a for a, _ in both_p], [b for _, b in both_p]),
        "recall_mae": round(statistics.fmean(abs(a - b) for a, b in both_r), 4) if both_r else None,
        "recall_pearson": _pearson([a for a, _ in both_r], [b for _, b in both_r]),
        "micro_precision": {"gold": round(gold_micro_p, 4), "toulmin": round(pred_micro_p, 4)},
        "micro_recall": {"gold": round(gold_micro_r, 4), "toulmin": round(pred_micro_r, 4)},
        "statement_accuracy": round(st_acc, 4),
        "statement_confusion": {f"{g}->{p}": n for (g, p), n in sorted(Counter(st_pairs).items())},
        "ms_median": round(statistics.median(times), 1),
        "per_answer": per,
    }


def run_relevance(n: int = 300) -> dict[str, Any]:
    import numpy as np

    from toulmin.link.embed import link_embedder

    out: dict[str, Any] = {}
    for spec, task, qk, ak in (
        (spec, *t)
        for spec in ("static", "minilm")
        for t in (("qa", "question", "right_answer"), ("dialogue", "dialogue_history", "right_response"))
    ):
        e = link_embedder(spec)
        rows = [r for _, r in halueval_rows(task, "dev")][:n]
        q = e.embed([r[qk][-500:] for r in rows])
        a = e.embed([r[ak] for r in rows])
        pos = (q * a).sum(1)
        shift = np.roll(np.arange(len(rows)), 1)  # each question against the previous row's answer
        neg = (q * a[shift]).sum(1)
        # AUC as the share of (matched, mismatched) pairs ranked the right way
        auc = float((pos[:, None] > neg[None, :]).mean() + 0.5 * (pos[:, None] == neg[None, :]).mean())
        out[f"{task} ({spec})"] = {
            "rows": len(rows),
            "auc": round(auc, 4),
            "matched_median": round(float(np.median(pos)), 3),
            "mismatched_median": round(float(np.median(neg)), 3),
        }
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--set", action="append", default=[], help="config override KEY=VALUE (repeatable)")
    ap.add_argument("--tag", default="")
    ap.add_argument("--no-relevance", action="store_true")
    ap.add_argument("--only", type=Path, action="append", help="score only this set file (repeatable)")
    args = ap.parse_args()
    sets = parse_sets(args.set)
    res: dict[str, Any] = {"config": sets, "set": run_set(sets, args.only)}
    if not args.no_relevance:
        res["relevance"] = run_relevance()
    out = ROOT / "results" / f"citations{'-' + args.tag if args.tag else ''}.json"
    out.write_text(json.dumps(res, indent=2) + "\n", encoding="utf-8")
    s = res["set"]
    print(
        "| answers | references | reference accuracy | precision MAE (r) | recall MAE (r) | "
        "micro P gold/toulmin | micro R gold/toulmin | statement accuracy | ms p50 |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    print(
        f"| {s['answers']} | {s['references']} | {s['reference_accuracy']:.3f} | "
        f"{s['precision_mae']} ({s['precision_pearson']}) | {s['recall_mae']} ({s['recall_pearson']}) | "
        f"{s['micro_precision']['gold']:.3f} / {s['micro_precision']['toulmin']:.3f} | "
        f"{s['micro_recall']['gold']:.3f} / {s['micro_recall']['toulmin']:.3f} | "
        f"{s['statement_accuracy']:.3f} | {s['ms_median']} |"
    )
    print("\nreference confusion (gold->toulmin):", json.dumps(s["reference_confusion"]))
    print("statement confusion (gold->toulmin):", json.dumps(s["statement_confusion"]))
    if "relevance" in res:
        print(
            "\n| HaluEval dev | rows | AUC | matched median cos | mismatched median cos |"
            "\n|---|---|---|---|---|"
        )
        for task, v in res["relevance"].items():
            print(
                f"| {task} | {v['rows']} | {v['auc']:.3f} | {v['matched_median']} | "
                f"{v['mismatched_median']} |"
            )
    print(f"\nwrote {out}")


if __name__ == "__main__":
    main()
