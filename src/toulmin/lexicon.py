"""The word lists the checks and the extractor share, in one place (issue 53's lexicon):
a list that two modules both need lives here once, so that changing it changes both and
a benchmark measures one thing.

What is here so far moved without a change of behaviour: each list below was written out
identically in the modules that now import it. Lists that differ between modules (the
stop words of ``text``, ``checks.numbers`` and ``training.hard``; the stems of five
checks) are not merged blindly: merging changes what a check reads, and each merge needs
its own measurement.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

__all__ = [
    "CHECK_STOP",
    "GENERIC_NAME_WORDS",
    "NEGATION_RE",
    "NEGATION_WORDS",
    "REFERRING_PRONOUNS",
    "TITLES",
    "Phrase",
    "inflected_root",
    "phrase_entries",
    "phrase_pattern",
    "root",
]

# The function words the checks skip when they compare a claim's content words with a
# sentence's (checks.claim, agent, merged, denial; checks.rank adds a few of its own).
CHECK_STOP = frozenset(
    "the a an of to in and or is was are were be been for on at by with as that this it its "
    "from has have had which who will would can do does did".split()
)

# The words that negate a statement, and a pattern that finds any of them or a "n't".
NEGATION_WORDS = frozenset({"not", "no", "never", "none", "neither", "nor", "cannot", "without"})
NEGATION_RE = re.compile(r"\b(?:" + "|".join(sorted(NEGATION_WORDS)) + r")\b|n't\b", re.I)

# Head words of organisation and place names that many unrelated names share: a name is
# mentioned by its distinctive words, not these (checks.claim.name_present, extract.topic).
GENERIC_NAME_WORDS = frozenset(
    "university college school academy institute company corporation corp inc ltd llc co group "
    "books comics records pictures studios studio films press publishing airlines airways bank club "
    "fc team party army navy force forces council committee association society foundation agency "
    "department ministry office service services court church cathedral hospital museum library "
    "station airport river lake mountain mount mountains island islands county city town state "
    "states province district republic kingdom empire street road avenue park bridge tower hall "
    "center centre castle palace award awards prize festival day games cup championship league series "
    "magazine journal times news network channel tv radio house theatre theater stadium arena "
    "national international american british united new north south east west north-east".split()
)

# Titles before a person's name: a name is read without them ("Dr. Smith" is mentioned by
# "Smith"). One set for the extractor's proper nouns and the conversation checks' names;
# the union of the two sets they had (merged in issue 53: goldens unchanged).
TITLES = frozenset(
    "dr mr mrs ms mx miss prof professor sir madam dame lord lady rev st".split()
)


# Pronouns that refer to something said before: a claim whose subject is one of them is
# about its antecedent (the extractor resolves it; extract.topic takes the topic from the
# context). The union of the two sets they had, merged in issue 53 (goldens 0 of 84 differ).
REFERRING_PRONOUNS = frozenset({"it", "they", "he", "she", "this", "these", "those", "that", "its", "their"})


def root(word: str) -> str:
    """The first five letters of a lower-cased word: what the checks compare so that
    "introduced" and "introduction", "leads" and "leading" read the same statement
    (checks.claim, denial, agent, merged and the speaker checks shared this one rule)."""
    return word[:5]


@lru_cache(maxsize=65536)  # called for every word of every passage a claim is checked against
def inflected_root(word: str) -> str:
    """A word without its inflection, then cut to five letters: "taking" and "take",
    "compared" and "compare", "opened" and "open" read alike (checks.negatives; the
    question check, where "Did the bakery open" asks "the bakery opened")."""
    w = word.replace("’", "'").split("'")[0]
    for suffix in ("ing", "ed", "es", "s"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)]
            break
    return w.rstrip("e")[:5]


# Phrase lists: the conversation checks' cues, one entry a line in ``toulmin/phrases/NAME.tsv``
# (a regular-expression fragment, a tab, a sentence it must match), so each can be read,
# listed and tested alone (tests/test_lexicon.py walks every entry), not hidden inside one
# long pattern.
PHRASES_DIR = Path(__file__).parent / "phrases"


@dataclass(frozen=True)
class Phrase:
    """One entry of a phrase list: its pattern fragment, an example it must match, and
    the line it stands on (for a test's message)."""

    pattern: str
    example: str
    line: int


@cache
def phrase_entries(name: str) -> tuple[Phrase, ...]:
    """The entries of ``phrases/NAME.tsv`` in file order (the order a pattern tries them)."""
    out: list[Phrase] = []
    for n, raw in enumerate((PHRASES_DIR / f"{name}.tsv").read_text(encoding="utf-8").splitlines(), 1):
        if not raw.strip() or raw.startswith("#"):
            continue
        pattern, sep, example = raw.partition("\t")
        if not sep or not example.strip():
            raise ValueError(f"phrases/{name}.tsv line {n}: want 'pattern<TAB>example', got {raw!r}")
        out.append(Phrase(pattern, example, n))
    return tuple(out)


@cache
def phrase_pattern(name: str, before: str = "", after: str = "", flags: int = re.I) -> re.Pattern[str]:
    """One pattern for the whole list: ``before (?:entry|entry|...) after``."""
    return re.compile(before + "(?:" + "|".join(p.pattern for p in phrase_entries(name)) + ")" + after, flags)
