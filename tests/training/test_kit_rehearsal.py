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
    # the teacher's logits came back too, and land wrote them into the training file: the
    # students can be distilled again on the CPU without labelling there
    assert "teacher-logits/logits.npy" in got
    labelled_file = tmp_path / "r" / "land" / "train-labelled.jsonl"
    labelled = [json.loads(x) for x in labelled_file.read_text().splitlines()]
    assert len(labelled) == len(PAIRS) and all(len(r["teacher_logits"]) == 3 for r in labelled)
    assert [r["claim"] for r in labelled] == [p.claim for p in PAIRS]


@pytest.mark.rehearsal
def test_a_cpu_continuation_lands_through_the_same_gate(tmp_path: Path) -> None:
    """land_cpu: a run continued on the CPU (here a tiny BERT standing in for the shipped
    default's weights) is exported as the default is, calibrated, gated against the shipped
    default measured in the same call, and both are scored on the hard-negative slices;
    nothing is installed when the gate says no."""
    from tests.conftest import DATA, DATA_REASON
    from toulmin.checker.onnx import shipped_model_dir
    from toulmin.training.kit.land import land_cpu
    from toulmin.training.recipe import write_jsonl
    from toulmin.training.train import TrainConfig, train, write_dev_file

    if not DATA.is_dir():
        pytest.skip(DATA_REASON)
    start = build_tiny_bert(tmp_path / "start", dict(enumerate(LABELS)), layers=2)
    write_jsonl(PAIRS, tmp_path / "train.jsonl")
    write_dev_file({"dev": PAIRS[:4]}, str(tmp_path / "dev.jsonl"))
    run = tmp_path / "run"
    train(TrainConfig(base=str(start), init_from=str(start), out_dir=str(run),
                      train_file=str(tmp_path / "train.jsonl"), dev_file=str(tmp_path / "dev.jsonl"),
                      batch_size=4, max_length=32, max_minutes=1, bf16=False), log=lambda s: None)
    (run / "train.jsonl").write_bytes((tmp_path / "train.jsonl").read_bytes())
    t = land_cpu(run, "default", tmp_path / "land", command="toulmin train ...", recipe="tiny", install=True,
                 accuracy=False, hard_rows=6, dev_limit=6, models_root=tmp_path / "models",
                 log=lambda s: None)
    assert t["gate"].startswith(("PASS", "FAIL"))
    assert set(t["dev"]["per_slice"]) == set(t["shipped"]["per_slice"])
    assert set(t["hard_negatives"]["shipped"]) == set(t["hard_negatives"]["candidate"]) == {
        "hard-negation", "hard-direction", "hard-quantity", "hard-hedged", "hard-instruction"}
    changed = t["int8_weights_changed_pct"]  # of the shipped graph's 8-bit weights it shares
    assert changed is None or 0 <= changed <= 100
    card = json.loads((tmp_path / "land" / "onnx-default" / "checker.json").read_text())
    assert card["stages"][-1]["recipe"] == "tiny" and card["stages"][-1]["init_from"].startswith(
        "toulmin-checker-minilm-l6")
    # installed (into the folder given, never the package here) only through the gate
    assert (tmp_path / "models" / "checker" / "model.onnx").is_file() == t["passed"]
    assert shipped_model_dir("default").is_dir()
    assert json.loads((tmp_path / "land" / "onnx-default" / "land-cpu.json").read_text())["gate"] == t["gate"]
