"""Finding tables and records in a source, each cell with its offsets."""

from __future__ import annotations

import json

import pytest

from toulmin.tables import find_tables
from toulmin.tables.jsonspan import JsonError, parse_json
from toulmin.tables.said import fmt_like
from toulmin.tables.values import read_value

MD = """Results for the year so far.

| quarter | revenue ($M) | operating margin |
|---|---|---|
| Q1 2024 | 120.0 | 14% |
| Q2 2024 | 132.0 | 15% |

We expect more."""


def _cells(text: str, kind: str = "") -> list[list[str]]:
    (t,) = find_tables(text, kind)
    for row in t.rows:  # every cell's offsets hold its text
        for c in row:
            assert c is None or c.text in text[c.start : c.end] or text[c.start : c.end] in c.text
    return [[c.text if c else "" for c in t.columns]] + [[c.text if c else "" for c in r] for r in t.rows]


def test_a_markdown_table_inside_prose_is_read_with_its_headers() -> None:
    assert _cells(MD) == [
        ["quarter", "revenue ($M)", "operating margin"],
        ["Q1 2024", "120.0", "14%"],
        ["Q2 2024", "132.0", "15%"],
    ]
    (t,) = find_tables(MD)
    assert MD[t.rows[1][1].start : t.rows[1][1].end] == "132.0"
    assert t.label == 0


def test_csv_with_a_quoted_comma_tsv_and_html() -> None:
    csv = 'model,price,weight (kg)\nAir 13,"$1,099",1.24\nPro 14,$1999,1.6\nBook 15,$899,1.9\n'
    assert _cells(csv)[1] == ["Air 13", "$1,099", "1.24"]
    tsv = "city\tpopulation\nOslo\t709000\nBergen\t291000\n"
    assert _cells(tsv)[2] == ["Bergen", "291000"]
    html = (
        "<table><tr><th>City</th><th>Pop</th></tr><tr><td>Oslo</td><td>709,000</td></tr>"
        "<tr><td><b>Bergen</b></td><td>291,000</td></tr></table>"
    )
    assert _cells(html)[2] == ["Bergen", "291,000"]
    # an HTML table's <caption> is its caption ("Skyvale Airways ..." names whose flights they are)
    captioned = html.replace("<table>", "<table><caption>Norway's <i>largest</i> cities</caption>")
    assert [t.caption for t in find_tables(captioned)] == ["Norway's largest cities"]
    assert _cells(captioned)[2] == ["Bergen", "291,000"]


def test_a_declared_table_may_be_aligned_columns() -> None:
    text = "plan      price   users\nBasic     $9      1\nTeam      $29     10\n"
    assert find_tables(text) == []  # not declared: prose
    assert _cells(text, "table")[2] == ["Team", "$29", "10"]


def test_prose_with_commas_and_pipes_is_not_a_table() -> None:
    prose = "Paris, France is large.\nRome, Italy is old.\nOslo, Norway is cold.\nUse a | b in shell, then c."
    assert find_tables(prose) == []


def test_a_json_record_flattens_its_paths_and_a_nested_list_is_its_own_table() -> None:
    rec = {
        "name": "Blue Fin Sushi",
        "attributes": {"OutdoorSeating": False},
        "hours": {"Sunday": "closed"},
        "menu": [{"dish": "eel", "price": 9}, {"dish": "tuna", "price": 11}],
    }
    text = json.dumps(rec, indent=2)
    tables = find_tables(text)
    main = next(t for t in tables if not t.caption)
    assert [c.text for c in main.columns] == ["name", "attributes.OutdoorSeating", "hours.Sunday"]
    assert [c.text for c in main.rows[0] if c] == ["Blue Fin Sushi", "false", "closed"]
    key = main.columns[1]
    assert text[key.start : key.end] == "\"OutdoorSeating\""  # the key as written, with its quotes
    menu = next(t for t in tables if t.caption)
    assert menu.caption == "Blue Fin Sushi menu" and len(menu.rows) == 2


def test_an_array_of_records_is_one_table_named_by_its_name_key() -> None:
    text = json.dumps(
        [{"sku": "A1", "name": "Lamp", "price": 19.9}, {"sku": "B2", "name": "Desk", "in_stock": False}]
    )
    (t,) = find_tables(text)
    assert t.columns[t.label].text == "name"
    assert t.rows[1][2] is None  # a key one record lacks


def test_invalid_json_is_prose_unless_declared() -> None:
    assert find_tables('{"a": 1,}') == []
    with pytest.raises(JsonError):
        parse_json('{"a": NaN}')
    assert parse_json('{"a": [1, "x", null, true]}').items[0][2].children[1].value == "x"


def test_a_declared_aligned_table_with_a_title_and_thousands_commas_is_no_csv() -> None:
    text = ("Orchard Tools: units by model\n"
            "Model          Units 2023   Units 2024   Price ($)\n"
            "Branch Saw        12,400       15,050       39.00\n"
            "Leaf Rake          8,900        7,720       18.50\n")
    assert _cells(text, "table") == [["Model", "Units 2023", "Units 2024", "Price ($)"],
                                     ["Branch Saw", "12,400", "15,050", "39.00"],
                                     ["Leaf Rake", "8,900", "7,720", "18.50"]]
    (t,) = find_tables(text, "table")
    assert t.caption == "Orchard Tools: units by model"
    # a declared CSV is still read as CSV
    assert _cells("a,b\nx,1\ny,2\n", "table")[1] == ["x", "1"]


def test_bare_quarters_across_the_top_are_read_a_row_per_quarter() -> None:
    text = "| | Q1 | Q2 | Q3 |\n|---|---|---|---|\n| Orders | 40 | 52 | 61 |\n| Returns | 3 | 5 | 4 |\n"
    assert _cells(text) == [["period", "Orders", "Returns"], ["Q1", "40", "3"], ["Q2", "52", "5"],
                            ["Q3", "61", "4"]]


def test_a_markdown_heading_above_a_table_is_its_caption() -> None:
    text = "## 1979 new york jets season\n\n| week | result |\n|---|---|\n| 1 | w 56 - 3 |\n"
    assert find_tables(text)[0].caption == "1979 new york jets season"
    assert find_tables("Some prose.\n\n| week | result |\n|---|---|\n| 1 | w 56 - 3 |\n")[0].caption == ""


def test_a_column_of_one_value_names_no_row() -> None:
    # "package" is tidewire on every release: the versions name the rows
    text = json.dumps([
        {"package": "tidewire", "version": "3.1.0", "weekly_downloads": 231870},
        {"package": "tidewire", "version": "3.2.0", "weekly_downloads": 312655},
        {"package": "tidewire", "version": "4.0.0", "weekly_downloads": 142580},
    ])
    (t,) = find_tables(text)
    assert t.columns[t.label].text == "version"


@pytest.mark.parametrize(
    ("text", "value", "unit", "approx"),
    [
        ("+0.118", 0.118, "", False),  # a plus sign is above zero
        ("-0.094", -0.094, "", False),
        ("(1,200)", -1200.0, "", False),  # brackets: below zero
        ("~20", 20.0, "", True),
        ("approx. 1,200", 1200.0, "", True),
        ("USD 1,200", 1200.0, "$", False),
        ("EUR 45.50", 45.5, "€", False),
    ],
)
def test_a_cell_is_read_with_its_sign_and_its_marks(text: str, value: float, unit: str, approx: bool) -> None:
    v = read_value(text)
    assert v.number is not None and v.text == text
    assert (v.number.value, v.number.unit, v.number.approx) == (value, unit, approx)


def test_a_difference_of_cells_written_about_is_shown_in_their_scale() -> None:
    # "approx. 1,200" is 1,200, not .1200 from its abbreviation's dot
    assert fmt_like(300.0, read_value("approx. 1,200")) == "300"


def test_a_periods_measure_beside_the_periods_keeps_the_rows_as_written() -> None:
    # "Classes 2024" is a measure of 2024: the columns are measures, the rows the year groups
    text = "Year group\t2023\t2024\tClasses 2024\nYear 7\t180\t196\t7\nYear 8\t174\t182\t7\n"
    assert _cells(text) == [["Year group", "2023", "2024", "Classes 2024"],
                            ["Year 7", "180", "196", "7"], ["Year 8", "174", "182", "7"]]
