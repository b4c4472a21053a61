"""``toulmin verify-batch``: many answers, one JSONL report per line.

Input rows: ``{"id", "answer", "sources", "question"?, "label"?}``. Output rows:
``{"id", "report"}`` or ``{"id", "error"}`` (and the row's ``label``, for ``toulmin
report``), in input order; a row that cannot be
verified, whatever the reason, is an error row and the run goes on. Resumable: rows
already in the output are skipped, and a line cut short by a crash is dropped
before appending. A repeated id is an E_DUPLICATE_ID error row. Rows run on ``--workers`` processes (default:
every core), each with one compute thread.
"""

from __future__ import annotations

import logging
import sys
import time
from pathlib import Path

import click
from tqdm import tqdm

from ..batch import read_rows, resume, run_lines, todo
from ..config import load_config
from ..errors import InputError
from . import handle_errors
from .verify_cmd import PRESET_OPTION, parse_sets

__all__ = ["verify_batch"]

log = logging.getLogger(__name__)


class _PlainProgress:
    """``verify-batch: 120 of 500 rows, 3.4 rows/s, 2 errors`` on stderr, at most every
    ``every`` seconds."""

    def __init__(self, total: int, every: float = 10.0) -> None:
        self.total, self.every, self.done = total, every, 0
        self.start = self.last = time.monotonic()

    def update(self, errors: int) -> None:
        self.done += 1
        if time.monotonic() - self.last >= self.every:
            self.line(errors)

    def line(self, errors: int) -> None:
        self.last = time.monotonic()
        rate = self.done / max(self.last - self.start, 1e-9)
        click.echo(f"verify-batch: {self.done} of {self.total} rows, {rate:.1f} rows/s, {errors} errors",
                   err=True)
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
@click.option("--engine", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="local: worker processes here; ray: Ray actors (pip install 'toulmin[ray]').")
@click.option("--address", default=None, help="--engine ray: the cluster to join (auto, or HOST:PORT); "
              "default: a Ray runtime started here for the run.")
@click.option("--actors", type=int, default=None, help="--engine ray: actors (default: --workers, or cores).")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None)
@click.option("--set", "sets", multiple=True, help="Override a config key: --set link.k=5.")
@PRESET_OPTION
@handle_errors
def verify_batch(
    infile: str, outfile: str, workers: int | None, engine: str, address: str | None, actors: int | None,
    config_path: str | None, sets: tuple[str, ...], preset: str | None,
) -> None:
    """Verify JSONL rows {id, answer, sources, question?}; write {id, report} or {id, error}.

    Rows already in OUT are skipped (a rerun resumes). Exit status 1 when any row could
    not be verified: their count is printed, and each has an "error" row in OUT.
    """
    # checked before anything is read or written; the defaults are run_lines' (every core)
    if any(n is not None and n < 1 for n in (workers, actors)):
        raise InputError("E_BAD_OPTION", "--workers and --actors must be at least 1", fix="e.g. --workers 2")
    over = parse_sets(sets, preset)
    cfg = load_config(config_path, overrides=over or None)
    out = Path(outfile)
    done = resume(out)
    rows = todo(read_rows(Path(infile)), done)
    # error rows an earlier run left in OUT count too: a rerun that finds nothing left to
    # do must not turn a failed batch green
    earlier = done.errors
    if done:
        click.echo(f"resuming: {done.total()} rows already in {outfile} ({earlier} of them errors), "
                   f"{len(rows)} to go", err=True)
    errors = 0
    # On a terminal a bar; in a log (stderr not a terminal, where tqdm stays silent) a plain
    # line every 10 seconds and at the end: rows done, rows/s, errors so far.
    plain = _PlainProgress(len(rows)) if not sys.stderr.isatty() else None
    with (
        out.open("a", encoding="utf-8") as fh,
        tqdm(total=len(rows), unit="answer", disable=None, file=sys.stderr) as bar,
    ):
        for line, failed in run_lines(rows, cfg, engine=engine, workers=workers, actors=actors,
                                      address=address):
            errors += failed
            fh.write(line + "\n")
            fh.flush()
            bar.update(1)
            if plain is not None:
                plain.update(errors)
    if plain is not None and rows:
        plain.line(errors)
    if errors or earlier:
        where = f" ({errors} in this run, {earlier} from an earlier run)" if earlier else ""
        n = errors + earlier
        click.echo(f'{n} row{"s" if n > 1 else ""} could not be verified{where}; see their "error" in '
                   f"{outfile}", err=True)
        sys.exit(1)

