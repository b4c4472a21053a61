"""Warm ``verify`` latency of this checkout against another one, call by call.

    git worktree add /tmp/base <commit>
    python benchmarks/verify_paired.py --base /tmp/base/src [--rounds 5] [--set link.k=1]

This machine's speed drifts by 1.5-2x within an hour, so two ``verify_speed.py`` runs
made minutes apart compare badly. Here two worker processes (``--base`` first on
their path, and this checkout) hold their models loaded and take the cases of
``verify_speed.py`` in turns, one call at a time, the one that goes first drawn at
random per case. Printed: p50 / p95 and the median stage times of each side, and the
median over calls of (this checkout's time / the base's time on the same case), and
how many calls gave the same report on both sides (timings aside), for changes meant
to leave every report as it was.

``--blocks``: each side takes all 20 cases back to back in its turn. Calls taken in
turns hide what one call leaves behind for the next in the same process, such as
onnxruntime's worker threads spinning after a run (stop 25); a busy service runs its
calls back to back.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def worker(sets: list[str], cases_file: str) -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    from verify_speed import wait_for_helpers

    from toulmin.cli.verify_cmd import parse_sets
    from toulmin.config import load_config
    from toulmin.verify import get_verifier

    verifier = get_verifier(load_config(overrides=parse_sets(tuple(sets)) or None))
    wait_for_helpers(verifier)
    cases = json.loads(Path(cases_file).read_text())
    for c in cases[:3]:
        verifier.verify(c["answer"], c["sources"])
    emb = verifier.linker.embedder
    print("ready", flush=True)
    for line in sys.stdin:
        c = cases[int(line)]
        if hasattr(emb, "_cache"):  # as verify_speed.py: every call embeds its chunks
            emb._cache.clear()
        t = time.perf_counter()
        rep = verifier.verify(c["answer"], c["sources"])
        ms = (time.perf_counter() - t) * 1000
        digest = hashlib.sha256(rep.to_json(timings=False).encode()).hexdigest()
        print(json.dumps({"ms": ms, "stages": rep.timings_ms, "digest": digest}), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True, help="the other checkout's src folder")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--set", dest="sets", action="append", default=[])
    ap.add_argument("--blocks", action="store_true",
                    help="each side takes the 20 cases back to back in its turn, as a busy service "
                         "would, instead of one call per turn")
    ap.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        worker(a.sets, a.worker)
        return
    sys.path.insert(0, str(Path(__file__).parent))
    from verify_speed import make_cases

    # made once, by this checkout, so both sides get the very same texts even when
    # the sentence splitter that cuts them differs
    fd, cases_file = tempfile.mkstemp(suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump(make_cases(20), f)
    sets = [x for s in a.sets for x in ("--set", s)]
    envs = {"base": dict(os.environ, PYTHONPATH=a.base), "this": dict(os.environ)}
    envs["this"].pop("PYTHONPATH", None)
    cmd = [sys.executable, __file__, "--base", a.base, "--worker", cases_file, *sets]
    procs = {k: subprocess.Popen(cmd,
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=e)
             for k, e in envs.items()}
    for p in procs.values():
        assert p.stdin and p.stdout and p.stdout.readline().strip() == "ready"
    rng = random.Random(0)
    ms: dict[str, list[float]] = {k: [] for k in procs}
    stages: dict[str, dict[str, list[float]]] = {k: {} for k in procs}
    digests: dict[str, list[str]] = {k: [] for k in procs}

    def call(k: str, i: int) -> None:
        p = procs[k]
        assert p.stdin and p.stdout
        p.stdin.write(f"{i}\n")
        p.stdin.flush()
        row = json.loads(p.stdout.readline())
        ms[k].append(row["ms"])
        digests[k].append(row["digest"])
        for s, x in row["stages"].items():
            stages[k].setdefault(s, []).append(x)

    for r in range(a.rounds):
        if a.blocks:  # each side takes all 20 cases in a row, the side first alternating
            for k in list(procs)[:: 1 if r % 2 else -1]:
                for i in range(20):
                    call(k, i)
            continue
        for i in range(20):
            order = list(procs)
            rng.shuffle(order)
            for k in order:
                call(k, i)
    for p in procs.values():
        assert p.stdin
        p.stdin.close()
        p.wait()
    os.unlink(cases_file)
    ratio = statistics.median(t / b for b, t in zip(ms["base"], ms["this"]))
    print(f"{len(ms['this'])} calls each, settings: {' '.join(a.sets) or 'defaults'}\n")
    print("| side | warm p50 (ms) | p95 | extract / link / classify, median (ms) |")
    print("|---|---|---|---|")
    for k, label in (("base", f"base ({a.base})"), ("this", "this checkout")):
        xs = sorted(ms[k])
        st = " / ".join(f"{statistics.median(stages[k][s]):.1f}" for s in ("extract", "link", "classify"))
        print(f"| {label} | {statistics.median(xs):.1f} | {xs[round(0.95 * (len(xs) - 1))]:.1f} | {st} |")
    print(f"\nmedian per-call ratio, this / base: {ratio:.3f}")
    same = sum(a == b for a, b in zip(digests["base"], digests["this"]))
    print(f"same report on both sides (timings aside): {same} of {len(digests['this'])} calls")


if __name__ == "__main__":
    main()
