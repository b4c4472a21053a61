"""What the CPU's long runs share: a folder outside the work tree holding a pid file, an event
log and a STOP file, a process of its own that survives the shell that started it, and
pause / resume / stop by signal (the marathon, ``toulmin.training.marathon``; the teacher's
labeller, ``toulmin.training.labeller``)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import fields
from pathlib import Path
from typing import Any, TypeVar

from ..errors import ConfigError, InputError

__all__ = ["StopFlag", "ensure_idle", "events", "home_of", "load_dataclass", "log_event", "proc_state",
           "running_pid", "signal_run", "spawn", "stop_run", "wait_spawned", "write_json"]

T = TypeVar("T")


def home_of(env: str, name: str) -> Path:
    """A run's folder: ``$env``, else ``~/.cache/toulmin/kit/<name>`` (under ``$XDG_CACHE_HOME``
    when set), outside the work tree so that a fresh checkout leaves it alone."""
    if os.environ.get(env):
        return Path(os.environ[env])
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "toulmin" / "kit" / name


def load_dataclass(cls: type[T], path: Path) -> T:
    """A run's config file read into its dataclass; an unknown key is an error naming the valid ones."""
    raw = json.loads(path.read_text())
    known = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(raw) - known)
    if unknown:
        raise ConfigError("E_CONFIG_KEY", f"{path}: unknown keys {unknown}",
                          fix="valid keys: " + ", ".join(sorted(known)))
    return cls(**raw)


def log_event(h: Path, event: str, **fields_: Any) -> None:
    with open(h / "log.jsonl", "a", encoding="utf-8") as f:
        f.write(json.dumps({"t": round(time.time(), 1), "event": event, **fields_}) + "\n")


def events(h: Path) -> list[dict[str, Any]]:
    if not (h / "log.jsonl").is_file():
        return []
    with open(h / "log.jsonl", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def write_json(path: Path, data: Any) -> None:
    """Written whole or not at all: a kill mid-write leaves the old file."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n")
    os.replace(tmp, path)


# The runs this process started, kept so that they are reaped (not left as zombies)
# when they end while it lives on, as in a test or a notebook.
_SPAWNED: dict[int, subprocess.Popen[bytes]] = {}


def running_pid(h: Path) -> int | None:
    """The pid of the run in ``h``, or None (a pid file left by a killed run is stale)."""
    for child, proc in list(_SPAWNED.items()):
        if proc.poll() is not None:  # ended: reaped here, not left as a zombie
            del _SPAWNED[child]
    try:
        pid = int((h / "pid").read_text())
    except (FileNotFoundError, ValueError):
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    if pid in _SPAWNED:
        return pid  # this process's own child, and poll() said it still runs
    # a zombie (killed, not yet reaped by its parent) is not running
    return None if proc_state(pid) == "Z" else pid


def ensure_idle(h: Path, what: str) -> None:
    """Refuse to start a second run in ``h`` beside a running one (``what`` names it)."""
    running = running_pid(h)
    if running is not None:
        raise InputError("E_RUNNING", f"the {what} in {h} is already running (pid {running})",
                         fix="'status' shows where it is; 'stop' ends it")


def proc_state(pid: int) -> str | None:
    """The state letter /proc gives a process (R, S, T stopped, Z zombie...), or None."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return None


def spawn(h: Path, module: str) -> int:
    """``python -m module h`` in a session of its own (a closed shell does not end it), its
    output appended to ``h/run.log``; returns its pid, also written to ``h/pid``."""
    (h / "STOP").unlink(missing_ok=True)
    with open(h / "run.log", "ab") as out:
        proc = subprocess.Popen([sys.executable, "-m", module, str(h)], stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    _SPAWNED[proc.pid] = proc
    (h / "pid").write_text(str(proc.pid))
    return proc.pid


def stop_run(h: Path, wait: float = 0.0) -> bool:
    """Ask the run to end (it saves its work first); with ``wait``, wait up to that many
    seconds for it. True when no run is left."""
    (h / "STOP").touch()
    pid = running_pid(h)
    if pid is not None:
        os.kill(pid, signal.SIGCONT)  # a paused run must wake to stop
        os.kill(pid, signal.SIGTERM)
    deadline = time.time() + wait
    while pid is not None and running_pid(h) is not None and time.time() < deadline:
        time.sleep(0.5)
    return running_pid(h) is None


def signal_run(h: Path, sig: signal.Signals, what: str) -> int:
    """SIGSTOP (pause) or SIGCONT (resume) the run in ``h``, logged; ``what`` names it in
    the error when none runs."""
    pid = running_pid(h)
    if pid is None:
        raise InputError("E_NOT_RUNNING", f"no {what} is running in {h}",
                         fix="'start' starts it or resumes it from its last checkpoint")
    os.kill(pid, sig)
    log_event(h, "pause" if sig == signal.SIGSTOP else "resume")
    return pid


def wait_spawned(timeout: float = 60.0) -> None:
    """Wait for the runs this process started to end (a test's or a notebook's tidy exit)."""
    for child, proc in list(_SPAWNED.items()):
        proc.wait(timeout)
        _SPAWNED.pop(child, None)


class StopFlag:
    """SIGTERM sets it, as does a STOP file in the run's folder; the loop ends after the
    step it is in."""

    def __init__(self, h: Path) -> None:
        self.h = h
        self.flag = False
        self.before = signal.signal(signal.SIGTERM, self._on)

    def _on(self, *_: Any) -> None:
        self.flag = True

    def restore(self) -> None:
        signal.signal(signal.SIGTERM, self.before)

    def __bool__(self) -> bool:
        return self.flag or (self.h / "STOP").exists()
