"""Fine-tune a cross-encoder checker (needs the ``train`` extra: torch, transformers).

Three-way head (entailment, neutral, contradiction). Rows labelled only
``not_entailment`` (binary data) train ``log(p_neutral + p_contradiction)``,
so binary and three-way data share one head without inventing labels.
Time-budgeted: after warm-up the learning rate decays linearly with the elapsed
share of ``max_minutes`` (or of the epoch, whichever is further), and the run
stops when the budget is spent, however busy the CPU is. Checkpoints are
written every ``ckpt_every`` steps and the best by development score is kept.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..datasets import Pair, load_slice
from ..errors import InputError
from ..metrics import balanced_accuracy
from .chunks import select_chunk
from .prefetch import prefetch

__all__ = ["LABELS", "TrainConfig", "dev_pairs", "dev_scores", "encode_pairs", "label_loss",
           "partial_distill_loss", "train", "usable_length"]

LABELS = ["entailment", "neutral", "contradiction"]
_LABEL_ID = {"entailment": 0, "neutral": 1, "contradiction": 2, "not_entailment": -1}


@dataclass
class TrainConfig:
    base: str
    out_dir: str
    train_file: str
    seed: int = 13
    lr: float = 6e-5
    batch_size: int = 16
    max_length: int = 256
    epochs: float = 1.0
    warmup_frac: float = 0.06
    max_minutes: float = 70.0
    ckpt_every: int = 600
    threads: int = 2
    bf16: bool = True
    dev_rows: int = 150
    init_from: str | None = None
    # "cpu" or "cuda"; on a GPU bf16 autocast runs there and the result is not bit-identical to CPU.
    device: str = "cpu"
    # JSONL of {group, doc, claim, label} rows to choose checkpoints by (default: the public dev slices).
    dev_file: str | None = None
    # Keep the word embeddings as they are (they are most of a small encoder's weights).
    freeze_embeddings: bool = False
    # Distillation: keep only these encoder layers of the start weights and learn
    # from ``teacher``'s probabilities as well as from the labels.
    layers: list[int] | None = None
    teacher: str | None = None
    distill_alpha: float = 0.5
    distill_temperature: float = 2.0
    # Batches tokenised ahead on a background thread (0: each when its step comes).
    prefetch: int = 4
    # When this file appears, the run scores a last checkpoint and ends (an operator's
    # early stop that still keeps the best weights so far).
    stop_file: str | None = None
    # Some rows carry teacher_logits and some do not (a checker continued on new pairs
    # while it keeps its own outputs on a replay of its old ones: the replay rows carry its
    # logits, the new rows learn from their labels alone).
    partial_teacher: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


def dev_pairs(rows: int = 150) -> dict[str, list[Pair]]:
    """Small development sets, document-level and out of the training slices."""
    out = {}
    for task in ("dialogue", "summarization", "qa"):
        ps = load_slice(f"halueval-{task}-dev")[: 2 * rows]
        out[task] = [Pair(p.id, select_chunk(p.doc, p.claim), p.claim, p.label, p.source) for p in ps]
    out["vitaminc"] = load_slice("vitaminc-dev")[: 2 * rows]
    return out


def read_dev_file(path: str) -> dict[str, list[Pair]]:
    """Development pairs grouped by their ``group`` field (see ``write_dev_file``).

    Rows are read like ``toulmin eval pairs`` files, so a bad row is an ``InputError``
    that names its line."""
    from ..evaluate import read_labelled_pairs

    out: dict[str, list[Pair]] = {}
    for p, r in zip(read_labelled_pairs(Path(path)), _rows(path), strict=True):
        out.setdefault(str(r.get("group", "dev")), []).append(p)
    return out


def write_dev_file(dev: dict[str, list[Pair]], path: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for group, ps in dev.items():
            for p in ps:
                f.write(json.dumps({"group": group, **p.to_json()}, ensure_ascii=False) + "\n")


def _rows(path: str) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _read_pairs(path: str, partial: bool = False) -> tuple[list[Pair], dict[Pair, list[float]]]:
    """The training pairs, and the teacher logits rows carry (``toulmin.training.distil``):
    all rows or none unless ``partial``, so a student never learns half its pairs from a
    teacher by accident."""
    pairs: list[Pair] = []
    soft: dict[Pair, list[float]] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            p = Pair(str(r.get("id", len(pairs))), r["doc"], r["claim"], r["label"], r.get("source", "user"))
            pairs.append(p)
            if "teacher_logits" in r:
                soft[p] = [float(x) for x in r["teacher_logits"]]
    if soft and len(soft) < len(set(pairs)) and not partial:
        raise InputError("E_BAD_ROW", f"{path}: {len(soft)} of {len(pairs)} rows carry teacher_logits",
                         fix="label every row with the teacher (toulmin.training.distil.label_file) "
                             "or none")
    return pairs, soft


def _batches(pairs: Sequence[Pair], bs: int, rng: random.Random) -> list[list[Pair]]:
    # Length-grouped batching: sort within mega-batches so padding stays small.
    idx = list(range(len(pairs)))
    rng.shuffle(idx)
    out: list[list[Pair]] = []
    mega = bs * 50
    for k in range(0, len(idx), mega):
        chunk = sorted(idx[k : k + mega], key=lambda i: len(pairs[i].doc) + len(pairs[i].claim))
        out.extend([[pairs[i] for i in chunk[j : j + bs]] for j in range(0, len(chunk), bs)])
    rng.shuffle(out)
    return out


def encode_pairs(tokenizer: Any, batch: Sequence[Pair], max_length: int) -> Any:
    """A batch as torch tensors, claim first; longest_first cuts the source unless the claim
    alone is over half the budget."""
    return tokenizer([p.claim for p in batch], [p.doc for p in batch], truncation="longest_first",
                     max_length=max_length, padding=True, return_tensors="pt")


def usable_length(model: Any, wanted: int) -> int:
    """``wanted`` tokens, or fewer where the base has fewer positions (a longer pair would
    fail). RoBERTa-style encoders (MPNet among them) number positions from the padding id + 1."""
    positions = int(getattr(model.config, "max_position_embeddings", wanted))
    if model.config.model_type in ("mpnet", "roberta", "xlm-roberta", "camembert"):
        positions -= int(model.config.pad_token_id or 0) + 1
    return min(wanted, positions)


def label_loss(logits: Any, labels: Any, reduce: bool = True) -> Any:
    """Cross-entropy on the three labels (per row unless ``reduce``); a ``not_entailment``
    row (label id -1) trains ``log(P(neutral) + P(contradiction))``."""
    import torch

    logp = torch.log_softmax(logits.float(), dim=-1)
    three = labels >= 0
    not_ent = torch.logsumexp(logp[:, 1:], dim=-1)
    picked = torch.where(three, logp.gather(1, labels.clamp(min=0)[:, None])[:, 0], not_ent)
    return -picked.mean() if reduce else -picked


def partial_distill_loss(logits: Any, labels: Any, stored: Sequence[list[float] | None], alpha: float,
                         temperature: float) -> Any:
    """Per row, ``alpha`` * KL(stored logits || logits) at ``temperature`` (scaled by T^2)
    + (1 - ``alpha``) * the label loss where the row carries stored logits, the label loss
    alone where it does not (None); their mean."""
    import torch

    t = temperature
    ce = label_loss(logits, labels, reduce=False)
    has = torch.tensor([s is not None for s in stored], device=logits.device)
    target = torch.softmax(torch.tensor([s or [0.0, 0.0, 0.0] for s in stored], device=logits.device) / t, -1)
    logp = torch.log_softmax(logits.float() / t, -1)
    kl = (target * (torch.log(target.clamp(min=1e-12)) - logp)).sum(-1) * t * t
    return torch.where(has, alpha * kl + (1 - alpha) * ce, ce).mean()


def dev_scores(model: Any, encode: Any, dev: dict[str, list[Pair]]) -> dict[str, float]:
    """Balanced accuracy at P(entailment) >= 0.5 on each development group (VitaminC's
    3-way accuracy too), and their mean as ``score``; ``encode`` tokenises a batch of
    pairs onto the model's device. The model is left in training mode."""
    import torch

    model.eval()
    res: dict[str, float] = {}
    with torch.inference_mode():
        for name, ps in dev.items():
            probs = []
            for k in range(0, len(ps), 32):
                enc = encode(ps[k : k + 32])
                probs.extend(torch.softmax(model(**enc).logits.float(), -1).tolist())
            res[name] = balanced_accuracy([p.supported for p in ps], [pr[0] >= 0.5 for pr in probs])
            if name == "vitaminc":
                res["vitaminc_3way"] = sum(
                    LABELS[max(range(3), key=lambda j: pr[j])] == p.label for p, pr in zip(ps, probs)
                ) / len(ps)
    model.train()
    res["score"] = sum(res.values()) / len(res)
    return res


def _keep_layers(model: Any, layers: list[int]) -> None:
    import torch

    stack = model.base_model.encoder.layer
    bad = [i for i in layers if not 0 <= i < len(stack)]
    if bad or not layers or len(set(layers)) != len(layers):
        raise InputError("E_BAD_OPTION", f"layers {layers} do not name distinct layers of a "
                         f"{len(stack)}-layer encoder", fix=f"give indices from 0 to {len(stack) - 1}")
    model.base_model.encoder.layer = torch.nn.ModuleList([stack[i] for i in layers])
    model.config.num_hidden_layers = len(layers)


def train(cfg: TrainConfig, log: Any = print) -> dict[str, Any]:
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    torch.manual_seed(cfg.seed)
    torch.set_num_threads(cfg.threads)
    rng = random.Random(cfg.seed)
    out = Path(cfg.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    src = cfg.init_from or cfg.base
    tok = AutoTokenizer.from_pretrained(src)
    model = AutoModelForSequenceClassification.from_pretrained(
        src, num_labels=3, id2label=dict(enumerate(LABELS)),
        label2id={k: i for i, k in enumerate(LABELS)}, ignore_mismatched_sizes=True,
    )
    # Saved with the weights, so a run folder loaded as an hf checker reads the pair in
    # the order it was trained on (the ONNX export's checker.json says the same).
    model.config.pair_order = "claim_first"
    if cfg.layers is not None:
        _keep_layers(model, cfg.layers)
    if cfg.freeze_embeddings:
        model.base_model.embeddings.word_embeddings.weight.requires_grad_(False)
    if cfg.device.startswith("cuda") and not torch.cuda.is_available():
        raise InputError("E_BAD_OPTION", f"device {cfg.device!r} asked for, but torch {torch.__version__} "
                         "sees no CUDA GPU", fix="use --device cpu, or install a CUDA build of torch "
                         "on a machine with a GPU")
    device = torch.device(cfg.device)
    model.to(device)
    teacher = None
    if cfg.teacher:
        teacher = AutoModelForSequenceClassification.from_pretrained(cfg.teacher).to(device).eval()
    max_len = usable_length(model, cfg.max_length)
    cfg.max_length = max_len  # the summary records the length the run used
    pairs, soft = _read_pairs(cfg.train_file, cfg.partial_teacher)
    if soft and teacher is not None:
        raise InputError("E_BAD_OPTION", "the training rows carry teacher logits and a teacher was given too",
                         fix="drop --teacher, or train on rows without teacher_logits")
    if soft:
        cfg.extra["teacher_logits"] = (f"{sum(p in soft for p in pairs)} of {len(pairs)} rows"
                                       if cfg.partial_teacher else f"{len(pairs)} rows")
    try:
        dev = read_dev_file(cfg.dev_file) if cfg.dev_file else dev_pairs(cfg.dev_rows)
    except InputError as e:
        if cfg.dev_file:
            raise  # a bad development file is the user's to fix, not a reason to hold out pairs
        # A user adapting the checker to their own pairs may not have the public
        # data: keep every 10th of their pairs out of training and choose by those.
        if len(pairs) < 10:
            raise InputError(
                "E_DATA_MISSING", f"{e.message}, and {len(pairs)} training pairs are too few to "
                "hold some out for development", fix=f"{e.fix}, or give at least 10 pairs") from e
        dev = {"held_out": pairs[::10]}
        pairs = [p for i, p in enumerate(pairs) if i % 10]
        log(f"public development data not found ({e.message}); holding out every 10th "
            f"training pair ({len(dev['held_out'])}) as the development set")
    # Each further epoch is shuffled afresh; a fractional last epoch is cut short.
    n_epochs = max(1, math.ceil(cfg.epochs))
    batches = [b for _ in range(n_epochs) for b in _batches(pairs, cfg.batch_size, rng)]
    total = int(len(batches) / n_epochs * cfg.epochs)
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=cfg.lr,
                            weight_decay=0.01)

    # The prefetch thread gets a tokenizer of its own: a fast tokenizer's truncation and
    # padding settings are state, which two threads must not share.
    tok_ahead = AutoTokenizer.from_pretrained(src) if cfg.prefetch > 0 else tok

    def tokenise(batch: Sequence[Pair], tokenizer: Any = tok_ahead) -> Any:
        return encode_pairs(tokenizer, batch, max_len)

    def encode(batch: Sequence[Pair]) -> Any:
        return tokenise(batch, tok).to(device)

    def distill(logits: Any, batch_enc: Any, batch: Sequence[Pair]) -> Any:
        # Soft targets at a temperature, scaled by T^2 so the gradient size matches the hard loss.
        # A teacher of another vocabulary (the kit's larger base) cannot read this batch's
        # tokens: its logits come with the rows instead, computed once before training.
        t = cfg.distill_temperature
        if teacher is not None:
            with torch.no_grad(), torch.autocast(device.type, dtype=torch.bfloat16, enabled=cfg.bf16):
                stored = teacher(**batch_enc).logits.float()
        else:
            stored = torch.tensor([soft[p] for p in batch], device=device)
        target = torch.softmax(stored / t, -1)
        logp = torch.log_softmax(logits.float() / t, -1)
        return torch.nn.functional.kl_div(logp, target, reduction="batchmean") * t * t

    def partly_distilled(logits: Any, labels: Any, batch: Sequence[Pair]) -> Any:
        return partial_distill_loss(logits, labels, [soft.get(p) for p in batch], cfg.distill_alpha,
                                    cfg.distill_temperature)

    def evaluate() -> dict[str, float]:
        return dev_scores(model, encode, dev)

    budget_s = cfg.max_minutes * 60
    warm = max(1, int(cfg.warmup_frac * min(total, 2000)))

    def lr_at(step: int, elapsed: float) -> float:
        # Decay by elapsed time, not steps: the CPU may be shared, and the run
        # must end on time with the learning rate annealed whatever its speed.
        if step < warm:
            return cfg.lr * (step + 1) / warm
        frac = max(elapsed / budget_s, step / total)
        return cfg.lr * max(0.02, 1.0 - frac)

    best: dict[str, Any] = {"score": -1.0}
    history: list[dict[str, Any]] = []

    def checkpoint(step: int) -> None:
        """Score on dev; keep the weights if they beat every earlier score."""
        nonlocal best
        res: dict[str, Any] = evaluate()
        res["step"] = step
        history.append(res)
        log("dev " + json.dumps({k: round(v, 4) for k, v in res.items()}))
        if res["score"] > best["score"]:
            best = res
            model.save_pretrained(out / "best")
            tok.save_pretrained(out / "best")
        if step:
            # the latest weights too, overwritten each time: a run that never beats its
            # start can still be measured on data the development score does not cover
            model.save_pretrained(out / "last")
            tok.save_pretrained(out / "last")
        (out / "history.json").write_text(json.dumps(history, indent=1))

    if cfg.init_from:
        checkpoint(0)  # continued training must beat where it started, or the start is kept
    start = time.time()
    model.train()
    step = 0
    seen = 0  # the last batch may be short: count pairs, not steps x batch size
    ahead = prefetch(batches[:total], tokenise, cfg.prefetch)
    try:
        for step, (batch, tokens) in enumerate(ahead):
            seen += len(batch)
            elapsed = time.time() - start
            stop = cfg.stop_file is not None and Path(cfg.stop_file).exists()
            last = step + 1 >= total or elapsed >= budget_s or stop
            for g in opt.param_groups:
                g["lr"] = lr_at(step, elapsed)
            enc = tokens.to(device)
            labels = torch.tensor([_LABEL_ID[p.label] for p in batch], device=device)
            with torch.autocast(device.type, dtype=torch.bfloat16, enabled=cfg.bf16):
                logits = model(**enc).logits
            loss = label_loss(logits, labels)
            if cfg.partial_teacher and soft:
                loss = partly_distilled(logits, labels, batch)
            elif teacher is not None or soft:
                loss = cfg.distill_alpha * distill(logits, enc, batch) + (1 - cfg.distill_alpha) * loss
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            opt.zero_grad()
            if step % 50 == 0:
                log(f"step {step} loss {loss.item():.4f} lr {lr_at(step, elapsed):.2e} t {elapsed:.0f}s "
                    f"{(step + 1) * cfg.batch_size / max(elapsed, 1e-9):.1f} pairs/s")
            if (step + 1) % cfg.ckpt_every == 0 or last:
                checkpoint(step + 1)
            if last:
                break
    finally:
        ahead.close()  # stops the tokenising thread, also when the budget or an error ends the run
    summary = {"config": asdict(cfg), "steps": step + 1, "pairs_seen": seen,
               "stopped_early": bool(cfg.stop_file and Path(cfg.stop_file).exists()),
               "minutes": (time.time() - start) / 60, "best": best, "history": history}
    (out / "train_summary.json").write_text(json.dumps(summary, indent=1))
    return summary

