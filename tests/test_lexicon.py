"""The shared lexicon: word lists, the root rule and the phrase lists in data files."""

from __future__ import annotations

import re

import pytest

from toulmin.lexicon import PHRASES_DIR, TITLES, phrase_entries, phrase_pattern, root

# how each list is read by the check that uses it (before, after): a test of an entry
# reads it the same way
READ_AS = {"serves": (r"\b", ""), "served": ("", ""), "react": (r"\b", r"\w*")}
LISTS = sorted(p.stem for p in PHRASES_DIR.glob("*.tsv"))


def test_every_list_is_read_by_a_check() -> None:
    assert sorted(READ_AS) == LISTS


@pytest.mark.parametrize(("name", "index"), [(n, i) for n in LISTS for i in range(len(phrase_entries(n)))])
def test_each_entry_matches_its_example(name: str, index: int) -> None:
    """Each entry alone matches its own example, and so does the whole list's pattern."""
    entry = phrase_entries(name)[index]
    before, after = READ_AS[name]
    alone = re.compile(before + "(?:" + entry.pattern + ")" + after, re.I)
    assert alone.search(entry.example), f"phrases/{name}.tsv line {entry.line}: {entry.pattern!r}"
    assert phrase_pattern(name, before, after).search(entry.example)


@pytest.mark.parametrize("name", LISTS)
def test_no_entry_twice(name: str) -> None:
    patterns = [e.pattern for e in phrase_entries(name)]
    assert len(patterns) == len(set(patterns))


def test_the_checks_read_the_files() -> None:
    from toulmin.checks import roles, speakers

    assert roles._SERVES is phrase_pattern("serves", r"\b")
    assert roles._SERVED is phrase_pattern("served")
    assert speakers._REACT is phrase_pattern("react", r"\b", r"\w*")


def test_a_line_without_an_example_is_an_error(tmp_path, monkeypatch) -> None:
    import toulmin.lexicon as lexicon

    (tmp_path / "broken.tsv").write_text("# comment\nmay I help\n")
    monkeypatch.setattr(lexicon, "PHRASES_DIR", tmp_path)
    lexicon.phrase_entries.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"broken.tsv line 2: want 'pattern<TAB>example'"):
            lexicon.phrase_entries("broken")
    finally:
        lexicon.phrase_entries.cache_clear()


def test_root_and_titles() -> None:
    assert root("introduced") == root("introduction") == "intro"
    assert root("lead") == "lead"
    assert {"dr", "miss", "lady"} <= TITLES
