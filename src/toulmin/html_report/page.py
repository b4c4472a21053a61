"""The page: one self-contained HTML document."""

from __future__ import annotations

import base64
import hashlib
import html
import json
from importlib import resources
from typing import Any

from .charts import by_type, confusion, esc, histogram, reliability
from .rows import VERDICTS, Run
from .summary import page_data, script_json, summarise

__all__ = ["build_html"]

# -- the page ------------------------------------------------------------------------------


def _asset(*parts: str) -> str:
    return resources.files("toulmin").joinpath(*parts).read_text(encoding="utf-8")


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.1%}"


def _num(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.2f}"


def _tile(label: str, value: str, sub: str = "", cls: str = "") -> str:
    return (f'<div class="tile{" " + cls if cls else ""}"><dt>{esc(label)}</dt><dd>{esc(value)}'
            + (f"<small>{esc(sub)}</small>" if sub else "") + "</dd></div>")


def _figure(fid: str, caption: str, svg: str, note: str = "") -> str:
    return (f'<figure id="{fid}">{svg}<figcaption>{esc(caption)}'
            + (f"<br><small>{esc(note)}</small>" if note else "") + "</figcaption></figure>")


def _filters(run: Run, s: dict[str, Any]) -> str:
    reports = [r for r in run.rows if "error" not in r]
    opts = [("all", f"all rows ({s['rows']})"),
            ("ungrounded", f"not grounded ({s['answers'] - s['grounded']})"),
            ("grounded", f"grounded ({s['grounded']})")]
    if s["errors"]:
        opts.append(("errors", f"errors ({s['errors']})"))
    if s["labelled"]:
        cm = s["confusion"]
        opts.append(("disagree", f"label and toulmin disagree ({cm['fp'] + cm['fn']})"))
    for v in VERDICTS:
        if v == "TRIVIAL":
            continue
        n = sum(any(c["verdict"] == v for c in r["claims"]) for r in reports)
        if n:
            opts.append((f"v:{v}", f"with a {v} claim ({n})"))
    return "".join(f'<option value="{esc(k)}">{esc(t)}</option>' for k, t in opts)


def _run_section(run: Run) -> str:
    parts = [] if run.configs else ['<p class="note">No row of this run holds a report.</p>']
    if len(run.configs) > 1:
        parts.append(f"<p>This run mixes {len(run.configs)} configurations or model versions.</p>")
    for i, c in enumerate(run.configs, 1):
        models = "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in c["models"].items())
        mean = c["total_ms"] / c["n"] if c["n"] else 0.0
        head = f"Configuration {i}: " if len(run.configs) > 1 else ""
        parts.append(
            f'<div class="config"><h3>{head}{c["n"]} answers, toulmin {esc(c["toulmin_version"])} '
            f'(report schema {esc(c["schema_version"])}), mean {mean:.0f} ms an answer</h3>'
            f'<table class="models"><tbody>{models}</tbody></table>'
            f"<details><summary>Configuration (resolved)</summary><pre>"
            f"{html.escape(json.dumps(c['config'], indent=2, ensure_ascii=False), quote=False)}</pre>"
            "</details></div>")
    return "".join(parts)


def build_html(run: Run, *, title: str | None = None) -> str:
    """The page: one self-contained HTML document."""
    s = summarise(run)
    name = title or f"toulmin report: {run.name}"
    tiles = [
        _tile("answers", f"{s['answers']:,}", f"{s['rows']:,} rows"),
        _tile("grounded", _pct(s["grounded_rate"]), f"{s['grounded']:,} of {s['answers']:,}"),
        _tile("mean confidence", _num(s["mean_confidence"]),
              f"{s['no_confidence']:,} without checkable claims" if s["no_confidence"] else ""),
        _tile("claims", f"{s['claims']:,}"),
        _tile("errors", f"{s['errors']:,}", ", ".join(f"{k} {v}" for k, v in s["error_codes"].items()),
              "bad" if s["errors"] else ""),
    ]
    if s["labelled"]:
        tiles.append(_tile("accuracy vs labels", _pct(s["accuracy"]), f"{s['labelled']:,} labelled"))
    chips = "".join(f'<li class="chip" data-verdict="{v}"><span class="verdict">{v}</span>{n:,}</li>'
                    for v, n in s["verdicts"].items())
    figs = [_figure("chart-confidence", "Confidence of the answers (10 bins)", histogram(s["histogram"]),
                    f"{s['no_confidence']} answers without checkable claims are not shown"
                    if s["no_confidence"] else ""),
            _figure("chart-types", "Verdicts per claim type", by_type(s["by_type"]))]
    if s["labelled"]:
        ece = s["ece"]
        figs.append(_figure("chart-reliability",
                            "Reliability: confidence against the share labelled grounded",
                            reliability(s["reliability"]),
                            f"{s['reliability_n']} labelled answers with a confidence; ECE "
                            f"{_num(ece)}; the dashed line is perfect calibration"))
        cm = s["confusion"]
        figs.append(_figure("chart-confusion", "Labels against is_grounded", confusion(cm),
                            f"accuracy {_pct(s['accuracy'])}, precision {_pct(s['precision'])}, "
                            f"recall {_pct(s['recall'])} (of grounded), {s['labelled']} of {s['answers']} "
                            "answers labelled"))
    else:
        figs.append('<p class="why" id="no-labels">No labels: the reliability diagram and the confusion '
                    "matrix need answers labelled grounded or not (a <code>label</code> key in the run's "
                    "or the input's rows, or <code>--labels FILE</code>).</p>")
    notes = list(run.notes)
    if not run.sources_given:
        notes.append("The source texts were not given (toulmin report --input IN.jsonl): each evidence "
                     "quote is shown alone, not marked inside its source.")
    notes_html = "".join(f'<p class="note">{esc(n)}</p>' for n in notes)
    css = _asset("service", "static", "render.css") + _asset("report_page", "report.css")
    js = _asset("service", "static", "render.js") + _asset("report_page", "report.js")
    csp = (f"default-src 'none'; script-src '{_sha(js)}'; style-src '{_sha(css)}'; img-src data:; "
           "base-uri 'none'; form-action 'none'")
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{esc(csp)}">
<meta name="generator" content="toulmin report">
<title>{esc(name)}</title>
<style>{css}</style>
</head>
<body>
<header><h1>{esc(name)}</h1>
<p>{s['rows']:,} rows of <code>{esc(run.name)}</code>, verified by toulmin; every claim of each answer checked
against its sources.</p></header>
<main>
<section id="headline" aria-label="Headline numbers">
<dl class="tiles">{"".join(tiles)}</dl>
<ul class="chips" aria-label="Claims by verdict">{chips}</ul>
{notes_html}
</section>
<section id="charts" aria-label="Charts">{"".join(figs)}</section>
<section id="answers" aria-labelledby="answers-h">
<h2 id="answers-h">Answers, worst first</h2>
<div class="controls">
<label for="filter">Show</label> <select id="filter">{_filters(run, s)}</select>
<span id="shown" role="status"></span>
<span class="pager"><button type="button" id="prev">&larr; previous</button>
<span id="page"></span>
<button type="button" id="next">next &rarr;</button></span>
</div>
<ol id="list"></ol>
</section>
<section id="run" aria-labelledby="run-h"><h2 id="run-h">Run: configuration and models</h2>
{_run_section(run)}</section>
</main>
<script type="application/json" id="data">{script_json(page_data(run))}</script>
<script>{js}</script>
</body>
</html>
"""


def _sha(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
