"""The opt-in ``accurate`` checker as a package of its own, built from the repository.

PyPI takes at most 100 MB per file and toulmin's own wheel already holds two checkers,
so a 12-layer checker (about 110 MB as int8 ONNX) ships the way spaCy ships its
pipelines: ``toulmin-checker-accurate``, a wheel holding only the model folder, which
``pip install 'toulmin[accurate]'`` brings once it is published. ``checker.model:
accurate`` finds it by its import name.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

__all__ = ["ACCURATE_DIST", "ACCURATE_MODULE", "ACCURATE_ROOT", "add_extra", "write_accurate_package"]

ACCURATE_DIST = "toulmin-checker-accurate"
# where the repository keeps the package's project (``write_accurate_package``'s default)
ACCURATE_ROOT = Path(__file__).resolve().parents[4] / "packages" / "checker-accurate"
ACCURATE_MODULE = "toulmin_checker_accurate"
_FILES = ["model.onnx", "tokenizer.json", "checker.json", "MODEL_CARD.md"]


def write_accurate_package(onnx_dir: Path, root: Path | None = None) -> Path:
    """``root`` (default ``packages/checker-accurate`` in the repository) as a buildable
    project whose wheel holds ``onnx_dir``'s checker; returns ``root``."""
    root = root or ACCURATE_ROOT
    meta = json.loads((onnx_dir / "checker.json").read_text())
    pkg = root / "src" / ACCURATE_MODULE
    model = pkg / "model"
    shutil.rmtree(model, ignore_errors=True)
    model.mkdir(parents=True)
    for f in _FILES:
        shutil.copy2(onnx_dir / f, model / f)
    (pkg / "__init__.py").write_text(
        f'"""{meta["name"]} {meta["version"]}: the opt-in accurate checker of toulmin (model/)."""\n\n'
        "from pathlib import Path\n\n"
        f'__version__ = "{meta["version"]}"\n'
        'MODEL_DIR = Path(__file__).parent / "model"\n')
    (root / "pyproject.toml").write_text(f"""[build-system]
requires = ["hatchling>=1.21"]
build-backend = "hatchling.build"

[project]
name = "{ACCURATE_DIST}"
version = "{meta['version']}"
description = "toulmin's opt-in accurate claim checker ({meta['name']}, int8 ONNX)"
readme = "src/{ACCURATE_MODULE}/model/MODEL_CARD.md"
requires-python = ">=3.11"
license = {{ text = "Apache-2.0" }}

[tool.hatch.build.targets.wheel]
packages = ["src/{ACCURATE_MODULE}"]
""")
    return root


def add_extra(version: str, pyproject: Path | None = None) -> bool:
    """Give toulmin's ``pyproject.toml`` the ``accurate`` extra (once); True if it was added."""
    path = pyproject or Path(__file__).resolve().parents[4] / "pyproject.toml"
    text = path.read_text()
    if "\naccurate = [" in text:
        return False
    anchor = "[project.optional-dependencies]\n"
    if anchor not in text:
        raise ValueError(f"{path} has no [project.optional-dependencies] table")
    line = ("# the 12-layer checker, a package of its own (PyPI's 100 MB per file): "
            f'checker.model: accurate\naccurate = ["{ACCURATE_DIST}=={version}"]\n')
    path.write_text(text.replace(anchor, anchor + line, 1))
    return True
