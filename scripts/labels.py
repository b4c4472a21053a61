"""The teacher's logits written into recipe-kit on the CPU, in the background, resumable
(docs/gpu-kit.md, "The teacher's labels on the CPU"; ``toulmin.training.labeller``).

    python scripts/labels.py start        # first time: teacher and file; later: resume
    python scripts/labels.py status       # rows labelled, rows a second, hours left
    python scripts/labels.py pause        # SIGSTOP, while timing something else
    python scripts/labels.py resume       # SIGCONT
    python scripts/labels.py stop         # end after the batch it is in
    python scripts/labels.py write OUT [--labelled-only]   # the training file for the students

The state lives in ``$TOULMIN_LABELS_HOME`` (default ``~/.cache/toulmin/kit/labels``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from toulmin.errors import ToulminError
from toulmin.training import labeller, marathon
from toulmin.training.labeller import LabelConfig

# where land keeps the teacher it shipped (docs/gpu-kit.md): the accurate checker 1.1.0
TEACHER = marathon.home().parent / "accurate-1.1.0" / "best"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--home", type=Path, default=None, help=f"state folder (default: {labeller.home()})")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("start", help="start, or resume at the first chunk not saved")
    s.add_argument("--teacher", type=Path, default=TEACHER)
    s.add_argument("--train-file", type=Path, default=marathon.home() / "train.jsonl")
    s.add_argument("--max-length", type=int, default=256)
    s.add_argument("--batch-size", type=int, default=16)
    s.add_argument("--chunk", type=int, default=1024)
    s.add_argument("--seed", type=int, default=31)
    s.add_argument("--threads", type=int, default=None,
                   help="cores to take (default 1; 2 with the machine free)")
    s.add_argument("--foreground", action="store_true")
    sub.add_parser("status")
    sub.add_parser("pause")
    sub.add_parser("resume")
    st = sub.add_parser("stop")
    st.add_argument("--wait", type=float, default=120.0)
    w = sub.add_parser("write")
    w.add_argument("out", type=Path)
    w.add_argument("--labelled-only", action="store_true",
                   help="the labelled rows alone (a uniform sample while the run is not done)")
    a = ap.parse_args()
    h = a.home or labeller.home()
    try:
        if a.cmd == "start":
            cfg = None if (h / "config.json").is_file() else LabelConfig(
                teacher=str(a.teacher), train_file=str(a.train_file), max_length=a.max_length,
                batch_size=a.batch_size, chunk=a.chunk, seed=a.seed, threads=a.threads or 1)
            pid = labeller.start(h, cfg, foreground=a.foreground, threads=a.threads)
            print(f"labeller {'ended' if a.foreground else f'running, pid {pid}'}; state in {h}")
        elif a.cmd == "status":
            print(json.dumps(labeller.status(h), indent=1))
        elif a.cmd == "pause":
            print(f"paused pid {labeller.pause(h)}")
        elif a.cmd == "resume":
            print(f"resumed pid {labeller.resume(h)}")
        elif a.cmd == "write":
            n, k = labeller.write(h, a.out, labelled_only=a.labelled_only)
            print(f"{n} rows, {k} with the teacher's logits -> {a.out}")
        else:
            done = labeller.stop(h, wait=a.wait)
            print("stopped" if done else f"still running after {a.wait:.0f} s; 'status' tells when done")
    except ToulminError as e:
        print(f"error {e.code}: {e.message} (fix: {e.fix})", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
