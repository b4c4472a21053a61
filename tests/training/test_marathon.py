"""The marathon (toulmin.training.marathon): a background run that survives being killed,
paused and stopped, and continues the same run when resumed. A tiny BERT on a few hundred
pairs stands in for the 12-layer teacher."""

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
from toulmin.training import marathon
from toulmin.training.marathon import MarathonConfig
from toulmin.training.recipe import write_jsonl
from toulmin.training.train import LABELS, write_dev_file

STEPS = 300  # 600 pairs, 2 a batch: long enough to kill it part way


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("marathon-data")
    base = build_tiny_bert(d / "base", dict(enumerate(LABELS)), layers=1)
    write_jsonl(TINY_ROWS * (STEPS // 2), d / "train.jsonl")
    write_dev_file({"dev": TINY_ROWS}, str(d / "dev.jsonl"))
    return {"base": base, "train": d / "train.jsonl", "dev": d / "dev.jsonl"}


@pytest.fixture(autouse=True)
def _reaped() -> Iterator[None]:
    """Every run a test starts has ended (and been reaped) when it is over."""
    yield
    marathon.wait(60)


def _cfg(files: dict[str, Path], **kw: object) -> MarathonConfig:
    args: dict[str, object] = {"base": str(files["base"]), "train_file": str(files["train"]),
                               "dev_file": str(files["dev"]), "batch_size": 2, "max_length": 16,
                               "warmup_steps": 10, "ckpt_steps": 20, "eval_every": 100, "log_every": 10,
                               "threads": 1, "bf16": False, **kw}
    return MarathonConfig(**args)  # type: ignore[arg-type]


def _weights(folder: Path) -> dict[str, object]:
    from safetensors.torch import load_file

    return load_file(str(folder / "model.safetensors"))


def _events(h: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in (h / "log.jsonl").read_text().splitlines()]


def _wait_for(cond: object, timeout: float = 120.0) -> None:
    deadline = time.time() + timeout
    while not cond():  # type: ignore[operator]
        assert time.time() < deadline, "timed out"
        time.sleep(0.05)


def _checkpointed(h: Path, at_least: int) -> bool:
    st = h / "ckpt" / "state.json"
    try:
        return bool(json.loads(st.read_text())["step"] >= at_least)
    except (FileNotFoundError, json.JSONDecodeError, KeyError):
        return False


@pytest.fixture(scope="module")
def straight(files: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same run, never interrupted: what every resumed run must end as."""
    h = tmp_path_factory.mktemp("straight")
    marathon.start(h, _cfg(files), foreground=True)
    return h


def test_an_uninterrupted_run_ends_after_one_pass_with_its_curve(straight: Path) -> None:
    st = marathon.status(straight)
    assert st["running"] is False and st["done"] is True
    assert st["step"] == st["total_steps"] == STEPS and st["pairs_seen"] == 2 * STEPS
    assert [c["step"] for c in st["curve"]] == [0, 100, 200, 300]  # the start, then every 100 steps
    assert (straight / "best" / "model.safetensors").is_file()
    steps = [e for e in _events(straight) if e["event"] == "step"]
    assert len(steps) == STEPS // 10 and all(float(e["loss"]) > 0 for e in steps)  # type: ignore[arg-type]


def test_a_run_killed_mid_pass_resumes_to_the_same_steps_and_weights(
        files: dict[str, Path], straight: Path, tmp_path: Path) -> None:
    h = tmp_path / "m"
    pid = marathon.start(h, _cfg(files))
    _wait_for(lambda: _checkpointed(h, 60))
    os.kill(pid, signal.SIGKILL)  # no chance to checkpoint: the steps since the last one are lost
    _wait_for(lambda: not marathon.status(h)["running"], 30)
    killed_at = json.loads((h / "ckpt" / "state.json").read_text())["step"]
    assert 60 <= killed_at < STEPS, "the run must be cut part way for the test to mean anything"
    assert marathon.status(h)["running"] is False  # the stale pid file is not taken for a run
    marathon.start(h, foreground=True)  # resumes from the checkpoint
    st = marathon.status(h)
    assert st["step"] == STEPS and st["pairs_seen"] == 2 * STEPS and st["done"] is True
    resumed = [e for e in _events(h) if e["event"] == "resume"]
    assert len(resumed) == 1 and resumed[0]["step"] == killed_at
    a, b = _weights(straight / "ckpt" / "model"), _weights(h / "ckpt" / "model")
    assert a.keys() == b.keys()
    import torch

    for k in a:
        assert torch.equal(a[k], b[k]), k  # type: ignore[arg-type]


def test_stop_checkpoints_at_once_and_a_paused_run_still_stops(
        files: dict[str, Path], tmp_path: Path) -> None:
    h = tmp_path / "m"
    marathon.start(h, _cfg(files, ckpt_steps=0, ckpt_minutes=60.0))  # no checkpoint by itself
    _wait_for(lambda: any(e["event"] == "step" for e in _events(h)) if (h / "log.jsonl").exists() else False)
    marathon.pause(h)
    _wait_for(lambda: marathon.status(h).get("paused") is True, 10)
    with pytest.raises(InputError) as e:
        marathon.start(h)
    assert e.value.code == "E_RUNNING"
    assert marathon.stop(h, wait=60)  # wakes the paused run, which checkpoints and ends
    st = marathon.status(h)
    assert st["running"] is False and 0 < st["step"] < STEPS
    assert [e["event"] for e in _events(h)][-2:] == ["checkpoint", "stop"]
    with pytest.raises(InputError) as e2:
        marathon.resume(h)
    assert e2.value.code == "E_NOT_RUNNING"
    marathon.start(h, foreground=True)  # the stop file of the last stop does not stop this one
    assert marathon.status(h)["step"] == STEPS


def test_a_stop_file_ends_the_run_cleanly(files: dict[str, Path], tmp_path: Path) -> None:
    h = tmp_path / "m"
    marathon.start(h, _cfg(files))
    _wait_for(lambda: _checkpointed(h, 20))
    (h / "STOP").touch()
    _wait_for(lambda: not marathon.status(h)["running"], 60)
    st = marathon.status(h)
    assert not st["running"] and st["step"] < STEPS and not st["done"]


def test_unknown_config_keys_and_a_missing_run_are_clear_errors(
        files: dict[str, Path], tmp_path: Path) -> None:
    with pytest.raises(InputError) as e:
        marathon.start(tmp_path / "none")
    assert e.value.code == "E_NOT_FOUND" and "start one" in (e.value.fix or "")
    h = tmp_path / "bad"
    h.mkdir()
    (h / "config.json").write_text(json.dumps({**_cfg(files).__dict__, "batchsize": 4}))
    with pytest.raises(ConfigError) as c:
        MarathonConfig.load(h / "config.json")
    assert c.value.code == "E_CONFIG_KEY" and "batchsize" in c.value.message
    assert "batch_size" in (c.value.fix or "")


def test_home_is_outside_the_work_tree(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("TOULMIN_MARATHON_HOME", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert marathon.home() == tmp_path / "toulmin" / "kit" / "marathon"
    monkeypatch.setenv("TOULMIN_MARATHON_HOME", str(tmp_path / "x"))
    assert marathon.home() == tmp_path / "x"


def test_adopted_weights_go_on_from_where_the_marathon_was(
        files: dict[str, Path], straight: Path, tmp_path: Path) -> None:
    h = tmp_path / "m"
    marathon.start(h, _cfg(files))
    _wait_for(lambda: _checkpointed(h, 40))
    with pytest.raises(InputError) as e:
        marathon.adopt(h, straight / "best", pairs=10)
    assert e.value.code == "E_RUNNING"
    assert marathon.stop(h, wait=60)
    at = marathon.status(h)
    # the weights a GPU run sent back (here: the straight run's best) replace the marathon's
    st = marathon.adopt(h, straight / "best", pairs=1000)
    assert st["step"] == at["step"] and st["pairs_seen"] == at["pairs_seen"] + 1000
    a, b = _weights(straight / "best"), _weights(h / "ckpt" / "model")
    import torch

    assert all(torch.equal(a[k], b[k]) for k in a)  # type: ignore[arg-type]
    marathon.start(h, foreground=True)
    end = marathon.status(h)
    assert end["step"] == STEPS and end["pairs_seen"] == 2 * STEPS + 1000
    assert [e["event"] for e in _events(h)].count("adopt") == 1
    with pytest.raises(InputError) as missing:
        marathon.adopt(h, tmp_path / "nothing", pairs=1)
    assert missing.value.code == "E_NOT_FOUND"


def test_a_resumed_run_may_take_another_number_of_cores(files: dict[str, Path], tmp_path: Path) -> None:
    h = tmp_path / "m"
    marathon.start(h, _cfg(files))
    _wait_for(lambda: _checkpointed(h, 20))
    assert marathon.stop(h, wait=60)
    marathon.start(h, foreground=True, threads=2)
    assert MarathonConfig.load(h / "config.json").threads == 2
    resumed = [e for e in _events(h) if e["event"] == "resume"]
    assert resumed[-1]["threads"] == 2 and marathon.status(h)["step"] == STEPS


def test_the_stop_rule_reads_the_gate_slices_not_the_hard_ones(tmp_path: Path) -> None:
    """The 9-group mean holds the hard-negative slices the default never trained on: a
    teacher far ahead there and behind on the gate's four slices must read as behind."""
    gate = {"qa": 0.95, "dialogue": 0.80, "summarization": 0.78, "vitaminc": 0.80}
    ref = {**gate, "hard-negation": 0.42, "score": 0.70}
    raw = {"base": "b", "train_file": "t", "dev_file": "d", "reference": 0.70}
    (tmp_path / "config.json").write_text(json.dumps({**raw, "reference_slices": ref}))
    teacher = {"qa": 0.96, "dialogue": 0.77, "summarization": 0.77, "vitaminc": 0.69,
               "hard-negation": 0.95, "score": 0.85}
    events = [{"event": "dev", "step": 2000, "pairs_seen": 16000, **teacher}]
    (tmp_path / "log.jsonl").write_text("".join(json.dumps(e) + "\n" for e in events))
    done = {"step": 100, "total_steps": 100, "best": {"step": 2000, **teacher}}
    rule = marathon._stop_rule(tmp_path, done)
    assert "STOP" in rule and "0.7975 at step 2000 vs the default's 0.8325" in rule, rule
    # a run prepared before the per-slice yardstick: the old measure, and it says so
    (tmp_path / "config.json").write_text(json.dumps(raw))
    rule = marathon._stop_rule(tmp_path, done)
    assert "worth going on" in rule and "no per-slice yardstick" in rule, rule


# --- a student distilled from stored logits (issue 50 point 4) -------------------------------

GATE_GROUPS = ("qa", "dialogue", "summarization", "vitaminc")


def _p_entail(folder: Path, pair: object) -> float:
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    from toulmin.training.train import encode_pairs

    tok = AutoTokenizer.from_pretrained(folder)
    model = AutoModelForSequenceClassification.from_pretrained(folder).eval()
    with torch.inference_mode():
        logits = model(**encode_pairs(tok, [pair], 16)).logits
    return float(torch.softmax(logits, -1)[0, 0])


@pytest.fixture(scope="module")
def student_files(files: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every row labelled by a 'teacher' sure of entailment, whatever its label says; a
    development file with the gate's four slices (and one more)."""
    from toulmin.training.distil import row_line

    d = tmp_path_factory.mktemp("student-data")
    with open(d / "labelled.jsonl", "w", encoding="utf-8") as f:
        for p in TINY_ROWS * (STEPS // 2):
            f.write(row_line(p.to_json(), [4.0, -2.0, -2.0]))
    write_dev_file({**{g: TINY_ROWS for g in GATE_GROUPS}, "hard-negation": TINY_ROWS}, str(d / "dev.jsonl"))
    return {**files, "train": d / "labelled.jsonl", "dev": d / "dev.jsonl", "labels_only": files["train"]}


def test_a_student_learns_the_teachers_logits_and_reads_its_start_as_yardstick(
        student_files: dict[str, Path], tmp_path: Path) -> None:
    h, plain = tmp_path / "s", tmp_path / "plain"
    # a rate the tiny model learns the rows at in 300 steps; the same run on the labels alone
    marathon.start(h, _cfg(student_files, lr=1e-3, distill_alpha=1.0, best_by="gate", stop_margin=0.02),
                   foreground=True)
    marathon.start(plain, _cfg(student_files, lr=1e-3, train_file=str(student_files["labels_only"])),
                   foreground=True)
    st = marathon.status(h)
    assert st["done"] and st["step"] == STEPS
    contradicted = TINY_ROWS[1]  # labelled contradiction; the teacher says entailment
    student, labels_only = (_p_entail(d / "ckpt" / "model", contradicted) for d in (h, plain))
    assert student > 0.7 and labels_only < 0.3, (student, labels_only)
    assert "its start's" in st["stop_rule"] and "gate's slices" in st["stop_rule"], st["stop_rule"]
    # best/ is kept by the gate's four slices: best.json holds the curve's best gate mean
    curve = [e for e in _events(h) if e["event"] == "dev"]
    best = json.loads((h / "best.json").read_text())
    assert marathon.gate_mean(best) == max(marathon.gate_mean(e) for e in curve)  # type: ignore[type-var]


def test_a_student_without_logits_or_gate_slices_is_refused_with_the_fix(
        student_files: dict[str, Path], tmp_path: Path) -> None:
    with pytest.raises(InputError) as e:
        marathon.start(tmp_path / "a", _cfg(student_files, train_file=str(student_files["labels_only"]),
                                            distill_alpha=0.7), foreground=True)
    assert e.value.code == "E_BAD_ROW" and "teacher_logits" in e.value.message
    assert "labels.py write" in (e.value.fix or "")
    with pytest.raises(InputError) as g:
        marathon.start(tmp_path / "b", _cfg(student_files, dev_file=str(student_files["labels_only"]),
                                            best_by="gate"), foreground=True)
    assert g.value.code == "E_BAD_ROW" and "gate's slices" in g.value.message
    for bad in ({"best_by": "loss"}, {"distill_alpha": 1.5}, {"distill_temperature": 0.0}):
        with pytest.raises(ConfigError) as c:
            _cfg(student_files, **bad)
        assert c.value.code == "E_BAD_OPTION" and c.value.fix


class _StopAfter:
    """A stop flag read ``n`` times as not set, then set: a run reads it once a step, at its
    loop's test, so it ends after step ``n``, with no checkpoint due."""

    def __init__(self, n: int) -> None:
        self.left = n

    def __bool__(self) -> bool:
        self.left -= 1
        return self.left < 0


def test_a_stop_between_checkpoints_still_checkpoints_the_last_step(
        files: dict[str, Path], tmp_path: Path) -> None:
    """A stop landing anywhere in a step (the race behind test_stop_checkpoints_at_once_...,
    made certain): the run ends with that step's checkpoint, not with none."""
    h = tmp_path / "m"
    h.mkdir()
    got = marathon._run(h, _cfg(files, ckpt_steps=0, ckpt_minutes=60.0), _StopAfter(3))  # type: ignore[arg-type]
    assert got["step"] == 3
    st = marathon.status(h)
    assert st["step"] == 3 and st["pairs_seen"] == 6
    assert [e["event"] for e in _events(h)][-2:] == ["checkpoint", "stop"]
