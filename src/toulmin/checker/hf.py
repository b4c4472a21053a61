"""Any Hugging Face sequence-classification NLI / fact-checking model as a checker.

Loaded by hub name or local path (needs the ``hf`` extra: torch and
transformers). The model's own labels are mapped onto toulmin's three with
``label_map`` (toulmin label -> model label); binary models that only have a
"supported" label leave neutral/contradiction to share the rest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import ConfigError, DependencyError, ModelError
from .base import LABELS

__all__ = ["HFChecker", "guess_label_map"]

_SYNONYMS = {
    "entailment": ("entailment", "entail", "supported", "supports", "support", "consistent", "yes"),
    "neutral": ("neutral", "not enough info", "nei", "not_enough_info", "unverifiable"),
    "contradiction": ("contradiction", "contradict", "refutes", "refuted", "inconsistent", "no"),
}


def guess_label_map(id2label: Mapping[int, str]) -> dict[str, str]:
    found: dict[str, str] = {}
    for name in id2label.values():
        low = name.lower().strip()
        for ours, syns in _SYNONYMS.items():
            if low in syns:
                found[ours] = name
    if "entailment" not in found:
        raise ConfigError(
            "E_LABEL_MAP", f"cannot tell which of the model's labels {sorted(id2label.values())} "
            "means entailment",
            fix="set checker.label_map, e.g. {entailment: LABEL_0, neutral: LABEL_1, contradiction: LABEL_2}",
        )
    return found


class HFChecker:
    def __init__(self, model: str, *, label_map: Mapping[str, str] | None = None,
                 threshold: float = 0.5, premise_first: bool | None = None, max_length: int = 512,
                 batch_size: int = 16, device: str = "cpu"):
        try:
            import torch
            from transformers import AutoModelForSequenceClassification, AutoTokenizer
        except ImportError as e:
            raise DependencyError(
                "E_EXTRA_MISSING", f"loading a Hugging Face checker needs torch and transformers ({e})",
                fix="pip install 'toulmin[hf]'",
            ) from e
        looks_local = model.startswith((".", "/", "~")) or model.count("/") > 1  # a hub name: ns/repo
        if looks_local and not Path(model).expanduser().is_dir():
            # a path, not a hub name: say so, not the hub client's "Repo id must be in the form"
            raise ModelError("E_MODEL_MISSING", f"no model folder at {model}",
                             fix="give the folder that holds config.json and the weights "
                                 "(a run's best/ or last/), or a hub name")
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(model)
            self.model = AutoModelForSequenceClassification.from_pretrained(model).eval().to(device)
        except OSError as e:
            raise ModelError(
                "E_MODEL_LOAD", f"could not load Hugging Face model {model!r}: {e}",
                fix="give a local folder with config.json and weights, or a hub name with network access",
            ) from e
        self._torch = torch
        id2label = {int(k): str(v) for k, v in self.model.config.id2label.items()}
        lm = dict(label_map) if label_map else guess_label_map(id2label)
        unknown = set(lm) - set(LABELS)
        if unknown:
            raise ConfigError("E_LABEL_MAP", f"unknown toulmin labels {sorted(unknown)} in label_map",
                              fix=f"use keys from {list(LABELS)}")
        label2id = {v: k for k, v in id2label.items()}
        missing = [v for v in lm.values() if v not in label2id]
        if missing:
            raise ConfigError("E_LABEL_MAP", f"model has no label(s) {missing}",
                              fix=f"the model's labels are {sorted(label2id)}")
        self._idx = {ours: label2id[theirs] for ours, theirs in lm.items()}
        self.name = model
        self.version = str(getattr(self.model.config, "_commit_hash", None) or "local")
        self.threshold = threshold
        # NLI models on the hub read (premise, hypothesis); toulmin's own runs read the claim
        # first and say so in their config.json ("pair_order").
        if premise_first is None:
            premise_first = getattr(self.model.config, "pair_order", "premise_first") != "claim_first"
        self.premise_first = premise_first
        self.max_length = max_length
        self.batch_size = batch_size
        self.device = device

    def predict(self, claims: Sequence[str], spans: Sequence[str]) -> np.ndarray:
        torch = self._torch
        out = np.zeros((len(claims), 3))
        for k in range(0, len(claims), self.batch_size):
            a, b = list(claims[k : k + self.batch_size]), list(spans[k : k + self.batch_size])
            first, second = (b, a) if self.premise_first else (a, b)
            enc = self.tokenizer(first, second, truncation=True, max_length=self.max_length,
                                 padding=True, return_tensors="pt").to(self.device)
            with torch.inference_mode():
                p = torch.softmax(self.model(**enc).logits.float(), -1).cpu().numpy()
            for j, lab in enumerate(LABELS):
                if lab in self._idx:
                    out[k : k + len(a), j] = p[:, self._idx[lab]]
            # Probability mass on labels toulmin does not name counts as neutral.
            out[k : k + len(a), 1] += np.clip(1.0 - out[k : k + len(a)].sum(1), 0, 1)
        return out

    def info(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version, "threshold": self.threshold,
                "backend": "hf", "label_map": {k: str(v) for k, v in self._idx.items()}}
