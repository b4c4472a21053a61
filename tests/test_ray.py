"""verify-batch on a real local Ray runtime: the same lines as the local engine, byte for
byte except timings, bad rows included."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_verify_cli import ANSWER, S1, run

pytestmark = pytest.mark.slow
pytest.importorskip("ray")


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
    assert r3.returncode == 0 and len(on_ray.read_text().splitlines()) == 8


def test_joining_a_two_node_cluster_by_address(tmp_path: Path) -> None:
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False})
    try:
        cluster.add_node(num_cpus=1)
        cluster.wait_for_nodes()
        rows = [{"id": f"r{i}", "answer": ANSWER, "sources": [S1]} for i in range(4)]
        inp = tmp_path / "in.jsonl"
        inp.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
        local, joined = tmp_path / "local.jsonl", tmp_path / "joined.jsonl"
        assert run("verify-batch", str(inp), "-o", str(local), "--workers", "2").returncode == 0
        r = run("verify-batch", str(inp), "-o", str(joined), "--engine", "ray", "--actors", "2",
                "--address", cluster.address)
        assert r.returncode == 0, r.stderr[-2000:]
        assert _rows(joined) == _rows(local)
    finally:
        cluster.shutdown()


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
            pids = subprocess.run(["pgrep", "-f", "MapWorker"], capture_output=True, text=True).stdout.split()
            if pids:
                killed = int(pids[0])
                os.kill(killed, signal.SIGKILL)
        time.sleep(0.1)
    assert proc.wait(timeout=60) == 0
    assert killed is not None, "the run ended before an actor could be killed"
    ids = [json.loads(line)["id"] for line in out.read_text().splitlines()]
    assert ids == [r["id"] for r in rows]  # every row once, in order
