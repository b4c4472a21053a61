"""The GPU side: receive parts, run the job in the background, hand back weights call by call.

``scripts/gpu_kit.sh`` runs ``gpu_call`` at every device call. A call returns within its
own time limit, but the job must outlive it: it runs in its own process session, which
the device keeps until the machine goes back, and each later call picks up what it has
finished. The job (``run_job``):

1. unpacks the base and the training pairs;
2. trains the teacher on them (labels only), with checkpoints;
3. labels every training pair with the teacher's logits (``toulmin.training.distil``);
4. distils each student from those logits, the students side by side;
5. after each run, packs its best weights into ``ready/NAME/`` as shards under the
   device's 16 MiB per file, word embeddings left out (they were frozen).

A stage that outruns its minutes plus ``grace_minutes`` is told to stop (its stop file),
which scores a last checkpoint and keeps the best weights so far; a run cut off that way
is still packed and sent.
"""

from __future__ import annotations

import json
import lzma
import os
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path
from typing import Any

from .parts import missing, receive
from .plan import KitPlan, StudentPlan

__all__ = ["gpu_call", "pack_logits", "pack_run", "run_job"]

# What one device call may bring back (the device tool's README): 8 files, 16 MiB each,
# 64 MiB in all, at most two folders down. One of the 8 is the call's status.json.
MAX_FILES = 7
FILE_MB = 15.0
CALL_MB = 62.0
_META = ["config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json",
         "train_summary.json", "history.json", "train.log", "packed.json"]


def _read_status(kit: Path) -> dict[str, Any]:
    """The job's status; {} before the job has written one."""
    path = kit / "status.json"
    return json.loads(path.read_text()) if path.is_file() else {}  # type: ignore[no-any-return]


def _status(kit: Path, **fields: Any) -> None:
    st = _read_status(kit)
    st.update(fields, updated=time.strftime("%H:%M:%S"))
    # written whole and renamed: the device call reads it while the job runs, and must
    # never see a half-written file
    tmp = kit / f"status.json.{os.getpid()}"
    tmp.write_text(json.dumps(st) + "\n")
    os.replace(tmp, kit / "status.json")


def _train(name: str, runs: Path, kit: Path, args: list[str], minutes: float, grace: float) -> Path:
    """One ``toulmin train`` run; past its time it is told to stop, then killed. Every run keeps
    its word embeddings as they start (a quarter of a 12-layer base's weights, and most of a
    small one's), so they need not travel back."""
    out = runs / name
    stop = kit / f"stop-{name}"
    stop.unlink(missing_ok=True)
    # -c, not -m toulmin.cli: the device tool's copy of the tree came without cli/__main__.py
    cmd = [sys.executable, "-c", "from toulmin.cli import main; main()", "train", *args,
           "--out", str(out), "--max-minutes", str(minutes),
           "--stop-file", str(stop), "--no-export", "--freeze-embeddings", "--epochs", "12"]
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "train.log", "w") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
        try:
            # loading, the first development score and the last save are outside --max-minutes
            proc.wait(timeout=(minutes + grace) * 60 + 180)
        except subprocess.TimeoutExpired:
            stop.touch()
            try:
                proc.wait(timeout=180)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    return out


def pack_run(run: Path, ready: Path, name: str, *, int8: bool) -> Path | None:
    """``ready/name/``: the run's best weights as shards and its records in ``meta.tgz``.
    Written beside and renamed into place, so a call never sends half a run."""
    from ..shards import pack_weights

    best = run / "best"
    if not (best / "model.safetensors").is_file():
        return None
    tmp = ready / f".{name}"
    shutil.rmtree(tmp, ignore_errors=True)
    pack_weights(best, tmp / "pack", skip=["word_embeddings"], shard_mb=FILE_MB, int8=int8)
    for name_ in ("train_summary.json", "history.json", "train.log"):
        if (run / name_).is_file():
            shutil.copy2(run / name_, tmp / "pack" / name_)
    for shard in sorted((tmp / "pack").glob("weights-*.safetensors")):
        shard.rename(tmp / shard.name)
    with tarfile.open(tmp / "meta.tgz", "w:gz") as tar:
        for item in sorted((tmp / "pack").iterdir()):
            tar.add(item, arcname=item.name)
    shutil.rmtree(tmp / "pack")
    final = ready / name
    shutil.rmtree(final, ignore_errors=True)
    tmp.rename(final)
    return final


def pack_logits(labelled: Path, ready: Path) -> Path:
    """``ready/teacher-logits/``: the teacher's three logits for every training pair, in the
    training file's order, as float16 (about 1.2 MB for recipe-kit). With them a later session
    distils students on the CPU without the hours of labelling a CPU needs (the GPU takes about
    a minute); the first two GPU runs labelled and sent nothing back."""
    import numpy as np

    tmp = ready / ".teacher-logits"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    rows = [json.loads(line) for line in labelled.read_text(encoding="utf-8").splitlines() if line.strip()]
    logits = np.array([r["teacher_logits"] for r in rows], dtype=np.float16)
    np.save(tmp / "logits.npy", logits)
    info = {"rows": len(rows), "dtype": "float16", "labels": ["entailment", "neutral", "contradiction"]}
    (tmp / "logits.json").write_text(json.dumps(info) + "\n")
    final = ready / "teacher-logits"
    shutil.rmtree(final, ignore_errors=True)
    tmp.rename(final)
    return final


def _student_args(s: StudentPlan, runs: Path, kit: Path, device: str) -> list[str]:
    return ["--data", str(runs / "train-labelled.jsonl"), "--init-from", str(runs / f"init-{s.name}"),
            "--device", device, "--batch-size", str(s.batch_size), "--lr", str(s.lr),
            "--distill-alpha", str(s.alpha), "--max-length", str(s.max_length),
            "--ckpt-every", str(s.ckpt_every), "--dev-file", str(kit / "dev.jsonl"), "--seed", str(s.seed)]


def run_job(kit: Path, runs: Path, device: str) -> None:
    """The whole GPU job (detached from the call that started it)."""
    from ..distil import label_file
    from ..shards import unpack_weights

    plan = KitPlan.load(kit / "plan.json")
    ready = kit / "ready"
    ready.mkdir(exist_ok=True)
    runs.mkdir(parents=True, exist_ok=True)
    _status(kit, stage="unpack", started=time.time())
    unpack_weights(kit / "base", runs / "base")
    with lzma.open(kit / "train.jsonl.xz") as src, open(runs / "train.jsonl", "wb") as dst:
        shutil.copyfileobj(src, dst)
    t = plan.teacher
    _status(kit, stage="teacher", teacher_started=time.time(), teacher_minutes=t.minutes)
    teacher = _train("teacher", runs, kit, [
        "--data", str(runs / "train.jsonl"), "--init-from", str(runs / "base"), "--device", device,
        "--batch-size", str(t.batch_size), "--lr", str(t.lr), "--max-length", str(t.max_length),
        "--ckpt-every", str(t.ckpt_every), "--dev-file", str(kit / "dev.jsonl"), "--seed", str(t.seed),
    ], t.minutes, plan.grace_minutes)
    if pack_run(teacher, ready, "teacher", int8=True) is None:
        _status(kit, stage="failed", error="the teacher saved no weights: see teacher/train.log")
        return
    _status(kit, stage="label")
    label_file(teacher / "best", runs / "train.jsonl", runs / "train-labelled.jsonl", device=device,
               batch_size=plan.label_batch, max_length=t.max_length, log=lambda s: None)
    pack_logits(runs / "train-labelled.jsonl", ready)
    _status(kit, stage="wait-students")
    deadline = time.time() + 15 * 60
    while missing(json.loads((kit / "received.json").read_text()), "students"):
        if time.time() > deadline:
            _status(kit, stage="failed", error="the students' part never arrived")
            return
        time.sleep(5)
    unpack_weights(kit / "init-default", runs / "init-default")
    if (kit / "init-fast").is_dir():
        unpack_weights(kit / "init-fast", runs / "init-fast", fill_from=runs / "init-default")
    _status(kit, stage="students", students_started=time.time(),
            students_minutes=max(s.minutes for s in plan.students))
    # Side by side: a 4- or 6-layer model leaves most of a large GPU idle.
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(len(plan.students)) as pool:
        futures = {s.name: pool.submit(_train, f"student-{s.name}", runs, kit,
                                       _student_args(s, runs, kit, device), s.minutes, plan.grace_minutes)
                   for s in plan.students}
        empty = [name for name, fut in futures.items()
                 if pack_run(fut.result(), ready, f"student-{name}", int8=False) is None]
    _status(kit, stage="done", finished=time.time(),
            **({"error": f"no weights from student {', '.join(empty)}: see its train.log"} if empty else {}))


def _start(kit: Path, runs: Path, device: str) -> None:
    _status(kit, stage="starting", job_started=time.time())  # before the job writes its own
    cmd = [sys.executable, "-m", "toulmin.training.kit.job", str(kit), str(runs), device]
    # A process session of its own: the device ends a call's processes when it returns,
    # all but those (its README), so the job runs on between calls.
    with open(kit / "job.log", "ab") as log:
        subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                         env=os.environ.copy())


def _unsent(kit: Path) -> list[Path]:
    sent = set(json.loads((kit / "sent.json").read_text())) if (kit / "sent.json").is_file() else set()
    ready = kit / "ready"
    files = sorted(p for d in sorted(ready.iterdir()) if d.is_dir() and not d.name.startswith(".")
                   for p in d.iterdir()) if ready.is_dir() else []
    return [p for p in files if p.relative_to(ready).as_posix() not in sent]


def _send(kit: Path, out: Path, files: list[Path]) -> list[str]:
    """As many of ``files`` as one call may bring back, moved under ``out``."""
    picked: list[Path] = []
    size = 0.0
    for f in files:
        mb = f.stat().st_size / 2**20
        if len(picked) < MAX_FILES and size + mb <= CALL_MB:
            picked.append(f)
            size += mb
    names = []
    for f in picked:
        rel = f.relative_to(kit / "ready").as_posix()
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(f, out / rel)
        names.append(rel)
    sent_file = kit / "sent.json"
    sent = json.loads(sent_file.read_text()) if sent_file.is_file() else []
    sent_file.write_text(json.dumps(sent + names) + "\n")
    return names


def gpu_call(carried: Path, kit: Path, runs: Path, out: Path, device: str, wait_minutes: float,
             stop: bool = False, log: Any = print) -> dict[str, Any]:
    """One device call: take in the parts it carried, start the job when it can, then wait
    for finished weights and hand back as many as the call may (or stop at ``wait_minutes``).
    A call that brought a part does not wait: the next call brings the rest, or waits."""
    out.mkdir(parents=True, exist_ok=True)
    before = kit / "received.json"
    had = len(json.loads(before.read_text()).get("received", [])) if before.is_file() else 0
    state = receive(carried, kit)
    brought = len(state.get("received", [])) > had if state else False
    if not state:
        log("no kit here: send the parts (scripts/gpu_kit.py pack prints the calls)")
        return {"stage": "empty"}
    if stop:
        for f in runs.glob("*/train.log"):
            (kit / f"stop-{f.parent.name}").touch()
    status = _read_status(kit)
    if not status:
        need = missing(state, "teacher")
        if need:
            log(f"received {len(state['received'])} of {len(state['files'])} files; send "
                f"part{'s' if len(need) > 1 else ''} {', '.join(map(str, need))} before the job can start")
            return {"stage": "receiving", "missing": need}
        _start(kit, runs, device)
    later = missing(state, "students")
    if later:
        # A call that waited here would hold back the part the job needs next, and each
        # idle minute is device time: the next call carries it at once.
        log(f"the job runs; send part{'s' if len(later) > 1 else ''} {', '.join(map(str, later))} now")
        wait_minutes = 0.0
    elif brought:
        # The call that brings the last part returns at once too: waiting in it would hold
        # the device tool's call open for minutes (its own limit) with nothing to bring
        # back yet. The next call waits. (The first GPU session's fourth call was cut off
        # at its 180-second limit waiting here.)
        log("every part is in; the job runs: call again to wait for its weights")
        wait_minutes = 0.0
    t0 = time.time()
    sent: list[str] = []
    while True:
        status = _read_status(kit) or {"stage": "starting"}  # the job may not have written yet
        files = _unsent(kit)
        over = time.time() - t0 > wait_minutes * 60
        full = sum(f.stat().st_size for f in files) / 2**20 >= CALL_MB or len(files) >= MAX_FILES
        if files and (full or over or status["stage"] in ("done", "failed")):
            sent = _send(kit, out, files)
            break
        if over or status["stage"] in ("done", "failed"):
            break
        time.sleep(2)
    left = [p.relative_to(kit / "ready").as_posix() for p in _unsent(kit)]
    status = _read_status(kit) or {"stage": "starting"}
    (out / "status.json").write_text(json.dumps({**status, "sent": sent, "left": left}) + "\n")
    log(f"stage {status['stage']}; sent {len(sent)} files ({', '.join(sent) or 'none'}); "
        f"{len(left)} ready and not yet sent")
    if status["stage"] == "failed":
        log("job failed: " + status.get("error", "") + "\n" + _tail(kit / "job.log"))
    for f in sorted(runs.glob("*/train.log")):
        log(f"--- {f.parent.name}: " + _tail(f, 3))
    return {**status, "sent": sent, "left": left}


def _tail(path: Path, n: int = 20) -> str:
    if not path.is_file():
        return ""
    lines = [x for x in path.read_text(errors="replace").splitlines() if "Writing model shards" not in x]
    return "\n".join(lines[-n:])


if __name__ == "__main__":
    _kit = Path(sys.argv[1])
    try:
        run_job(_kit, Path(sys.argv[2]), sys.argv[3])
    except BaseException as e:
        # the calls that follow read the stage; the traceback goes to job.log
        _status(_kit, stage="failed", error=f"{type(e).__name__}: {e}")
        raise
