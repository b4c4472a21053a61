"""One entry-point lookup for every kind of backend; built-ins register like plugins."""

from __future__ import annotations

import pytest

from toulmin.errors import ConfigError
from toulmin.plugins import GROUPS, load_plugin, plugins


def test_the_built_in_backends_are_registered_like_any_plugin() -> None:
    assert {"onnx", "hf"} <= set(plugins("toulmin.checkers"))
    assert "spacy" in plugins("toulmin.extractors")
    assert {"openai", "anthropic", "llamacpp"} <= set(plugins("toulmin.llms"))
    assert set(GROUPS) == {"toulmin.checkers", "toulmin.extractors", "toulmin.llms"}


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_an_unknown_name_is_a_clear_error_that_lists_the_installed_ones(group: str) -> None:
    with pytest.raises(ConfigError) as e:
        load_plugin(group, "no-such-backend")
    assert e.value.code == "E_UNKNOWN_BACKEND" and "no-such-backend" in e.value.message
    assert all(name in (e.value.fix or "") for name in plugins(group))
