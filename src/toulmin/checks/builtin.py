"""The built-in checks, registered in the order they run (``checks.registry``).

Each docstring's first line is what ``toulmin checks`` shows: what the check catches,
with one example. The checks of a conversation (who said it, what was never said) read
the transcript the claim's best passage is in (``Turns``); ``verify`` hands it to the
runner.
"""

from __future__ import annotations

from .agent import check_agent
from .dates import check_dates
from .denial import check_denial
from .finding import Finding, made_by
from .hearsay import check_asked, check_hearsay
from .merged import check_merged
from .names import check_names
from .numbers import check_numbers
from .polarity import check_negation
from .rank import check_rank
from .registry import Pair, Turns, register
from .roles import check_role
from .scale import Close, check_antonym, check_degree, closest
from .speakers import check_speaker, opening_speaker
from .unsaid import never_said, said_elsewhere
from .words import sentences

__all__: list[str] = []


def _sents(p: Pair) -> list:  # type: ignore[type-arg]
    return p.shared("sentences", lambda: sentences(p.evidence))  # type: ignore[no-any-return]


def _read_text(p: Pair) -> str:
    """What the checker read: the passage's context when it has one (the span "The central
    library opens at 9 am" read in "... It is closed on Sundays.")."""
    return p.context if p.context and p.evidence in p.context else p.evidence


def _read(p: Pair) -> list:  # type: ignore[type-arg]
    """The sentences of what the checker read (``_read_text``)."""
    text = _read_text(p)
    if text == p.evidence:
        return _sents(p)
    return p.shared("context sentences", lambda: sentences(text))  # type: ignore[no-any-return]


def _close(p: Pair) -> Close | None:
    return p.shared("close", lambda: closest(p.claim, _read(p)))  # type: ignore[no-any-return]


@register("number.value", kind="number")
def number_value(p: Pair) -> list[Finding]:
    """A figure the source states otherwise, units and words read: "500 metres" against "330 metres"."""
    return check_numbers(p.claim, p.evidence, _read_text(p))


@register("date.value", kind="date")
def date_value(p: Pair) -> list[Finding]:
    """A date at the claim's precision, and a bound it states: "March 2024" is not backed by "Q1 2024"."""
    return check_dates(p.claim, p.evidence)


@register("name.title", kind="name", refutes=False)
def name_title(p: Pair) -> list[Finding]:
    """A titled name the source gives otherwise: "Dr. Smith" against "Smith et al." (partial)."""
    return check_names(p.claim, p.evidence)


@register("negation.polarity", kind="negation")
def negation_polarity(p: Pair) -> list[Finding]:
    """The opposite polarity of a near-identical sentence: "is not approved" against "is approved"."""
    return check_negation(p.statement or p.claim, _sents(p))


@register("antonym.swap", kind="antonym")
def antonym_swap(p: Pair) -> list[Finding]:
    """One word swapped for its opposite in the closest sentence: "second" against "third"."""
    close = _close(p)
    return check_antonym(close) if close else []


@register("degree.scale", kind="degree")
def degree_scale(p: Pair) -> list[Finding]:
    """A word moved along a scale: "always" against "usually" overstates; "often" against "rarely"."""
    close = _close(p)
    return check_degree(close) if close else []


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
    """A source that only reports the claim as hearsay or tells the verifier what to say: "Some say X"."""
    return check_hearsay(p.claim, p.evidence)


@register("hearsay.asked", kind="hearsay")
def hearsay_asked(p: Pair) -> list[Finding]:
    """A source that only asks, supposes or calls the claim a myth: "Was X born in Berlin?", "Myth: X"."""
    # what the checker read: the question and the answer after it ("Is the museum free on
    # Sundays? Yes, it is free on Sundays.")
    return check_asked(p.claim, _read_text(p))


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


# The checks of a conversation: they read the transcript the claim's best passage is in
# (verify reads it, ``Turns``), in this order.


@register("unsaid.name", kind="name", scope="conversation", refutes=False)
def unsaid_name(t: Turns) -> list[Finding]:
    """A name or a time the conversation never says: "on Monday" (missing)."""
    return never_said(t.claim, t.lone_names, t.people, t.reading.source.text, t.reading.index)


@register("speaker.mouth", kind="speaker", scope="conversation")
def speaker_mouth(t: Turns) -> list[Finding]:
    """Words put in the wrong speaker's mouth: "Person1 got stuck" when Person2 said "I got stuck"."""
    if not t.subject:
        return []
    spoke = check_speaker(t.claim, t.subject, t.reading.said, t.reading.names)
    return [spoke] if spoke else []


@register("speaker.role", kind="speaker", scope="conversation")
def speaker_role(t: Turns) -> list[Finding]:
    """A speaker given the other's role: who asks, serves, likes, interviews."""
    if any(made_by(f) == "speaker.mouth" for f in t.found):
        return []  # one speaker finding a claim: whose words they were answers first
    # a claim whose parse found no subject ("Person2 interviews Person1 about hotels":
    # "interviews" read as a noun) still gives a role to the speaker it opens with
    subject = t.subject or opening_speaker(t.claim, t.reading.speakers, t.reading.names)
    spoke = check_role(t.claim, subject, t.reading.said, t.reading.names) if subject else None
    return [spoke] if spoke else []


@register("unsaid.elsewhere", kind="number", scope="conversation", refutes=False)
def unsaid_elsewhere(t: Turns) -> list[Finding]:
    """A figure another turn states is said: "about $20" backs "$20".

    It adds nothing: it drops the checker's missing or imprecise finding of such a figure."""
    t.findings = said_elsewhere(t.findings, t.claim, t.reading.text, len(t.reading.speakers))
    return []
