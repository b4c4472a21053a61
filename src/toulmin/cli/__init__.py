"""The ``toulmin`` command line. One module per command."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

import click

from .._version import __version__
from ..errors import ToulminError

__all__ = ["handle_errors", "main"]

F = TypeVar("F", bound=Callable[..., Any])


def handle_errors(fn: F) -> F:
    """Print a ToulminError as ``error[CODE]: message`` + fix; exit with its status."""

    @wraps(fn)
    def wrapper(*a: Any, **kw: Any) -> Any:
        try:
            return fn(*a, **kw)
        except ToulminError as e:
            ctx = click.get_current_context(silent=True)
            as_json = bool(ctx and ctx.find_root().params.get("json_errors"))
            if as_json:
                click.echo(json.dumps({"error": e.to_dict()}), err=True)
            else:
                click.echo(f"error[{e.code}]: {e.message}", err=True)
                if e.fix:
                    click.echo(f"  fix: {e.fix}", err=True)
            sys.exit(e.exit_code)

    return wrapper  # type: ignore[return-value]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="toulmin")
@click.option("--json-errors", is_flag=True, help="Print errors as JSON on stderr.")
def main(json_errors: bool) -> None:
    """toulmin: check an answer against its sources, claim by claim."""


def _register() -> None:
    from . import (
        ask_cmd,
        checks_cmd,
        cove_cmd,
        eval_cmd,
        index_cmd,
        lessons_cmd,
        model_cmd,
        report_cmd,
        schema_cmd,
        score_pairs_cmd,
        serve_cmd,
        train_cmd,
        verify_batch_cmd,
        verify_cmd,
    )

    main.add_command(score_pairs_cmd.score_pairs)
    main.add_command(eval_cmd.eval_group)
    main.add_command(train_cmd.train)
    main.add_command(model_cmd.model)
    main.add_command(verify_cmd.verify_cmd)
    main.add_command(verify_batch_cmd.verify_batch)
    main.add_command(report_cmd.report_cmd)
    main.add_command(schema_cmd.schema)
    main.add_command(cove_cmd.cove_cmd)
    main.add_command(lessons_cmd.lessons_cmd)
    main.add_command(index_cmd.index_cmd)
    main.add_command(index_cmd.search_cmd)
    main.add_command(ask_cmd.ask_cmd)
    main.add_command(serve_cmd.serve_cmd)
    main.add_command(checks_cmd.checks_cmd)


_register()
