from __future__ import annotations

import json
from pathlib import Path

import pytest

from toulmin.errors import InputError
from toulmin.sources import Source, coerce_sources, read_source_file, read_sources_dir


def test_coerce_mixed_inputs(tmp_path: Path) -> None:
    f = tmp_path / "notes.txt"
    f.write_text("Plain text source.")
    got = coerce_sources(
        [
            "A string.",
            {"id": "doc", "text": "A dict.", "metadata": {"date": "2024"}},
            Source(id="obj", text="An object."),
            f,
        ]
    )
    assert [s.id for s in got] == ["S1", "doc", "obj", "notes.txt"]
    assert got[1].metadata == {"date": "2024"}


@pytest.mark.parametrize(
    ("value", "code"),
    [
        ([], "E_NO_SOURCES"),
        ([""], "E_EMPTY"),
        ([b"\xff\xfe"], "E_NOT_UTF8"),
        (["a\x00b"], "E_BINARY"),
        ([{"text": "x", "meta": {}}], "E_SOURCE_KEYS"),
        ([{"id": "a"}], "E_SOURCE_KEYS"),
        (["x", {"id": "S1", "text": "y"}], "E_DUPLICATE_ID"),
        ([3], "E_BAD_TYPE"),
        (42, "E_BAD_TYPE"),
    ],
)
def test_bad_sources(value: object, code: str) -> None:
    with pytest.raises(InputError) as e:
        coerce_sources(value)
    assert e.value.code == code and e.value.fix


def test_files_and_dirs(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "one.json").write_text(
        json.dumps({"text": "One.", "metadata": {"superseded_by": "two"}})
    )
    (tmp_path / "d" / "many.jsonl").write_text(
        json.dumps({"id": "m1", "text": "M1."})
        + "\n\n"
        + json.dumps({"text": "M2.", "metadata": {"status": "outdated"}})
        + "\n"
    )
    (tmp_path / "d" / "page.md").write_text("# Page\nText.")
    got = read_sources_dir(tmp_path / "d")
    assert [s.id for s in got] == ["m1", "many:3", "one", "page.md"]
    assert got[2].stale_reason == "superseded by two"
    assert got[1].stale_reason == "status outdated"
    assert got[0].stale_reason is None


def test_bad_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(InputError) as e:
        read_source_file(bad)
    assert e.value.code == "E_BAD_JSON" and "line 1" in e.value.message
    binary = tmp_path / "img.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(InputError) as e:
        read_source_file(binary)
    assert e.value.code in ("E_NOT_UTF8", "E_BINARY")


def test_all_sources_together_have_a_size_limit_with_a_clear_error() -> None:
    from toulmin.sources import MAX_SOURCE_CHARS, MAX_TOTAL_SOURCE_CHARS

    chunk = "word " * (MAX_SOURCE_CHARS // 5)  # each one under the per-source limit
    n = MAX_TOTAL_SOURCE_CHARS // len(chunk) + 1
    with pytest.raises(InputError) as e:
        coerce_sources([{"id": f"s{i}", "text": chunk} for i in range(n)])
    assert e.value.code == "E_TOO_LARGE" and "together" in e.value.message
    assert "toulmin index" in (e.value.fix or "")
    assert len(coerce_sources([{"id": f"s{i}", "text": chunk} for i in range(n - 1)])) == n - 1
