"""The documentation: the pages generated from the code are what the code makes now, and
every page the site builds is in its navigation (the strict build itself runs in .ci/run)."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import yaml

from tests.conftest import load_script

ROOT = Path(__file__).resolve().parents[1]


def _hooks() -> ModuleType:
    return load_script("docs/hooks.py", "toulmin_docs_hooks")


def test_generated_reference_pages_are_current() -> None:
    assert _hooks().stale() == [], "regenerate: python docs/hooks.py"


def test_the_configuration_page_lists_every_key() -> None:
    from toulmin.config import Config

    page = (ROOT / "docs" / "reference" / "configuration.md").read_text(encoding="utf-8")
    for section, field in Config.model_fields.items():
        sub = getattr(field.annotation, "model_fields", None)
        for key in sub or {}:
            assert f"`{section}.{key}`" in page, f"{section}.{key} missing"


def _nav_pages(node: object) -> list[str]:
    if isinstance(node, str):
        return [node] if node.endswith(".md") else []
    if isinstance(node, list):
        return [p for item in node for p in _nav_pages(item)]
    if isinstance(node, dict):
        return [p for v in node.values() for p in _nav_pages(v)]
    return []


def test_every_page_is_in_the_navigation_and_every_nav_entry_exists() -> None:
    conf = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    nav = set(_nav_pages(conf["nav"]))
    docs = ROOT / "docs"
    pages = {p.relative_to(docs).as_posix() for p in docs.rglob("*.md")}
    models = ROOT / "src" / "toulmin" / "models"
    cards = {f"reference/models/{c.parent.name}.md" for c in models.glob("*/MODEL_CARD.md")}
    assert pages - nav == set(), "pages not in mkdocs.yml's nav"
    assert nav - pages - cards == set(), "nav entries with no page"


def test_the_readme_stays_short_and_links_only_to_files_that_exist() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 160
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", readme):
        if not target.startswith("http"):
            assert (ROOT / target).is_file(), f"README links to {target}, which is not there"
