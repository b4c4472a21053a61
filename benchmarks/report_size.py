"""The HTML report of a large batch run: its size, the time to write it and the time to
its first render in Chromium.

    python benchmarks/report_size.py [--answers 10000] [--keep DIR] [--out FILE.json]

Verifies examples/batch.jsonl once (verify-batch, one worker), repeats its real reports
under new ids up to ``--answers`` rows (and the input rows with them, so every quote is
marked inside its source), then runs ``toulmin report RUN.jsonl --input IN.jsonl`` and
opens the page in Debian's Chromium (Playwright, file://) three times: time to first render
is from navigation to the first page of answers drawn, median of the three.

Repeating three answers makes the pieces of sources the page embeds deduplicate to
three, and config and models are stored once per run in any case; what each distinct
answer costs is printed too (the page's data for the three distinct ones, per answer),
with the size 10,000 distinct answers of that kind would take.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def toulmin(*args: str) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "toulmin.cli", *args], check=True, capture_output=True)
    return time.perf_counter() - t


def first_render(html: Path, tries: int = 3) -> list[float]:
    from playwright.sync_api import sync_playwright

    times = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for _ in range(tries):
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
            t = time.perf_counter()
            page.goto(html.as_uri(), wait_until="commit")
            page.wait_for_selector("#list > li")
            times.append(time.perf_counter() - t)
            assert not errors, errors
            assert page.locator("#list > li").count() == 50
            page.close()
        browser.close()
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--answers", type=int, default=10_000)
    ap.add_argument("--keep", type=Path, default=None, help="write the files here (default: a temp folder)")
    ap.add_argument("--out", type=Path, default=None, help="also write the numbers here, as JSON")
    a = ap.parse_args()
    work = a.keep or Path(tempfile.mkdtemp())
    work.mkdir(parents=True, exist_ok=True)
    examples = ROOT / "examples/batch.jsonl"
    small = work / "run3.jsonl"
    if not small.exists():
        toulmin("verify-batch", str(examples), "-o", str(small), "--workers", "1")
    reports = [json.loads(line) for line in small.read_text().splitlines()]
    inputs = {json.loads(line)["id"]: json.loads(line) for line in examples.read_text().splitlines()}
    run, inp = work / "run.jsonl", work / "in.jsonl"
    with run.open("w") as r, inp.open("w") as i:
        for n in range(a.answers):
            base = reports[n % len(reports)]
            rid = f"a{n:05d}"
            r.write(json.dumps({**base, "id": rid}, ensure_ascii=False) + "\n")
            i.write(json.dumps({**inputs[base["id"]], "id": rid}, ensure_ascii=False) + "\n")
    html3, html = work / "report3.html", work / "report.html"
    toulmin("report", str(small), "-o", str(html3), "--input", str(examples))
    write_s = toulmin("report", str(run), "-o", str(html), "--input", str(inp))
    size = html.stat().st_size
    # what each distinct answer costs: the page's data for the three distinct ones, each
    page3 = html3.read_text(encoding="utf-8")
    data3 = re.search(r'<script type="application/json" id="data">(.*?)</script>', page3, re.S)
    assert data3
    per_answer = len(data3.group(1).encode("utf-8")) / len(reports)
    fixed = len(page3.encode("utf-8")) - len(data3.group(1).encode("utf-8"))
    renders = first_render(html)
    print(f"run: {run.stat().st_size / 2**20:.1f} MiB, {a.answers:,} answers (3 distinct, repeated)")
    print(f"report: {size / 2**20:.2f} MiB ({size:,} bytes), written in {write_s:.1f} s "
          "(python -m toulmin.cli, start-up included)")
    print(f"first render in Chromium: median {statistics.median(renders):.2f} s "
          f"({', '.join(f'{t:.2f}' for t in renders)})")
    print(f"each distinct answer adds about {per_answer / 1024:.1f} KiB: 10,000 distinct answers like "
          f"these ~{(per_answer * 10_000 + fixed) / 2**20:.1f} MiB (the page without its data: "
          f"{fixed / 1024:.0f} KiB)")
    if a.out:
        a.out.write_text(json.dumps({
            "answers": a.answers, "distinct_answers": len(reports), "run_bytes": run.stat().st_size,
            "report_bytes": size, "write_s": round(write_s, 2),
            "first_render_s": [round(t, 3) for t in renders],
            "first_render_median_s": round(statistics.median(renders), 3),
            "data_bytes_per_distinct_answer": round(per_answer), "page_without_data_bytes": fixed,
        }, indent=2) + "\n")


if __name__ == "__main__":
    main()
