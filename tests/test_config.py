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
        load_config(env={"TOULMIN_DECIDE__THRESHOLD": "1.5"})
    assert e.value.code == "E_CONFIG_VALUE"


def test_renamed_keys_are_accepted_for_one_release_with_a_warning(tmp_path: Path) -> None:
    from toulmin.config import RENAMED_KEYS

    for (sec, old), (new_sec, new) in RENAMED_KEYS.items():
        value = True if new == "checks" else 0.42
        with pytest.warns(DeprecationWarning, match=f"{sec}.{old} is deprecated .* use {new_sec}.{new}"):
            cfg = load_config(env={}, overrides={sec: {old: value}})
        assert getattr(getattr(cfg, new_sec), new) == value
        assert old not in type(getattr(cfg, sec)).model_fields  # one key, not two
    # every layer: the file, the environment, a per-call option
    (tmp_path / "t.yaml").write_text("checker:\n  threshold: 0.3\n")
    with pytest.warns(DeprecationWarning):
        assert load_config(tmp_path / "t.yaml", env={}).decide.threshold == 0.3
    with pytest.warns(DeprecationWarning):
        assert load_config(env={"TOULMIN_CHECKER__CHECKS": "false"}).decide.checks is False
    # a malformed new section beside an old key is an error, never dropped for it
    with pytest.raises(ConfigError) as e:
        load_config(env={}, overrides={"decide": 5, "checker": {"threshold": 0.3}})
    assert e.value.code == "E_CONFIG_VALUE" and "'decide'" in e.value.message
    # a later layer's old key overrides an earlier layer's new key, as its new name would
    base = load_config(env={}, overrides={"decide": {"threshold": 0.9}})
    with pytest.warns(DeprecationWarning):
        assert base.merged({"checker": {"threshold": 0.2}}).decide.threshold == 0.2


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


def test_a_preset_fills_its_keys_beneath_the_ones_set_beside_it(tmp_path: Path) -> None:
    fast = load_config(env={}, overrides={"preset": "fast"})
    assert (fast.preset, fast.checker.model, fast.link.dense, fast.link.k, fast.link.context_words) == (
        "fast", "fast", False, 1, 100)
    mine = load_config(env={}, overrides={"preset": "fast", "link": {"k": 2}})
    assert mine.link.k == 2 and mine.checker.model == "fast"  # a key beside the preset wins
    back = fast.merged({"preset": "default"})  # a later layer's preset replaces it whole
    assert (back.checker.model, back.link.dense, back.link.k, back.link.context_words) == (
        None, "auto", 3, 170)
    assert back.model_dump(exclude={"preset"}) == load_config(env={}).model_dump(exclude={"preset"})
    # in a file, and from the environment, with later layers still on top
    (tmp_path / "toulmin.yaml").write_text("preset: fast\nlink:\n  context_words: 60\n")
    cfg = load_config(env={"TOULMIN_LINK__K": "4"})
    assert (cfg.checker.model, cfg.link.context_words, cfg.link.k) == ("fast", 60, 4)
    assert load_config(env={"TOULMIN_PRESET": "fast"}).checker.model == "fast"


def test_an_unknown_preset_names_the_choices() -> None:
    with pytest.raises(ConfigError) as e:
        load_config(env={}, overrides={"preset": "turbo"})
    assert e.value.code == "E_CONFIG_VALUE" and "'default', 'fast' or 'accurate'" in e.value.message


def test_every_error_code_used_is_listed_and_the_table_is_current() -> None:
    import re

    from toulmin.errors import ERRORS, ErrorCode, errors_table

    root = Path(__file__).resolve().parents[1]
    used = {m for p in (root / "src" / "toulmin").rglob("*.py")
            for m in re.findall(r'"(E_[A-Z0-9_]+)"', p.read_text(encoding="utf-8"))}
    assert used <= set(ErrorCode.__members__), sorted(used - set(ErrorCode.__members__))
    assert set(ERRORS) == set(ErrorCode)  # each with its class, status and meaning
    assert (root / "docs" / "errors.md").read_text() == errors_table(), (
        "regenerate: toulmin schema errors > docs/errors.md")
