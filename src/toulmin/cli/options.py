"""Options shared by the commands that load a checker."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from ..checker import Checker, load_checker
from ..classify.pairs import WindowConfig
from ..config import Config, load_config

__all__ = ["checker_options", "resolve"]


def checker_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    for opt in reversed([
        click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
                     help="YAML config file (default: ./toulmin.yaml if present)."),
        click.option("--model", default=None,
                     help="Checker model: a folder or a Hugging Face name (default: the shipped model)."),
        click.option("--backend", default=None, help="Checker backend: onnx, hf, or a plugin."),
        click.option("--threshold", type=float, default=None, help="Override the supported threshold."),
        click.option("--window-words", type=int, default=None, help="Words per source window."),
        click.option("--batch-size", type=int, default=None, help="Pairs per model call."),
        click.option("--checks/--no-checks", default=None,
                     help="Let the number, bounded-date and negation checks overrule the model (default: "
                          "checker.checks, on); --no-checks scores with the model alone."),
    ]):
        fn = opt(fn)
    return fn


def resolve(config_path: str | None, model: str | None, backend: str | None,
            threshold: float | None, window_words: int | None,
            batch_size: int | None, checks: bool | None = None) -> tuple[Config, Checker, WindowConfig]:
    over: dict[str, Any] = {k: v for k, v in {
        "model": model, "backend": backend, "threshold": threshold,
        "window_words": window_words, "batch_size": batch_size, "checks": checks}.items() if v is not None}
    cfg = load_config(config_path, overrides={"checker": over} if over else None)
    c = cfg.checker
    checker = load_checker(c.backend, c.model, batch_size=c.batch_size, threads=c.threads,
                           label_map=c.label_map)
    if c.threshold is not None:
        checker = _with_threshold(checker, c.threshold)
    win = WindowConfig(window_words=c.window_words, overlap_sentences=c.overlap_sentences,
                       top_windows=c.top_windows,
                       split_claim=c.split_claim, contradiction_threshold=c.contradiction_threshold,
                       checks=c.checks)
    return cfg, checker, win


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


def _with_threshold(checker: Checker, threshold: float) -> Checker:
    return _Thresholded(checker, threshold)
