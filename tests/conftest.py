"""Fixtures that isolate the environment, the user's folders and the network."""

from __future__ import annotations

import importlib.util
import socket
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from toulmin.datasets import Pair

ROOT = Path(__file__).resolve().parents[1]
DATA = (ROOT / "../shared/data").resolve()
# A fresh clone has no public data beside it: the tests that read it skip with this reason.
# .ci/run, which has the data, sets REQUIRE_DATA=1, and there such a skip is a failure.
DATA_REASON = ("needs the public data (VitaminC, HaluEval, WiCE, DialogSum...) in ../shared/data "
               "beside the checkout: set TOULMIN_DATA_DIR to the folder holding it")
needs_data = pytest.mark.skipif(not DATA.is_dir(), reason=DATA_REASON)


def load_script(rel: str, name: str) -> ModuleType:
    """A script of the repository that is no module of the package (a benchmark, the docs'
    hooks), imported from its file."""
    spec = importlib.util.spec_from_file_location(name, ROOT / rel)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-rehearsal", action="store_true",
                     help="also run the GPU kit's rehearsal (over a minute; .ci/run passes it)")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    outcome = yield
    _data_skip(outcome)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    outcome = yield
    _data_skip(outcome)


def _data_skip(outcome: Any) -> None:
    """A test that stops on the public data being absent (E_DATA_MISSING) is skipped with
    DATA_REASON, where the data is not beside the checkout; under REQUIRE_DATA=1 it fails."""
    from toulmin.errors import InputError

    exc = outcome.excinfo[1] if outcome.excinfo else None
    if isinstance(exc, InputError) and exc.code == "E_DATA_MISSING" and not _require_data():
        outcome.force_exception(pytest.skip.Exception(DATA_REASON, _use_item_location=True))


def _require_data() -> bool:
    return __import__("os").environ.get("REQUIRE_DATA") == "1"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    rep = outcome.get_result()
    if rep.skipped and _require_data() and DATA_REASON in str(rep.longrepr):
        rep.outcome = "failed"
        rep.longrepr = f"REQUIRE_DATA=1 but the test was skipped: {DATA_REASON} ({DATA} is missing)"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-rehearsal"):
        return
    skip = pytest.mark.skip(reason="the GPU kit's rehearsal takes over a minute: pass --run-rehearsal")
    for item in items:
        if "rehearsal" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _isolate(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    for key in list(__import__("os").environ):
        if key.startswith("TOULMIN_"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("TOULMIN_DATA_DIR", str(DATA))
    monkeypatch.chdir(tmp_path)
    yield


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any attempt to open a non-local connection fails the test."""
    real = socket.socket.connect

    def guarded(self: socket.socket, addr: Any) -> Any:
        host = addr[0] if isinstance(addr, tuple) else addr
        if isinstance(host, str) and host not in ("127.0.0.1", "::1", "localhost") and "/" not in host:
            raise AssertionError(f"network access attempted: {addr!r}")
        return real(self, addr)

    monkeypatch.setattr(socket.socket, "connect", guarded)
    monkeypatch.setattr(socket, "create_connection", lambda *a, **k: (_ for _ in ()).throw(
        AssertionError(f"network access attempted: {a!r}")))


class KeywordChecker:
    """A fake checker for logic tests: a claim word 'not' in a span means
    contradiction; all claim words present means entailment; else neutral."""

    name = "keyword"
    version = "test"
    threshold = 0.5

    def __init__(self) -> None:
        self.calls: list[tuple[str, str]] = []

    def predict(self, claims: Sequence[str], spans: Sequence[str]) -> np.ndarray:
        out = []
        for c, s in zip(claims, spans):
            self.calls.append((c, s))
            cw = {w.strip(".,").lower() for w in c.split()}
            sw = {w.strip(".,").lower() for w in s.split()}
            if "not" in sw and (cw - {"not"}) <= sw:
                out.append([0.05, 0.05, 0.9])
            elif cw <= sw:
                out.append([0.9, 0.05, 0.05])
            else:
                out.append([0.1, 0.8, 0.1])
        return np.array(out, dtype=float)


@pytest.fixture
def keyword_checker() -> KeywordChecker:
    return KeywordChecker()


@pytest.fixture(scope="session")
def shipped() -> Any:
    from toulmin.checker import load_checker

    return load_checker()


# Training pairs in the tiny models' vocabulary (build_tiny_bert, build_tiny_mpnet).
TINY_ROWS = [
    Pair("1", "the cat sat on the mat", "the cat sat", "entailment", "t"),
    Pair("2", "the sky is blue", "the sky is not blue", "contradiction", "t"),
    Pair("3", "the dog was born in paris", "the dog was born in london", "contradiction", "t"),
    Pair("4", "the sky is red", "the cat sat", "neutral", "t"),
]


def build_tiny_bert(path: Path, id2label: dict[int, str] | None = None, layers: int = 1) -> Path:
    """A small BERT classifier (1 layer by default) with a 30-word vocabulary, saved as a HF folder."""
    import torch
    import transformers

    words = "the a cat dog sat on mat is not blue sky red in was born paris 1990 london".split()
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *words]
    path.mkdir(parents=True, exist_ok=True)
    (path / "vocab.txt").write_text("\n".join(vocab) + "\n")
    tok = transformers.BertTokenizerFast(vocab_file=str(path / "vocab.txt"))
    torch.manual_seed(0)
    labels = id2label or {0: "CONTRADICTION", 1: "NEUTRAL", 2: "ENTAILMENT"}
    cfg = transformers.BertConfig(
        vocab_size=len(vocab), hidden_size=16, num_hidden_layers=layers, num_attention_heads=2,
        intermediate_size=32, max_position_embeddings=64, num_labels=len(labels),
        id2label=labels, label2id={v: k for k, v in labels.items()},
    )
    transformers.BertForSequenceClassification(cfg).eval().save_pretrained(path)
    tok.save_pretrained(path)
    return path


def build_tiny_mpnet(path: Path, layers: int = 2) -> Path:
    """A small MPNet encoder (masked-LM head, as a sentence-transformers base ships) with its
    own 30-word vocabulary: a stand-in for the GPU kit's 12-layer base."""
    import torch
    import transformers
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors

    words = "the a cat dog sat on mat is not blue sky red in was born paris 1990 london".split()
    vocab = ["<s>", "<pad>", "</s>", "<unk>", "<mask>", *words]
    t = Tokenizer(models.WordPiece({w: i for i, w in enumerate(vocab)}, unk_token="<unk>"))
    t.normalizer = normalizers.BertNormalizer(lowercase=True)
    t.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    t.post_processor = processors.TemplateProcessing(
        single="<s> $A </s>", pair="<s> $A </s> </s> $B </s>", special_tokens=[("<s>", 0), ("</s>", 2)])
    tok = transformers.PreTrainedTokenizerFast(
        tokenizer_object=t, bos_token="<s>", eos_token="</s>", sep_token="</s>", cls_token="<s>",
        unk_token="<unk>", pad_token="<pad>", mask_token="<mask>",
        model_input_names=["input_ids", "attention_mask"])
    torch.manual_seed(0)
    cfg = transformers.MPNetConfig(vocab_size=len(vocab), hidden_size=16, num_hidden_layers=layers,
                                   num_attention_heads=2, intermediate_size=32, max_position_embeddings=66,
                                   pad_token_id=1)
    path.mkdir(parents=True, exist_ok=True)
    transformers.MPNetForMaskedLM(cfg).eval().save_pretrained(path)
    tok.save_pretrained(path)
    return path
