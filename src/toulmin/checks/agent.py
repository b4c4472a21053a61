"""Who did it: "the colour was chosen by the US Navy" is not backed by "the colour ... was
chosen by consulting architect Irving Morrow; the US Navy had wanted ...". The model sees
the same words and calls it support; the names sit in the wrong roles.

The claim names the agent of a passive verb ("designed by", "founded by", "directed
by"). A source sentence with the same verb and its own "by ..." phrase, and half of the
claim's other content words, names the agent: the claim's name must be in that phrase
("founded by Larry Page" is backed by "founded by Larry Page and Sergey Brin", "written
by Smith" by "written by J. Smith").
"""

from __future__ import annotations

import re

from ..lexicon import root
from .finding import Finding
from .words import SENTENCE_END as _SENTENCE_END
from .words import STOP as _STOP
from .words import WORD as _WORD

__all__ = ["check_agent"]

# a past participle, optionally with a second one ("designed and built by"), then "by"
_BY = re.compile(
    r"\b(?P<verb>[a-z]{3,}(?:ed|en|wn|de|lt|nt|ght))\s+(?:and\s+[a-z]{3,}\s+)?by\s+"
    r"(?P<agent>(?:the\s+)?[^,;:.()\[\]]{2,80}?)(?=\s*(?:[,;:.()\[\]]|\s(?:in|on|at|for|during|after|before|"
    r"from|to|as|with|who|which|that|is|was|are|were|has|had|have|and\s+(?![A-Z]))\b|$))",
)
# the names in an agent phrase: "the US Navy" -> "US Navy", "Gustave Eiffel himself" -> "Gustave Eiffel"
_CAPS = re.compile(r"[A-Z][\w'’-]*(?:\s+(?:(?:of|for|the|de|du|von|van)\s+)*[A-Z][\w'’-]*)*")
_POSSESSIVE = re.compile(r"['’]s\b")
_REFLEXIVE = re.compile(r"\s+(?:himself|herself|themselves|itself|alone|jointly)$")


def _named(name: str, phrase: str) -> bool:
    """Every word of ``name`` is in ``phrase``, a first name also as its initial ("J.
    Smith" names John Smith): "Mansoor Khan" does not name Aamir Khan."""
    words = set(_WORD.findall(_POSSESSIVE.sub("", phrase).lower()))
    parts = _WORD.findall(name.lower())
    return all(w in words or (i < len(parts) - 1 and w[0] in words) for i, w in enumerate(parts))


def _agents(text: str) -> list[tuple[str, str, int, int]]:
    """(verb root, agent phrase, start, end) for each "VERBed by AGENT" of ``text``."""
    return [(root(m.group("verb").lower()), m.group("agent").strip(), m.start(), m.end())
            for m in _BY.finditer(text)]


def check_agent(claim: str, evidence: str) -> list[Finding]:
    """``ok`` when a source sentence gives the claim's passive verb the claim's agent,
    ``mismatch`` when it gives it another one and never the claim's."""
    claim = claim.split("Answer:", 1)[-1]
    out: list[tuple[str, Finding]] = []
    found = _agents(claim)
    # what the claim says besides who did it: every agent phrase left out
    rest = claim
    for _, _, start, end in reversed(found):
        rest = rest[:start] + " " + rest[end:]
    about = {root(w) for w in _WORD.findall(rest.lower()) if w not in _STOP and len(w) > 2}
    for verb, agent, _, _ in found:
        # the agent is a name ("the US Navy", "Gustave Eiffel himself"), not a thing a
        # name qualifies ("New York City buses"), a description ("the father of Tracy")
        # or no name at all ("heavy rain")
        words = re.sub(r"^the\s+", "", _REFLEXIVE.sub("", agent)).split()
        if not words or not (words[0][:1].isupper() and words[-1][:1].isupper()):
            continue
        said: list[str] = []
        for sent in _SENTENCE_END.split(evidence):
            roots = {root(w) for w in _WORD.findall(sent.lower())}
            if about and len(about & roots) * 2 < len(about):
                continue
            said += [a for r, a, _, _ in _agents(sent) if r == verb]
        if not said:
            continue
        names = [n for n in _CAPS.findall(agent) if n.lower() not in _STOP]
        backed = next((a for a in said if all(_named(n, a) for n in names)), None)
        if backed is not None:
            out.append((verb, Finding(kind="agent", status="ok", claim=agent, source=backed,
                                      note=f"source says by {backed}")))
        elif not any(_named(n, a) for n in names for a in said):
            # none of the claim's names does it in the source; with some of them there
            # the source may split the credit another way ("written by A", "story by B")
            out.append((verb, Finding(kind="agent", status="mismatch", claim=agent, source=said[0],
                                      note=f"source says by {said[0]}, not by {agent}")))
    # "written by Jay Cocks and ... also written by Edith Wharton": when the source backs
    # one agent of a verb, another is a split credit it does not mention, not a clash
    backed_verbs = {verb for verb, f in out if f.status == "ok"}
    return [f for verb, f in out if f.status == "ok" or verb not in backed_verbs]
