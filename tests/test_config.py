from pathlib import Path

import pytest

from toulmin.config import Config, load_config
from toulmin.errors import ConfigError


def test_layers_defaults_file_env_call(tmp_path: Path) -> None:
    (tmp_path / "toulmin.yaml").write_text("checker:\n  window_words: 60\n  batch_size: 8\n")
    env = {"TOULMIN_CHECKER__BATCH_SIZE": "16"}
    cfg = load_config(env=env, overrides={"checker": {"split_claim": True}})
    assert cfg.checker.window_words == 60  # file
    assert cfg.checker.batch_size == 16  # env beats file
    assert cfg.checker.split_claim is True  # call beats all
    assert cfg.checker.overlap_sentences == 1  # default


def test_unknown_key_lists_the_valid_ones(tmp_path: Path) -> None:
    (tmp_path / "toulmin.yaml").write_text("checker:\n  window_wrds: 60\n")
    with pytest.raises(ConfigError) as e:
        load_config(env={})
    assert e.value.code == "E_CONFIG_KEY"
    assert "window_wrds" in e.value.message and "window_words" in (e.value.fix or "")


def test_unknown_env_key_and_bad_value() -> None:
    with pytest.raises(ConfigError) as e:
        load_config(env={"TOULMIN_CHEKER__MODEL": "x"})
    assert e.value.code == "E_CONFIG_KEY"
    with pytest.raises(ConfigError) as e:
        load_config(env={"TOULMIN_CHECKER__THRESHOLD": "1.5"})
    assert e.value.code == "E_CONFIG_VALUE"


def test_per_call_options_never_mutate_the_shared_config() -> None:
    base = load_config(env={})
    other = base.merged({"checker": {"window_words": 30}})
    assert base.checker.window_words == 100 and other.checker.window_words == 30
    assert isinstance(other, Config)


def test_bad_yaml_and_missing_file(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("checker: [unclosed\n")
    with pytest.raises(ConfigError) as e:
        load_config(tmp_path / "bad.yaml", env={})
    assert e.value.code == "E_CONFIG_FILE"
    with pytest.raises(ConfigError):
        load_config(tmp_path / "missing.yaml", env={})
