"""BM25 over one call's source units, without an index library's set-up cost.

``verify`` ranks a few hundred sentences and windows per call and throws the
index away. ``bm25s`` spent 5-6 ms of a 70 ms fast-configuration call on
tokenising and building its sparse index (docs/benchmarks.md); this dense version
of the same formula takes well under one. It is bm25s's default scoring, to the
bit (``tests/pipeline/test_bm25.py`` compares them): Lucene's idf
log(1 + (N - df + 0.5) / (df + 0.5)), the term part tf / (tf + k1 (1 - b + b |d| / avgdl))
with k1 1.5 and b 0.75, float32 weights, a query's terms summed in query order
(a repeated term counts again). The corpus retriever keeps bm25s for its large,
long-lived index.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

import numpy as np

__all__ = ["Bm25", "tokenize"]

_TOKEN = re.compile(r"(?u)\b\w\w+\b")


def tokenize(text: str, stop: frozenset[str] | set[str]) -> list[str]:
    """bm25s.tokenize's defaults: lower case, words of two or more characters, no stop words."""
    return [t for t in _TOKEN.findall(text.lower()) if t not in stop]


class Bm25:
    def __init__(self, docs: Sequence[list[str]], k1: float = 1.5, b: float = 0.75):
        self.vocab: dict[str, int] = {}
        ids = [[self.vocab.setdefault(t, len(self.vocab)) for t in d] for d in docs]
        n, v = len(docs), len(self.vocab)
        self.weights = np.zeros((v, n), dtype=np.float32)
        if not v:
            return
        lens = np.array([len(d) for d in ids])
        avg = lens.mean()  # a float64, as in bm25s
        flat = np.fromiter((t for d in ids for t in d), dtype=np.int64, count=int(lens.sum()))
        doc = np.repeat(np.arange(n), lens)
        cells, tf_int = np.unique(doc * v + flat, return_counts=True)
        col, term = cells // v, cells % v
        df = np.bincount(term, minlength=v)
        idf = np.array([math.log(1 + (n - x + 0.5) / (x + 0.5)) for x in df.tolist()], dtype=np.float32)
        tf = tf_int.astype(np.float32)
        # float32 counts against float64 length ratios: float64 arithmetic, stored as
        # float32, exactly as bm25s computes and stores its score matrix
        tfc = tf / (k1 * ((1 - b) + b * lens[col] / avg) + tf)
        self.weights[term, col] = idf[term] * tfc

    def scores(self, query: Sequence[str]) -> np.ndarray:
        out = np.zeros(self.weights.shape[1], dtype=np.float32)
        for t in query:
            row = self.vocab.get(t)
            if row is not None:
                out += self.weights[row]
        return out
