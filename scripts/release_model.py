"""Build the shipped checker from a training run and install it into the package.

    python scripts/release_model.py RUN_DIR --version 1.0.0 [--fp32]

RUN_DIR is a `toulmin train` output folder (holding best/ and train_summary.json).
Exports ONNX, quantises to int8 (unless --fp32), fits temperature and threshold on
development slices only, writes the model card and copies model.onnx,
tokenizer.json, checker.json and MODEL_CARD.md into src/toulmin/models/checker/.
The card's test table is filled from benchmarks/results/accuracy.json when present.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections import Counter
from pathlib import Path

from toulmin.training.export import install_into_package
from toulmin.training.package import build_package_model, write_model_card

PKG = Path(__file__).resolve().parents[1] / "src/toulmin/models/checker"
FILES = ["model.onnx", "tokenizer.json", "checker.json", "MODEL_CARD.md"]


def recipe_counts(train_file: Path) -> dict[str, int]:
    counts: Counter[str] = Counter()
    with open(train_file, encoding="utf-8") as f:
        for line in f:
            counts[json.loads(line).get("source", "user")] += 1
    return dict(counts)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("run_dir", type=Path)
    ap.add_argument("--version", required=True)
    ap.add_argument("--fp32", action="store_true")
    ap.add_argument("--card-only", action="store_true", help="Rewrite the card of the built model.")
    a = ap.parse_args()
    out = a.run_dir / "onnx"
    summary = json.loads((a.run_dir / "train_summary.json").read_text())
    if not a.card_only:
        meta = build_package_model(a.run_dir / "best", out, summary, version=a.version,
                                   quantise=not a.fp32)
        print(json.dumps(meta, indent=2))
    results_file = Path("benchmarks/results/accuracy.json")
    results = None
    if results_file.is_file():
        saved = json.loads(results_file.read_text())
        built = json.loads((out / "checker.json").read_text())
        # Only numbers measured on this very model go into its card.
        if saved["model"] == f"{built['name']} {built['version']}":
            results = saved["results"]
    train_file = Path(summary["config"]["train_file"])
    sha = hashlib.sha256(train_file.read_bytes()).hexdigest()[:16]
    write_model_card(out, recipe_counts(train_file), results, sha)
    install_into_package(out, PKG, FILES)
    print(f"installed into {PKG}")


if __name__ == "__main__":
    main()
