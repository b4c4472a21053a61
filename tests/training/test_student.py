"""Students, teachers, frozen embeddings, dev files and the fp16 weight shards (tiny models)."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("torch", reason="needs the train extra")

from tests.conftest import TINY_ROWS as ROWS
from tests.conftest import build_tiny_bert
from toulmin.cli import main
from toulmin.errors import InputError
from toulmin.training.shards import average_weights, pack_weights, unpack_weights
from toulmin.training.train import LABELS, TrainConfig, read_dev_file, train, write_dev_file


def _files(tmp_path: Path) -> tuple[Path, Path]:
    train_file, dev_file = tmp_path / "train.jsonl", tmp_path / "dev.jsonl"
    train_file.write_text("".join(json.dumps(p.to_json()) + "\n" for p in ROWS * 4))
    write_dev_file({"mine": ROWS, "theirs": ROWS[:2]}, str(dev_file))
    return train_file, dev_file


def _state(folder: Path) -> dict:
    from safetensors.torch import load_file

    return load_file(str(folder / "model.safetensors"))


def test_dev_file_round_trip_keeps_groups(tmp_path: Path) -> None:
    _, dev_file = _files(tmp_path)
    dev = read_dev_file(str(dev_file))
    assert list(dev) == ["mine", "theirs"] and dev["mine"] == ROWS and len(dev["theirs"]) == 2


def test_student_keeps_the_chosen_layers(tmp_path: Path) -> None:
    base = build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS)), layers=3)
    train_file, dev_file = _files(tmp_path)
    # lr 0: the student is exactly layers 0 and 2 of its start, renumbered 0 and 1.
    cfg = TrainConfig(base=str(base), out_dir=str(tmp_path / "run"), train_file=str(train_file),
                      init_from=str(base), layers=[0, 2], dev_file=str(dev_file), batch_size=4,
                      max_length=32, ckpt_every=2, max_minutes=1, bf16=False, lr=0.0)
    summary = train(cfg, log=lambda s: None)
    assert {"mine", "theirs"} <= set(summary["history"][0])
    cfg_out = json.loads((tmp_path / "run" / "best" / "config.json").read_text())
    assert cfg_out["num_hidden_layers"] == 2
    got, ref = _state(tmp_path / "run" / "best"), _state(base)
    key = "bert.encoder.layer.{}.attention.self.query.weight"
    assert got[key.format(1)].equal(ref[key.format(2)]) and got[key.format(0)].equal(ref[key.format(0)])
    assert key.format(2) not in got


def test_distillation_pulls_the_student_towards_its_teacher(tmp_path: Path) -> None:
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    base = build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS)), layers=2)
    # A random tiny model is near uniform: a sharpened copy makes a teacher worth learning from.
    teacher_dir = tmp_path / "teacher"
    sharp = AutoModelForSequenceClassification.from_pretrained(base)
    with torch.no_grad():
        sharp.classifier.weight.mul_(200.0)
    sharp.save_pretrained(teacher_dir)
    train_file, dev_file = _files(tmp_path)
    cfg = TrainConfig(base=str(base), out_dir=str(tmp_path / "run"), train_file=str(train_file),
                      layers=[0], teacher=str(teacher_dir), distill_alpha=1.0,
                      freeze_embeddings=True, dev_file=str(dev_file), batch_size=4, epochs=20,
                      max_length=32, ckpt_every=1000, max_minutes=1, bf16=False, lr=3e-3)
    train(cfg, log=lambda s: None)
    tok = AutoTokenizer.from_pretrained(base)
    enc = tok([p.claim for p in ROWS], [p.doc for p in ROWS], padding=True, return_tensors="pt")

    def kl(student: torch.nn.Module) -> float:
        with torch.inference_mode():
            t = torch.log_softmax(teacher(**enc).logits / 2, -1)
            s = torch.log_softmax(student(**enc).logits / 2, -1)
        return float(torch.nn.functional.kl_div(s, t, log_target=True, reduction="batchmean"))

    teacher = AutoModelForSequenceClassification.from_pretrained(teacher_dir).eval()
    start = AutoModelForSequenceClassification.from_pretrained(base)
    start.bert.encoder.layer = start.bert.encoder.layer[:1]
    # The run ends on its last step: pure distillation must have closed most of the gap.
    last = AutoModelForSequenceClassification.from_pretrained(tmp_path / "run" / "best").eval()
    assert kl(last) < 0.5 * kl(start.eval())
    # Frozen word embeddings are the start's, bit for bit.
    name = "bert.embeddings.word_embeddings.weight"
    assert _state(tmp_path / "run" / "best")[name].equal(_state(base)[name])


def test_epochs_repeat_the_data(tmp_path: Path) -> None:
    base = build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS)))
    train_file, dev_file = _files(tmp_path)
    cfg = TrainConfig(base=str(base), out_dir=str(tmp_path / "run"), train_file=str(train_file),
                      dev_file=str(dev_file), batch_size=4, epochs=2.5, max_length=32, ckpt_every=100,
                      max_minutes=1, bf16=False)
    summary = train(cfg, log=lambda s: None)
    assert summary["pairs_seen"] == int(2.5 * 16)


def test_bad_layers_are_a_clear_error(tmp_path: Path) -> None:
    base = build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS)), layers=2)
    train_file, dev_file = _files(tmp_path)
    cfg = TrainConfig(base=str(base), out_dir=str(tmp_path / "run"), train_file=str(train_file),
                      layers=[0, 5], dev_file=str(dev_file), bf16=False)
    with pytest.raises(InputError, match="0 to 1"):
        train(cfg, log=lambda s: None)
    res = CliRunner().invoke(main, ["train", "--data", str(train_file), "--base", str(base),
                                    "--layers", "0,x", "--no-export"])
    assert res.exit_code == 2 and "E_BAD_OPTION" in res.output


def test_shards_round_trip_and_fill_skipped_tensors(tmp_path: Path) -> None:
    import torch

    base = build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS)), layers=3)
    shards = pack_weights(base, tmp_path / "packed", skip=["word_embeddings"], shard_mb=0.005)
    assert len(shards) > 1 and all(p.stat().st_size < 20_000 for p in shards)
    assert not any("word_embeddings" in k for p in shards for k in _state_file(p))
    back = unpack_weights(tmp_path / "packed", tmp_path / "back", fill_from=base)
    got, ref = _state(back), _state(base)
    assert set(got) == set(ref)
    for k in ref:
        assert got[k].dtype == ref[k].dtype
        torch.testing.assert_close(got[k], ref[k], atol=2e-3, rtol=1e-3)
    # A student's config drops the filled folder's surplus layers.
    cfg = json.loads((tmp_path / "packed" / "config.json").read_text())
    (tmp_path / "packed" / "config.json").write_text(json.dumps({**cfg, "num_hidden_layers": 2}))
    small = _state(unpack_weights(tmp_path / "packed", tmp_path / "small", fill_from=base))
    assert not any(".layer.2." in k for k in small) and any(".layer.1." in k for k in small)


def test_average_of_two_runs_is_their_weighted_mean(tmp_path: Path) -> None:
    import torch
    from safetensors.torch import save_file

    start = build_tiny_bert(tmp_path / "start", dict(enumerate(LABELS)))
    end = build_tiny_bert(tmp_path / "end", dict(enumerate(LABELS)))
    moved = {k: (v + 1.0 if v.is_floating_point() else v) for k, v in _state(end).items()}
    save_file(moved, str(end / "model.safetensors"), metadata={"format": "pt"})
    got = _state(average_weights(start, end, 0.25, tmp_path / "mix"))
    ref = _state(start)
    for k, v in ref.items():
        if v.is_floating_point():
            torch.testing.assert_close(got[k], v + 0.25)
        else:
            assert torch.equal(got[k], v)
    assert (tmp_path / "mix" / "config.json").is_file()
    with pytest.raises(InputError, match=r"outside 0\.\.1"):
        average_weights(start, end, 1.5, tmp_path / "bad")
    student = build_tiny_bert(tmp_path / "student", dict(enumerate(LABELS)), layers=2)
    with pytest.raises(InputError, match="different tensors"):
        average_weights(start, student, 0.5, tmp_path / "bad")


def _state_file(path: Path) -> dict:
    from safetensors.torch import load_file

    return load_file(str(path))


def test_a_bad_dev_file_or_a_missing_gpu_is_a_clear_error(tmp_path: Path) -> None:
    import torch

    base = build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS)))
    train_file, _ = _files(tmp_path)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"group": "g", "doc": "the sky", "claim": "the sky"}\n')  # no label
    cfg = TrainConfig(base=str(base), out_dir=str(tmp_path / "run"), train_file=str(train_file),
                      dev_file=str(bad), bf16=False)
    with pytest.raises(InputError) as e:
        train(cfg, log=lambda s: None)
    assert e.value.code == "E_BAD_ROW" and "bad.jsonl:1" in e.value.message
    if not torch.cuda.is_available():
        res = CliRunner().invoke(main, ["train", "--data", str(train_file), "--base", str(base),
                                        "--device", "cuda", "--out", str(tmp_path / "run2"), "--no-export"])
        assert res.exit_code == 2 and "E_BAD_OPTION" in res.output and "--device cpu" in res.output


def test_a_partial_teacher_keeps_its_rows_and_lets_the_others_learn_their_labels(tmp_path: Path) -> None:
    """--partial-teacher: rows that carry logits (a replay labelled by the checker itself)
    learn alpha * KL + (1 - alpha) * label loss, rows without learn their label alone;
    only with the flag may rows differ, and label_file(only=...) writes the mix."""
    import torch

    from toulmin.training.distil import label_file
    from toulmin.training.train import label_loss, partial_distill_loss

    logits = torch.tensor([[2.0, 0.0, -1.0], [0.5, 0.2, 0.1], [-1.0, 0.0, 3.0]])
    labels = torch.tensor([0, 2, -1])
    stored = [[0.0, 3.0, 0.0], None, [1.0, 1.0, 1.0]]
    got = partial_distill_loss(logits, labels, stored, alpha=0.7, temperature=2.0)
    ce = label_loss(logits, labels, reduce=False)
    kl = [float(torch.nn.functional.kl_div(torch.log_softmax(logits[i] / 2, -1), torch.softmax(
        torch.tensor(stored[i]) / 2, -1), reduction="sum")) * 4 for i in (0, 2)]
    want = (0.7 * kl[0] + 0.3 * float(ce[0]) + float(ce[1]) + 0.7 * kl[1] + 0.3 * float(ce[2])) / 3
    assert float(got) == pytest.approx(want, rel=1e-5)
    plain = partial_distill_loss(logits, labels, [None] * 3, 0.7, 2.0)
    assert float(plain) == pytest.approx(float(ce.mean()))

    base = build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS)), layers=1)
    src = tmp_path / "src.jsonl"
    src.write_text("".join(json.dumps({**p.to_json(), "source": "hard_x" if i % 2 else "old"}) + "\n"
                           for i, p in enumerate(ROWS * 4)))
    mixed = tmp_path / "mixed.jsonl"
    label_file(base, src, mixed, bf16=False, log=lambda s: None, only=lambda r: r["source"] == "old")
    rows = [json.loads(x) for x in mixed.read_text().splitlines()]
    assert all(("teacher_logits" in r) == (r["source"] == "old") for r in rows)
    _, dev_file = _files(tmp_path)
    args = dict(base=str(base), train_file=str(mixed), init_from=str(base), dev_file=str(dev_file),
                batch_size=4, max_length=32, ckpt_every=10_000, max_minutes=1, bf16=False)
    with pytest.raises(InputError, match="teacher_logits"):
        train(TrainConfig(out_dir=str(tmp_path / "no"), **args), log=lambda s: None)  # type: ignore[arg-type]
    s = train(TrainConfig(out_dir=str(tmp_path / "run"), partial_teacher=True, **args),  # type: ignore[arg-type]
              log=lambda s: None)
    assert s["pairs_seen"] == 16 and s["config"]["extra"]["teacher_logits"] == "8 of 16 rows"
