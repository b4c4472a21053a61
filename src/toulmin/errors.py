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

from enum import StrEnum
from typing import Any

__all__ = [
    "ERRORS",
    "ConfigError",
    "DependencyError",
    "ErrorCode",
    "InputError",
    "LLMError",
    "ModelError",
    "StoreError",
    "ToulminError",
    "error_from_dict",
    "errors_table",
    "http_status",
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
    refused or failed an operation)."""

    exit_code = 3


class DependencyError(ToulminError):
    exit_code = 4


class ErrorCode(StrEnum):
    """Every code an error of toulmin carries. ``ERRORS`` says which class raises it, the
    HTTP status the service answers with and what it means; docs/errors.md is generated
    from it (``toulmin schema errors``) and a test checks that no code is used
    without being listed here."""

    E_AUTH = "E_AUTH"
    E_BAD_JSON = "E_BAD_JSON"
    E_BAD_LABEL = "E_BAD_LABEL"
    E_BAD_OPTION = "E_BAD_OPTION"
    E_BAD_REQUEST = "E_BAD_REQUEST"
    E_BUSY = "E_BUSY"
    E_BAD_HTTP = "E_BAD_HTTP"
    E_CANCELLED = "E_CANCELLED"
    E_CHANGED = "E_CHANGED"
    E_BAD_ROW = "E_BAD_ROW"
    E_BAD_TYPE = "E_BAD_TYPE"
    E_BAD_VALUE = "E_BAD_VALUE"
    E_BINARY = "E_BINARY"
    E_CONFIG_FILE = "E_CONFIG_FILE"
    E_CONFIG_KEY = "E_CONFIG_KEY"
    E_CONFIG_VALUE = "E_CONFIG_VALUE"
    E_DATA_MISSING = "E_DATA_MISSING"
    E_DOWNLOAD_FAILED = "E_DOWNLOAD_FAILED"
    E_DUPLICATE_ID = "E_DUPLICATE_ID"
    E_EMPTY = "E_EMPTY"
    E_EXTRA_MISSING = "E_EXTRA_MISSING"
    E_INTERNAL = "E_INTERNAL"
    E_LABEL_MAP = "E_LABEL_MAP"
    E_HEADERS_TOO_LARGE = "E_HEADERS_TOO_LARGE"
    E_LENGTH_REQUIRED = "E_LENGTH_REQUIRED"
    E_LLM_AUTH = "E_LLM_AUTH"
    E_LLM_BAD_RESPONSE = "E_LLM_BAD_RESPONSE"
    E_LLM_CONFIG = "E_LLM_CONFIG"
    E_LLM_HTTP = "E_LLM_HTTP"
    E_LLM_RATE_LIMITED = "E_LLM_RATE_LIMITED"
    E_LLM_TIMEOUT = "E_LLM_TIMEOUT"
    E_LLM_UNAVAILABLE = "E_LLM_UNAVAILABLE"
    E_MISSING_EXTRA = "E_MISSING_EXTRA"
    E_MODEL_LOAD = "E_MODEL_LOAD"
    E_MODEL_MISSING = "E_MODEL_MISSING"
    E_NOT_FOUND = "E_NOT_FOUND"
    E_NOT_RUNNING = "E_NOT_RUNNING"
    E_NOT_UTF8 = "E_NOT_UTF8"
    E_NO_ANSWER = "E_NO_ANSWER"
    E_NO_EMBEDDER = "E_NO_EMBEDDER"
    E_NO_SOURCES = "E_NO_SOURCES"
    E_NO_SPACY = "E_NO_SPACY"
    E_NO_SPACY_MODEL = "E_NO_SPACY_MODEL"
    E_OPTION_NOT_ALLOWED = "E_OPTION_NOT_ALLOWED"
    E_PAIR_MISMATCH = "E_PAIR_MISMATCH"
    E_RUNNING = "E_RUNNING"
    E_SOURCE_FILE = "E_SOURCE_FILE"
    E_SOURCE_KEYS = "E_SOURCE_KEYS"
    E_STORE = "E_STORE"
    E_STORE_UNAVAILABLE = "E_STORE_UNAVAILABLE"
    E_SLOW_CLIENT = "E_SLOW_CLIENT"
    E_TIMEOUT = "E_TIMEOUT"
    E_TOO_LARGE = "E_TOO_LARGE"
    E_UNKNOWN_BACKEND = "E_UNKNOWN_BACKEND"
    E_UNKNOWN_SLICE = "E_UNKNOWN_SLICE"


# The HTTP status of each error class in the service (a code below may say otherwise).
_HTTP = {InputError: 400, ConfigError: 400, LLMError: 502, StoreError: 503, DependencyError: 501,
         ModelError: 500}
C = ErrorCode
# code -> (the class that raises it, or None for the service's own; HTTP status; meaning)
ERRORS: dict[ErrorCode, tuple[type[ToulminError] | None, int | None, str]] = {
    C.E_AUTH: (None, 401, "the service needs an API key (Authorization: Bearer KEY): none or a wrong one"),
    C.E_BAD_JSON: (InputError, None, "a JSON or JSONL input does not parse (the message names the line)"),
    C.E_BAD_LABEL: (InputError, None, "a labelled pair's label is not one toulmin reads"),
    C.E_BAD_OPTION: (InputError, None, "a command-line or function option has a value outside its range"),
    C.E_CANCELLED: (InputError, 499, "the work stopped because its client went away or its time ran "
                                     "out (serve.timeout); nothing was stored"),
    C.E_BUSY: (None, 503, "the service's queue is full (serve.max_queue) or the request waited its whole "
                         "serve.timeout in it without starting; retry after Retry-After seconds"),
    C.E_CHANGED: (InputError, None, "a resumable background run's input file is not the one it started "
                  "with (the teacher's labeller): put it back or start afresh"),
    C.E_BAD_REQUEST: (None, 422, "the request body does not have the documented shape (see /openapi.json)"),
    C.E_BAD_ROW: (InputError, None, "one row of a batch or pairs file is unusable (the message names it)"),
    C.E_BAD_TYPE: (InputError, None, "an argument has the wrong type (sources not a list...)"),
    C.E_BAD_VALUE: (InputError, None, "an argument has a value that cannot be used"),
    C.E_BINARY: (InputError, None, "a text holds NUL bytes: a binary file was given as text"),
    C.E_CONFIG_FILE: (ConfigError, None, "the configuration file cannot be read or is not YAML"),
    C.E_CONFIG_KEY: (ConfigError, None, "an unknown configuration key (the fix lists the valid ones)"),
    C.E_CONFIG_VALUE: (ConfigError, None, "a configuration value is invalid (the fix gives what is allowed)"),
    C.E_DATA_MISSING: (InputError, None, "the public data (../shared/data or TOULMIN_DATA_DIR) is missing"),
    C.E_DOWNLOAD_FAILED: (DependencyError, None, "a package could not be downloaded, or its content is not "
                          "what was pinned (training kit)"),
    C.E_DUPLICATE_ID: (InputError, None, "two sources (or rows) share an id"),
    C.E_EMPTY: (InputError, None, "an answer, source or claim is empty"),
    C.E_EXTRA_MISSING: (DependencyError, None, "an optional extra is not installed (the same as "
                        "E_MISSING_EXTRA; both are kept, codes are never renamed)"),
    C.E_INTERNAL: (None, 500, "an unexpected failure (a bug) during one verification: of the streaming "
                   "endpoint, or of one verify-batch row, whose error row names the exception"),
    C.E_LABEL_MAP: (ConfigError, None, "a Hugging Face checker's labels cannot be mapped to "
                    "entailment / neutral / contradiction"),
    C.E_LENGTH_REQUIRED: (None, 411, "a request body without a Content-Length"),
    C.E_HEADERS_TOO_LARGE: (None, 431, "a request's headers are over serve.max_header_kb in all or "
                                       "more than serve.max_headers in number"),
    C.E_BAD_HTTP: (None, 400, "the request is not valid HTTP/1.1 (a malformed request line, header or "
                              "Content-Length); answered by the server before any route"),
    C.E_SLOW_CLIENT: (None, 408, "a request's headers did not arrive within serve.header_timeout, or "
                                 "its body within serve.body_timeout"),
    C.E_LLM_AUTH: (LLMError, None, "the language-model provider refused the API key"),
    C.E_LLM_BAD_RESPONSE: (LLMError, None, "the language model's reply is not in the asked format"),
    C.E_LLM_CONFIG: (LLMError, None, "the language-model settings are incomplete or wrong"),
    C.E_LLM_HTTP: (LLMError, None, "the language-model provider answered with an HTTP error"),
    C.E_LLM_RATE_LIMITED: (LLMError, None, "the language-model provider is rate-limiting"),
    C.E_LLM_TIMEOUT: (LLMError, None, "the language model did not answer in time"),
    C.E_LLM_UNAVAILABLE: (LLMError, None, "the language-model server cannot be reached"),
    C.E_MISSING_EXTRA: (DependencyError, None, "an optional extra is not installed (the fix names it)"),
    C.E_MODEL_LOAD: (ModelError, None, "a model was found but could not be loaded"),
    C.E_MODEL_MISSING: (ModelError, None, "a model is not installed, or not in the folder named"),
    C.E_NOT_FOUND: (InputError, 404, "a file or report that was named does not exist"),
    C.E_NOT_RUNNING: (InputError, None, "a background training run was to be paused or resumed, and none "
                      "is running in that folder (training marathon, teacher's labeller)"),
    C.E_NOT_UTF8: (InputError, None, "a text is not UTF-8"),
    C.E_NO_ANSWER: (InputError, None, "no answer to verify, and no model to write one"),
    C.E_NO_EMBEDDER: (DependencyError, None, "dense linking was asked for and no embedder is installed"),
    C.E_NO_SOURCES: (InputError, None, "no sources to check the answer against"),
    C.E_NO_SPACY: (DependencyError, None, "spaCy is not installed"),
    C.E_NO_SPACY_MODEL: (DependencyError, None, "spaCy's English pipeline is not installed"),
    C.E_OPTION_NOT_ALLOWED: (ConfigError, 403, "a per-request option the server does not allow "
                             "(serve.request_options)"),
    C.E_PAIR_MISMATCH: (InputError, None, "claims and spans (or documents) of different counts"),
    C.E_RUNNING: (InputError, None, "a background training run is already running in that folder "
                  "(training marathon, teacher's labeller); 'status' shows it, 'stop' ends it"),
    C.E_SOURCE_FILE: (InputError, None, "a source file holds something other than what its extension says"),
    C.E_SOURCE_KEYS: (InputError, None, "a source object has unknown or missing keys (id, text, metadata)"),
    C.E_STORE: (StoreError, None, "the corpus or history store refused or failed an operation"),
    C.E_STORE_UNAVAILABLE: (StoreError, None, "the corpus or history server cannot be reached"),
    C.E_TIMEOUT: (InputError, 504, "the verification took longer than serve.timeout"),
    C.E_TOO_LARGE: (InputError, None, "an answer, a source, all sources together or a request body is over "
                    "its size limit (the message gives it; the service answers 413 for a body)"),
    C.E_UNKNOWN_BACKEND: (ConfigError, None, "no backend of that name is installed (the fix lists them)"),
    C.E_UNKNOWN_SLICE: (InputError, None, "no data slice of that name (the fix lists them)"),
}
del C


def error_from_dict(d: dict[str, Any]) -> ToulminError:
    """The error ``ToulminError.to_dict`` gave, again (from another process or a Ray actor),
    of the class its code belongs to, so that it keeps its exit status."""
    code = str(d.get("code", "E_INTERNAL"))
    entry = ERRORS.get(ErrorCode(code)) if code in ErrorCode.__members__ else None
    cls = entry[0] if entry is not None and entry[0] is not None else ModelError
    return cls(code, str(d.get("message", "")), fix=d.get("fix"), **(d.get("details") or {}))


def http_status(e: ToulminError) -> int:
    """The HTTP status the service answers ``e`` with."""
    entry = ERRORS.get(ErrorCode(e.code)) if e.code in ErrorCode.__members__ else None
    if entry is not None and entry[1] is not None:
        return int(entry[1])
    for cls, status in _HTTP.items():
        if isinstance(e, cls):
            return status
    return 500


def errors_table() -> str:
    """docs/errors.md: every code, its class, exit status, HTTP status and meaning."""
    lines = ["# Error codes", "", "Generated from `toulmin.errors.ERRORS` (`toulmin schema errors > "
             "docs/errors.md`). The CLI prints `error[CODE]: message` and the fix, and exits with the "
             "status below; the HTTP service answers `{\"error\": {code, message, fix}}` with the status "
             "below. Codes are never renamed, only added.", "",
             "| code | class | exit status | HTTP status | meaning |", "|---|---|---|---|---|"]
    for code, (cls, http, meaning) in sorted(ERRORS.items()):
        if cls is None:
            name, exit_code, status = "(service)", "-", str(http)
        else:
            probe = cls(code.value, "")
            name, exit_code, status = cls.__name__, str(cls.exit_code), str(http_status(probe))
        lines.append(f"| `{code.value}` | {name} | {exit_code} | {status} | {meaning} |")
    return "\n".join(lines) + "\n"

