"""Debian's Chromium for the tests that drive a real browser with Playwright. .ci/run
installs it and sets REQUIRE_BROWSER=1, so there a missing browser fails instead of
skipping."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip


def require_chromium() -> None:
    """Skip the calling test module when Chromium is missing (fail under REQUIRE_BROWSER=1)."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("REQUIRE_BROWSER") == "1":
            raise RuntimeError(f"REQUIRE_BROWSER=1 but {CHROMIUM} is missing (apt-get install chromium)")
        pytest.skip("Debian's chromium is not installed", allow_module_level=True)
