"""The ``Checker`` protocol: (claim, source text) pairs in, 3-way probabilities out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np

__all__ = ["LABELS", "Checker", "softmax", "stamp"]

# Column order of every probability array in toulmin.
LABELS: tuple[str, str, str] = ("entailment", "neutral", "contradiction")


@runtime_checkable
class Checker(Protocol):
    """Decides whether a source span backs a claim.

    ``predict`` returns an ``(n, 3)`` float array of probabilities in
    ``LABELS`` order. ``threshold`` is the entailment probability at or
    above which a claim counts as supported.
    """

    name: str
    version: str
    threshold: float

    def predict(self, claims: Sequence[str], spans: Sequence[str]) -> np.ndarray: ...


def stamp(checker: Checker) -> str:
    """"name@version": how reports, results and ``decided_by`` name a checker."""
    return f"{checker.name}@{checker.version}"


def softmax(logits: np.ndarray, temperature: float = 1.0) -> np.ndarray:
    z = logits.astype(np.float64) / temperature
    z -= z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    out: np.ndarray = e / e.sum(axis=-1, keepdims=True)
    return out
