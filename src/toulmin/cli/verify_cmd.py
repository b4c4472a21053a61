"""``toulmin verify``: check one answer against its sources.

Exit status: 0 checked (and above ``--fail-under`` if given); 1 below the
``--fail-under`` bar, a claim contradicted, or no claim checkable with ``--fail-under``;
2 bad input or config (``--fail-under`` outside 0..1 too); 3 a model failed; 4 a
missing dependency.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import click
import yaml

from ..config import PRESETS, load_config, nest_dotted
from ..errors import InputError
from ..lessons import lesson_recorder
from ..sources import Source, read_source_file, read_sources_dir
from ..verify import get_verifier
from . import handle_errors
from .render import render_crag, render_markdown, render_text

__all__ = ["PRESET_OPTION", "parse_sets", "verify_cmd"]

def _accurate_help() -> str:
    """What --help says of the accurate preset: whether its checker is installed here."""
    from ..checker.onnx import PACKAGED

    if importlib.util.find_spec(PACKAGED["accurate"]) is not None:
        return "accurate: the 12-layer checker (installed)"
    return ("accurate: the 12-layer checker, NOT INSTALLED here: a package of its own, not yet "
            "on PyPI (pip install ./packages/checker-accurate from a checkout; "
            "'toulmin[accurate]' once published)")


PRESET_OPTION = click.option(
    "--preset", type=click.Choice(sorted(PRESETS)), default=None,
    help="A named set of settings; fast: the 4-layer checker, BM25 only, one candidate per claim; "
         + _accurate_help() + ".")


def parse_sets(items: tuple[str, ...], preset: str | None = None) -> dict[str, Any]:
    """``--set link.k=5`` -> ``{"link": {"k": 5}}`` (values parsed as YAML), with
    ``--preset``'s name beside them."""
    flat: dict[str, Any] = {"preset": preset} if preset else {}
    for item in items:
        if "=" not in item:
            raise InputError(
                "E_BAD_OPTION",
                f"--set {item!r} is not KEY=VALUE",
                fix="e.g. --set link.k=5 --set decide.revise=remove",
            )
        key, raw = item.split("=", 1)
        flat[key] = yaml.safe_load(raw) if raw.strip() else None
    return nest_dotted(flat)


def _read_answer(path: str) -> str:
    if path == "-":
        if sys.stdin.isatty():
            raise InputError(
                "E_NO_ANSWER", "no answer given", fix="pass --answer FILE or pipe the answer on stdin"
            )
        data = sys.stdin.buffer.read()
    else:
        p = Path(path)
        if not p.is_file():
            raise InputError("E_NOT_FOUND", f"answer file {path} not found", fix="check the path")
        data = p.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(
            "E_NOT_UTF8", f"the answer is not valid UTF-8 (byte {e.start})", fix="re-encode it as UTF-8"
        ) from e


def _source_file(path: str, what: str) -> list[Source]:
    if not Path(path).is_file():
        raise InputError("E_NOT_FOUND", f"{what} {path} not found", fix="check the path")
    return read_source_file(path)


@click.command("verify")
@click.option(
    "--answer", "answer_path", default="-", show_default=True, help="File holding the answer ('-' = stdin)."
)
@click.option("--question", default=None, help="The question the answer replies to.")
@click.option(
    "--source",
    "source_files",
    multiple=True,
    type=click.Path(),
    help="A source file (repeatable): .json one {id,text,metadata}, .jsonl many, else plain text.",
)
@click.option("--sources-dir", type=click.Path(), default=None, help="A folder of source files.")
@click.option(
    "--chat",
    "chat_file",
    type=click.Path(),
    default=None,
    help="The conversation the answer continues: a source file of its turns ('[Human]: ...' or "
    "'Name: ...'), read as a chat (metadata.kind: chat); a pronoun the answer opens with stands for "
    "what it was last about.",
)
@click.option(
    "--corpus",
    "corpus_path",
    default=None,
    help="Search this corpus for claims the sources do not back (offline CRAG); sources become optional.",
)
@click.option("--chroma-url", default=None, help="A Chroma server as the corpus instead.")
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json", "markdown"]), default="text", show_default=True
)
@click.option(
    "--fail-under",
    type=float,
    default=None,
    help="Exit 1 if confidence < this (0..1), a claim is CONTRADICTED or no claim could be checked (for CI).",
)
@click.option(
    "--config",
    "config_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="YAML config file (default: ./toulmin.yaml if present).",
)
@click.option("--set", "sets", multiple=True, help="Override a config key: --set link.k=5 (repeatable).")
@PRESET_OPTION
@click.option("--no-timings", is_flag=True, help="Leave timings out of JSON (byte-identical reruns).")
@click.option("--color/--no-color", default=None, help="Colour the text output (default: if a terminal).")
@handle_errors
def verify_cmd(
    answer_path: str,
    question: str | None,
    source_files: tuple[str, ...],
    sources_dir: str | None,
    chat_file: str | None,
    corpus_path: str | None,
    chroma_url: str | None,
    fmt: str,
    fail_under: float | None,
    config_path: str | None,
    sets: tuple[str, ...],
    preset: str | None,
    no_timings: bool,
    color: bool | None,
) -> None:
    """Check an answer against its sources, claim by claim."""
    _check_fail_under(fail_under)
    sources: list[Source] = []
    if chat_file is not None:
        sources.extend(Source(id=s.id, text=s.text, metadata={"kind": "chat", **s.metadata})
                       for s in _source_file(chat_file, "chat file"))
    for f in source_files:
        sources.extend(_source_file(f, "source file"))
    if sources_dir:
        sources.extend(read_sources_dir(sources_dir))
    corpus = corpus_path or chroma_url
    if not sources and not corpus:
        raise InputError(
            "E_NO_SOURCES",
            "no sources were given",
            fix="pass --source FILE (repeatable), --sources-dir DIR, --chat FILE or --corpus DIR",
        )
    answer = _read_answer(answer_path)
    cfg = load_config(config_path, overrides=parse_sets(sets, preset) or None)
    res = None
    if corpus:
        from ..corpus import open_corpus
        from ..crag import crag

        res = crag(answer, sources, open_corpus(cfg, path=corpus_path, url=chroma_url), question, config=cfg,
                   on_report=lesson_recorder(cfg))
        report = res.report
    else:
        report = get_verifier(cfg).verify(answer, sources, question, on_report=lesson_recorder(cfg))
    tail = "" if res is None else "\n" + render_crag(res) + "\n"
    if fmt == "json" and res is not None:
        data = res.model_dump(mode="json")
        if no_timings:
            data["report"].pop("timings_ms")
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    elif fmt == "json":
        click.echo(report.to_json(timings=not no_timings))
    elif fmt == "markdown":
        click.echo(render_markdown(report) + tail, nl=False)
    else:
        click.echo(render_text(report, colour=sys.stdout.isatty() if color is None else color) + tail)
    if fail_under is not None:
        why = _gate_failure(report.confidence, report.claims_contradicted, fail_under)
        if why:
            click.echo(f"verification failed: {why}", err=True)
            sys.exit(1)


def _check_fail_under(value: float | None) -> None:
    """--fail-under is a confidence, 0..1: NaN compares false with everything and a value
    below 0 never fails, so either would switch the CI gate off without a word."""
    if value is not None and not 0.0 <= value <= 1.0:
        raise InputError("E_BAD_OPTION", f"--fail-under {value} is not a confidence between 0 and 1",
                         fix="e.g. --fail-under 0.7 ; the value is a confidence, as in the report")


def _gate_failure(confidence: float | None, contradicted: int, bar: float) -> str | None:
    """Why the ``--fail-under`` gate fails, or None when it passes. An answer with no
    checkable claim has no confidence: nothing was verified, so it does not pass."""
    if confidence is None:
        return (f"nothing could be checked (no claim of the answer was checkable, so confidence is "
                f"null), and --fail-under {bar} needs a checked answer")
    why = []
    if confidence < bar:
        why.append(f"confidence {confidence} < {bar}")
    if contradicted:
        why.append(f"{contradicted} claim{'s' if contradicted > 1 else ''} contradicted")
    return " and ".join(why) or None
