"""The teacher as a marathon: one long training run on the CPU, in the background, that
survives its process.

A session of this project ends at a fixed time and takes its processes with it, and a
pass of the 12-layer teacher over ``recipe-kit`` takes the 2-core CPU about 7.4 hours at
128 tokens. So the run keeps its whole state in a folder outside the work tree
(``home()``: ``$TOULMIN_MARATHON_HOME``, else ``$XDG_CACHE_HOME/toulmin/kit/marathon``,
else ``~/.cache/toulmin/kit/marathon``), which a fresh checkout of the repository leaves
alone. A machine that is itself replaced loses it: the run then starts again from the base.

The state, written at least every ``ckpt_minutes`` and whenever the run stops:
weights, optimizer, learning-rate schedule, the step (the data position: the batches of
each pass are a fixed shuffle of the training file by the seed), the pairs seen and the
random states of Python and torch (dropout). A run killed at any moment resumes from its
last checkpoint and continues the same run: the same batches in the same order, the same
learning rate at each step, the same number of steps in all.

    python scripts/marathon.py start [--data recipe-kit] [--base DIR]   # or resume
    python scripts/marathon.py pause | resume | stop | status

``stop`` (or SIGTERM, or a file ``STOP`` in the folder) ends the run cleanly: it finishes
the step it is in, checkpoints and exits. ``pause`` and ``resume`` send SIGSTOP and SIGCONT
(for timing something else on the same cores). Every ``eval_every`` steps the run scores
the development file; the best weights so far are kept in ``best/``. ``log.jsonl`` holds
one line per event: steps (loss, learning rate, pairs per second), development scores,
checkpoints, starts and stops.
"""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import signal
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..errors import ConfigError, InputError
from .background import (
    StopFlag,
    ensure_idle,
    events,
    home_of,
    load_dataclass,
    log_event,
    proc_state,
    running_pid,
    signal_run,
    spawn,
    stop_run,
    wait_spawned,
    write_json,
)
from .train import (
    _LABEL_ID,
    _batches,
    _read_pairs,
    dev_scores,
    encode_pairs,
    label_loss,
    partial_distill_loss,
    read_dev_file,
    usable_length,
)

__all__ = ["MarathonConfig", "adopt", "home", "pause", "resume", "run", "start", "status", "stop", "wait"]


@dataclass
class MarathonConfig:
    base: str  # a cross-encoder folder (``toulmin.training.bases.make_cross_encoder``)
    train_file: str
    dev_file: str
    batch_size: int = 8
    max_length: int = 128
    lr: float = 3e-5
    warmup_steps: int = 300
    passes: float = 1.0
    seed: int = 21
    ckpt_minutes: float = 15.0
    ckpt_steps: int = 0  # also every this many steps (0: by the clock only)
    eval_every: int = 2000
    log_every: int = 50
    threads: int = 2
    bf16: bool = True
    freeze_embeddings: bool = True
    # The shipped default's score on the same development file, read the same way (torch,
    # P(entailment) >= 0.5, ``max_length``): the stop rule's yardstick (issue 50: after one
    # pass the teacher must be at least ``stop_margin`` above it, or the run is not continued).
    reference: float | None = None
    stop_margin: float = 0.01
    # The default's score per development group, read the same way. The stop rule reads
    # the gate's four slices from it (``GATE_SLICES``): the mean above also holds the
    # hard-negative slices, which the default never trained on, so it favours the teacher.
    reference_slices: dict[str, float] | None = None
    # A student distilled from a teacher's stored logits (``teacher_logits`` in every row:
    # ``toulmin.training.labeller``): the loss is ``distill_alpha`` x the KL divergence at
    # ``distill_temperature`` + the rest the label loss (``train.partial_distill_loss``).
    # 0: the labels alone, as the teacher's own run learns.
    distill_alpha: float = 0.0
    distill_temperature: float = 2.0
    # Which development score keeps ``best/``: "score" (every group, the hard-negative
    # slices included) or "gate" (the release gate's four slices: a student distilled
    # into a shipped checker must not lose them, ``GATE_SLICES``).
    best_by: str = "score"

    def __post_init__(self) -> None:
        if self.best_by not in BEST_BY:
            raise ConfigError("E_BAD_OPTION", f"best_by {self.best_by!r} is not one of {list(BEST_BY)}",
                              fix="best_by: score (every development group) or gate (the gate's slices)")
        if not 0.0 <= self.distill_alpha <= 1.0 or self.distill_temperature <= 0:
            raise ConfigError("E_BAD_OPTION", f"distill_alpha {self.distill_alpha} / distill_temperature "
                              f"{self.distill_temperature} out of range",
                              fix="distill_alpha in [0, 1] (0: no teacher), distill_temperature > 0")

    @classmethod
    def load(cls, path: Path) -> MarathonConfig:
        return load_dataclass(cls, path)


BEST_BY = ("score", "gate")


def home() -> Path:
    return home_of("TOULMIN_MARATHON_HOME", "marathon")


# --- the folder ------------------------------------------------------------------------

def _swap_in(h: Path, new: Path) -> None:
    """Make the complete checkpoint ``new`` the current one: the old one is moved aside
    first, so a kill between the two renames leaves ``ckpt.old`` (``_checkpoint_dir``)."""
    cur, old = h / "ckpt", h / "ckpt.old"
    shutil.rmtree(old, ignore_errors=True)
    if cur.exists():
        os.replace(cur, old)
    os.replace(new, cur)
    shutil.rmtree(old, ignore_errors=True)


def _checkpoint_dir(h: Path) -> Path | None:
    """The newest complete checkpoint: ``ckpt``, or ``ckpt.old`` when a save was cut off
    between its two renames. ``ckpt.new`` (a save in progress) never counts."""
    for name in ("ckpt", "ckpt.old"):
        d = h / name
        if (d / "state.json").is_file():
            return d
    return None


# --- the commands --------------------------------------------------------------------

def start(h: Path, cfg: MarathonConfig | None = None, *, foreground: bool = False,
          threads: int | None = None) -> int:
    """Start the run, or resume it from its last checkpoint; returns the pid (0 when run
    in the foreground, after it ended). ``cfg`` is written on the first start only: a
    resumed run keeps the config it started with, but for ``threads`` (how many cores it
    may take now: 1 while something else runs beside it, 2 when it has the machine)."""
    h.mkdir(parents=True, exist_ok=True)
    ensure_idle(h, "marathon")
    if not (h / "config.json").is_file():
        if cfg is None:
            raise InputError("E_NOT_FOUND", f"no marathon in {h} to resume",
                             fix="start one with a config (scripts/marathon.py start)")
        write_json(h / "config.json", asdict(cfg))
    if threads is not None:
        kept = MarathonConfig.load(h / "config.json")
        kept.threads = threads
        write_json(h / "config.json", asdict(kept))
    (h / "STOP").unlink(missing_ok=True)
    if foreground:
        run(h)
        return 0
    return spawn(h, "toulmin.training.marathon")


def stop(h: Path, wait: float = 0.0) -> bool:
    """Ask the run to end (it checkpoints first); with ``wait``, wait up to that many
    seconds for it. True when no run is left."""
    return stop_run(h, wait)


def wait(timeout: float = 60.0) -> None:
    """Wait for the runs this process started to end (a test's or a notebook's tidy exit)."""
    wait_spawned(timeout)


def pause(h: Path) -> int:
    return signal_run(h, signal.SIGSTOP, "marathon")


def resume(h: Path) -> int:
    return signal_run(h, signal.SIGCONT, "marathon")


def adopt(h: Path, weights: Path, pairs: int, note: str = "") -> dict[str, Any]:
    """Make ``weights`` (a HF folder: the teacher a GPU run continued from this marathon's
    checkpoint, as ``scripts/gpu_kit.py land`` rebuilds it) the marathon's weights, so that
    the CPU run goes on from what the GPU learned. The data position and the learning-rate
    schedule stay where the marathon was; the optimizer's moments start afresh (they
    belong to the old weights); ``pairs`` (what the GPU trained on) joins the pairs seen.
    The run must be stopped."""
    import torch

    if running_pid(h) is not None:
        raise InputError("E_RUNNING", f"the marathon in {h} is running", fix="stop it first ('stop')")
    ck = _checkpoint_dir(h)
    if ck is None:
        raise InputError("E_NOT_FOUND", f"no checkpoint in {h} to adopt weights into",
                         fix="start the marathon first; the kit carries its checkpoint "
                             "(scripts/gpu_kit.py pack --from-marathon)")
    if not (weights / "model.safetensors").is_file():
        raise InputError("E_NOT_FOUND", f"no model.safetensors in {weights}",
                         fix="give the teacher's weights folder that land rebuilt "
                             "(runs/kit/land/teacher/best)")
    st: dict[str, Any] = json.loads((ck / "state.json").read_text())
    blob = torch.load(ck / "optim.pt", weights_only=False)
    new = h / "ckpt.new"
    shutil.rmtree(new, ignore_errors=True)
    shutil.copytree(weights, new / "model")
    torch.save({**blob, "optimizer": None}, new / "optim.pt")
    st["pairs_seen"] += pairs
    write_json(new / "state.json", st)
    _swap_in(h, new)
    log_event(h, "adopt", step=st["step"], pairs_seen=st["pairs_seen"], gpu_pairs=pairs, weights=str(weights),
         note=note)
    return st


def status(h: Path) -> dict[str, Any]:
    """Where the run is: running or not, its last checkpoint, its best development score,
    and the development curve so far."""
    pid = running_pid(h)
    out: dict[str, Any] = {"home": str(h), "running": pid is not None, "pid": pid}
    if pid is not None and (state := proc_state(pid)) is not None:
        out["paused"] = state == "T"
    ck = _checkpoint_dir(h)
    if ck is not None:
        st = json.loads((ck / "state.json").read_text())
        out.update({k: st[k] for k in ("step", "total_steps", "pairs_seen", "train_seconds", "done")})
    if (h / "best.json").is_file():
        out["best"] = json.loads((h / "best.json").read_text())
    out["curve"] = [{k: e[k] for k in ("step", "pairs_seen", "score")}
                    for e in events(h) if e["event"] == "dev"]
    out["stop_rule"] = _stop_rule(h, out)
    return out


# The release gate's development slices (toulmin.training.kit.land): the stop rule's measure.
GATE_SLICES = ("qa", "dialogue", "summarization", "vitaminc")


def gate_mean(scores: dict[str, Any]) -> float | None:
    """Mean over ``GATE_SLICES``; None when a slice is missing."""
    if any(scores.get(s) is None for s in GATE_SLICES):
        return None
    return sum(float(scores[s]) for s in GATE_SLICES) / len(GATE_SLICES)


def _best_key(cfg: MarathonConfig, scores: dict[str, Any]) -> float:
    if cfg.best_by == "gate":
        m = gate_mean(scores)
        assert m is not None  # _run checked that the development file holds the gate's slices
        return m
    return float(scores["score"])


def _stop_rule(h: Path, st: dict[str, Any]) -> str:
    """Issue 50's rule: after one full pass, a teacher not at least ``stop_margin`` above
    the shipped default on the gate's development slices is not given a second pass. A
    student (``distill_alpha`` > 0, no ``reference``) is read against its own start, the
    shipped checker it is distilled into."""
    cfg = MarathonConfig.load(h / "config.json") if (h / "config.json").is_file() else None
    if cfg is None:
        return "no yardstick (no config)"
    slices, whose = cfg.reference_slices, "the default's"
    if cfg.reference is None and cfg.distill_alpha > 0:
        # a student's yardstick: its own start, the shipped checker it is distilled into
        slices = next((e for e in events(h) if e["event"] == "dev" and e["step"] == 0), None)
        whose = "its start's"
    if cfg.reference is None and slices is None:
        return "no yardstick (config.reference unset)"
    if "best" not in st:
        return "no development score yet"
    ref = gate_mean(slices or {})
    if ref is not None:
        # the best point of the curve on the gate's slices, wherever the 9-group best lies
        means = [(m, e["step"]) for e in events(h) if e["event"] == "dev"
                 if (m := gate_mean(e)) is not None]
        best, at = max(means) if means else (float("nan"), 0)
        ahead = best - ref
        where = (f"best {best:.4f} at step {at} vs {whose} {ref:.4f} ({ahead:+.4f}) on the "
                 f"gate's slices ({', '.join(GATE_SLICES)})")
    elif cfg.reference is not None:
        ahead = st["best"]["score"] - cfg.reference
        where = (f"best {st['best']['score']:.4f} vs the default's {cfg.reference:.4f} ({ahead:+.4f}) "
                 "on all development groups (no per-slice yardstick: scripts/marathon.py yardstick)")
    else:
        return f"no yardstick (no gate slices {list(GATE_SLICES)} in the start's scores)"
    steps, total = st.get("step", 0), st.get("total_steps", 0)
    passes_done = steps / max(1, total) * cfg.passes
    if passes_done < 1.0:
        return f"running: {passes_done:.0%} of the first pass; {where}"
    if ahead >= cfg.stop_margin:
        return f"one pass done, {where}: worth going on (ship through the gate)"
    return f"one pass done, {where}: STOP, the curve is flat (docs/gpu-kit.md)"


# --- the run ---------------------------------------------------------------------------

def _schedule(cfg: MarathonConfig, total: int) -> Any:
    """Learning rate by step (not by the clock, as ``toulmin train`` does): a resumed run
    must take the same rate at the same step whatever the CPU's speed was."""
    def factor(step: int) -> float:
        if step < cfg.warmup_steps:
            return (step + 1) / cfg.warmup_steps
        return max(0.02, 1.0 - step / max(1, total))
    return factor


def _pass_batches(pairs: list[Any], cfg: MarathonConfig, k: int) -> list[list[Any]]:
    return _batches(pairs, cfg.batch_size, random.Random(cfg.seed * 1000 + k))


def run(h: Path) -> dict[str, Any]:
    """The loop (``start`` runs it in a process of its own)."""
    cfg = MarathonConfig.load(h / "config.json")
    stop_ = StopFlag(h)
    try:
        return _run(h, cfg, stop_)
    finally:
        stop_.restore()


def _run(h: Path, cfg: MarathonConfig, stop_: StopFlag) -> dict[str, Any]:
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    torch.set_num_threads(cfg.threads)
    ck = _checkpoint_dir(h)
    src = str(ck / "model") if ck else cfg.base
    tok = AutoTokenizer.from_pretrained(src)
    model = AutoModelForSequenceClassification.from_pretrained(src)
    model.config.pair_order = "claim_first"
    if cfg.freeze_embeddings:
        model.base_model.embeddings.word_embeddings.weight.requires_grad_(False)
    max_len = usable_length(model, cfg.max_length)
    pairs, soft = _read_pairs(cfg.train_file)
    if cfg.distill_alpha > 0 and not soft:
        raise InputError("E_BAD_ROW", f"{cfg.train_file}: no row carries teacher_logits, and "
                         f"distill_alpha is {cfg.distill_alpha}",
                         fix="label the file first (scripts/labels.py write), or distill_alpha 0")
    dev = read_dev_file(cfg.dev_file)
    if cfg.best_by == "gate" and any(g not in dev for g in GATE_SLICES):
        raise InputError("E_BAD_ROW", f"{cfg.dev_file} lacks the gate's slices {list(GATE_SLICES)}",
                         fix="best_by: score, or a development file with those groups")
    per_pass = len(_pass_batches(pairs, cfg, 0))
    total = math.ceil(per_pass * cfg.passes)
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=cfg.lr, weight_decay=0.01)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, _schedule(cfg, total))
    step, seen, train_s = 0, 0, 0.0
    if ck is not None:
        st = json.loads((ck / "state.json").read_text())
        step, seen, train_s = st["step"], st["pairs_seen"], st["train_seconds"]
        blob = torch.load(ck / "optim.pt", weights_only=False)
        if blob.get("optimizer") is not None:  # None after ``adopt``: moments start afresh
            opt.load_state_dict(blob["optimizer"])
        sched.load_state_dict(blob["scheduler"])
        torch.set_rng_state(blob["torch_rng"])
        random.setstate(blob["python_rng"])
        log_event(h, "resume", step=step, pairs_seen=seen, checkpoint=ck.name, threads=cfg.threads)
    else:
        torch.manual_seed(cfg.seed)
        random.seed(cfg.seed)
        log_event(h, "start", total_steps=total, pairs=len(pairs), per_pass=per_pass, threads=cfg.threads)

    def encode(batch: list[Any]) -> Any:
        return encode_pairs(tok, batch, max_len)

    saved = step if ck is not None else -1  # the step the newest checkpoint holds

    def save() -> None:
        nonlocal saved
        new = h / "ckpt.new"
        shutil.rmtree(new, ignore_errors=True)
        model.save_pretrained(new / "model")
        tok.save_pretrained(new / "model")
        torch.save({"optimizer": opt.state_dict(), "scheduler": sched.state_dict(),
                    "torch_rng": torch.get_rng_state(), "python_rng": random.getstate()}, new / "optim.pt")
        write_json(new / "state.json", {"step": step, "total_steps": total, "pairs_seen": seen,
                                         "train_seconds": round(train_s, 1), "done": step >= total})
        _swap_in(h, new)
        saved = step
        log_event(h, "checkpoint", step=step, pairs_seen=seen)

    def score() -> None:
        res = dev_scores(model, lambda b: encode(b), dev)
        log_event(h, "dev", step=step, pairs_seen=seen, **{k: round(v, 4) for k, v in res.items()})
        best = json.loads((h / "best.json").read_text()) if (h / "best.json").is_file() else None
        if best is None or _best_key(cfg, res) > _best_key(cfg, best):
            shutil.rmtree(h / "best.new", ignore_errors=True)
            model.save_pretrained(h / "best.new")
            tok.save_pretrained(h / "best.new")
            shutil.rmtree(h / "best", ignore_errors=True)
            os.replace(h / "best.new", h / "best")
            write_json(h / "best.json", {"step": step, "pairs_seen": seen,
                                          **{k: round(v, 4) for k, v in res.items()}})

    if step == 0 and ck is None:
        score()  # the start's score: the curve begins there
    model.train()
    last_save = time.time()
    losses: list[float] = []
    batches: list[list[Any]] = []
    batches_pass = -1
    t_run = time.time()
    while step < total and not stop_:
        k, j = divmod(step, per_pass)
        if k != batches_pass:
            batches, batches_pass = _pass_batches(pairs, cfg, k), k
        batch = batches[j]
        t0 = time.time()
        enc = encode(batch)
        labels = torch.tensor([_LABEL_ID[p.label] for p in batch])
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=cfg.bf16):
            logits = model(**enc).logits
        if cfg.distill_alpha > 0:
            loss = partial_distill_loss(logits, labels, [soft[p] for p in batch], cfg.distill_alpha,
                                        cfg.distill_temperature)
        else:
            loss = label_loss(logits, labels)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        opt.zero_grad()
        step += 1
        seen += len(batch)
        train_s += time.time() - t0
        losses.append(float(loss.item()))
        if step % cfg.log_every == 0:
            log_event(h, "step", step=step, pairs_seen=seen, loss=round(sum(losses) / len(losses), 4),
                 lr=sched.get_last_lr()[0], pairs_per_s=round(seen / max(train_s, 1e-9), 2))
            losses = []
        if step % cfg.eval_every == 0 or step == total:
            score()
        due = ((cfg.ckpt_steps and step % cfg.ckpt_steps == 0)
               or time.time() - last_save >= cfg.ckpt_minutes * 60)
        if due or step == total:
            save()
            last_save = time.time()
    if saved != step:
        # stopped between checkpoints, wherever the stop landed: save the last step, or the
        # steps since the last checkpoint are lost (none at all before the first)
        save()
    if step < total:  # stopped before the end: the last step's state is saved
        log_event(h, "stop", step=step, pairs_seen=seen, seconds=round(time.time() - t_run, 1))
    else:
        log_event(h, "done", step=step, pairs_seen=seen)
    (h / "pid").unlink(missing_ok=True)
    return {"step": step, "total_steps": total, "pairs_seen": seen}


if __name__ == "__main__":
    run(Path(sys.argv[1]))
