"""Build the shipped checker from a training run and install it into the package.

    python scripts/release_model.py RUN_DIR --version 1.1.0 [--quantization int8-ffn-fp32]
    python scripts/release_model.py RUN_DIR --version 1.1.0 --from-checker src/toulmin/models/checker
    python scripts/release_model.py RUN_DIR --version 1.2.0 --continued-from OLD_CHECKER_DIR

RUN_DIR is a `toulmin train` output folder (holding best/ and train_summary.json).
Exports ONNX, quantises (by default as shipped: int8, feed-forward outputs fp32),
fits temperature and threshold on development slices only, writes the model card and copies model.onnx,
tokenizer.json, checker.json and MODEL_CARD.md into src/toulmin/models/checker/.
The card's test table is filled from benchmarks/results/accuracy.json when present.

--from-checker DIR first rebuilds RUN_DIR from an exported checker's weights (the
torch checkpoint of a release may be gone): RUN_DIR/best from the ONNX graph,
train_summary.json and the recipe table from DIR's checker.json and card. 1.1.0 was
made this way from 1.0.0: same weights, new export and quantisation.

--continued-from DIR says RUN_DIR was trained with `toulmin train --init-from` the
weights of the checker in DIR: the card then lists DIR's training stages before
this run's, so the lineage of the weights stays complete. --after RUN::RECIPE::COMMAND
(repeatable) adds runs in between: 1.3.0 is a student distilled from a GPU run that
continued 1.2.0.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from toulmin.checker.onnx import BUNDLED, shipped_model_dir
from toulmin.training.export import file_sha16, install_into_package, write_checker_json
from toulmin.training.package import (
    QUANTIZATIONS,
    SHIPPED_QUANTIZATION,
    build_package_model,
    training_stage,
    write_model_card,
)

FILES = ["model.onnx", "tokenizer.json", "checker.json", "MODEL_CARD.md"]


def recipe_counts(train_file: Path) -> dict[str, int]:
    counts: Counter[str] = Counter()
    with open(train_file, encoding="utf-8") as f:
        for line in f:
            counts[json.loads(line).get("source", "user")] += 1
    return dict(counts)


def card_recipe_counts(card: str) -> dict[str, int]:
    """The "| source | pairs |" table of a model card's text."""
    text = card.split("## Training data", 1)[1].split("\n## ", 1)[0]
    return {m[1]: int(m[2]) for m in re.finditer(r"^\| (\w+) \| (\d+) \|$", text, re.M)}


V1_COMMAND = "toulmin train --data recipe --seed 13 --max-minutes 68 --out runs/v1 --no-export"


def stages_of(checker: Path) -> list[dict[str, Any]]:
    """The training stages behind a released checker (read from a pre-1.2 card if need be)."""
    meta = json.loads((checker / "checker.json").read_text())
    if "stages" in meta:
        return list(meta["stages"])
    card = (checker / "MODEL_CARD.md").read_text()
    sha = re.search(r"SHA-256 \(first 16 hex\): (\w+)", card)
    t = meta["training"]
    summary = {"config": t, "steps": t["steps"], "pairs_seen": t["pairs_seen"], "minutes": t["minutes"]}
    return [training_stage(summary, recipe=meta.get("recipe", "recipe"), pairs=card_recipe_counts(card),
                           sha=sha[1] if sha else "", command=V1_COMMAND)]


def rebuild_run(checker: Path, run_dir: Path) -> None:
    from toulmin.training.from_onnx import hf_from_onnx

    meta = json.loads((checker / "checker.json").read_text())
    hf_from_onnx(checker, run_dir / "best", num_heads=int(meta.get("num_heads", 12)))
    t = meta["training"]
    summary = {
        "config": {**{k: t[k] for k in ("seed", "lr", "batch_size", "max_length", "epochs",
                                         "warmup_frac")}, "train_file": None},
        "steps": t["steps"], "pairs_seen": t["pairs_seen"], "minutes": t["minutes"],
        "weights_from": f"{meta['name']} {meta['version']} ({meta['onnx_sha256_16']})",
        "stages": stages_of(checker),
    }
    (run_dir / "train_summary.json").write_text(json.dumps(summary, indent=2) + "\n")


def run_stages(summary: dict[str, Any], a: argparse.Namespace) -> list[dict[str, Any]]:
    if "stages" in summary:
        return list(summary["stages"])
    stages = stages_of(a.continued_from) if a.continued_from else []
    init_from = None
    if a.continued_from:
        m = json.loads((a.continued_from / "checker.json").read_text())
        init_from = f"{m['name']} {m['version']} ({m['onnx_sha256_16']})"
    extra = summary["config"].get("extra") or {}
    runs = [_after(x) for x in a.after or []]
    runs.append((a.run_dir, a.recipe or extra.get("data", "recipe"),
                 a.command or extra.get("command", V1_COMMAND)))
    for run, recipe, command in runs:
        s = summary if run == a.run_dir else json.loads((run / "train_summary.json").read_text())
        # A run made elsewhere (the GPU machine) names a training file there: a copy sits in the run.
        train_file = run / "train.jsonl"
        if not train_file.is_file():
            train_file = Path(s["config"]["train_file"])
        stages.append(training_stage(s, recipe=recipe, pairs=recipe_counts(train_file),
                                     sha=file_sha16(train_file), command=command, init_from=init_from))
        init_from = f"stage {len(stages)}"
    return stages


def _after(spec: str) -> tuple[Path, str, str]:
    """RUN_DIR::RECIPE::COMMAND of a run between --continued-from and RUN_DIR."""
    parts = spec.split("::", 2)
    if len(parts) != 3:
        raise SystemExit(f"--after {spec!r}: give RUN_DIR::RECIPE::COMMAND")
    return Path(parts[0]), parts[1], parts[2]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("run_dir", type=Path)
    ap.add_argument("--version", required=True)
    ap.add_argument("--quantization", choices=list(QUANTIZATIONS), default=SHIPPED_QUANTIZATION)
    ap.add_argument("--from-checker", type=Path, help="Rebuild RUN_DIR from this checker first.")
    ap.add_argument("--continued-from", type=Path,
                    help="The checker whose weights RUN_DIR was trained from (--init-from).")
    ap.add_argument("--after", action="append",
                    help="RUN_DIR::RECIPE::COMMAND of a run between --continued-from and RUN_DIR "
                         "(the teacher a student was distilled from, say); repeat in order.")
    ap.add_argument("--recipe", help="The run's data (default: as recorded by toulmin train).")
    ap.add_argument("--command", help="The command that trained the run (default: as recorded).")
    ap.add_argument("--card-only", action="store_true", help="Rewrite the card of the built model.")
    ap.add_argument("--results", type=Path, default=Path("benchmarks/results/accuracy.json"),
                    help="benchmarks/accuracy.py output whose held-out numbers go into the card "
                         "(used only if it names this very model).")
    ap.add_argument("--bundle", choices=list(BUNDLED), default="default",
                    help="Which shipped checker this is: 'default', or 'fast' (checker.model: fast).")
    a = ap.parse_args()
    out = a.run_dir / "onnx"
    if a.from_checker:
        rebuild_run(a.from_checker, a.run_dir)
    summary = json.loads((a.run_dir / "train_summary.json").read_text())
    stages = run_stages(summary, a)
    if not a.card_only:
        meta = build_package_model(a.run_dir / "best", out, summary, version=a.version,
                                   quantization=a.quantization, stages=stages,
                                   recipe=stages[-1]["recipe"])
        print(json.dumps(meta, indent=2))
    built = json.loads((out / "checker.json").read_text())
    built["stages"] = stages
    built["bundle"] = a.bundle
    write_checker_json(out, built)
    results_file = a.results
    results = None
    if results_file.is_file():
        saved = json.loads(results_file.read_text())
        built = json.loads((out / "checker.json").read_text())
        # Only numbers measured on this very model, alone (no checks overruling it), go into its card.
        if saved["model"] == f"{built['name']} {built['version']}" and not saved.get("checks"):
            results = saved["results"]
    write_model_card(out, results, weights_from=summary.get("weights_from"))
    pkg = shipped_model_dir(a.bundle)
    install_into_package(out, pkg, FILES)
    print(f"installed into {pkg}")


if __name__ == "__main__":
    main()
