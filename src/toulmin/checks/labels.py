"""Figures a source writes under a label ("Amount due: £368.79", "Total before VAT:
£351.23"): a claim that names one label and states the figure of another states the
wrong figure, although the source holds it (bills, statements and spec sheets list a
handful of labelled amounts in one passage).
"""

from __future__ import annotations

import re

__all__ = ["label_of", "named_label"]

# "Amount due:" right before the figure, back to the sentence or line that holds it
_LABEL = re.compile(r"(?:^|[.;!?\n]\s+|\n)([A-Za-z][^.;!?\n:]{0,48}?)\s*:\s*(?:[$€£¥]\s*)?$")
_WORD = re.compile(r"[a-z]+")
_SMALL = frozenset(
    "a an the of for on in at to by per this that your our its is are was be with and or any "
    "before after".split()
)


def _content(text: str) -> frozenset[str]:
    return frozenset(w for w in _WORD.findall(text.lower()) if w not in _SMALL and len(w) > 1)


def label_of(text: str, start: int) -> frozenset[str]:
    """The content words of the label written right before the figure at ``start`` of
    ``text`` and a colon ("Total before VAT: £351.23" -> {total, vat}); empty when none is."""
    lo = max(0, start - 60)
    m = _LABEL.search(text[lo:start])
    if m is None or (m.start(1) == 0 and lo > 0 and text[lo - 1] != "\n"):  # a label cut off
        return frozenset()
    words = _content(m.group(1))
    return words if 1 <= len(words) <= 5 else frozenset()


def named_label(claim: str, label: frozenset[str]) -> bool:
    """The claim says every content word of ``label`` (an English plural counts)."""
    said = {w for w in _WORD.findall(claim.lower())}
    said |= {w[:-1] for w in said if w.endswith("s")}
    return bool(label) and label <= said
