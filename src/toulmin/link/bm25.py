"""BM25 over one call's source units, without an index library's set-up cost.

``verify`` ranks a few hundred sentences and windows per call and throws the
index away. ``bm25s`` spent 5-6 ms of a 70 ms fast-configuration call on
tokenising and building its sparse index (docs/experiments.md); this version of the
same formula takes well under one. Its weights are kept per term, only where the
term occurs (a dense vocabulary-by-unit matrix took 13 s and 3 GB for 4,000
retrieved chunks), so time and memory grow with the source text, not its square.
It is bm25s's default scoring, to the bit (``tests/link/test_bm25.py`` compares
them): Lucene's idf log(1 + (N - df + 0.5) / (df + 0.5)), the term part tf / (tf + k1 (1 - b + b |d| / avgdl))
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
        self.n, self.k1, self.b = n, k1, b
        # term t's units are cols[ptr[t]:ptr[t + 1]], each once, with their weights
        self.ptr = np.zeros(v + 1, dtype=np.int64)
        self.cols = np.zeros(0, dtype=np.int64)
        self.vals = np.zeros(0, dtype=np.float32)
        self.tf = np.zeros(0, dtype=np.float32)
        self.lens = np.array([len(d) for d in ids])
        if not v:
            return
        lens = self.lens
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
        order = np.argsort(term, kind="stable")
        self.cols = col[order]
        self.tf = tf[order]
        self.vals = (idf[term] * tfc).astype(np.float32)[order]
        self.ptr[1:] = np.cumsum(df)

    def units_with(self, term: str) -> np.ndarray:
        """The units a (tokenised) term occurs in."""
        row = self.vocab.get(term)
        return self.cols[self.ptr[row] : self.ptr[row + 1]] if row is not None else self.cols[:0]

    def scores(self, query: Sequence[str], within: np.ndarray | None = None) -> np.ndarray:
        """Every unit's score. ``within`` (a mask of units): score those as an index of
        them alone would, to the bit (document frequencies, their count and mean length
        taken over them), so what else was indexed beside them changes nothing; the other
        units score 0."""
        if within is not None:
            return self._scores_within(query, within)
        # Adding a term's weight only where it occurs gives the dense sum to the bit:
        # x + 0.0 is x in float32, and each unit still sums its terms in query order.
        out = np.zeros(self.n, dtype=np.float32)
        for t in query:
            row = self.vocab.get(t)
            if row is not None:
                a, b = self.ptr[row], self.ptr[row + 1]
                out[self.cols[a:b]] += self.vals[a:b]
        return out

    def _scores_within(self, query: Sequence[str], within: np.ndarray) -> np.ndarray:
        # the subset is one group and the rest another, whose scores are dropped
        out = self.scores_by(query, (~within).astype(np.int64))
        out[~within] = 0.0
        return out

    def scores_by(self, query: Sequence[str], group: np.ndarray) -> np.ndarray:
        """Every unit scored as an index of its own group (its source) alone would score it,
        to the bit: document frequencies, their count and mean length over the group."""
        out = np.zeros(self.n, dtype=np.float32)
        g = int(group.max()) + 1 if len(group) else 0
        n_g = np.bincount(group, minlength=g).astype(np.float64)
        avg_g = np.bincount(group, weights=self.lens, minlength=g) / np.maximum(n_g, 1)
        k1, b = self.k1, self.b
        for t in query:
            row = self.vocab.get(t)
            if row is None:
                continue
            lo, hi = self.ptr[row], self.ptr[row + 1]
            cols, tf = self.cols[lo:hi], self.tf[lo:hi]
            gs = group[cols]
            df = np.bincount(gs, minlength=g).astype(np.float64)
            idf = np.log(1 + (n_g[gs] - df[gs] + 0.5) / (df[gs] + 0.5)).astype(np.float32)
            tfc = tf / (k1 * ((1 - b) + b * self.lens[cols] / avg_g[gs]) + tf)
            out[cols] += (idf * tfc).astype(np.float32)
        return out
