"""Claim extraction time and memory against the length of the answer (issue 31).

    python benchmarks/extract_scaling.py [--sizes 500,1000,2000,5000] [--check 2000]

The answer is news text: the first N sentences of the HaluEval summarisation documents
(``../shared/data/halueval``, CNN/Daily Mail articles), so names, dates and figures vary
as in a real long answer. Each size runs in a fresh process (the spaCy pipeline loaded and
warmed up first, not timed); the table gives the sentences, characters, claims, seconds
for ``SpacyExtractor.extract`` and the peak RSS of that process, with the entity helper
process (``extract/ner.py``) apart from it.

``--check N`` also extracts the first N sentences with sentence starts and ``Claim.names``
set the way they were before the fix (token by token; every entity of the document
scanned for every claim) and asserts that both give the same claims, field for field.
``--dump N FILE`` writes the claims of N sentences as JSON lines, to compare two trees.
"""

from __future__ import annotations

import argparse
import gzip
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "halueval" / "halueval_summarization.jsonl.gz"


def answer(sentences: int) -> str:
    """The first ``sentences`` sentences of the documents, one space between them."""
    from toulmin.text import split_sentences

    out: list[str] = []
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        for line in f:
            doc = " ".join(json.loads(line)["document"].split())
            out += [s.text for s in split_sentences(doc)]
            if len(out) >= sentences:
                break
    if len(out) < sentences:
        raise SystemExit(f"only {len(out)} sentences in {DATA}")
    return " ".join(out[:sentences])


def _old_names(doc: Any, tokens: Any) -> dict[str, list[str]]:
    """``Claim.names`` as read before issue 31: all of ``doc.ents`` for each claim."""
    from toulmin.extract import rules

    inside = set(tokens)
    ents = [e for e in doc.ents if e.label_ in rules._MUST_NAME and all(t.i in inside for t in e)
            and e.text.rstrip(".").lower() not in rules._TITLES and len(e.text) > 1]
    return {"names": list(dict.fromkeys(e.text for e in ents)),
            "people": list(dict.fromkeys(e.text for e in ents if e.label_ == "PERSON"))}


def one(sentences: int) -> dict[str, Any]:
    """Runs in the child: one extraction of ``sentences`` sentences."""
    from toulmin.extract import SpacyExtractor

    ex = SpacyExtractor()
    ex.entities.loaded()
    ex.extract("Metformin was approved in 1995 by the FDA. It is taken twice a day.")  # warm-up
    text = answer(sentences)
    t0 = time.perf_counter()
    claims = ex.extract(text)
    secs = time.perf_counter() - t0
    helper = ex.entities._helper
    helper_mb = _peak_mb(helper.proc.pid) if helper is not None else 0.0
    ex.entities.close()
    return {"sentences": sentences, "chars": len(text), "claims": len(claims), "seconds": secs,
            "rss_mb": _peak_mb("self"), "helper_rss_mb": helper_mb}


def _peak_mb(pid: int | str) -> float:
    """Peak resident memory of a process (VmHWM): getrusage's ru_maxrss would carry the
    peak of the process that started it across fork and exec."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024 / 1e6
    raise SystemExit("no VmHWM in /proc: this benchmark reads memory the Linux way")


def check(sentences: int) -> int:
    """Same sentence starts and claims as the per-token setter and the per-claim scan of
    ``doc.ents`` that were there before the fix; returns the number of claims."""
    from unittest import mock

    import numpy
    from spacy.attrs import SENT_START

    from toulmin.extract import SpacyExtractor, rules
    from toulmin.text import split_sentences

    ex = SpacyExtractor(ner_process=False)
    text = answer(sentences)
    old_doc, new_doc = ex.nlp.make_doc(text), ex.nlp.make_doc(text)
    starts = {s.start for s in split_sentences(text)}
    for t in old_doc:  # the old component, quadratic
        t.is_sent_start = t.i == 0 or t.idx in starts
    ex.nlp.get_pipe("toulmin_sentences")(new_doc)
    assert numpy.array_equal(old_doc.to_array([SENT_START]), new_doc.to_array([SENT_START]))
    new = [c.model_dump() for c in ex.extract(text)]
    with mock.patch.object(rules, "_names", _old_names):
        old = [c.model_dump() for c in ex.extract(text)]
    assert len(new) == len(old), (len(new), len(old))
    for a, b in zip(new, old):
        assert a == b, (a, b)
    return len(new)


def dump(sentences: int, path: str) -> None:
    """The claims of the first ``sentences`` sentences as JSON lines, to compare two trees
    (``PYTHONPATH=<old tree>/src`` for the other)."""
    from toulmin.extract import SpacyExtractor

    claims = SpacyExtractor(ner_process=False).extract(answer(sentences))
    Path(path).write_text("".join(c.model_dump_json() + "\n" for c in claims), encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="500,1000,2000,5000")
    ap.add_argument("--check", type=int, default=0, help="sentences to compare with the old names scan")
    ap.add_argument("--dump", nargs=2, metavar=("SENTENCES", "FILE"), help="write the claims, then stop")
    ap.add_argument("--one", type=int, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.dump:
        dump(int(a.dump[0]), a.dump[1])
        return
    if a.one:
        print(json.dumps(one(a.one)))
        return
    if a.check:
        print(f"check: {check(a.check)} claims from {a.check} sentences identical to the old scan")
    print(f"{'sentences':>9} {'chars':>9} {'claims':>7} {'seconds':>8} {'RSS MB':>7} {'helper MB':>9}")
    for n in (int(x) for x in a.sizes.split(",")):
        out = subprocess.run([sys.executable, __file__, "--one", str(n)], check=True,
                             capture_output=True, text=True).stdout
        r = json.loads(out.strip().splitlines()[-1])
        print(f"{r['sentences']:>9} {r['chars']:>9,} {r['claims']:>7} {r['seconds']:>8.2f} "
              f"{r['rss_mb']:>7.0f} {r['helper_rss_mb']:>9.0f}", flush=True)


if __name__ == "__main__":
    main()
