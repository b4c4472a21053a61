"""The exception tree. Every error carries a stable code, its cause and a fix.

The CLI prints ``error[CODE]: message`` plus the fix and exits with the
class's exit status; the HTTP service returns the same code in JSON. Codes
are part of the public API: never rename one, only add.

    ToulminError
    ├── InputError        bad input from the caller (exit 2)
    ├── ConfigError       bad configuration (exit 2)
    ├── ModelError        a model could not be loaded or run (exit 3)
    │   └── LLMError      a language-model provider failed: down, timeout, refused, garbage
    ├── StoreError        the corpus store failed: Chroma server down, folder unusable (exit 3)
    └── DependencyError   an optional extra is missing (exit 4)
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ConfigError",
    "DependencyError",
    "InputError",
    "LLMError",
    "ModelError",
    "StoreError",
    "ToulminError",
]


class ToulminError(Exception):
    """Base class. ``code`` is stable; ``fix`` tells the user what to do."""

    exit_code = 1

    def __init__(self, code: str, message: str, *, fix: str | None = None, **details: Any):
        super().__init__(message)
        self.code = code
        self.message = message
        self.fix = fix
        self.details = details

    def __str__(self) -> str:
        return f"{self.message}" + (f" (fix: {self.fix})" if self.fix else "")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.fix:
            out["fix"] = self.fix
        if self.details:
            out["details"] = self.details
        return out


class InputError(ToulminError):
    exit_code = 2


class ConfigError(ToulminError):
    exit_code = 2


class ModelError(ToulminError):
    exit_code = 3


class LLMError(ModelError):
    """Codes: E_LLM_UNAVAILABLE (connection), E_LLM_TIMEOUT, E_LLM_RATE_LIMITED,
    E_LLM_AUTH, E_LLM_HTTP (other status), E_LLM_BAD_RESPONSE (not the wire format)."""


class StoreError(ToulminError):
    """Codes: E_STORE_UNAVAILABLE (a Chroma server cannot be reached), E_STORE (the store
    refused or failed an operation), E_CORPUS_EMPTY (nothing indexed yet)."""

    exit_code = 3


class DependencyError(ToulminError):
    exit_code = 4
