"""The charts, as inline SVG written here (why not a plotting library: the package's docstring)."""

from __future__ import annotations

import html
from typing import Any

from .rows import BINS, VERDICTS

__all__ = ["by_type", "confusion", "esc", "histogram", "reliability"]

# -- charts (inline SVG) -------------------------------------------------------------------


def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _f(x: float) -> str:
    """A coordinate: at most one decimal, no trailing zeros."""
    s = f"{x:.1f}"
    return s[:-2] if s.endswith(".0") else s


def _svg(width: int, height: int, label: str, body: list[str]) -> str:
    return (f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
            f'aria-label="{esc(label)}" xmlns="http://www.w3.org/2000/svg"><title>{esc(label)}</title>'
            + "".join(body) + "</svg>")


def histogram(hist: list[int]) -> str:
    w, h, left, bottom, top = 300, 200, 34, 30, 14
    pw, ph = w - left - 10, h - bottom - top
    peak = max(hist) or 1
    body = [f'<line class="axis" x1="{left}" y1="{h - bottom}" x2="{w - 10}" y2="{h - bottom}"/>']
    bw = pw / BINS
    for i, n in enumerate(hist):
        bh = ph * n / peak
        x, y = left + i * bw, h - bottom - bh
        lo, hi = i / BINS, (i + 1) / BINS
        body.append(f'<rect class="bar" x="{_f(x + 1)}" y="{_f(y)}" width="{_f(bw - 2)}" height="{_f(bh)}">'
                    f'<title>confidence {lo:.1f}-{hi:.1f}: {n} answers</title></rect>')
        if n:
            body.append(f'<text class="val" x="{_f(x + bw / 2)}" y="{_f(y - 3)}">{n}</text>')
    for t in (0, 0.5, 1):
        body.append(f'<text class="tick" x="{_f(left + t * pw)}" y="{h - bottom + 14}">{t:g}</text>')
    body.append(f'<text class="axislabel" x="{_f(left + pw / 2)}" y="{h - 3}">confidence</text>')
    body.append(f'<text class="axislabel" transform="translate(11 {_f(top + ph / 2)}) rotate(-90)">answers'
                "</text>")
    return _svg(w, h, "Histogram of the answers' confidence", body)


def by_type(by_type: dict[str, dict[str, int]]) -> str:
    types = list(by_type)
    row, left, right, top = 24, 92, 44, 8
    legend = [v for v in VERDICTS if any(v in c for c in by_type.values())]
    w = 330
    h = top + row * max(1, len(types)) + 10 + 18 * ((len(legend) + 1) // 2)
    peak = max((sum(c.values()) for c in by_type.values()), default=1) or 1
    pw = w - left - right
    body: list[str] = []
    for i, t in enumerate(types):
        y = top + i * row
        body.append(f'<text class="cat" x="{left - 6}" y="{y + 15}">{esc(t)}</text>')
        x = float(left)
        for v, n in by_type[t].items():
            bw = pw * n / peak
            body.append(f'<rect class="v-{v}" x="{_f(x)}" y="{y + 3}" width="{_f(bw)}" height="{row - 6}">'
                        f"<title>{esc(t)}: {n} {v}</title></rect>")
            x += bw
        body.append(f'<text class="total" x="{_f(x + 4)}" y="{y + 15}">{sum(by_type[t].values())}</text>')
    if not types:
        body.append(f'<text class="cat" x="{left}" y="{top + 15}">no claims</text>')
    ly = top + row * max(1, len(types)) + 10
    for j, v in enumerate(legend):
        x, y = left - 84 + (j % 2) * 170, ly + (j // 2) * 18
        body.append(f'<rect class="v-{v}" x="{x}" y="{y}" width="10" height="10"/>'
                    f'<text class="legend" x="{x + 14}" y="{y + 9}">{v}</text>')
    return _svg(w, h, "Claims per claim type, by verdict", body)


def reliability(rel: list[dict[str, Any]]) -> str:
    size, left, top = 230, 44, 10
    p = size - left - 10
    w, h = size, top + p + 32

    def X(v: float) -> str:
        return _f(left + v * p)

    def Y(v: float) -> str:
        return _f(top + (1 - v) * p)

    body = [f'<rect class="frame" x="{left}" y="{top}" width="{p}" height="{p}"/>',
            f'<line class="diag" x1="{X(0)}" y1="{Y(0)}" x2="{X(1)}" y2="{Y(1)}"/>']
    for b in rel:
        body.append(f'<rect class="bar" x="{X(b["lo"] + 0.005)}" y="{Y(b["grounded"])}" '
                    f'width="{_f(p / BINS - p * 0.01)}" height="{_f(b["grounded"] * p)}" opacity="0.55">'
                    f'<title>confidence {b["lo"]:.1f}-{b["hi"]:.1f}: {b["n"]} answers, mean confidence '
                    f'{b["confidence"]:.2f}, {b["grounded"]:.0%} labelled grounded</title></rect>')
        body.append(f'<circle class="dot" cx="{X(b["confidence"])}" cy="{Y(b["grounded"])}" r="3.5"/>')
    for t in (0, 0.5, 1):
        body.append(f'<text class="tick" x="{X(t)}" y="{top + p + 14}">{t:g}</text>')
        body.append(f'<text class="tick end" x="{left - 4}" y="{_f(top + (1 - t) * p + 4)}">{t:g}</text>')
    body.append(f'<text class="axislabel" x="{X(0.5)}" y="{h - 2}">confidence</text>')
    body.append(f'<text class="axislabel" transform="translate(11 {_f(top + p / 2)}) rotate(-90)">'
                "labelled grounded</text>")
    return _svg(w, h, "Reliability diagram: confidence against the share labelled grounded", body)


def confusion(cm: dict[str, int]) -> str:
    left, top, cell = 100, 40, 76
    w, h = left + 2 * cell + 10, top + 2 * cell + 10
    peak = max(cm.values()) or 1
    body = [f'<text class="axislabel" x="{left + cell}" y="12">toulmin says</text>',
            f'<text class="tick" x="{left + cell / 2}" y="{top - 8}">grounded</text>',
            f'<text class="tick" x="{left + 1.5 * cell}" y="{top - 8}">not grounded</text>']
    cells = [("tp", 0, 0, "labelled grounded, said grounded"), ("fn", 1, 0, "labelled grounded, said not"),
             ("fp", 0, 1, "labelled not grounded, said grounded"),
             ("tn", 1, 1, "labelled not grounded, said not")]
    for name, col, r, what in cells:
        n = cm[name]
        x, y = left + col * cell, top + r * cell
        kind = "agree" if col == r else "disagree"
        body.append(f'<rect class="cell {kind}" x="{x}" y="{y}" width="{cell - 2}" height="{cell - 2}" '
                    f'fill-opacity="{0.15 + 0.75 * n / peak:.2f}"><title>{what}: {n}</title></rect>'
                    f'<text class="count" x="{_f(x + cell / 2)}" y="{_f(y + cell / 2 + 6)}">{n}</text>')
    body.append(f'<text class="cat" x="{left - 6}" y="{top + cell / 2 - 2}">labelled</text>'
                f'<text class="cat" x="{left - 6}" y="{top + cell / 2 + 14}">grounded</text>'
                f'<text class="cat" x="{left - 6}" y="{top + 1.5 * cell - 2}">labelled not</text>'
                f'<text class="cat" x="{left - 6}" y="{top + 1.5 * cell + 14}">grounded</text>')
    return _svg(w, h, "Confusion matrix: the labels against is_grounded", body)
