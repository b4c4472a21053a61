"""How ``verify-batch`` scales with worker processes on this machine (issue 34).

    python benchmarks/batch_scaling.py [--answers 200] [--ray]

The same answers (``verify_speed.py``'s cases: a 5-sentence answer against 10 WiCE
chunks) through ``toulmin verify-batch`` four ways, models loaded by each run (the
load is part of the time, as a user sees it): one worker as shipped (its checker on every
core, spaCy's entity recogniser in a helper process), one worker held to one core (one
thread, no helper), and two workers (one thread each) with and without the helper; with
``--ray``, the Ray engine with 1 and 2 actors (a Ray runtime started per run, as
``verify-batch --engine ray`` does without ``--address``).
Prints answers per second and the ratio to the one-core worker.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from verify_speed import make_cases

ONE_CORE = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "TOULMIN_THREADS": "1"}
RUNS = [
    ("1 worker, as shipped", 1, [], {}),
    ("1 worker, one core", 1, ["--set", "checker.threads=1", "--set", "extract.ner_process=false"], ONE_CORE),
    ("2 workers", 2, [], {}),
    ("2 workers, no entity helper", 2, ["--set", "extract.ner_process=false"], {}),
]
RAY_RUNS = [
    ("Ray, 1 actor", 1, ["--engine", "ray", "--actors", "1"], {}),
    ("Ray, 2 actors", 2, ["--engine", "ray", "--actors", "2"], {}),
]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--answers", type=int, default=200)
    ap.add_argument("--ray", action="store_true", help="also the Ray engine, 1 and 2 actors (toulmin[ray])")
    a = ap.parse_args()
    rates: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        inp = Path(tmp) / "in.jsonl"
        inp.write_text("\n".join(json.dumps(c) for c in make_cases(a.answers)[: a.answers]) + "\n")
        for name, workers, sets, env in RUNS + (RAY_RUNS if a.ray else []):
            out = Path(tmp) / f"out-{len(rates)}.jsonl"
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "toulmin.cli", "verify-batch", str(inp), "-o", str(out),
                            "--workers", str(workers), *sets], check=True, env={**os.environ, **env},
                           stderr=subprocess.DEVNULL)
            rates[name] = a.answers / (time.perf_counter() - t)
            print(f"{name}: {rates[name]:.2f} answers/s", flush=True)
    base = rates["1 worker, one core"]
    print(f"\n{a.answers} answers, {os.cpu_count()} cores\n\n| run | answers/s | x one core |\n|---|---|---|")
    for name, rate in rates.items():
        print(f"| {name} | {rate:.2f} | {rate / base:.2f} |")


if __name__ == "__main__":
    main()
