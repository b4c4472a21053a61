"""The text forms of a report (toulmin.cli.render)."""

from __future__ import annotations

import re

import pytest

import toulmin
from toulmin.cli.render import render_markdown, render_text

pytestmark = pytest.mark.slow


def test_the_written_out_confidence_counts_a_list_once_at_its_weakest_item() -> None:
    r = toulmin.verify("The Zephyr phone is simple, light and cheap. It was released in 2021.",
                       ["The Zephyr phone is simple and cheap. It was released in 2021."])
    items = [d for d in r.details if d.item_of]
    assert len(items) == 3 and len(r.details) == 4
    for text in (render_text(r, colour=False), render_markdown(r)):
        m = re.search(r"Confidence: \((min\([^)]*\)) \+ ([\d.]+)\) / 2 = ([\d.]+)", text)
        assert m, text  # it wrote four terms over 4 before, which is not the report's rule
        weakest = min(float(x) for x in m.group(1)[4:-1].split(", "))
        assert float(m.group(3)) == pytest.approx(r.confidence, abs=0.005)
        assert (weakest + float(m.group(2))) / 2 == pytest.approx(r.confidence, abs=0.005)
