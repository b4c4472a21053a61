"""The model shipped inside the package, run for real (onnxruntime, no torch)."""

import subprocess
import sys
from typing import Any

import pytest

from toulmin import score
from toulmin.checker import load_checker
from toulmin.checker.onnx import BUNDLED, OnnxChecker, shipped_model_dir
from toulmin.errors import InputError, ModelError

DOC = ("The Eiffel Tower was completed in 1889 for the World's Fair in Paris. "
       "It is 330 metres tall and was designed by the company of Gustave Eiffel.")

KNOWN = [
    ("The Eiffel Tower was finished in 1889.", "entailment"),
    ("The Eiffel Tower is in Paris and is 330 metres tall.", "entailment"),
    ("The Eiffel Tower was completed in 1925.", "contradiction"),  # date change
    ("The Eiffel Tower is 450 metres tall.", "contradiction"),  # number change
    ("The Eiffel Tower was not designed by the company of Gustave Eiffel.", "contradiction"),  # negation
    ("The tower attracts seven million visitors every year.", "neutral"),  # unrelated detail
]


def test_ships_inside_the_package_with_a_card_and_version() -> None:
    sizes = []
    for name in BUNDLED:
        d = shipped_model_dir(name)
        for f in ("model.onnx", "tokenizer.json", "checker.json", "MODEL_CARD.md"):
            assert (d / f).is_file(), (name, f)
        sizes.append(sum(f.stat().st_size for f in d.iterdir()) / 1e6)
        c = OnnxChecker(name)
        assert c.version and c.version != "dev" and 0.0 < c.threshold < 1.0
    assert sum(sizes) <= 100  # every checker the package carries, together
    assert OnnxChecker().path == shipped_model_dir("default") == OnnxChecker("default").path


def test_the_fast_checker_is_a_smaller_model_chosen_by_name() -> None:
    fast, default = load_checker(model="fast"), load_checker()
    assert isinstance(fast, OnnxChecker) and fast.path == shipped_model_dir("fast")
    assert fast.name == "toulmin-checker-minilm-l4" and default.name == "toulmin-checker-minilm-l6"
    assert fast.info()["name"] == fast.name


@pytest.mark.parametrize(("claim", "label3"), KNOWN)
def test_the_fast_checker_gets_known_pairs_right(claim: str, label3: str) -> None:
    labels, _, [res] = score([DOC], [claim], checker=load_checker(model="fast"))
    assert res.label3 == label3, res
    assert labels[0] == int(label3 == "entailment")


def test_loads_offline_with_network_blocked_and_without_torch() -> None:
    # A fresh interpreter: sockets fail, torch and transformers cannot be imported.
    code = (
        "import socket, sys\n"
        "def boom(*a, **k): raise OSError('network blocked')\n"
        "socket.socket.connect = boom; socket.create_connection = boom\n"
        "sys.modules['torch'] = None; sys.modules['transformers'] = None\n"
        "from toulmin import score\n"
        "labels, probs, _ = score(['Paris is the capital of France.'], ['Paris is the capital of France.'])\n"
        "print(labels[0], probs[0])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={"HF_HUB_OFFLINE": "1", "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    label, prob = out.stdout.split()
    assert label == "1" and float(prob) > 0.5


@pytest.mark.parametrize(("claim", "label3"), KNOWN)
def test_known_pairs_get_the_right_label(shipped: Any, claim: str, label3: str) -> None:
    labels, _, [res] = score([DOC], [claim], checker=shipped)
    assert res.label3 == label3, res
    assert labels[0] == int(label3 == "entailment")


def test_support_in_the_last_paragraph_of_a_long_source(shipped: Any) -> None:
    filler = "\n\n".join(
        f"Section {i}. The committee reviewed routine matters, including parking permits, "
        f"library opening hours and the maintenance schedule for public parks." for i in range(120))
    doc = filler + ("\n\nFinally, the committee voted to build a new swimming pool in Riverside, "
                    "opening in 2027.")
    _, _, [res] = score([doc], ["A new swimming pool will be built in Riverside."], checker=shipped)
    assert res.supported is True and res.windows > 20
    assert "swimming pool" in res.evidence.text
    assert doc[res.evidence.start : res.evidence.end] == res.evidence.text


def test_scores_are_identical_across_runs_and_instances(shipped: Any) -> None:
    claims = ["The Eiffel Tower was finished in 1889.", "It is 450 metres tall.", "It is in Rome."]
    a = [r.model_dump() for r in score([DOC] * 3, claims, checker=shipped)[2]]
    b = [r.model_dump() for r in score([DOC] * 3, claims, checker=OnnxChecker())[2]]
    assert a == b


def test_a_pair_scores_the_same_alone_or_in_any_batch() -> None:
    claims = ["The Eiffel Tower was finished in 1889.", "It is 450 metres tall.", "It is in Rome.",
              "A much longer claim about the tower, its designer Gustave Eiffel and the World's Fair."]
    docs = [DOC, DOC, "Rome is the capital of Italy.", DOC]
    batched = OnnxChecker(batch_size=32).predict(claims, docs)
    for i in range(len(claims)):
        alone = OnnxChecker(batch_size=1).predict(claims[i : i + 1], docs[i : i + 1])
        assert (alone[0] == batched[i]).all()
    # Nor on the number of worker threads or the order of the pairs.
    one_thread = OnnxChecker(threads=1).predict(claims, docs)
    reordered = OnnxChecker(threads=2).predict(claims[::-1], docs[::-1])[::-1]
    assert (one_thread == batched).all() and (reordered == batched).all()


def test_the_pair_left_over_runs_on_every_core_with_the_same_scores() -> None:
    """Three pairs on two workers: two run side by side, the third on both cores."""
    claims = ["The Eiffel Tower was finished in 1889.", "It is 450 metres tall.", "It is in Paris."]
    docs = [DOC, DOC, DOC]
    checker = OnnxChecker(threads=2)
    wide: list[Any] = []
    run_wide = checker._run_wide
    checker._run_wide = lambda enc: wide.append(enc) or run_wide(enc)  # type: ignore[method-assign]
    got = checker.predict(claims, docs)
    assert len(wide) == 1 and checker._wide is not None
    shortest = min(range(3), key=lambda i: len(checker.tokenizer.encode(claims[i], docs[i]).ids))
    assert wide[0].ids == checker.tokenizer.encode(claims[shortest], docs[shortest]).ids
    assert (got == OnnxChecker(threads=1).predict(claims, docs)).all()


def test_a_repeated_pair_runs_once_and_every_row_gets_its_scores(shipped: Any) -> None:
    claims = ["It is 450 metres tall.", "It is in Rome.", "It is 450 metres tall.", "It is in Rome."]
    docs = [DOC, DOC, DOC, "Rome is the capital of Italy."]  # the last row differs by its span
    runs: list[Any] = []
    checker = OnnxChecker()
    run_one, run_wide = checker._run_one, checker._run_wide
    checker._run_one = lambda enc: runs.append(enc) or run_one(enc)  # type: ignore[method-assign]
    checker._run_wide = lambda enc: runs.append(enc) or run_wide(enc)  # type: ignore[method-assign]
    got = checker.predict(claims, docs)
    assert len(runs) == 3
    assert (got[0] == got[2]).all() and not (got[1] == got[3]).all()
    for i in range(4):
        assert (got[i] == shipped.predict(claims[i : i + 1], docs[i : i + 1])[0]).all()


def test_bad_input_is_a_clear_error(shipped: Any) -> None:
    with pytest.raises(InputError) as e:
        score([DOC], [""], checker=shipped)
    assert e.value.code == "E_EMPTY" and "claim" in e.value.message
    with pytest.raises(InputError) as e:
        score([""], ["a claim"], checker=shipped)
    assert "document" in e.value.message
    with pytest.raises(InputError) as e:
        score([b"\xff\xfe bad bytes"], ["a claim"], checker=shipped)  # type: ignore[list-item]
    assert e.value.code == "E_NOT_UTF8"


def test_one_megabyte_source_gives_a_defined_result(shipped: Any) -> None:
    para = ("The harbour authority published its annual report on shipping volumes, "
            "dredging works and staff training across the three terminals. ")
    doc = (para * (1_000_000 // len(para) + 1))[:1_000_000]
    doc += " The authority hired 42 new pilots in 2023."
    _, _, [res] = score([doc], ["The authority hired 42 new pilots in 2023."], checker=shipped)
    assert res.error is None and res.windows > 1000
    assert res.supported is True and "42 new pilots" in res.evidence.text


def test_missing_model_folder_is_a_model_error(tmp_path: Any) -> None:
    with pytest.raises(ModelError) as e:
        OnnxChecker(tmp_path)
    assert e.value.code == "E_MODEL_MISSING" and "model.onnx" in (e.value.fix or "")


def _with_verify_block(tmp_path: Any, block: dict[str, float]) -> str:
    """The fast checker's files beside a checker.json that carries ``block`` as its verify block."""
    import json

    src = shipped_model_dir("fast")
    tmp_path.mkdir()
    for f in ("model.onnx", "tokenizer.json"):
        (tmp_path / f).symlink_to(src / f)
    meta = json.loads((src / "checker.json").read_text())
    meta["verify"] = block
    (tmp_path / "checker.json").write_text(json.dumps(meta))
    return str(tmp_path)


def test_verify_reads_the_checkers_own_verify_block(tmp_path: Any) -> None:
    """A checker.json verify block (benchmarks/contradiction_line.py) sets the entailment a
    candidate needs and the contradiction that refutes in verify, where decide leaves them
    to the checker; the pair threshold stays for score-pairs; a value set per call wins."""
    from toulmin import verify

    claim = "The Eiffel Tower was finished in 1889."
    p = OnnxChecker("fast").predict([claim], [DOC])[0][0]
    assert p >= OnnxChecker("fast").threshold  # supported as shipped
    below = _with_verify_block(tmp_path / "below", {"threshold": round(p - 0.01, 4),
                                                    "contradiction_threshold": 0.9})
    above = _with_verify_block(tmp_path / "above", {"threshold": min(1.0, round(p + 0.01, 4))})
    rep = verify(claim, [DOC], checker={"model": below})
    assert rep.config["decide"]["threshold"] == round(p - 0.01, 4)
    assert rep.config["decide"]["contradiction_threshold"] == 0.9
    assert rep.details[0].verdict == "SUPPORTED"
    rep = verify(claim, [DOC], checker={"model": above})
    assert rep.config["decide"]["contradiction_threshold"] == 0.6  # not in the block: the default's line
    assert rep.details[0].verdict != "SUPPORTED"
    rep = verify(claim, [DOC], checker={"model": above}, decide={"threshold": 0.1})
    assert rep.config["decide"]["threshold"] == 0.1 and rep.details[0].verdict == "SUPPORTED"
    assert load_checker(None, above).threshold == OnnxChecker("fast").threshold  # score-pairs' own
