"""The registry of deterministic checks: each one a function registered under a dotted
name, with the kind of finding it gives, where it applies and whether its mismatch may
refute a claim; one runner for ``verify``, ``score-pairs`` and ``eval``.

A check reads a ``Pair`` (a claim, or its focus, and the evidence text) and returns
``Finding``s. Adding one is a function and its registration::

    @register("number.value", kind="number")
    def number_value(p: Pair) -> list[Finding]:
        '''A figure the source states otherwise: "330 metres" against "500 metres".'''
        return check_numbers(p.claim, p.evidence)

A package adds its own through the ``toulmin.checks`` entry-point group: the entry point
names a module (or an object in it) whose import registers its checks.

``decide.checks`` sets each check's state: ``true`` (every check on, the default),
``false`` (every check off), or a mapping of names or prefixes to ``on``, ``advisory``
(it runs and its findings are reported, but its mismatch never refutes a claim alone) or
``off`` (it does not run), the longest matching key winning: ``{"speaker": "advisory",
"speaker.mouth": "on"}``. ``toulmin checks`` lists them.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from ..errors import ConfigError
from .finding import Finding, made_by, marked

__all__ = ["STATES", "Check", "Pair", "Runner", "Turns", "register", "registered", "resolve_states",
           "runner_for", "unregister"]

Scope = Literal["any", "conversation"]
State = Literal["on", "advisory", "off"]
STATES: tuple[State, ...] = ("on", "advisory", "off")


@dataclass
class Pair:
    """What a check reads. ``claim``: the claim or its focus; ``statement``: the claim
    whose polarity the negation check reads when ``claim`` is a focus that states nothing
    of itself; ``text``: the whole claim (the passive-agent check reads it; none: that
    check does not run); ``clause``: the clause a figure came from, read by the merged-facts
    check, which runs only when ``merged`` (without a clause it reads each sentence of
    ``claim`` with its own names); ``context``: the passage grown by its neighbouring
    sentences, as the checker read it (none: the evidence alone)."""

    claim: str
    evidence: str
    statement: str | None = None
    text: str | None = None
    clause: str | None = None
    merged: bool = False
    context: str | None = None
    _cache: dict[str, Any] = field(default_factory=dict, repr=False)

    def shared(self, key: str, make: Callable[[], Any]) -> Any:
        """A reading several checks share (the evidence's sentences), made once."""
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]


@dataclass
class Turns:
    """What a check of scope ``conversation`` reads: the claim (``claim``), its grammatical
    subject and the names it holds alone and as people (the extractor's), the transcript
    its best passage is in as ``verify`` read it (``reading``: ``said``, ``names``,
    ``speakers``, ``index``, ``text``, ``source``; ``toulmin.reading.Reading``), the
    checker's findings (``findings``: a check of this scope may drop some, as
    ``unsaid.elsewhere`` drops a figure another turn states) and what the conversation's
    checks found so far, each marked with its check (``found``)."""

    claim: str
    subject: str | None
    lone_names: list[str]
    people: list[str]
    reading: Any
    findings: list[Finding]
    found: list[Finding] = field(default_factory=list)


CheckFn = Callable[[Any], list[Finding]]  # reads a Pair (scope "any") or Turns ("conversation")
F = TypeVar("F", bound=CheckFn)


@dataclass(frozen=True)
class Check:
    name: str
    kind: str  # the Finding kind it gives
    scope: Scope  # "any": every claim and passage; "conversation": a claim on a transcript
    refutes: bool  # whether its mismatch may refute a claim (checks.claim.refutes says when)
    summary: str  # the first line of its docstring
    run: CheckFn
    module: str  # where its code lives


_REGISTRY: dict[str, Check] = {}


def register(name: str, *, kind: str, scope: Scope = "any", refutes: bool = True) -> Callable[[F], F]:
    """Register the decorated function as the check ``name`` (its docstring's first line
    is what ``toulmin checks`` shows): of scope ``any`` it reads a ``Pair``, of scope
    ``conversation`` a ``Turns``. A name registered twice is an error."""

    def add(fn: F) -> F:
        if name in _REGISTRY and _REGISTRY[name].run is not fn:
            raise ConfigError("E_CONFIG_VALUE", f"the check {name!r} is registered twice "
                              f"({_REGISTRY[name].module} and {fn.__module__})",
                              fix="give the new check another name")
        summary = (fn.__doc__ or "").strip().splitlines()[0] if fn.__doc__ else ""
        _REGISTRY[name] = Check(name, kind, scope, refutes, summary, fn, fn.__module__)
        _cached.cache_clear()  # a runner built before knows the checks of then
        return fn

    return add


def unregister(name: str) -> None:
    """Remove the check ``name`` (a test's trial check; a plugin being unloaded)."""
    _REGISTRY.pop(name, None)
    _cached.cache_clear()


@functools.cache
def _loaded() -> None:
    from importlib.metadata import entry_points

    # the built-in checks registered when the package was imported (checks/__init__.py
    # imports checks.builtin); a package's own through its entry point
    for ep in entry_points(group="toulmin.checks"):
        ep.load()
    _cached.cache_clear()


def registered(scope: Scope | None = None) -> list[Check]:
    """Every registered check (built-in ones first, in the order they run), or those of
    ``scope``."""
    _loaded()
    return [c for c in _REGISTRY.values() if scope is None or c.scope == scope]


def resolve_states(setting: bool | Mapping[str, str],
                   advisory_kinds: Collection[str] = ()) -> dict[str, State]:
    """Each registered check's state under ``decide.checks`` (see the module). The old
    ``decide.advisory_checks`` (finding kinds) makes every check of those kinds advisory
    unless the mapping names it."""
    checks = registered()
    names = [c.name for c in checks]
    if isinstance(setting, bool):
        base: State = "on" if setting else "off"
        states: dict[str, State] = dict.fromkeys(names, base)
        given: dict[str, str] = {}
    else:
        states, given = dict.fromkeys(names, "on"), dict(setting)
    for c in checks:
        if c.kind in advisory_kinds and states[c.name] == "on":
            states[c.name] = "advisory"
    for key, value in sorted(given.items(), key=lambda kv: len(kv[0])):  # longer keys win
        if value not in STATES:
            raise ConfigError("E_CONFIG_VALUE", f"decide.checks.{key}: {value!r} is not a state",
                              fix="use one of: " + ", ".join(STATES))
        hit = [n for n in names if n == key or n.startswith(key + ".")]
        if not hit:
            raise ConfigError("E_CONFIG_KEY", f"decide.checks: no check is named {key!r}",
                              fix="checks (or prefixes of them): " + ", ".join(names)
                              + "; toulmin checks lists them")
        for n in hit:
            states[n] = value  # type: ignore[assignment]
    return states


class Runner:
    """The checks of one configuration, run in their registered order."""

    def __init__(self, states: Mapping[str, State]):
        self.states = dict(states)
        self._any = [c for c in registered("any") if self.states.get(c.name, "on") != "off"]
        self._turns = [c for c in registered("conversation") if self.states.get(c.name, "on") != "off"]

    def on(self, name: str) -> bool:
        """Whether the check ``name`` runs."""
        return self.states.get(name, "on") != "off"

    def advisory(self, f: Finding) -> bool:
        """Whether ``f`` came from a check whose mismatch may not refute alone."""
        return self.states.get(made_by(f) or "", "on") == "advisory"

    def run(self, pair: Pair, names: Collection[str] | None = None) -> list[Finding]:
        """The findings of every check of scope ``any`` that is on (or of ``names``), each
        tagged with the check that made it."""
        out: list[Finding] = []
        for c in self._any:
            if names is None or c.name in names:
                out += marked(c.run(pair), c.name)
        return out

    def converse(self, turns: Turns) -> Turns:
        """``turns`` after every check of scope ``conversation`` that is on, in their
        order: what each found added to ``turns.found``, marked with its name."""
        for c in self._turns:
            turns.found += marked(c.run(turns), c.name)
        return turns


@functools.lru_cache(maxsize=64)
def _cached(key: str) -> Runner:
    setting, kinds = json.loads(key)
    return Runner(resolve_states(setting, kinds))


def runner_for(setting: bool | Mapping[str, str] = True, advisory_kinds: Collection[str] = ()) -> Runner:
    """The runner of a ``decide.checks`` setting (built once per distinct setting)."""
    return _cached(json.dumps([setting, sorted(advisory_kinds)], sort_keys=True))
