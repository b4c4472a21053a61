"""Hostile and careless clients against a real server on loopback (issue 31): nothing
stops the server, nothing grows without limit, every refusal has the documented shape."""

from __future__ import annotations

import contextlib
import json
import random
import string
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from toulmin.service.app import hash_key
from toulmin.service.history import HistoryStore

from .conftest import Running

SOURCES = ["Marie Curie was born in Warsaw in 1867."]
ANSWER = "Marie Curie was born in Warsaw in 1867."


def _shape(r: httpx.Response, status: int, code: str) -> None:
    assert r.status_code == status, r.text[:500]
    body = r.json()
    assert set(body) == {"error"} and body["error"]["code"] == code, body
    assert body["error"]["message"] and body["error"]["fix"]


def test_bad_bodies_answer_in_the_documented_shape(serve: Callable[..., Running]) -> None:
    s = serve()
    post = s.url + "/v1/verify"
    headers = {"content-type": "application/json"}
    _shape(httpx.post(post, content=b'{"answer": "\xff\xfe", "sources": ["x"]}', headers=headers), 400,
           "E_BAD_REQUEST")
    deep = b'{"answer": "a", "sources": ["x"], "options": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    _shape(httpx.post(post, content=deep, headers=headers), 400, "E_BAD_REQUEST")
    _shape(httpx.get(s.url + "/no/such/path"), 404, "E_NOT_FOUND")
    _shape(httpx.get(post), 405, "E_BAD_REQUEST")
    # a lone surrogate in any string field is refused before any work, never a plain 500
    for body in ({"answer": "a\ud800b", "sources": SOURCES},
                 {"answer": ANSWER, "sources": [{"id": "s\udfff", "text": SOURCES[0]}]},
                 {"answer": ANSWER, "sources": SOURCES, "question": "\ud800"}):
        raw = json.dumps(body).encode()  # ASCII JSON carries it as the escape \ud800
        r = httpx.post(post, content=raw, headers=headers)
        _shape(r, 422, "E_BAD_REQUEST")
        assert "lone surrogate" in r.json()["error"]["message"]
    assert httpx.get(s.url + "/v1/reports").json()["reports"] == []  # nothing ran


def test_the_claim_cap_holds_for_options_too(serve: Callable[..., Running]) -> None:
    s = serve()
    r = httpx.post(s.url + "/v1/verify", json={"answer": ANSWER, "sources": SOURCES,
                                               "options": {"extract.max_claims": 1000}}, timeout=60)
    _shape(r, 400, "E_BAD_OPTION")
    assert "100" in r.json()["error"]["message"]


def test_api_keys_and_metrics_labels(serve: Callable[..., Running]) -> None:
    s = serve(serve={"api_keys_sha256": [hash_key("sekret")]})
    assert httpx.get(s.url + "/v1/stats", headers={"Authorization": "bearer sekret"}).status_code == 200
    assert httpx.get(s.url + "/v1/stats", headers={"Authorization": "BEARER  sekret"}).status_code == 200
    _shape(httpx.get(s.url + "/v1/stats", headers={"Authorization": "Basic sekret"}), 401, "E_AUTH")
    rng = random.Random(7)
    for _ in range(200):  # unauthenticated random paths must not each become a metrics series
        path = "/" + "".join(rng.choices(string.ascii_lowercase, k=12))
        assert httpx.get(s.url + path).status_code == 401
    httpx.get(s.url + "/v1/reports/abc", headers={"X-API-Key": "sekret"})
    metrics = httpx.get(s.url + "/metrics", headers={"X-API-Key": "sekret"}).text
    routes = {line.split('route="')[1].split('"')[0] for line in metrics.splitlines()
              if line.startswith("toulmin_requests_total")}
    assert routes == {"other", "/v1/stats", "/v1/reports/{rid}"}, routes  # templates, not paths
    assert len([x for x in metrics.splitlines() if x.startswith("toulmin_requests_total")]) < 10


def test_the_history_keeps_the_newest(tmp_path: Path) -> None:
    import toulmin

    store = HistoryStore(tmp_path / "h.sqlite", keep=3)
    rep = toulmin.verify(ANSWER, SOURCES)
    ids = [store.add(rep, kind="verify", sources=SOURCES, latency_ms=1.0) for _ in range(5)]
    time.sleep(0.01)
    assert [r["id"] for r in store.list(10)] == ids[::-1][:3]


def test_work_nobody_waits_for_is_stopped_and_not_stored(serve: Callable[..., Running]) -> None:
    s = serve(serve={"timeout": 0.5, "concurrency": 1})
    facts = [f"The plant in town {i} employs {i * 7} people." for i in range(60)]
    body = {"answer": " ".join(facts), "sources": [" ".join(facts)], "max_claims": 60}  # seconds of work
    with ThreadPoolExecutor(4) as pool:  # one runs, three wait their turn behind it
        got = list(pool.map(lambda _: httpx.post(s.url + "/v1/verify", json=body, timeout=120), range(4)))
    codes = sorted(r.json()["error"]["code"] for r in got)
    # those that started timed out (504); those still queued at their deadline never ran (503).
    # A queued one starts when the one ahead stops (within one claim of its deadline), so
    # which of the later ones still started is a race of milliseconds: at least one of each.
    assert set(codes) == {"E_BUSY", "E_TIMEOUT"}, codes
    for r in got:
        _shape(r, 503 if r.json()["error"]["code"] == "E_BUSY" else 504, r.json()["error"]["code"])
        assert r.status_code == 504 or int(r.headers["retry-after"]) >= 1
    # One worker, first in first out: a small request gets its turn once the stopped work
    # has reached its next stage and the queued work has been skipped. Had any of it run
    # on, its report would be in the history before the small one's.
    small = {"answer": facts[0], "sources": [facts[0]]}
    deadline = time.monotonic() + 90
    while (r := httpx.post(s.url + "/v1/verify", json=small, timeout=120)).status_code != 200:
        assert r.status_code in (503, 504), r.text[:300]
        assert time.monotonic() < deadline, "the server never got free"
    stored = httpx.get(s.url + "/v1/reports").json()["reports"]
    assert [x["id"] for x in stored] == [r.json()["id"]]


def test_latency_counts_the_wait_for_a_worker(serve: Callable[..., Running]) -> None:
    s = serve(serve={"concurrency": 1})
    facts = [f"The plant in town {i} employs {i * 7} people." for i in range(12)]
    body = {"answer": " ".join(facts), "sources": [" ".join(facts)], "max_claims": 12}
    assert httpx.post(s.url + "/v1/verify", json=body, timeout=120).status_code == 200  # warm
    with ThreadPoolExecutor(2) as pool:
        got = list(pool.map(lambda _: httpx.post(s.url + "/v1/verify", json=body, timeout=120), range(2)))
    assert all(r.status_code == 200 for r in got)
    rows = httpx.get(s.url + "/v1/reports").json()["reports"][:2]
    own = {x["id"]: httpx.get(s.url + f"/v1/reports/{x['id']}").json()["report"]["timings_ms"]["total"]
           for x in rows}
    waited = sorted((x["latency_ms"] - own[x["id"]], own[x["id"]]) for x in rows)
    # the second waited for the first to finish: its latency holds the other's work too
    (_, first_work), (second_wait, _) = waited
    assert second_wait >= 0.7 * first_work, waited


def test_a_full_queue_sheds_load_at_once(serve: Callable[..., Running]) -> None:
    s = serve(serve={"concurrency": 1, "max_queue": 1})
    facts = [f"The plant in town {i} employs {i * 7} people." for i in range(60)]
    body = {"answer": " ".join(facts), "sources": [" ".join(facts)], "max_claims": 60}
    with ThreadPoolExecutor(3) as pool:
        first = pool.submit(httpx.post, s.url + "/v1/verify", json=body, timeout=120)
        time.sleep(1.0)  # the first is admitted and running
        t0 = time.monotonic()
        refused = [httpx.post(s.url + "/v1/verify", json=body, timeout=120) for _ in range(2)]
        waited = time.monotonic() - t0
        assert first.result().status_code == 200
    for r in refused:
        _shape(r, 503, "E_BUSY")
        assert int(r.headers["retry-after"]) >= 1
    assert waited < 1.0  # refused at once, not after a wait
    page = httpx.get(s.url + "/")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"


def test_a_client_that_hangs_up_stops_the_work(serve: Callable[..., Running]) -> None:
    s = serve(serve={"concurrency": 1})
    facts = [f"The plant in town {i} employs {i * 7} people." for i in range(60)]
    body = {"answer": " ".join(facts), "sources": [" ".join(facts)], "max_claims": 60}
    small = {"answer": facts[0], "sources": [facts[0]]}
    assert httpx.post(s.url + "/v1/verify", json=small, timeout=120).status_code == 200  # warm
    for _ in range(2):
        with contextlib.suppress(httpx.ReadTimeout):
            httpx.post(s.url + "/v1/verify", json=body, timeout=0.5)
    t0 = time.monotonic()
    last = httpx.post(s.url + "/v1/verify", json=small, timeout=120)
    # behind two abandoned 60-claim verifications (seconds each), had they run on
    assert last.status_code == 200 and time.monotonic() - t0 < 3.0
    assert len(httpx.get(s.url + "/v1/reports").json()["reports"]) == 2  # the two small ones
