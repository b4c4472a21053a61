"""Corpus retrieval and corrective retrieval (CRAG) on HaluEval qa.

    python benchmarks/corpus.py [--docs 1000] [--rows 100] [--llm-rows 0] [--gguf PATH]

- Corpus: the knowledge paragraphs of the first ``--docs`` rows of the fixed
  HaluEval qa test slice, one file each, indexed into an embedded Chroma store
  (toulmin's MiniLM vectors). Index time is reported.
- Retrieval recall@k: for each of the first ``--rows`` questions, is a chunk of
  its own knowledge paragraph among the top k (hybrid BM25 + vectors)?
- Offline CRAG: each row's right and hallucinated answers are verified, in two
  settings: ``retrieved`` (no sources given: the first context is retrieved for
  the question) and ``miss`` (the given context is another row's paragraph, as
  when retrieval failed); then the unsupported claims are searched in the
  corpus (crag.max_attempts 2). Reported: confidence
  and is_grounded before (round 0) and after, the share whose confidence rose,
  and time per query. A rise is good for right answers and bad for
  hallucinated ones (the offline loop keeps the answer; it can only find
  evidence).
- LLM CRAG (``--llm-rows N`` with ``--gguf``): the hallucinated answer is the
  draft; below the threshold the model writes queries and regenerates with the
  extra context. Reported: how often confidence rose and the final answer is
  grounded, and time per query.

Writes ``benchmarks/results/corpus[-TAG].json`` and prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from toulmin.cli.verify_cmd import parse_sets
from toulmin.config import load_config
from toulmin.corpus import CorpusRetriever, CorpusStore
from toulmin.crag import crag
from toulmin.datasets import halueval_rows
from toulmin.link.embed import load_embedder
from toulmin.llm import load_llm


def _build(rows: list[tuple[int, dict[str, Any]]], folder: Path) -> tuple[CorpusRetriever, float, int]:
    docs = folder / "docs"
    docs.mkdir()
    for i, r in rows:
        (docs / f"qa-{i}.txt").write_text(r["knowledge"], encoding="utf-8")
    store = CorpusStore(load_embedder(), path=str(folder / "corpus"))
    t = time.perf_counter()
    store.index([docs])
    return CorpusRetriever(store), time.perf_counter() - t, store.count()


def _recall(
    retriever: CorpusRetriever, rows: list[tuple[int, dict[str, Any]]], ks: tuple[int, ...]
) -> dict[str, Any]:
    hits = {k: 0 for k in ks}
    ms = []
    for i, r in rows:
        t = time.perf_counter()
        got = retriever.retrieve(r["question"], max(ks))
        ms.append(1000 * (time.perf_counter() - t))
        names = [Path(p.source).name for p in got]
        for k in ks:
            hits[k] += f"qa-{i}.txt" in names[:k]
    n = len(rows)
    return {"n": n, **{f"recall@{k}": round(100 * hits[k] / n, 1) for k in ks},
            "median_ms": round(statistics.median(ms), 1)}  # fmt: skip


def _crag_rows(retriever: CorpusRetriever, cases: list[dict[str, Any]], cfg: Any, llm: Any) -> dict[str, Any]:
    rose, grounded0, grounded1, ms, deltas, rounds = 0, 0, 0, [], [], []
    for c in cases:
        t = time.perf_counter()
        res = crag(c["answer"], c["sources"], retriever, c["question"], llm=llm, config=cfg)
        ms.append(1000 * (time.perf_counter() - t))
        first = res.verification_history[0]
        before = -1.0 if first.confidence is None else first.confidence
        after = -1.0 if res.confidence is None else res.confidence
        rose += after > before
        deltas.append(max(after, 0) - max(before, 0))
        grounded0 += first.is_grounded
        grounded1 += res.report.is_grounded
        rounds.append(res.attempts)
    n = len(cases)
    return {
        "n": n,
        "confidence_rose_pct": round(100 * rose / n, 1),
        "mean_confidence_change": round(statistics.mean(deltas), 3),
        "grounded_before_pct": round(100 * grounded0 / n, 1),
        "grounded_after_pct": round(100 * grounded1 / n, 1),
        "mean_rounds": round(statistics.mean(rounds), 2),
        "median_ms_per_query": round(statistics.median(ms), 1),
    }


def _cases(rows: list[tuple[int, dict[str, Any]]], key: str, context: str) -> list[dict[str, Any]]:
    """``retrieved``: no sources given, the first context is retrieved for the
    question. ``miss``: the given context is the next row's paragraph, as when
    retrieval failed; the right paragraph is in the corpus to be found."""
    out = []
    for j, (_, r) in enumerate(rows):
        miss = rows[(j + 1) % len(rows)][1]["knowledge"]
        out.append(
            {"question": r["question"], "answer": r[key], "sources": [miss] if context == "miss" else None}
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--docs", type=int, default=1000)
    ap.add_argument("--rows", type=int, default=100)
    ap.add_argument("--llm-rows", type=int, default=0)
    ap.add_argument("--gguf", default=None, help="GGUF for the LLM CRAG part (benchmarks/qwen_gguf.py)")
    ap.add_argument("--set", dest="sets", action="append", default=[])
    ap.add_argument("--tag", default="")
    ap.add_argument("--no-offline", action="store_true", help="skip recall and offline CRAG (LLM part only)")
    a = ap.parse_args()
    cfg = load_config(overrides=parse_sets(tuple(a.sets)) or None)
    rows = halueval_rows("qa", "test")[: a.docs]
    args = [f"--docs {a.docs}", f"--rows {a.rows}", f"--llm-rows {a.llm_rows}"]
    args += ["--no-offline"] if a.no_offline else []
    args += ["--gguf $(python benchmarks/qwen_gguf.py)"] if a.gguf else []
    args += [f"--set {s}" for s in a.sets]
    out: dict[str, Any] = {"command": "python benchmarks/corpus.py " + " ".join(args), "results": {}}
    res = out["results"]
    with tempfile.TemporaryDirectory() as tmp:
        retriever, secs, chunks = _build(rows, Path(tmp))
        res["index"] = {"documents": len(rows), "chunks": chunks, "seconds": round(secs, 1)}
        print("index", res["index"], flush=True)
        if not a.no_offline:
            res["recall"] = _recall(retriever, rows[: a.rows], (1, 3, 5, 10))
            print("recall", res["recall"], flush=True)
        for context in () if a.no_offline else ("retrieved", "miss"):
            for kind, key in (("right", "right_answer"), ("hallucinated", "hallucinated_answer")):
                cases = _cases(rows[: a.rows], key, context)
                name = f"offline-crag-{context}-{kind}"
                res[name] = _crag_rows(retriever, cases, cfg, None)
                print(name, res[name], flush=True)
        if a.llm_rows:
            llm_cfg = cfg.merged({"llm": {"provider": "llamacpp", "model": a.gguf}} if a.gguf else None)
            llm = load_llm(llm_cfg.llm)
            if llm is None:
                raise SystemExit("--llm-rows needs --gguf or an llm.provider in the config")
            cases = _cases(rows[: a.llm_rows], "hallucinated_answer", "retrieved")
            res["llm-crag-hallucinated"] = _crag_rows(retriever, cases, llm_cfg, llm)
            res["llm-crag-hallucinated"]["llm"] = llm.name
            print("llm", res["llm-crag-hallucinated"], flush=True)
    path = Path(f"benchmarks/results/corpus{'-' + a.tag if a.tag else ''}.json")
    path.write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps(res, indent=2))


if __name__ == "__main__":
    main()
