"""The whole kit on the CPU, a local folder standing in for the GPU machine.

Pack (a small slice of the recipe, a few steps per stage), send the parts one call at a
time into a copy of the working tree made the way the device tool makes it (tracked and
untracked-not-ignored files), run ``scripts/gpu_kit.sh`` there with ``DEVICE=cpu`` at
every call exactly as the device would, collect each call's ``$OUT``, then land: unpack,
export, calibrate, gate, and install into folders of the rehearsal's own. A rehearsal
proves the chain, not the models: its numbers come from seconds of training.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from .land import collect, land
from .pack import build_staging
from .parts import split_parts
from .plan import KitPlan, StudentPlan, TeacherPlan

__all__ = ["rehearsal_plan", "rehearse", "send_and_run"]

ROOT = Path(__file__).resolve().parents[4]


def rehearsal_plan(minutes: float = 0.3) -> KitPlan:
    """Seconds per stage. The students read 256 tokens, as shipped: a student that keeps its
    start (a continued run keeps it unless a checkpoint beats it) must then land with the
    shipped checker's development numbers, which checks the whole round trip."""
    return KitPlan(
        teacher=TeacherPlan(minutes=minutes, batch_size=8, max_length=128, ckpt_every=10),
        students=[StudentPlan("default", minutes=minutes, batch_size=8, ckpt_every=10),
                  StudentPlan("fast", minutes=minutes, batch_size=8, ckpt_every=10)],
        label_batch=32, grace_minutes=0.5)


def _device_copy(dest: Path) -> None:
    """The files a device call sends: tracked, and untracked but not ignored."""
    out = subprocess.run(["git", "ls-files", "-z", "-co", "--exclude-standard"], cwd=ROOT,
                         capture_output=True, check=True).stdout.decode()
    shutil.rmtree(dest, ignore_errors=True)
    for rel in filter(None, out.split("\0")):
        src = ROOT / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)


def send_and_run(parts: list[Path], root: Path, *, wait_minutes: float, max_calls: int = 30,
                 log: Any = print) -> list[Path]:
    """One "device call" per part, then calls without parts until the job is done and every
    file is back; returns each call's ``$OUT``."""
    device = root / "device"
    _device_copy(device)
    env = {**os.environ, "DEVICE": "cpu", "KIT": str(root / "gpu-kit"), "RUNS": str(root / "gpu-runs"),
           "SITE": str(root / "gpu-site"), "WAIT_MIN": str(wait_minutes), "GPU_DIR": ".gpu"}
    outs: list[Path] = []
    for call in range(max_calls):
        if call < len(parts):
            shutil.copytree(parts[call], device / ".gpu" / parts[call].name)
        out = root / f"out-{call + 1}"
        shutil.rmtree(out, ignore_errors=True)
        res = subprocess.run(["bash", "scripts/gpu_kit.sh"], cwd=device, env={**env, "OUT": str(out)},
                             capture_output=True, text=True, check=False)
        log(f"call {call + 1}: rc {res.returncode}\n{res.stdout.strip()}")
        if res.returncode != 0:
            raise RuntimeError(f"call {call + 1} failed:\n{res.stdout}\n{res.stderr}")
        outs.append(out)
        status_file = out / "status.json"
        status = json.loads(status_file.read_text()) if status_file.is_file() else {}
        if status.get("stage") == "failed":
            raise RuntimeError(f"the job failed: {status.get('error')}\n{res.stdout}")
        if call >= len(parts) - 1 and status.get("stage") == "done" and not status.get("left"):
            return outs
    raise RuntimeError(f"the job was not done after {max_calls} calls")


def rehearse(root: Path, *, base_dir: Path, rows: int = 240, dev_rows: int = 10, part_mb: float = 60.0,
             plan: KitPlan | None = None, starts: dict[str, Path] | None = None, wheels: bool = True,
             pairs: list[Any] | None = None, dev_limit: int = 20, accuracy_limit: int | None = 20,
             log: Any = print) -> dict[str, Any]:
    """Pack, send, train, land; returns the land table (also in ``root/land/land.json``)."""
    plan = plan or rehearsal_plan()
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    staging = build_staging(root / "staging", plan, base_dir, rows=rows, dev_rows=dev_rows, wheels=wheels,
                            cache=ROOT / ".cache", starts=starts, pairs=pairs, log=log)
    parts = split_parts(staging, root / "parts", part_mb)
    log(f"{len(parts)} parts")
    outs = send_and_run(parts, root, wait_minutes=0.5, log=log)
    collect(outs, root / "incoming")
    return land(staging, root / "incoming", root / "land", dev_limit=dev_limit,
                accuracy=accuracy_limit is not None, accuracy_limit=accuracy_limit, install=True,
                models_root=root / "installed", accurate_root=root / "accurate",
                conversations=2 if accuracy_limit is not None else 0, log=log)
