"""Names: a titled name the source gives otherwise (``name.title``: "Dr. Smith" against
"Smith et al."), and whether a source mentions a name at all (``name_index``,
``name_present``: by its initials, its distinctive words, a surname, a typo of it, a
place by its people, one of the family by what they are).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources

from ..lexicon import GENERIC_NAME_WORDS
from .finding import Finding
from .words import STOP, WORD

__all__ = ["check_names", "entity_findings", "find_titled_names", "is_common_word", "name_index",
           "name_present", "names_besides", "spelled"]


_TITLE = (
    r"(?:Dr|Prof|Professor|Mr|Mrs|Ms|Mx|Sir|Dame|Lord|Lady|President|Senator|Governor|Judge|"
    r"Justice|Rev|Gen|General|Col|Capt|Captain|CEO|Chancellor|Minister|Prime Minister)"
)
_COURTESY = frozenset({"Mr", "Mrs", "Ms", "Mx"})
# a speaker tag after the name is the next clause's subject ("tells Mrs. Brandon Person1 lost ...")
_TITLED = re.compile(r"\b(?P<title>" + _TITLE + r")\.?\s+(?P<name>(?:(?!Person\d+\b)[A-Z][\w'’-]+\s?){1,3})")


def find_titled_names(text: str) -> list[tuple[str, str]]:
    """(title, name) pairs such as ("Dr", "Smith"); "Mr. Brown's" names Mr. Brown."""
    return [(m.group("title"), POSSESSIVE.sub("", m.group("name").strip())) for m in _TITLED.finditer(text)]


def check_names(claim: str, evidence: str) -> list[Finding]:
    out: list[Finding] = []
    for title, name in find_titled_names(claim):
        full = f"{title}. {name}" if len(title) <= 4 else f"{title} {name}"
        last = name.split()[-1]
        surname = _as_spelled(last, evidence)
        said_full = full[: full.rindex(last)] + surname  # as the source spells it
        if re.search(
            r"\b" + re.escape(title) + r"\.?\s+(?:[A-Z][\w'’-]+\s)*" + re.escape(surname) + r"\b", evidence
        ):
            out.append(
                Finding(kind="name", status="ok", claim=full, source=said_full,
                        note=f"source names {said_full}")
            )
        elif re.search(r"\b" + re.escape(surname) + r"\b", evidence):
            m = re.search(r"(?:[A-Z][\w.'’-]*\s)?" + re.escape(surname) + r"(?:\s+et al\.?)?", evidence)
            said = m.group(0).strip() if m else surname
            if title in _COURTESY and not re.search(
                    r"\b" + _TITLE + r"\.?\s+(?:[A-Z][\w'’-]+\s)*" + re.escape(surname) + r"\b", evidence):
                # "Mr. Smith" for the "S M I T H" a caller spells: a courtesy title adds no
                # fact the source could lack, unless the source gives the name another title
                out.append(Finding(kind="name", status="ok", claim=full, source=said,
                                   note=f"source names {said}"))
                continue
            out.append(
                Finding(
                    kind="name",
                    status="partial",
                    claim=full,
                    source=said,
                    note=f"source mentions “{said}” but not “{full}” specifically",
                )
            )
        else:
            out.append(
                Finding(kind="name", status="missing", claim=full, note=f"source does not name {full}")
            )
    return out


def _as_spelled(surname: str, evidence: str) -> str:
    """``surname`` as ``evidence`` spells it when the claim has a typo of it ("Brandom"
    for "Brandon", :func:`spelled`); else as it is."""
    if re.search(r"\b" + re.escape(surname) + r"\b", evidence):
        return surname
    key = surname.lower()
    for word in dict.fromkeys(re.findall(r"\b[A-Z][a-z]+\b", evidence)):
        if spelled(key, {word.lower()}):
            return str(word)
    return surname


_CAP_RUN = re.compile(r"[A-Z][\w'’-]*(?:\s+(?:(?:of|and|for|the|de|du|von|van)\s+)*[A-Z][\w'’-]*)*")
POSSESSIVE = re.compile(r"['’]s\b|['’]$")


_DOTTED = re.compile(r"\b(?:[A-Z]\.\s?){2,}")


def name_index(text: str) -> set[str]:
    """The words of ``text`` (lower case) and the initials of its multi-word names."""
    words = set(WORD.findall(POSSESSIVE.sub("", text).lower()))
    # "U.S." and "U. S." name what "US" names
    words.update(re.sub(r"[^a-z]", "", m.group(0).lower()) for m in _DOTTED.finditer(text))
    for run in _CAP_RUN.findall(text):
        caps = [w for w in run.split() if w[:1].isupper()]
        if caps and caps[0] in ("The", "A", "An"):  # "The Food and Drug Administration": FDA
            caps = caps[1:]
        if len(caps) > 1:
            words.add("".join(w[0] for w in caps).lower())
    return words


@lru_cache(maxsize=1)
def _dictionary() -> frozenset[str]:
    """Whole English words: the bundled checker's vocabulary (30,522 word pieces, about
    20,000 of them words). A capitalised word that opens a sentence is a name only when
    it is not one of them ("Empty the dustbin", "Maintenance."; but "Lumora was
    approved")."""
    path = resources.files("toulmin") / "models" / "checker" / "tokenizer.json"
    vocab = json.loads(path.read_text(encoding="utf-8"))["model"]["vocab"]
    return frozenset(w for w in vocab if w.isalpha())


def is_common_word(word: str) -> bool:
    """Whether a lower-case word is an English word (not a name): in the checker's vocabulary."""
    return word in _dictionary()


_OPENS = re.compile(r"(?:^|[.!?:;…][\"'’”)]*\s+|\n\s*)$")
_ATTRIBUTIVE = re.compile(r"\s+[a-z]")


def names_besides(text: str, claim: str) -> list[str]:
    """The names ``text`` gives that ``claim`` does not: its capitalised runs, less those
    whose words are all in the claim, a sentence's capitalised first word that is a
    common word or that the text also writes in lower case, and an acronym used as a
    modifier ("the HEPA filter", "a USB port"). A passage that names nothing besides is
    about nothing else: a chunk of a manual that never repeats the product's name."""
    known = name_index(claim)
    return [n for n in _text_names(text)
            if not all(w.lower() in known or w.lower() in GENERIC_NAME_WORDS for w in n.split())]


@lru_cache(maxsize=4096)
def _text_names(text: str) -> tuple[str, ...]:
    lower = set(re.findall(r"\b[a-z][a-z'’-]*\b", text))
    out: list[str] = []
    for m in _CAP_RUN.finditer(text):
        if m.start() and text[m.start() - 1].isalnum():
            continue  # the "Ah" of "mAh"
        words = m.group(0).split()
        if _OPENS.search(text[max(0, m.start() - 8) : m.start()]) and (
                words[0].lower() in _dictionary() or words[0].lower() in lower or words[0].lower() in STOP):
            words = words[1:]
        while words and words[0].lower() in STOP:
            words = words[1:]
        if not words or (all(w.isupper() for w in words) and _ATTRIBUTIVE.match(text, m.end())):
            continue
        out.append(" ".join(words))
    return tuple(dict.fromkeys(out))


def name_present(name: str, index: set[str], person: bool = True) -> bool:
    """A name is there when its initials are ("EMA" for "European Medicines Agency";
    a text's initials are in its index: "FDA" for "Food and Drug Administration"), or
    its words are. A person is also named by the last word ("Strauss" for "Joseph
    Strauss"); any other name by its distinctive words, so "Stanford University" is
    named by "Stanford" but "Marvel Comics" is not by a source on "Fantagraphics Books"
    that says "comic" elsewhere."""
    words = WORD.findall(POSSESSIVE.sub("", name).lower())
    toks = [w for w in words if w not in STOP] or words  # "WHO" is a name, not a stop word
    if not toks:
        return True
    if len(toks) > 1 and "".join(w[0] for w in toks) in index:
        return True
    if person:
        return all(spelled(w, index) for w in toks) or spelled(toks[-1], index)
    distinctive = [w for w in toks if w not in _GENERIC] or toks
    return all(spelled(w, index) for w in distinctive)


_GENERIC = GENERIC_NAME_WORDS  # lexicon: also extract/topic.py's


# A place is mentioned by its people's name and the other way round ("America" by "Americans").
_PEOPLE = {"america": "american", "china": "chinese", "japan": "japanese", "britain": "british",
           "england": "english", "france": "french", "germany": "german", "italy": "italian",
           "spain": "spanish", "india": "indian", "canada": "canadian", "australia": "australian",
           "korea": "korean", "russia": "russian", "mexico": "mexican", "europe": "european",
           "africa": "african", "asia": "asian", "west": "western", "east": "eastern"}
_PLACE_OR_PEOPLE = {**{k: (v, f"{v}s") for k, v in _PEOPLE.items()}, **{v: (k,) for k, v in _PEOPLE.items()},
            **{f"{v}s": (k,) for k, v in _PEOPLE.items()}}


# One's family is called by a name or by what they are: "Dad" is "your father".
_KIN_WORDS = [("dad", "daddy", "father", "papa"), ("mom", "mum", "mommy", "mummy", "mother", "mama"),
              ("grandpa", "grandfather", "granddad", "grandad"), ("grandma", "grandmother", "granny")]
_KIN = {w: tuple(o for o in group if o != w) for group in _KIN_WORDS for w in group}
_SAID_OTHERWISE = {**_PLACE_OR_PEOPLE, **_KIN}


def spelled(word: str, index: set[str]) -> bool:
    """``word`` or, for words of six letters or more, the word one letter shorter or longer
    or with two letters swapped, and for words of seven letters or more one letter after
    the first changed: a plural ("Chadbournes") or a typo ("Pacquaio", "Chrisopher",
    "Brandom") of a name the source spells right still names it; a place or its people,
    the other, and one of the family what they are ("Dad", "father"). Words of five
    letters: two letters swapped ("Besty" for Betsy), not one more or less ("Annie" is not
    "Anne", "Claus" not "Clause"; "De Lasse" for "de Lassee" is as often an invented name)."""
    if word in index or any(w in index for w in _SAID_OTHERWISE.get(word, ())):
        return True
    if len(word) < 5:
        return False
    swaps = (word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1))
    if len(word) == 5:
        return any(v in index for v in swaps)
    drops = (word[:i] + word[i + 1 :] for i in range(len(word)))
    return any(v in index for v in drops) or any(v in index for v in swaps) or (
        word.isalpha() and any(_one_letter_off(word, w) for w in index))


def _one_letter_off(word: str, other: str) -> bool:
    """``other`` is ``word`` with a letter more, or (seven letters or more) one after the
    first changed; letters only ("Person1" is no typo of "Person2")."""
    if other[:1] != word[:1] or not other.isalpha():
        return False
    if len(other) == len(word) + 1:
        return any(other[:i] + other[i + 1 :] == word for i in range(1, len(other)))
    return len(other) == len(word) >= 7 and sum(a != b for a, b in zip(word, other)) == 1


def entity_findings(names: list[str], missing: set[str]) -> list[Finding]:
    """Findings for the claim's names, ``missing`` being those the passage's source lacks."""
    return [Finding(kind="entity", status="missing" if n in missing else "ok", claim=n,
                    source=None if n in missing else n,
                    note=f"the source does not mention {n}" if n in missing else f"the source mentions {n}")
            for n in names]
