"""False alarms on faithful summaries of conversations, and edits caught (issue 32's measure).

    python benchmarks/dialogsum.py [--dialogues 500] [--summaries 1,2,3] [--out F]
    python benchmarks/dialogsum.py --edited [--dialogues 500] [--split dev|test]
    python benchmarks/dialogsum.py --budget [--dialogues 500] [--rows 150]

DialogSum test (``../shared/data/dialogsum``, CC BY-NC-SA 4.0, evaluation only): every
human summary is faithful to its dialogue, so every "not grounded" and every
CONTRADICTED claim is a false alarm. Each summary is verified against its dialogue as the
one source, with the default config. Prints the share of summaries reported not grounded,
the share with any flagged claim, and the share of checkable claims CONTRADICTED, with
which check or note led to each contradiction most often.

``--edited``: DialogSum dev summaries with one fact changed each (a number, a time, a
name, a negation, the two speakers swapped; the edit is made only where the summary has
such a fact, deterministically: a summary that names the two speakers only together,
"#Person1# and #Person2# talk about ...", has no fact a swap would change), and the share
of them reported not grounded (caught). ``--split test``: the same edits of the first
summary of DialogSum test dialogues, held out from every choice.

``--slice``: the development slice every issue-32 choice was made on, in one line: the
first ``--dialogues`` DialogSum dev dialogues, each faithful summary and one edited copy
(the same edits as ``--edited``): faithful not grounded, CONTRADICTED of their claims, and
edited caught.

``--budget``: the false-alarm budget of every check that can refute a claim alone
(``checks.refutes``). Faithful text: DialogSum dev summaries and HaluEval's right answers,
dialogue responses and summaries (dev rows); edited text: the DialogSum dev edits above and
HaluEval's hallucinated ones. A check *fires* on a faithful answer and *catches* an edited
one when a flagged claim of it carries that check's mismatch. A check that fires on more
faithful answers than it catches edited ones should not decide alone
(``decide.advisory_checks``).
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import toulmin
from toulmin.checks.claim import refutes
from toulmin.datasets import data_dir
from toulmin.report import FLAGGED

DATA = data_dir() / "dialogsum" / "dialogsum.test.jsonl.gz"
DEV = DATA.with_name("dialogsum.dev.jsonl.gz")


def _rows(path: Path, n: int) -> list[dict[str, str]]:
    """The first ``n`` rows of a DialogSum file."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for _, line in zip(range(n), fh)]
_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twelve", "twenty"]
_NAMES = ["Harriet", "Gregory", "Beatrice", "Oswald", "Priya", "Tomasz"]
KINDS = ["number", "time", "name", "negation", "speakers"]  # the edits, in the order rows take turns
_NEG = [(" is ", " is not "), (" was ", " was not "), (" will ", " will not "), (" can ", " cannot "),
        (" are ", " are not "), (" has ", " has not "), (" wants ", " does not want ")]


def edit(summary: str, dialogue: str, kind: str) -> str | None:
    """``summary`` with one fact of ``kind`` changed, or None when it has none."""
    if kind == "number":
        m = re.search(r"\b\d+(?:\.\d+)?\b", summary)
        if m:
            return summary[: m.start()] + str(int(float(m.group(0))) + 3) + summary[m.end() :]
        m = re.search(r"\b(" + "|".join(_WORDS) + r")\b", summary, re.I)
        if m:
            other = _WORDS[(_WORDS.index(m.group(1).lower()) + 4) % len(_WORDS)]
            return summary[: m.start()] + other + summary[m.end() :]
        return None
    if kind == "time":
        m = re.search(r"\b(\d{1,2})(:\d{2})?\s?(a\.?m\.?|p\.?m\.?|o'clock)", summary, re.I)
        if m:
            hour = (int(m.group(1)) + 2) % 12 or 12
            return summary[: m.start(1)] + str(hour) + summary[m.end(1) :]
        m = re.search(r"\b(morning|afternoon|evening|tonight|tomorrow|yesterday|Monday|Friday|weekend)\b",
                      summary)
        swap = {"morning": "evening", "afternoon": "morning", "evening": "morning", "tonight": "tomorrow",
                "tomorrow": "yesterday", "yesterday": "tomorrow", "Monday": "Friday", "Friday": "Monday",
                "weekend": "weekday"}
        return summary[: m.start()] + swap[m.group(1)] + summary[m.end() :] if m else None
    if kind == "name":
        for m in re.finditer(r"(?<![#\w])([A-Z][a-z]{2,})\b", summary):
            word = m.group(1)
            if m.start() > 0 and word in dialogue and word not in ("The", "They", "She", "He", "It"):
                new = next(n for n in _NAMES if n not in dialogue)
                return summary[: m.start()] + new + summary[m.end() :]
        return None
    if kind == "negation":
        for old, new in _NEG:
            if old in summary:
                return summary.replace(old, new, 1)
        return None
    if kind == "speakers":
        # swapping "#Person1# and #Person2#" alone changes no fact: no edit
        alone = re.sub(r"#Person([12])# and #Person(?!\1)[12]#", "", summary)
        if "#Person1#" in summary and "#Person2#" in summary and re.search(r"#Person[12]#", alone):
            swapped = summary.replace("#Person1#", "\0").replace("#Person2#", "#Person1#")
            return swapped.replace("\0", "#Person2#")
        return None
    raise ValueError(kind)


def edited(n: int, split: str = "dev") -> None:
    # test rows are checked with their first summary, edited the same way (held out: every
    # choice was made on dev)
    rows = [r if "summary" in r else {**r, "summary": r["summary1"]}
            for r in _rows(DEV if split == "dev" else DATA, n)]
    made: Counter[str] = Counter()
    caught: Counter[str] = Counter()
    flagged: Counter[str] = Counter()
    caught_by: Counter[str] = Counter()
    for i, row in enumerate(rows):
        got = _first_edit(i, row)
        if got is None:
            continue
        kind, changed = got
        r = toulmin.verify(changed, [{"id": row["fname"], "text": row["dialogue"]}])
        made[kind] += 1
        caught[kind] += not r.is_grounded
        flagged[kind] += any(d.verdict in FLAGGED for d in r.details)
        if not r.is_grounded:  # what caught it: a check's mismatch or missing fact on a flagged
            # claim ("entity": a name the source never says), else the checker
            kinds_seen: set[str] = {f.kind for d in r.details if d.verdict in FLAGGED for f in d.findings
                                    if f.status in ("mismatch", "missing")}
            for k in kinds_seen or {"checker"}:
                caught_by[k] += 1
    total = sum(made.values())
    print(f"\n{total} edited DialogSum {split} summaries (one fact changed each)\n")
    print("| edit | summaries | caught (not grounded) | any claim flagged |\n|---|---|---|---|")
    for k in KINDS:
        if made[k]:
            share, any_flag = 100 * caught[k] / made[k], 100 * flagged[k] / made[k]
            print(f"| {k} | {made[k]} | {share:.1f}% | {any_flag:.1f}% |")
    print(f"| all | {total} | {100 * sum(caught.values()) / total:.1f}% | "
          f"{100 * sum(flagged.values()) / total:.1f}% |")
    # set beside the faithful run's "contradicted by": a check that fires on faithful text
    # more often than it catches an edit should not decide alone (issue 32)
    print(f"\ncaught by (a summary may count for several): {dict(caught_by.most_common())}")


def _first_edit(i: int, row: dict[str, str]) -> tuple[str, str] | None:
    """Row ``i``'s edited summary and the kind of its edit: the first kind, from the row's
    turn, that the summary allows."""
    for j in range(len(KINDS)):
        kind = KINDS[(i + j) % len(KINDS)]
        changed = edit(row["summary"], row["dialogue"], kind)
        if changed and changed != row["summary"]:
            return kind, changed
    return None


def dev_slice(n: int, out: str | None = None) -> None:
    rows = _rows(DEV, n)
    not_grounded = claims = contradicted = edits = caught = 0
    for i, row in enumerate(rows):
        src = [{"id": row["fname"], "text": row["dialogue"]}]
        r = toulmin.verify(row["summary"], src)
        not_grounded += not r.is_grounded
        claims += r.claims_checked
        contradicted += r.claims_contradicted
        made = _first_edit(i, row)
        if made is not None:
            edits += 1
            caught += not toulmin.verify(made[1], src).is_grounded
    got = {"dialogues": len(rows), "not_grounded_pct": round(100 * not_grounded / len(rows), 1),
           "contradicted_pct_of_claims": round(100 * contradicted / max(claims, 1), 2),
           "caught_pct": round(100 * caught / max(edits, 1), 1), "claims": claims, "edited": edits}
    print(f"\nDialogSum dev, first {len(rows)} dialogues: faithful not grounded {not_grounded} "
          f"({got['not_grounded_pct']}%), CONTRADICTED {contradicted} of {claims} claims "
          f"({got['contradicted_pct_of_claims']}%), edited caught {caught} of {edits} ({got['caught_pct']}%)")
    if out:
        Path(out).write_text(json.dumps(got, indent=1) + "\n")


def _fired(r: toulmin.Report) -> set[str]:
    """The checks that refute a flagged claim of ``r`` alone, and as ``KIND missing`` those
    that find a fact of it missing (a name or a time the source never says): those only
    keep the checker from backing it."""
    return ({f.kind for d in r.details if d.verdict in FLAGGED for f in d.findings if refutes(f)}
            | {f"{f.kind} missing" for d in r.details if d.verdict in FLAGGED for f in d.findings
               if f.status == "missing"})


Answers = tuple[int, list[dict[str, str]], str | None, str, str]


def halueval_answers(task: str, rows: int, part: str = "dev") -> Iterator[Answers]:
    """HaluEval rows of ``task`` (``part``: dev, or test) as (row number, sources, question,
    right answer, hallucinated answer): the knowledge (and the dialogue history) or the
    document as sources, as the pipeline benchmark gives them."""
    from toulmin.datasets import halueval_rows

    for k, (_, r) in enumerate(halueval_rows(task, part)[:rows]):
        if task == "qa":
            src = [{"id": "knowledge", "text": r["knowledge"]}]
            right, wrong = r["right_answer"], r["hallucinated_answer"]
        elif task == "dialogue":
            src = [{"id": "knowledge", "text": r["knowledge"]},
                   {"id": "dialogue", "text": r["dialogue_history"]}]
            right, wrong = r["right_response"], r["hallucinated_response"]
        else:
            src = [{"id": "document", "text": r["document"]}]
            right, wrong = r["right_summary"], r["hallucinated_summary"]
        yield k, src, r.get("question"), right, wrong


def budget(n: int, rows_per_task: int) -> None:
    rows = _rows(DEV, n)
    fires: Counter[str] = Counter()
    catches: Counter[str] = Counter()
    faithful = edits = 0
    for i, row in enumerate(rows):
        src = [{"id": row["fname"], "text": row["dialogue"]}]
        fires.update(_fired(toulmin.verify(row["summary"], src)))
        faithful += 1
        got = _first_edit(i, row)
        if got is not None:
            catches.update(_fired(toulmin.verify(got[1], src)))
            edits += 1
    for task in ("qa", "dialogue", "summarization"):
        for _, src, question, right, wrong in halueval_answers(task, rows_per_task):
            fires.update(_fired(toulmin.verify(right, src, question)))
            catches.update(_fired(toulmin.verify(wrong, src, question)))
            faithful += 1
            edits += 1
    print(f"\n{faithful} faithful answers, {edits} edited or hallucinated ones "
          f"(DialogSum dev {n}, HaluEval dev qa, dialogue and summarization {rows_per_task} rows each)\n")
    print("| check | fires on faithful | catches edited | decides alone |\n|---|---|---|---|")
    for k in sorted(set(fires) | set(catches), key=lambda k: (k.endswith(" missing"), -catches[k], k)):
        alone = ("no: it does not refute" if k.endswith(" missing") else
                 "yes" if fires[k] <= catches[k] else "no: advisory")
        print(f"| {k} | {fires[k]} ({100 * fires[k] / faithful:.1f}%) | {catches[k]} "
              f"({100 * catches[k] / edits:.1f}%) | {alone} |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dialogues", type=int, default=500)
    ap.add_argument("--summaries", default="1,2,3")
    ap.add_argument("--out", default=None)
    ap.add_argument("--edited", action="store_true")
    ap.add_argument("--budget", action="store_true")
    ap.add_argument("--rows", type=int, default=150, help="--budget: HaluEval dev rows per task")
    ap.add_argument("--slice", action="store_true")
    ap.add_argument("--split", choices=["dev", "test"], default="dev", help="--edited: which DialogSum split")
    a = ap.parse_args()
    if a.slice:
        dev_slice(a.dialogues, a.out)
        return
    if a.budget:
        budget(a.dialogues, a.rows)
        return
    if a.edited:
        edited(a.dialogues, a.split)
        return
    rows = _rows(DATA, a.dialogues)
    answers = not_grounded = flagged = claims = contradicted = 0
    why: Counter[str] = Counter()
    verdicts: Counter[str] = Counter()
    for row in rows:
        for k in a.summaries.split(","):
            summary = row.get(f"summary{k}")
            if not summary:
                continue
            r = toulmin.verify(summary, [{"id": row["fname"], "text": row["dialogue"]}])
            answers += 1
            not_grounded += not r.is_grounded
            flagged += any(d.verdict in FLAGGED for d in r.details)
            claims += r.claims_checked
            contradicted += r.claims_contradicted
            for d in r.details:
                verdicts[d.verdict.value] += 1
                if d.verdict == "CONTRADICTED":
                    kinds: list[str] = sorted({f.kind for f in d.findings if f.status == "mismatch"})
                    kinds = kinds or ["checker"]
                    why["+".join(kinds)] += 1
    out = {
        "command": f"python benchmarks/dialogsum.py --dialogues {a.dialogues} --summaries {a.summaries}",
        "summaries": answers,
        "not_grounded_pct": round(100 * not_grounded / answers, 1),
        "any_flagged_pct": round(100 * flagged / answers, 1),
        "claims_checked": claims,
        "contradicted_pct_of_claims": round(100 * contradicted / max(claims, 1), 2),
        "contradicted_by": dict(why.most_common()),
        "verdicts": dict(verdicts.most_common()),
    }
    print(f"\n{answers} faithful summaries of {len(rows)} dialogues (DialogSum test)\n")
    print("| not grounded | any claim flagged | claims checked | CONTRADICTED (of claims) |")
    print("|---|---|---|---|")
    print(f"| {out['not_grounded_pct']}% | {out['any_flagged_pct']}% | {claims} | "
          f"{out['contradicted_pct_of_claims']}% ({contradicted}) |")
    print(f"\ncontradicted by: {out['contradicted_by']}\nverdicts: {out['verdicts']}")
    if a.out:
        Path(a.out).write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
