"""``toulmin verify-batch``: many answers, one JSONL report per line.

Input rows: ``{"id", "answer", "sources", "question"?}``. Output rows:
``{"id", "report"}`` or ``{"id", "error"}``, in input order. Resumable: ids
already in the output are skipped, and a line cut short by a crash is
dropped before appending. Rows run on ``--workers`` processes (default:
every core), each with one compute thread.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
from tqdm import tqdm

from ..config import Config, load_config
from ..errors import InputError, ToulminError
from . import handle_errors
from .rows import parse_row
from .verify_cmd import PRESET_OPTION, parse_sets

__all__ = ["verify_batch"]

_WORKER: Any = None
_ON_REPORT: Any = None


def _init(cfg_json: str) -> None:
    global _WORKER, _ON_REPORT
    from ..lessons import lesson_recorder
    from ..verify import Verifier

    cfg = Config.model_validate_json(cfg_json)
    _WORKER = Verifier(cfg)
    _ON_REPORT = lesson_recorder(cfg)


def _run(row: dict[str, Any]) -> tuple[str, bool]:
    """(output line, whether it is an error row)."""
    rid = row.get("id")
    try:
        if "error" in row:
            return json.dumps({"id": rid, "error": row["error"]}, ensure_ascii=False), True
        rep = _WORKER.verify(row["answer"], row["sources"], row.get("question"), on_report=_ON_REPORT)
        return json.dumps({"id": rid, "report": rep.model_dump(mode="json")}, ensure_ascii=False), False
    except ToulminError as e:
        return json.dumps({"id": rid, "error": e.to_dict()}, ensure_ascii=False), True


def _rows(path: Path, done: set[str]) -> Iterator[dict[str, Any]]:
    with path.open("rb") as fh:
        for n, raw in enumerate(fh, 1):
            if not raw.strip():
                continue
            rid, row, error = parse_row(
                raw,
                n,
                ("answer", "sources"),
                ("id", "answer", "sources", "question"),
                'one JSON object per line: {"id", "answer", "sources", "question"?}',
            )
            rid = str(rid)
            out: dict[str, Any] = (
                {"id": rid, "error": error}
                if row is None
                else {
                    "id": rid,
                    "answer": row["answer"],
                    "sources": row["sources"],
                    "question": row.get("question"),
                }
            )
            if rid not in done:
                yield out


def _resume(path: Path) -> set[str]:
    """Ids already written; a torn last line (no newline) is cut off."""
    if not path.exists():
        return set()
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        keep = data.rfind(b"\n") + 1
        with path.open("r+b") as fh:
            fh.truncate(keep)
        data = data[:keep]
    done = set()
    for line in data.splitlines():
        try:
            done.add(str(json.loads(line)["id"]))
        except (ValueError, KeyError, TypeError):
            continue  # a foreign line is left in place but does not count as done
    return done


@click.command("verify-batch")
@click.argument("infile", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "-o",
    "--output",
    "outfile",
    required=True,
    type=click.Path(dir_okay=False),
    help="Output JSONL; rows already there are skipped (resume).",
)
@click.option("--workers", type=int, default=None, help="Processes (default: number of cores).")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None)
@click.option("--set", "sets", multiple=True, help="Override a config key: --set link.k=5.")
@PRESET_OPTION
@handle_errors
def verify_batch(
    infile: str, outfile: str, workers: int | None, config_path: str | None, sets: tuple[str, ...],
    preset: str | None,
) -> None:
    """Verify JSONL rows {id, answer, sources, question?}; write {id, report} or {id, error}."""
    workers = workers or os.cpu_count() or 1
    if workers < 1:
        raise InputError("E_BAD_OPTION", "--workers must be at least 1", fix="e.g. --workers 2")
    over = parse_sets(sets, preset)
    if workers > 1:  # one compute thread per process: the processes share the cores
        over.setdefault("checker", {}).setdefault("threads", 1)
    cfg = load_config(config_path, overrides=over or None)
    out = Path(outfile)
    done = _resume(out)
    todo = list(_rows(Path(infile), done))
    if done:
        click.echo(f"resuming: {len(done)} rows already in {outfile}, {len(todo)} to go", err=True)
    errors = 0
    with (
        out.open("a", encoding="utf-8") as fh,
        tqdm(total=len(todo), unit="answer", disable=None, file=sys.stderr) as bar,
    ):
        if workers == 1 or len(todo) <= 1:
            _init(cfg.model_dump_json())
            results: Iterator[tuple[str, bool]] = map(_run, todo)
            pool = None
        else:
            # one compute thread per process for every library: the checker, the
            # embedder's onnxruntime session and BLAS
            names = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "TOULMIN_THREADS")
            saved = {k: os.environ.get(k) for k in names}
            os.environ.update(dict.fromkeys(names, "1"))
            try:
                pool = mp.get_context("spawn").Pool(workers, _init, (cfg.model_dump_json(),))
            finally:
                for k, v in saved.items():
                    if v is None:
                        os.environ.pop(k, None)
                    else:
                        os.environ[k] = v
            results = pool.imap(_run, todo, chunksize=1)
        try:
            for line, failed in results:
                errors += failed
                fh.write(line + "\n")
                fh.flush()
                bar.update(1)
        finally:
            if pool is not None:
                pool.close()
                pool.join()
    if errors:
        click.echo(f'{errors} rows could not be verified (see their "error")', err=True)
        sys.exit(1)
