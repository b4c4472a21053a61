"""CPU seconds the service spends on work nobody waits for any more.

    python benchmarks/cancel.py [--claims 60] [--runs 3] [--out benchmarks/results/cancel.json]

A real server on 127.0.0.1 (uvicorn in a thread of this process, so the process's CPU
time is the server's). One answer of N numeric claims against the source stating them
(every claim linked and classified: seconds of work). For each way a client can stop
waiting, the CPU the process spends from that moment until it is idle again:
the server's timeout (504), a client that hangs up on /v1/verify, and one that closes
/v1/verify/stream after the first event. The full verification's CPU is the yardstick.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import resource
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn

from toulmin.config import load_config
from toulmin.service import create_app


def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def until_idle(quiet: float = 1.0, step: float = 0.2) -> float:
    """CPU seconds from now until a whole ``quiet`` second passes with (almost) none."""
    start = last = cpu()
    still = 0.0
    while still < quiet:
        time.sleep(step)
        now = cpu()
        still = still + step if now - last < 0.02 else 0.0
        last = now
    return last - start


def serve(timeout: float) -> tuple[str, uvicorn.Server]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cfg = load_config(overrides={"serve": {"timeout": timeout, "concurrency": 1,
                                           "history": tempfile.mktemp(suffix=".sqlite")}})
    server = uvicorn.Server(uvicorn.Config(create_app(cfg), host="127.0.0.1", port=port, log_level="error"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--claims", type=int, default=60)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--out", default=None)
    a = ap.parse_args()
    facts = [f"The plant in town {i} employs {i * 7} people." for i in range(a.claims)]
    body = {"answer": " ".join(facts), "sources": [" ".join(facts)], "max_claims": a.claims}
    url, server = serve(timeout=600)
    httpx.post(url + "/v1/verify", json=body, timeout=600)  # load the models
    until_idle()
    rows: dict[str, list[float]] = {"full verification": [], "after a client hangs up (/v1/verify)": [],
                                    "after a client closes the stream": []}
    for _ in range(a.runs):
        c0 = cpu()
        assert httpx.post(url + "/v1/verify", json=body, timeout=600).status_code == 200
        rows["full verification"].append(cpu() - c0 + until_idle())
        with contextlib.suppress(httpx.ReadTimeout):
            httpx.post(url + "/v1/verify", json=body, timeout=1.0)
        rows["after a client hangs up (/v1/verify)"].append(until_idle())
        with httpx.stream("POST", url + "/v1/verify/stream", json=body, timeout=600) as r:
            next(r.iter_lines())
        rows["after a client closes the stream"].append(until_idle())
    server.should_exit = True
    url, server = serve(timeout=1.0)
    httpx.post(url + "/v1/verify", json={**body, "answer": facts[0], "max_claims": 1}, timeout=600)
    until_idle()
    rows["after the server's timeout (504)"] = []
    for _ in range(a.runs):
        r = httpx.post(url + "/v1/verify", json=body, timeout=600)
        assert r.status_code == 504, r.text[:200]
        rows["after the server's timeout (504)"].append(until_idle())
    server.should_exit = True
    print(f"\n{a.claims} claims; CPU seconds, median of {a.runs} (idle = a whole second with < 0.02 s)\n")
    print("| when | CPU s (median) | runs |\n|---|---|---|")
    out = {}
    for k, v in rows.items():
        out[k] = {"median": round(statistics.median(v), 2), "runs": [round(x, 2) for x in v]}
        print(f"| {k} | {out[k]['median']} | {', '.join(str(x) for x in out[k]['runs'])} |")
    if a.out:
        Path(a.out).write_text(json.dumps({"command": "python benchmarks/cancel.py", "claims": a.claims,
                                           "cpu_seconds": out}, indent=2) + "\n")


if __name__ == "__main__":
    main()
