"""Load on the HTTP service, all on 127.0.0.1: ``toulmin serve`` in its own
process, and one client process running ``--clients`` concurrent clients that
send the 5-claim benchmark answer (benchmarks/verify_speed.py) to /v1/verify.
Bounded: ``--requests`` in all and at most ``--seconds``; then it stops.

    python benchmarks/load.py [--clients 50] [--requests 300] [--seconds 300] [--set link.dense=false]

Reports throughput, p50 / p99 latency, errors (must be 0), the server's peak resident
memory (VmHWM from /proc) and its resident memory every ``--rss-every`` seconds (a soak:
``--requests 1000000 --seconds 600`` runs ten minutes; the samples after the first
minute show whether memory stays flat). Writes benchmarks/results/load[-TAG].json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).parent))
from verify_speed import make_cases, pct


def _rss_mb(pid: int, field: str = "VmHWM") -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return round(int(line.split()[1]) / 1024, 1)
    return float("nan")


async def _sample_rss(pid: int, every: float, out: list[tuple[float, float]]) -> None:
    t0 = time.monotonic()
    while True:
        out.append((round(time.monotonic() - t0, 1), _rss_mb(pid, "VmRSS")))
        await asyncio.sleep(every)


async def _run(
    url: str, cases: list[dict[str, Any]], clients: int, total: int, seconds: float,
    pid: int | None = None, rss_every: float = 10.0,
) -> dict[str, Any]:
    lat: list[float] = []
    errors: list[str] = []
    sent = 0
    deadline = time.monotonic() + seconds

    async def client(n: int) -> None:
        nonlocal sent
        async with httpx.AsyncClient(timeout=600) as http:
            while sent < total and time.monotonic() < deadline:
                case = cases[sent % len(cases)]
                sent += 1
                t = time.perf_counter()
                try:
                    r = await http.post(
                        url + "/v1/verify",
                        json={"answer": case["answer"], "sources": case["sources"], "show_claims": False},
                    )
                    if r.status_code != 200:
                        errors.append(f"HTTP {r.status_code}: {r.text[:200]}")
                        continue
                except httpx.HTTPError as e:
                    errors.append(f"{type(e).__name__}: {e}")
                    continue
                lat.append(time.perf_counter() - t)

    rss: list[tuple[float, float]] = []
    sampler = asyncio.create_task(_sample_rss(pid, rss_every, rss)) if pid is not None else None
    t0 = time.perf_counter()
    await asyncio.gather(*(client(i) for i in range(clients)))
    wall = time.perf_counter() - t0
    if sampler is not None:
        sampler.cancel()
    settled = [m for t, m in rss if t >= 60] or [m for _, m in rss]
    return {
        "rss_mb_samples": rss,
        "rss_mb_after_1min": {"first": settled[0], "last": settled[-1], "min": min(settled),
                              "max": max(settled)} if settled else None,
        "requests_ok": len(lat),
        "errors": len(errors),
        "error_samples": errors[:5],
        "wall_s": round(wall, 1),
        "throughput_rps": round(len(lat) / wall, 2),
        "p50_ms": round(1000 * statistics.median(lat), 1) if lat else None,
        "p99_ms": round(1000 * pct(lat, 0.99), 1) if lat else None,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--requests", type=int, default=300)
    ap.add_argument("--seconds", type=float, default=300)
    ap.add_argument("--set", dest="sets", action="append", default=[])
    ap.add_argument("--tag", default="")
    ap.add_argument("--rss-every", type=float, default=10.0)
    a = ap.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        sets = [x for s in a.sets for x in ("--set", s)]
        log = open(f"{tmp}/server.log", "wb")  # noqa: SIM115 - closed with the server
        cmd = [sys.executable, "-m", "toulmin.cli", "serve", "--port", str(port)]
        cmd += ["--history", f"{tmp}/h.sqlite", "--set", "serve.timeout=600", *sets]
        server = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    if httpx.get(url + "/healthz", timeout=2).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(
                        "the server did not start: " + (server.stderr.read() or b"").decode()[-2000:]
                    )  # type: ignore[union-attr]
                time.sleep(0.3)
            cases = make_cases(20)
            # one request first, so model loading is not counted as latency
            httpx.post(
                url + "/v1/verify",
                json={"answer": cases[0]["answer"], "sources": cases[0]["sources"]},
                timeout=600,
            ).raise_for_status()
            res = asyncio.run(_run(url, cases, a.clients, a.requests, a.seconds, server.pid, a.rss_every))
            res["server_peak_rss_mb"] = _rss_mb(server.pid)
            res["clients"] = a.clients
        finally:
            server.terminate()
            server.wait(timeout=30)
            log.close()
    out = {
        "command": "python benchmarks/load.py "
        + " ".join(
            [f"--clients {a.clients}", f"--requests {a.requests}", f"--seconds {a.seconds:g}"]
            + [f"--set {s}" for s in a.sets]
        ),
        "results": res,
    }
    Path(f"benchmarks/results/load{'-' + a.tag if a.tag else ''}.json").write_text(
        json.dumps(out, indent=2) + "\n"
    )
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
