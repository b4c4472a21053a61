"""JSON read with the offsets of every value and key (``json`` gives values, not where they
are): a quote from a record points at the value a user sees. Strict RFC 8259, no NaN."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

__all__ = ["JsonError", "JsonNode", "parse_json"]


class JsonError(ValueError):
    pass


@dataclass
class JsonNode:
    kind: str  # object, array, string, number, bool, null
    start: int
    end: int
    raw: str = ""
    value: Any = None
    items: list[tuple[str, int, JsonNode]] = field(default_factory=list)  # key, key offset, value
    children: list[JsonNode] = field(default_factory=list)


_WS = re.compile(r"[ \t\r\n]*")
_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?")
_STRING = re.compile(r'"(?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"')
_MAX_DEPTH = 64


def parse_json(text: str) -> JsonNode:
    node, at = _value(text, _WS.match(text, 0).end(), 0)  # type: ignore[union-attr]
    at = _WS.match(text, at).end()  # type: ignore[union-attr]
    if at != len(text):
        raise JsonError(f"extra data at {at}")
    return node


def _value(text: str, at: int, depth: int) -> tuple[JsonNode, int]:
    if depth > _MAX_DEPTH:
        raise JsonError("nested too deep")
    if at >= len(text):
        raise JsonError("unexpected end")
    ch = text[at]
    if ch == "{":
        return _object(text, at, depth)
    if ch == "[":
        return _array(text, at, depth)
    if ch == '"':
        m = _STRING.match(text, at)
        if not m:
            raise JsonError(f"bad string at {at}")
        return JsonNode("string", at + 1, m.end() - 1, m.group(0), json.loads(m.group(0))), m.end()
    for word, kind, value in (("true", "bool", True), ("false", "bool", False), ("null", "null", None)):
        if text.startswith(word, at):
            return JsonNode(kind, at, at + len(word), word, value), at + len(word)
    m = _NUMBER.match(text, at)
    if not m:
        raise JsonError(f"unexpected {ch!r} at {at}")
    return JsonNode("number", at, m.end(), m.group(0), float(m.group(0))), m.end()


def _skip(text: str, at: int) -> int:
    return _WS.match(text, at).end()  # type: ignore[union-attr]


def _object(text: str, at: int, depth: int) -> tuple[JsonNode, int]:
    node = JsonNode("object", at, at)
    at = _skip(text, at + 1)
    if text.startswith("}", at):
        node.end = at + 1
        return node, at + 1
    while True:
        m = _STRING.match(text, at)
        if not m:
            raise JsonError(f"expected a key at {at}")
        key, kat = json.loads(m.group(0)), at + 1
        at = _skip(text, m.end())
        if not text.startswith(":", at):
            raise JsonError(f"expected ':' at {at}")
        child, at = _value(text, _skip(text, at + 1), depth + 1)
        node.items.append((key, kat, child))
        at = _skip(text, at)
        if text.startswith(",", at):
            at = _skip(text, at + 1)
        elif text.startswith("}", at):
            node.end = at + 1
            return node, at + 1
        else:
            raise JsonError(f"expected ',' or '}}' at {at}")


def _array(text: str, at: int, depth: int) -> tuple[JsonNode, int]:
    node = JsonNode("array", at, at)
    at = _skip(text, at + 1)
    if text.startswith("]", at):
        node.end = at + 1
        return node, at + 1
    while True:
        child, at = _value(text, at, depth + 1)
        node.children.append(child)
        at = _skip(text, at)
        if text.startswith(",", at):
            at = _skip(text, at + 1)
        elif text.startswith("]", at):
            node.end = at + 1
            return node, at + 1
        else:
            raise JsonError(f"expected ',' or ']' at {at}")
