"""Claim extraction time and memory against the length of the answer (issue 31).

    python benchmarks/extract_scaling.py [--sizes 500,1000,2000,5000] [--check 2000]
    python benchmarks/extract_scaling.py --sizes 1000,5000,20000 --budget 10 [--verify]

The answer is news text: the first N sentences of the HaluEval summarisation documents
(``../shared/data/halueval``, CNN/Daily Mail articles), so names, dates and figures vary
as in a real long answer. Each size runs in a fresh process (the spaCy pipeline loaded and
warmed up first, not timed); the table gives the sentences, characters, claims, seconds
for ``SpacyExtractor.extract`` and the peak RSS of that process, with the entity helper
process (``extract/ner.py``) apart from it.

``--budget N`` passes a claim budget to the extractor, as ``toulmin.verify`` does with
``extract.max_claims`` (without it every sentence is parsed). ``--verify`` times
``toulmin.verify`` instead, end to end with the default configuration (its budget is
``extract.max_claims``, 10), the answer checked against its first source document; RSS is
then that process's peak with the checker loaded, and "before" its RSS just before the
call.

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


def source() -> str:
    """The first document the answer is drawn from: the source ``--verify`` checks it against."""
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        return " ".join(json.loads(f.readline())["document"].split())


def one(sentences: int, budget: int | None = None, through_verify: bool = False) -> dict[str, Any]:
    """Runs in the child: one extraction (or verification) of ``sentences`` sentences."""
    from toulmin.extract import SpacyExtractor

    warm = "Metformin was approved in 1995 by the FDA. It is taken twice a day."
    if through_verify:
        from toulmin.config import load_config
        from toulmin.verify import get_verifier

        verifier = get_verifier(load_config())
        ex = verifier.extractor
        assert isinstance(ex, SpacyExtractor)
        ex.entities.loaded()
        verifier.verify(warm, [source()])
    else:
        ex = SpacyExtractor()
        ex.entities.loaded()
        ex.extract(warm)  # warm-up
    text = answer(sentences)
    before = _rss_mb("self")
    t0 = time.perf_counter()
    if through_verify:
        n = len(verifier.verify(text, [source()]).details)
    else:
        n = len(ex.extract(text, budget=budget))
    secs = time.perf_counter() - t0
    helper = ex.entities._helper
    helper_mb = _peak_mb(helper.proc.pid) if helper is not None else 0.0
    ex.entities.close()
    return {"sentences": sentences, "chars": len(text), "claims": n, "seconds": secs,
            "rss_mb": _peak_mb("self"), "before_mb": before, "helper_rss_mb": helper_mb}


def _rss_mb(pid: int | str) -> float:
    """Resident memory of a process now (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024 / 1e6
    raise SystemExit("no VmRSS in /proc: this benchmark reads memory the Linux way")


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


def dump(sentences: int, path: str, budget: int | None = None, helper: bool = False) -> None:
    """The claims of the first ``sentences`` sentences as JSON lines, to compare two trees
    (``PYTHONPATH=<old tree>/src`` for the other; an old tree takes no ``--budget``)."""
    from toulmin.extract import SpacyExtractor

    ex = SpacyExtractor(ner_process=helper)
    ex.entities.loaded()
    text = answer(sentences)
    claims = ex.extract(text) if budget is None else ex.extract(text, budget=budget)
    ex.entities.close()
    Path(path).write_text("".join(c.model_dump_json() + "\n" for c in claims), encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="500,1000,2000,5000")
    ap.add_argument("--check", type=int, default=0, help="sentences to compare with the old names scan")
    ap.add_argument("--dump", nargs=2, metavar=("SENTENCES", "FILE"), help="write the claims, then stop")
    ap.add_argument("--budget", type=int, help="claim budget passed to the extractor")
    ap.add_argument("--verify", action="store_true", help="time toulmin.verify end to end")
    ap.add_argument("--helper", action="store_true", help="--dump with the entity helper process")
    ap.add_argument("--one", type=int, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.dump:
        dump(int(a.dump[0]), a.dump[1], a.budget, a.helper)
        return
    if a.one:
        print(json.dumps(one(a.one, a.budget, a.verify)))
        return
    if a.check:
        print(f"check: {check(a.check)} claims from {a.check} sentences identical to the old scan")
    what = "toulmin.verify" if a.verify else f"extract, budget {a.budget}"
    print(f"{what}\n{'sentences':>9} {'chars':>9} {'claims':>7} {'seconds':>8} {'RSS MB':>7} "
          f"{'before':>7} {'helper MB':>9}")
    extra = (["--budget", str(a.budget)] if a.budget is not None else []) + (["--verify"] if a.verify else [])
    for n in (int(x) for x in a.sizes.split(",")):
        out = subprocess.run([sys.executable, __file__, "--one", str(n), *extra], check=True,
                             capture_output=True, text=True).stdout
        r = json.loads(out.strip().splitlines()[-1])
        print(f"{r['sentences']:>9} {r['chars']:>9,} {r['claims']:>7} {r['seconds']:>8.2f} "
              f"{r['rss_mb']:>7.0f} {r['before_mb']:>7.0f} {r['helper_rss_mb']:>9.0f}", flush=True)


if __name__ == "__main__":
    main()
