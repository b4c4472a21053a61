"""Speed of ``toulmin.verify``: a 5-claim answer against 10 chunks of about
250 tokens (190 words), cut from WiCE pages in ../shared.

    python benchmarks/verify_speed.py [--cases 20] [--rounds 3] [--set link.dense=false]

Warm latency: models loaded, the embedder's cache cleared before every call,
so every call embeds its chunks afresh (the static embedder has no cache); with
``--keep-cache``, every case verified once first and the cache kept, so every timed call
finds its chunks' vectors (a RAG system sending the same chunks again); p50 / p95 over cases x rounds, and
the median per stage. Cold start: a fresh interpreter importing toulmin and
producing one report. Batch throughput: ``toulmin verify-batch`` over
``--batch`` answers with 1 and 2 worker processes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from toulmin.cli.verify_cmd import parse_sets
from toulmin.config import load_config
from toulmin.datasets import data_dir
from toulmin.text import split_sentences
from toulmin.verify import get_verifier


def make_cases(n: int) -> list[dict[str, Any]]:
    rows = [json.loads(x) for x in (data_dir() / "wice" / "claim_dev.jsonl").read_text().splitlines()]
    words = [w for r in rows for s in r["evidence"] if not s.startswith("(meta") for w in s.split()]
    cases = []
    for c in range(n):
        start = c * 10 * 190
        chunks = [" ".join(words[start + k * 190 : start + (k + 1) * 190]) for k in range(10)]
        sents = [s.text for ch in chunks for s in split_sentences(ch) if 8 <= len(s.text.split()) <= 30]
        answer = " ".join(sents[k * max(1, len(sents) // 5)] for k in range(5))
        cases.append(
            {
                "id": f"speed-{c}",
                "answer": answer,
                "sources": [{"id": f"chunk{k}", "text": ch} for k, ch in enumerate(chunks)],
            }
        )
    return cases


def wait_for_helpers(verifier: Any) -> None:
    """Warm means every model loaded, the entity recogniser's helper process too
    (until it is up, answers are read without it)."""
    entities = getattr(verifier.extractor, "entities", None)
    if entities is not None:
        entities.loaded()


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--batch", type=int, default=40)
    ap.add_argument("--set", dest="sets", action="append", default=[])
    ap.add_argument("--keep-cache", action="store_true",
                    help="keep the embedder's cache between calls (a RAG system sending the same chunks "
                    "again: rounds after the first find every chunk's vector there); default: cleared")
    a = ap.parse_args()
    cases = make_cases(max(a.cases, a.batch))
    cfg = load_config(overrides=parse_sets(tuple(a.sets)) or None)
    sets = [x for s in a.sets for x in ("--set", s)]

    # cold start: a new interpreter, import + load + one report
    with tempfile.TemporaryDirectory() as tmp:
        case_file = Path(tmp) / "case.json"
        case_file.write_text(json.dumps(cases[0]))
        code = (
            "import json,sys,time;t=time.perf_counter();import toulmin;c=json.load(open(sys.argv[1]));"
            "from toulmin.config import load_config;from toulmin.verify import get_verifier;"
            "sets=json.loads(sys.argv[2]);"
            "r=get_verifier(load_config(overrides=sets or None)).verify(c['answer'],c['sources']);"
            "print(time.perf_counter()-t)"
        )
        colds = []
        for _ in range(3):
            t = time.perf_counter()
            out = subprocess.run(
                [sys.executable, "-c", code, str(case_file), json.dumps(parse_sets(tuple(a.sets)))],
                capture_output=True,
                text=True,
                check=True,
            )
            colds.append((time.perf_counter() - t, float(out.stdout.strip())))

    verifier = get_verifier(cfg)
    wait_for_helpers(verifier)
    verifier.verify(cases[0]["answer"], cases[0]["sources"])  # warm-up
    emb = verifier.linker.embedder
    if a.keep_cache:  # every chunk seen once before the timed calls: each of them finds its vectors
        for c in cases[: a.cases]:
            verifier.verify(c["answer"], c["sources"])
    lat: list[float] = []
    stages: dict[str, list[float]] = {}
    claims: list[int] = []
    for _ in range(a.rounds):
        for c in cases[: a.cases]:
            if hasattr(emb, "_cache") and not a.keep_cache:  # MiniLM's text cache (the static table: none)
                emb._cache.clear()
            t = time.perf_counter()
            rep = verifier.verify(c["answer"], c["sources"])
            lat.append(1000 * (time.perf_counter() - t))
            claims.append(rep.claims_checked)
            for k, v in rep.timings_ms.items():
                stages.setdefault(k, []).append(v)

    batch: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        inp = Path(tmp) / "in.jsonl"
        inp.write_text("\n".join(json.dumps(c) for c in cases[: a.batch]) + "\n")
        for workers in (1, 2):
            out_file = Path(tmp) / f"out{workers}.jsonl"
            t = time.perf_counter()
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "toulmin.cli",
                    "verify-batch",
                    str(inp),
                    "-o",
                    str(out_file),
                    "--workers",
                    str(workers),
                    *sets,
                ],
                check=True,
                capture_output=True,
            )
            batch[workers] = a.batch / (time.perf_counter() - t)

    res = {
        "command": "python benchmarks/verify_speed.py "
        + " ".join([f"--cases {a.cases}", f"--rounds {a.rounds}", f"--batch {a.batch}", *sets,
                    *(["--keep-cache"] if a.keep_cache else [])]),
        "models": verifier.models,
        "claims_per_answer_median": statistics.median(claims),
        "warm_p50_ms": round(pct(lat, 0.5), 1),
        "warm_p95_ms": round(pct(lat, 0.95), 1),
        "stage_median_ms": {k: round(statistics.median(v), 1) for k, v in stages.items()},
        "cold_start_s_median": round(statistics.median(x[0] for x in colds), 2),
        "cold_in_process_s_median": round(statistics.median(x[1] for x in colds), 2),
        "batch_answers_per_s": {f"workers={w}": round(v, 2) for w, v in batch.items()},
    }
    print(json.dumps(res, indent=2))


if __name__ == "__main__":
    main()
