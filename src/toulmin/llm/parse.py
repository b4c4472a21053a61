"""Reading what a model answered: JSON inside code fences or prose, or a
numbered / bulleted list when the model ignored the JSON instruction. What
cannot be read is an error, never an empty result."""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import LLMError
from .base import LLM, LLMRequest, Message

__all__ = ["ask_json", "parse_json", "parse_list"]

_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.S)
_ITEM = re.compile(r"^\s*(?:\d{1,3}[.)]|[-*•])\s+(.+?)\s*$", re.M)


def _balanced(text: str, start: int) -> str | None:
    """The JSON object or array starting at ``start``, by bracket depth (strings respected)."""
    open_ch = text[start]
    close_ch = "}" if open_ch == "{" else "]"
    depth, in_str, esc = 0, False, False
    for i in range(start, len(text)):
        ch = text[i]
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch == open_ch:
            depth += 1
        elif ch == close_ch:
            depth -= 1
            if depth == 0:
                return text[start : i + 1]
    return None


def parse_json(text: str) -> Any:
    """The first JSON value in ``text``: whole, in a code fence, or embedded in prose."""
    candidates = [text.strip()] + [m.group(1).strip() for m in _FENCE.finditer(text)]
    for c in candidates:
        try:
            return json.loads(c)
        except ValueError:
            pass
    for m in re.finditer(r"[\[{]", text):
        block = _balanced(text, m.start())
        if block is None:
            continue
        try:
            return json.loads(block)
        except ValueError:
            continue
    raise LLMError(
        "E_LLM_BAD_RESPONSE",
        f"the model's reply holds no JSON: {text[:160]!r}",
        fix="use a model that follows instructions, or a server with JSON mode",
    )


def parse_list(text: str) -> list[str]:
    """Items of a numbered or bulleted list, for models that answer in prose."""
    items = [m.group(1).strip().strip('"') for m in _ITEM.finditer(text)]
    return [i for i in items if i]


def ask_json(llm: LLM, system: str, user: str, schema: dict[str, Any], *, max_tokens: int) -> Any:
    """One system + user exchange in JSON schema mode; the reply read as JSON."""
    reply = llm.complete(
        LLMRequest(
            messages=(Message(role="system", content=system), Message(role="user", content=user)),
            json_schema=schema,
            max_tokens=max_tokens,
        )
    )
    return parse_json(reply.text)
