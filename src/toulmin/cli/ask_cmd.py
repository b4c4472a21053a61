"""``toulmin ask``: retrieve, generate with citations, verify, correct (CRAG)."""

from __future__ import annotations

import json
import sys

import click

from ..config import load_config
from ..errors import ConfigError
from ..llm import load_llm
from . import handle_errors
from .render import render_crag, render_text
from .verify_cmd import parse_sets

__all__ = ["ask_cmd"]


@click.command("ask")
@click.argument("question")
@click.option("--corpus", "corpus_path", default=None, help="Corpus folder (corpus.path).")
@click.option("--chroma-url", default=None, help="A Chroma server instead (corpus.url).")
@click.option("--no-crag", is_flag=True, help="Verify once; no corrective retrieval (crag.max_attempts=0).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--no-timings", is_flag=True, help="Leave timings out of JSON.")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None)
@click.option("--set", "sets", multiple=True, help="Override a config key (repeatable).")
@handle_errors
def ask_cmd(
    question: str,
    corpus_path: str | None,
    chroma_url: str | None,
    no_crag: bool,
    fmt: str,
    no_timings: bool,
    config_path: str | None,
    sets: tuple[str, ...],
) -> None:
    """Answer QUESTION from a corpus with the configured LLM, citing [n], then
    verify the answer and, below the threshold, retrieve and regenerate."""
    overrides = parse_sets(sets)
    if no_crag:
        overrides.setdefault("crag", {})["max_attempts"] = 0
    cfg = load_config(config_path, overrides=overrides or None)
    llm = load_llm(cfg.llm)
    if llm is None:
        raise ConfigError(
            "E_CONFIG_VALUE",
            "toulmin ask needs a language model to write the answer",
            fix="set llm.provider and llm.model (e.g. --set llm.provider=openai --set llm.model=...); "
            "to check an answer you have, use toulmin verify --corpus",
        )
    from ..corpus import open_corpus
    from ..crag import crag
    from ..lessons import LessonStore, lesson_recorder

    lessons = ""
    if cfg.lessons.inject:
        lessons = LessonStore(cfg.lessons.path).as_prompt(cfg.lessons.inject)
    retriever = open_corpus(cfg, path=corpus_path, url=chroma_url)
    res = crag(None, None, retriever, question, llm=llm, config=cfg, lessons=lessons,
               on_report=lesson_recorder(cfg))
    if fmt == "json":
        data = res.model_dump(mode="json")
        if no_timings:
            data["report"].pop("timings_ms")
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    click.echo(render_text(res.report, colour=sys.stdout.isatty()))
    click.echo(render_crag(res))
