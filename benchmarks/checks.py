"""How often each deterministic check fires on right and on wrong claims.

    python benchmarks/checks.py [--model fast] [--slices a,b] [--out results.json]

A check's finding overrules the model (``decide.checks``): a number, a bounded date,
a flipped polarity or a swapped antonym that the document states otherwise makes the
pair "not supported" and a contradiction. What a user needs to know of such a finding
is how often it is a false alarm. For each slice and kind of finding: the pairs it
fires on whose gold label is supported (false alarms) and not supported, its
precision, and where it overrules the model's "supported": how many wrong pairs it
fixes and how many right ones it breaks. Writes a JSON file and prints a Markdown table.

    python benchmarks/checks.py --ablate [--dialogues 250] [--rows 100] [--only a,b] [--out F]

``--ablate``: each registered check (``toulmin checks``) switched off in turn, the whole
pipeline run again on development data only: the first ``--dialogues`` DialogSum dev
dialogues (each faithful summary and one edited copy, ``benchmarks/dialogsum.py``'s
edits) and ``--rows`` HaluEval dev rows per task (right and hallucinated answers). Per
check: the answers whose verdicts change without it, the faithful answers it alone makes
not grounded (false alarms), the edited or hallucinated ones it alone catches, and the
pass's seconds against the baseline's. A check whose false alarms exceed its catches is
one to make ``advisory`` or ``off`` by default (issue 53).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path
from typing import Any

from toulmin.checker import load_checker
from toulmin.classify import WindowConfig
from toulmin.datasets import SLICES, load_slice
from toulmin.evaluate import score_labelled

DEFAULT = ["vitaminc-dev", "halueval-qa-dev", "halueval-dialogue-dev", "halueval-summarization-dev",
           "wice-dev", "vitaminc-test", "halueval-qa-test", "halueval-dialogue-test",
           "halueval-summarization-test", "anli-test"]


def _items(dialogues: int, rows: int, wice: int = 0, distract: int = 0,
           unread: bool = False) -> list[dict[str, Any]]:
    """The answers of the ablation: ``{"id", "answer", "sources", "question", "faithful"}``;
    development data, or with ``unread`` data no rule was written on: DialogSum test
    dialogues 0-249 (250-499 have been read) and HaluEval test rows."""
    from dialogsum import DATA, DEV, _first_edit, _rows, halueval_answers

    out: list[dict[str, Any]] = []
    read = _rows(DATA if unread else DEV, min(dialogues, 250) if unread else dialogues)
    # a test dialogue has three reference summaries: the first, as benchmarks/dialogsum.py reads it
    for i, row in enumerate(r if "summary" in r else {**r, "summary": r["summary1"]} for r in read):
        src = [{"id": row["fname"], "text": row["dialogue"]}]
        out.append({"id": f"ds-{i}", "answer": row["summary"], "sources": src, "question": None,
                    "faithful": True})
        got = _first_edit(i, row)
        if got is not None:
            out.append({"id": f"ds-{i}-{got[0]}", "answer": got[1], "sources": src, "question": None,
                        "faithful": False})
    for task in ("qa", "dialogue", "summarization"):
        for k, src, question, right, wrong in halueval_answers(task, rows, "test" if unread else "dev"):
            for ok, answer in ((True, right), (False, wrong)):
                out.append({"id": f"he-{task}-{k}-{'right' if ok else 'wrong'}", "answer": answer,
                            "sources": src, "question": question, "faithful": ok})
    if unread:
        return out
    return out + _wice(wice) + _adversarial() + _with_distractors(distract)


def _wice(n: int) -> list[dict[str, Any]]:
    """The first ``n`` WiCE dev claims labelled supported (faithful) or not supported
    (edited), against the page they cite; partially supported ones are left out: whether
    they should be grounded is the question, not the check."""
    import ast

    from toulmin.datasets import data_dir

    out: list[dict[str, Any]] = []
    for i, line in enumerate((data_dir() / "wice" / "claim_dev.jsonl").read_text().splitlines()[:n]):
        r = json.loads(line)
        if r["label"] not in ("supported", "not_supported"):
            continue
        ev = r["evidence"]
        sents = ast.literal_eval(ev) if isinstance(ev, str) else ev
        out.append({"id": f"wice-{i}", "answer": r["claim"], "question": None,
                    "sources": [{"id": "page", "text": "\n".join(sents)}],
                    "faithful": r["label"] == "supported"})
    return out


def _adversarial() -> list[dict[str, Any]]:
    """``benchmarks/adversarial.py``: each claim against its source with a sentence that
    denies, doubts, reports or injects it (not faithful) and with one that states it
    (faithful)."""
    from adversarial import CASES, CONTROL, FRAMES

    out: list[dict[str, Any]] = []
    for i, (claim, base) in enumerate(CASES):
        for name, frame in [*FRAMES.items(), CONTROL]:
            tag = name.split(" (")[0].replace(" ", "-") + "-" + name.split("(")[1].split()[0].lower()
            out.append({"id": f"adv-{i}-{tag}", "answer": claim, "question": None,
                        "sources": [{"id": "s", "text": f"{base} {frame(claim)}"}],
                        "faithful": name == CONTROL[0]})
    return out


def _with_distractors(n: int) -> list[dict[str, Any]]:
    """``benchmarks/distractors.py``'s cases with ``n`` chunks of other cases' sources
    beside their own (its seed): right answers are faithful, WiCE claims by their label
    (partially supported left out)."""
    if n <= 0:
        return []
    from distractors import _cases, _distractors, _key, _pool, _sentences

    from toulmin.datasets import data_dir

    labels = [json.loads(line)["label"] for line in
              (data_dir() / "wice" / "claim_dev.jsonl").read_text().splitlines()[:100]]
    cases = _cases()
    pool = _pool(cases)
    out: list[dict[str, Any]] = []
    for i, case in enumerate(cases):
        label = labels[i] if i < len(labels) else "supported"
        if label == "partially_supported":
            continue
        own = {_key(s["text"]) for s in case["sources"]}
        own_sents = set().union(*(_sentences(s["text"]) for s in case["sources"]))
        extra = _distractors(pool, own, own_sents, n, seed=1000 * i + n)
        out.append({"id": f"dis-{i}", "answer": case["answer"], "question": case["question"],
                    "sources": case["sources"] + extra, "faithful": label == "supported"})
    return out


def _pass(items: list[dict[str, Any]], checks: Any) -> tuple[dict[str, tuple[bool, str]], float]:
    """Each item's (grounded, its claims' verdicts) under ``decide.checks = checks``, and
    the seconds the pass took (models loaded before the clock starts)."""
    import time

    import toulmin

    toulmin.verify("warm up.", ["warm up."], **{"decide.checks": checks})
    t = time.perf_counter()
    got: dict[str, tuple[bool, str]] = {}
    for it in items:
        r = toulmin.verify(it["answer"], it["sources"], it["question"], **{"decide.checks": checks})
        got[it["id"]] = (r.is_grounded, " ".join(d.verdict.value for d in r.details))
    return got, time.perf_counter() - t


def ablate(dialogues: int, rows: int, wice: int, distract: int, only: list[str] | None, out: Path,
           unread: bool = False) -> None:
    from toulmin.checks import registered

    items = _items(dialogues, rows, wice, distract, unread)
    faithful = {it["id"] for it in items if it["faithful"]}
    names = [c.name for c in registered() if only is None or c.name in only]
    base, base_s = _pass(items, True)
    print(f"{len(items)} answers ({len(faithful)} faithful): baseline {base_s:.0f} s; "
          f"not grounded: {sum(not g for i, (g, _) in base.items() if i in faithful)} faithful, "
          f"{sum(not g for i, (g, _) in base.items() if i not in faithful)} edited", flush=True)
    rows_out: dict[str, dict[str, Any]] = {}
    every = [c.name for c in registered()]
    for name in names:
        # a name is also the prefix of the checks below it ("hearsay", "hearsay.asked"):
        # those stay on, so that each row is one check
        off, secs = _pass(items, {name: "off", **{o: "on" for o in every if o.startswith(name + ".")}})
        changed = [i for i in base if base[i] != off[i]]
        alarms = [i for i in changed if i in faithful and not base[i][0] and off[i][0]]
        catches = [i for i in changed if i not in faithful and not base[i][0] and off[i][0]]
        rows_out[name] = {"changed": len(changed), "false_alarms": len(alarms), "catches": len(catches),
                          "by_slice": {sl: [sum(i.split("-")[0] == sl for i in alarms),
                                            sum(i.split("-")[0] == sl for i in catches)]
                                       for sl in sorted({i.split("-")[0] for i in alarms + catches})},
                          "seconds": round(secs, 1), "baseline_seconds": round(base_s, 1),
                          "false_alarm_ids": alarms, "catch_ids": catches}
        shown = {k: v for k, v in rows_out[name].items() if not k.endswith("_ids")}
        print(name, json.dumps(shown), flush=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    data = (f"UNREAD: DialogSum test dialogues 0-{min(dialogues, 250) - 1} (faithful + one edit each), "
            f"HaluEval test {rows} rows per task (right + hallucinated)") if unread else (
            f"DialogSum dev {dialogues} dialogues (faithful + one edit each), "
            f"HaluEval dev {rows} rows per task (right + hallucinated), "
            f"WiCE dev first {wice} claims (supported / not supported), "
            "adversarial.py's 204 framed pairs and 12 controls, "
            f"distractors.py's cases with {distract} chunks beside")
    out.write_text(json.dumps({"data": data,
                               "slices": dict(Counter(i["id"].split("-")[0] for i in items)),
                               "answers": len(items), "faithful": len(faithful), "checks": rows_out},
                              indent=1) + "\n")
    print("\n| check | answers changed without it | false alarms it alone makes | edits it alone catches "
          "| seconds without it (baseline) | verdict |\n|---|---|---|---|---|---|")
    for name, r in rows_out.items():
        verdict = ("pays" if r["catches"] > r["false_alarms"] else
                   "costs more than it catches" if r["false_alarms"] > r["catches"] else
                   "even" if r["changed"] else "never changes a verdict")
        print(f"| {name} | {r['changed']} | {r['false_alarms']} | {r['catches']} | {r['seconds']} "
              f"({r['baseline_seconds']}) | {verdict} |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default=None)
    ap.add_argument("--slices", default=",".join(DEFAULT))
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--ablate", action="store_true", help="each registered check off in turn (see above)")
    ap.add_argument("--dialogues", type=int, default=250, help="--ablate: DialogSum dev dialogues")
    ap.add_argument("--rows", type=int, default=100, help="--ablate: HaluEval dev rows per task")
    ap.add_argument("--wice", type=int, default=349,
                    help="--ablate: first N WiCE dev claims (partially supported ones left out)")
    ap.add_argument("--distractors", type=int, default=10,
                    help="--ablate: distractors.py's cases with N chunks of others' sources beside (0: none)")
    ap.add_argument("--only", default=None, help="--ablate: these checks only (comma-separated)")
    ap.add_argument("--unread", action="store_true",
                    help="--ablate on data no rule was written on: DialogSum test 0-249, HaluEval test rows "
                         "(judges a check the development ablation would move)")
    a = ap.parse_args()
    if a.ablate:
        ablate(a.dialogues, a.rows, a.wice, a.distractors, a.only.split(",") if a.only else None,
               a.out or Path(f"benchmarks/results/checks-ablation{'-unread' if a.unread else ''}.json"),
               a.unread)
        return
    a.out = a.out or Path("benchmarks/results/checks.json")
    checker = load_checker(None, a.model)
    results: dict[str, dict[str, dict[str, int]]] = {}
    for name in a.slices.split(","):
        assert name in SLICES, name
        pairs = load_slice(name)
        on_right: Counter[str] = Counter()
        on_wrong: Counter[str] = Counter()
        caught: Counter[str] = Counter()
        broke: Counter[str] = Counter()
        for p, s in zip(pairs, score_labelled(checker, pairs, WindowConfig(checks=True))):
            if s.error is not None:
                raise SystemExit(f"{name} {p.id}: {s.error}")
            model_says = (s.prob_supported or 0.0) >= checker.threshold
            for kind in sorted({str(f["kind"]) for f in s.findings}):
                (on_right if p.supported else on_wrong)[kind] += 1
                if model_says:  # the finding overruled the model's "supported"
                    (broke if p.supported else caught)[kind] += 1
        kinds = sorted(set(on_right) | set(on_wrong))
        results[name] = {kind: {"pairs": len(pairs), "on_supported": on_right[kind],
                                "on_not_supported": on_wrong[kind], "caught_from_model": caught[kind],
                                "broke_model": broke[kind]}
                         for kind in kinds}
        print(name, json.dumps(results[name]), flush=True)
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps({"model": f"{checker.name} {checker.version}", "results": results},
                                indent=2) + "\n")
    print(f"\nmodel {checker.name} {checker.version}\n")
    print("| slice | finding | fires on supported (false alarm) | on not supported | precision "
          "| model's wrong 'supported' fixed | model's right 'supported' broken |")
    print("|---|---|---|---|---|---|---|")
    for name, by_kind in results.items():
        if not by_kind:
            print(f"| {name} | (none fired) | 0 | 0 | - | 0 | 0 |")
        for kind, r in by_kind.items():
            fired = r["on_supported"] + r["on_not_supported"]
            print(f"| {name} | {kind} | {r['on_supported']} | {r['on_not_supported']} | "
                  f"{100 * r['on_not_supported'] / fired:.1f}% | {r['caught_from_model']} | "
                  f"{r['broke_model']} |")


if __name__ == "__main__":
    main()
