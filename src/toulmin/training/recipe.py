"""The data recipe that rebuilds the shipped checker's training set.

Deterministic: the same data folder and seed give the same pairs in the same
order. Held-out slices (see ``toulmin.datasets.SLICES``) never enter it.
Long documents are cut to the chunk that best covers the claim, so training
pairs look like what the runtime scores (a claim against a window of a few
hundred tokens), not like two-sentence Wikipedia snippets only.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from pathlib import Path

from ..datasets import Pair, load_slice
from ..text import make_windows, split_sentences
from .chunks import CHUNK_WORDS, chunk_indices, select_chunk, words
from .edits import apply_random_edit

__all__ = ["MADE_HERE", "RECIPES", "RECIPE_HARD", "RECIPE_KIT", "RECIPE_V1", "RECIPE_V2", "RECIPE_V3",
           "build_training_pairs", "long_window_negative", "select_chunk", "write_jsonl"]

# Source name -> how many pairs to take from its training part.
RECIPE_V1: dict[str, int] = {
    "vitaminc-train": 16000,
    "vitaminc-synthetic-train": 5000,
    "fever": 1420,
    "halueval-qa-train": 7000,
    "halueval-dialogue-train": 9000,
    "halueval-summarization-train": 7000,
    "factcg-CG2C_doc": 2068,
    "factcg-CG2C_musique_minhop3": 1042,
    "synthetic-edits": 20000,
    "sentence-level-summaries": 5000,
}
# A continuation recipe for a checker that already learned V1 (``--init-from``):
# every VitaminC and HaluEval dialogue training pair, where 1.x is weakest (3-way
# contrast, conversational sources), with fewer of the QA pairs it has mastered.
RECIPE_V2: dict[str, int] = {
    "vitaminc-train": 31481,
    "vitaminc-synthetic-train": 8000,
    "fever": 1420,
    "halueval-qa-train": 4000,
    "halueval-dialogue-train": 17400,
    "halueval-summarization-train": 8000,
    "factcg-CG2C_doc": 2068,
    "factcg-CG2C_musique_minhop3": 1042,
    "synthetic-edits": 20000,
    "sentence-level-summaries": 5000,
}
# The GPU recipe: every training pair of every source (a GPU run sees the whole
# set several times in minutes), twice V2's contrastive edits and summary
# sentences. Continues from a 1.x checker like V2.
RECIPE_V3: dict[str, int] = {
    "vitaminc-train": 31481,
    "vitaminc-synthetic-train": 17716,
    "fever": 1420,
    "halueval-qa-train": 17400,
    "halueval-dialogue-train": 17400,
    "halueval-summarization-train": 17400,
    "factcg-CG2C_doc": 2068,
    "factcg-CG2C_musique_minhop3": 1042,
    "synthetic-edits": 40000,
    "sentence-level-summaries": 10000,
}
# The GPU kit's recipe (scripts/gpu_kit.py): V3's every training pair, and more
# document-level pairs: summary sentences against the sentences gathered from across
# their document (``select_chunk``), and long-window negatives, the same sentences
# against a long stretch of their own document with those sentences taken out
# (on topic, but not backing the sentence: what a larger model must learn to tell
# apart from support, and what WiCE's cited pages and meeting summaries are full of).
# With them, the hard negatives (``toulmin.training.hard``): what a reader refutes at a
# glance and a small checker passed.
RECIPE_KIT: dict[str, int] = {**RECIPE_V3, "gathered-summaries": 15000, "long-window-negatives": 15000,
                              "hard-negatives": 20000}
# A shipped checker continues on the hard negatives with a replay of ``recipe-v2`` (a
# fifth of it), so that it keeps what it knew.
RECIPE_HARD: dict[str, int] = {**{k: v // 5 for k, v in RECIPE_V2.items()}, "hard-negatives": 12000}
RECIPES: dict[str, dict[str, int]] = {"recipe": RECIPE_V1, "recipe-v2": RECIPE_V2, "recipe-v3": RECIPE_V3,
                                      "recipe-kit": RECIPE_KIT, "recipe-hard": RECIPE_HARD}
# Recipe entries the recipe makes from other sources' pairs, not slices of the data.
MADE_HERE = frozenset({"synthetic-edits", "sentence-level-summaries", "gathered-summaries",
                       "long-window-negatives", "hard-negatives"})


def _best_window(doc: str, claim: str) -> str:
    wins = make_windows(doc, max_words=CHUNK_WORDS // 2)
    if not wins:
        return doc
    target = words(claim)
    return max(wins, key=lambda w: len(target & words(w.text))).text


def build_training_pairs(seed: int = 13, recipe: dict[str, int] | None = None) -> list[Pair]:
    recipe = dict(recipe or RECIPE_V1)
    rng = random.Random(seed)
    out: list[Pair] = []
    supported_pool: list[Pair] = []
    for name, n in recipe.items():
        if name in MADE_HERE:
            continue
        pairs = load_slice(name)
        rng.shuffle(pairs)
        pairs = pairs[:n]
        for p in pairs:
            doc = select_chunk(p.doc, p.claim)
            q = Pair(p.id, doc, p.claim, p.label, p.source)
            out.append(q)
            if q.supported:
                supported_pool.append(q)

    # Summary sentences against their best window: teaches sentence-vs-window,
    # the exact unit the runtime scores for multi-sentence claims.
    summ = [p for p in load_slice("halueval-summarization-train") if p.supported]
    rng.shuffle(summ)
    sent_pairs: list[Pair] = []
    for p in summ:
        for k, s in enumerate(split_sentences(p.claim)):
            if len(s.text.split()) >= 5:
                sent_pairs.append(Pair(f"{p.id}-s{k}", _best_window(p.doc, s.text), s.text,
                                       "entailment", "summary_sentence"))
        if len(sent_pairs) >= recipe.get("sentence-level-summaries", 0):
            break
    out.extend(sent_pairs)
    supported_pool.extend(sent_pairs)

    # Contrastive edits of supported pairs. The unedited twin is usually in
    # the set already, so the model sees the minimal difference.
    rng.shuffle(supported_pool)
    out += _edited(supported_pool, recipe.get("synthetic-edits", 0), "edit",
                   lambda p: apply_random_edit(p.claim, p.doc, rng))

    if recipe.get("gathered-summaries") or recipe.get("long-window-negatives"):
        out += _document_level(summ[::-1], recipe, rng)
    if recipe.get("hard-negatives"):
        from .hard import build_hard_pairs  # spaCy: loaded only for a recipe that asks

        out += build_hard_pairs(recipe["hard-negatives"], seed)
    rng.shuffle(out)
    return out


# A long-window negative needs this much document left once the gathered sentences
# are out, and at most this share of the claim's content words in what is left.
_NEG_MIN_WORDS = 60
_NEG_MAX_COVER = 0.5


def long_window_negative(doc: str, claim: str) -> str | None:
    """The chunk of ``doc`` that best covers ``claim`` once the sentences that cover it
    best are taken out, or None when what is left still covers much of the claim
    (a document that says it twice) or is too short to be a window."""
    target = words(claim)
    if not target:
        return None
    sents = split_sentences(doc)
    gathered = set(chunk_indices(sents, claim, CHUNK_WORDS))
    rest = " ".join(s.text for i, s in enumerate(sents) if i not in gathered)
    if len(rest.split()) < _NEG_MIN_WORDS:
        return None
    chunk = select_chunk(rest, claim)
    if len(target & words(chunk)) > _NEG_MAX_COVER * len(target):
        return None
    return chunk


def _document_level(summ: list[Pair], recipe: dict[str, int], rng: random.Random) -> list[Pair]:
    """Summary sentences against their gathered evidence (supported) and against the
    rest of their document (long-window negatives), from the other end of the
    summaries than the sentence-level pairs."""
    n_pos, n_neg = recipe.get("gathered-summaries", 0), recipe.get("long-window-negatives", 0)
    pos: list[Pair] = []
    neg: list[Pair] = []
    for p in summ:
        if len(pos) >= n_pos and len(neg) >= n_neg:
            break
        for k, s in enumerate(split_sentences(p.claim)):
            if len(s.text.split()) < 5:
                continue
            if len(pos) < n_pos and len(p.doc.split()) > CHUNK_WORDS:
                pos.append(Pair(f"{p.id}-g{k}", select_chunk(p.doc, s.text), s.text, "entailment",
                                "gathered_summary"))
            if len(neg) < n_neg:
                window = long_window_negative(p.doc, s.text)
                if window is not None:
                    neg.append(Pair(f"{p.id}-n{k}", window, s.text, "not_entailment",
                                    "long_window_negative"))
    rng.shuffle(pos)
    return pos + neg


def _edited(pool: list[Pair], n: int, tag: str,
            edit: Callable[[Pair], tuple[str, str, str] | None]) -> list[Pair]:
    """Up to ``n`` edited claims, from the pairs of ``pool`` in order that ``edit`` changes."""
    out: list[Pair] = []
    for p in pool:
        if len(out) >= n:
            break
        res = edit(p)
        if res is None:
            continue
        claim, label, kind = res
        out.append(Pair(f"{p.id}-{tag}-{kind}", p.doc, claim, label,  # type: ignore[arg-type]
                        f"{tag}_{kind}"))
    return out


def write_jsonl(pairs: Iterable[Pair], path: Path) -> int:
    n = 0
    with open(path, "w", encoding="utf-8") as f:
        for p in pairs:
            f.write(json.dumps(p.to_json(), ensure_ascii=False) + "\n")
            n += 1
    return n
