"""``toulmin checks``: the registered deterministic checks and their state."""

from __future__ import annotations

import json
from typing import Any

import click

from ..checks.registry import registered, resolve_states
from ..config import load_config
from . import handle_errors
from .verify_cmd import parse_sets

__all__ = ["checks_cmd"]


@click.command("checks")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None)
@click.option("--set", "sets", multiple=True, help="Override a config key: --set decide.checks.speaker=off.")
@handle_errors
def checks_cmd(fmt: str, config_path: str | None, sets: tuple[str, ...]) -> None:
    """The deterministic checks: name, scope, whether a mismatch may refute a claim, the
    state decide.checks gives it (on, advisory, off) and what it catches.

    Switch one in any config layer: decide.checks: {speaker.role: advisory}; a prefix
    names all its checks (speaker); false turns every one off."""
    d = load_config(config_path, overrides=parse_sets(sets) or None).decide
    states = resolve_states(d.checks, d.advisory_checks)
    rows: list[dict[str, Any]] = [
        {"name": c.name, "scope": c.scope, "kind": c.kind, "refutes": c.refutes, "state": states[c.name],
         "summary": c.summary, "module": c.module} for c in registered()]
    if fmt == "json":
        click.echo(json.dumps(rows, indent=1, ensure_ascii=False))
        return
    width = max(len(r["name"]) for r in rows)
    click.echo(f"{'check':<{width}}  {'scope':<12}  refutes  {'state':<8}  catches")
    for r in rows:
        click.echo(f"{r['name']:<{width}}  {r['scope']:<12}  {'yes' if r['refutes'] else 'no':<7}  "
                   f"{r['state']:<8}  {r['summary']}")
