"""Layered configuration: defaults, then ``toulmin.yaml``, then ``TOULMIN_*``
environment variables, then per-call overrides. Each layer is validated;
an unknown key is an error that lists the valid ones.

Environment variables use ``__`` between levels: ``TOULMIN_CHECKER__MODEL``.
Per-call overrides return a new object; shared config is never mutated.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .errors import ConfigError

__all__ = ["CheckerConfig", "Config", "load_config"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CheckerConfig(_Strict):
    backend: str | None = Field(None, description="onnx (shipped), hf, or a plugin name")
    model: str | None = Field(None, description="folder or hub name; empty = the shipped model")
    threshold: float | None = Field(None, ge=0.0, le=1.0, description="override the model's threshold")
    label_map: dict[str, str] | None = None
    batch_size: int = Field(32, ge=1, le=1024)
    threads: int | None = Field(None, ge=1)
    window_words: int = Field(100, ge=5, le=2000)
    overlap_sentences: int = Field(1, ge=0, le=10)
    top_windows: int | None = Field(8, ge=1, description="windows per claim sentence sent to the "
                                    "model, picked by word overlap; null = all")
    split_claim: bool = False
    contradiction_threshold: float = Field(0.5, ge=0.0, le=1.0)


class Config(_Strict):
    checker: CheckerConfig = CheckerConfig()

    def merged(self, overrides: Mapping[str, Any] | None) -> Config:
        if not overrides:
            return self
        return _validate(_deep_merge(self.model_dump(), dict(overrides)), "per-call options")


def _deep_merge(a: dict[str, Any], b: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(a)
    for k, v in b.items():
        if isinstance(v, Mapping) and isinstance(out.get(k), dict):
            out[k] = _deep_merge(out[k], v)
        else:
            out[k] = v
    return out


def _validate(data: Mapping[str, Any], where: str) -> Config:
    try:
        return Config.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(x) for x in err["loc"])
        if err["type"] == "extra_forbidden":
            section: Any = Config
            for part in err["loc"][:-1]:
                section = section.model_fields[str(part)].annotation
            valid = ", ".join(sorted(section.model_fields))
            raise ConfigError("E_CONFIG_KEY", f"unknown config key {loc!r} in {where}",
                              fix=f"valid keys here: {valid}") from e
        raise ConfigError("E_CONFIG_VALUE", f"bad value for {loc!r} in {where}: {err['msg']}",
                          fix="see `toulmin config --schema` for the allowed values") from e


def _from_env(env: Mapping[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, raw in env.items():
        if not key.startswith("TOULMIN_") or key in ("TOULMIN_CONFIG", "TOULMIN_DATA_DIR", "TOULMIN_THREADS"):
            continue
        path = key[len("TOULMIN_"):].lower().split("__")
        value: Any = yaml.safe_load(raw) if raw.strip() else None
        node = out
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = value
    return out


def load_config(path: str | Path | None = None, env: Mapping[str, str] | None = None,
                overrides: Mapping[str, Any] | None = None) -> Config:
    env = os.environ if env is None else env
    data: dict[str, Any] = {}
    file = Path(path) if path else (Path(env["TOULMIN_CONFIG"]) if env.get("TOULMIN_CONFIG") else
                                    Path("toulmin.yaml"))
    if path and not file.is_file():
        raise ConfigError("E_CONFIG_FILE", f"config file {file} not found", fix="check the path")
    if file.is_file():
        try:
            loaded = yaml.safe_load(file.read_text(encoding="utf-8")) or {}
        except (yaml.YAMLError, UnicodeDecodeError) as e:
            raise ConfigError("E_CONFIG_FILE", f"{file} is not valid YAML: {e}",
                              fix="fix the syntax; see README for an example") from e
        if not isinstance(loaded, dict):
            raise ConfigError("E_CONFIG_FILE", f"{file} must hold a mapping at the top level",
                              fix="e.g. `checker: {window_words: 100}`")
        _validate(loaded, str(file))
        data = _deep_merge(data, loaded)
    env_data = _from_env(env)
    if env_data:
        _validate(env_data, "TOULMIN_* environment variables")
        data = _deep_merge(data, env_data)
    return _validate(data, "configuration").merged(overrides)
