"""Stage 2, link: candidate spans in the sources for each claim.

``linker`` is the hybrid BM25 + dense ``HybridLinker`` behind the ``Linker`` protocol;
``bm25`` and ``embed`` (MiniLM ONNX, the static table) are its parts.
"""

from __future__ import annotations

from .bm25 import Bm25, tokenize
from .embed import Embedder, MiniLMEmbedder, link_embedder, load_embedder
from .embed_onnx import OnnxEncoder
from .embed_static import StaticEmbedder, static_dir
from .linker import Candidate, HybridLinker, Linker, Unit, make_units, unit_tokens

__all__ = [
    "Bm25", "Candidate", "Embedder", "HybridLinker", "Linker", "MiniLMEmbedder", "OnnxEncoder",
    "StaticEmbedder", "Unit", "link_embedder", "load_embedder", "make_units", "static_dir", "tokenize",
    "unit_tokens"
]
