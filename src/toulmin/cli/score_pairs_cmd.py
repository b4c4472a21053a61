"""``toulmin score-pairs``: score (doc, claim) rows, MiniCheck-style."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

import click
from tqdm import tqdm

from ..checker.base import stamp as checker_stamp
from ..errors import InputError
from ..rows import parse_row
from . import handle_errors
from .options import checker_options, engine_options, pair_scores, resolve

__all__ = ["read_rows", "score_pairs"]


def read_rows(path: str) -> list[dict[str, Any]]:
    """Rows ``{id, doc, claim}``; a malformed line becomes an error row, not a crash."""
    data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    rows: list[dict[str, Any]] = []
    for n, raw in enumerate(data.splitlines(), 1):
        if not raw.strip():
            continue
        rid, row, error = parse_row(
            raw, n, ("doc", "claim"), None, 'one JSON object per line: {"id": ..., "doc": ..., "claim": ...}'
        )
        if row is None:
            rows.append({"id": rid, "line": n, "error": error})
        else:
            rows.append({"id": rid, "doc": row["doc"], "claim": row["claim"], "line": n})
    if not rows:
        raise InputError("E_EMPTY", f"{path} has no rows", fix='give JSONL rows {"id", "doc", "claim"}')
    return rows


@click.command("score-pairs")
@click.argument("infile", type=click.Path(allow_dash=True))
@click.option("-o", "--output", "outfile", default="-", type=click.Path(allow_dash=True),
              help="Output JSONL (default: stdout).")
@checker_options
@engine_options
@handle_errors
def score_pairs(infile: str, outfile: str, config_path: str | None, model: str | None,
                backend: str | None, threshold: float | None, window_words: int | None,
                batch_size: int | None, checks: bool | None, engine: str, actors: int | None,
                address: str | None) -> None:
    """Score JSONL rows {id, doc, claim}; write {id, prob_supported, supported, label3,
    probs, evidence}. Rows that cannot be scored get an "error" and the exit status is 1."""
    if infile != "-" and not Path(infile).is_file():
        raise InputError("E_NOT_FOUND", f"input file {infile} not found", fix="check the path")
    cfg, checker, win = resolve(config_path, model, backend, threshold, window_words, batch_size, checks)
    rows = read_rows(infile)
    stamp = checker_stamp(checker) + ("+checks" if win.checks else "")
    out: TextIO = sys.stdout if outfile == "-" else open(outfile, "w", encoding="utf-8")  # noqa: SIM115
    errors = 0
    try:
        with tqdm(total=len(rows), unit="pair", disable=None, file=sys.stderr) as bar:
            for r, s in zip(rows, pair_scores(rows, cfg, checker, win, engine, actors, address)):
                rec = ({"id": r["id"], "error": s.error} if s.error else
                       {**s.model_dump(exclude_none=True), "id": r["id"], "model": stamp})
                errors += "error" in rec
                out.write(json.dumps(rec, ensure_ascii=False) + "\n")
                bar.update(1)
    finally:
        if out is not sys.stdout:
            out.close()
    if errors:
        click.echo(f"{errors} of {len(rows)} rows could not be scored (see their \"error\")", err=True)
        sys.exit(1)
