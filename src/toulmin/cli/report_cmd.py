"""``toulmin report``: the output of verify-batch as one self-contained HTML page.

Headline numbers, charts (inline SVG), the answers worst first with each claim marked
in its verdict colour, a filter by verdict, paging, and the run's configuration and
model versions; see ``toulmin.html_report``. A line of RUN that is not a verify-batch
row is listed as an error row of the report (and counted), never dropped.
"""

from __future__ import annotations

from pathlib import Path

import click

from ..html_report import write_report
from . import handle_errors

__all__ = ["report_cmd"]


@click.command("report")
@click.argument("run_file", metavar="RUN.jsonl", type=click.Path(dir_okay=False))
@click.option("-o", "--output", "outfile", required=True, type=click.Path(dir_okay=False),
              help="The HTML file to write.")
@click.option("--input", "input_path", type=click.Path(dir_okay=False), default=None,
              help="The batch's input JSONL (verify-batch's IN.jsonl): its sources, joined by id, "
              "show each quote marked inside its source.")
@click.option("--labels", "labels_path", type=click.Path(dir_okay=False), default=None,
              help='JSONL {"id", "label"} rows, label grounded or not (true/false, "grounded", '
              '"not grounded"): adds a reliability diagram and a confusion matrix.')
@click.option("--title", default=None, help="The page's title (default: toulmin report: RUN.jsonl).")
@handle_errors
def report_cmd(run_file: str, outfile: str, input_path: str | None, labels_path: str | None,
               title: str | None) -> None:
    """Write an HTML report of a verify-batch run: numbers, charts, the worst answers first."""
    run = write_report(run_file, outfile, input_path=input_path, labels_path=labels_path, title=title)
    for note in run.notes:
        click.echo(f"note: {note}", err=True)
    answers = sum("error" not in r for r in run.rows)
    size = Path(outfile).stat().st_size
    click.echo(f"wrote {outfile}: {answers} answers, {len(run.rows) - answers} error rows, "
               f"{size / 1024:,.0f} KiB", err=True)
