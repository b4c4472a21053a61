"""The VERIFY step and the plain-Python retry loop, on the real pipeline."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from toulmin.agent import retry_until_grounded, verify_step
from toulmin.errors import InputError

pytestmark = pytest.mark.slow

CHUNKS = [
    {"id": "trial", "text": "The Phase 2 trial enrolled 340 participants across 12 sites."},
    {"id": "fda", "text": "The therapy received FDA fast-track designation in March 2024."},
]
GROUNDED = "The Phase 2 trial enrolled 340 participants across 12 sites."
INVENTED = "The Phase 2 trial enrolled 510 participants across 12 sites."


def test_a_grounded_draft_ends_with_its_confidence_and_claims() -> None:
    state = {"question": "How many took part?", "answer": GROUNDED, "chunks": CHUNKS, "reasoning": "Planned."}
    before = copy.deepcopy(state)
    out = verify_step(state)
    assert state == before  # the state given is not touched
    assert (out["next"], out["iteration"], out["is_grounded"], out["confidence"]) == ("END", 1, True, 1.0)
    assert out["reasoning"] == "Planned.\nVerification confidence 1.00: grounded."
    assert [c["verdict"] for c in out["claims"]] == ["SUPPORTED", "SUPPORTED"]
    assert len(out["reports"]) == 1 and out["reports"][0]["answer"] == GROUNDED


def test_an_ungrounded_draft_retries_with_queries_until_its_drafts_run_out() -> None:
    out = verify_step({"answer": INVENTED, "chunks": CHUNKS, "max_iterations": 2})
    assert out["next"] == "PLAN" and out["iteration"] == 1 and out["is_grounded"] is False
    assert out["reasoning"] == f"Verification confidence {out['confidence']:.2f} below threshold. Retrying."
    assert out["unsupported_claims"] == ["The Phase 2 trial enrolled 510 participants."]
    assert out["queries"] == ["The Phase 2 trial enrolled 510 participants.", "The Phase 2 510"]
    last = verify_step({**out, "answer": INVENTED})
    assert last["next"] == "END" and last["iteration"] == 2 and len(last["reports"]) == 2
    assert last["reasoning"].endswith("below threshold after 2 of 2 iterations: the answer is not grounded.")


def test_bad_state_is_a_clear_error() -> None:
    with pytest.raises(InputError) as e:
        verify_step({"answer": GROUNDED})
    assert e.value.code == "E_NO_SOURCES" and "state['chunks']" in (e.value.fix or "")
    with pytest.raises(InputError) as e:
        verify_step({"chunks": CHUNKS})
    assert e.value.code == "E_BAD_TYPE"


def test_retry_until_grounded_passes_the_unsupported_claims_to_the_next_retrieval() -> None:
    asked: list[list[str]] = []
    drafts = iter([INVENTED, GROUNDED])

    def retrieve(question: str, queries: list[str]) -> list[Any]:
        asked.append(queries)
        return CHUNKS

    run = retry_until_grounded(lambda q, chunks: next(drafts), retrieve, "How many took part?", 3)
    assert (run.answer, run.is_grounded, run.iterations, run.stopped) == (GROUNDED, True, 2, "grounded")
    assert asked[0] == [] and "The Phase 2 trial enrolled 510 participants." in asked[1]
    assert run.queries == asked
    assert [r.is_grounded for r in run.reports] == [False, True]
    once = retry_until_grounded(lambda q, chunks: INVENTED, retrieve, "How many took part?", 1)
    assert (once.is_grounded, once.iterations, once.stopped) == (False, 1, "max_iterations")
    assert "not grounded" in once.reasoning
    with pytest.raises(InputError):
        retry_until_grounded(lambda q, chunks: GROUNDED, retrieve, "q", 0)


def test_the_offline_example_runs_both_ways() -> None:
    import subprocess
    import sys
    from pathlib import Path

    example = Path(__file__).resolve().parents[2] / "examples" / "agent_retry.py"
    for args in ([], ["--plain"]):
        out = subprocess.run([sys.executable, str(example), *args], capture_output=True, text=True,
                             check=True, timeout=300).stdout
        assert '"is_grounded": true' in out and "The Phase 2 trial enrolled 340 participants" in out
        assert out.rstrip().endswith("Verification confidence 1.00: grounded.")
        assert "below threshold. Retrying." in out
