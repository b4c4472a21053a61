"""toulmin.testing and the pytest plugin, run as a user runs them: suites inside ``pytester``.

Inline runs share this process's verifier cache (toulmin.verify.get_verifier), so the shipped
models load once for all of them; the run that counts the models loaded is a subprocess.
The ``models`` fixture loads them (and imports what they need) before any inline run:
pytester drops the modules a test imported when it ends, and importing a native extension
(torch, which spaCy's thinc imports) a second time crashes the process.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from toulmin.errors import InputError
from toulmin.testing import Case, read_cases

pytest_plugins = ["pytester"]

SRC = (
    '[{"id": "eiffel", "text": "The Eiffel Tower is a wrought-iron lattice tower in Paris, France. '
    'It was completed in 1889 and is 330 metres tall. It was designed by the company of Gustave Eiffel."}]'
)
GOOD = "The Eiffel Tower is in Paris. It was completed in 1889."
BAD = ("The Eiffel Tower is in Paris. It was completed in 1889. It is 500 metres tall. "
       "It was designed by Le Corbusier.")

SUITE = f"""
import json
from toulmin.testing import assert_grounded

SRC = json.loads({SRC!r})

def test_good(toulmin_verifier):
    report = assert_grounded({GOOD!r}, SRC)
    assert report.confidence == 1.0

def test_bad():
    assert_grounded({BAD!r}, SRC, question="Tell me about the Eiffel Tower")
"""


@pytest.fixture(scope="module")
def models() -> None:
    """Module scope: set up before the ``pytester`` fixture takes its snapshot of sys.modules.
    The default config (what an inner run without toulmin.yaml or TOULMIN_* gets), so inner
    runs find the verifier in the cache."""
    from toulmin.config import Config
    from toulmin.verify import get_verifier

    get_verifier(Config()).verify(GOOD, json.loads(SRC), question="Where is the Eiffel Tower?")


def run_inline(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest_inprocess("-p", "no:cacheprovider", *args)


def no_warnings(result: pytest.RunResult) -> None:
    assert "warnings" not in result.parseoutcomes(), result.stdout.str()


# --- without models ------------------------------------------------------------------------


def test_the_plugin_is_registered_and_cheap_to_import() -> None:
    """Loaded into every pytest session: it must not import a model library."""
    from importlib.metadata import entry_points

    mine = [e.value for e in entry_points(group="pytest11") if e.name == "toulmin"]
    assert mine == ["toulmin.pytest_plugin"]
    code = ("import sys, toulmin.pytest_plugin; "
            "print(sorted(m for m in ('torch', 'spacy', 'onnxruntime', 'transformers') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_suite_that_checks_no_answer_shows_nothing(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_plain():\n    assert 1 + 1 == 2\n")
    result = run_inline(pytester)
    result.assert_outcomes(passed=1)
    assert "grounding summary" not in result.stdout.str()  # ("plugins: toulmin-..." is pytest's line)
    no_warnings(result)


def test_a_missing_config_file_is_a_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_plain():\n    pass\n")
    result = run_inline(pytester, "--toulmin-config", "nowhere.yaml")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--toulmin-config: config file *nowhere.yaml not found*"])


def cases_file(tmp_path: Path, *lines: str) -> Path:
    p = tmp_path / "cases.jsonl"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def test_cases_are_read_in_order_with_their_bar(tmp_path: Path) -> None:
    p = cases_file(
        tmp_path,
        json.dumps({"id": "a", "answer": "x", "sources": ["s"]}),
        "",
        json.dumps({"id": "b", "answer": "y", "sources": [{"id": "k", "text": "t"}], "question": "q?",
                    "min_confidence": 0.9, "allow": ["STALE"], "metadata": {"owner": "me"}}),
    )
    a, b = read_cases(p)
    assert a == Case("a", "x", ["s"])
    assert (b.id, b.question, b.min_confidence, b.allow) == ("b", "q?", 0.9, ("STALE",))
    assert b.sources == [{"id": "k", "text": "t"}] and b.metadata == {"owner": "me"}


@pytest.mark.parametrize(
    ("line", "code", "says"),
    [
        ('{"id": "a", "answer": "x", "sources": ["s"],}', "E_BAD_JSON", "line 2: not JSON"),
        ('["a", "x"]', "E_BAD_ROW", "line 2: a JSON list, not an object"),
        ('{"id": "b", "answer": "x"}', "E_BAD_ROW", 'line 2: no "sources"'),
        ('{"id": "b", "answer": "x", "sources": ["s"], "min_confidance": 0.8}', "E_BAD_ROW",
         "line 2: unknown key(s) min_confidance"),
        ('{"id": "b", "answer": "x", "sources": ["s"], "min_confidence": 7}', "E_BAD_ROW",
         "line 2: min_confidence 7 is not a confidence"),
        ('{"id": "b", "answer": "x", "sources": ["s"], "allow": ["MOSTLY"]}', "E_BAD_ROW",
         "line 2: allow: 'MOSTLY' is not a verdict"),
        ('{"id": "a", "answer": "x", "sources": ["s"]}', "E_DUPLICATE_ID",
         "line 2: id 'a' is already used on line 1"),
        # a bare RecursionError before; NaN is Python's, not JSON
        ("[" * 100_000 + "]" * 100_000, "E_BAD_JSON", "line 2: not JSON data (nested deeper"),
        ('{"id": "b", "answer": "x", "sources": ["s"], "min_confidence": NaN}', "E_BAD_JSON",
         "line 2: not JSON data (NaN is not a JSON number"),
    ],
)
def test_a_bad_line_is_named_never_skipped(tmp_path: Path, line: str, code: str, says: str) -> None:
    p = cases_file(tmp_path, json.dumps({"id": "a", "answer": "x", "sources": ["s"]}), line)
    with pytest.raises(InputError) as e:
        read_cases(p)
    assert e.value.code == code
    assert f"{p}, {says}" in e.value.message
    assert e.value.fix


def test_an_empty_or_missing_cases_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="holds no case"):
        read_cases(cases_file(tmp_path, ""))
    with pytest.raises(InputError, match="not found") as e:
        read_cases(tmp_path / "none.jsonl")
    assert e.value.code == "E_NOT_FOUND"


def test_a_malformed_cases_file_fails_collection_with_its_line(pytester: pytest.Pytester) -> None:
    pytester.path.joinpath("cases.jsonl").write_text(
        '{"id": "ok", "answer": "x", "sources": ["s"]}\n{"id": "broken", "answer": "x", "sources": \n',
        encoding="utf-8")
    pytester.makepyfile(
        """
        import pytest
        from toulmin.testing import cases

        @pytest.mark.parametrize("case", cases("cases.jsonl"))
        def test_rag(case):
            pass
        """
    )
    result = run_inline(pytester)
    assert result.ret == pytest.ExitCode.INTERRUPTED  # a collection error stops the run
    result.stdout.fnmatch_lines(["*InputError: *cases.jsonl, line 2: not JSON*"])


# --- with the shipped models ----------------------------------------------------------------


@pytest.mark.slow
def test_a_passing_and_a_failing_answer(pytester: pytest.Pytester, models: None) -> None:
    pytester.makepyfile(test_rag=SUITE)
    result = run_inline(pytester)
    result.assert_outcomes(passed=1, failed=1)
    out = result.stdout.str()
    # the failed claims, their verdicts, notes, evidence and its source; the arithmetic
    result.stdout.fnmatch_lines([
        "E*NotGroundedError: answer not grounded: confidence 0.50 is below 0.70; "
        "2 of 4 claims failed (2 CONTRADICTED)",
        "E*question: Tell me about the Eiffel Tower",
        "E*failed claims:",
        "E*claim  verdict       claim / note / evidence",
        "E*c3     CONTRADICTED  The Eiffel Tower is 500 metres tall.",
        "E*note: source says 330 metres tall, not 500 metres tall",
        'E*contradicted by [[]eiffel]: "*It was completed in 1889 and is 330 metres tall."',
        "E*c4     CONTRADICTED  The Eiffel Tower was designed by Le Corbusier.",
        "E*note: source says by the company of Gustave Eiffel, not by Le Corbusier",
        'E*contradicted by [[]eiffel]: "It was designed by the company of Gustave Eiffel."',
        "E*confidence 0.50 = (1 + 1 + 0 + 0) / 4 checkable claims; needs ≥ 0.70",
        "E*passing verdicts: SUPPORTED, PARTIALLY_SUPPORTED, TRIVIAL",
    ])
    assert "c1 " not in out.split("failed claims:")[1]  # a supported claim is not listed
    # the session summary
    result.stdout.fnmatch_lines([
        "*= toulmin grounding summary =*",
        "answers checked: 2 in 2 tests; grounded: 1 of 2 (50%); mean confidence 0.75",
        "verifier built once for the session, in *s",
        "slowest checks:",
        "*s  test_rag.py::test_*  confidence *",
        "*s  test_rag.py::test_*  confidence *",
    ])
    no_warnings(result)


@pytest.mark.slow
def test_the_bar_allow_and_an_answer_with_nothing_to_check(pytester: pytest.Pytester, models: None) -> None:
    pytester.makepyfile(test_bar=f"""
        import json
        import pytest
        from toulmin.testing import NotGroundedError, assert_grounded

        SRC = json.loads({SRC!r})

        def test_contradicted_allowed_and_no_bar():
            report = assert_grounded({BAD!r}, SRC, min_confidence=None, allow=["CONTRADICTED"])
            assert report.claims_contradicted == 2

        def test_nothing_checkable_fails_unless_allowed():
            with pytest.raises(NotGroundedError) as e:
                assert_grounded("Hello! Thanks for asking.", SRC)
            assert "the answer makes no checkable claim" in str(e.value)
            assert "allow_no_claims=True" in str(e.value)
            assert assert_grounded("Hello! Thanks for asking.", SRC, allow_no_claims=True).confidence is None

        def test_a_list_counts_once_at_its_weakest_item(toulmin_verifier):
            src = ["The company sells apples and pears."]
            answer = "The company sells apples, pears and bananas."
            with pytest.raises(NotGroundedError) as e:
                assert_grounded(answer, src)
            assert "confidence 0.00 = (min(1, 1, 0)) / 1 units (3 checkable claims; a list counts once, " \\
                "at its weakest item)" in str(e.value)
            # the report is the one a plain verify gives
            assert e.value.report.confidence == toulmin_verifier.verify(answer, src).confidence

        def test_a_bad_option_is_an_input_error():
            from toulmin.errors import InputError
            with pytest.raises(InputError, match="not a verdict"):
                assert_grounded("x", SRC, allow=["MOSTLY"])
            with pytest.raises(InputError, match="not a confidence"):
                assert_grounded("x", SRC, min_confidence=70)
    """)
    result = run_inline(pytester)
    result.assert_outcomes(passed=4)
    no_warnings(result)


@pytest.mark.slow
def test_cases_parametrize_a_suite_from_jsonl(pytester: pytest.Pytester, models: None) -> None:
    src = json.loads(SRC)
    rows = [
        {"id": "eiffel-ok", "answer": GOOD, "sources": src},
        {"id": "eiffel-height", "answer": BAD, "sources": src, "question": "How tall?"},
        {"id": "eiffel-lenient", "answer": BAD, "sources": src, "min_confidence": 0.5,
         "allow": ["PARTIALLY_SUPPORTED", "CONTRADICTED"]},
    ]
    # a relative path is found beside the test file when the run starts elsewhere
    suite = pytester.mkdir("suite")
    suite.joinpath("cases.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    suite.joinpath("test_cases.py").write_text(textwrap.dedent("""
        import pytest
        from toulmin.testing import cases

        @pytest.mark.parametrize("case", cases("cases.jsonl"))
        def test_rag(case, toulmin_verifier):
            case.check(toulmin_verifier)
    """), encoding="utf-8")
    result = run_inline(pytester, "-v")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines([
        "*test_rag[[]eiffel-ok] PASSED*",
        "*test_rag[[]eiffel-height] FAILED*",
        "*test_rag[[]eiffel-lenient] PASSED*",
        "E*question: How tall?",
    ])
    no_warnings(result)


@pytest.mark.slow
def test_toulmin_config_sets_the_session_verifier(pytester: pytest.Pytester, models: None) -> None:
    pytester.makefile(".yaml", strict="extract:\n  max_claims: 1\n")
    pytester.makepyfile(test_cfg=f"""
        import json
        from toulmin.testing import assert_grounded

        def test_one_claim_only(toulmin_verifier):
            assert toulmin_verifier.config.extract.max_claims == 1
            assert_grounded({GOOD!r}, json.loads({SRC!r}))
    """)
    result = run_inline(pytester, "--toulmin-config", "strict.yaml")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "E*1 of 2 claims failed (1 NOT_CHECKED)",
        "E*c2     NOT_CHECKED*",
        "E*report notes: 1 claim over extract.max_claims=1 was not checked*",
    ])


@pytest.mark.slow
def test_the_models_load_once_per_session(pytester: pytest.Pytester) -> None:
    """A fresh process, several tests in two modules, with and without the fixture: one
    Verifier is built."""
    pytester.makeconftest("""
        from toulmin.verify import Verifier

        BUILT = []
        _init = Verifier.__init__

        def counting(self, *args, **kwargs):
            BUILT.append(1)
            _init(self, *args, **kwargs)

        Verifier.__init__ = counting

        def pytest_terminal_summary(terminalreporter):
            terminalreporter.write_line(f"VERIFIERS BUILT: {len(BUILT)}")
    """)
    pytester.makepyfile(test_a=SUITE)
    pytester.makepyfile(test_b=f"""
        import json
        from toulmin.testing import assert_grounded

        def test_again(toulmin_verifier):
            assert_grounded({GOOD!r}, json.loads({SRC!r}), verifier=toulmin_verifier)

        def test_without_the_fixture():
            assert_grounded({GOOD!r}, json.loads({SRC!r}))
    """)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(["VERIFIERS BUILT: 1",
                                 "answers checked: 4 in 4 tests; grounded: 3 of 4 (75%)*"])
