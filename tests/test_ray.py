"""verify-batch on a real local Ray runtime: the same lines as the local engine, byte for
byte except timings, bad rows included."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_verify_cli import ANSWER, S1, S2, run

pytestmark = pytest.mark.slow
pytest.importorskip("ray")

ROOT = Path(__file__).resolve().parents[1]


def _rows(path: Path) -> list[dict[str, Any]]:
    out = []
    for line in path.read_text().splitlines():
        row = json.loads(line)
        if "report" in row:
            row["report"].pop("timings_ms")
        out.append(row)
    return out


def test_the_ray_engine_writes_what_the_local_engine_writes(tmp_path: Path) -> None:
    good = [{"id": f"r{i}", "answer": ANSWER, "sources": [S1]} for i in range(5)]
    lines = [json.dumps(r) for r in good[:3]]
    lines += ["{not json", json.dumps({"id": "no-answer", "sources": [S1]}), json.dumps(good[3]),
              json.dumps({"id": "r0", "answer": ANSWER, "sources": [S1]}), json.dumps(good[4])]
    inp = tmp_path / "in.jsonl"
    inp.write_text("\n".join(lines) + "\n")
    local, on_ray = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"
    r1 = run("verify-batch", str(inp), "-o", str(local), "--workers", "2")
    r2 = run("verify-batch", str(inp), "-o", str(on_ray), "--engine", "ray", "--actors", "2")
    assert r1.returncode == r2.returncode == 1  # three rows are error rows, on both
    got, want = _rows(on_ray), _rows(local)
    assert got == want
    assert [r["id"] for r in got] == ["r0", "r1", "r2", "line-4", "no-answer", "r3", "r0", "r4"]
    assert [("error" in r) for r in got] == [False, False, False, True, True, False, True, False]
    # resume: nothing is written twice
    r3 = run("verify-batch", str(inp), "-o", str(on_ray), "--engine", "ray", "--actors", "2")
    assert len(on_ray.read_text().splitlines()) == 8
    # and it still fails: the error rows stand in the output
    assert r3.returncode == 1 and "(0 in this run, 3 from an earlier run)" in r3.stderr


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _ray_cli(*args: str) -> None:
    import shutil
    import subprocess

    ray = shutil.which("ray") or str(Path(sys.executable).with_name("ray"))
    r = subprocess.run([ray, *args], capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, f"ray {' '.join(args)}: {r.stdout[-1500:]}{r.stderr[-1500:]}"


def _many_rows() -> list[str]:
    """About 200 rows: the bundled batch and the trial answer, cycled under new ids, with
    bad rows among them (a malformed line, a row without answer, a binary source)."""
    examples = [json.loads(line) for line in (ROOT / "examples" / "batch.jsonl").read_text().splitlines()]
    kinds = [*examples, {"answer": ANSWER, "sources": [S1]}, {"answer": ANSWER, "sources": [S1, S2]}]
    lines = [json.dumps({**kinds[i % len(kinds)], "id": f"r{i}"}) for i in range(197)]
    lines.insert(20, "{not json")
    lines.insert(90, json.dumps({"id": "no-answer", "sources": [S1]}))
    lines.insert(150, json.dumps({"id": "binary", "answer": ANSWER, "sources": ["\x00\x01\x02 \x89PNG"]}))
    return lines


def test_actors_that_cannot_start_stop_the_run_with_their_error(tmp_path: Path) -> None:
    """An actor whose models do not load says why once, and the run stops before a row."""
    rows, pairs, out = tmp_path / "rows.jsonl", tmp_path / "pairs.jsonl", tmp_path / "out.jsonl"
    rows.write_text("".join(json.dumps({"id": f"r{i}", "answer": ANSWER, "sources": [S1]}) + "\n"
                            for i in range(10)))
    pairs.write_text("".join(json.dumps({"id": f"p{i}", "doc": S1["text"], "claim": ANSWER}) + "\n"
                             for i in range(10)))
    missing = str(tmp_path / "no-such-checker")
    for cmd in (["verify-batch", str(rows), "-o", str(out), "--set", f"checker.model={missing}"],
                ["score-pairs", str(pairs), "-o", str(out), "--model", missing]):
        r = run(*cmd, "--engine", "ray", "--actors", "2")
        assert r.returncode == 3, r.stderr
        assert r.stderr.count("error[E_MODEL_MISSING]") == 1 and "Traceback" not in r.stderr, r.stderr
        assert not out.exists() or out.read_text() == ""


def test_a_two_node_cluster_started_with_ray_start_verifies_200_rows_as_the_local_engine(
        tmp_path: Path) -> None:
    """``ray start --head`` and a second ``ray start --address`` on loopback, one CPU each:
    the cluster a user runs, joined by address."""
    port = _free_port()
    address = f"127.0.0.1:{port}"
    inp = tmp_path / "in.jsonl"
    inp.write_text("\n".join(_many_rows()) + "\n")
    local, joined = tmp_path / "local.jsonl", tmp_path / "joined.jsonl"
    try:
        _ray_cli("start", "--head", "--num-cpus", "1", "--port", str(port), "--node-ip-address", "127.0.0.1",
                 "--include-dashboard", "false", "--disable-usage-stats")
        _ray_cli("start", "--address", address, "--num-cpus", "1", "--node-ip-address", "127.0.0.1",
                 "--disable-usage-stats")
        r = run("verify-batch", str(inp), "-o", str(joined), "--engine", "ray", "--actors", "2",
                "--address", address)
    finally:
        _ray_cli("stop", "--force")
    assert r.returncode == 1, r.stderr[-2000:]  # three error rows
    assert run("verify-batch", str(inp), "-o", str(local), "--workers", "2").returncode == 1
    got, want = _rows(joined), _rows(local)
    assert len(got) == 200 and got == want
    errors = {r["id"]: r["error"]["code"] for r in got if "error" in r}
    assert errors == {"line-21": "E_BAD_ROW", "no-answer": "E_BAD_ROW", "binary": "E_BINARY"}


def test_an_actor_killed_mid_run_loses_no_row_and_writes_none_twice(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    rows = [{"id": f"r{i}", "answer": ANSWER, "sources": [S1]} for i in range(30)]
    inp, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    inp.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    proc = subprocess.Popen([sys.executable, "-m", "toulmin.cli", "verify-batch", str(inp), "-o", str(out),
                             "--engine", "ray", "--actors", "2"], stderr=subprocess.DEVNULL)
    killed = None
    deadline = time.monotonic() + 300
    while proc.poll() is None and time.monotonic() < deadline:
        done = len(out.read_text().splitlines()) if out.exists() else 0
        if killed is None and done >= 4:
            pgrep = subprocess.run(["pgrep", "-f", "ray::Verify"], capture_output=True, text=True)
            pids = pgrep.stdout.split()
            if pids:
                killed = int(pids[0])
                os.kill(killed, signal.SIGKILL)
        time.sleep(0.1)
    assert proc.wait(timeout=60) == 0
    assert killed is not None, "the run ended before an actor could be killed"
    ids = [json.loads(line)["id"] for line in out.read_text().splitlines()]
    assert ids == [r["id"] for r in rows]  # every row once, in order


@pytest.fixture(scope="module")
def ray_here() -> Any:
    """One Ray runtime in this process for the tests that use Ray from Python: a second
    ``ray.init`` after ``ray.shutdown`` in one process timed out waiting for its GCS
    (Ray 2.60). The command-line tests start their own, as a user's run does."""
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_verify_many_on_ray_gives_the_local_rows(ray_here: Any) -> None:
    from toulmin.batch import verify_many
    from toulmin.config import load_config

    rows: list[Any] = [{"id": f"r{i}", "answer": ANSWER, "sources": [S1, S2]} for i in range(3)]
    rows += [{"id": "no-answer", "sources": [S1]}, "not a row",
             {"id": "r0", "answer": ANSWER, "sources": [S1]}]
    cfg = load_config()
    local = [_no_timings(r) for r in verify_many(rows, workers=2, config=cfg)]
    on_ray = [_no_timings(r) for r in verify_many(rows, engine="ray", actors=2, config=cfg)]
    assert on_ray == local
    codes = [r.get("error", {}).get("code") for r in on_ray]
    assert codes == [None] * 3 + ["E_BAD_ROW"] * 2 + ["E_DUPLICATE_ID"]


def _no_timings(row: dict[str, Any]) -> dict[str, Any]:
    if "report" in row:
        row["report"].pop("timings_ms")
    return row


def test_score_pairs_and_eval_pairs_on_ray_give_the_local_scores(tmp_path: Path) -> None:
    from toulmin.datasets import load_slice

    pairs = load_slice("halueval-qa-dev")[:40]
    labelled = tmp_path / "pairs.jsonl"
    labelled.write_text("".join(json.dumps({"id": p.id, "doc": p.doc, "claim": p.claim,
                                            "label": "SUPPORTS" if p.supported else "REFUTES"}) + "\n"
                                for p in pairs))
    inp = tmp_path / "in.jsonl"
    inp.write_text("".join(json.dumps({"id": p.id, "doc": p.doc, "claim": p.claim}) + "\n" for p in pairs)
                   + "{broken\n" + json.dumps({"id": "e", "doc": "", "claim": "x"}) + "\n")
    local, on_ray = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"
    r1 = run("score-pairs", str(inp), "-o", str(local))
    r2 = run("score-pairs", str(inp), "-o", str(on_ray), "--engine", "ray", "--actors", "2")
    assert r1.returncode == r2.returncode == 1, r2.stderr[-2000:]  # two error rows, on both
    assert on_ray.read_text() == local.read_text()
    assert len(on_ray.read_text().splitlines()) == 42
    # eval pairs: the metrics, on the same pairs with their labels
    e1 = run("eval", "pairs", str(labelled), "--json")
    e2 = run("eval", "pairs", str(labelled), "--json", "--engine", "ray", "--actors", "2")
    assert e1.returncode == e2.returncode == 0, e2.stderr[-2000:]
    m1, m2 = json.loads(e1.stdout), json.loads(e2.stdout)
    m1.pop("seconds"), m2.pop("seconds")
    assert m1 == m2 and m1["rows"] == 40


# Ray Data's own defaults set fields it deprecates (Ray 2.60)
@pytest.mark.filterwarnings("ignore::DeprecationWarning:ray.data.context")
def test_the_stages_in_a_users_own_ray_data_pipeline(ray_here: Any) -> None:
    ray = ray_here
    from toulmin import _worker
    from toulmin.config import load_config
    from toulmin.ray import ScorePairs, Verify

    rows = [{"id": f"r{i}", "line": i + 1, "answer": ANSWER, "sources": [S1, S2], "question": None}
            for i in range(3)]
    pairs = [{"id": "p1", "doc": S1["text"], "claim": "The trial showed an 81% success rate."},
             {"id": "p2", "doc": S1["text"], "claim": "The trial failed."},
             {"id": "p3", "doc": "", "claim": "x"}]
    cfg = load_config().merged({"checker": {"threads": 1}})
    _worker.worker_init(cfg.model_dump_json())
    want = [_worker.verify_row(r)[0] for r in rows]
    _worker.pairs_init(cfg.model_dump_json())
    want_scores = [s.model_dump_json() for s in _worker.score_chunk(pairs)]
    kw = {"fn_constructor_kwargs": {"config": cfg.model_dump_json()}, "num_cpus": 1, "batch_size": 2,
          "compute": ray.data.ActorPoolStrategy(size=1)}
    got = ray.data.from_items([{"row": json.dumps(r)} for r in rows]).map_batches(Verify, **kw).take_all()
    scores = ray.data.from_items([{"row": json.dumps(p)} for p in pairs]).map_batches(ScorePairs, **kw)
    got_scores = scores.take_all()
    strip = lambda line: _no_timings(json.loads(line))  # noqa: E731
    assert sorted((g["id"], g["failed"], json.dumps(strip(g["line"]))) for g in got) == sorted(
        (r["id"], False, json.dumps(strip(w))) for r, w in zip(rows, want))
    assert sorted((g["id"], g["score"]) for g in got_scores) == sorted(
        (p["id"], w) for p, w in zip(pairs, want_scores))
    assert json.loads(dict((g["id"], g["score"]) for g in got_scores)["p3"])["error"]["code"] == "E_EMPTY"
