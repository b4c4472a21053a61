"""Every entry-point lookup of toulmin in one place.

Backends register under these groups, the built-in ones exactly like third-party ones
(``pyproject.toml``), the way ``llm`` ships its OpenAI support as a default plugin:

- ``toulmin.checkers``: claim checkers (``onnx``, the shipped one; ``hf``), a factory
  ``fn(model, **options) -> Checker``;
- ``toulmin.extractors``: claim extractors (``spacy``, the built-in rules), a class whose
  instances have ``extract(answer, question)``;
- ``toulmin.llms``: language-model providers (``openai``, ``anthropic``, ``llamacpp``), a
  class built with the model name and the ``llm.*`` settings.
"""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points
from typing import Any

from .errors import ConfigError

__all__ = ["GROUPS", "load_plugin", "plugins"]

GROUPS = {
    "toulmin.checkers": "checker backend",
    "toulmin.extractors": "claim extractor",
    "toulmin.llms": "llm.provider",
}


def plugins(group: str) -> dict[str, EntryPoint]:
    """The entry points installed under ``group``, by name."""
    return {ep.name: ep for ep in entry_points(group=group)}


def load_plugin(group: str, name: str, builtin: dict[str, Any] | None = None) -> Any:
    """The object ``name`` registers under ``group`` (``builtin`` first: what the package
    itself provides, also when its metadata is stale); an unknown name is an
    ``E_UNKNOWN_BACKEND`` error that lists the installed ones."""
    if builtin and name in builtin:
        return builtin[name]
    found = plugins(group)
    if name not in found:
        choices = sorted({*(builtin or {}), *found})
        raise ConfigError(
            "E_UNKNOWN_BACKEND",
            f"unknown {GROUPS.get(group, group)} {name!r}",
            fix="use one of: " + ", ".join(choices),
        )
    return found[name].load()
