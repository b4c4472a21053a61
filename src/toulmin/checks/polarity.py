"""A claim and its source sentence of opposite polarity: "is not approved" against "is
approved" (``negation.polarity``), and the same statement negated twice, which is no
contradiction (``negated_alike``).
"""

from __future__ import annotations

import re

from ..lexicon import NEGATION_RE, NEGATION_WORDS
from ..text import split_sentences, stated
from .finding import Finding
from .words import STOP, WORD, Sentence, names_in

__all__ = ["DEGREE_WORDS", "check_negation", "clause_of", "denies_a_part", "exception_of", "excepts",
           "is_negated", "negated_alike", "negates"]

_NEG = NEGATION_RE
NEG_WORDS = NEGATION_WORDS


# "no more than 12", "not less than an hour": a bound on a figure, not a negation of the
# statement (checks.numbers reads the bound).
_BOUND = re.compile(r"\b(?:no|not)\s+(?:more|less|fewer|greater|higher|lower|longer|later|earlier|sooner)"
                    r"\s+than\b", re.I)


def is_negated(text: str) -> bool:
    return bool(_NEG.search(_BOUND.sub(" ", text)))


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


def negates(sentence: str, claim_words: set[str]) -> bool:
    """Whether a negation in ``sentence`` bears on the claim's words: within three words
    of one of them. "He will reopen a church not far from the district ... to lead the
    life God wants" does not negate "he would lead the life God wants"; "not to" negates
    only the verb after it ("pay close attention not to miss any reply")."""
    said = _REPLY_NO.sub("", _LABEL.sub("", sentence, count=1), count=1)
    words = WORD.findall(_BOUND.sub(" ", said).lower())
    near = [i for i, w in enumerate(words) if w in claim_words]
    for i, w in enumerate(words):
        if w == "not" and i + 1 < len(words) and words[i + 1] == "to":
            if any(i < j <= i + 3 for j in near):
                return True
            continue
        negation = (
            (w in NEG_WORDS and not (w == "not" and i and words[i - 1] == "or"))  # "believe it or not"
            or (w == "t" and i and words[i - 1].endswith("n"))  # didn't, isn't
            # "I wish I could play an instrument": a wish says it is not so (and that
            # it is wanted: "wants to lose weight" is what "I wish I could lose weight" says)
            or (w in _WISH and i + 1 < len(words) and words[i + 1] in _PRONOUNS
                and not claim_words & _WANTS)
        )
        # "no" and "without" negate the noun after them: "with or without food" and "with no
        # joining fee" say nothing against "taken twice a day" or "25 pounds a month"
        ahead_only = w in ("no", "without")
        if negation and any((i < j if ahead_only else True) and abs(i - j) <= 3 for j in near):
            return True
    return False


def negated_alike(claim: str, *sentences: str) -> bool:
    """Whether the claim is negative and one of ``sentences`` negates near the claim's words
    too: "The hotel will not be responsible for the loss" and "the hotel can't be held
    responsible for your loss" say the same thing with two negations, which a small
    checker reads as a contradiction (docs/benchmarks.md, "Two negatives")."""
    if not is_negated(claim):
        return False
    cw = {w for w in WORD.findall(claim.lower())
          if w not in STOP and w not in DEGREE_WORDS and w not in NEG_WORDS and w != "t"}
    return any(negates(s, cw) for s in sentences)


# Words that only say how much or how many: "fully compatible" and "not completely
# compatible", "several bridges" and "no bridges" are one statement with opposite polarity,
# though "fully" and "several" are not in the source.
DEGREE_WORDS = frozenset(
    "fully completely entirely totally wholly absolutely quite very really highly extremely "
    "several some many few numerous multiple various every each".split())
# An instruction's frame: "You should wash the filter" and "Do not wash the filter" are one
# statement of opposite polarity.
_ADVICE_FRAME = frozenset({"you", "your", "should", "can", "must", "may", "might", "need", "ought", "shall"})


# where a sentence turns to another statement: ", which Chinese women may not care about",
# "gives you much pleasure which not all wealthy men can enjoy" (a relative pronoun opens
# a clause of its own with or without a comma), or to a condition ("if we take breaks")
_CLAUSE = re.compile(r",\s+(?=(?:whereas|while|but|although|though|yet)\b)"
                     r"|[,\s]\s*(?=(?:which|who|whom|whose|if|unless)\b)", re.I)
_CONDITION = re.compile(r"\s*(?:if|unless)\b", re.I)


def clause_of(sentence: str, claim_words: set[str]) -> str | None:
    """The clause of ``sentence`` holding most of the claim's words (the first of equals):
    the polarity of "American women like a man in good shape, which Chinese women may not
    care about so much" is the first clause's, for a claim about American women. None when
    that clause is a condition: "My boss gets annoyed if we take coffee breaks" states
    neither that they take them nor that they do not."""
    parts = _CLAUSE.split(sentence)
    if len(parts) == 1:
        return sentence
    best = max(parts, key=lambda p: len(claim_words & set(WORD.findall(p.lower()))))
    return None if _CONDITION.match(best) else best


def check_negation(claim: str, sentences: list[Sentence]) -> list[Finding]:
    cw = {w for w in WORD.findall(claim.lower())
          if w not in STOP and w not in DEGREE_WORDS and w not in _ADVICE_FRAME
          and w not in ("not", "no", "never", "t")}
    if len(cw) < 2:
        return []
    # A sentence that names nothing else speaks of the passage's subject by "it" or "the
    # river": the claim's names said elsewhere in the passage count for it ("No bridges cross
    # the river" against "Several bridges cross the Amazon"). A sentence that names
    # something else does not ("No bridges cross the Nile").
    named = names_in(claim) & cw
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
        credit = (len(in_passage - sent[1]) if in_passage and literal and not names_in(sent[0]) - named
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
    clause = clause_of(text, cw)
    if clause is None:
        return []
    c_neg, e_neg = is_negated(claim), negates(clause, cw)
    # "Pets are not allowed, except guide dogs": the exception has the rule's opposite
    # polarity, so a claim about what it excepts ("Guide dogs are allowed") reads it so.
    # A claim wider than the exception ("Dogs are allowed") is still the rule's.
    # (the claim in the rule's own words: "closed on Christmas Day" against "open every day
    # except Christmas Day" swaps a word, which the antonym check reads)
    if excepts(text, cw) and not cw - set(WORD.findall(text.lower())):
        e_neg = not e_neg
        if c_neg == e_neg:
            return []
        return [Finding(kind="negation", status="mismatch", claim=claim, source=text.strip(),
                        note=f"the source makes an exception of {_excepted(text)}")]
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


def denies_a_part(claim: str, passage: str) -> bool:
    """Whether ``passage``, one of two joined to back a positive claim, negates the part of
    it that it shares: "Pets are not allowed, except guide dogs" joined to "The hotel has 84
    rooms" does not back "Pets are welcome at the hotel". A claim about what the passage
    excepts is not denied by it."""
    if is_negated(claim):
        return False
    cw = {w for w in WORD.findall(claim.lower()) if w not in STOP and w not in DEGREE_WORDS}
    for sentence in split_sentences(passage):
        text = sentence.text
        if not (cw & set(WORD.findall(text.lower()))) or not negates(text, cw):
            continue
        if not excepts(text, cw):
            return True
    return False


_EXCEPT = re.compile(r"\b(?:except(?:\s+for)?|other\s+than|apart\s+from|excluding|save\s+for|"
                     r"with\s+the\s+exception\s+of)\s+(?P<what>[^,.;:!?()]+)", re.I)


def _excepted(sentence: str) -> str:
    m = _EXCEPT.search(sentence)
    return m.group("what").strip() if m else ""


def exception_of(sentence: str) -> list[set[str]]:
    """The content words of each thing a sentence's rule excepts ("guide dogs" in "Pets are
    not allowed, except guide dogs"; "Christmas Day" and "New Year's Day" in "open every day
    except Christmas Day and New Year's Day"); empty when it excepts nothing."""
    m = _EXCEPT.search(sentence)
    if m is None:
        return []
    items = re.split(r"\s*(?:,|\band\b|\bor\b)\s*", m.group("what").lower())
    return [words for item in items if (words := {w for w in WORD.findall(item) if w not in STOP})]


def excepts(sentence: str, claim_words: set[str]) -> bool:
    """Whether the claim (its content words) is about one of the things the sentence's rule
    excepts: every word of that thing is the claim's, a plural read as its singular."""
    forms = claim_words | {w + "s" for w in claim_words} | {w[:-1] for w in claim_words if w.endswith("s")}
    return any(item <= forms for item in exception_of(sentence))
