"""The pytest plugin (entry point ``pytest11``: ``toulmin``), active wherever toulmin is
installed.

- ``--toulmin-config PATH``: the configuration of the session's verifier (else the usual
  layers: defaults, ``toulmin.yaml``, ``TOULMIN_*``).
- ``toulmin_verifier``: a session-scoped fixture, the verifier that ``toulmin.testing``'s
  ``assert_grounded`` uses too, so the models load once per session.
- at the end of the session, when ``assert_grounded`` ran: answers checked, the grounded rate
  and the slowest checks.

It is loaded into every pytest session, so it loads no model until a test asks for one and
shows nothing unless an answer was checked.
"""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path

import pytest

from . import testing
from .errors import ToulminError
from .verify import Verifier

__all__ = [
    "pytest_addoption",
    "pytest_configure",
    "pytest_runtest_protocol",
    "pytest_terminal_summary",
    "pytest_unconfigure",
    "toulmin_verifier",
]

_SESSION = pytest.StashKey["testing._Session"]()
SLOWEST = 3  # checks listed in the summary


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("toulmin", "toulmin: grounding checks (toulmin.testing)")
    group.addoption(
        "--toulmin-config", metavar="PATH", default=None,
        help="YAML configuration of the toulmin_verifier fixture and assert_grounded "
        "(default: toulmin.yaml, TOULMIN_* variables)",
    )


def pytest_configure(config: pytest.Config) -> None:
    path = config.getoption("--toulmin-config", None)
    cfg = None
    if path:
        file = Path(path)
        if not file.is_absolute():
            file = config.invocation_params.dir / file
        try:
            from .config import load_config

            cfg = load_config(file)
        except ToulminError as e:
            raise pytest.UsageError(f"--toulmin-config: {e}") from None
    config.stash[_SESSION] = testing._open_session(cfg)


def pytest_unconfigure(config: pytest.Config) -> None:
    s = config.stash.get(_SESSION, None)
    if s is not None:
        testing._close_session(s)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, object, object]:
    s = item.config.stash.get(_SESSION, None)
    if s is not None:
        s.test = item.nodeid
    try:
        return (yield)
    finally:
        if s is not None:
            s.test = ""


@pytest.fixture(scope="session")
def toulmin_verifier() -> Verifier:
    """The session's verifier (models loaded on first use, once): the one ``assert_grounded``
    uses when it is given none."""
    return testing.shared_verifier()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    s = config.stash.get(_SESSION, None)
    if s is None or not s.checks:
        return
    checks = s.checks
    passed = sum(c.passed for c in checks)
    tests = len({c.test for c in checks})
    confs = [c.confidence for c in checks if c.confidence is not None]
    tr = terminalreporter
    tr.write_sep("=", "toulmin grounding summary")
    mean = f"; mean confidence {sum(confs) / len(confs):.2f}" if confs else ""
    tr.write_line(
        f"answers checked: {len(checks)} in {tests} test{'s' if tests != 1 else ''}; "
        f"grounded: {passed} of {len(checks)} ({100 * passed / len(checks):.0f}%){mean}"
    )
    if s.load_seconds is not None:
        tr.write_line(f"verifier built once for the session, in {s.load_seconds:.1f} s")
    tr.write_line("slowest checks:")
    for c in sorted(checks, key=lambda c: -c.seconds)[:SLOWEST]:
        conf = "n/a" if c.confidence is None else f"{c.confidence:.2f}"
        tr.write_line(f"  {c.seconds:6.2f}s  {c.test or '(outside a test)'}  "
                      f"confidence {conf}, {'grounded' if c.passed else 'NOT grounded'}")
