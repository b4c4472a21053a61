"""One more window per pair, gathered from across the document: does it help?

    python benchmarks/gathered_window.py [--slices a,b,...] [--model fast] [--out F]

WiCE claims often join facts that a cited page states far apart, and a 100-word window
holds only one place of the page. This scores one extra window per pair: the document's
sentences that share the most content words with the claim, taken best first while each
adds a claim word not yet covered and the window stays within 100 words, put back in
document order and joined. A pair is supported when its best window, the gathered one
included, reaches the checker's threshold and no check finds a mismatch (checks on, as
``score-pairs`` and ``eval pairs`` run). Printed per slice: balanced accuracy as shipped
and with the gathered window, how many pairs got one, and how many decisions flipped
(and how many of those flips were right). Not part of the scoring: measured, not kept
(docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from toulmin.checker import load_checker
from toulmin.checker.scoring import WindowConfig, score_pairs
from toulmin.datasets import load_slice
from toulmin.evaluate import balanced_accuracy
from toulmin.text import content_words, split_sentences

DEV = "halueval-summarization-dev,halueval-dialogue-dev,halueval-qa-dev,vitaminc-dev"


def gathered(doc: str, claim: str, budget: int = 100) -> str | None:
    sents = split_sentences(doc)
    words = content_words(claim)
    if len(sents) < 3 or not words:
        return None
    shared = [(words & content_words(s.text), i) for i, s in enumerate(sents)]
    ranked = sorted((x for x in shared if x[0]), key=lambda x: (-len(x[0]), x[1]))
    chosen: list[int] = []
    covered: set[str] = set()
    size = 0
    for common, i in ranked:
        n = len(sents[i].text.split())
        if size + n > budget or (chosen and not common - covered):
            continue
        chosen.append(i)
        size += n
        covered |= common
    if len(chosen) < 2:
        return None
    return " ".join(sents[i].text for i in sorted(chosen))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--slices", default=DEV + ",wice-dev")
    ap.add_argument("--model", default=None)
    ap.add_argument("--out", default=None)
    a = ap.parse_args()
    checker = load_checker(model=a.model)
    rows = {}
    print("| slice | BA as shipped | BA with the gathered window | pairs with one | flips (right) "
          "| seconds |")
    print("|---|---|---|---|---|---|")
    for name in a.slices.split(","):
        pairs = load_slice(name)
        t = time.perf_counter()
        base = score_pairs(checker, [p.doc for p in pairs], [p.claim for p in pairs],
                           cfg=WindowConfig(checks=True))
        extra = {i: g for i, p in enumerate(pairs) if (g := gathered(p.doc, p.claim))}
        idx = list(extra)
        probs = checker.predict([pairs[i].claim for i in idx], [extra[i] for i in idx])[:, 0] if idx else []
        more = dict(zip(idx, (float(x) for x in probs)))
        gold = [p.supported for p in pairs]
        old = [(s.prob_supported or 0.0) >= checker.threshold and not s.findings for s in base]
        new = [max(s.prob_supported or 0.0, more.get(i, 0.0)) >= checker.threshold and not s.findings
               for i, s in enumerate(base)]
        flips = sum(x != y for x, y in zip(old, new))
        right = sum(x != y and y == g for x, y, g in zip(old, new, gold))
        row = {"ba_shipped": round(100 * balanced_accuracy(gold, old), 2),
               "ba_gathered": round(100 * balanced_accuracy(gold, new), 2),
               "pairs_with_one": len(idx), "flips": flips, "flips_right": right,
               "seconds": round(time.perf_counter() - t, 1)}
        rows[name] = row
        print(f"| {name} | {row['ba_shipped']} | {row['ba_gathered']} | {len(idx)} | {flips} ({right}) "
              f"| {row['seconds']} |", flush=True)
    if a.out:
        Path(a.out).write_text(json.dumps({"model": a.model or "default", "slices": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
