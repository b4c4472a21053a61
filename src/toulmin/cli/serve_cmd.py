"""``toulmin serve``: the HTTP service and its web page."""

from __future__ import annotations

import click

from ..config import config_file, load_config
from . import handle_errors
from .verify_cmd import parse_sets

__all__ = ["serve_cmd"]


@click.command("serve")
@click.option("--host", default=None, help="Address (serve.host, default 127.0.0.1).")
@click.option("--port", type=int, default=None, help="Port (serve.port, default 8080).")
@click.option(
    "--corpus", "corpus_path", default=None, help="Corpus folder for CRAG and /v1/ask (corpus.path)."
)
@click.option(
    "--history",
    default=None,
    help="SQLite file or postgresql:// URL of past reports (serve.history; default: "
    "toulmin-history.sqlite beside the config file, else in the working directory).",
)
@click.option(
    "--hash-key", default=None, help="Print the SHA-256 of an API key for serve.api_keys_sha256, and exit."
)
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None)
@click.option("--set", "sets", multiple=True, help="Override a config key (repeatable).")
@handle_errors
def serve_cmd(
    host: str | None,
    port: int | None,
    corpus_path: str | None,
    history: str | None,
    hash_key: str | None,
    config_path: str | None,
    sets: tuple[str, ...],
) -> None:
    """Serve POST /v1/verify, /v1/verify/stream, /v1/ask, the history, /metrics and the web page."""
    from ..service.app import hash_key as _hash

    if hash_key is not None:
        click.echo(_hash(hash_key))
        return
    overrides = parse_sets(sets)
    if host:
        overrides.setdefault("serve", {})["host"] = host
    if port:
        overrides.setdefault("serve", {})["port"] = port
    if history:
        overrides.setdefault("serve", {})["history"] = history
    if corpus_path:
        overrides.setdefault("corpus", {})["path"] = corpus_path
    cfg = load_config(config_path, overrides=overrides or None)
    import uvicorn

    from ..service.app import create_app, default_history_path
    from ..service.server import uvicorn_config

    if not cfg.serve.history:
        cfg = cfg.merged({"serve": {"history": str(default_history_path(config_file(config_path)))}})
    app = create_app(cfg)
    click.echo(
        f"toulmin serving on http://{cfg.serve.host}:{cfg.serve.port}; "
        f"history in {_shown(cfg.serve.history or '')} (--history to change)",
        err=True,
    )
    uvicorn.Server(uvicorn_config(app, cfg)).run()


def _shown(history: str) -> str:
    """The history's place for the startup line, without a URL's password."""
    from urllib.parse import urlsplit

    parts = urlsplit(history)
    if parts.scheme.startswith("postgres") and parts.password:
        return history.replace(f":{parts.password}@", ":***@", 1)
    return history
