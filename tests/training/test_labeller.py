"""The teacher's labeller (toulmin.training.labeller): a background run that can be killed,
paused and stopped, resumes at the first chunk not saved, and gives the same logits as an
uninterrupted run and as ``distil.label_file``. A tiny BERT stands in for the teacher."""

import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="needs the train extra")

from tests.conftest import TINY_ROWS, build_tiny_bert
from toulmin.errors import ConfigError, InputError
from toulmin.training import labeller
from toulmin.training.background import events
from toulmin.training.distil import label_file
from toulmin.training.labeller import LabelConfig
from toulmin.training.recipe import write_jsonl
from toulmin.training.train import LABELS

ROWS = 400


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("labels-data")
    teacher = build_tiny_bert(d / "teacher", dict(enumerate(LABELS)), layers=1)
    # a random tiny BERT's logits differ in the 5th decimal; scaled, the rows differ where
    # the written file (4 decimals) shows it, so a row given another's logits is caught
    import torch
    from transformers import AutoModelForSequenceClassification

    m = AutoModelForSequenceClassification.from_pretrained(teacher)
    with torch.no_grad():
        m.classifier.weight.mul_(1000.0)
    m.save_pretrained(teacher)
    write_jsonl(TINY_ROWS * (ROWS // len(TINY_ROWS)), d / "train.jsonl")
    return {"teacher": teacher, "train": d / "train.jsonl"}


@pytest.fixture(autouse=True)
def _reaped() -> Iterator[None]:
    yield
    labeller.wait(60)


def _cfg(files: dict[str, Path], **kw: object) -> LabelConfig:
    args: dict[str, object] = {"teacher": str(files["teacher"]), "train_file": str(files["train"]),
                               "max_length": 16, "batch_size": 4, "chunk": 8, "bf16": False, **kw}
    return LabelConfig(**args)  # type: ignore[arg-type]


def _rows(path: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def _wait_for(cond: object, timeout: float = 120.0) -> None:
    deadline = time.time() + timeout
    while not cond():  # type: ignore[operator]
        assert time.time() < deadline, "timed out"
        time.sleep(0.05)


def _saved(h: Path) -> int:
    return len(list((h / "chunks").glob("?????.npy"))) if (h / "chunks").is_dir() else 0


@pytest.fixture(scope="module")
def straight(files: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    h = tmp_path_factory.mktemp("straight")
    labeller.start(h, _cfg(files), foreground=True)
    return h


def test_an_uninterrupted_run_labels_every_row_as_label_file_does(
        files: dict[str, Path], straight: Path, tmp_path: Path) -> None:
    st = labeller.status(straight)
    assert st["done"] is True and st["labelled"] == st["rows"] == ROWS and st["chunks"] == "50 of 50"
    assert st["running"] is False and st["rows_per_second"] > 0
    n, k = labeller.write(straight, tmp_path / "out.jsonl")
    assert (n, k) == (ROWS, ROWS)
    ours = _rows(tmp_path / "out.jsonl")
    label_file(files["teacher"], files["train"], tmp_path / "ref.jsonl", max_length=16, bf16=False,
               log=lambda _: None)
    ref = _rows(tmp_path / "ref.jsonl")
    assert [r["claim"] for r in ours] == [r["claim"] for r in ref]  # the file's order
    for a, b in zip(ours, ref):
        # batches of other lengths pad differently: equal to float error, not bit for bit
        assert a["teacher_logits"] == pytest.approx(b["teacher_logits"], abs=2e-4)
    # the teacher tells the rows apart (a test of wiring, not of a constant)
    assert len({tuple(r["teacher_logits"]) for r in ours}) == len(TINY_ROWS)  # type: ignore[arg-type]


def test_a_killed_run_resumes_at_the_first_chunk_not_saved_with_the_same_logits(
        files: dict[str, Path], straight: Path, tmp_path: Path) -> None:
    h = tmp_path / "l"
    pid = labeller.start(h, _cfg(files))
    _wait_for(lambda: _saved(h) >= 5)
    os.kill(pid, signal.SIGKILL)
    _wait_for(lambda: not labeller.status(h)["running"], 30)
    cut = labeller.status(h)
    assert 5 * 8 <= cut["labelled"] < ROWS and cut["done"] is False, "must be cut part way"
    # what is saved so far is a training file already: the labelled rows alone, or all of them
    n, k = labeller.write(h, tmp_path / "part.jsonl", labelled_only=True)
    assert n == k == cut["labelled"]
    n_all, k_all = labeller.write(h, tmp_path / "all.jsonl")
    assert (n_all, k_all) == (ROWS, cut["labelled"])
    labeller.start(h, foreground=True)
    assert labeller.status(h)["done"] is True
    assert [e["event"] for e in events(h) if e["event"] in ("start", "resume")] == ["start", "resume"]
    labeller.write(h, tmp_path / "a.jsonl")
    labeller.write(straight, tmp_path / "b.jsonl")
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()


def test_pause_stop_and_the_errors(files: dict[str, Path], tmp_path: Path) -> None:
    h = tmp_path / "l"
    labeller.start(h, _cfg(files, chunk=4))
    _wait_for(lambda: _saved(h) >= 1)
    labeller.pause(h)
    _wait_for(lambda: labeller.status(h).get("paused") is True, 10)
    with pytest.raises(InputError) as e:
        labeller.start(h)
    assert e.value.code == "E_RUNNING"
    assert labeller.stop(h, wait=60)  # wakes the paused run, which ends after its batch
    st = labeller.status(h)
    assert st["running"] is False and 0 < st["labelled"] < ROWS
    with pytest.raises(InputError) as e2:
        labeller.resume(h)
    assert e2.value.code == "E_NOT_RUNNING"
    with pytest.raises(InputError) as e3:
        labeller.start(tmp_path / "none")
    assert e3.value.code == "E_NOT_FOUND"
    with pytest.raises(InputError) as e4:
        labeller.start(tmp_path / "x", _cfg(files, teacher=str(tmp_path / "missing")))
    assert e4.value.code == "E_NOT_FOUND" and "missing" in e4.value.message
    raw = json.loads((h / "config.json").read_text())
    (h / "config.json").write_text(json.dumps({**raw, "chunk_size": 3}))
    with pytest.raises(ConfigError) as e5:
        labeller.start(h)
    assert e5.value.code == "E_CONFIG_KEY" and "chunk" in e5.value.fix
    (h / "config.json").write_text(json.dumps(raw))
    changed = tmp_path / "train.jsonl"
    changed.write_bytes(files["train"].read_bytes() + b"\n")
    (h / "config.json").write_text(json.dumps({**raw, "train_file": str(changed)}))
    with pytest.raises(InputError) as e6:
        labeller.start(h)
    assert e6.value.code == "E_CHANGED"


def test_home_is_outside_the_work_tree(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("TOULMIN_LABELS_HOME", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert labeller.home() == tmp_path / "toulmin" / "kit" / "labels"
    monkeypatch.setenv("TOULMIN_LABELS_HOME", str(tmp_path / "h"))
    assert labeller.home() == tmp_path / "h"
