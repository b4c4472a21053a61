"""Reading model replies: JSON however it is wrapped, lists when it is not JSON."""

from __future__ import annotations

import pytest

from toulmin.errors import LLMError
from toulmin.extract.llm import read_claims
from toulmin.llm.parse import parse_json, parse_list


@pytest.mark.parametrize(
    "text",
    [
        '{"claims": [{"text": "A is B", "type": "attribute"}]}',
        '```json\n{"claims": [{"text": "A is B", "type": "attribute"}]}\n```',
        'Sure! Here are the claims:\n```\n{"claims": [{"text": "A is B", "type": "attribute"}]}\n```\nDone.',
        'Here you go: {"claims": [{"text": "A is B", "type": "attribute"}]} Hope it helps {not json}',
    ],
)
def test_json_however_wrapped(text: str) -> None:
    assert parse_json(text) == {"claims": [{"text": "A is B", "type": "attribute"}]}


def test_braces_inside_strings_do_not_confuse_the_scanner() -> None:
    assert parse_json('note: {"text": "a } b {", "n": [1, 2]} tail') == {"text": "a } b {", "n": [1, 2]}


def test_no_json_is_an_error() -> None:
    with pytest.raises(LLMError) as e:
        parse_json("I cannot help with that.")
    assert e.value.code == "E_LLM_BAD_RESPONSE"


def test_lists() -> None:
    assert parse_list("Claims:\n1. A is B.\n2) C was founded in 1990.\n- D is red\n* E\nnot an item") == [
        "A is B.",
        "C was founded in 1990.",
        "D is red",
        "E",
    ]


def test_read_claims_accepts_the_shapes_models_produce() -> None:
    assert read_claims('[{"text": "A is B", "type": "NUMERIC"}, "C is D", {"text": ""}, 3]') == [
        ("A is B", "numeric"),
        ("C is D", "attribute"),
    ]
    assert read_claims('{"claims": [{"text": "A", "type": "made-up"}]}') == [("A", "attribute")]
    assert read_claims("1. A is B\n2. C is D") == [("A is B", "attribute"), ("C is D", "attribute")]
    with pytest.raises(LLMError):
        read_claims('{"answer": "yes"}')
    with pytest.raises(LLMError):
        read_claims("no idea")
