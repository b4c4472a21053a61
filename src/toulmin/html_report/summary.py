"""The headline numbers, the charts' data and the rows as the page's script reads them."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from .rows import BINS, PAGE_SIZE, VERDICTS, Run

__all__ = ["order", "page_data", "script_json", "summarise"]

# -- numbers -------------------------------------------------------------------------------


def _bin(x: float) -> int:
    return min(BINS - 1, max(0, int(x * BINS)))


def summarise(run: Run) -> dict[str, Any]:
    """The headline numbers and the charts' data."""
    reports = [r for r in run.rows if "error" not in r]
    errors = [r for r in run.rows if "error" in r]
    confs = [r["confidence"] for r in reports if r["confidence"] is not None]
    verdicts: Counter[str] = Counter()
    by_type: dict[str, Counter[str]] = {}
    for r in reports:
        for c in r["claims"]:
            verdicts[c["verdict"]] += 1
            by_type.setdefault(c["type"], Counter())[c["verdict"]] += 1
    hist = [0] * BINS
    for x in confs:
        hist[_bin(x)] += 1
    grounded = sum(r["grounded"] for r in reports)
    out: dict[str, Any] = {
        "rows": len(run.rows), "answers": len(reports), "errors": len(errors),
        "error_codes": dict(sorted(Counter(r["error"]["code"] for r in errors).items())),
        "grounded": grounded, "grounded_rate": grounded / len(reports) if reports else None,
        "mean_confidence": sum(confs) / len(confs) if confs else None,
        "no_confidence": len(reports) - len(confs),
        "claims": sum(verdicts.values()),
        "verdicts": {v: verdicts[v] for v in VERDICTS if verdicts[v]},
        "by_type": {t: {v: c[v] for v in VERDICTS if c[v]} for t, c in sorted(by_type.items())},
        "histogram": hist, "labelled": 0,
    }
    labelled = [r for r in reports if r["label"] is not None]
    if labelled:
        cm = Counter((r["label"], r["grounded"]) for r in labelled)
        tp, fp, fn, tn = cm[True, True], cm[False, True], cm[True, False], cm[False, False]
        # per bin: answers, their confidence summed, those labelled grounded
        bins: list[list[float]] = [[0, 0.0, 0] for _ in range(BINS)]
        for r in labelled:
            if r["confidence"] is not None:
                b = bins[_bin(r["confidence"])]
                b[0] += 1
                b[1] += r["confidence"]
                b[2] += r["label"]
        n_rel = sum(int(b[0]) for b in bins)
        rel = [{"lo": i / BINS, "hi": (i + 1) / BINS, "n": int(b[0]), "confidence": b[1] / b[0],
                "grounded": b[2] / b[0]} for i, b in enumerate(bins) if b[0]]
        out.update({
            "labelled": len(labelled), "confusion": {"tp": tp, "fp": fp, "fn": fn, "tn": tn},
            "accuracy": (tp + tn) / len(labelled),
            "precision": tp / (tp + fp) if tp + fp else None, "recall": tp / (tp + fn) if tp + fn else None,
            "reliability": rel, "reliability_n": n_rel,
            "ece": sum(b["n"] / n_rel * abs(b["grounded"] - b["confidence"]) for b in rel) if n_rel else None,
        })
    return out


def order(run: Run) -> list[dict[str, Any]]:
    """Worst first: error rows, then not grounded, lowest confidence and most flagged
    claims first, then grounded the same way; file order breaks ties."""
    flagged = {"CONTRADICTED", "UNLINKED", "OVERREACH", "STALE", "ERROR"}

    def key(r: dict[str, Any]) -> tuple[int, float, int, int]:
        if "error" in r:
            return (0, 0.0, 0, r["line"])
        conf = -1.0 if r["confidence"] is None else r["confidence"]
        bad = sum(c["verdict"] in flagged for c in r["claims"])
        return (1 + r["grounded"], conf, -bad, r["line"])

    return sorted(run.rows, key=key)


# -- the page's data -----------------------------------------------------------------------


def page_data(run: Run) -> dict[str, Any]:
    """What the page's script reads: the rows, worst first, with short keys and only the
    fields it shows; the pieces of sources, each once."""
    clips: dict[tuple[str, int, int], int] = {}
    rows = []
    for r in order(run):
        if "error" in r:
            e = r["error"]
            rows.append({"i": r["id"], "err": [e["code"], e["message"], e["fix"]]})
            continue
        claims = []
        for c in r["claims"]:
            if c["verdict"] == "TRIVIAL":  # as on the service page: not listed, only counted
                continue
            out: dict[str, Any] = {"x": c["claim"], "s": c["start"], "e": c["end"], "v": c["verdict"],
                                   "n": c["note"]}
            ev = c["ev"]
            if ev is not None:
                if ev["clip"] is not None:
                    k = clips.setdefault(ev["clip"], len(clips))
                    out["q"] = [ev["sid"], ev["start"], ev["end"], None, k]
                else:
                    out["q"] = [ev["sid"], ev["start"], ev["end"], ev["quote"], None]
                if ev.get("spans"):
                    out["qs"] = ev["spans"]
            claims.append(out)
        row: dict[str, Any] = {"i": r["id"], "a": r["answer"], "c": r["confidence"], "l": r["level"],
                               "g": int(r["grounded"]), "k": claims}
        if r["question"]:
            row["qq"] = r["question"]
        cited = {c["ev"]["sid"] for c in r["claims"] if c["ev"] is not None and c["ev"].get("spans")}
        if cited:  # the cells of the table sources its claims cite
            row["tb"] = {sid: r["tables"][sid] for sid in sorted(cited) if sid in r["tables"]}
        if r["label"] is not None:
            row["lb"] = int(r["label"])
        rows.append(row)
    return {"page_size": PAGE_SIZE, "rows": rows, "clips": [list(c) for c in clips]}


def script_json(obj: Any) -> str:
    """JSON that is safe inside <script type="application/json">: no '<', '>' or '&'."""
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
