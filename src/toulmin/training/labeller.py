"""The teacher's logits written into the kit's training pairs on the CPU, as a resumable
background run (issue 50, point 4; docs/gpu-kit.md, "The teacher's labels on the CPU").

The students learn from stored logits (``toulmin.training.distil``). A GPU labels
``recipe-kit`` in about a minute; this CPU takes hours (about 16 pairs a second with both
cores at 256 tokens, bfloat16), so the rows are labelled in chunks of a seeded random order,
each chunk saved as it ends (``chunks/NNNNN.npy``). A killed or stopped run resumes at the
first chunk not saved, and the labels are the same whichever way the run was cut: a chunk's
batches depend on its rows only. Because the order is random, the rows labelled so far
are a uniform sample of the file at any point, and ``write`` turns them into a training file
(all rows, the unlabelled without logits, for ``toulmin train --partial-teacher``; or the
labelled rows alone) while the run goes on.

The state lives in ``$TOULMIN_LABELS_HOME`` (default ``~/.cache/toulmin/kit/labels``),
outside the work tree; a replaced machine starts again from nothing.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError
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
from .distil import row_line
from .export import file_sha256

__all__ = ["LabelConfig", "home", "pause", "resume", "run", "start", "status", "stop", "wait", "write"]


@dataclass
class LabelConfig:
    teacher: str  # a Hugging Face folder: the cross-encoder whose logits the students learn
    train_file: str  # JSON lines with "claim" and "doc" (the marathon's train.jsonl)
    train_sha256: str = ""  # filled at the first start: a changed file is refused on resume
    rows: int = 0  # filled at the first start
    max_length: int = 256  # the students train at 256 tokens
    batch_size: int = 16
    chunk: int = 1024  # rows saved together: at most this many are lost to a kill
    seed: int = 31
    threads: int = 1
    bf16: bool = True  # what the GPU job labels with too (``distil.label_file``)

    @classmethod
    def load(cls, path: Path) -> LabelConfig:
        return load_dataclass(cls, path)


def home() -> Path:
    return home_of("TOULMIN_LABELS_HOME", "labels")


def _chunks(cfg: LabelConfig) -> list[list[int]]:
    """The row indices of each chunk: a seeded permutation of the file, cut in order."""
    order = list(range(cfg.rows))
    random.Random(cfg.seed).shuffle(order)
    return [order[k : k + cfg.chunk] for k in range(0, cfg.rows, cfg.chunk)]


def _chunk_file(h: Path, k: int) -> Path:
    return h / "chunks" / f"{k:05d}.npy"


def _done(h: Path, n_chunks: int) -> list[int]:
    return [k for k in range(n_chunks) if _chunk_file(h, k).is_file()]


def _read_rows(path: Path) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


# --- the commands --------------------------------------------------------------------

def start(h: Path, cfg: LabelConfig | None = None, *, foreground: bool = False,
          threads: int | None = None) -> int:
    """Start labelling, or resume at the first chunk not saved; returns the pid (0 when run
    in the foreground, after it ended). ``cfg`` is written on the first start only;
    ``threads`` may change at any start (1 beside other work, 2 with the machine to itself)."""
    h.mkdir(parents=True, exist_ok=True)
    ensure_idle(h, "labeller")
    if not (h / "config.json").is_file():
        if cfg is None:
            raise InputError("E_NOT_FOUND", f"no labelling run in {h} to resume",
                             fix="start one with a teacher and a training file (scripts/labels.py start)")
        train = Path(cfg.train_file)
        if not train.is_file():
            raise InputError("E_NOT_FOUND", f"no training file {train}",
                             fix="the marathon's train.jsonl (scripts/marathon.py start writes it)")
        if not (Path(cfg.teacher) / "config.json").is_file():
            raise InputError("E_NOT_FOUND", f"no Hugging Face model folder at {cfg.teacher}",
                             fix="the teacher's weights as land rebuilt them (runs/kit/land/teacher/best, "
                                 "kept in ~/.cache/toulmin/kit/accurate-<version>/best)")
        cfg.train_sha256 = file_sha256(train)
        cfg.rows = len(_read_rows(train))
        write_json(h / "config.json", asdict(cfg))
    kept = LabelConfig.load(h / "config.json")
    if threads is not None:
        kept.threads = threads
        write_json(h / "config.json", asdict(kept))
    if file_sha256(Path(kept.train_file)) != kept.train_sha256:
        raise InputError("E_CHANGED", f"{kept.train_file} is not the file this run started labelling",
                         fix=f"put the original back, or start afresh in another folder (or remove {h})")
    (h / "STOP").unlink(missing_ok=True)
    if foreground:
        run(h)
        return 0
    return spawn(h, "toulmin.training.labeller")


def stop(h: Path, wait: float = 0.0) -> bool:
    """Ask the run to end after the batch it is in (the chunk it was in is done again on
    resume); with ``wait``, wait up to that many seconds. True when no run is left."""
    return stop_run(h, wait)


def wait(timeout: float = 60.0) -> None:
    wait_spawned(timeout)


def pause(h: Path) -> int:
    return signal_run(h, signal.SIGSTOP, "labeller")


def resume(h: Path) -> int:
    return signal_run(h, signal.SIGCONT, "labeller")


def status(h: Path) -> dict[str, Any]:
    """Running or not, rows labelled of the file's, the rate of the last hour and what is
    left at that rate."""
    pid = running_pid(h)
    out: dict[str, Any] = {"home": str(h), "running": pid is not None, "pid": pid}
    if pid is not None and (state := proc_state(pid)) is not None:
        out["paused"] = state == "T"
    if not (h / "config.json").is_file():
        return out
    cfg = LabelConfig.load(h / "config.json")
    chunks = _chunks(cfg)
    done = _done(h, len(chunks))
    labelled = sum(len(chunks[k]) for k in done)
    out.update({"teacher": cfg.teacher, "rows": cfg.rows, "labelled": labelled,
                "chunks": f"{len(done)} of {len(chunks)}", "done": len(done) == len(chunks)})
    saved = [e for e in events(h) if e["event"] == "chunk" and e["t"] >= time.time() - 3600]
    secs = sum(float(e["seconds"]) for e in saved)
    if secs > 0:
        rate = sum(int(e["rows"]) for e in saved) / secs
        out["rows_per_second"] = round(rate, 2)
        out["hours_left"] = round((cfg.rows - labelled) / rate / 3600, 2)
    return out


def write(h: Path, out: Path, *, labelled_only: bool = False) -> tuple[int, int]:
    """The training file with the saved logits in it (``teacher_logits``, rounded to 4
    places as ``distil.label_file`` writes them): every row, or with ``labelled_only`` the
    labelled ones alone, in the file's order. Returns (rows written, rows with logits)."""
    import numpy as np

    if not (h / "config.json").is_file():
        raise InputError("E_NOT_FOUND", f"no labelling run in {h}", fix="scripts/labels.py start")
    cfg = LabelConfig.load(h / "config.json")
    chunks = _chunks(cfg)
    logits: dict[int, list[float]] = {}
    for k in _done(h, len(chunks)):
        path = _chunk_file(h, k)
        arr = np.load(path)
        if arr.shape != (len(chunks[k]), 3):
            raise InputError("E_BAD_VALUE", f"{path} holds {arr.shape}, not ({len(chunks[k])}, 3)",
                             fix="remove it; a resumed run labels that chunk again")
        logits.update(zip(chunks[k], arr.tolist()))
    if file_sha256(Path(cfg.train_file)) != cfg.train_sha256:
        raise InputError("E_CHANGED", f"{cfg.train_file} is not the file this run labelled",
                         fix="put the original back")
    written = 0
    tmp = out.with_name(out.name + ".tmp")
    with open(cfg.train_file, encoding="utf-8") as src, open(tmp, "w", encoding="utf-8") as f:
        for i, line in enumerate(line for line in src if line.strip()):
            lg = logits.get(i)
            if lg is None and labelled_only:
                continue
            f.write(row_line(json.loads(line), lg))
            written += 1
    os.replace(tmp, out)
    return written, len(logits)


# --- the run ---------------------------------------------------------------------------

def run(h: Path) -> None:
    """The loop (``start`` runs it in a process of its own)."""
    cfg = LabelConfig.load(h / "config.json")
    stop_ = StopFlag(h)
    try:
        _run(h, cfg, stop_)
    finally:
        stop_.restore()


def _run(h: Path, cfg: LabelConfig, stop_: StopFlag) -> None:
    import numpy as np
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    torch.set_num_threads(cfg.threads)
    rows = _read_rows(Path(cfg.train_file))
    chunks = _chunks(cfg)
    saved = set(_done(h, len(chunks)))
    todo = [k for k in range(len(chunks)) if k not in saved]
    (h / "chunks").mkdir(exist_ok=True)
    tok = AutoTokenizer.from_pretrained(cfg.teacher)
    model = AutoModelForSequenceClassification.from_pretrained(cfg.teacher).eval()
    log_event(h, "resume" if len(todo) < len(chunks) else "start", chunks_left=len(todo),
              threads=cfg.threads)
    with torch.inference_mode():
        for k in todo:
            t0 = time.time()
            idx = chunks[k]
            # length-sorted batches waste little on padding; saved in the chunk's own order
            size = [len(rows[i]["claim"]) + len(rows[i]["doc"]) for i in idx]
            order = sorted(range(len(idx)), key=size.__getitem__)
            out = np.zeros((len(idx), 3), dtype=np.float32)
            for b in range(0, len(order), cfg.batch_size):
                if stop_:
                    log_event(h, "stop", chunk=k)
                    return
                js = order[b : b + cfg.batch_size]
                enc = tok([rows[idx[j]]["claim"] for j in js], [rows[idx[j]]["doc"] for j in js],
                          truncation="longest_first", max_length=cfg.max_length, padding=True,
                          return_tensors="pt")
                with torch.autocast("cpu", dtype=torch.bfloat16, enabled=cfg.bf16):
                    lg = model(**enc).logits.float().numpy()
                out[js] = lg
            tmp = h / "chunks" / f"{k:05d}.tmp.npy"
            np.save(tmp, out)
            os.replace(tmp, _chunk_file(h, k))
            log_event(h, "chunk", chunk=k, rows=len(idx), seconds=round(time.time() - t0, 3))
    log_event(h, "done")


if __name__ == "__main__":
    run(Path(sys.argv[1]))
