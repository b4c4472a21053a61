"""A faster matcher for spaCy's attribute ruler, with the same result.

The English pipeline's ``attribute_ruler`` (tag map and exceptions: 179 token
patterns) took about 4 ms of a 5-sentence answer's 25-33 ms in spaCy, more than
the tagger: spaCy's general ``Matcher`` tries every pattern at every token. Its
patterns here are one or two tokens that test a token's tag, lower-case form,
dependency or whitespace; indexed by their first token's tag or form, they are
found in a few dictionary look-ups per token. The ruler's own ``set_annotations``
then applies the matches, in the order spaCy would (pattern order, then position),
so the tokens get the same attributes. A pipeline whose ruler holds any other kind
of pattern keeps spaCy's matcher.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

__all__ = ["speed_up_attribute_ruler"]

# A token is read as the string ids of these attributes (Doc.to_array), so most
# tests compare integers; IS_SPACE is 0 or 1.
_FIELDS = {"TAG": 0, "LOWER": 1, "DEP": 2, "IS_SPACE": 3}
_Test = Callable[[list[int]], bool]


def _test(attr: str, spec: object, strings: Any) -> _Test | None:
    """One token condition, or None when it is of a kind this matcher does not know."""
    i = _FIELDS.get(attr)
    if i is None:
        return None
    if isinstance(spec, bool):
        return lambda t: t[i] == int(spec)
    if isinstance(spec, str) and i != 3:
        h = strings.add(spec)
        return lambda t: t[i] == h
    if not isinstance(spec, dict) or len(spec) != 1 or i == 3:
        return None
    (op, value), = spec.items()
    if op in ("IN", "NOT_IN") and isinstance(value, list) and all(isinstance(v, str) for v in value):
        s = frozenset(strings.add(v) for v in value)
        return (lambda t: t[i] in s) if op == "IN" else (lambda t: t[i] not in s)
    if op == "REGEX" and isinstance(value, str):
        rx = re.compile(value)
        return lambda t: rx.search(strings[t[i]]) is not None
    return None


def _keys(first: dict[str, object], strings: Any) -> list[tuple[int, int]] | None:
    """The (field, value) keys a first token must have one of; None: test everywhere."""
    for attr in ("LOWER", "TAG", "DEP"):
        spec = first.get(attr)
        if isinstance(spec, str):
            return [(_FIELDS[attr], strings.add(spec))]
        if isinstance(spec, dict) and list(spec) == ["IN"]:
            return [(_FIELDS[attr], strings.add(v)) for v in spec["IN"]]
    if first.get("IS_SPACE") is True:
        return [(3, 1)]
    return None


class _Matcher:
    def __init__(self, ruler: Any):
        strings = ruler.vocab.strings
        self.index: dict[tuple[int, int], list[tuple[int, list[list[_Test]]]]] = {}
        self.everywhere: list[tuple[int, list[list[_Test]]]] = []
        self.ok = True
        for order, entry in enumerate(ruler.patterns):
            # AttributeRuler names pattern n's matches str(n) and sorts them by that number
            for pattern in entry["patterns"]:
                tests = [[_test(a, s, strings) for a, s in tok.items()] for tok in pattern]
                if not pattern or any(t is None for tok in tests for t in tok):
                    self.ok = False
                    return
                compiled = (order, [[t for t in tok if t is not None] for tok in tests])
                keys = _keys(pattern[0], strings)
                if keys is None:
                    self.everywhere.append(compiled)
                for key in keys or []:
                    self.index.setdefault(key, []).append(compiled)
        self.ids = [strings.add(str(n)) for n in range(len(ruler.patterns))]

    def match(self, doc: Any) -> list[tuple[int, int, int, int]]:
        toks: list[list[int]] = doc.to_array(["TAG", "LOWER", "DEP", "IS_SPACE"]).tolist()
        found = set()
        n, get, none = len(toks), self.index.get, ()
        for start, tok in enumerate(toks):
            for cands in (get((0, tok[0]), none), get((1, tok[1]), none), get((2, tok[2]), none),
                          get((3, tok[3]), none), self.everywhere):
                for order, pattern in cands:
                    end = start + len(pattern)
                    if end <= n and _fits(pattern, toks, start):
                        found.add((order, self.ids[order], start, end))
        return sorted(found)


def _fits(pattern: list[list[_Test]], toks: list[list[int]], start: int) -> bool:
    for k, tests in enumerate(pattern):
        tok = toks[start + k]
        for t in tests:
            if not t(tok):
                return False
    return True


def speed_up_attribute_ruler(nlp: Any) -> bool:
    """Give ``nlp``'s attribute ruler the indexed matcher; False when it keeps spaCy's."""
    if "attribute_ruler" not in nlp.pipe_names:
        return False
    ruler = nlp.get_pipe("attribute_ruler")
    m = _Matcher(ruler)
    if not m.ok:
        return False
    ruler.match = m.match  # the ruler's __call__ then applies these matches as its own
    return True
