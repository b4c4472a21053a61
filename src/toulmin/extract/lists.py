"""Lists in a claim: one claim per item ("simple, easy to use, new, and not too
expensive" gives four), each with its own verdict; the list is backed only when each item
is (``decide/rollup.py`` counts the items of one list once, at the weakest).

Items are found on spaCy's parse: the items the parse ties by ``conj``, and, where it
does not (the small pipeline often hangs "a stage" off "chairs" as an apposition, or makes
two items two objects of the verb), the items the commas before the last ``conj`` mark
out, each a phrase of its own in the parse."""

from __future__ import annotations

from typing import Any

__all__ = ["SUBJECT_DEPS", "list_items"]

SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "csubj", "csubjpass", "expl"})
_ITEM_POS = ("NOUN", "PROPN", "ADJ", "NUM")
_OPEN_ENDED = frozenset({"more", "others", "etc", "etc.", "so", "forth", "else", "many", "several"})
_MAX_ITEM = 10  # tokens: longer items are clauses the parse hung off a noun; splitting garbles them

Items = list[tuple[list[int], list[int]]]


def list_items(doc: Any, unit: list[int], focus: list[int]) -> Items | None:
    """One (claim tokens, focus tokens) per item of a list of three or more in ``unit``:
    the claim is the unit with the list cut down to that item. Lists that are subjects
    stay whole: "Ann, Bob and Cy met" is not three meetings."""
    inside, focused = set(unit), set(focus)
    for t in (doc[i] for i in unit):
        if t.dep_ == "conj" or t.pos_ not in _ITEM_POS or t.dep_ in SUBJECT_DEPS or t.i not in focused:
            continue
        first = doc[min(y.i for y in t.subtree)]
        # "Lamb of God, Opeth and Overkill": a list that starts inside a name
        of_a_name = t.pos_ == "PROPN" and t.head.dep_ == "prep" and t.head.head.pos_ == "PROPN"
        if first.ent_iob_ == "I" or of_a_name:
            continue
        items, stack = [], [t]
        while stack:
            x = stack.pop()
            items.append(x)
            stack.extend(c for c in x.children if c.dep_ == "conj" and c.i in inside and c.pos_ in _ITEM_POS)
        if len(items) < 3:
            continue
        own: list[set[int]] = []
        for x in sorted(items, key=lambda y: y.i):
            mine = {y.i for y in x.subtree}
            for c in x.children:
                if c.dep_ == "conj" or (c.dep_ in ("cc", "punct") and c.i > x.i):
                    mine -= {y.i for y in c.subtree}
            mine &= inside
            while mine and (doc[max(mine)].is_punct or doc[max(mine)].dep_ == "cc"):
                mine.discard(max(mine))
            own.append(mine)
        return _split(doc, unit, own)
    return _comma_list(doc, unit, focused)


def _split(doc: Any, unit: list[int], own: list[set[int]]) -> Items | None:
    """The claims of the items ``own`` (their tokens, in order), or None where they make
    no enumeration."""
    if any(len(v) > _MAX_ITEM for v in own):
        return None
    every = set().union(*own)
    lo, hi = min(every), max(every)
    listed = {i for i in unit if lo <= i <= hi}
    # an enumeration has commas ("mother and father Agnes and Rock" is two pairs), and
    # one that ends "and more" or "among others" names examples, not its items
    if not any(doc[i].text == "," for i in listed) or any(
            doc[i].lower_ in _OPEN_ENDED for i in listed | {hi + 1, hi + 2} if i < len(doc)):
        return None
    rest = [i for i in unit if i not in listed]
    return [(sorted(set(rest) | mine), sorted(mine)) for mine in own]


def _comma_list(doc: Any, unit: list[int], focused: set[int]) -> Items | None:
    """A list whose last item follows ", and" or ", or" and whose other items the parse did
    not tie to it ("a qualification, a technical post title, an original certificate,
    and one of Person2's designs": two appositions and a ``conj``): each item before the
    last is the phrase between two commas, the first the phrase that ends at the first
    comma, as long as each is one phrase of the parse headed by a noun, adjective or number."""
    inside = set(unit)
    for c in (doc[i] for i in unit):
        if c.dep_ != "conj" or c.pos_ not in _ITEM_POS or c.i not in focused:
            continue
        if any(a.dep_ in SUBJECT_DEPS for a in c.ancestors):  # "All industries including A, B, and C grow"
            continue
        k = c.left_edge.i - 1
        if k < 2 or doc[k].lower_ not in ("and", "or"):
            continue
        # with no comma before "and" a noun, its apposition and another ("the director of
        # Media Play News, one of five trades and the only one ...") read as three items
        if doc[k - 1].text != ",":
            continue
        last = set(range(c.left_edge.i, c.right_edge.i + 1))
        pos = k - 2
        own = [last]
        while pos > 0 and pos in inside:
            comma = next((i for i in range(pos, -1, -1) if doc[i].text == ","), -1)
            middle = _phrase(doc, comma + 1, pos) if comma >= 0 else None
            if middle is None:
                first = _first_item(doc, pos, comma, doc[c.left_edge.i])
                if first is not None:
                    own.insert(0, first)
                break
            own.insert(0, middle)
            pos = comma - 1
        if len(own) < 3 or not all(mine <= inside and mine & focused for mine in own):
            continue
        return _split(doc, unit, own)
    return None


def _phrase(doc: Any, lo: int, hi: int) -> set[int] | None:
    """Tokens ``lo``..``hi`` when they are one phrase of the parse (one token whose head
    lies outside them) headed by an item's part of speech, not a subject."""
    span = set(range(lo, hi + 1))
    tops = [doc[i] for i in span if doc[i].head.i not in span or doc[i].head.i == i]
    if len(tops) != 1 or tops[0].pos_ not in _ITEM_POS or tops[0].dep_ in SUBJECT_DEPS:
        return None
    return span


def _first_item(doc: Any, pos: int, comma: int, last_start: Any) -> set[int] | None:
    """The first item: the phrase ending at ``pos``, after ``comma`` (-1: none). "about
    the debit card" or "the massive forest fire in Australia": the noun before the comma
    is taken up through "of", and through another preposition only where that makes the
    item open as the last one does ("the" ... "the")."""
    chain = [doc[pos]]
    while (t := chain[-1]).dep_ == "pobj" and t.head.dep_ == "prep" and t.head.head.pos_ in _ITEM_POS \
            and comma < t.head.head.i < t.i:
        chain.append(t.head.head)
    pick = chain[0]
    for t in chain:  # lowest first: "of" always, another preposition only to match the last item
        if doc[t.left_edge.i].pos_ == last_start.pos_ and t.left_edge.i > comma:
            pick = t
            break
        if t.dep_ == "pobj" and t.head.lower_ == "of":
            pick = t.head.head
    if pick.pos_ not in _ITEM_POS or pick.dep_ in SUBJECT_DEPS:
        return None
    mine = {y.i for y in pick.subtree if comma < y.i <= pos}
    if not mine or max(mine) != pos or len(mine) != pos - min(mine) + 1:
        return None
    return mine
