"""The built-in checks, registered in the order they run (``checks.registry``).

Each docstring's first line is what ``toulmin checks`` shows: what the check catches,
with one example. The checks of a conversation (who said it, what was never said) read
the transcript the claim's best passage is in; ``verify`` runs them there and asks the
registry whether each is on.
"""

from __future__ import annotations

from .agent import check_agent
from .claim import _check_antonym, _check_degree, _check_names, _check_negation, _closest, _sentences
from .dates import check_dates
from .denial import check_denial
from .finding import Finding
from .hearsay import check_hearsay
from .merged import check_merged
from .numbers import check_numbers
from .rank import check_rank
from .registry import Pair, register, register_elsewhere

__all__: list[str] = []


def _sents(p: Pair) -> list:  # type: ignore[type-arg]
    return p.shared("sentences", lambda: _sentences(p.evidence))  # type: ignore[no-any-return]


def _close(p: Pair) -> tuple[set[str], frozenset[str]] | None:
    return p.shared("close", lambda: _closest(p.claim, _sents(p)))  # type: ignore[no-any-return]


@register("number.value", kind="number")
def number_value(p: Pair) -> list[Finding]:
    """A figure the source states otherwise, units and words read: "500 metres" against "330 metres"."""
    return check_numbers(p.claim, p.evidence)


@register("date.value", kind="date")
def date_value(p: Pair) -> list[Finding]:
    """A date at the claim's precision, and a bound it states: "March 2024" is not backed by "Q1 2024"."""
    return check_dates(p.claim, p.evidence)


@register("name.title", kind="name", refutes=False)
def name_title(p: Pair) -> list[Finding]:
    """A titled name the source gives otherwise: "Dr. Smith" against "Smith et al." (partial)."""
    return _check_names(p.claim, p.evidence)


@register("negation.polarity", kind="negation")
def negation_polarity(p: Pair) -> list[Finding]:
    """The opposite polarity of a near-identical sentence: "is not approved" against "is approved"."""
    return _check_negation(p.statement or p.claim, _sents(p))


@register("antonym.swap", kind="antonym")
def antonym_swap(p: Pair) -> list[Finding]:
    """One word swapped for its opposite in the closest sentence: "second" against "third"."""
    close = _close(p)
    return _check_antonym(close) if close else []


@register("degree.scale", kind="degree")
def degree_scale(p: Pair) -> list[Finding]:
    """A word moved along a scale: "always" against "usually" overstates; "often" against "rarely"."""
    close = _close(p)
    return _check_degree(close) if close else []


@register("rank.superlative", kind="rank")
def rank_superlative(p: Pair) -> list[Finding]:
    """A superlative's rank: "the most prescribed" against "the second most prescribed"."""
    return check_rank(p.claim, p.evidence)


@register("denial", kind="denial")
def denial(p: Pair) -> list[Finding]:
    """A source that states the claim only to deny it: "Rumours that X are false"."""
    return check_denial(p.claim, p.evidence)


@register("hearsay", kind="hearsay")
def hearsay(p: Pair) -> list[Finding]:
    """A source that only asks, supposes or reports the claim: "Is it true that X?", "X is a myth"."""
    return check_hearsay(p.claim, p.evidence)


@register("agent.passive", kind="agent")
def agent_passive(p: Pair) -> list[Finding]:
    """Another agent of the same passive verb: "chosen by the US Navy" against "chosen by Irving Morrow"."""
    return check_agent(p.text, p.evidence) if p.text is not None else []


@register("merged.figure", kind="merged")
def merged_figure(p: Pair) -> list[Finding]:
    """A figure put with a name the source gives another: "US in 1957" against "France in 1957"."""
    if not p.merged:
        return []
    # with a clause, the figures of the claim (its focus); without, each sentence its own
    return check_merged(p.clause or p.claim, p.evidence, focus=p.claim if p.clause is not None else None)


# Run where the transcript is read (verify: the claim's best passage's conversation).
register_elsewhere("speaker.mouth", kind="speaker", where="toulmin.checks.speakers.check_speaker",
                   summary='Words put in the wrong speaker\'s mouth: "Person1 got stuck in traffic" '
                           'when Person2 said "I got stuck".')
register_elsewhere("speaker.role", kind="speaker", where="toulmin.checks.roles.check_role",
                   summary="A speaker given the other's role: who asks, serves, likes, interviews.")
register_elsewhere("unsaid.name", kind="name", refutes=False, where="toulmin.checks.unsaid.never_said",
                   summary='A name or a time the conversation never says: "on Monday" (missing).')
register_elsewhere("unsaid.elsewhere", kind="number", refutes=False,
                   where="toulmin.checks.unsaid.said_elsewhere",
                   summary='A figure another turn states is said; "about $20" backs "$20".')
