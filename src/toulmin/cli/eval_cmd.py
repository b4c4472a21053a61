"""``toulmin eval pairs``: accuracy and calibration of the checker on labelled pairs."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence

import click
from tqdm import tqdm

from ..classify.pairs import PairScore
from ..datasets import Pair
from ..evaluate import evaluate_pairs, load_pairs
from . import handle_errors
from .options import checker_options, engine_options, pair_scores, resolve

__all__ = ["eval_group"]


@click.group("eval")
def eval_group() -> None:
    """Evaluate toulmin on labelled data."""


@eval_group.command("pairs")
@click.argument("spec")
@click.option("--limit", type=int, default=None, help="Only the first N rows.")
@click.option("--json", "as_json", is_flag=True, help="Print the metrics as JSON.")
@checker_options
@engine_options
@handle_errors
def pairs(spec: str, limit: int | None, as_json: bool, config_path: str | None, model: str | None,
          backend: str | None, threshold: float | None, window_words: int | None,
          batch_size: int | None, checks: bool | None, engine: str, actors: int | None,
          address: str | None) -> None:
    """Evaluate on FILE (JSONL with doc, claim, label) or a named slice such as wice-dev.

    Prints balanced accuracy at the checker's threshold, 3-way accuracy where the
    data has three labels, and expected calibration error (10 bins)."""
    cfg, checker, win = resolve(config_path, model, backend, threshold, window_words, batch_size, checks)
    data = load_pairs(spec)[:limit]

    def scorer(part: Sequence[Pair]) -> Iterator[PairScore]:
        rows = [{"id": p.id, "doc": p.doc, "claim": p.claim} for p in part]
        yield from pair_scores(rows, cfg, checker, win, engine, actors, address)

    with tqdm(total=len(data), unit="pair", disable=None, file=sys.stderr) as bar:
        res = evaluate_pairs(checker, data, win, progress=bar.update, scorer=scorer)
    res = {k: v for k, v in res.items() if not k.startswith("_")}
    res["data"] = spec
    res["model"] = f"{checker.name} {checker.version}"
    res["checks"] = win.checks
    if as_json:
        click.echo(json.dumps(res, indent=2))
        return
    def line(label: str, value: str) -> None:
        # "recall, not supported" is the longest label: every value starts in one column
        click.echo(f"{label:<23}{value}")

    line("data", f"{spec} ({res['rows']} rows, {len(res['errors'])} errors)")
    line("model", f"{res['model']} (threshold {res['threshold']}, checks "
                  f"{'on' if win.checks else 'off: the model alone'})")
    line("balanced accuracy", f"{res['balanced_accuracy']:.2f}")
    if "accuracy_3way" in res:
        line("3-way accuracy", f"{res['accuracy_3way']:.2f}")
    for name in ("supported", "not_supported"):
        if f"recall_{name}" in res:
            line("recall, " + name.replace("_", " "),
                 f"{res[f'recall_{name}']:.2f}  (mean P(supported) {res[f'mean_prob_{name}']:.3f})")
    line("ECE (10 bins)", f"{res['ece']:.4f}")
    line("time", f"{res['seconds']:.1f}s for {res['pairs_scored']} model pairs")
    for e in res["errors"][:5]:
        line("error", f"{e['id']}: [{e['code']}] {e['message']}")
