"""The report of a batch run as one HTML file: ``toulmin report RUN.jsonl -o report.html``.

RUN.jsonl is what ``verify-batch`` writes: rows ``{"id", "report"}`` or ``{"id", "error"}``.
The page holds everything it shows (no network, no CDN; its Content-Security-Policy
allows nothing but its own inline script and style) and opens in any browser:

* headline numbers: answers, grounded rate, mean confidence, claims by verdict, errors;
* charts: the confidence histogram, verdicts per claim type and, where answers carry
  labels, a reliability diagram and a confusion matrix (without labels the page says why
  they are absent);
* the answers, worst first (error rows, then not grounded by confidence, then grounded),
  each claim marked in the answer in its verdict colour and the evidence quote marked in
  its source: the service page's own rendering (``service/static/render.js`` and
  ``render.css``, inlined), paged (50 a page) and filtered by verdict;
* the run's configurations and model versions (API keys in a config are masked).

The charts are inline SVG written here, not drawn by a plotting library: four simple
charts need no dependency, the markup is tiny and byte for byte the same for the same run
(matplotlib's SVG carries ids, fonts as paths and a date), and the bars take their
colours from the same CSS variables as the verdicts in the text.

Sources: the report does not hold the source texts; ``sources`` (the rows of the batch
input, joined by id) gives them, and each shown quote is then marked inside its source
with up to 300 characters around it (only that piece is embedded, deduplicated).
Without them the quote is shown alone, and the page says so.

Labels (grounded or not, per answer): a ``label`` key in the run's rows or in the input
rows, or a labels file of ``{"id", "label"}`` rows; the labels file wins over the run,
the run over the input. A label is true/false, 1/0, or one of the strings "grounded",
"not grounded" (also "not_grounded", "ungrounded", "true", "false"); anything else is an
E_BAD_LABEL error naming the file and line.

Bad lines in RUN: a line that is not JSON (E_BAD_JSON), or not a verify-batch row (E_BAD_ROW:
neither a report nor an error, or a report without its answer and claims), is never
dropped: it is listed as an error row of the report, with its line number, and counted
with the errors. Only a file with no verify-batch row at all (or none at all) stops the
command, with a fix.

The same RUN (and inputs and labels) gives the same HTML, byte for byte: nothing is
taken from the clock or the machine.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import InputError
from .page import build_html
from .rows import PAGE_SIZE, Run, load_labels, parse_label, read_inputs, read_run
from .summary import page_data, script_json, summarise

__all__ = [
    "PAGE_SIZE",
    "Run",
    "build_html",
    "load_labels",
    "page_data",
    "parse_label",
    "read_inputs",
    "read_run",
    "script_json",
    "summarise",
    "write_report",
]


def write_report(run_path: str | Path, out: str | Path, *, input_path: str | Path | None = None,
                 labels_path: str | Path | None = None, title: str | None = None) -> Run:
    """Read RUN (and the input, the labels), write the page to ``out``; the run read."""
    if not Path(out).resolve().parent.is_dir():
        raise InputError("E_NOT_FOUND", f"the folder of {out} does not exist",
                         fix="create it first, or write the report elsewhere")
    inputs = None
    unread = 0
    if input_path is not None:
        inputs, unread = read_inputs(input_path)
    labels = load_labels(labels_path) if labels_path is not None else None
    run = read_run(run_path, inputs=inputs, labels=labels)
    if unread:
        lines = "1 line" if unread == 1 else f"{unread} lines"
        run.notes.append(f"{lines} of the input could not be read (the run has their error rows)")
    # written beside, then renamed: a failure never leaves a truncated page where the last
    # good one was
    target = Path(out)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(build_html(run, title=title), encoding="utf-8", newline="\n")
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    return run
