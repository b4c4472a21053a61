"""Public fact-verification data in ``../shared/data`` and its fixed slices.

Every slice is chosen by a SHA-256 of content, never by a random draw, so the
held-out rows are the same on every machine and in every session. Rows that
share a VitaminC ``case_id`` (contrastive twins) always land in one slice.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import os
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from .errors import InputError

__all__ = [
    "SLICES",
    "Pair",
    "data_dir",
    "halueval_pairs",
    "halueval_rows",
    "load_slice",
]

Label = Literal["entailment", "neutral", "contradiction", "not_entailment"]

_FEVER_LABELS: dict[str, Label] = {
    "SUPPORTS": "entailment",
    "REFUTES": "contradiction",
    "NOT ENOUGH INFO": "neutral",
}


@dataclass(frozen=True)
class Pair:
    id: str
    doc: str
    claim: str
    label: Label
    source: str

    @property
    def supported(self) -> bool:
        return self.label == "entailment"

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "doc": self.doc, "claim": self.claim, "label": self.label,
                "source": self.source}


def data_dir() -> Path:
    """``TOULMIN_DATA_DIR`` or ``../shared/data`` next to the working directory."""
    env = os.environ.get("TOULMIN_DATA_DIR")
    candidates = [Path(env)] if env else []
    here = Path.cwd()
    candidates += [here / "../shared/data", here.parent / "shared/data"]
    candidates.append(Path(__file__).resolve().parents[2] / "../shared/data")
    for c in candidates:
        if c.is_dir():
            return c.resolve()
    raise InputError(
        "E_DATA_MISSING",
        "public data folder not found",
        fix="set TOULMIN_DATA_DIR to the folder holding vitaminc_real.zip, halueval/, wice/ ...",
    )


def _h(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _jsonl_zip(name: str) -> Iterator[dict[str, Any]]:
    path = data_dir() / f"{name}.zip"
    with zipfile.ZipFile(path) as zf:
        for member in sorted(zf.namelist()):
            if member.endswith(".jsonl"):
                with zf.open(member) as f:
                    for line in f:
                        yield json.loads(line)


def _jsonl_gz(rel: str) -> Iterator[dict[str, Any]]:
    with gzip.open(data_dir() / rel, "rt", encoding="utf-8") as f:
        for line in f:
            yield json.loads(line)


def _jsonl(rel: str) -> Iterator[dict[str, Any]]:
    with open(data_dir() / rel, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


# --- VitaminC: held out by case_id groups ------------------------------------

def _vitaminc_rows(name: str) -> list[dict[str, Any]]:
    rows = list(_jsonl_zip(name))
    rows.sort(key=lambda r: (_h(r.get("case_id") or r["unique_id"]), r["unique_id"]))
    return rows


def _vitaminc_split(name: str, part: str, test_n: int = 2000, dev_n: int = 1000) -> list[Pair]:
    rows = _vitaminc_rows(name)
    # Grow slices group by group so twins never straddle a boundary.
    bounds = {"test": test_n, "dev": test_n + dev_n}
    out: dict[str, list[Pair]] = {"test": [], "dev": [], "train": []}
    i = 0
    for key in ("test", "dev"):
        while i < len(rows) and len(out["test"]) + len(out["dev"]) < bounds[key]:
            cid = rows[i].get("case_id")
            while i < len(rows) and rows[i].get("case_id") == cid:
                out[key].append(_vc_pair(rows[i], name))
                i += 1
                if cid is None:
                    break
    out["train"] = [_vc_pair(r, name) for r in rows[i:]]
    return out[part]


def _vc_pair(r: dict[str, Any], name: str) -> Pair:
    return Pair(r["unique_id"], r["evidence"], r["claim"], _FEVER_LABELS[r["label"]], name)


# --- HaluEval: each row gives a right and a hallucinated pair ----------------

def halueval_pairs(task: str, row: dict[str, Any], rid: str) -> list[Pair]:
    """Frame one HaluEval row as (doc, claim) pairs, the way toulmin sees them."""
    if task == "qa":
        doc = row["knowledge"]
        q = row["question"].strip()
        right = f"Question: {q} Answer: {row['right_answer']}"
        wrong = f"Question: {q} Answer: {row['hallucinated_answer']}"
    elif task == "dialogue":
        doc = f"{row['knowledge']}\n{row['dialogue_history']}"
        right, wrong = row["right_response"], row["hallucinated_response"]
    elif task == "summarization":
        doc = row["document"]
        right, wrong = row["right_summary"], row["hallucinated_summary"]
    else:
        raise ValueError(task)
    src = f"halueval_{task}"
    return [
        Pair(f"{rid}-right", doc, right, "entailment", src),
        Pair(f"{rid}-halluc", doc, wrong, "not_entailment", src),
    ]


def halueval_rows(
    task: str, part: str, test_n: int = 1000, dev_n: int = 300
) -> list[tuple[int, dict[str, Any]]]:
    """Raw HaluEval rows ``(index, row)`` of a fixed part (test, dev, train), in slice order."""
    rows = list(_jsonl_gz(f"halueval/halueval_{task}.jsonl.gz"))
    keyed = sorted(
        ((_h(json.dumps(r, sort_keys=True)), i, r) for i, r in enumerate(rows)),
        key=lambda t: (t[0], t[1]),
    )
    lo, hi = {"test": (0, test_n), "dev": (test_n, test_n + dev_n),
              "train": (test_n + dev_n, len(keyed))}[part]
    return [(i, r) for _, i, r in keyed[lo:hi]]


def _halueval_split(task: str, part: str, test_n: int = 1000, dev_n: int = 300) -> list[Pair]:
    out: list[Pair] = []
    for i, r in halueval_rows(task, part, test_n, dev_n):
        out.extend(halueval_pairs(task, r, f"halueval_{task}-{i}"))
    return out


# --- WiCE, ANLI, FEVER, FactCG -------------------------------------------------

def _wice() -> list[Pair]:
    out = []
    for r in _jsonl("wice/claim_dev.jsonl"):
        ev = r["evidence"]
        sents = ast.literal_eval(ev) if isinstance(ev, str) else ev
        meta = r["meta"]
        meta = ast.literal_eval(meta) if isinstance(meta, str) else meta
        label: Label = "entailment" if r["label"] == "supported" else "not_entailment"
        out.append(Pair(meta["id"], "\n".join(sents), r["claim"], label, "wice"))
    return out


def _anli() -> list[Pair]:
    return [Pair(r["unique_id"], r["evidence"], r["claim"], _FEVER_LABELS[r["label"]], "anli")
            for r in _jsonl_zip("anli")]


def _fever() -> list[Pair]:
    return [Pair(f"fever-{i}", r["evidence"], r["claim"], _FEVER_LABELS[r["label"]], "fever")
            for i, r in enumerate(_jsonl_zip("fever_symmetric"))]


def _factcg(name: str) -> list[Pair]:
    out = []
    for i, r in enumerate(_jsonl(f"factcg/{name}.jsonl")):
        if not r.get("text_a", "").strip():
            continue  # documented upstream: some MuSiQue rows have no document
        tb = r["text_b"]
        claims = ast.literal_eval(tb) if isinstance(tb, str) else tb
        label: Label = "entailment" if str(r["orig_label"]) == "1" else "not_entailment"
        for k, c in enumerate(claims):
            out.append(Pair(f"{name}-{i}-{k}", r["text_a"], c, label, f"factcg_{name}"))
    return out


SLICES: dict[str, str] = {
    "wice-dev": "WiCE dev, 349 real Wikipedia claims vs cited web pages (held out)",
    "halueval-qa-test": "HaluEval qa, 1,000 held-out rows (2,000 pairs)",
    "halueval-dialogue-test": "HaluEval dialogue, 1,000 held-out rows (2,000 pairs)",
    "halueval-summarization-test": "HaluEval summarization, 1,000 held-out rows (2,000 pairs)",
    "vitaminc-test": "VitaminC real, 2,000 held-out rows (3-way)",
    "anli-test": "ANLI r1-r3 test, 3,200 rows (evaluation only)",
    "halueval-qa-dev": "HaluEval qa, 300 development rows",
    "halueval-dialogue-dev": "HaluEval dialogue, 300 development rows",
    "halueval-summarization-dev": "HaluEval summarization, 300 development rows",
    "vitaminc-dev": "VitaminC real, 1,000 development rows",
}


def load_slice(name: str) -> list[Pair]:
    """Load a named slice (see ``SLICES``) or a training part (``*-train``)."""
    if name == "wice-dev":
        return _wice()
    if name == "anli-test":
        return _anli()
    if name == "fever":
        return _fever()
    if name.startswith("factcg-"):
        return _factcg(name.removeprefix("factcg-"))
    if name.startswith("halueval-"):
        _, task, part = name.split("-")
        return _halueval_split(task, part)
    if name.startswith("vitaminc-"):
        parts = name.split("-")
        source = "vitaminc_synthetic" if parts[1] == "synthetic" else "vitaminc_real"
        return _vitaminc_split(source, parts[-1])
    raise InputError(
        "E_UNKNOWN_SLICE", f"unknown data slice {name!r}",
        fix="use a file path or one of: " + ", ".join(sorted(SLICES)),
    )
