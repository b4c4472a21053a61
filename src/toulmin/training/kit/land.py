"""The CPU side after a GPU run: unpack, export, calibrate, measure, gate, install.

Every candidate the GPU sent back (``teacher``, ``student-default``, ``student-fast``) is
rebuilt from its shards (the frozen word embeddings come from the kit it started from),
exported to int8 ONNX the way the checker it would replace is, calibrated on the
development slices only, and measured against the shipped checker in the same session.
A student replaces its bundled checker only through ``gate.release_gate``; the teacher
becomes the opt-in ``accurate`` checker only through ``gate.accurate_gate``. Held-out
numbers (``benchmarks/accuracy.py``) are measured and reported, never gated on; so is
what each does on conversations (issue 32: ``benchmarks/dialogsum.py --slice``, faithful
DialogSum dev summaries flagged and edited ones caught), beside the shipped default.
"""

from __future__ import annotations

import json
import lzma
import shutil
import subprocess
import sys
import tarfile
from collections import Counter
from pathlib import Path
from typing import Any

from ..distil import row_line
from .gate import GateResult, accurate_gate, release_gate
from .plan import KitPlan

__all__ = ["CANDIDATES", "collect", "dialogsum_dev", "land", "land_cpu", "write_labelled"]

# candidate -> the bundled checker it is measured against and would replace
CANDIDATES = {"student-default": "default", "student-fast": "fast", "teacher": "accurate"}
CARD_FILES = ["model.onnx", "tokenizer.json", "checker.json", "MODEL_CARD.md"]
_BENCHMARKS = Path(__file__).resolve().parents[4] / "benchmarks"


def dialogsum_dev() -> Path | None:
    """Issue 32's development slice (evaluation and development only: never trained on),
    where ``benchmarks/dialogsum.py`` reads it; None when the public data is not here."""
    from ...datasets import data_dir
    from ...errors import InputError

    try:
        path = data_dir() / "dialogsum" / "dialogsum.dev.jsonl.gz"
    except InputError:
        return None
    return path if path.is_file() else None


def collect(sources: list[Path], incoming: Path) -> list[str]:
    """Merge the folders the device calls brought back (``files_at``) into ``incoming``."""
    got = []
    for src in sources:
        for f in sorted(src.rglob("*")):
            if f.is_file() and f.name != "status.json":
                rel = f.relative_to(src)
                (incoming / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(f, incoming / rel)
                got.append(rel.as_posix())
    return got


def _unpack(incoming: Path, name: str, work: Path, fill_from: Path) -> Path:
    from ..shards import unpack_weights

    src = incoming / name
    run = work / name
    pack = run / "pack"
    shutil.rmtree(run, ignore_errors=True)
    pack.mkdir(parents=True)
    with tarfile.open(src / "meta.tgz") as tar:
        tar.extractall(pack, filter="data")
    for shard in src.glob("weights-*.safetensors"):
        shutil.copyfile(shard, pack / shard.name)
    packed = json.loads((pack / "packed.json").read_text())
    if len(list(pack.glob("weights-*.safetensors"))) != packed["shards"]:
        raise ValueError(f"{name}: {packed['shards']} shards packed, "
                         f"{len(list(pack.glob('weights-*.safetensors')))} arrived; fetch the rest")
    unpack_weights(pack, run / "best", fill_from=fill_from)
    for rec in ("train_summary.json", "history.json", "train.log"):
        if (pack / rec).is_file():
            shutil.copyfile(pack / rec, run / rec)
    return run


def _stage(run: Path, plan: KitPlan, train_file: Path, init_from: str | None, command: str) -> dict[str, Any]:
    from ..export import file_sha16
    from ..package import training_stage

    summary = json.loads((run / "train_summary.json").read_text())
    with open(train_file, encoding="utf-8") as f:
        counts = Counter(json.loads(line).get("source", "user") for line in f)
    return training_stage(summary, recipe=plan.recipe, pairs=dict(counts), sha=file_sha16(train_file),
                          command=command, init_from=init_from)


ORIGIN = "origin.json"


def write_origin(staging: Path, checker_dir: Path) -> dict[str, Any]:
    """Record in ``staging`` which shipped checker the teacher starts from (``pack
    --from-shipped``), for the landed card's lineage. Written after the parts are cut: it
    does not travel."""
    meta = json.loads((checker_dir / "checker.json").read_text())
    origin = {"label": f"{meta['name']} {meta['version']}", "stages": meta.get("stages", [])}
    (staging / ORIGIN).write_text(json.dumps(origin, indent=1) + "\n")
    return origin


def _origin(staging: Path) -> dict[str, Any]:
    path = staging / ORIGIN
    got: dict[str, Any] = json.loads(path.read_text()) if path.is_file() else {}
    return got


def _shipped_accurate_dev(dev_limit: int | None) -> dict[str, float] | None:
    """The installed accurate checker's development numbers, from its checker.json (measured
    by the same calibration when it landed; deterministic), or None where none is installed
    or they were read on another number of rows."""
    from ...checker.onnx import shipped_model_dir
    from ...errors import ModelError

    try:
        meta = json.loads((shipped_model_dir("accurate") / "checker.json").read_text())
    except ModelError:
        return None
    if meta.get("dev_rows_per_slice") != dev_limit:
        return None
    per_slice: dict[str, float] = meta["dev"]["per_slice"]
    return per_slice


def _quantization_of(checker_dir: Path) -> str:
    from ..export import QUANTIZATIONS

    label = json.loads((checker_dir / "checker.json").read_text())["quantization"]
    return next(k for k, v in QUANTIZATIONS.items() if v == label)


def _next_version() -> str:
    """One minor version past every bundled checker's, so no two releases share a number."""
    from ...checker.onnx import BUNDLED, shipped_model_dir

    versions = [tuple(int(x) for x in json.loads((shipped_model_dir(b) / "checker.json").read_text())
                      ["version"].split(".")) for b in BUNDLED]
    major, minor, *_ = max(versions)
    return f"{major}.{minor + 1}.0"


def _next_accurate_version(accurate_root: Path | None) -> str:
    """One minor version past the accurate package's in ``accurate_root`` (default: the
    repository's ``packages/checker-accurate``); 1.0.0 where there is none yet. (1.0.0 was
    the first GPU run's teacher, never released: 1.1.0 the first released.)"""
    from .accurate import ACCURATE_ROOT

    root = accurate_root or ACCURATE_ROOT
    metas = list(root.glob("src/*/model/checker.json")) if root.is_dir() else []
    if not metas:
        return "1.0.0"
    major, minor, *_ = (int(x) for x in json.loads(metas[0].read_text())["version"].split("."))
    return f"{major}.{minor + 1}.0"


def write_labelled(train_file: Path, logits_dir: Path, out: Path) -> int:
    """The training file with the teacher's logits (``job.pack_logits``) in every row, as
    ``distil.label_file`` writes it; refuses logits of another file (a count that differs)."""
    import numpy as np

    logits = np.load(logits_dir / "logits.npy").astype(np.float32)
    lines = [x for x in train_file.read_text(encoding="utf-8").splitlines() if x.strip()]
    if len(lines) != len(logits):
        raise ValueError(f"{len(logits)} rows of teacher logits for {len(lines)} training pairs in "
                         f"{train_file}: they come from another training file")
    with open(out, "w", encoding="utf-8") as f:
        for line, row in zip(lines, logits.tolist()):
            f.write(row_line(json.loads(line), row))
    return len(lines)


def land(staging: Path, incoming: Path, work: Path, *, dev_limit: int | None = None,
         accuracy_limit: int | None = None, accuracy: bool = True, install: bool = False,
         models_root: Path | None = None, accurate_root: Path | None = None,
         conversations: int = 0, log: Any = print) -> dict[str, Any]:
    """Build, measure and gate every candidate in ``incoming``; install those that pass when
    ``install``; with ``conversations``, measure each and the shipped default on the first
    that many DialogSum dev dialogues. Returns the table written to ``work/land.json``."""
    from ...checker.onnx import OnnxChecker, shipped_model_dir
    from ..calibrate import fit_threshold
    from ..export import int8_weights_changed
    from ..package import build_package_model
    from ..shards import unpack_weights

    plan = KitPlan.load(staging / "plan.json")
    work.mkdir(parents=True, exist_ok=True)
    train_file = work / "train.jsonl"
    with lzma.open(staging / "train.jsonl.xz") as src, open(train_file, "wb") as dst:
        shutil.copyfileobj(src, dst)
    if (incoming / "teacher-logits" / "logits.npy").is_file():
        n = write_labelled(train_file, incoming / "teacher-logits", work / "train-labelled.jsonl")
        log(f"the teacher's logits for {n} training pairs -> {work / 'train-labelled.jsonl'} "
            "(toulmin train --data it --distill-alpha 0.7: students on the CPU)")
    present = [c for c in CANDIDATES if (incoming / c / "meta.tgz").is_file()]
    if not present:
        raise ValueError(f"nothing to land in {incoming}: no candidate's meta.tgz arrived")
    starts: dict[str, Path] = {}
    if "teacher" in present:
        starts["teacher"] = unpack_weights(staging / "base", work / "start-base")
    starts["student-default"] = unpack_weights(staging / "init-default", work / "start-default")
    if (staging / "init-fast").is_dir():
        starts["student-fast"] = unpack_weights(staging / "init-fast", work / "start-fast",
                                                fill_from=starts["student-default"])
    shipped_dev: dict[str, dict[str, float]] = {}
    table: dict[str, Any] = {"dev_rows_per_slice": dev_limit, "candidates": {}}
    for bundle in ("default", "fast"):
        _, detail = fit_threshold(OnnxChecker(shipped_model_dir(bundle)), limit=dev_limit)
        shipped_dev[bundle] = detail["per_slice"]
        table[f"shipped_{bundle}"] = detail
        log(f"shipped {bundle}: development {detail}")
    talk = conversations if conversations and dialogsum_dev() is not None else 0
    if conversations and not talk:
        log("DialogSum dev (../shared/data/dialogsum) is not here: conversations not measured")
    if talk:
        table["shipped_default_conversations"] = _conversations(shipped_model_dir("default"),
                                                                work / "conversations-shipped.json", talk)
    for name in present:
        bundle = CANDIDATES[name]
        run = _unpack(incoming, name, work, starts[name])
        summary = json.loads((run / "train_summary.json").read_text())
        if name == "teacher":
            # a teacher packed --from-shipped continues the accurate checker: its card keeps
            # that checker's stages before this run's
            origin = _origin(staging)
            stages = [*origin.get("stages", []), _stage(run, plan, train_file, origin.get("label"),
                                                        "scripts/gpu_kit.py (GPU job: teacher)")]
            # 4-bit weights: the 12-layer teacher is 110.9 MB as int8-smooth-emb8, over the
            # 100 MB a committed model may take; 80.1 MB so, at development mean 90.13 against
            # 90.22 (docs/gpu-kit.md)
            quant, version = "int4-emb8", _next_accurate_version(accurate_root)
        else:
            ref = shipped_model_dir(bundle)
            meta_ref = json.loads((ref / "checker.json").read_text())
            stages = [*meta_ref.get("stages", []),
                      _stage(run, plan, train_file, f"{meta_ref['name']} {meta_ref['version']}",
                             f"scripts/gpu_kit.py (GPU job: student-{bundle}, distilled from the teacher)")]
            quant, version = _quantization_of(ref), _next_version()
        meta = build_package_model(run / "best", run / "onnx", summary, version=version, recipe=plan.recipe,
                                   quantization=quant, stages=stages, dev_limit=dev_limit)
        meta["bundle"] = bundle
        from ..export import write_checker_json

        write_checker_json(run / "onnx", meta)
        mb = (run / "onnx" / "model.onnx").stat().st_size / 1e6
        dev = meta["dev"]["per_slice"]
        gate: GateResult = (
            accurate_gate(dev, shipped_dev["default"], mb, _shipped_accurate_dev(dev_limit))
            if name == "teacher" else release_gate(dev, shipped_dev[bundle]))
        held = _accuracy(run / "onnx", run / "accuracy.json", accuracy_limit) if accuracy else None
        from ..package import write_model_card

        write_model_card(run / "onnx", held)
        talked = _conversations(run / "onnx", run / "conversations.json", talk) if talk else None
        # a student starts on its shipped checker's 8-bit grid: how much of it moved
        changed = None if name == "teacher" else int8_weights_changed(
            shipped_model_dir(bundle) / "model.onnx", run / "onnx" / "model.onnx")
        table["candidates"][name] = {"version": version, "quantization": quant, "onnx_mb": round(mb, 1),
                                     "dev": meta["dev"], "threshold": meta["threshold"],
                                     "gate": gate.line(), "passed": gate.passed, "held_out": held,
                                     "conversations": talked, "int8_weights_changed_pct": changed,
                                     "steps": summary["steps"], "minutes": round(summary["minutes"], 1),
                                     "stopped_early": summary.get("stopped_early", False)}
        log(f"{name} {version}: {gate.line()}")
        if gate.passed and install:
            _install(run / "onnx", bundle, models_root, accurate_root, log)
    (work / "land.json").write_text(json.dumps(table, indent=1) + "\n")
    return table


def _benchmark(script: str, args: list[str], model: Path, out: Path,
               env: dict[str, str] | None = None) -> dict[str, Any]:
    """``benchmarks/SCRIPT ARGS --out OUT`` in a process of its own; its JSON."""
    cmd = [sys.executable, str(_BENCHMARKS / script), *args, "--out", str(out)]
    res = subprocess.run(cmd, capture_output=True, text=True, check=False, env=env)
    if res.returncode != 0:
        raise RuntimeError(f"benchmarks/{script} failed on {model}:\n{res.stderr[-2000:]}")
    got: dict[str, Any] = json.loads(out.read_text())
    return got


def _accuracy(model: Path, out: Path, limit: int | None) -> dict[str, Any]:
    """benchmarks/accuracy.py on the candidate (model alone, its own threshold)."""
    args = ["--model", str(model)] + (["--limit", str(limit)] if limit else [])
    results: dict[str, Any] = _benchmark("accuracy.py", args, model, out)["results"]
    return results


def _conversations(model: Path, out: Path, dialogues: int) -> dict[str, Any]:
    """benchmarks/dialogsum.py --slice with ``model`` as the checker: faithful summaries of
    conversations reported not grounded, their claims CONTRADICTED, edited ones caught."""
    import os

    return _benchmark("dialogsum.py", ["--slice", "--dialogues", str(dialogues)], model, out,
                      env={**os.environ, "TOULMIN_CHECKER__MODEL": str(model)})


def _install(onnx_dir: Path, bundle: str, models_root: Path | None, accurate_root: Path | None,
             log: Any) -> None:
    from ...checker.onnx import BUNDLED
    from ..export import install_into_package

    if bundle == "accurate":
        from .accurate import add_extra, write_accurate_package

        dest = write_accurate_package(onnx_dir, accurate_root)
        if accurate_root is None:
            add_extra(json.loads((onnx_dir / "checker.json").read_text())["version"])
    else:
        root = models_root or Path(__file__).resolve().parents[2] / "models"
        dest = root / BUNDLED[bundle]
        install_into_package(onnx_dir, dest, CARD_FILES)
    log(f"installed {bundle} into {dest}")


def land_cpu(run: Path, bundle: str, work: Path, *, command: str, recipe: str,
             install: bool = False, accuracy: bool = True, hard_rows: int = 300,
             dev_limit: int | None = None, models_root: Path | None = None,
             quantization: str | None = None, log: Any = print) -> dict[str, Any]:
    """A shipped checker continued on the CPU (``toulmin train --init-from`` its weights,
    ``run`` the run folder) through the same gate as a GPU student: exported as the checker
    it would replace is, calibrated on the development slices, gated against the shipped
    checker measured here and now; with the hard-negative development slices of both
    (``toulmin.training.hard``) measured beside it, and held-out numbers reported, never
    gated on. Installs when it passes and ``install``; returns the table written to
    ``land-cpu.json`` beside the export. ``dev_limit``: the first rows of each development slice
    only (the rehearsal; a release reads them all). ``quantization``: another export than
    the shipped checker's (``int8-ffn-fp32-pc``: the same, per channel)."""
    from ...checker.onnx import OnnxChecker, shipped_model_dir
    from ...classify.pairs import WindowConfig
    from ...evaluate import evaluate_pairs
    from ..calibrate import fit_threshold
    from ..export import file_sha16, int8_weights_changed, write_checker_json
    from ..hard import dev_slices
    from ..package import build_package_model, training_stage, write_model_card

    work.mkdir(parents=True, exist_ok=True)
    ref = shipped_model_dir(bundle)
    meta_ref = json.loads((ref / "checker.json").read_text())
    summary = json.loads((run / "train_summary.json").read_text())
    with open(run / "train.jsonl", encoding="utf-8") as f:
        counts = Counter(json.loads(line).get("source", "user") for line in f)
    stage = training_stage(summary, recipe=recipe, pairs=dict(counts), sha=file_sha16(run / "train.jsonl"),
                           command=command, init_from=f"{meta_ref['name']} {meta_ref['version']} "
                                                      f"({meta_ref['onnx_sha256_16']})")
    quant, version = quantization or _quantization_of(ref), _next_version()
    out = work / f"onnx-{bundle}" if quantization is None else work / f"onnx-{bundle}-{quantization}"
    meta = build_package_model(run / "best", out, summary, version=version, recipe=recipe, quantization=quant,
                               stages=[*meta_ref.get("stages", []), stage], dev_limit=dev_limit)
    meta["bundle"] = bundle
    write_checker_json(out, meta)
    _, shipped = fit_threshold(OnnxChecker(ref), limit=dev_limit)
    gate = release_gate(meta["dev"]["per_slice"], shipped["per_slice"])
    hard: dict[str, dict[str, float]] = {"shipped": {}, "candidate": {}}
    slices = dev_slices(hard_rows)
    for who, folder in (("shipped", ref), ("candidate", out)):
        checker = OnnxChecker(folder)
        for name, pairs in slices.items():
            hard[who][name] = evaluate_pairs(checker, pairs, WindowConfig())["balanced_accuracy"]
    held = _accuracy(out, work / f"accuracy-{bundle}.json", None) if accuracy else None
    write_model_card(out, held)
    table = {"bundle": bundle, "version": version, "quantization": quant, "run": str(run),
             "shipped": {"version": meta_ref["version"], **shipped}, "dev": meta["dev"],
             "threshold": meta["threshold"], "gate": gate.line(), "passed": gate.passed,
             "hard_negatives": hard, "held_out": held,
             "int8_weights_changed_pct": int8_weights_changed(ref / "model.onnx", out / "model.onnx"),
             "steps": summary["steps"], "pairs_seen": summary["pairs_seen"],
             "minutes": round(summary["minutes"], 1)}
    log(f"{bundle} {version}: {gate.line()}")
    if gate.passed and install:
        _install(out, bundle, models_root, None, log)
    (out / "land-cpu.json").write_text(json.dumps(table, indent=1) + "\n")
    return table
