"""Where the denial check (``checks/denial.py``, issue 31) fires on the development slices,
or the hearsay check (``checks/hearsay.py``) with ``--check hearsay``.

    python benchmarks/denial_scan.py [--check denial|hearsay] [--slices vitaminc-dev,halueval-qa-dev,...]

The check only adds findings, so a pair it does not fire on scores as before; this
lists every pair whose document has a sentence that denies the pair's claim (each
sentence of the claim), with the pair's label, to read whether each firing is right.
It reads the whole document, a superset of the windows ``score-pairs`` checks. For
``verify``, whose claims are parts of sentences, the claims the offline extractor
makes of each pair's claim are checked too, for the pairs whose document has any
denial frame (the rest cannot draw one).
"""

from __future__ import annotations

import argparse

from toulmin.checks import check_denial, check_hearsay, denied_clauses, hearsay_clauses, is_instruction
from toulmin.datasets import load_slice
from toulmin.extract import SpacyExtractor
from toulmin.text import split_sentences

DEV = "vitaminc-dev,halueval-qa-dev,halueval-dialogue-dev,halueval-summarization-dev"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--slices", default=DEV)
    ap.add_argument("--check", choices=["denial", "hearsay"], default="denial")
    a = ap.parse_args()
    check, frames = ((check_denial, denied_clauses) if a.check == "denial" else
                     (check_hearsay, lambda s: hearsay_clauses(s) or ([s] if is_instruction(s) else [])))
    ex = SpacyExtractor(ner_process=False)
    for name in a.slices.split(","):
        pairs = load_slice(name)
        fired = []
        framed = extracted = 0
        for p in pairs:
            claims = [s.text for s in split_sentences(p.claim)]
            if any(frames(s.text) for s in split_sentences(p.doc)):
                framed += 1
                parts = [t for c in ex.extract(p.claim) for t in dict.fromkeys((c.text, c.focus))]
                extracted += len(parts)
                claims += parts
            for claim in claims:
                found = check(claim, p.doc)
                if found:
                    fired.append((p, claim, found[0].source))
                    break
        print(f"{name}: {len(fired)} of {len(pairs)} pairs draw a {a.check} finding "
              f"({framed} pairs whose document has a {a.check} frame, {extracted} extracted claims "
              "read there)")
        for p, claim, quote in fired:
            print(f"  [{p.label}] {p.id}: {claim!r}\n      source: {quote!r}")

if __name__ == "__main__":
    main()
