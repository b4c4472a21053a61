"""Options shared by the commands that load a checker."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import click

from .._worker import score_chunk
from ..checker import Checker
from ..classify.pairs import PairScore, WindowConfig
from ..components import build_components
from ..config import Config, load_config

__all__ = ["checker_options", "engine_options", "pair_scores", "resolve"]


def checker_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    for opt in reversed([
        click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
                     help="YAML config file (default: ./toulmin.yaml if present)."),
        click.option("--model", default=None,
                     help="Checker model: fast, accurate, a folder or a Hugging Face name "
                          "(default: the shipped model)."),
        click.option("--backend", default=None, help="Checker backend: onnx, hf, or a plugin."),
        click.option("--threshold", type=float, default=None, help="Override the supported threshold."),
        click.option("--window-words", type=int, default=None, help="Words per source window."),
        click.option("--batch-size", type=int, default=None, help="Pairs per model call."),
        click.option("--checks/--no-checks", default=None,
                     help="Let the number, bounded-date and negation checks overrule the model (default: "
                          "decide.checks, on); --no-checks scores with the model alone."),
    ]):
        fn = opt(fn)
    return fn


def resolve(config_path: str | None, model: str | None, backend: str | None,
            threshold: float | None, window_words: int | None,
            batch_size: int | None, checks: bool | None = None) -> tuple[Config, Checker, WindowConfig]:
    """The config these options and the layers resolve to, its checker (with ``decide.threshold``
    as its threshold when set) and its window settings."""
    checker = {k: v for k, v in {"model": model, "backend": backend, "window_words": window_words,
                                 "batch_size": batch_size}.items() if v is not None}
    decide = {k: v for k, v in {"threshold": threshold, "checks": checks}.items() if v is not None}
    over = {k: v for k, v in {"checker": checker, "decide": decide}.items() if v}
    cfg = load_config(config_path, overrides=over or None)
    parts = build_components(cfg)
    return cfg, parts.pair_checker, parts.window


def engine_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """--engine, --actors and --address, as verify-batch has them."""
    for opt in reversed([
        click.option("--engine", type=click.Choice(["local", "ray"]), default="local", show_default=True,
                     help="local: here; ray: Ray actors (pip install 'toulmin[ray]')."),
        click.option("--actors", type=click.IntRange(min=1), default=None,
                     help="--engine ray: actors (default: number of cores)."),
        click.option("--address", default=None, help="--engine ray: the cluster to join (auto, or "
                     "HOST:PORT); default: a Ray runtime started here for the run."),
    ]):
        fn = opt(fn)
    return fn


def pair_scores(rows: list[dict[str, Any]], cfg: Config, checker: Checker, win: WindowConfig, engine: str,
                actors: int | None, address: str | None, chunk: int = 64) -> Iterator[PairScore]:
    """The score of each row ``{"id", "doc", "claim"}`` or error row, in order: here,
    ``chunk`` pairs per model call, or on Ray actors (the same scores)."""
    if engine == "ray":
        import os

        from ..ray import score_rows

        yield from score_rows(rows, cfg, actors=actors or os.cpu_count() or 1, address=address,
                              batch_size=chunk)
        return
    for k in range(0, len(rows), chunk):
        yield from score_chunk(rows[k : k + chunk], (checker, win))
