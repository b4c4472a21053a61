"""Where the denial check (``checks/denial.py``, issue 31) fires on the development slices.

    python benchmarks/denial_scan.py [--slices vitaminc-dev,halueval-qa-dev,...]

The check only adds findings, so a pair it does not fire on scores as before; this
lists every pair whose document has a sentence that denies the pair's claim (each
sentence of the claim for a multi-sentence one, as ``verify`` extracts them), with the
pair's label, to read whether each firing is right. It reads the whole document, a
superset of the windows ``score-pairs`` and ``verify`` check.
"""

from __future__ import annotations

import argparse

from toulmin.checks import check_denial
from toulmin.datasets import load_slice
from toulmin.text import split_sentences

DEV = "vitaminc-dev,halueval-qa-dev,halueval-dialogue-dev,halueval-summarization-dev"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--slices", default=DEV)
    a = ap.parse_args()
    for name in a.slices.split(","):
        pairs = load_slice(name)
        fired = []
        for p in pairs:
            for sent in split_sentences(p.claim):
                found = check_denial(sent.text, p.doc)
                if found:
                    fired.append((p, sent.text, found[0].source))
                    break
        print(f"{name}: {len(fired)} of {len(pairs)} pairs draw a denial finding")
        for p, claim, quote in fired:
            print(f"  [{p.label}] {p.id}: {claim!r}\n      source: {quote!r}")


if __name__ == "__main__":
    main()
