"""The entity recogniser run apart: a real helper process, and the same entities
whether it runs there or in this process."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path

import pytest

from toulmin.extract.extractor import SpacyExtractor
from toulmin.extract.ner import EntityRunner

TEXTS = [
    "The trial was led by Dr. Smith and received FDA fast-track designation in March 2024.",
    "It was written by J.K. Rowling. The Da Vinci Code was released in 2005 by Doubleday.",
    "Harry Panayiotou selected from 24 teams in Division One and Two. 20-year-old scored twice.",
    "Angela Merkel met Emmanuel Macron in Paris on Tuesday to discuss the euro.",
    "No names here at all, just words.",
    "",
]


def _loaded(ex: SpacyExtractor) -> SpacyExtractor:
    assert ex.entities.loaded(timeout=120)  # until then, answers are read here
    return ex


@pytest.fixture(scope="module")
def apart() -> Iterator[SpacyExtractor]:
    ex = _loaded(SpacyExtractor(ner_process=True))
    yield ex
    ex.entities.close()


@pytest.fixture(scope="module")
def inline() -> SpacyExtractor:
    return SpacyExtractor(ner_process=False)


def _ents(doc: object) -> list[tuple[int, int, str]]:
    return [(e.start, e.end, e.label_) for e in doc.ents]  # type: ignore[attr-defined]


def _iob(doc: object) -> list[tuple[str, str]]:
    return [(t.ent_iob_, t.ent_type_) for t in doc]  # type: ignore[attr-defined]


def test_the_helper_gives_the_entities_this_process_gives(
    apart: SpacyExtractor, inline: SpacyExtractor
) -> None:
    assert apart.entities.apart and not inline.entities.apart
    sent: list[str] = []
    helper = apart.entities._helper
    assert helper is not None
    submit = helper.submit
    helper.submit = lambda text: sent.append(text) or submit(text)  # type: ignore[method-assign]
    for text in TEXTS:
        a, b = apart._parse(text), inline._parse(text)
        assert _ents(a) == _ents(b) and _iob(a) == _iob(b), text
        assert [c.model_dump() for c in apart.extract(text)] == [c.model_dump() for c in inline.extract(text)]
    assert set(sent) == set(TEXTS)  # the helper read them all
    doc = apart._parse(TEXTS[3])
    assert {e.text for e in doc.ents} >= {"Angela Merkel", "Emmanuel Macron", "Paris"}
    assert doc[0].tag_ and doc[1].dep_  # the parse is there as well


def test_the_recogniser_reads_bare_tokens_as_the_parsed_pipeline_would(inline: SpacyExtractor) -> None:
    """Same model, same tokens: the recogniser alone gives what spaCy's own pipeline
    gives wherever no sentence end cuts an entity."""
    full = inline.nlp(TEXTS[3])
    assert _ents(inline._parse(TEXTS[3])) == _ents(full)


def test_an_entity_read_across_a_sentence_end_is_cut_there(inline: SpacyExtractor) -> None:
    runner = inline.entities
    doc = inline.nlp.make_doc("Division One and Two. Twenty scored.")
    for t in doc:
        t.is_sent_start = t.i in (0, 5)
    started: Future[tuple[int, list[tuple[int, int, str]]]] = Future()
    started.set_result((len(doc), [(2, 6, "DATE")]))  # "One and Two. Twenty"
    runner.finish(doc, started)
    assert _ents(doc) == [(2, 5, "DATE"), (5, 6, "DATE")]
    assert [s.text for s in doc.sents] == ["Division One and Two.", "Twenty scored."]


def test_an_answer_that_does_not_fit_the_tokens_is_recomputed_here(
    inline: SpacyExtractor, caplog: pytest.LogCaptureFixture
) -> None:
    doc = inline.nlp.make_doc(TEXTS[3])
    expected = _ents(inline._parse(TEXTS[3]))
    bad: Future[tuple[int, list[tuple[int, int, str]]]] = Future()
    bad.set_result((3, [(0, 1, "PERSON")]))
    with caplog.at_level(logging.WARNING, logger="toulmin.extract.ner"):
        inline.entities.finish(doc, bad)
    assert _ents(doc) == expected
    assert "into 3 tokens" in caplog.text


def test_answers_before_the_helper_has_loaded_are_read_here(inline: SpacyExtractor) -> None:
    ex = _loaded(SpacyExtractor(ner_process=True))
    helper = ex.entities._helper
    assert helper is not None and ex.entities.start(TEXTS[3]) is not None
    helper.ready = Future()  # as while it loads
    assert ex.entities.start(TEXTS[3]) is None
    assert _ents(ex._parse(TEXTS[3])) == _ents(inline._parse(TEXTS[3]))
    ex.entities.close()


def test_a_helper_that_dies_is_replaced_by_this_process(caplog: pytest.LogCaptureFixture) -> None:
    ex = _loaded(SpacyExtractor(ner_process=True))
    runner = ex.entities
    helper = runner._helper
    assert helper is not None
    before = [c.model_dump() for c in ex.extract(TEXTS[0])]
    with caplog.at_level(logging.WARNING, logger="toulmin.extract.ner"):
        helper.proc.kill()
        after = [c.model_dump() for c in ex.extract(TEXTS[0])]
        for _ in range(100):  # the reader thread sees the pipe close
            if not runner.apart:
                break
            time.sleep(0.05)
        again = [c.model_dump() for c in ex.extract(TEXTS[0])]
    assert before == after == again
    assert not runner.apart and "in-process from now on" in caplog.text


def test_the_helper_runs_its_arithmetic_on_one_thread(apart: SpacyExtractor) -> None:
    """Its core is its own: BLAS threads would take time from the process that parses."""
    helper = apart.entities._helper
    assert helper is not None
    environ = Path(f"/proc/{helper.proc.pid}/environ").read_bytes().split(b"\0")
    assert b"OPENBLAS_NUM_THREADS=1" in environ and b"OMP_NUM_THREADS=1" in environ


def test_close_ends_the_helper_process() -> None:
    ex = SpacyExtractor(ner_process=True)
    helper = ex.entities._helper
    assert helper is not None and helper.proc.poll() is None
    ex.entities.close()
    assert helper.proc.poll() is not None and not ex.entities.apart
    assert _ents(ex._parse(TEXTS[3]))  # still recognised, in this process


def test_a_helper_closed_while_it_loads_is_killed_at_once(caplog: pytest.LogCaptureFixture) -> None:
    ex = SpacyExtractor(ner_process=True)
    helper = ex.entities._helper
    assert helper is not None and not helper.ready.done()  # importing spaCy takes seconds
    t = time.perf_counter()
    with caplog.at_level(logging.WARNING, logger="toulmin.extract.ner"):
        ex.entities.close()
        assert helper.proc.returncode is not None and time.perf_counter() - t < 2
        assert not ex.entities.loaded(timeout=5)
    assert "in-process" not in caplog.text  # this side ended it: nothing to warn about


def test_one_core_or_the_option_off_starts_no_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOULMIN_THREADS", "1")
    assert SpacyExtractor(ner_process=True).entities._helper is None
    monkeypatch.delenv("TOULMIN_THREADS")
    assert SpacyExtractor(ner_process=False).entities._helper is None


def test_a_pipeline_without_a_recogniser_sets_no_entities(inline: SpacyExtractor) -> None:
    class NoNer:
        component_names = ("tagger",)

    runner = EntityRunner(NoNer(), "none", apart=True)
    assert runner._helper is None and runner.start("text") is None
    doc = inline.nlp.make_doc("Paris is big.")
    runner.finish(doc, None)
    assert _ents(doc) == []


def test_a_verifier_on_one_thread_starts_no_helper() -> None:
    from toulmin.config import load_config
    from toulmin.verify import Verifier

    one = Verifier(load_config(env={}, overrides={"checker": {"threads": 1}}))
    assert isinstance(one.extractor, SpacyExtractor) and one.extractor.entities._helper is None


def test_a_text_the_helper_cannot_read_is_read_here_and_the_helper_carries_on(
    apart: SpacyExtractor, inline: SpacyExtractor
) -> None:
    from toulmin.extract.ner import _TextError

    helper = apart.entities._helper
    assert helper is not None
    too_long = "word " * 250_001  # over spaCy's max_length: the child's nlp() raises
    with pytest.raises(_TextError, match="E088"):
        helper.submit(too_long).result(timeout=60)
    assert apart.entities.apart
    assert _ents(apart._parse(TEXTS[3])) == _ents(inline._parse(TEXTS[3]))
