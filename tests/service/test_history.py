"""The history in SQLite and in a real PostgreSQL server, which this test starts
(initdb + pg_ctl from Debian's postgresql package; .ci/run installs it and sets
REQUIRE_POSTGRES=1, so there a missing server fails instead of skipping)."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import toulmin
from toulmin.errors import StoreError
from toulmin.service.history import HistoryStore, PostgresHistory, Viewer, open_history

pytestmark = pytest.mark.slow

SOURCES = ["Marie Curie was born in Warsaw in 1867."]


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if not (initdb and pg_ctl):
        if os.environ.get("REQUIRE_POSTGRES") == "1":
            raise RuntimeError("REQUIRE_POSTGRES=1 but PostgreSQL's initdb/pg_ctl are not installed")
        pytest.skip("PostgreSQL server binaries are not installed (apt-get install postgresql)")
    root = Path(tempfile.mkdtemp(prefix="toulmin-pg-"))
    data = root / "data"
    # initdb refuses to run as root: run the server as the postgres user then
    as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    if as_user:
        shutil.chown(root, "postgres")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    subprocess.run([*as_user, initdb, "-D", str(data), "-A", "trust", "-U", "postgres"], check=True,
                   capture_output=True)  # fmt: skip
    opts = f"-p {port} -k {root} -c listen_addresses=127.0.0.1"
    subprocess.run([*as_user, pg_ctl, "-D", str(data), "-o", opts, "-l", str(root / "log"), "-w", "start"],
                   check=True, capture_output=True)  # fmt: skip
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_user, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


def _exercise(h: HistoryStore) -> None:
    good = toulmin.verify("Marie Curie was born in Warsaw.", SOURCES)
    bad = toulmin.verify("Marie Curie was born in Paris in 1901.", SOURCES)
    a = h.add(good, kind="verify", sources=SOURCES, latency_ms=120.0)
    b = h.add(bad, kind="verify", sources=SOURCES, latency_ms=80.0, crag_attempts=1, crag_reached=False)
    c = h.add(good, kind="ask", sources=SOURCES, latency_ms=300.0, crag_attempts=0, crag_reached=True)
    listed = h.list()
    assert [x["id"] for x in listed] == [c, b, a]
    assert listed[0]["answer"] == "Marie Curie was born in Warsaw." and listed[1]["is_grounded"] is False
    got = h.get(b)
    assert got is not None and got["report"]["answer"] == bad.answer and got["crag_attempts"] == 1
    assert h.get("missing") is None
    st = h.stats()
    assert st["reports"] == 3 and st["hallucination_rate"] == round(1 / 3, 4)
    assert st["crag_runs"] == 2 and st["crag_trigger_rate"] == 0.5 and st["crag_success_rate"] == 0.0
    assert st["latency_ms"]["p50"] == 120.0
    # a key's report: its own, and no one else's (the same SQL on both stores)
    mine, other = Viewer(owner="a" * 64), Viewer(owner="b" * 64)
    d = h.add(bad, kind="verify", sources=SOURCES, latency_ms=50.0, owner="a" * 64)
    assert [x["id"] for x in h.list(viewer=mine)] == [d] and h.list(viewer=other) == []
    assert h.get(d, other) is None and h.get(d, mine) is not None and h.get(a, mine) is None
    assert h.stats(mine)["reports"] == 1 and h.stats(other)["reports"] == 0
    assert d not in [x["id"] for x in h.list(viewer=Viewer())]  # a server without keys
    assert len(h.list(viewer=Viewer(admin=True))) == 4


def test_sqlite_history(tmp_path: Path) -> None:
    h = open_history(tmp_path / "h.sqlite")
    assert type(h) is HistoryStore
    _exercise(h)
    import sqlite3

    assert sqlite3.connect(tmp_path / "h.sqlite").execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_postgres_history(pg_url: str) -> None:
    h = open_history(pg_url)
    assert isinstance(h, PostgresHistory)
    _exercise(h)


def test_postgres_down_is_a_clear_error() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(StoreError) as e:
        open_history(f"postgresql://postgres@127.0.0.1:{port}/postgres")
    assert e.value.code == "E_STORE_UNAVAILABLE" and "serve.history" in (e.value.fix or "")
