"""The GPU kit's rehearsal at its smallest: tiny models, a few pairs, every step for real.

Pack, the parts sent one "device call" at a time into a copy of the working tree where
``scripts/gpu_kit.sh`` runs with ``DEVICE=cpu``, the job in the background between calls,
the weights back in shards, then land: unpack, int8 export, calibration, the gate against
the shipped checkers, and the held-out script. ``python scripts/gpu_kit.py rehearse`` is
the same chain with the real base (docs/gpu-kit.md).
"""

import json
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="needs the train extra")

from tests.conftest import TINY_ROWS, build_tiny_bert, build_tiny_mpnet
from toulmin.training.bases import make_cross_encoder
from toulmin.training.kit.land import dialogsum_dev
from toulmin.training.kit.rehearse import rehearsal_plan, rehearse
from toulmin.training.train import LABELS

PAIRS = TINY_ROWS * 6


@pytest.mark.rehearsal
def test_the_whole_kit_runs_through_a_stand_in_device(tmp_path: Path) -> None:
    base = make_cross_encoder(build_tiny_mpnet(tmp_path / "mpnet"), tmp_path / "base")
    starts = {"default": build_tiny_bert(tmp_path / "s6", dict(enumerate(LABELS)), layers=2),
              "fast": build_tiny_bert(tmp_path / "s4", dict(enumerate(LABELS)), layers=1)}
    logs: list[str] = []
    table = rehearse(tmp_path / "r", base_dir=base, plan=rehearsal_plan(0.05), starts=starts, pairs=PAIRS,
                     wheels=False, dev_rows=4, dev_limit=6, accuracy_limit=3, part_mb=0.05, log=logs.append)
    # the students' starts travel in a later part than the teacher's files, and the job,
    # started before they came, waited for them
    manifest = json.loads(next((tmp_path / "r" / "parts").glob("part-1/part.json")).read_text())["files"]
    teacher_in = max(f["part"] for f in manifest if f["stage"] != "students")
    students_in = min(f["part"] for f in manifest if f["stage"] == "students")
    assert students_in > teacher_in
    calls = [x for x in logs if x.startswith("call ")]
    assert all("before the job can start" in c for c in calls[: teacher_in - 1])
    assert "before the job can start" not in calls[teacher_in - 1]
    assert set(table["candidates"]) == {"teacher", "student-default", "student-fast"}
    talked = dialogsum_dev() is not None
    for name, c in table["candidates"].items():
        assert c["gate"].startswith(("PASS", "FAIL")) and c["dev"]["per_slice"], name
        assert set(c["held_out"]) >= {"wice-dev", "vitaminc-test"}
        changed = c["int8_weights_changed_pct"]  # of the 8-bit weights it started from
        assert changed is None if name == "teacher" else 0 <= changed <= 100, name
        if talked:  # what each does on conversations (issue 32), beside the shipped default
            assert c["conversations"]["dialogues"] == 2 and 0 <= c["conversations"]["caught_pct"] <= 100, name
    if talked:
        assert table["shipped_default_conversations"]["claims"] > 0
    assert table["candidates"]["teacher"]["version"] == "1.0.0"
    assert table["candidates"]["student-default"]["version"] == table["candidates"]["student-fast"]["version"]
    built = json.loads((tmp_path / "r" / "land" / "teacher" / "onnx" / "checker.json").read_text())
    assert built["name"].startswith("toulmin-checker-mpnet") and built["pad_id"] == 1
    # every file the GPU packed came back, and nothing twice
    got = sorted(p.relative_to(o).as_posix() for o in (tmp_path / "r").glob("out-*")
                 for p in o.rglob("*") if p.is_file() and p.name != "status.json")
    assert len(got) == len(set(got)) and "student-fast/meta.tgz" in got
