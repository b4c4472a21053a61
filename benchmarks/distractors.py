"""Do irrelevant passages change verdicts? Each case alone, then with 10, 100 and 1,000
chunks of other cases' sources beside its own (seeded, fixed), as a RAG system hands them.

    python benchmarks/distractors.py [--cases 161] [--sizes 0,10,100,1000] [--tag T] [--undeclared-chats]
    python benchmarks/distractors.py --set common [--sizes 0,100,1000]   # common-noun answers
    python benchmarks/distractors.py --scale 4000      # one answer against 4,000 chunks: time, RSS

Cases (161): the first 100 WiCE dev claims with their cited page, 30 HaluEval QA and 30
dialogue development rows (the right answer with its knowledge; a dialogue's history is
passed as the chat it continues, ``metadata.kind: chat``, as a chat application would),
and the bundled example.
The distractor pool is every case's sources cut into chunks of six sentences; a case never
draws from its own sources (matched by text). Reports the share of claim verdicts that
differ from the case alone, by direction, whether a claim its own source states word for
word ever turns CONTRADICTED, and time and peak RSS per size. Writes
``benchmarks/results/distractors[-TAG].json``.

``--set common``: the 70 answers of ``benchmarks/data/common_nouns.jsonl`` instead, short
answers whose claims have common-noun subjects ("The bakery employs 14 people."), each with
the verdict it should get; the pool is every WiCE development page cut into chunks of eight
consecutive evidence sentences. Reports besides how many claims alone (size 0) get the
expected verdict (UNSUPPORTED is met by any verdict but SUPPORTED and CONTRADICTED). Writes
``benchmarks/results/distractors-common[-TAG].json``.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import random
import resource
import statistics
import time
from pathlib import Path
from typing import Any

from toulmin.datasets import data_dir, halueval_rows
from toulmin.text import split_sentences

ROOT = Path(__file__).resolve().parents[1]
SUPPORTIVE = {"SUPPORTED", "PARTIALLY_SUPPORTED"}
COMMON = ROOT / "benchmarks" / "data" / "common_nouns.jsonl"


def _cases(declare_chat: bool = True) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    chat = {"metadata": {"kind": "chat"}} if declare_chat else {}
    for line in (data_dir() / "wice" / "claim_dev.jsonl").read_text().splitlines()[:100]:
        r = json.loads(line)
        ev = r["evidence"]
        sents = ast.literal_eval(ev) if isinstance(ev, str) else ev
        cases.append({"answer": r["claim"], "question": None,
                      "sources": [{"id": "page", "text": "\n".join(sents)}]})
    for _, r in halueval_rows("qa", "dev")[:30]:
        cases.append({"answer": r["right_answer"], "question": r["question"],
                      "sources": [{"id": "knowledge", "text": r["knowledge"]}]})
    for _, r in halueval_rows("dialogue", "dev")[:30]:
        cases.append({"answer": r["right_response"], "question": None,
                      "sources": [{"id": "knowledge", "text": r["knowledge"]},
                                  {"id": "dialogue", "text": r["dialogue_history"], **chat}]})
    example = [json.loads(p.read_text()) for p in sorted((ROOT / "examples" / "sources").glob("*.json"))]
    cases.append({"answer": (ROOT / "examples" / "answer.txt").read_text().strip(), "question": None,
                  "sources": example})
    return cases


def _common_cases() -> list[dict[str, Any]]:
    cases = []
    for line in COMMON.read_text().splitlines():
        r = json.loads(line)
        cases.append({"id": r["id"], "answer": r["answer"], "question": None, "sources": r["sources"],
                      "expect": r["expect"]})
    return cases


def _key(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _sentences(text: str) -> set[str]:
    """The sentences of a text long enough to name a document (six words or more)."""
    return {" ".join(s.text.lower().split()) for s in split_sentences(text) if len(s.text.split()) >= 6}


def _pool(cases: list[dict[str, Any]]) -> list[tuple[str, str, frozenset[str]]]:
    """(key of the source it came from, chunk text, the source's sentences) for every
    six-sentence chunk."""
    out, seen = [], set()
    for case in cases:
        for src in case["sources"]:
            k = _key(src["text"])
            if k in seen:
                continue
            seen.add(k)
            whole = frozenset(_sentences(src["text"]))
            sents = [s.text for s in split_sentences(src["text"])]
            for i in range(0, len(sents), 6):
                chunk = " ".join(sents[i : i + 6]).strip()
                if len(chunk.split()) >= 8:
                    out.append((k, chunk, whole))
    return out


def _wice_pool(per: int = 8) -> list[tuple[str, str, frozenset[str]]]:
    """(key of the page, chunk text, the page's sentences) for every chunk of ``per``
    consecutive evidence sentences of every WiCE development page."""
    out, seen = [], set()
    for line in (data_dir() / "wice" / "claim_dev.jsonl").read_text().splitlines():
        ev = json.loads(line)["evidence"]
        sents = [s.strip() for s in (ast.literal_eval(ev) if isinstance(ev, str) else ev) if s.strip()]
        text = "\n".join(sents)
        k = _key(text)
        if k in seen:
            continue
        seen.add(k)
        whole = frozenset(_sentences(text))
        for i in range(0, len(sents), per):
            chunk = "\n".join(sents[i : i + per])
            if len(chunk.split()) >= 8:
                out.append((k, chunk, whole))
    return out


def _met(expected: str, got: str) -> bool:
    """UNSUPPORTED is met by any verdict that neither supports nor contradicts (OVERREACH,
    UNLINKED, PARTIALLY_SUPPORTED, ...)."""
    if expected == "UNSUPPORTED":
        return got not in ("SUPPORTED", "CONTRADICTED")
    return got == expected


def _distractors(pool: list[tuple[str, str, frozenset[str]]], own: set[str], own_sents: set[str], n: int,
                 seed: int) -> list[dict[str, str]]:
    """``n`` chunks drawn from documents other than the case's own: not its sources, and
    not a source sharing a sentence with them (the page another WiCE claim cites too,
    another turn of the same HaluEval conversation), which may state the claim and so is
    not irrelevant."""
    rng = random.Random(seed)
    picked = [c for c in rng.sample(pool, min(len(pool), n + 400))
              if c[0] not in own and not (c[2] & own_sents)][:n]
    return [{"id": f"d{i}", "text": text} for i, (_, text, _) in enumerate(picked)]


def _states(claim: str, sources: list[dict[str, Any]]) -> bool:
    words = " ".join(claim.lower().rstrip(".").split())
    return any(words in " ".join(s["text"].lower().split()) for s in sources)


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run(n_cases: int | None, sizes: list[int], declare_chat: bool = True,
        which: str = "mixed") -> dict[str, Any]:
    import toulmin

    if which == "common":
        cases = _common_cases()[:n_cases]
        pool = _wice_pool()
    else:
        cases = _cases(declare_chat)[:n_cases]
        pool = _pool(_cases())
    base: dict[int, dict[str, str]] = {}
    verbatim: dict[int, set[str]] = {}
    out: dict[str, Any] = {"cases": len(cases), "pool_chunks": len(pool), "sizes": {}}
    toulmin.verify(cases[0]["answer"], cases[0]["sources"])  # load the models first
    for size in sizes:
        times, changed, claims = [], {"to CONTRADICTED": 0, "to unsupported": 0, "to SUPPORTED": 0,
                                      "other": 0}, 0
        bad: list[dict[str, str]] = []
        expect: dict[str, dict[str, int]] = {}
        differ: list[dict[str, str]] = []
        examples: list[dict[str, str]] = []
        words = 0
        for ci, case in enumerate(cases):
            own = {_key(s["text"]) for s in case["sources"]}
            own_sents = set().union(*(_sentences(s["text"]) for s in case["sources"]))
            extra = _distractors(pool, own, own_sents, size, seed=1000 * ci + size) if size else []
            srcs = case["sources"] + extra
            words += sum(len(s["text"].split()) for s in srcs)
            t = time.perf_counter()
            rep = toulmin.verify(case["answer"], srcs, question=case["question"])
            times.append(time.perf_counter() - t)
            got = {d.claim: d.verdict.value for d in rep.details if d.verdict.value not in ("TRIVIAL",)}
            if size == 0:
                base[ci] = got
                verbatim[ci] = {c for c in got if _states(c, case["sources"])}
                for claim, want in case.get("expect", {}).items():
                    v = got.get(claim, "missing")
                    met = _met(want, v)
                    expect.setdefault(want, {"claims": 0, "met": 0})
                    expect[want]["claims"] += 1
                    expect[want]["met"] += met
                    if not met:
                        note = next((d.note for d in rep.details if d.claim == claim),
                                    "not among the claims: " + " | ".join(got))
                        differ.append({"case": case["id"], "claim": claim, "expected": want, "got": v,
                                       "note": note})
                continue
            for claim, v in got.items():
                before = base[ci].get(claim)
                if before is None:
                    continue
                claims += 1
                if v == before:
                    continue
                if v == "CONTRADICTED":
                    changed["to CONTRADICTED"] += 1
                elif before in SUPPORTIVE and v not in SUPPORTIVE:
                    changed["to unsupported"] += 1
                elif v == "SUPPORTED":
                    changed["to SUPPORTED"] += 1
                else:
                    changed["other"] += 1
                note = next(d.note for d in rep.details if d.claim == claim)
                if len(examples) < 40:
                    examples.append({"case": case.get("id", str(ci)), "claim": claim, "before": before,
                                     "after": v, "note": note})
                if v == "CONTRADICTED" and claim in verbatim[ci]:
                    bad.append({"claim": claim, "note": note})
        row: dict[str, Any] = {"median_s": round(statistics.median(times), 3),
                               "p95_s": round(sorted(times)[int(0.95 * (len(times) - 1))], 3),
                               "mean_words": round(words / len(cases)), "peak_rss_mb": round(_rss_mb())}
        if size:
            n_changed = sum(changed.values())
            row.update({"claims": claims, "unchanged_pct": round(100 * (1 - n_changed / max(claims, 1)), 2),
                        "changed": changed, "verbatim_claims_contradicted": bad, "examples": examples})
        else:
            row["claims"] = sum(len(v) for v in base.values())
            if expect:
                n_exp = sum(e["claims"] for e in expect.values())
                n_met = sum(e["met"] for e in expect.values())
                row["expect"] = {"claims": n_exp, "met": n_met, "met_pct": round(100 * n_met / n_exp, 2),
                                 "by_class": expect, "differ": differ}
        out["sizes"][str(size)] = row
        print(size, json.dumps(row), flush=True)
    return out


def scale(n: int) -> dict[str, Any]:
    """One five-claim answer against its source and ``n`` chunks of about 100 words."""
    import toulmin

    answer = ("The Riverside plant opened in 1998. The plant employs 300 people. It produces steel pipes. "
              "The plant was expanded in 2005. It exports to twelve countries.")
    key = {"id": "key", "text": "The Riverside plant, which opened in 1998, employs 300 people. It produces "
                                "steel pipes for the construction industry."}
    pool = _pool(_cases())
    rng = random.Random(7)
    chunks = [pool[rng.randrange(len(pool))][1] for _ in range(n)]
    srcs = [key] + [{"id": f"d{i}", "text": t} for i, t in enumerate(chunks)]
    toulmin.verify(answer, [key])  # models loaded, not timed
    rss0 = _rss_mb()
    t = time.perf_counter()
    rep = toulmin.verify(answer, srcs)
    secs = time.perf_counter() - t
    res = {"chunks": n, "words": sum(len(s["text"].split()) for s in srcs),
           "chars": sum(len(s["text"]) for s in srcs), "seconds": round(secs, 2),
           "rss_before_mb": round(rss0), "peak_rss_mb": round(_rss_mb()),
           "timings_ms": rep.timings_ms, "verdicts": [d.verdict.value for d in rep.details]}
    print(json.dumps(res))
    return res


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", dest="which", choices=("mixed", "common"), default="mixed",
                    help="mixed: WiCE, HaluEval and the example; common: benchmarks/data/common_nouns.jsonl "
                         "against chunks of WiCE pages")
    ap.add_argument("--cases", type=int, default=None, help="the first N cases (default: all)")
    ap.add_argument("--sizes", default="0,10,100,1000")
    ap.add_argument("--scale", type=int, default=0, help="time one answer against this many chunks")
    ap.add_argument("--tag", default="")
    ap.add_argument("--undeclared-chats", action="store_true",
                    help="pass a dialogue's history without metadata.kind: chat")
    a = ap.parse_args()
    if a.scale:
        res = scale(a.scale)
        name = f"distractors-scale{a.scale}{'-' + a.tag if a.tag else ''}.json"
    else:
        res = run(a.cases, [int(x) for x in a.sizes.split(",")], not a.undeclared_chats, a.which)
        name = f"distractors{'-common' if a.which == 'common' else ''}{'-' + a.tag if a.tag else ''}.json"
        print("\n| chunks added | mean words | claims | unchanged | to CONTRADICTED | to unsupported "
              "| to SUPPORTED | other | verbatim claims contradicted | median s | peak RSS MB |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        for size, r in res["sizes"].items():
            c = r.get("changed", {})
            print(f"| {size} | {r['mean_words']:,} | {r['claims']} | {r.get('unchanged_pct', '-')} | "
                  f"{c.get('to CONTRADICTED', '-')} | {c.get('to unsupported', '-')} | "
                  f"{c.get('to SUPPORTED', '-')} | {c.get('other', '-')} | "
                  f"{len(r.get('verbatim_claims_contradicted', [])) if size != '0' else '-'} | "
                  f"{r['median_s']} | {r['peak_rss_mb']} |")
        exp = res["sizes"].get("0", {}).get("expect")
        if exp:
            by = ", ".join(f"{k} {e['met']} of {e['claims']}" for k, e in sorted(exp["by_class"].items()))
            print(f"\nalone, the expected verdict: {exp['met']} of {exp['claims']} ({exp['met_pct']}%): {by}")
            for d in exp["differ"]:
                print(f"  {d['case']}: {d['claim']!r} expected {d['expected']}, got {d['got']}: {d['note']}")
    out = ROOT / "benchmarks" / "results" / name
    out.write_text(json.dumps(res, indent=1) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
