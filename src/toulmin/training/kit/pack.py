"""Everything the GPU job needs, prepared on the CPU (``scripts/gpu_kit.py pack``).

The staging folder holds:

- ``base/``: the teacher's start, the base cross-encoder as int8 shards (a scale per 64 values);
- ``init-default/``, ``init-fast/``: the shipped checkers' weights rebuilt from their ONNX
  graphs as fp16 shards, the students' starts (the fast one without its word embeddings,
  which are the default's: it was distilled with them frozen);
- ``train.jsonl.xz``: the recipe's pairs; ``dev.jsonl``: the development pairs the runs
  choose checkpoints by;
- ``whl/``: the wheels the GPU image lacks (pydantic and its needs, for CPython 3.12);
- ``plan.json``: the stages and their minutes (``plan.KitPlan``).

``parts.split_parts`` then cuts it into the parts the device calls carry.
"""

from __future__ import annotations

import lzma
import shutil
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path
from typing import Any

from .plan import KitPlan

__all__ = ["GPU_WHEELS", "build_staging", "download_wheels", "shipped_weights"]

# toulmin imports these; the GPU image (Python 3.12) has the rest of what training needs.
GPU_WHEELS = ("pydantic", "pydantic-core", "annotated-types", "typing-inspection")
_PLATFORMS = ("manylinux_2_28_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64")


def download_wheels(dest: Path, cache: Path) -> list[Path]:
    """The ``GPU_WHEELS`` at the versions installed here, for CPython 3.12 on x86-64 Linux."""
    dest.mkdir(parents=True, exist_ok=True)
    cache.mkdir(parents=True, exist_ok=True)
    for name in GPU_WHEELS:
        req = f"{name}=={metadata.version(name)}"
        stem = name.replace("-", "_")
        if not any(cache.glob(f"{stem}-{metadata.version(name)}-*.whl")):
            cmd = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
                   "--python-version", "3.12", "--implementation", "cp", "-d", str(cache), req]
            for p in _PLATFORMS:
                cmd += ["--platform", p]
            subprocess.run(cmd, check=True, capture_output=True, text=True)
        for whl in cache.glob(f"{stem}-{metadata.version(name)}-*.whl"):
            shutil.copy2(whl, dest / whl.name)
    return sorted(dest.glob("*.whl"))


def shipped_weights(bundle: str, out: Path) -> Path:
    import json

    from ...checker.onnx import shipped_model_dir
    from ..from_onnx import hf_from_onnx

    src = shipped_model_dir(bundle)
    heads = int(json.loads((src / "checker.json").read_text()).get("num_heads", 12))
    hf_from_onnx(src, out, num_heads=heads)
    return out


def build_staging(staging: Path, plan: KitPlan, base_dir: Path, *, rows: int | None = None,
                  dev_rows: int = 150, wheels: bool = True, cache: Path = Path(".cache"),
                  starts: dict[str, Path] | None = None, pairs: list[Any] | None = None,
                  log: Any = print) -> Path:
    """Fill ``staging`` (emptied first). ``base_dir``: the base cross-encoder
    (``bases.make_cross_encoder``); ``rows``: keep only the first rows of the recipe
    (the rehearsal); ``starts``: the students' start folders by bundle name instead of
    the shipped checkers, and ``pairs`` instead of the recipe's (tests, with tiny models)."""
    from ..recipe import RECIPES, build_training_pairs, write_jsonl
    from ..shards import pack_weights
    from ..train import dev_pairs, write_dev_file

    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    pack_weights(base_dir, staging / "base", shard_mb=15.0, int8=True)
    log(f"base {base_dir} -> {staging / 'base'} (int8, a scale per 64 values)")
    with tempfile.TemporaryDirectory() as tmp:
        given = starts or {}
        default = given.get("default") or shipped_weights("default", Path(tmp) / "default")
        pack_weights(default, staging / "init-default", shard_mb=15.0)
        if any(s.name == "fast" for s in plan.students):
            fast = given.get("fast") or shipped_weights("fast", Path(tmp) / "fast")
            pack_weights(fast, staging / "init-fast", skip=["word_embeddings"], shard_mb=15.0)
    log("students' starts: the shipped default and fast checkers, rebuilt from their ONNX graphs")
    if pairs is None:
        pairs = build_training_pairs(plan.recipe_seed, RECIPES[plan.recipe])[:rows]
    with tempfile.TemporaryDirectory() as tmp:
        plain = Path(tmp) / "train.jsonl"
        n = write_jsonl(pairs, plain)
        with open(plain, "rb") as src, lzma.open(staging / "train.jsonl.xz", "wb", preset=9) as dst:
            shutil.copyfileobj(src, dst)
    log(f"{n} training pairs ({plan.recipe}, seed {plan.recipe_seed}) -> train.jsonl.xz")
    write_dev_file(dev_pairs(dev_rows), str(staging / "dev.jsonl"))
    if wheels:
        got = download_wheels(staging / "whl", cache / "gpu-wheels")
        log(f"wheels: {', '.join(w.name for w in got)}")
    plan.save(staging / "plan.json")
    return staging
