"""Batches tokenised ahead on a thread: same order, same results, errors surface, threads end."""

import json
import threading
import time
from pathlib import Path

import pytest

from toulmin.training.prefetch import prefetch


def _threads() -> int:
    return sum(t.name == "toulmin-prefetch" for t in threading.enumerate())


@pytest.mark.parametrize("depth", [0, 1, 4])
def test_items_come_back_in_order(depth: int) -> None:
    assert list(prefetch(range(50), lambda x: x * x, depth)) == [(x, x * x) for x in range(50)]
    assert _threads() == 0


def test_work_runs_ahead_of_the_caller() -> None:
    done: list[int] = []

    def slow(x: int) -> int:
        done.append(x)
        return x

    it = prefetch(range(10), slow, depth=3)
    assert next(it) == (0, 0)
    time.sleep(0.3)
    assert len(done) >= 4  # the one taken, and three waiting
    it.close()


def test_an_error_in_the_thread_is_raised_at_its_item() -> None:
    def fn(x: int) -> int:
        if x == 3:
            raise ValueError("bad row 3")
        return x

    got = []
    with pytest.raises(ValueError, match="bad row 3"):
        for item, _ in prefetch(range(10), fn, depth=2):
            got.append(item)
    assert got == [0, 1, 2]
    assert _threads() == 0


def test_closing_early_stops_the_thread() -> None:
    it = prefetch(range(10_000), lambda x: x, depth=2)
    for item, _ in it:
        if item == 5:
            break
    it.close()
    assert _threads() == 0


def test_training_with_and_without_prefetch_gives_the_same_weights(tmp_path: Path) -> None:
    pytest.importorskip("torch", reason="needs the train extra")
    from safetensors.torch import load_file

    from tests.conftest import build_tiny_bert
    from toulmin.datasets import Pair
    from toulmin.training.train import LABELS, TrainConfig, train, write_dev_file

    rows = [Pair(str(i), f"the item {i} is red and small", f"the item {i} is {c}", lab, "t")
            for i in range(12) for c, lab in (("red", "entailment"), ("blue", "contradiction"))]
    train_file, dev_file = tmp_path / "train.jsonl", tmp_path / "dev.jsonl"
    train_file.write_text("".join(json.dumps(p.to_json()) + "\n" for p in rows))
    write_dev_file({"dev": rows[:6]}, str(dev_file))
    base = build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS)))
    states = []
    for depth in (0, 3):
        out = tmp_path / f"run{depth}"
        cfg = TrainConfig(base=str(base), out_dir=str(out), train_file=str(train_file),
                          dev_file=str(dev_file), batch_size=4, max_length=32, ckpt_every=3,
                          max_minutes=1, bf16=False, threads=1, prefetch=depth)
        summary = train(cfg, log=lambda s: None)
        assert summary["pairs_seen"] == len(rows)
        states.append((summary["history"], load_file(str(out / "best" / "model.safetensors"))))
    (h0, w0), (h3, w3) = states
    assert h0 == h3
    assert w0.keys() == w3.keys() and all(w0[k].equal(w3[k]) for k in w0)
    assert _threads() == 0
