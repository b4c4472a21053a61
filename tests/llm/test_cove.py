"""Chain-of-verification and lessons against a scripted OpenAI-compatible server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import toulmin
from toulmin.cli import main
from toulmin.config import load_config
from toulmin.cove import cove, parse_blocks
from toulmin.errors import InputError, LLMError
from toulmin.lessons import LessonStore, lesson_recorder, lessons_from_cove, lessons_from_report
from toulmin.llm.openai_compat import OpenAICompatible

from .conftest import Server, openai_reply

TASK = "How do I set a timeout on Go's http.Client?"
DRAFT = "Set http.DefaultClient.DefaultTimeout = 30 * time.Second in init."
PLAN = (
    "<questions>\n- Q1: Does http.Client have a DefaultTimeout field?\n"
    "* Q2: Which field sets a timeout?\n</questions>"
)
ANSWERS = "<answers>\n- A1: No, there is no DefaultTimeout field.\n- A2: Timeout.\n</answers>"
RECONCILE = (
    "<final>\nSet http.DefaultClient.Timeout = 30 * time.Second.\n</final>\n"
    "<discrepancies>\n- The draft invents a DefaultTimeout field; the field is Timeout.\n</discrepancies>\n"
    "<status>verified-with-corrections</status>"
)
CLEAN = "<status>verified-clean</status>\n<discrepancies>\nnone\n</discrepancies>\n<final>\n" + DRAFT


def llm(server: Server) -> OpenAICompatible:
    return OpenAICompatible("m", base_url=server.url + "/v1", retries=0, backoff=0.0)


def script(server: Server, *replies: str) -> None:
    for r in replies:
        server.script.add("json", openai_reply(r))


def test_parse_blocks_any_order_and_open_ending() -> None:
    b = parse_blocks(
        "<final>x</final><status>verified-clean</status><questions>- Q1: a\n</questions><answers>- A1"
    )
    assert b == {"final": "x", "status": "verified-clean", "questions": "- Q1: a", "answers": "- A1"}


def test_discrepancy_rewrites_and_flags(server: Server) -> None:
    script(server, PLAN, ANSWERS, RECONCILE)
    r = cove(TASK, DRAFT, llm(server), sources=["Client.Timeout sets a time limit for requests."])
    assert r.questions == ["Does http.Client have a DefaultTimeout field?", "Which field sets a timeout?"]
    assert r.answers == ["No, there is no DefaultTimeout field.", "Timeout."]
    assert r.metadata["verified_with_discrepancy"] == "true"
    assert "DefaultTimeout" in r.metadata["verifier_discrepancies"]
    assert r.output == "Set http.DefaultClient.Timeout = 30 * time.Second."
    # the answering call never sees the draft; it sees the sources
    answer_call = server.script.requests[1]["body"]["messages"][1]["content"]
    assert DRAFT not in answer_call and "Client.Timeout sets" in answer_call
    assert "List 3 short" in server.script.requests[0]["body"]["messages"][0]["content"]
    # with rewrite off the draft stays
    script(server, PLAN, ANSWERS, RECONCILE)
    kept = cove(TASK, DRAFT, llm(server), rewrite_on_discrepancy=False)
    assert kept.output == DRAFT and kept.metadata["verified_with_discrepancy"] == "true"


def test_clean_draft_passes(server: Server) -> None:
    script(server, PLAN, ANSWERS.replace("No, there is no DefaultTimeout field.", "Yes."), CLEAN)
    r = cove(TASK, DRAFT, llm(server))
    assert (
        r.metadata == {"verified_with_discrepancy": "false"} and r.output == DRAFT and r.discrepancies == []
    )


def test_exclude_list_and_recursion() -> None:
    r = cove(TASK, DRAFT, llm=None, step="verifier")  # type: ignore[arg-type]
    assert r.status == "skipped" and r.output == DRAFT and "verifier" in (r.skipped or "")


def test_bad_replies_and_arguments(server: Server) -> None:
    script(server, "I think the draft is fine.")
    with pytest.raises(LLMError) as e:
        cove(TASK, DRAFT, llm(server))
    assert e.value.code == "E_LLM_BAD_RESPONSE" and "<questions>" in e.value.message
    with pytest.raises(InputError):
        cove(TASK, "  ", llm(server))
    script(server, PLAN, ANSWERS, CLEAN)
    with pytest.warns(UserWarning, match="above 7"):
        r = cove(TASK, DRAFT, llm(server), num_questions=8)
    assert any("above 7" in n for n in r.notes)


def test_lessons_store_and_cli(server: Server, tmp_path: Path) -> None:
    store = LessonStore(tmp_path / "l.sqlite")
    script(server, PLAN, ANSWERS, RECONCILE)
    res = cove(TASK, DRAFT, llm(server))
    assert store.add(lessons_from_cove(TASK, res)) == 1
    assert store.add(lessons_from_cove(TASK, res)) == 0  # the same lesson once
    report = toulmin.verify(
        "Marie Curie discovered penicillin in 1928.", ["Marie Curie was born in Warsaw in 1867."]
    )
    assert store.add(lessons_from_report(report)) >= 1
    items = store.all()
    assert {x.origin for x in items} == {"cove", "verify"}
    assert "Warsaw" in store.as_prompt()
    out = CliRunner().invoke(main, ["lessons", "--path", str(tmp_path / "l.sqlite")])
    assert out.exit_code == 0 and "MISTAKE" in out.output and "[cove/hallucination]" in out.output
    jl = CliRunner().invoke(main, ["lessons", "--path", str(tmp_path / "l.sqlite"), "--format", "jsonl"])
    assert len([json.loads(x) for x in jl.output.splitlines()]) == len(items)
    cl = CliRunner().invoke(main, ["lessons", "--path", str(tmp_path / "l.sqlite"), "--clear"])
    assert "deleted" in cl.output and store.all() == []


def test_verify_records_lessons_through_the_on_report_hook(tmp_path: Path) -> None:
    path = tmp_path / "v.sqlite"
    answer, sources = "Marie Curie discovered penicillin in 1928.", ["Marie Curie was born in Warsaw."]
    cfg = load_config().merged({"lessons": {"record": True, "path": str(path)}})
    assert lesson_recorder(load_config()) is None  # off by default: nothing is written
    toulmin.verify(answer, sources, config=cfg)  # the library records only through the hook
    assert LessonStore(path).all() == []
    toulmin.verify(answer, sources, config=cfg, on_report=lesson_recorder(cfg))
    assert LessonStore(path).all()[0].mistake == answer
    # the CLI passes the hook itself
    cli = tmp_path / "cli.sqlite"
    (tmp_path / "s.txt").write_text(sources[0])
    out = CliRunner().invoke(main, ["verify", "--answer", "-", "--source", str(tmp_path / "s.txt"),
                                    "--set", "lessons.record=true", "--set", f"lessons.path={cli}"],
                             input=answer)
    assert out.exit_code in (0, 1), out.output
    assert [x.mistake for x in LessonStore(cli).all()] == [answer]


def test_cove_cli(server: Server, tmp_path: Path) -> None:
    script(server, PLAN, ANSWERS, RECONCILE)
    args = [
        "cove",
        "--task",
        TASK,
        "--set",
        "llm.provider=openai",
        "--set",
        "llm.model=m",
        "--set",
        f"llm.base_url={server.url}/v1",
        "--set",
        "llm.cache=false",
        "--set",
        "lessons.record=true",
        "--set",
        f"lessons.path={tmp_path / 'c.sqlite'}",
    ]
    out = CliRunner().invoke(main, args, input=DRAFT)
    assert out.exit_code == 0, out.output
    assert (
        "status: verified-with-corrections" in out.output and "discrepancy: The draft invents" in out.output
    )
    assert "Timeout = 30" in out.output
    assert LessonStore(tmp_path / "c.sqlite").all()[0].trigger == "hallucination"
    no_llm = CliRunner().invoke(main, ["cove", "--task", TASK], input=DRAFT)
    assert no_llm.exit_code == 2 and "needs a language model" in no_llm.output


def _down() -> OpenAICompatible:
    # a port nobody listens on: connection refused at once
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return OpenAICompatible("m", base_url=f"http://127.0.0.1:{port}/v1", retries=0, backoff=0.0)


def test_model_down_falls_back_to_the_offline_check_with_sources() -> None:
    draft = "Marie Curie was born in Warsaw. She discovered penicillin in 1928."
    sources = ["Marie Curie was born in Warsaw in 1867.", "Alexander Fleming discovered penicillin in 1928."]
    r = cove("Tell me about Marie Curie.", draft, _down(), sources=sources, fallback=True)
    assert r.fallback and r.fallback.startswith("E_LLM_UNAVAILABLE")
    assert r.llm is None and r.questions == []
    assert r.metadata["verified_with_discrepancy"] == "true"
    assert [d.split(" (")[0] for d in r.discrepancies] == ["Marie Curie discovered penicillin in 1928."]
    assert r.output != draft and "Warsaw" in r.output  # the offline revised answer
    assert any("checked offline" in n for n in r.notes)
    # nothing to check against offline: the error stands and says what would help
    with pytest.raises(LLMError) as e:
        cove("Tell me about Marie Curie.", draft, _down(), fallback=True)
    assert e.value.code == "E_LLM_UNAVAILABLE" and "pass sources" in (e.value.fix or "")
    # LLM-only: no fallback even with sources
    with pytest.raises(LLMError):
        cove("Tell me about Marie Curie.", draft, _down(), sources=sources, fallback=False)


def test_garbage_reply_falls_back_too(server: Server) -> None:
    script(server, "no blocks here at all")
    r = cove(TASK, DRAFT, llm(server), sources=["Client.Timeout sets a time limit."], fallback=True)
    assert r.fallback and r.fallback.startswith("E_LLM_BAD_RESPONSE")


def test_lessons_go_into_the_rewrite_prompt(server: Server, tmp_path: Path) -> None:
    store = LessonStore(tmp_path / "l.sqlite")
    script(server, PLAN, ANSWERS, RECONCILE)
    store.add(lessons_from_cove(TASK, cove(TASK, DRAFT, llm(server))))
    block = store.as_prompt(5)
    script(server, PLAN, ANSWERS, CLEAN)
    cove(TASK, DRAFT, llm(server), lessons=block)
    prompts = [r["body"]["messages"][0]["content"] for r in server.script.requests[-3:]]
    assert "DefaultTimeout" in prompts[2] and "MISTAKE" in prompts[2]
    # the independent answers never see lessons or the draft
    assert "MISTAKE" not in prompts[1] and "MISTAKE" not in prompts[0]


def test_cove_cli_falls_back_offline(tmp_path: Path) -> None:
    src = tmp_path / "s.txt"
    src.write_text("Client.Timeout sets a time limit for requests made by this Client.")
    down = _down()
    out = CliRunner().invoke(
        main,
        [
            "cove", "--task", TASK, "--source", str(src),
            "--set", "llm.provider=openai", "--set", "llm.model=m",
            "--set", f"llm.base_url={down.base_url}", "--set", "llm.retries=0", "--set", "llm.cache=false",
        ],
        input=DRAFT,
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    assert "fallback: checked offline" in out.output and "E_LLM_UNAVAILABLE" in out.output
    strict = CliRunner().invoke(
        main,
        [
            "cove", "--task", TASK, "--source", str(src),
            "--set", "llm.provider=openai", "--set", "llm.model=m", "--set", "llm.fallback=false",
            "--set", f"llm.base_url={down.base_url}", "--set", "llm.retries=0", "--set", "llm.cache=false",
        ],
        input=DRAFT,
    )  # fmt: skip
    assert strict.exit_code != 0 and "E_LLM_UNAVAILABLE" in strict.output
