"""The golden corpus: verify (and offline CRAG) cases whose reports must not change.

Issue 30 moves the code around without changing what it does; these reports are how
that is checked. Cases come from the project's own files (``examples/``, the probes,
the citation set, a few written here) and, by reference only, from the development
slices in ``../shared/data`` (never copied into the repository): a HaluEval or WiCE case
names its row, and its report is kept as a SHA-256 with its verdicts, not as text.

    python scripts/record_goldens.py      # only when a change is meant to move a report
"""

from __future__ import annotations

import ast
import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected.json"
REPORTS = HERE / "reports"

PLANT = {"id": "key", "text": "The Riverside plant, which opened in 1998, employs 300 people. It produces "
                              "steel pipes for the construction industry."}
AUDIT = {"id": "audit", "text": "The Riverside plant employs 450 people, the 2024 audit found."}
TRIAL = "The Phase 2 trial showed an 81% success rate"
# Written for these goldens: every verdict, stale and superseded sources, sources that
# disagree, claims over the cap, trivial text, a pronoun chain.
WRITTEN: list[dict[str, Any]] = [
    {"id": "stale-only", "answer": f"{TRIAL}.",
     "sources": [{"id": "old", "text": f"{TRIAL} on the primary endpoint.",
                  "metadata": {"superseded_by": "v2"}}]},
    {"id": "unlinked", "answer": "Jupiter has 95 known moons.", "sources": [PLANT]},
    {"id": "trivial-and-claims", "answer": "Thanks for asking! The Riverside plant opened in 1998. "
                                           "Is that helpful?", "sources": [PLANT]},
    {"id": "pronoun-chain", "answer": "The Riverside plant opened in 1998. It employs 300 people. "
                                      "The plant was expanded in 2005.", "sources": [PLANT]},
    {"id": "conflict", "answer": "The Riverside plant employs 300 people.",
     "sources": [PLANT, AUDIT]},
    {"id": "conflict-superseded", "answer": "The Riverside plant employs 300 people.",
     "sources": [PLANT, {**AUDIT, "metadata": {"superseded_by": "key"}}]},
    {"id": "off-topic-crowd", "answer": "The Riverside plant opened in 1998. The plant employs 300 people.",
     "sources": [PLANT, {"id": "group", "text": "The group employs over 1,000 people throughout the region."},
                 {"id": "hillside",
                  "text": "The Hillside plant employs 1,200 people and produces copper wire."}]},
    {"id": "over-max-claims",
     "answer": " ".join(f"The plant had {n} visitors in {1990 + n}." for n in range(1, 13)),
     "sources": [PLANT]},
    {"id": "contradicted-number", "answer": "The trial enrolled 420 participants.",
     "sources": [{"id": "S", "text": "The Phase 2 trial, led by Smith et al., enrolled 340 participants "
                                     "across 12 sites."}]},
]
# Offline CRAG: the first sources leave a claim unbacked; the corpus has it.
CRAG = [
    {"id": "crag-offline", "answer": "The Riverside plant opened in 1998. It exports to twelve countries.",
     "sources": [PLANT],
     "corpus": ["The Riverside plant exports steel pipes to twelve countries in Europe and Asia.",
                "Copper prices rose in 2021.", "The Hillside plant opened in 2001."]},
]


@dataclass
class Case:
    id: str
    answer: str
    sources: list[dict[str, Any]]
    question: str | None = None
    corpus: list[str] = field(default_factory=list)
    own: bool = True  # the project's own text: the report is kept in full

    def run(self) -> Any:
        import toulmin

        if not self.corpus:
            return toulmin.verify(self.answer, self.sources, question=self.question)

        def retrieve(query: str, k: int) -> list[str]:
            words = set(query.lower().split())
            ranked = sorted(self.corpus, key=lambda p: (-len(words & set(p.lower().split())), p))
            return ranked[:k]

        return toulmin.crag(self.answer, self.sources, retrieve, question=self.question)


def canonical(result: Any) -> str:
    """The report (or the CRAG result) as the goldens compare it: JSON without timings and
    without the resolved config, whose shape is what issue 30 reorganises (its values are
    the defaults, which tests/test_config.py pins); everything the pipeline decided stays."""
    data = result.model_dump(mode="json")
    _drop(data)
    return json.dumps(data, indent=2, ensure_ascii=False)


def _drop(data: Any) -> None:
    if isinstance(data, dict):
        data.pop("timings_ms", None)
        data.pop("config", None)
        for v in data.values():
            _drop(v)
    elif isinstance(data, list):
        for v in data:
            _drop(v)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def verdicts(result: Any) -> list[str]:
    report = getattr(result, "report", result)
    return [f"{d.id}:{d.verdict.value}" for d in report.details]


def _examples() -> Iterator[Case]:
    ex = ROOT / "examples"
    srcs = [json.loads(p.read_text()) for p in sorted((ex / "sources").glob("*.json"))]
    yield Case("example-answer", (ex / "answer.txt").read_text().strip(), srcs)
    yield Case("example-cited", (ex / "cited-answer.txt").read_text().strip(), srcs)
    for k, line in enumerate((ex / "batch.jsonl").read_text().splitlines()):
        row = json.loads(line)
        yield Case(f"example-batch-{k}", row["answer"], row["sources"], row.get("question"))


def _probes() -> Iterator[Case]:
    seen: dict[str, int] = {}
    for line in (ROOT / "benchmarks" / "data" / "probes.jsonl").read_text().splitlines():
        row = json.loads(line)
        n = seen.get(row["category"], 0)
        if n < 2:  # the first two of every category
            seen[row["category"]] = n + 1
            yield Case(f"probe-{row['id']}", row["claim"], [{"id": "doc", "text": row["doc"]}])


def _citations() -> Iterator[Case]:
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from citations import load_set  # the citation benchmark's own resolver
    finally:
        sys.path.pop(0)
    for row in load_set()[:6]:
        yield Case(f"citations-{row['id']}", row["answer"], row["resolved_sources"], row.get("question"),
                   own=False)


def _halueval() -> Iterator[Case]:
    from toulmin.datasets import halueval_rows

    for task, n in (("qa", 5), ("dialogue", 5), ("summarization", 3)):
        for i, r in halueval_rows(task, "dev")[:n]:
            if task == "qa":
                srcs, q = [{"id": "knowledge", "text": r["knowledge"]}], r["question"]
                right, wrong = r["right_answer"], r["hallucinated_answer"]
            elif task == "dialogue":
                srcs = [{"id": "knowledge", "text": r["knowledge"]},
                        {"id": "dialogue", "text": r["dialogue_history"]}]
                q, right, wrong = None, r["right_response"], r["hallucinated_response"]
            else:
                srcs, q = [{"id": "document", "text": r["document"]}], None
                right, wrong = r["right_summary"], r["hallucinated_summary"]
            yield Case(f"halueval-{task}-dev-{i}-right", right, srcs, q, own=False)
            yield Case(f"halueval-{task}-dev-{i}-halluc", wrong, srcs, q, own=False)


def _wice() -> Iterator[Case]:
    from toulmin.datasets import data_dir

    for k, line in enumerate((data_dir() / "wice" / "claim_dev.jsonl").read_text().splitlines()[:10]):
        r = json.loads(line)
        ev = ast.literal_eval(r["evidence"]) if isinstance(r["evidence"], str) else r["evidence"]
        yield Case(f"wice-dev-{k}", r["claim"], [{"id": "page", "text": "\n".join(ev)}], own=False)


SOURCES: list[Callable[[], Iterator[Case]]] = [_examples, _probes, _citations, _halueval, _wice]
# The cases read from the public data, by the prefix of their ids: a checkout without the
# data leaves them out (tests/test_golden.py skips them, naming the data).
FROM_DATA: dict[Callable[[], Iterator[Case]], str] = {_citations: "citations-", _halueval: "halueval-",
                                                     _wice: "wice-"}


def data_present() -> bool:
    from toulmin.datasets import data_dir
    from toulmin.errors import InputError

    try:
        data_dir()
    except InputError:
        return False
    return True


def cases() -> list[Case]:
    """Every case; without the public data, those read from it are left out."""
    out = [Case(c["id"], c["answer"], c["sources"]) for c in WRITTEN]
    out += [Case(c["id"], c["answer"], c["sources"], corpus=c["corpus"]) for c in CRAG]
    present = data_present()
    for make in SOURCES:
        if make in FROM_DATA and not present:
            continue
        out.extend(make())
    return out
