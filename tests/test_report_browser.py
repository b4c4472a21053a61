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
