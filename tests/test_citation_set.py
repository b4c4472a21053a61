"""The hand-labelled citation set (benchmarks/citations/) is well formed: every
source reference resolves in ../shared, every marker and statement is in its
answer, every label is one the benchmark scores, and the mix the issue asks for
is there."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import ModuleType

from tests.conftest import load_script, needs_data

ROOT = Path(__file__).resolve().parents[1]
REF_LABELS = {"correct", "wrong_source", "unsupported", "unresolved"}
STATEMENT_LABELS = {"correct", "wrong_source", "unsupported", "unresolved", "missing", "missing_unsupported"}


def _bench() -> ModuleType:
    return load_script("benchmarks/citations.py", "bench_citations")


@needs_data
def test_labelled_set_is_well_formed() -> None:
    bench = _bench()
    rows = bench.load_set()
    assert len(rows) >= 60
    assert len({r["id"] for r in rows}) == len(rows)
    refs: Counter[str] = Counter()
    statements: Counter[str] = Counter()
    for row in rows:
        ids = [s["id"] for s in row["sources"]]
        assert len(set(ids)) == len(ids), row["id"]
        assert all(s["text"].strip() for s in row["resolved_sources"]), row["id"]
        for m in row["markers"]:
            bench._locate(row["answer"], m["text"], m.get("occurrence", 1))  # raises if absent
            for ref in m["refs"]:
                assert ref["label"] in REF_LABELS, (row["id"], ref)
                refs[ref["label"]] += 1
        for st in row["statements"]:
            assert st["text"] in row["answer"], (row["id"], st["text"])
            assert st["label"] in STATEMENT_LABELS, (row["id"], st)
            assert set(st.get("supported_by", [])) <= set(ids), (row["id"], st)
            statements[st["label"]] += 1
    # correct, wrong-source and missing citations, as the issue asks
    assert refs["correct"] and refs["wrong_source"] and refs["unsupported"] and refs["unresolved"]
    assert statements["missing"] + statements["missing_unsupported"] > 0
    assert sum(not row["markers"] for row in rows) >= 3  # answers with no citation at all
