"""``toulmin schema``: the JSON schema of the report or of the config."""

from __future__ import annotations

import json

import click

from ..config import Config
from ..report import report_schema

__all__ = ["schema"]


@click.command("schema")
@click.argument("what", type=click.Choice(["report", "config", "errors"]), default="report")
def schema(what: str) -> None:
    """Print the JSON schema of the verify report (or of toulmin.yaml), or the table of
    error codes (errors: docs/errors.md)."""
    if what == "errors":
        from ..errors import errors_table

        click.echo(errors_table(), nl=False)
        return
    data = report_schema() if what == "report" else Config.model_json_schema()
    click.echo(json.dumps(data, indent=2, sort_keys=True))
