"""Deterministic checks for what entailment models are weak at: numbers,
dates and their precision, names and titles, negation, a word swapped for
its opposite, a superlative's rank.

Each check compares the facts in a claim with the evidence text and returns
findings. ``ok``: the evidence states it; ``partial``: it states something
weaker ("Smith et al." for "Dr. Smith"); ``imprecise``: the claim is more
precise than the evidence ("March 2024" against "Q1 2024"); ``mismatch``:
the evidence states a different value for the same kind of thing;
``missing``: the evidence does not mention it.
"""

from __future__ import annotations

import re

from ..lexicon import CHECK_STOP, GENERIC_NAME_WORDS, NEGATION_RE, NEGATION_WORDS
from ..text import stated
from .contrast import on_scale, opposite, rung
from .dates import find_dates, states_a_bound
from .finding import Finding
from .numbers import find_numbers

__all__ = ["GENERIC_NAME_WORDS", "Finding", "check_claim", "entity_findings", "find_dates", "find_numbers",
           "find_titled_names", "is_negated", "name_index", "name_present", "negated_alike", "refutes"]

# ------------------------------------------------------------------ names
_TITLE = (
    r"(?:Dr|Prof|Professor|Mr|Mrs|Ms|Mx|Sir|Dame|Lord|Lady|President|Senator|Governor|Judge|"
    r"Justice|Rev|Gen|General|Col|Capt|Captain|CEO|Chancellor|Minister|Prime Minister)"
)
_COURTESY = frozenset({"Mr", "Mrs", "Ms", "Mx"})
# a speaker tag after the name is the next clause's subject ("tells Mrs. Brandon Person1 lost ...")
_TITLED = re.compile(r"\b(?P<title>" + _TITLE + r")\.?\s+(?P<name>(?:(?!Person\d+\b)[A-Z][\w'’-]+\s?){1,3})")


def find_titled_names(text: str) -> list[tuple[str, str]]:
    """(title, name) pairs such as ("Dr", "Smith"); "Mr. Brown's" names Mr. Brown."""
    return [(m.group("title"), _POSSESSIVE.sub("", m.group("name").strip())) for m in _TITLED.finditer(text)]


def _check_names(claim: str, evidence: str) -> list[Finding]:
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
    for "Brandon", :func:`_spelled`); else as it is."""
    if re.search(r"\b" + re.escape(surname) + r"\b", evidence):
        return surname
    key = surname.lower()
    for word in dict.fromkeys(re.findall(r"\b[A-Z][a-z]+\b", evidence)):
        if _spelled(key, {word.lower()}):
            return str(word)
    return surname


# --------------------------------------------------------------- negation
_NEG = NEGATION_RE
_WORD = re.compile(r"[a-z0-9]+")
_STOP = CHECK_STOP


def is_negated(text: str) -> bool:
    return bool(_NEG.search(text))


# also "2020.The": sources pasted together without a space
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[a-z0-9][.!?])(?=[A-Z][a-z])")
_NEG_WORDS = NEGATION_WORDS


_WISH = frozenset({"wish", "wished", "wishes"})
_PRONOUNS = frozenset({"i", "you", "he", "she", "we", "they", "it"})
_WANTS = frozenset({"want", "wants", "wanted", "wish", "wishes", "wished", "hope", "hopes", "hoped", "longs",
                    "desire", "desires", "dreams"})


# "No, I'll call the attendants": a reply's "no" answers the turn before; it does not
# negate the sentence it opens. A turn's speaker label ("Person1: It wasn't enough,
# because I'm hungry again") says who speaks: no word of what is said, so no word a
# negation can bear on.
_LABEL = re.compile(r"^\s*[A-Z][\w .()'-]{0,40}:\s+")
_REPLY_NO = re.compile(r"^\s*(?:no|nope|nah|not really|no no)\s*[,.!;-]+\s*", re.I)


def _negates(sentence: str, claim_words: set[str]) -> bool:
    """Whether a negation in ``sentence`` bears on the claim's words: within three words
    of one of them. "He will reopen a church not far from the district ... to lead the
    life God wants" does not negate "he would lead the life God wants"; "not to" negates
    only the verb after it ("pay close attention not to miss any reply")."""
    words = _WORD.findall(_REPLY_NO.sub("", _LABEL.sub("", sentence, count=1), count=1).lower())
    near = [i for i, w in enumerate(words) if w in claim_words]
    for i, w in enumerate(words):
        if w == "not" and i + 1 < len(words) and words[i + 1] == "to":
            if any(i < j <= i + 3 for j in near):
                return True
            continue
        negation = (
            (w in _NEG_WORDS and not (w == "not" and i and words[i - 1] == "or"))  # "believe it or not"
            or (w == "t" and i and words[i - 1].endswith("n"))  # didn't, isn't
            # "I wish I could play an instrument": a wish says it is not so (and that
            # it is wanted: "wants to lose weight" is what "I wish I could lose weight" says)
            or (w in _WISH and i + 1 < len(words) and words[i + 1] in _PRONOUNS
                and not claim_words & _WANTS)
        )
        if negation and any(abs(i - j) <= 3 for j in near):
            return True
    return False


def negated_alike(claim: str, *sentences: str) -> bool:
    """Whether the claim is negative and one of ``sentences`` negates near the claim's words
    too: "The hotel will not be responsible for the loss" and "the hotel can't be held
    responsible for your loss" say the same thing with two negations, which a small
    checker reads as a contradiction (docs/benchmarks.md, "Two negatives")."""
    if not is_negated(claim):
        return False
    cw = {w for w in _WORD.findall(claim.lower())
          if w not in _STOP and w not in _DEGREE_WORDS and w not in _NEG_WORDS and w != "t"}
    return any(_negates(s, cw) for s in sentences)


Sentence = tuple[str, frozenset[str]]  # an evidence sentence and its words


def _sentences(evidence: str) -> list[Sentence]:
    return [(s, frozenset(_WORD.findall(s.lower()))) for s in _SENTENCE_END.split(evidence)]


def _root(word: str) -> str:
    # "introduced" and "introduction" read the same statement
    return word[:5]


def _best_sentence(claim_words: set[str], sentences: list[Sentence]) -> tuple[int, Sentence] | None:
    """The evidence sentence holding most of the claim's words, and how many it holds."""
    best: tuple[int, Sentence] | None = None
    for sent in sentences:
        shared = len(claim_words & sent[1])
        if best is None or shared > best[0]:
            best = (shared, sent)
    return best


# Words that only say how much or how many: "fully compatible" and "not completely
# compatible", "several bridges" and "no bridges" are one statement with opposite polarity,
# though "fully" and "several" are not in the source.
_DEGREE_WORDS = frozenset(
    "fully completely entirely totally wholly absolutely quite very really highly extremely "
    "several some many few numerous multiple various".split())
_CAPITALISED = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][\w'’-]*")


def _names_in(text: str) -> set[str]:
    """The lower-case words of ``text``'s capitalised words, its first word left out."""
    return {w for name in _CAPITALISED.findall(text.strip()) for w in _WORD.findall(name.lower())}


# where a sentence turns to another statement: ", which Chinese women may not care about",
# "gives you much pleasure which not all wealthy men can enjoy" (a relative pronoun opens
# a clause of its own with or without a comma), or to a condition ("if we take breaks")
_CLAUSE = re.compile(r",\s+(?=(?:whereas|while|but|although|though|yet)\b)"
                     r"|[,\s]\s*(?=(?:which|who|whom|whose|if|unless)\b)", re.I)
_CONDITION = re.compile(r"\s*(?:if|unless)\b", re.I)


def _clause_of(sentence: str, claim_words: set[str]) -> str | None:
    """The clause of ``sentence`` holding most of the claim's words (the first of equals):
    the polarity of "American women like a man in good shape, which Chinese women may not
    care about so much" is the first clause's, for a claim about American women. None when
    that clause is a condition: "My boss gets annoyed if we take coffee breaks" states
    neither that they take them nor that they do not."""
    parts = _CLAUSE.split(sentence)
    if len(parts) == 1:
        return sentence
    best = max(parts, key=lambda p: len(claim_words & set(_WORD.findall(p.lower()))))
    return None if _CONDITION.match(best) else best


def _check_negation(claim: str, sentences: list[Sentence]) -> list[Finding]:
    cw = {w for w in _WORD.findall(claim.lower())
          if w not in _STOP and w not in _DEGREE_WORDS and w not in ("not", "no", "never", "t")}
    if len(cw) < 2:
        return []
    # A sentence that names nothing else speaks of the passage's subject by "it" or "the
    # river": the claim's names said elsewhere in the passage count for it ("No bridges cross
    # the river" against "Several bridges cross the Amazon"). A sentence that names
    # something else does not ("No bridges cross the Nile").
    named = _names_in(claim) & cw
    in_passage = named & frozenset().union(*(s[1] for s in sentences)) if named else set()
    best = None
    for sent in sentences:
        # a question states neither polarity ("Did you go to school today?"); a tag
        # question states its clause ("It's not far, is it?"), read without the tag
        clause = stated(sent[0])
        if clause is None:
            continue
        sent = (clause, sent[1])
        literal = len(cw & sent[1])
        credit = (len(in_passage - sent[1]) if in_passage and literal and not _names_in(sent[0]) - named
                  else 0)
        if best is None or (literal + credit, literal) > best[0]:
            best = ((literal + credit, literal), sent)
    # A flipped polarity needs the same statement: at most one content word of the
    # claim may be missing from the sentence ("won" / "did not win"). "The cheetahs
    # seemed to ignore the boy" is not the negation of "the cheetahs did not approach
    # the boy", though three quarters of its words are there.
    shared = best[0][0] if best else 0
    if best is None or shared / len(cw) < 0.75 or len(cw) - shared > 1:
        return []
    text = best[1][0]
    clause = _clause_of(text, cw)
    if clause is None:
        return []
    c_neg, e_neg = is_negated(claim), _negates(clause, cw)
    if c_neg == e_neg:
        return []
    return [
        Finding(
            kind="negation",
            status="mismatch",
            claim=claim,
            source=text.strip(),
            note="the source states the opposite polarity"
            if not c_neg
            else "the claim negates what the source states",
        )
    ]


def _closest(claim: str, sentences: list[Sentence]) -> tuple[set[str], frozenset[str]] | None:
    """The claim's content words and those of the evidence sentence that says nearly the
    same (three quarters of the claim's words, and at least three of them), or None."""
    cw = {w for w in _WORD.findall(claim.lower()) if w not in _STOP}
    best = _best_sentence(cw, sentences) if len(cw) >= 3 else None
    if best is None or best[0] / len(cw) < 0.75:
        return None
    return cw, best[1][1]


def _check_antonym(close: tuple[set[str], frozenset[str]]) -> list[Finding]:
    """The claim is a sentence of the evidence with one word swapped for its opposite:
    "the full plate armour was expensive" against "... was very inexpensive to produce",
    "her second daughter" against "her third daughter". Every other content word of the
    claim must be in that sentence (``_closest``)."""
    cw, sent_words = close
    if len(cw - sent_words) != 1:
        return []
    (said,) = cw - sent_words
    other = next((w for w in sorted(sent_words - cw) if opposite(said, w)), None)
    if other is None:
        return []
    return [Finding(kind="antonym", status="mismatch", claim=said, source=other,
                    note=f"source says {other}, not {said}")]


_NO_DEGREE = frozenset(
    "them they he she him his her their we us you i me about around approximately roughly nearly "
    "almost estimated".split())


def _check_degree(close: tuple[set[str], frozenset[str]]) -> list[Finding]:
    """The claim is a sentence of the evidence with words of a scale moved: "always"
    against "usually", "all of them" against "most of them" overstate it; "often" against
    "rarely" is the other end, a contradiction; "sometimes" against "usually" is weaker,
    and true. Every content word of the claim the sentence (``_closest``) lacks must be a
    word of a scale."""
    cw, sent_words = close
    # pronouns and rounding words change no degree: "all of them" against "mostly",
    # "about 107,500" against "an estimated 107,500"
    missing = cw - sent_words - _NO_DEGREE
    if not missing or not all(on_scale(w) for w in missing):
        return []
    out: list[Finding] = []
    used: set[str] = set()
    # a word of the same ladder answers first ("all" / "most", "always" / "usually");
    # the other ladder's rung only for a claim word left without one ("all" / "mostly")
    for across in (False, True):
        for said in sorted(missing - {f.claim for f in out}):
            for w in sorted(sent_words - cw - used):
                if (step := rung(said, w, across)) is None:
                    continue
                used.add(w)
                up, opposed = step
                if opposed:
                    out.append(Finding(kind="degree", status="mismatch", claim=said, source=w,
                                       note=f"source says {w}, not {said}"))
                elif up > 0:
                    out.append(Finding(kind="degree", status="imprecise", claim=said, source=w,
                                       note=f"source says {w}, not {said}: the claim overstates it"))
                else:
                    out.append(Finding(kind="degree", status="ok", claim=said, source=w,
                                       note=f"source says {w}"))
                break
    return [f for f in out if f.status != "ok"]


def refutes(f: Finding) -> bool:
    """Whether a finding contradicts its claim: a number stated with the same unit but
    another value; the opposite polarity of a near-identical sentence, or one word of it
    swapped for its opposite or for the other end of a scale ("rarely" / "often"); a
    figure the source gives another name than the claim does (``merged``); another rank
    ("second most" for "most"); another agent of the same passive verb ("chosen by X"
    against "chosen by Y"); a source sentence that states the claim only to deny it
    ("rumours that X are false", ``checks.denial``); a date outside a bound the claim states ("before 1975").
    A different plain date does not by itself: sources mention many dates, so it only
    counts as overreach."""
    kinds = ("number", "negation", "antonym", "degree", "merged", "rank", "agent", "denial", "speaker")
    return f.status == "mismatch" and (f.kind in kinds or states_a_bound(f))


def check_claim(claim: str, evidence: str, *, statement: str | None = None) -> list[Finding]:
    """All deterministic findings for ``claim`` (or its focus) against ``evidence``.
    ``statement``: the claim whose polarity the negation check reads when ``claim`` is a
    focus that states nothing of itself (a list's item, "the air conditioning", against
    "The air conditioning is not working!")."""
    from .registry import Pair, runner_for  # the registry imports this module's checks

    # every check of scope "any" but the passive agent and merged figures, which read the
    # whole claim and its clause (checks.registry.Pair)
    return runner_for(True).run(Pair(claim, evidence, statement=statement))


# ------------------------------------------------------------ named entities
_CAP_RUN = re.compile(r"[A-Z][\w'’-]*(?:\s+(?:(?:of|and|for|the|de|du|von|van)\s+)*[A-Z][\w'’-]*)*")
_POSSESSIVE = re.compile(r"['’]s\b|['’]$")


_DOTTED = re.compile(r"\b(?:[A-Z]\.\s?){2,}")


def name_index(text: str) -> set[str]:
    """The words of ``text`` (lower case) and the initials of its multi-word names."""
    words = set(_WORD.findall(_POSSESSIVE.sub("", text).lower()))
    # "U.S." and "U. S." name what "US" names
    words.update(re.sub(r"[^a-z]", "", m.group(0).lower()) for m in _DOTTED.finditer(text))
    for run in _CAP_RUN.findall(text):
        caps = [w for w in run.split() if w[:1].isupper()]
        if caps and caps[0] in ("The", "A", "An"):  # "The Food and Drug Administration": FDA
            caps = caps[1:]
        if len(caps) > 1:
            words.add("".join(w[0] for w in caps).lower())
    return words


def name_present(name: str, index: set[str], person: bool = True) -> bool:
    """A name is there when its initials are ("EMA" for "European Medicines Agency";
    a text's initials are in its index: "FDA" for "Food and Drug Administration"), or
    its words are. A person is also named by the last word ("Strauss" for "Joseph
    Strauss"); any other name by its distinctive words, so "Stanford University" is
    named by "Stanford" but "Marvel Comics" is not by a source on "Fantagraphics Books"
    that says "comic" elsewhere."""
    words = _WORD.findall(_POSSESSIVE.sub("", name).lower())
    toks = [w for w in words if w not in _STOP] or words  # "WHO" is a name, not a stop word
    if not toks:
        return True
    if len(toks) > 1 and "".join(w[0] for w in toks) in index:
        return True
    if person:
        return all(_spelled(w, index) for w in toks) or _spelled(toks[-1], index)
    distinctive = [w for w in toks if w not in _GENERIC] or toks
    return all(_spelled(w, index) for w in distinctive)


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


def _spelled(word: str, index: set[str]) -> bool:
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
