"""Checker speed: pairs/s at fixed token lengths, cold load time, model size.

    python benchmarks/speed.py [--model DIR] [--repeats 5] [--pairs 512]

Every pair is exactly N tokens (a claim and N words of news text, cut to N tokens by
the tokenizer, so tokenising text the model never reads is not timed), all cores of
this machine (the checker spreads single, unpadded pairs over them; --batch is the
tokenisation chunk). Prints medians over repeats.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from toulmin.checker.onnx import OnnxChecker, shipped_model_dir

TEXT = (
    "The council approved the new budget on Tuesday after a long debate about road repairs, "
    "school funding and the cost of the city's ageing water system. Officials said the plan "
    "would raise spending by four percent while keeping property taxes flat for a second year. "
) * 20


def throughput(model: Path, tokens: int, n: int, repeats: int, batch: int) -> float:
    checker = OnnxChecker(model, max_length=tokens, batch_size=batch)
    # Every pair distinct: the checker runs a repeated pair only once.
    claims = [f"The council approved a budget that raises spending by {i} percent." for i in range(n)]
    spans = [" ".join(TEXT.split()[:tokens])] * n
    enc = checker.tokenizer.encode_batch(list(zip(claims[:4], spans[:4])))
    assert all(len(e.ids) == tokens for e in enc), "pairs must be exactly N tokens"
    assert len(set(claims)) == n
    checker.predict(claims[:batch], spans[:batch])  # warm-up
    rates = []
    for _ in range(repeats):
        t = time.perf_counter()
        checker.predict(claims, spans)
        rates.append(n / (time.perf_counter() - t))
    return statistics.median(rates)


def cold_load(model: Path, repeats: int) -> float:
    code = ("import time; t=time.perf_counter(); from toulmin.checker.onnx import OnnxChecker; "
            f"c=OnnxChecker({str(model)!r}); c.predict(['a claim'], ['a source']); "
            "print(time.perf_counter()-t)")
    times = [float(subprocess.check_output([sys.executable, "-c", code], text=True))
             for _ in range(repeats)]
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", type=Path, default=shipped_model_dir())
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--pairs", type=int, default=512)
    ap.add_argument("--batch", type=int, default=32)
    a = ap.parse_args()
    size = sum(f.stat().st_size for f in a.model.iterdir() if f.is_file()) / 1e6
    print(f"model {a.model} ({size:.1f} MB on disk), {os.cpu_count()} cores, batch {a.batch}, "
          f"median of {a.repeats}")
    print("| measure | value | target |")
    print("|---|---|---|")
    for tokens, target in ((128, 300), (256, 150)):
        r = throughput(a.model, tokens, a.pairs, a.repeats, a.batch)
        print(f"| pairs/s at {tokens} tokens | {r:.0f} | >= {target} |", flush=True)
    print(f"| cold load + first pair (s) | {cold_load(a.model, a.repeats):.2f} | <= 1.0 |")
    print(f"| model folder size (MB) | {size:.1f} | <= 100 |")


if __name__ == "__main__":
    main()
