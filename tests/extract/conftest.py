from __future__ import annotations

import pytest

from toulmin.extract.extractor import SpacyExtractor


@pytest.fixture(scope="module")
def ex() -> SpacyExtractor:
    """The offline extractor, loaded once per test module."""
    return SpacyExtractor()
