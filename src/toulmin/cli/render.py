"""Report renderers for the CLI: coloured text, Markdown."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from ..decide.rollup import confidence_units
from ..report import CitationVerdict, ClaimResult, Report, Verdict

if TYPE_CHECKING:
    from ..crag import CRAGResult

__all__ = ["COLOURS", "render_crag", "render_markdown", "render_text"]

COLOURS = {
    Verdict.SUPPORTED: "green",
    Verdict.PARTIALLY_SUPPORTED: "yellow",
    Verdict.CONTRADICTED: "red",
    Verdict.UNLINKED: "magenta",
    Verdict.OVERREACH: "bright_red",
    Verdict.STALE: "cyan",
    Verdict.TRIVIAL: "bright_black",
    Verdict.NOT_CHECKED: "bright_black",
    Verdict.ERROR: "red",
}


CITATION_COLOURS = {
    CitationVerdict.CORRECT: "green",
    CitationVerdict.PARTIAL: "yellow",
    CitationVerdict.WRONG_SOURCE: "red",
    CitationVerdict.UNSUPPORTED: "bright_red",
    CitationVerdict.UNRESOLVED: "magenta",
    CitationVerdict.NO_CLAIM: "bright_black",
    CitationVerdict.UNCITED: "bright_black",
}


SECONDARY = "Secondary scores (citations and a blend; the answer's verdict is the confidence above)"


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.2f}"


def _citation_lines(r: Report, colour: bool) -> list[str]:
    """One line per marker with its verdict, then the answer-level numbers."""
    lines: list[str] = []
    if r.citations:
        lines += ["", "Citations:"]
        for c in r.citations:
            verdict = c.verdict.value
            if colour:
                verdict = click.style(verdict, fg=CITATION_COLOURS[c.verdict])
            on = ", ".join(c.claims) or "-"
            lines.append(f"  {c.id} {c.marker} -> {on}: {verdict} ({c.note})")
            if len(c.targets) > 1:
                for t in c.targets:
                    lines.append(f"      {t.ref}: {t.verdict.value} ({t.note})")
    uncited = [d for d in r.details if d.citation and d.citation.status == CitationVerdict.UNCITED]
    if r.citations and uncited:
        lines.append("  uncited: " + "; ".join(f"{d.id} ({d.citation.note})" for d in uncited if d.citation))
    v = r.verification
    # The confidence and the grounded line above are the verdict on the answer; these
    # blend in how it cites, so they are named as secondary, not a second headline.
    lines += [
        "",
        f"{SECONDARY}:",
        f"  Citation precision {_pct(r.citation_precision)} · recall {_pct(r.citation_recall)} · "
        f"coverage {v.citation_coverage:.2f}",
        f"  Overall {_pct(v.overall_score)} = {v.weights['alignment']:.2f}×alignment "
        f"{_pct(v.answer_source_alignment)} + {v.weights['citation']:.2f}×{v.citation_metric} "
        f"{_pct(v.citation_score)} + "
        f"{v.weights['facts']:.2f}×facts {_pct(v.fact_verification_score)}",
    ]
    lines += [f"  issue: {i}" for i in v.issues]
    return lines


def _source_cell(d: ClaimResult) -> str:
    ev = (
        d.contradicting
        if d.verdict == Verdict.CONTRADICTED and d.contradicting
        else (d.evidence[0] if d.evidence else None)
    )
    return f"{ev.source_id} [{ev.start}:{ev.end}]" if ev else "-"


def _formula(r: Report) -> str:
    if r.confidence is None:
        return "Confidence: n/a (no checkable claims)"
    # the roll-up's own terms: a list's items count once, at the weakest ("min(1.0, 0.0)")
    units = confidence_units(r.details)
    terms = " + ".join(f"{u[0]:.1f}" if len(u) == 1 else "min(" + ", ".join(f"{x:.1f}" for x in u) + ")"
                       for u in units)
    return f"Confidence: ({terms}) / {len(units)} = {r.confidence:.2f} ({r.confidence_level})"


def _highlight(r: Report, colour: bool) -> str:
    out, pos = [], 0
    for d in sorted(r.details, key=lambda d: (d.start, d.end)):
        if d.start < pos:
            continue
        out.append(r.answer[pos : d.start])
        seg = r.answer[d.start : d.end]
        label = f"⟨{d.id}⟩"
        out.append(
            click.style(seg, fg=COLOURS[d.verdict]) + click.style(label, dim=True)
            if colour
            else f"{seg}{label}"
        )
        pos = d.end
    out.append(r.answer[pos:])
    return "".join(out)


def _grounded(r: Report) -> str:
    """The grounded line: the rule, then what held or which part failed ("no (confidence
    >= 0.7 ...)" alone read as if the condition held)."""
    rule = f"grounded needs confidence >= {r.grounded_threshold} and no claim contradicted or in error"
    if r.is_grounded:
        held = ("no checkable claim, so nothing ungrounded" if r.confidence is None
                else f"confidence {r.confidence:.2f}")
        return f"Grounded: yes ({rule}: {held}, none contradicted)"
    failed = []
    if r.confidence is not None and r.confidence < r.grounded_threshold:
        failed.append(f"confidence {r.confidence:.2f} is below {r.grounded_threshold}")
    if r.claims_contradicted:
        n = r.claims_contradicted
        failed.append(f"{n} claim{'s are' if n > 1 else ' is'} contradicted")
    if r.claims_error:
        failed.append(f"{r.claims_error} claim{'s' if r.claims_error > 1 else ''} could not be judged")
    return f"Grounded: no ({rule}; {' and '.join(failed) or 'not met'})"


def render_text(r: Report, colour: bool) -> str:
    lines = [_highlight(r, colour).strip(), ""]
    rows = [(d.id, d.claim, d.verdict.value, _source_cell(d), d.note) for d in r.details]
    head = ("id", "Claim", "Verdict", "Source", "Note")
    widths = [
        max(len(head[i]), *(min(len(row[i]), 60) for row in rows)) if rows else len(head[i]) for i in range(5)
    ]

    def fmt(row: tuple[str, ...], verdict: Verdict | None = None) -> str:
        cells = [(c if len(c) <= 60 else c[:59] + "…").ljust(widths[i]) for i, c in enumerate(row)]
        if verdict is not None and colour:
            cells[2] = click.style(cells[2], fg=COLOURS[verdict])
        return " | ".join(cells).rstrip()

    lines.append(fmt(head))
    lines.append("-+-".join("-" * w for w in widths))
    for d, row in zip(r.details, rows):
        lines.append(fmt(row, d.verdict))
    lines += [
        "",
        _formula(r),
        _grounded(r),
    ]
    lines += _citation_lines(r, colour)
    if r.suggested_corrections:
        lines += ["", "Suggested corrections:"] + [f"  - {s}" for s in r.suggested_corrections]
    for n in r.notes:
        lines.append(f"note: {n}")
    return "\n".join(lines)


def _md(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def render_markdown(r: Report) -> str:
    lines = ["| Claim | Verdict | Source | Note |", "|---|---|---|---|"]
    for d in r.details:
        lines.append(f"| {_md(d.claim)} | {d.verdict.value} | {_md(_source_cell(d))} | {_md(d.note)} |")
    lines += ["", f"**{_formula(r)}** · grounded: {'yes' if r.is_grounded else 'no'}"]
    if r.citations:
        lines += ["", "| Citation | Claims | Verdict | Note |", "|---|---|---|---|"]
        for c in r.citations:
            lines.append(f"| {_md(c.marker)} | {', '.join(c.claims)} | {c.verdict.value} | {_md(c.note)} |")
    v = r.verification
    lines += [
        "",
        f"{SECONDARY}: citation precision {_pct(r.citation_precision)} · recall "
        f"{_pct(r.citation_recall)} · coverage {v.citation_coverage:.2f} · overall {_pct(v.overall_score)}",
    ]
    lines += [f"\n> issue: {i}" for i in v.issues]
    if r.suggested_corrections:
        lines += ["", "**Suggested corrections**", ""] + [f"- {_md(s)}" for s in r.suggested_corrections]
    for n in r.notes:
        lines.append(f"\n> {n}")
    return "\n".join(lines) + "\n"


def render_crag(res: CRAGResult) -> str:
    """The corrective-retrieval part: what was searched, what it found, the final answer."""
    lines = [f"Corrective retrieval ({res.mode}): {res.attempts} round(s), {res.stopped}"]
    for st in res.verification_history:
        conf = "n/a" if st.confidence is None else f"{st.confidence:.2f}"
        lines.append(
            f"  round {st.attempt}: confidence {conf}, {st.claims_supported} supported, "
            f"{len(st.unsupported_claims)} unsupported, {len(st.added)} chunks added"
        )
        for n in st.notes:
            lines.append(f"    note: {n}")
    for p in res.additional_context_used:
        where = f"{p.source} [{p.start}:{p.end}]" if p.start is not None else p.source
        lines.append(f"  used: {where}: {p.text[:120]}")
    lines.append("Final response:")
    lines.append(res.final_response)
    return "\n".join(lines)
