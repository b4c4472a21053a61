"""Stage 2, link: each claim gets a few candidate spans from the sources.

Sources are cut into sentences and two-sentence windows (offsets kept).
BM25 (``bm25.py``, bm25s's scoring without its index set-up) ranks every
unit; the MiniLM embedder re-scores a shortlist (the BM25 top ``shortlist``
per claim, or every unit when the sources are small), and the two rankings
are fused by reciprocal rank.
A claim whose best candidate is below the relevance floor on both the
lexical and the dense measure is UNLINKED and never reaches the classifier.
A claim with a topic (``extract.topic``) is linked only to the sources that mention
it, when any does; when none does, its candidates are marked off topic: they may
still back it (a chunk cut from its page may not repeat the name) but never refute it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from typing import Protocol, runtime_checkable

import numpy as np
from pydantic import BaseModel, Field

from ..checks.claim import name_index, name_present
from ..checks.names import is_common_word, names_besides
from ..extract.extractor import Claim
from ..extract.topic import head_noun
from ..lexicon import REFERRING_PRONOUNS
from ..sources import Source
from ..text import Span, content_words, split_sentences
from .bm25 import Bm25, tokenize
from .embed import Embedder

__all__ = ["Candidate", "HybridLinker", "Linker", "Unit", "make_units", "unit_tokens"]


class Candidate(BaseModel):
    source_id: str
    start: int = Field(description="character offset in the source")
    end: int
    text: str
    bm25: float
    dense: float | None = Field(None, description="cosine similarity; null when dense retrieval is off")
    overlap: float = Field(description="share of the claim's content words found in the span")
    score: float = Field(description="fused rank score used to order candidates")
    missing_names: list[str] = Field(
        default_factory=list,
        exclude=True,
        description="names the claim asserts that this span's source never mentions",
    )
    context: str | None = Field(
        None,
        exclude=True,
        description="the span with neighbouring sentences, "
        "what the classifier reads (not part of the report)",
    )
    on_topic: bool = Field(
        True,
        exclude=True,
        description="false when the claim has a topic no source mentions: such a span cannot refute it",
    )
    stale: bool = Field(False, exclude=True, description="the span's source is marked stale (superseded, "
                        "outdated, retracted): a claim only such spans back is STALE")


@dataclass(frozen=True)
class Unit:
    source: int
    start: int
    end: int
    text: str
    first: int  # index of its first and last sentence in the source
    last: int


@runtime_checkable
class Linker(Protocol):
    name: str

    def link(self, claims: Sequence[Claim], sources: Sequence[Source]) -> list[list[Candidate]]: ...


def make_units(
    sources: Sequence[Source], window_sentences: int = 2, sentences: Sequence[list[Span]] | None = None
) -> list[Unit]:
    """Sentences and windows of ``window_sentences``; ``sentences`` saves
    splitting again when the caller already split each source."""
    units: list[Unit] = []
    for si, src in enumerate(sources):
        sents = sentences[si] if sentences is not None else split_sentences(src.text)
        for n, s in enumerate(sents):
            units.append(Unit(si, s.start, s.end, s.text, n, n))
        for k in range(2, window_sentences + 1):
            for i in range(len(sents) - k + 1):
                a, b = sents[i].start, sents[i + k - 1].end
                units.append(Unit(si, a, b, src.text[a:b], i, i + k - 1))
    return units


def unit_tokens(
    units: Sequence[Unit], sources: Sequence[Source], sentences: Sequence[list[Span]], stop: frozenset[str]
) -> list[list[str]]:
    """``tokenize`` of every unit, each sentence tokenised once. A window's tokens are
    its sentences' tokens in order: what tokenising the window whole gives when only
    whitespace parts every two of them, as no word runs across a space and lower-casing
    reads no letter across one. A window whose sentences touch ("2020.The") is
    tokenised whole."""
    memo: dict[tuple[int, int], list[str]] = {}

    def sentence(si: int, n: int) -> list[str]:
        if (si, n) not in memo:
            memo[si, n] = tokenize(sentences[si][n].text, stop)
        return memo[si, n]

    out: list[list[str]] = []
    for u in units:
        if u.first == u.last:
            out.append(sentence(u.source, u.first))
            continue
        text, sents = sources[u.source].text, sentences[u.source]
        gaps = [text[sents[n].end : sents[n + 1].start] for n in range(u.first, u.last)]
        if not all(g and g.isspace() for g in gaps):
            out.append(tokenize(u.text, stop))
            continue
        out.append([t for n in range(u.first, u.last + 1) for t in sentence(u.source, n)])
    return out


@lru_cache(maxsize=1)
def _stop_words() -> frozenset[str]:
    import bm25s  # its English list, which the lexical scores were measured with

    return frozenset(bm25s.stopwords.STOPWORDS_EN)


# a span over the relevance floor: (unit, fused score, dense cosine or None, word overlap)
_Passing = tuple[int, float, float | None, float]


class HybridLinker:
    name = "bm25+minilm"

    def __init__(
        self,
        embedder: Embedder | None,
        *,
        k: int = 3,
        shortlist: int = 20,
        dense_all_max: int = 64,
        floor: float = 0.25,
        window_sentences: int = 2,
        rrf_k: int = 10,
        context_words: int = 0,
    ):
        self.embedder = embedder
        self.k, self.shortlist, self.dense_all_max = k, shortlist, dense_all_max
        self.floor, self.window_sentences, self.rrf_k = floor, window_sentences, rrf_k
        self.context_words = context_words

    def link(self, claims: Sequence[Claim], sources: Sequence[Source]) -> list[list[Candidate]]:
        sents = [split_sentences(s.text) for s in sources]
        units = make_units(sources, self.window_sentences, sents)
        if not units or not claims:
            return [[] for _ in claims]
        stop = _stop_words()
        # Sources made only of stop words and one-letter tokens have no vocabulary:
        # every lexical score stays 0.
        index = Bm25(unit_tokens(units, sources, sents, stop))
        # The focus is repeated so a sub-claim ("... with 340 participants") finds the
        # span about its own fact first, not the one about the clause it shares.
        queries = [tokenize(f"{c.text} {c.focus}", stop) for c in claims]
        owner = np.fromiter((u.source for u in units), dtype=np.int64, count=len(units))
        gates = [_topic_gate(c, index, owner, sources, stop) for c in claims]
        # Sources beside a claim's own, however many, change neither the scores nor the
        # order of its spans: a gated claim's units are scored as an index of the sources
        # that mention its topic would score them, any other claim's by the statistics of
        # each unit's own source (with one source, both are the plain index, to the bit).
        lex = np.array([index.scores(q, within=g[0]) if g[0] is not None else index.scores_by(q, owner)
                        for q, g in zip(queries, gates)], dtype=np.float64)
        scope = [np.arange(len(units)) if g[0] is None else np.flatnonzero(g[0]) for g in gates]
        whole = [len(s) <= self.dense_all_max for s in scope]  # few enough to embed every one
        picks: list[np.ndarray] = []
        for i in range(len(claims)):
            ranked = np.lexsort((np.arange(len(units)), -lex[i]))
            mask = gates[i][0]
            pick = (ranked if mask is None else ranked[mask[ranked]])[: self.shortlist]
            named = _naming(claims[i], index, stop, mask)
            if len(named):
                # The few passages that spell out a name the claim gives join the shortlist:
                # among a thousand chunks, words the claim shares with all of them can rank
                # the one passage naming "Tahiti" below the twentieth (issue 29).
                top = named[np.lexsort((named, -lex[i][named]))][:_NAMED]
                pick = np.concatenate([pick, top[~np.isin(top, pick)]])
            picks.append(pick)
        dense: dict[int, np.ndarray] = {}
        if self.embedder is not None:
            pool = np.unique(np.concatenate([s if w else p for s, w, p in zip(scope, whole, picks)]))
            # Windows are encoded whole: building them from their sentences' vectors
            # halves the encoder work but cost 2-3 points of recall@k on WiCE dev
            # (docs/experiments.md).
            vecs = self.embedder.embed([units[j].text for j in pool])
            cvecs = self.embedder.embed([c.text for c in claims])
            sims = cvecs @ vecs.T
            for i in range(len(claims)):
                dense[i] = np.full(len(units), -1.0)
                dense[i][pool] = sims[i]
                mask = gates[i][0]
                if whole[i]:
                    picks[i] = scope[i]
                else:
                    near = pool[np.argsort(-sims[i], kind="stable")]
                    if mask is not None:
                        near = near[mask[near]]
                    picks[i] = np.unique(np.concatenate([picks[i], near[: self.shortlist]]))
        indexes: dict[int, set[str]] = {}
        others: dict[tuple[str, int], bool] = {}

        def absent(claim: Claim, si: int) -> list[str]:
            if si not in indexes:
                indexes[si] = name_index(sources[si].text)
            return [n for n in claim.names if not name_present(n, indexes[si], n in claim.people)]

        def missing(claim: Claim, si: int) -> list[str]:
            if not claim.names:
                return []
            lacks = absent(claim, si)
            # The chunks of one manual rarely repeat the product's name: a passage whose
            # source names nothing else is about what the rest of the sources name, and
            # so names what the claim names when another source does ("The Nimbus R7
            # dustbin holds 0.4 litres" from a maintenance chunk, the name in the
            # battery chunk). A source naming something else (Lumora, for a claim on
            # Zentrix) is about that, as before (issue 29).
            if lacks and _part_of(claim, sources[si].text):
                key = (claim.text, si)
                if key not in others:
                    others[key] = all(any(n not in absent(claim, o) for o in range(len(sources)) if o != si)
                                      for n in lacks)
                if others[key]:
                    return []
            return lacks

        out: list[list[Candidate]] = []
        near_of: list[tuple[list[int], np.ndarray, np.ndarray, set[str]]] = []
        # An embedder may declare its own cosine floor: the static table's cosines
        # run high (an unrelated HaluEval sentence scores 0.55 at the median,
        # against 0.07 for MiniLM), so ``floor`` is not its scale.
        cos_floor = getattr(self.embedder, "cos_floor", None) or self.floor
        for i, claim in enumerate(claims):
            cw = content_words(claim.text)
            cand = picks[i]
            lex_i = lex[i][cand]
            # A span that shares no query word has no lexical rank: ranking such ties by
            # position would let source order, not relevance, decide the fusion.
            fused = np.where(lex_i > 0, 1.0 / (self.rrf_k + _ranks(lex_i)), 0.0)
            if i in dense:
                fused = fused + 1.0 / (self.rrf_k + _ranks(dense[i][cand]))
            order: list[int] = sorted(range(len(cand)), key=lambda j: (-fused[j], int(cand[j])))
            chosen: list[Candidate] = []
            taken: list[Unit] = []
            # (unit, fused, dense, overlap) of the spans over the floor, best first, read only
            # as far as needed
            passing = self._over_floor(order, cand, units, cw, fused, dense.get(i), cos_floor)
            seen: list[_Passing] = []
            for p in passing:
                seen.append(p)
                u = units[p[0]]
                if _overlaps(u, taken):
                    continue  # overlapping spans add no evidence; keep candidates distinct
                taken.append(u)
                chosen.append(self._candidate(u, sources, sents, float(lex[i][p[0]]), p,
                                              missing(claim, u.source), gates[i][1]))
                if len(chosen) >= self.k:
                    break
            have = max((len(claim.names) - len(c.missing_names) for c in chosen), default=0)
            if chosen and have < len(claim.names):
                # Among many sources the passages nearest a claim may all come from sources
                # that never name what it names while one that does is ranked just below
                # them: a note would then say "the source does not mention Tahiti" beside a
                # source that does (issue 29). The best passage from the source naming most
                # of the claim's names takes the last place.
                for p in chain(seen, passing):
                    u = units[p[0]]
                    if _overlaps(u, taken):
                        continue
                    lacks = missing(claim, u.source)
                    if len(claim.names) - len(lacks) > have:
                        chosen = [*chosen[: self.k - 1], self._candidate(
                            u, sources, sents, float(lex[i][p[0]]), p, lacks, gates[i][1])]
                        break
            out.append(chosen)
            near_of.append((order, cand, fused, cw))
        # the answer's own sources: those nearest two or more of its claims
        tops = Counter(c[0].source_id for c in out if c)
        home = {sid for sid, n in tops.items() if n >= 2}
        for i, claim in enumerate(claims):
            chosen = out[i]
            if gates[i][0] is not None or not home or not chosen or any(c.source_id in home for c in chosen):
                continue
            # Among many chunks, the passages nearest a claim about "the library" may all
            # come from other libraries' pages while the answer's own source, ranked just
            # below them, says otherwise: its best passage takes the last place.
            order, cand, fused, cw = near_of[i]
            for p in self._over_floor(order, cand, units, cw, fused, dense.get(i), cos_floor):
                u = units[p[0]]
                if sources[u.source].id in home and not any(
                        c.source_id == sources[u.source].id and c.start < u.end and u.start < c.end
                        for c in chosen):
                    out[i] = [*chosen[: self.k - 1], self._candidate(
                        u, sources, sents, float(lex[i][p[0]]), p, missing(claim, u.source), gates[i][1])]
                    break
        return [_about_the_subject(claim, chosen, sources, home) if gates[i][0] is None and len(chosen) > 1
                else chosen for i, (claim, chosen) in enumerate(zip(claims, out))]

    def _over_floor(self, order: Sequence[int], cand: np.ndarray, units: Sequence[Unit], cw: set[str],
                    fused: np.ndarray, dense: np.ndarray | None,
                    cos_floor: float) -> Iterator[_Passing]:
        for j in order:
            u = units[int(cand[j])]
            d = float(dense[cand[j]]) if dense is not None else None
            overlap = len(cw & content_words(u.text)) / len(cw) if cw else 0.0
            if overlap < self.floor and (d is None or d < cos_floor):
                continue
            yield int(cand[j]), float(fused[j]), d, overlap

    def _candidate(self, u: Unit, sources: Sequence[Source], sents: Sequence[list[Span]], bm25: float,
                   passing: _Passing, missing: list[str], on_topic: bool) -> Candidate:
        _, fused, d, overlap = passing
        ctx = (_context(sources[u.source].text, sents[u.source], u, self.context_words)
               if self.context_words else None)
        return Candidate(
            source_id=sources[u.source].id,
            start=u.start,
            end=u.end,
            text=u.text,
            bm25=round(bm25, 4),
            dense=None if d is None else round(d, 4),
            overlap=round(overlap, 4),
            score=round(fused, 6),
            context=ctx,
            missing_names=missing,
            on_topic=on_topic,
            stale=sources[u.source].stale_reason is not None,
        )


def _overlaps(u: Unit, taken: Sequence[Unit]) -> bool:
    return any(t.source == u.source and t.start < u.end and u.start < t.end for t in taken)


def _topic_gate(claim: Claim, index: Bm25, owner: np.ndarray, sources: Sequence[Source],
                stop: frozenset[str]) -> tuple[np.ndarray | None, bool]:
    """(which units may be the claim's candidates, None for all; whether any source
    mentions the claim's topic). A source mentions it when each word of one of the topic's
    entries is among its words (the lexical index already knows where each word occurs) or
    in its title."""
    entries = [set(ts) for ts in (tokenize(w, stop) for w in claim.topic) if ts]
    if not entries:
        return None, True
    mentioned: set[int] = set()
    for terms in entries:  # a source mentions an entry ("We Bought A Zoo") when it has each word
        owners = [set(np.unique(owner[index.units_with(t)]).tolist()) for t in terms]
        mentioned |= set.intersection(*owners)
    for si, src in enumerate(sources):
        title = src.metadata.get("title")
        if isinstance(title, str) and any(terms <= set(tokenize(title, stop)) for terms in entries):
            mentioned.add(si)
    if not mentioned:
        return None, False
    # a source naming nothing else is a part of the document the others name (a manual's
    # maintenance chunk beside the one naming the product): see ``missing`` in ``link``
    mentioned |= {si for si, src in enumerate(sources) if si not in mentioned and _part_of(claim, src.text)}
    return np.isin(owner, sorted(mentioned)), True


def subject_head(claim: Claim) -> str | None:
    """The noun a claim's subject is about: "charity" of "The charity", "membership" of
    "Membership" (a sentence's first word, when a common word); none for a pronoun or a
    name."""
    head = head_noun(claim.subject)
    if head is None:
        words = claim.subject.split()
        if len(words) == 1 and words[0].isalpha() and is_common_word(words[0].lower()):
            head = words[0].lower()
    return None if head in REFERRING_PRONOUNS else head


def _mentions(head: str, text: str) -> bool:
    return re.search(r"\b" + re.escape(head.removesuffix("s")) + r"(?:s|es)?\b", text, re.I) is not None


def _about_the_subject(claim: Claim, chosen: list[Candidate], sources: Sequence[Source],
                       home: Collection[str] = ()) -> list[Candidate]:
    """A passage from a source that never speaks of the claim's subject is not about it when
    another candidate's source does: "Castle Cove has been blocked off for more than five
    years" says nothing of a charity's volunteers. It stays a candidate (it may back a
    paraphrase), but no longer refutes (``Candidate.on_topic``, issue 54). ``home``: the
    sources nearest two or more of the answer's claims, about what the answer is about
    however they name it ("a rise of 22%" for "Demand rose by 22%")."""
    head = subject_head(claim)
    if head is None:
        return chosen
    by_id = {s.id: s for s in sources}
    about = [c.source_id in home or _mentions(head, by_id[c.source_id].text) for c in chosen]
    if not any(about) or all(about):
        return chosen
    return [c if a else c.model_copy(update={"on_topic": False}) for c, a in zip(chosen, about)]


def _part_of(claim: Claim, text: str) -> bool:
    """Whether a source naming none of the claim's names may still be about what it names:
    it names nothing else, and it speaks of the claim's subject by its head noun
    ("dustbin" of "The Nimbus R7 dustbin"), not of another one ("The group employs over
    1,000 people" is no part of a document on the Riverside plant; "It was released in 2003"
    none of one on The Terminator)."""
    if names_besides(text, claim.text):
        return False
    head = head_noun(claim.subject)  # none for "It": a pronoun says not which document
    return head is not None and re.search(r"\b" + re.escape(head) + r"(?:e?s)?\b", text, re.I) is not None


_NAMED = 5  # passages naming the claim's names added to its shortlist


def _naming(claim: Claim, index: Bm25, stop: frozenset[str], mask: np.ndarray | None) -> np.ndarray:
    """The units holding every word of one of the claim's names (within ``mask``)."""
    found: list[np.ndarray] = []
    for name in claim.names:
        toks = tokenize(name, stop)
        if not toks:
            continue
        hit = index.units_with(toks[0])
        for t in toks[1:]:
            hit = np.intersect1d(hit, index.units_with(t))
        found.append(hit)
    if not found:
        return np.zeros(0, dtype=np.int64)
    got = np.unique(np.concatenate(found)).astype(np.int64)
    return got if mask is None else got[mask[got]]


def _context(text: str, sents: list[Span], u: Unit, words: int) -> str:
    """The unit grown by whole neighbouring sentences, alternately before and
    after, up to ``words`` words: the checker was trained on windows of about
    that size and judges a lone sentence less reliably."""
    lo, hi = u.first, u.last
    count = sum(len(sents[i].text.split()) for i in range(lo, hi + 1))
    grew = True
    while grew:
        grew = False
        for cand in (lo - 1, hi + 1):
            if 0 <= cand < len(sents):
                n = len(sents[cand].text.split())
                if count + n <= words:
                    count += n
                    lo, hi = min(lo, cand), max(hi, cand)
                    grew = True
    return text[sents[lo].start : sents[hi].end]


def _ranks(values: np.ndarray) -> np.ndarray:
    order = np.lexsort((np.arange(len(values)), -values))
    ranks = np.empty(len(values), dtype=np.float64)
    ranks[order] = np.arange(1, len(values) + 1)
    return ranks
