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


def test_files_in_subfolders_are_named_by_their_path_so_ids_do_not_collide(tmp_path: Path) -> None:
    for sub in ("a", "b"):
        (tmp_path / sub).mkdir()
        (tmp_path / sub / "notes.txt").write_text(f"Notes of {sub}.")
        (tmp_path / sub / "s.json").write_text(json.dumps({"text": f"S of {sub}."}))
        (tmp_path / sub / "m.jsonl").write_text(json.dumps({"text": f"M of {sub}."}) + "\n")
    (tmp_path / "notes.txt").write_text("Top notes.")  # at the top: the id it always had
    got = read_sources_dir(tmp_path)
    assert [s.id for s in got] == ["a/m:1", "a/notes.txt", "a/s", "b/m:1", "b/notes.txt", "b/s", "notes.txt"]
    assert len(coerce_sources(got)) == 7  # no E_DUPLICATE_ID


def test_a_source_file_over_the_source_limit_is_refused_as_it_is_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import toulmin.sources as sources

    monkeypatch.setattr(sources, "MAX_SOURCE_CHARS", 100)
    (tmp_path / "big.txt").write_text("word " * 21)
    with pytest.raises(InputError) as e:
        read_source_file(tmp_path / "big.txt")
    assert e.value.code == "E_TOO_LARGE" and "105 characters, over the limit of 100" in e.value.message
    with pytest.raises(InputError) as e:
        coerce_sources([{"id": "x", "text": "word " * 21}])
    assert e.value.code == "E_TOO_LARGE" and "source 1 text" in e.value.message


def test_the_limits_are_one_ordered_set() -> None:
    from toulmin import sources, text

    assert text.MAX_ANSWER_CHARS < text.MAX_SOURCE_CHARS < text.MAX_TOTAL_SOURCE_CHARS <= text.MAX_DOC_CHARS
    assert (sources.MAX_SOURCE_CHARS, sources.MAX_TOTAL_SOURCE_CHARS) == (
        text.MAX_SOURCE_CHARS, text.MAX_TOTAL_SOURCE_CHARS)  # the same numbers, not copies


def test_a_json_file_that_is_a_record_is_one_structured_source(tmp_path: Path) -> None:
    record = tmp_path / "blue-fin.json"
    record.write_text(json.dumps({"name": "Blue Fin Sushi", "hours": {"Sunday": "closed"}}))
    (got,) = read_source_file(record)
    assert (got.id, got.metadata, got.text) == ("blue-fin", {"kind": "json"}, record.read_text())
    records = tmp_path / "laptops.json"
    records.write_text(json.dumps([{"model": "Air 13", "price": 1099}, {"model": "Pro 14", "price": 1999}]))
    assert read_source_file(records)[0].metadata == {"kind": "json"}
    # a source object stays one, and a broken one still says what is wrong
    (tmp_path / "src.json").write_text(json.dumps({"id": "a", "text": "Some text."}))
    assert read_source_file(tmp_path / "src.json")[0].text == "Some text."
    (tmp_path / "empty.json").write_text(json.dumps({"id": "a"}))
    with pytest.raises(InputError) as e:
        read_source_file(tmp_path / "empty.json")
    assert e.value.code == "E_SOURCE_KEYS"
    (tmp_path / "n.json").write_text("3")
    with pytest.raises(InputError) as e:
        read_source_file(tmp_path / "n.json")
    assert e.value.code == "E_BAD_JSON"
