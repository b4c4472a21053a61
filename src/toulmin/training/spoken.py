"""Training pairs about conversations, made from licence-clean chat logs (issue 32).

The checker reads a transcript as its reading (``Person2 (John): I need to see the
doctor.``) and must decide claims a summary makes about it (``John needs to see the
doctor.``). The shipped checker never saw that: it scores a claim and the same claim with
its two speakers swapped alike, and it reads "I'm not taking my vacation until December"
as refuting "Person2 cannot take it until December". DialogSum, where this was measured,
is licensed for evaluation only, so these pairs come from HaluEval dialogue's *training*
rows (MIT): each chat history is written as a transcript, read by the runtime's own
reading layer, and its speakers' sentences are turned into what a summary says of them:

- a first-person sentence in the third person, of its speaker (``I like both of those``
  -> ``Frank likes both of those``): entailment; of the other speaker: neutral; negated
  (``Frank does not like both of those``): contradiction;
- a request (``Can you recommend some books?`` -> ``Frank asks Betsy to recommend some
  books.``): entailment; with the two speakers swapped: neutral;
- any other statement as reported speech (``Betsy says that Romeo and Juliet is a
  favorite``): entailment; of the other speaker: neutral.

A swapped pair is left out when the other speaker says much the same. Deterministic: the
same rows and seed give the same pairs in the same order.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator

from ..datasets import Pair, halueval_rows
from ..reading import read_source
from ..sources import Source
from ..text import content_words, split_sentences

__all__ = ["NAMES", "spoken_pairs", "third_person"]

# Speakers are written either as DialogSum's tags or by a first name; a name never one
# of the chat's own words.
NAMES = ["Frank", "Betsy", "Harold", "Monica", "Dennis", "Julia", "Victor", "Nora", "Oscar", "Linda",
         "Walter", "Grace", "Martin", "Helen", "Simon", "Carla", "Peter", "Diana", "Ralph", "Irene"]
_TURN = re.compile(r"\[(Human|Assistant)\]:\s*")
_OPENER = re.compile(r"^(?:(?:yes|yeah|no|oh|well|ok|okay|sure|actually|wow|hmm|great|thanks|cool|"
                     r"interesting|really|right|ah)\b[,!.]?\s+)+", re.I)
_MODALS = frozenset("will would can could should might must may shall".split())
_PAST = frozenset("""saw went thought found read got knew heard made took said told gave felt left
    kept began bought brought caught taught fought sought came ran wrote spoke forgot became met
    lost paid sent sat stood understood won chose ate drove fell grew held hid hit hurt let meant
    put quit rode rang rose set shook shot shut sang slept sold spent stole swam threw woke wore
    did was had""".split())
_ADVERBS = frozenset("""really also just actually still never always definitely usually often
    sometimes only already even personally honestly probably certainly totally absolutely
    mostly truly recently sure kinda""".split())
_LY_VERBS = frozenset("apply reply rely supply multiply imply comply".split())
_LOWER_OPENERS = frozenset("The A An It It's Its This That These Those There He She They His Her Their Some "
                           "Most Many All One".split())
_FIRST = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|me|my|mine|myself)\b")
_NEVER = re.compile(r"\b(?:we|us|our|ours|myself|yourself|yourselves|let's)\b", re.I)
_OFFERS = frozenset("like mind know have be want need think".split())  # "Would you like ...?" asks nothing
_REQUEST = re.compile(r"^(?:can|could|would|will) you (?:please )?(\w+)\b(.*)\?$", re.I)


def _adverb(word: str) -> bool:
    return word in _ADVERBS or (len(word) > 4 and word.endswith("ly") and word not in _LY_VERBS)


def _inflect(verb: str) -> str:
    """The third person singular of a present-tense verb."""
    low = verb.lower()
    special = {"be": "is", "am": "is", "have": "has", "do": "does", "go": "goes"}
    if low in special:
        return special[low]
    if re.search(r"(?:s|x|z|ch|sh|o)$", low):
        return verb + "es"
    if re.search(r"[^aeiou]y$", low):
        return verb[:-1] + "ies"
    return verb + "s"


_CONTRACTED = {"I'm": "is", "I've": "has", "I'll": "will"}
_WOULD = frozenset("like love prefer say suggest recommend rather be have".split())  # "I'd" as "I would"
_AUX = {"am": "is", "was": "was", "have": "has", "had": "had", "will": "will", "do": "does", "did": "did"}
# a negated auxiliary: how a summary writes it, and its affirmative (None: the verb after it)
_NOT = {"don't": ("does not", None), "can't": ("cannot", "can"), "won't": ("will not", "will"),
        "wouldn't": ("would not", "would"), "couldn't": ("could not", "could"), "haven't": ("has not", "has"),
        "wasn't": ("was not", "was"), "doesn't": ("", ""), "didn't": ("", "")}  # "" : left out
_SUBJECTS = ("I", "I'm", "I've", "I'll", "I'd")
Rewrite = tuple[list[str], list[str]]  # a clause said of the speaker, and its negation


def _with_aux(who: str, adv: list[str], aux: str, tail: list[str]) -> Rewrite:
    if tail and tail[0].lower() == "not":
        return [who, *adv, aux, *tail], [who, *adv, aux, *tail[1:]]
    return [who, *adv, aux, *tail], [who, *adv, aux, "not", *tail]


def _clause(words: list[str], who: str) -> Rewrite | None:
    """A clause opened by ``I`` (or its contraction) said of ``who``, and its negation;
    None when its verb cannot be read."""
    w, rest = words[0], words[1:]
    if w in _CONTRACTED:
        return _with_aux(who, [], _CONTRACTED[w], rest)
    if w == "I'd":
        aux = "would" if rest and rest[0].lower() in _WOULD else "had"
        return [who, aux, *rest], [who, aux, "not", *rest]
    j = 0
    while j < len(rest) and _adverb(rest[j].lower()):
        j += 1
    if j >= len(rest):
        return None
    adv, verb, tail = rest[:j], rest[j], rest[j + 1 :]
    low = verb.lower()
    if low != low.rstrip(",."):  # "I do." : no verb phrase to say of anyone
        return None
    if low in _NOT:
        full, affirm = _NOT[low]
        if not full or not tail or re.search(r"\b(?:any\w*|ever|either|yet)\b", " ".join(tail), re.I):
            return None  # "I don't know anything": its affirmative is not English
        yes = [who, *adv, affirm, *tail] if affirm else [who, *adv, _inflect(tail[0]), *tail[1:]]
        return [who, *adv, full, *tail], yes
    if low in _AUX or low in _MODALS:
        return _with_aux(who, adv, _AUX.get(low, low), tail)
    if not re.fullmatch(r"[a-z]+", low) or low in _PAST or low.endswith("ed"):
        return None  # a past tense negates with its base form, which is not at hand
    return [who, *adv, _inflect(verb), *tail], [who, *adv, "does", "not", verb, *tail]


def _sentence(words: list[str]) -> str:
    s = " ".join(words)
    if not s.endswith((".", "!")):
        s += "."
    return s.rstrip("!") + ("" if s.endswith(".") else ".")


def third_person(sentence: str, who: str, other: str) -> tuple[str, str] | None:
    """``sentence``, said by ``who`` to ``other`` in the first person, as a summary says it
    of ``who``, and that statement negated (its first clause); None when it cannot be
    rewritten safely."""
    s = _OPENER.sub("", sentence.strip())
    if s.endswith("?") or not re.match(r"I\b", s) or _NEVER.search(s):
        return None
    s = re.sub(r"\byour\b", f"{other}'s", s)
    s = re.sub(r"\byou(?:'re| are)\b", f"{other} is", s)
    s = re.sub(r"\byou(?=\s+(?:will|would|can|could|should|might|must|may)\b)", other, s)
    s = re.sub(r"\b(?:to|for|with|about|at|tell|told|show|give|thank|like|love|ask|help) you\b",
               lambda m: m.group(0)[:-3] + other, s)
    if re.search(r"\byou\b", s, re.I):
        return None
    s = re.sub(r"\bmy\b", f"{who}'s", s)
    s = re.sub(r"\b(?:me|mine)\b", who, s)
    words = s.split()
    starts = [k for k, w in enumerate(words) if w in _SUBJECTS] + [len(words)]
    pos = words[: starts[0]]  # "I, for one, ...": the words before the subject as they are
    neg = list(pos)
    for k, (a, b) in enumerate(itertools.pairwise(starts)):
        got = _clause(words[a:b], who)
        if got is None:
            return None
        pos += got[0]
        neg += got[1] if k == 0 else got[0]  # only the first clause is negated
    if _FIRST.search(" ".join(pos)) or len(pos) < 4:
        return None
    return _sentence(pos), _sentence(neg)


def _request(sentence: str, who: str, other: str) -> str | None:
    m = _REQUEST.match(_OPENER.sub("", sentence.strip()))
    if (not m or m.group(1).lower() in _OFFERS or _NEVER.search(sentence)
            or re.search(r"\byou\b", m.group(2), re.I)):
        return None
    rest = re.sub(r"\bmy\b", f"{who}'s", m.group(2))
    rest = re.sub(r"\bme\b", who, rest)
    if re.search(r"\bI\b", rest):
        return None
    return f"{who} asks {other} to {m.group(1).lower()}{rest}."


def _reported(sentence: str, who: str) -> str | None:
    s = _OPENER.sub("", sentence.strip())
    if (len(s.split()) < 5 or s.endswith("?") or _NEVER.search(s)
            or re.search(r"\b(?:I|I'm|I've|I'd|I'll|me|my|(?i:you|your))\b", s)):
        return None
    verb = "says that" if len(s) % 2 else "mentions that"
    first = s.split()[0]
    if first in _LOWER_OPENERS:  # "The film ..." -> "says that the film ...", never "louis van Gaal"
        s = s[0].lower() + s[1:]
    return f"{who} {verb} {s}"


def _chats(rows_seen: set[str]) -> Iterator[list[tuple[str, str]]]:
    """The training rows' chat histories as (speaker, words) turns, each history once."""
    for _, r in halueval_rows("dialogue", "train"):
        history = r["dialogue_history"]
        if history in rows_seen:
            continue
        rows_seen.add(history)
        parts = _TURN.split(history)
        turns = [(parts[k], parts[k + 1].strip()) for k in range(1, len(parts) - 1, 2)
                 if parts[k + 1].strip()]
        if len(turns) >= 2:
            yield turns


def _same(claim: str, other_said: list[str]) -> bool:
    """The other speaker says much the same as ``claim``."""
    want = content_words(claim)
    return any(len(want & content_words(s)) >= max(2, (2 * len(want)) // 3) for s in other_said)


def spoken_pairs(n: int, seed: int = 21) -> list[Pair]:
    """Up to ``n`` pairs about conversations (see the module's doc), shuffled."""
    rng = random.Random(seed)
    out: list[Pair] = []
    for k, turns in enumerate(_chats(set())):
        if len(out) >= n:
            break
        tags = rng.random() < 0.5
        if tags:
            labels = {"Human": "#Person1#", "Assistant": "#Person2#"}
            names = {"Human": "Person1", "Assistant": "Person2"}
        else:
            used = " ".join(w for _, w in turns)
            pool = [x for x in NAMES if x not in used]
            a, b = rng.sample(pool, 2)
            labels = {"Human": a, "Assistant": b}
            names = dict(labels)
        raw = "\n".join(f"{labels[who]}: {words}" for who, words in turns)
        reading = read_source(Source(id=f"chat{k}", text=raw, metadata={"kind": "chat"}))
        if reading is None:
            continue
        doc = reading.text
        said = {who: [s.text for _, w in turns if _ == who for s in split_sentences(w)] for who in labels}
        for t, (who, words) in enumerate(turns):
            me = names[who]
            them_key = "Assistant" if who == "Human" else "Human"
            them = names[them_key]
            for j, sent in enumerate(split_sentences(words)):
                pid = f"spoken{k}-t{t}s{j}"
                first = third_person(sent.text, me, them)
                if first is not None:
                    pos, neg = first
                    out.append(Pair(f"{pid}-own", doc, pos, "entailment", "spoken_own"))
                    out.append(Pair(f"{pid}-neg", doc, neg, "contradiction", "spoken_negated"))
                    swapped = third_person(sent.text, them, me)
                    if swapped and not _same(swapped[0], said[them_key]):
                        out.append(Pair(f"{pid}-swap", doc, swapped[0], "neutral", "spoken_swapped"))
                    continue
                ask = _request(sent.text, me, them)
                if ask is not None:
                    out.append(Pair(f"{pid}-ask", doc, ask, "entailment", "spoken_request"))
                    out.append(Pair(f"{pid}-askswap", doc, _request(sent.text, them, me) or ask, "neutral",
                                    "spoken_swapped"))
                    continue
                rep = _reported(sent.text, me)
                if rep is not None and rng.random() < 0.5:
                    out.append(Pair(f"{pid}-says", doc, rep, "entailment", "spoken_reported"))
                    other = _reported(sent.text, them)
                    if other and not _same(sent.text, said[them_key]):
                        out.append(Pair(f"{pid}-sayswap", doc, other, "neutral", "spoken_swapped"))
    out = out[:n]
    rng.shuffle(out)
    return out
