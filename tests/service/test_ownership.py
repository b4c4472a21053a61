"""Reports belong to the key that made them: the real service on 127.0.0.1, two keys and
an admin key; and an old history file gains its owners' column."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

import toulmin
from toulmin.service.app import hash_key
from toulmin.service.history import ALL, HistoryStore, Viewer

from .conftest import Running

pytestmark = pytest.mark.slow

MINUTES = {"id": "board-minutes", "text": "The merger closes in May 2027, the board agreed."}
CONFIDENTIAL = {"answer": "The merger closes in May 2027.", "sources": [MINUTES]}
KEYS = {"serve": {"api_keys_sha256": [hash_key("key-a"), hash_key("key-b")],
                  "admin_keys_sha256": [hash_key("key-admin")]}}


def _as(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def test_a_key_sees_only_its_own_reports(serve: Callable[..., Running]) -> None:
    s = serve(**KEYS)
    with httpx.Client(base_url=s.url, timeout=120) as c:
        made = c.post("/v1/verify", json=CONFIDENTIAL, headers=_as("key-a"))
        assert made.status_code == 200, made.text
        rid = made.json()["id"]
        with c.stream("POST", "/v1/verify/stream", json={**CONFIDENTIAL, "answer": "The merger closes."},
                      headers={"X-API-Key": "key-a"}) as r:
            assert r.status_code == 200 and "event: verification" in r.read().decode()

        # key A: both of its reports
        mine = c.get("/v1/reports", headers=_as("key-a")).json()["reports"]
        assert len(mine) == 2 and rid in {r["id"] for r in mine}
        got = c.get(f"/v1/reports/{rid}", headers=_as("key-a")).json()
        assert got["report"]["answer"] == CONFIDENTIAL["answer"]
        assert c.get("/v1/stats", headers=_as("key-a")).json()["reports"] == 2

        # key B: nothing of A's, by list, by id or in the stats; A's id reads as an unknown one
        assert c.get("/v1/reports", headers=_as("key-b")).json()["reports"] == []
        theirs = c.get(f"/v1/reports/{rid}", headers=_as("key-b"))
        unknown = c.get("/v1/reports/" + "0" * 32, headers=_as("key-b"))
        assert theirs.status_code == unknown.status_code == 404
        assert theirs.json()["error"]["code"] == unknown.json()["error"]["code"] == "E_NOT_FOUND"
        assert set(theirs.json()["error"]) == set(unknown.json()["error"])
        assert "merger" not in theirs.text
        stats_b = c.get("/v1/stats", headers=_as("key-b")).json()
        assert stats_b["reports"] == 0 and stats_b["hallucination_rate"] is None

        # B's own report is B's alone
        assert c.post("/v1/verify", json=CONFIDENTIAL, headers=_as("key-b")).status_code == 200
        assert len(c.get("/v1/reports", headers=_as("key-b")).json()["reports"]) == 1
        assert len(c.get("/v1/reports", headers=_as("key-a")).json()["reports"]) == 2

        # the admin key reads everyone's
        assert len(c.get("/v1/reports", headers=_as("key-admin")).json()["reports"]) == 3
        assert c.get(f"/v1/reports/{rid}", headers=_as("key-admin")).status_code == 200
        assert c.get("/v1/stats", headers=_as("key-admin")).json()["reports"] == 3

    # the store holds the key's hash, never the key
    raw = sqlite3.connect(s.app.state.service.history.path).execute("SELECT owner FROM reports").fetchall()
    assert {r[0] for r in raw} == {hash_key("key-a"), hash_key("key-b")}


def test_a_server_without_keys_shows_no_report_a_key_made(serve: Callable[..., Running]) -> None:
    s = serve(**KEYS)
    with httpx.Client(base_url=s.url, timeout=120) as c:
        assert c.post("/v1/verify", json=CONFIDENTIAL, headers=_as("key-a")).status_code == 200
    path = s.app.state.service.history.path
    s.stop()
    # the same history, the server restarted without keys: A's report stays A's
    open_ = serve(serve={"history": str(path)})
    with httpx.Client(base_url=open_.url, timeout=120) as c:
        assert c.get("/v1/reports").json()["reports"] == []
        assert c.post("/v1/verify", json=CONFIDENTIAL).status_code == 200
        assert len(c.get("/v1/reports").json()["reports"]) == 1


def _old_history(path: Path) -> None:
    """A history file as toulmin wrote it before reports had owners."""
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE reports (id TEXT PRIMARY KEY, created REAL NOT NULL, kind TEXT NOT NULL,
            answer_sha256 TEXT NOT NULL, sources_sha256 TEXT NOT NULL, question TEXT, confidence REAL,
            is_grounded INTEGER NOT NULL, claims_checked INTEGER NOT NULL,
            claims_supported INTEGER NOT NULL, crag_attempts INTEGER, crag_reached INTEGER,
            latency_ms REAL NOT NULL, report TEXT NOT NULL);
        CREATE INDEX reports_created ON reports (created);
    """)
    rep = toulmin.verify("The bridge opened in 1937.", ["The bridge opened in 1937."])
    db.execute("INSERT INTO reports VALUES ('old1', 1.0, 'verify', 'a', 's', NULL, 1.0, 1, 1, 1, NULL, NULL, "
               "12.0, ?)", (rep.to_json(indent=None),))
    db.commit()
    db.close()


def test_an_old_history_gains_owners_and_its_reports_belong_to_no_key(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    _old_history(path)
    store = HistoryStore(path)
    cols = [r[1] for r in sqlite3.connect(path).execute("PRAGMA table_info(reports)")]
    assert cols[-1] == "owner"
    key_a = Viewer(owner=hash_key("key-a"))
    assert store.list(viewer=key_a) == [] and store.get("old1", key_a) is None
    assert [r["id"] for r in store.list(viewer=Viewer(admin=True))] == ["old1"]
    assert [r["id"] for r in store.list(viewer=Viewer())] == ["old1"]  # a server without keys, as before
    # opened again: nothing changes, and new reports are stored with their owner
    store = HistoryStore(path)
    rep = toulmin.verify("The bridge opened in 1938.", ["The bridge opened in 1937."])
    rid = store.add(rep, kind="verify", sources=[], latency_ms=1.0, owner=hash_key("key-a"))
    assert [r["id"] for r in store.list(viewer=key_a)] == [rid]
    assert len(store.list(viewer=ALL)) == 2
