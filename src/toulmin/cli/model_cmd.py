"""``toulmin model``: show which checker would be used and its card."""

from __future__ import annotations

import json

import click

from . import handle_errors
from .options import checker_options, resolve

__all__ = ["model"]


@click.command("model")
@checker_options
@handle_errors
def model(config_path: str | None, model: str | None, backend: str | None, threshold: float | None,
          window_words: int | None, batch_size: int | None, checks: bool | None) -> None:
    """Print the resolved checker (name, version, threshold, path) as JSON."""
    _, checker, _ = resolve(config_path, model, backend, threshold, window_words, batch_size, checks)
    info = getattr(checker, "info", lambda: {"name": checker.name, "version": checker.version})()
    click.echo(json.dumps(info, indent=2))
