"""The whole-answer check: logic with a fake checker, then the shipped one."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from toulmin.pipeline.sources import Source
from toulmin.pipeline.whole import check_answer


class WordChecker:
    """Entailed when every content word of the claim (after 'Answer:') is in the span."""

    name, version, threshold = "word", "0", 0.5

    def __init__(self) -> None:
        self.seen: list[tuple[str, str]] = []

    def predict(self, claims: Sequence[str], spans: Sequence[str]) -> np.ndarray:
        out = []
        for c, s in zip(claims, spans):
            self.seen.append((c, s))
            words = [w.strip(".,").lower() for w in c.split("Answer:")[-1].split() if len(w) > 3]
            share = sum(w in s.lower() for w in words) / max(1, len(words))
            out.append([share, 1 - share, 0.0])
        return np.array(out)


SOURCES = [
    Source(id="a", text="The bridge opened in 1937. It spans the Golden Gate strait."),
    Source(id="b", text="Rain fell in Paris all week. The museum closed early."),
]


def test_the_weakest_part_decides_and_its_best_window_is_the_evidence() -> None:
    answer = "The bridge opened in 1937. The museum closed early. The museum in Paris shut."
    got = check_answer(WordChecker(), answer, None, SOURCES, 0.8, part_words=5)
    assert got is not None and got.parts == 3
    assert not got.supported and got.prob_supported == pytest.approx(2 / 3, abs=1e-3)
    assert got.weakest == "The museum in Paris shut."
    assert got.evidence is not None and got.evidence.source_id == "b"
    ev = got.evidence
    assert SOURCES[1].text[ev.start : ev.end] == ev.quote
    assert "weakest part" in got.note


def test_a_backed_answer_passes_and_a_question_frames_it() -> None:
    checker = WordChecker()
    got = check_answer(checker, "It opened in 1937.", "When did the bridge open?", SOURCES, 0.5)
    assert got is not None and got.supported and got.evidence is not None
    assert got.evidence.source_id == "a"
    assert all(c.startswith("Question: When did the bridge open? Answer: ") for c, _ in checker.seen)


def test_nothing_to_read_gives_none() -> None:
    assert check_answer(WordChecker(), "It opened in 1937.", None, [], 0.5) is None
    assert check_answer(WordChecker(), "   ", None, SOURCES, 0.5) is None


@pytest.mark.slow
def test_shipped_checker_reads_the_whole_answer() -> None:
    import toulmin

    knowledge = ("Gary Groth (born 1954) is an American comic book editor, publisher and critic. He is "
                 "editor-in-chief of \"The Comics Journal\" and a co-founder of Fantagraphics Books.")
    q = "Gary Groth is editor in chief of The Comics Journal, as well as co-founder of what?"
    right = toulmin.verify("Fantagraphics Books", [{"id": "k", "text": knowledge}], q)
    wrong = toulmin.verify("Gary Groth is also a co-founder of Marvel Comics.", [{"id": "k", "text": knowledge}], q)
    assert right.answer_check is not None and right.answer_check.supported and right.is_grounded
    assert wrong.answer_check is not None and not wrong.answer_check.supported and not wrong.is_grounded
    off = toulmin.verify("Fantagraphics Books", [{"id": "k", "text": knowledge}], q, **{"decide.answer_check": False})
    assert off.answer_check is None
