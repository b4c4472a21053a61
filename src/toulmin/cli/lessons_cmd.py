"""``toulmin lessons``: list, export or clear the stored lessons."""

from __future__ import annotations

import click

from ..config import load_config
from ..lessons import LessonStore
from . import handle_errors

__all__ = ["lessons_cmd"]


@click.command("lessons")
@click.option("--limit", type=int, default=20, show_default=True, help="Newest N (text format).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "jsonl", "prompt"]),
    default="text",
    show_default=True,
    help="jsonl exports all; prompt prints the block for generation prompts.",
)
@click.option("--clear", is_flag=True, help="Delete every stored lesson.")
@click.option("--path", default=None, help="Lesson store (default: lessons.path or the user data folder).")
@handle_errors
def lessons_cmd(limit: int, fmt: str, clear: bool, path: str | None) -> None:
    """Lessons recorded from discrepancies and unsupported claims (lessons.record)."""
    store = LessonStore(path or load_config().lessons.path)
    if clear:
        click.echo(f"deleted {store.clear()} lessons from {store.path}")
        return
    if fmt == "jsonl":
        click.echo(store.export_jsonl(), nl=False)
        return
    if fmt == "prompt":
        click.echo(store.as_prompt(limit))
        return
    items = store.all(limit)
    if not items:
        click.echo(f"no lessons in {store.path}")
    for x in items:
        click.echo(f"[{x.origin}/{x.trigger}] MISTAKE: {x.mistake}\n    CORRECTION: {x.correction}")
