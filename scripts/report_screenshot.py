"""A screenshot of an HTML report of a batch run, as README shows it (docs/report.png).

    python scripts/report_screenshot.py REPORT.html OUT.png

Opens the report in Debian's Chromium (Playwright, file://), opens the first and the
last claim shown (each quote marked inside its source) and saves the page, at most
1,800 pixels tall, as PNG; fails on any console or page error.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def main(report: str, out: str) -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(Path(report).resolve().as_uri())
        page.locator("#list .claims summary").first.click()
        page.locator("#list .claims summary").last.click()
        height = min(1800, page.evaluate("document.documentElement.scrollHeight"))
        page.screenshot(path=out, clip={"x": 0, "y": 0, "width": 1280, "height": height}, full_page=True)
        browser.close()
    if errors:
        raise SystemExit(f"the report logged errors: {errors}")
    print(f"wrote {out} ({Path(out).stat().st_size / 1024:.0f} KiB)")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
