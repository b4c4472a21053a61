"""A language model as the classifier: for a claim and its candidate spans, a
3-way verdict with a quoted piece of evidence.

The quote must be found in the spans (whitespace and case aside, or a close
fuzzy match); a verdict whose quote is not there is downgraded to neutral and
the claim's note says why. A reply that cannot be read is an explicit error
for that claim (or, with ``llm.fallback``, the checker's verdict with a note),
never a pass. In cascade mode the shipped checker decides every claim and the model
judges only the least certain ``decide.cascade_budget`` share of an answer's claims (or,
with the budget null, those whose best entailment falls inside ``decide.cascade_band``).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from ..checks.claim import refutes
from ..errors import LLMError
from ..extract.extractor import Claim
from ..link.linker import Candidate
from ..llm.base import LLM
from ..llm.parse import ask_json
from .offline import CheckerClassifier, Classification, ScoredCandidate

__all__ = ["JUDGE_PROMPT", "LLMJudge", "find_quote"]

# Fact-checking labels, and the evidence before the label: with the NLI wording
# ("ENTAIL ... CONTRADICT ... NEUTRAL") and the verdict first, Qwen2.5-1.5B answered
# "contradiction" for 5 of 5 supported or refuted test claims; with these, 5 of 6
# were right (docs/experiments.md).
JUDGE_PROMPT = """You are a careful fact checker. Read the numbered passages, then decide whether
they SUPPORT the claim (they state it, possibly in other words), REFUTE it (they state something
incompatible with it), or give NOT ENOUGH INFO. Similar wording alone is not support.
First copy the passage sentence that decides it, then give the label.
Return JSON: {"quote": "<exact sentence from the passages, or empty>", "passage": <number or 0>,
"label": "SUPPORTED" | "REFUTED" | "NOT_ENOUGH_INFO"}"""

SCHEMA = {
    "type": "object",
    "properties": {
        "quote": {"type": "string"},
        "passage": {"type": "integer"},
        "label": {"type": "string", "enum": ["SUPPORTED", "REFUTED", "NOT_ENOUGH_INFO"]},
    },
    "required": ["quote", "passage", "label"],
}
# the label a reply gives, in either vocabulary, as the pipeline's three classes
_LABELS = {
    "supported": "entailment", "supports": "entailment", "entailment": "entailment",
    "refuted": "contradiction", "refutes": "contradiction", "contradiction": "contradiction",
    "not_enough_info": "neutral", "not enough info": "neutral", "nei": "neutral", "neutral": "neutral",
}  # fmt: skip
_ONE_HOT = {
    "entailment": {"entailment": 1.0, "neutral": 0.0, "contradiction": 0.0},
    "neutral": {"entailment": 0.0, "neutral": 1.0, "contradiction": 0.0},
    "contradiction": {"entailment": 0.0, "neutral": 0.0, "contradiction": 1.0},
}


def _best_entailment(cls: Classification) -> float:
    return max([s.probs["entailment"] for s in cls.scored] + [(cls.joint or {}).get("entailment", 0.0)])


def _norm(s: str) -> str:
    return re.sub(r"\s+", " ", s.replace("’", "'").replace("“", '"').replace("”", '"')).strip().lower()


def find_quote(quote: str, texts: Sequence[str], min_ratio: float = 0.85) -> int | None:
    """Index of the text holding ``quote`` (exactly after normalising, or fuzzily)."""
    q = _norm(quote)
    if not q:
        return None
    # a fuzzy match may forgive punctuation, never a number: "555 metres" is not "330 metres"
    numbers = set(re.findall(r"\d+(?:[.,]\d+)?", q))
    normed = [t if numbers <= set(re.findall(r"\d+(?:[.,]\d+)?", t)) else "" for t in map(_norm, texts)]
    for i, t in enumerate(normed):
        if q in t:
            return i
    for i, t in enumerate(normed):
        m = difflib.SequenceMatcher(None, t, q, autojunk=False).find_longest_match(0, len(t), 0, len(q))
        if m.size == 0:
            continue
        start = max(0, m.a - m.b)
        window = t[start : start + len(q)]
        if difflib.SequenceMatcher(None, window, q, autojunk=False).ratio() >= min_ratio:
            return i
    return None


class LLMJudge:
    def __init__(
        self,
        llm: LLM,
        checker: CheckerClassifier,
        *,
        mode: str = "llm",
        band: tuple[float, float] = (0.2, 0.8),
        budget: float | None = None,
        thresholds: tuple[float, float] = (0.5, 0.6),
        fallback: bool = True,
        advisory: frozenset[str] = frozenset(),
    ):
        self.llm, self.checker, self.mode, self.band, self.fallback = llm, checker, mode, band, fallback
        self.budget, self.thresholds = budget, thresholds
        self.advisory = advisory  # decide.advisory_checks: their mismatch does not refute alone
        self.name = f"{mode}:{llm.name}"
        # a budget is a share of the whole answer: the verifier classifies its claims together
        self.needs_whole_answer = mode == "cascade" and budget is not None

    def classify(
        self,
        claims: Sequence[Claim],
        candidates: Sequence[Sequence[Candidate]],
        question: str | None = None,
        *,
        answer_claims: int | None = None,
    ) -> list[Classification]:
        # The checker always runs: its findings (numbers, dates, names) and, in
        # cascade mode, its confidence decide what the model sees.
        base = self.checker.classify(claims, candidates, question, answer_claims=answer_claims)
        send = self._to_judge(base, candidates)
        out: list[Classification] = []
        for i, (claim, cands, cls) in enumerate(zip(claims, candidates, base)):
            if not cands:
                out.append(cls)
            elif i in send:
                out.append(self._judge(claim, cands, cls))
            else:
                out.append(cls.model_copy(update={"decided_by": self.checker.name}))
        return out

    def _to_judge(
        self, base: Sequence[Classification], candidates: Sequence[Sequence[Candidate]]
    ) -> set[int]:
        """Which claims the model judges: all of them (``llm``); in a cascade, those whose
        best entailment is inside the band, or, with a budget, the least certain
        ``budget`` share of them (rounded down; ties to the earlier claim)."""
        linked = [i for i, cands in enumerate(candidates) if cands]
        if self.mode != "cascade":
            return set(linked)
        if self.budget is None:
            lo, hi = self.band
            return {i for i in linked if lo <= _best_entailment(base[i]) < hi}
        ranked = sorted((m, i) for i in linked if (m := self.margin(base[i])) is not None)
        return {i for _, i in ranked[: int(self.budget * len(linked) + 1e-9)]}

    def margin(self, cls: Classification) -> float | None:
        """How far the checker's decision is from flipping: the distance of its best
        entailment from ``decide.threshold`` or of its strongest contradiction from the
        contradiction threshold, whichever is nearer (smaller is less certain). None when
        a deterministic check already refutes the claim: the model cannot overturn that (a
        check in ``decide.advisory_checks`` does not refute alone, so it leaves the margin)."""
        if any(refutes(f) and f.kind not in self.advisory for f in cls.findings):
            return None
        supported_at, contradicted_at = self.thresholds
        contra = max((s.probs["contradiction"] for s in cls.scored), default=0.0)
        return min(abs(_best_entailment(cls) - supported_at), abs(contra - contradicted_at))

    def _judge(self, claim: Claim, cands: Sequence[Candidate], cls: Classification) -> Classification:
        passages = "\n".join(f"[{i + 1}] {c.context or c.text}" for i, c in enumerate(cands))
        try:
            user = f"Claim: {claim.text}\n\nPassages:\n{passages}"
            data = ask_json(self.llm, JUDGE_PROMPT, user, SCHEMA, max_tokens=300)
            said = data["label"] if "label" in data else data["verdict"]
            verdict = _LABELS.get(str(said).strip().lower(), "")
            if verdict not in _ONE_HOT:
                raise LLMError(
                    "E_LLM_BAD_RESPONSE",
                    f"unknown label {said!r}",
                    fix="the judge must answer SUPPORTED, REFUTED or NOT_ENOUGH_INFO",
                )
            quote = str(data.get("quote") or "")
        except (LLMError, KeyError, TypeError, AttributeError) as e:
            why = e.message if isinstance(e, LLMError) else f"reply without {e}"
            if self.fallback:
                return cls.model_copy(
                    update={
                        "decided_by": self.checker.name,
                        "judge_note": f"LLM judge failed ({why}); decided by the checker",
                    }
                )
            return Classification(scored=[], error=f"LLM judge failed: {why}", decided_by=self.llm.name)
        texts = [c.context or c.text for c in cands]
        where = find_quote(quote, texts) if quote else None
        note = None
        if verdict != "neutral" and where is None:
            note = (
                f"LLM judge said {verdict} but its quote “{quote[:80]}” is not in the passages: "
                "downgraded to neutral"
            )
            verdict = "neutral"
        scored = [
            ScoredCandidate(
                candidate=c, probs=_ONE_HOT[verdict] if i == (where or 0) else _ONE_HOT["neutral"]
            )
            for i, c in enumerate(cands)
        ]
        return Classification(
            scored=scored,
            joint=None,
            joint_of=[],
            findings=cls.findings,
            decided_by=self.llm.name,
            judge_note=note,
        )
