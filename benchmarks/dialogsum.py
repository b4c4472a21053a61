"""False alarms on faithful summaries of conversations (issue 32's measure).

    python benchmarks/dialogsum.py [--dialogues 500] [--summaries 1,2,3] [--out F]

DialogSum test (``../shared/data/dialogsum``, CC BY-NC-SA 4.0, evaluation only): every
human summary is faithful to its dialogue, so every "not grounded" and every
CONTRADICTED claim is a false alarm. Each summary is verified against its dialogue as the
one source, with the default config. Prints the share of summaries reported not grounded,
the share with any flagged claim, and the share of checkable claims CONTRADICTED, with
which check or note led to each contradiction most often.
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections import Counter
from pathlib import Path

import toulmin
from toulmin.report import FLAGGED

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "dialogsum" / "dialogsum.test.jsonl.gz"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dialogues", type=int, default=500)
    ap.add_argument("--summaries", default="1,2,3")
    ap.add_argument("--out", default=None)
    a = ap.parse_args()
    with gzip.open(DATA, "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for _, line in zip(range(a.dialogues), fh)]
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
                    kinds = sorted({f.kind for f in d.findings if f.status == "mismatch"}) or ["checker"]
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
