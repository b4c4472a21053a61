"""``toulmin serve``: each server keeps its own history unless told to share one.

The servers are real (uvicorn on 127.0.0.1); only ``uvicorn.Server``, which would block
the test, is replaced by a hand-over of the configuration the command built."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import CliRunner

from tests.service.conftest import Running
from toulmin.cli import main
from toulmin.cli.serve_cmd import _shown

SOURCES = ["Marie Curie was born in Warsaw in 1867."]


def _serve(monkeypatch: pytest.MonkeyPatch, cwd: Path, *args: str) -> tuple[Any, str]:
    """Run ``toulmin serve ARGS`` in CWD; return the app it would serve and its stderr."""
    import uvicorn

    built: list[Any] = []

    class Server:  # what toulmin serve starts, handed over instead of run
        def __init__(self, config: uvicorn.Config) -> None:
            built.append(config)

        def run(self) -> None:
            pass

    monkeypatch.setattr(uvicorn, "Server", Server)
    monkeypatch.chdir(cwd)
    result = CliRunner().invoke(main, ["serve", *args])
    assert result.exit_code == 0, result.output
    assert len(built) == 1
    # the server's own limits are on (toulmin.service.server)
    assert built[0].http.__name__ == "GuardedH11Protocol"
    return built[0].app, result.stderr


def test_a_fresh_server_lists_no_report_of_an_earlier_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    (second / "toulmin.yaml").write_text("serve: {port: 8090}\n")

    app, err = _serve(monkeypatch, first)
    assert f"history in {first.resolve() / 'toulmin-history.sqlite'} (--history to change)" in err
    server = Running(app)
    try:
        r = httpx.post(f"{server.url}/v1/verify", json={"answer": "Marie Curie was born in Warsaw.",
                                                        "sources": SOURCES}, timeout=120)
        assert r.status_code == 200, r.text
        assert len(httpx.get(f"{server.url}/v1/reports").json()["reports"]) == 1
    finally:
        server.stop()

    # another project's server: beside its config file, and empty
    app, err = _serve(monkeypatch, second)
    assert "http://127.0.0.1:8090" in err
    assert str(second.resolve() / "toulmin-history.sqlite") in err
    server = Running(app)
    try:
        assert httpx.get(f"{server.url}/v1/reports").json()["reports"] == []
    finally:
        server.stop()

    # the first project again: its report is still there
    app, _ = _serve(monkeypatch, first)
    assert len(app.state.service.history.list()) == 1


def test_history_named_by_flag_or_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    named = tmp_path / "shared" / "h.sqlite"
    app, err = _serve(monkeypatch, tmp_path, "--history", str(named))
    assert f"history in {named} " in err
    assert Path(app.state.service.history.path) == named

    conf = tmp_path / "conf"
    conf.mkdir()
    (conf / "team.yaml").write_text("checker: {window_words: 100}\n")
    app, err = _serve(monkeypatch, tmp_path, "--config", str(conf / "team.yaml"))
    assert Path(app.state.service.history.path) == conf.resolve() / "toulmin-history.sqlite"


def test_startup_line_hides_a_database_password() -> None:
    assert _shown("postgresql://ann:s3cret@db:5432/toulmin") == "postgresql://ann:***@db:5432/toulmin"
    assert _shown("/var/lib/toulmin/h.sqlite") == "/var/lib/toulmin/h.sqlite"
