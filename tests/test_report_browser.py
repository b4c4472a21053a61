"""The HTML report of a batch run in a real browser: Debian's Chromium driven by Playwright,
on file:// as a reader opens it. It opens without a console or page error, draws its
charts, its verdict filter changes the answers shown, a claim opens to its quote marked
inside its source, and a run of 2,500 answers pages. .ci/run sets REQUIRE_BROWSER=1, so
there a missing browser fails instead of skipping."""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.browser import ARGS, CHROMIUM, require_chromium
from toulmin.cli import main

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
require_chromium()


@cache
def real_run() -> str:
    """verify-batch's output for examples/batch.jsonl (once for the module)."""
    out = Path(os.environ["HOME"]).parent / "run.jsonl"
    res = CliRunner().invoke(main, ["verify-batch", str(ROOT / "examples/batch.jsonl"), "-o", str(out),
                                    "--workers", "1"])
    assert res.exit_code == 0, res.output
    return out.read_text(encoding="utf-8")


def report(tmp_path: Path, run_text: str, *extra: str) -> Path:
    run, out = tmp_path / "run.jsonl", tmp_path / "report.html"
    run.write_text(run_text, encoding="utf-8")
    res = CliRunner().invoke(main, ["report", str(run), "-o", str(out), *extra])
    assert res.exit_code == 0, res.output
    return out


def open_page(p: Any, path: Path) -> tuple[Any, Any, list[str]]:
    browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning") else None)
    page.on("request", lambda r: errors.append(f"request {r.url}") if not r.url.startswith("file:") else None)
    page.goto(path.as_uri())
    return browser, page, errors


def test_the_report_of_the_examples_in_the_browser(tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    out = report(tmp_path, real_run(), "--input", str(ROOT / "examples/batch.jsonl"),
                 "--labels", str(ROOT / "examples/batch_labels.jsonl"))
    with sync_playwright() as p:
        browser, page, errors = open_page(p, out)
        expect(page.locator("#list > li")).to_have_count(3)
        for chart in ("confidence", "types", "reliability", "confusion"):
            svg = page.locator(f"#chart-{chart} svg")
            expect(svg).to_be_visible()
            assert svg.locator("rect").count() >= 1, chart
        # worst first, claims marked in their verdict colour in the answer
        assert page.locator("#list > li .rid").all_inner_texts()[-1] == "seed-000"
        assert page.locator("#list mark.claim[data-verdict]").count() >= 7
        # the filter: only the answer with a contradicted claim
        page.locator("#filter").select_option("v:CONTRADICTED")
        expect(page.locator("#list > li")).to_have_count(1)
        expect(page.locator("#list > li .rid")).to_have_text("wrong-number")
        expect(page.locator("#shown")).to_have_text("1 of 3 rows")
        # the claim opens to its quote, marked inside its source (the service page's rendering)
        page.locator("#list .claims summary").first.click()
        block = page.locator("#list details[open] .source")
        expect(block.locator("mark")).to_have_text(
            "The Phase 2 trial, led by Smith et al., enrolled 340 participants across 12 sites.")
        # where the label and toulmin disagree
        page.locator("#filter").select_option("disagree")
        expect(page.locator("#list > li .rid")).to_have_text("seed-000")
        page.locator("#filter").select_option("all")
        expect(page.locator("#list > li")).to_have_count(3)
        browser.close()
    assert errors == []


def test_a_large_run_pages(tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    rows = [json.loads(line) for line in real_run().splitlines()]
    lines = [json.dumps({**rows[i % len(rows)], "id": f"a{i:05d}"}) for i in range(2_500)]
    lines.insert(1_000, '{"id": "cut", "report": {"answ')  # a line cut short: listed, not dropped
    out = report(tmp_path, "\n".join(lines) + "\n")
    with sync_playwright() as p:
        browser, page, errors = open_page(p, out)
        expect(page.locator("#page")).to_have_text("page 1 of 51")
        expect(page.locator("#list > li")).to_have_count(50)
        first = page.locator("#list > li .rid").first
        expect(first).to_have_text("line-1001")  # the error row first
        page.locator("#next").click()
        expect(page.locator("#page")).to_have_text("page 2 of 51")
        expect(page.locator("#list > li")).to_have_count(50)
        assert page.locator("#list").get_attribute("start") == "51"
        page.locator("#filter").select_option("grounded")
        expect(page.locator("#shown")).to_have_text("834 of 2501 rows")
        expect(page.locator("#page")).to_have_text("page 1 of 17")
        expect(page.locator("#prev")).to_be_disabled()
        assert set(page.locator("#list > li .badge").all_inner_texts()) == {"grounded"}
        page.locator("#filter").select_option("errors")
        expect(page.locator("#list > li")).to_have_count(1)
        browser.close()
    assert errors == []


def test_a_table_source_shows_as_a_table_with_the_cited_cells_marked(tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    table = ("| quarter | revenue ($M) | operating margin |\n|---|---|---|\n"
             "| Q1 2024 | 120.0 | 14% |\n| Q2 2024 | 132.0 | 15% |\n| Q3 2024 | 150.0 | 17% |")
    rows = [{"id": "sum", "answer": "Total revenue for the three quarters was $402 million.",
             "sources": [{"id": "results", "text": table}]},
            {"id": "peak", "answer": "Operating margin peaked in Q2 2024.",
             "sources": [{"id": "results", "text": table}]}]
    batch = tmp_path / "in.jsonl"
    batch.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    run = tmp_path / "run-tables.jsonl"
    res = CliRunner().invoke(main, ["verify-batch", str(batch), "-o", str(run), "--workers", "1"])
    assert res.exit_code == 0, res.output
    out = report(tmp_path, run.read_text(encoding="utf-8"), "--input", str(batch))
    with sync_playwright() as p:
        browser, page, errors = open_page(p, out)
        item = page.locator("#list > li", has_text="three quarters")
        item.locator(".claims summary").first.click()
        grid = item.locator("details[open] .table-source table")
        expect(grid).to_be_visible()
        assert grid.locator("th").all_inner_texts() == ["quarter", "revenue ($M)", "operating margin"]
        # the sum cites every quarter's revenue: three rows, each revenue cell marked
        assert grid.locator("tbody tr").count() == 3
        assert "150.0" in grid.locator("mark").all_inner_texts()
        assert "17%" not in grid.locator("mark").all_inner_texts()
        item = page.locator("#list > li", has_text="peaked")
        item.locator(".claims summary").first.click()
        marked = item.locator("details[open] .table-source mark").all_inner_texts()
        assert "17%" in marked and "15%" in marked, marked  # the peak, and the quarter the claim named
        browser.close()
    assert errors == []
