"""``toulmin cove``: chain-of-verification of a draft with the configured LLM."""

from __future__ import annotations

import json

import click

from ..config import load_config
from ..cove import cove
from ..errors import ConfigError
from ..lessons import LessonStore, lessons_from_cove
from ..llm import load_llm
from ..sources import read_source_file
from . import handle_errors
from .verify_cmd import _read_answer, parse_sets

__all__ = ["cove_cmd"]


@click.command("cove")
@click.option("--task", required=True, help="The question or task the draft answers.")
@click.option(
    "--draft", "draft_path", default="-", show_default=True, help="File with the draft ('-' = stdin)."
)
@click.option(
    "--source",
    "source_paths",
    multiple=True,
    type=click.Path(exists=True, dir_okay=False),
    help="Ground the independent answers in these sources (repeatable).",
)
@click.option("--questions", type=int, default=None, help="Verification questions (cove.num_questions).")
@click.option("--no-rewrite", is_flag=True, help="Report discrepancies but keep the draft.")
@click.option(
    "--step", default=None, help="Name of the step that wrote the draft (checked against cove.exclude)."
)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None)
@click.option("--set", "sets", multiple=True, help="Override a config key: --set llm.model=x (repeatable).")
@handle_errors
def cove_cmd(
    task: str,
    draft_path: str,
    source_paths: tuple[str, ...],
    questions: int | None,
    no_rewrite: bool,
    step: str | None,
    fmt: str,
    config_path: str | None,
    sets: tuple[str, ...],
) -> None:
    """Verify a draft by chain-of-verification (needs llm.provider)."""
    cfg = load_config(config_path, overrides=parse_sets(sets) or None)
    llm = load_llm(cfg.llm)
    if llm is None:
        raise ConfigError(
            "E_CONFIG_VALUE",
            "toulmin cove needs a language model",
            fix="set llm.provider and llm.model (e.g. --set llm.provider=openai)",
        )
    draft = _read_answer(draft_path)
    sources = [s.text for p in source_paths for s in read_source_file(p)] if cfg.cove.grounded else None
    res = cove(
        task,
        draft,
        llm,
        sources=sources or None,
        num_questions=questions or cfg.cove.num_questions,
        rewrite_on_discrepancy=cfg.cove.rewrite_on_discrepancy and not no_rewrite,
        step=step,
        exclude=cfg.cove.exclude,
        fallback=cfg.llm.fallback,
        lessons=LessonStore(cfg.lessons.path).as_prompt(cfg.lessons.inject) if cfg.lessons.inject else "",
        config=cfg,
    )
    if cfg.lessons.record:
        LessonStore(cfg.lessons.path).add(lessons_from_cove(task, res))
    if fmt == "json":
        click.echo(res.model_dump_json(indent=2))
        return
    click.echo(f"status: {res.status}" + (f" ({res.skipped})" if res.skipped else ""))
    if res.fallback:
        click.echo(f"fallback: checked offline against the sources ({res.fallback})")
    for i, (q, a) in enumerate(zip(res.questions, res.answers + [""] * len(res.questions))):
        click.echo(f"Q{i + 1}: {q}\n  A{i + 1}: {a}")
    for d in res.discrepancies:
        click.echo(f"discrepancy: {d}")
    for n in res.notes:
        click.echo(f"note: {n}")
    click.echo("\n" + res.output)
    click.echo(json.dumps(res.metadata), err=True)
