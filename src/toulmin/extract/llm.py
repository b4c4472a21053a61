"""Claim extraction by a language model, with seed 002's rules and its guard:
a claim the answer itself does not entail (checked with the shipped checker)
is an extractor hallucination, dropped and reported, never verified.

Each claim is placed on the answer sentence that shares most of its words, so
offsets, citations and revisions work as with the offline extractor.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..checker.base import Checker
from ..errors import LLMError
from ..llm.base import LLM, LLMRequest, Message
from ..llm.parse import parse_json, parse_list
from ..text import content_words, split_sentences
from .extractor import Claim, ClaimType

__all__ = ["EXTRACTION_PROMPT", "ExtractResult", "LLMExtractor"]

EXTRACTION_PROMPT = """Decompose the text into atomic factual claims.
Rules:
- Each claim must be a single, minimal, independently verifiable statement that can be
  understood alone: replace pronouns with the names they stand for.
- Split conjunctions: "approved in 2019 for adults" -> TWO claims.
- Preserve qualifiers AS SEPARATE CLAIMS: "effective for adults" yields a claim "the
  indication is adults" -- never drop scope, conditions, hedges, numbers or dates.
- Do not add information not present in the text.
- Skip greetings, questions and remarks about the answer itself.
- Mark each claim's type: existence | attribute | numeric | relation | qualifier | action.
Return JSON: {"claims": [{"text": "...", "type": "..."}]}"""

SCHEMA = {
    "type": "object",
    "properties": {
        "claims": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "text": {"type": "string"},
                    "type": {
                        "type": "string",
                        "enum": ["existence", "attribute", "numeric", "relation", "qualifier", "action"],
                    },
                },
                "required": ["text", "type"],
            },
        }
    },
    "required": ["claims"],
}
_TYPES = {"existence", "attribute", "numeric", "relation", "qualifier", "action"}


@dataclass
class ExtractResult:
    claims: list[Claim]
    dropped: list[dict[str, str]] = field(default_factory=list)  # extractor hallucinations
    notes: list[str] = field(default_factory=list)


def read_claims(text: str) -> list[tuple[str, str]]:
    """(claim, type) pairs from a reply: JSON, or a list when the model wrote one."""
    try:
        data = parse_json(text)
    except LLMError:
        items = parse_list(text)
        if not items:
            raise
        return [(i, "attribute") for i in items]
    if isinstance(data, dict):
        data = data.get("claims", data.get("facts"))
    if not isinstance(data, list):
        raise LLMError(
            "E_LLM_BAD_RESPONSE",
            f"expected a list of claims, got {type(data).__name__}",
            fix='the extraction prompt asks for {"claims": [...]}',
        )
    out: list[tuple[str, str]] = []
    for item in data:
        if isinstance(item, str) and item.strip():
            out.append((item.strip(), "attribute"))
        elif isinstance(item, dict) and isinstance(item.get("text"), str) and item["text"].strip():
            kind = str(item.get("type", "attribute")).lower()
            out.append((item["text"].strip(), kind if kind in _TYPES else "attribute"))
    return out


class LLMExtractor:
    name = "llm"

    def __init__(self, llm: LLM, checker: Checker, *, guard: bool = True):
        self.llm, self.checker, self.guard = llm, checker, guard
        self.version = f"1/{llm.name}"

    def extract(self, answer: str, question: str | None = None) -> list[Claim]:
        return self.extract_detailed(answer, question).claims

    def extract_detailed(self, answer: str, question: str | None = None) -> ExtractResult:
        reply = self.llm.complete(
            LLMRequest(
                messages=(
                    Message(role="system", content=EXTRACTION_PROMPT),
                    Message(role="user", content=_user_message(answer, question)),
                ),
                json_schema=SCHEMA,
            )
        )
        pairs = read_claims(reply.text)
        sents = split_sentences(answer)
        if not sents:
            return ExtractResult([])
        placed = [(text, kind, self._place(text, sents)) for text, kind in pairs]
        keep = [True] * len(placed)
        dropped: list[dict[str, str]] = []
        if self.guard and placed:
            # a fragment answer ("Roman Catholic.") entails its claim only together with the question
            lead = f"Question: {question.strip()} Answer: " if question and question.strip() else ""
            premises = [lead + self._context(sents, i) for _, _, i in placed]
            probs = self.checker.predict([t for t, _, _ in placed], premises)
            for j, (text, _, _) in enumerate(placed):
                if probs[j][0] < self.checker.threshold:
                    keep[j] = False
                    dropped.append(
                        {
                            "claim": text,
                            "reason": f"the answer does not entail it "
                            f"(entailment {probs[j][0]:.2f} < {self.checker.threshold})",
                        }
                    )
        claims = [
            Claim(
                id=f"c{n + 1}",
                text=text,
                start=sents[i].start,
                end=sents[i].end,
                focus=sents[i].text,
                sentence=i,
                type=_as_type(kind),
            )
            for n, (text, kind, i) in enumerate(p for p, k in zip(placed, keep) if k)
        ]
        notes = [f"claims extracted by {self.llm.name}"]
        if dropped:
            notes.append(
                f"{len(dropped)} extracted claims were not in the answer and were dropped "
                "(extractor hallucinations)"
            )
        return ExtractResult(claims, dropped, notes)

    @staticmethod
    def _place(text: str, sents: Sequence[object]) -> int:
        words = content_words(text)
        scores = [len(words & content_words(s.text)) for s in sents]  # type: ignore[attr-defined]
        return max(range(len(sents)), key=lambda i: (scores[i], -i))

    @staticmethod
    def _context(sents: Sequence[object], i: int) -> str:
        # the sentence before resolves "she" in "She was born in Warsaw"
        return " ".join(s.text for s in sents[max(0, i - 1) : i + 1])  # type: ignore[attr-defined]


def _user_message(answer: str, question: str | None) -> str:
    # Without the question a fragment answer ("Yes.", "Roman Catholic") yields
    # nonsense claims ("Yes"); with it, the claim is the answer as a sentence.
    # The question is context only: a claim it makes and the answer does not is
    # not the answer's (the guard drops it).
    if not question or not question.strip():
        return answer
    return (
        f"Question (context only; take no claim from it that the answer does not make):\n{question.strip()}"
        f"\n\nAnswer to decompose (if it is a fragment, state it as a full sentence using the "
        f"question):\n{answer}"
    )


def _as_type(kind: str) -> ClaimType:
    return kind if kind in _TYPES else "attribute"  # type: ignore[return-value]
