"""Claim checkers: the shipped ONNX model, Hugging Face models, plugins.

Backends register under the ``toulmin.checkers`` entry-point group; the
shipped ``onnx`` and ``hf`` backends are registered by toulmin itself, the
same way a third-party package would add one.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ConfigError
from ..plugins import load_plugin, plugins
from .base import LABELS, Checker, softmax
from .onnx import named_checker

if TYPE_CHECKING:
    from ..config import Config

__all__ = [
    "LABELS",
    "Checker",
    "available_backends",
    "checker_from_config",
    "load_checker",
    "softmax",
]


def _onnx(model: str | None, **kw: Any) -> Checker:
    from .onnx import OnnxChecker
    return OnnxChecker(model, **{k: v for k, v in kw.items() if k in ("threads", "batch_size")})


def _hf(model: str | None, **kw: Any) -> Checker:
    from .hf import HFChecker
    if not model:
        raise ConfigError("E_CONFIG_VALUE", "the hf checker backend needs checker.model",
                          fix="set checker.model to a hub name or a local folder")
    allowed = ("label_map", "threshold", "premise_first", "max_length", "batch_size", "device")
    return HFChecker(model, **{k: v for k, v in kw.items() if k in allowed and v is not None})


_BUILTIN = {"onnx": _onnx, "hf": _hf}


def available_backends() -> dict[str, Any]:
    found: dict[str, Any] = dict(_BUILTIN)
    for name, ep in plugins("toulmin.checkers").items():
        found.setdefault(name, ep)
    return found


def _resolve_backend(backend: str | None, model: str | None) -> str:
    if backend:
        return backend
    if model and (named_checker(model) or Path(model, "checker.json").is_file()):
        return "onnx"
    return "hf" if model else "onnx"


@lru_cache(maxsize=8)
def _cached(backend: str, model: str | None, frozen: tuple[tuple[str, Any], ...]) -> Checker:
    kw = {k: (dict(v) if isinstance(v, tuple) else v) for k, v in frozen}
    factory = load_plugin("toulmin.checkers", backend, _BUILTIN)
    return factory(model, **kw)  # type: ignore[no-any-return]


def load_checker(backend: str | None = None, model: str | None = None, **options: Any) -> Checker:
    """Load (and cache) a checker. No arguments: the model shipped in the package."""
    name = _resolve_backend(backend, model)
    if name not in available_backends():
        load_plugin("toulmin.checkers", name, _BUILTIN)  # the error, naming the installed ones
    frozen = tuple(sorted(
        (k, tuple(sorted(v.items())) if isinstance(v, Mapping) else v) for k, v in options.items()
    ))
    return _cached(name, model, frozen)


def checker_from_config(cfg: Config) -> Checker:
    """The checker ``cfg.checker`` names, with its options: what ``verify``, the corpus's
    re-ranker and the service all build."""
    c = cfg.checker
    opts: dict[str, Any] = {"batch_size": c.batch_size, "threads": c.threads}
    if c.label_map:
        opts["label_map"] = c.label_map
    return load_checker(c.backend, c.model, **opts)
