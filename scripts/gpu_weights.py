"""Move a checker's torch weights through the GPU machine's size-limited channel.

    python scripts/gpu_weights.py pack RUN/best OUT_DIR [--skip word_embeddings] [--shard-mb 15]
    python scripts/gpu_weights.py unpack OUT_DIR RUN/best [--fill-from OTHER/best]
    python scripts/gpu_weights.py mix START/best RUN/last ALPHA OUT_DIR   # (1 - ALPHA) start + ALPHA run

See toulmin.training.shards; scripts/gpu_train.sh is the run that uses it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from toulmin.training.shards import average_weights, pack_weights, unpack_weights


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pack")
    p.add_argument("src", type=Path)
    p.add_argument("out", type=Path)
    p.add_argument("--skip", action="append", default=[])
    p.add_argument("--shard-mb", type=float, default=15.0)
    u = sub.add_parser("unpack")
    u.add_argument("src", type=Path)
    u.add_argument("out", type=Path)
    u.add_argument("--fill-from", type=Path, default=None)
    m = sub.add_parser("mix")
    m.add_argument("start", type=Path)
    m.add_argument("end", type=Path)
    m.add_argument("alpha", type=float)
    m.add_argument("out", type=Path)
    a = ap.parse_args()
    if a.cmd == "pack":
        pack_weights(a.src, a.out, a.skip, a.shard_mb)
    elif a.cmd == "mix":
        average_weights(a.start, a.end, a.alpha, a.out)
    else:
        unpack_weights(a.src, a.out, a.fill_from)


if __name__ == "__main__":
    main()
