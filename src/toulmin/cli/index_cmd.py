"""``toulmin index`` and ``toulmin search``: build a corpus and query it."""

from __future__ import annotations

import json
import sys

import click

from ..config import load_config
from ..corpus import open_corpus
from . import handle_errors
from .verify_cmd import parse_sets

__all__ = ["index_cmd", "search_cmd"]

_CORPUS = click.option("--corpus", "corpus_path", default=None, help="Corpus folder (corpus.path).")
_URL = click.option("--chroma-url", default=None, help="A Chroma server instead (corpus.url).")
_CONFIG = click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None)
_SETS = click.option("--set", "sets", multiple=True, help="Override a config key (repeatable).")


@click.command("index")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@_CORPUS
@_URL
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@_CONFIG
@_SETS
@handle_errors
def index_cmd(
    paths: tuple[str, ...],
    corpus_path: str | None,
    chroma_url: str | None,
    fmt: str,
    config_path: str | None,
    sets: tuple[str, ...],
) -> None:
    """Index text, Markdown, HTML and PDF files and folders into a corpus.

    Re-indexing is incremental: unchanged files are skipped, changed ones
    replaced, duplicates reported. A file that cannot be read is reported and
    the rest are indexed; the exit status is then 1."""
    cfg = load_config(config_path, overrides=parse_sets(sets) or None)
    retriever = open_corpus(cfg, path=corpus_path, url=chroma_url)
    rep = retriever.store.index(list(paths))
    if fmt == "json":
        click.echo(json.dumps({**rep.as_dict(), "chunks_total": retriever.store.count()}, indent=2))
    else:
        click.echo(
            f"{len(rep.added)} added, {len(rep.updated)} updated, {len(rep.unchanged)} unchanged, "
            f"{len(rep.duplicates)} duplicates, {len(rep.errors)} errors; "
            f"{rep.chunks_added} chunks added, {retriever.store.count()} in {retriever.store.where}"
        )
        for path, other in rep.duplicates.items():
            click.echo(f"duplicate: {path} (same content as {other})")
        for err in rep.errors.values():
            fix = f"\n  fix: {err['fix']}" if "fix" in err else ""
            click.echo(f"error[{err['code']}]: {err['message']}{fix}")
    if rep.errors:
        sys.exit(1)


@click.command("search")
@click.argument("query")
@_CORPUS
@_URL
@click.option("-k", "k", type=int, default=None, help="Passages (corpus.k).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@_CONFIG
@_SETS
@handle_errors
def search_cmd(
    query: str,
    corpus_path: str | None,
    chroma_url: str | None,
    k: int | None,
    fmt: str,
    config_path: str | None,
    sets: tuple[str, ...],
) -> None:
    """Search a corpus (hybrid BM25 + vectors) and print the passages with their offsets."""
    cfg = load_config(config_path, overrides=parse_sets(sets) or None)
    retriever = open_corpus(cfg, path=corpus_path, url=chroma_url)
    hits = retriever.retrieve(query, k or cfg.corpus.k)
    if fmt == "json":
        click.echo(json.dumps([h.model_dump() for h in hits], indent=2, ensure_ascii=False))
        return
    for n, h in enumerate(hits, 1):
        click.echo(f"[{n}] {h.source} [{h.start}:{h.end}] score {h.score:.4f}\n    {h.text[:300]}")
