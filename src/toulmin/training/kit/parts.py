"""Cut a kit into parts that fit one device call each, and take them in on the other side.

A kit is a staging folder. Every file is needed by one stage of the GPU job: ``setup``
(the wheels, installed before anything imports toulmin), ``teacher`` (base weights,
training and development pairs, the plan) or ``students`` (their start weights). Parts
are filled in that order, and the students' files start a part of their own, so the job
can start as soon as the teacher's files are in and the students' weights travel during
the teacher's run. Every part carries the manifest
of the whole kit (path, SHA-256, size, stage, part): the receiver checks each file and
knows what it still waits for. (``scripts/gpu_kit.sh`` installs the carried wheels before
any of this runs: toulmin imports pydantic, which the GPU image lacks.)
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

from ..export import file_sha256

__all__ = ["STAGES", "manifest", "missing", "receive", "split_parts"]

STAGES = ("setup", "teacher", "students")
_STAGE_OF = {"whl": "setup", "init-default": "students", "init-fast": "students"}


def _stage(rel: str) -> str:
    return _STAGE_OF.get(rel.split("/", 1)[0], "teacher")


def manifest(staging: Path) -> list[dict[str, Any]]:
    files = [p for p in sorted(staging.rglob("*")) if p.is_file()]
    rows: list[dict[str, Any]] = []
    for p in files:
        rel = p.relative_to(staging).as_posix()
        rows.append({"path": rel, "size": p.stat().st_size, "sha256": file_sha256(p), "stage": _stage(rel)})
    rows.sort(key=lambda r: (STAGES.index(r["stage"]), r["path"]))
    return rows


def split_parts(staging: Path, out: Path, part_mb: float) -> list[Path]:
    """``out/part-1``, ``out/part-2``, ...: each at most ``part_mb`` MiB (a file larger than
    that is an error: weights are packed in shards well under it)."""
    rows = manifest(staging)
    limit = part_mb * 2**20
    too_big = [r["path"] for r in rows if r["size"] > limit]
    if too_big:
        raise ValueError(f"{too_big[0]} is over the part size of {part_mb} MiB: pack it in smaller shards")
    # The wheels go first (the shell installs them before anything else runs); the teacher's
    # files fill parts largest first (fewer calls before the job can start); the students'
    # files start parts of their own, which travel while the teacher trains.
    bins: list[int] = []

    def place(group: list[dict[str, Any]], first: int) -> None:
        for r in sorted(group, key=lambda r: -r["size"]):
            k = next((i for i in range(first, len(bins)) if bins[i] + r["size"] <= limit), None)
            if k is None:
                bins.append(0)
                k = len(bins) - 1
            bins[k] += r["size"]
            r["part"] = k + 1

    place([r for r in rows if r["stage"] == "setup"], 0)
    place([r for r in rows if r["stage"] == "teacher"], 0)
    place([r for r in rows if r["stage"] == "students"], len(bins))
    part = len(bins)
    kit_id = hashlib.sha256(json.dumps([(r["path"], r["sha256"]) for r in rows]).encode()).hexdigest()[:12]
    shutil.rmtree(out, ignore_errors=True)
    dirs = []
    for k in range(1, part + 1):
        d = out / f"part-{k}"
        d.mkdir(parents=True)
        for r in rows:
            if r["part"] == k:
                (d / r["path"]).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(staging / r["path"], d / r["path"])
        (d / "part.json").write_text(json.dumps({"kit": kit_id, "part": k, "parts": part, "files": rows},
                                                indent=1) + "\n")
        dirs.append(d)
    return dirs


def receive(carried: Path, kit: Path) -> dict[str, Any]:
    """Take every part under ``carried`` into ``kit``, checking each file against the manifest.

    A part of another kit than the one ``kit`` holds starts ``kit`` afresh (a new pack
    sent to a machine that still holds an old one). Returns the manifest state:
    ``{"kit", "files", "received"}``."""
    kit.mkdir(parents=True, exist_ok=True)
    state_file = kit / "received.json"
    state: dict[str, Any] = json.loads(state_file.read_text()) if state_file.is_file() else {}
    for part_json in sorted(carried.glob("part-*/part.json")):
        info = json.loads(part_json.read_text())
        if state.get("kit") != info["kit"]:
            for child in kit.iterdir():
                if child.is_dir():
                    shutil.rmtree(child)
                else:
                    child.unlink()
            state = {"kit": info["kit"], "files": info["files"], "received": []}
        for r in info["files"]:
            if r["part"] != info["part"] or r["path"] in state["received"]:
                continue
            src = part_json.parent / r["path"]
            if not src.is_file() or file_sha256(src) != r["sha256"]:
                raise ValueError(f"part {info['part']}: {r['path']} is missing or does not match its "
                                 "SHA-256; send the part again")
            (kit / r["path"]).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, kit / r["path"])
            state["received"].append(r["path"])
    if state:
        state_file.write_text(json.dumps(state) + "\n")
    return state


def missing(state: dict[str, Any], stage: str) -> list[int]:
    """The parts still to come before ``stage`` (and every stage before it) can run."""
    upto = STAGES.index(stage)
    got = set(state.get("received", []))
    return sorted({r["part"] for r in state.get("files", [])
                   if STAGES.index(r["stage"]) <= upto and r["path"] not in got})
