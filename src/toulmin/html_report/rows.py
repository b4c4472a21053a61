"""Reading a run, its input and its labels into the rows the page shows (see the package)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError, ToulminError
from ..report import Verdict
from ..rows import loads_strict, lone_surrogate
from ..sources import coerce_sources

__all__ = ["BINS", "PAGE_SIZE", "VERDICTS", "Run", "load_labels", "parse_label", "read_inputs", "read_run"]

PAGE_SIZE = 50
CONTEXT = 300  # characters of the source around a quote, as the service page shows
BINS = 10
VERDICTS = [v.value for v in Verdict]
_TRUE = {"grounded", "true", "yes"}
_FALSE = {"not grounded", "not_grounded", "not-grounded", "ungrounded", "false", "no"}
_LABEL_FIX = ('a label is true/false, 1/0, "grounded" or "not grounded", e.g. '
              '{"id": "q-17", "label": "grounded"}')
_SECRET_KEYS = {"api_key", "api_keys_sha256", "admin_keys_sha256"}


@dataclass
class Run:
    """The rows of a run, as the page shows them, and what was noticed reading them."""

    name: str
    rows: list[dict[str, Any]] = field(default_factory=list)  # in file order
    bad_lines: list[int] = field(default_factory=list)  # listed as error rows
    configs: list[dict[str, Any]] = field(default_factory=list)  # distinct, with "n"
    notes: list[str] = field(default_factory=list)
    labels_unmatched: int = 0
    sources_given: bool = False
    quotes_alone: int = 0  # with sources given: quotes not found in them


# -- reading -------------------------------------------------------------------------------


def _lines(path: Path, what: str) -> Iterator[tuple[int, bytes]]:
    if not path.is_file():
        raise InputError("E_NOT_FOUND", f"{what} {path} does not exist",
                         fix="give the path of a JSONL file (one JSON object a line)")
    with path.open("rb") as fh:
        for n, raw in enumerate(fh, 1):
            if raw.strip():
                yield n, raw


def _json(raw: bytes) -> Any:
    return loads_strict(raw.decode("utf-8"))


def parse_label(value: Any, where: str) -> bool:
    """True (grounded) or False; E_BAD_LABEL for anything else, naming ``where``."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        v = value.strip().lower()
        if v in _TRUE or v == "1":
            return True
        if v in _FALSE or v == "0":
            return False
    raise InputError("E_BAD_LABEL", f"{where}: the label {value!r} is not grounded / not grounded",
                     fix=_LABEL_FIX)


def load_labels(path: str | Path) -> dict[str, bool]:
    """``{id: grounded?}`` from a JSONL file of ``{"id", "label"}`` rows."""
    p = Path(path)
    out: dict[str, bool] = {}
    for n, raw in _lines(p, "the labels file"):
        where = f"{p.name} line {n}"
        try:
            row = _json(raw)
        except (UnicodeDecodeError, ValueError) as e:
            raise InputError("E_BAD_JSON", f"{where} is not JSON: {e}",
                             fix='one JSON object a line: {"id": "q-17", "label": true}') from None
        if not isinstance(row, dict) or "id" not in row or "label" not in row:
            raise InputError("E_BAD_ROW", f"{where} is not a row with an id and a label",
                             fix='one JSON object a line: {"id": "q-17", "label": true}')
        rid, label = str(row["id"]), parse_label(row["label"], where)
        if rid in out and out[rid] != label:
            raise InputError("E_DUPLICATE_ID", f"{where}: id {rid!r} has two different labels",
                             fix="give each answer one label")
        out[rid] = label
    return out


def read_inputs(path: str | Path) -> tuple[dict[str, dict[str, Any]], int]:
    """The batch input's rows by id: ``{id: {"sources": {source id: text} | None,
    "label": bool | None}}``, and how many lines could not be read (their rows are
    error rows of the run already: verify-batch could not read them either)."""
    p = Path(path)
    out: dict[str, dict[str, Any]] = {}
    unread = 0
    for n, raw in _lines(p, "the input file"):
        try:
            row = _json(raw)
        except (UnicodeDecodeError, ValueError):
            unread += 1
            continue
        if not isinstance(row, dict):
            unread += 1
            continue
        rid = str(row.get("id", f"line-{n}"))
        try:
            texts: dict[str, str] | None = {s.id: s.text for s in coerce_sources(row.get("sources"))}
        except ToulminError:
            texts = None
        label = parse_label(row["label"], f"{p.name} line {n}") if "label" in row else None
        out.setdefault(rid, {"sources": texts, "label": label})
    return out, unread


def _bad(n: int, rid: Any, code: str, message: str, fix: str) -> dict[str, Any]:
    return {"id": str(rid), "line": n, "error": {"code": code, "message": f"line {n}: {message}", "fix": fix}}


_RUN_FIX = "RUN.jsonl holds the rows toulmin verify-batch writes: {id, report} or {id, error}"


def _claims(report: Mapping[str, Any]) -> list[dict[str, Any]] | None:
    details = report.get("details")
    if not isinstance(details, list):
        return None
    for d in details:
        if not isinstance(d, dict) or d.get("verdict") not in VERDICTS:
            return None
    return details


def read_run(path: str | Path, *, inputs: Mapping[str, Mapping[str, Any]] | None = None,
             labels: Mapping[str, bool] | None = None) -> Run:
    """The rows of RUN.jsonl, joined with the batch input's sources and the labels."""
    p = Path(path)
    run = Run(name=p.name, sources_given=inputs is not None)
    configs: dict[str, int] = {}
    seen_ids: set[str] = set()
    verify_rows = 0
    for n, raw in _lines(p, "the run"):
        try:
            verify_rows += _read_line(run, p, n, raw, inputs, labels, configs, seen_ids)
        except InputError as e:
            if e.code == "E_BAD_LABEL":
                raise  # a label the user gave is theirs to fix: the command says where
            run.rows.append(_bad(n, f"line-{n}", e.code, e.message, e.fix or _RUN_FIX))
            run.bad_lines.append(n)
        except Exception as e:
            run.rows.append(_bad(n, f"line-{n}", "E_BAD_ROW",
                                 f"a line that cannot be read ({type(e).__name__}: {_plain(str(e))})",
                                 _RUN_FIX))
            run.bad_lines.append(n)
    if not run.rows:
        raise InputError("E_EMPTY", f"the run {p} has no rows", fix=_RUN_FIX)
    if not verify_rows:
        raise InputError("E_BAD_ROW", f"no line of {p} is a verify-batch row (line {run.bad_lines[0]}: "
                         f"{run.rows[0]['error']['message'].split(': ', 1)[1]})",
                         fix=_RUN_FIX + "; give the output of verify-batch, not its input")
    if labels is not None:
        run.labels_unmatched = len(set(labels) - seen_ids)
    if run.bad_lines:
        k = len(run.bad_lines)
        what = f"1 line of {p.name} is not a verify-batch row; it is" if k == 1 else \
            f"{k} lines of {p.name} are not verify-batch rows; they are"
        run.notes.append(f"{what} listed with the errors (line{'s' if k > 1 else ''} {_some(run.bad_lines)})")
    if run.labels_unmatched:
        run.notes.append(f"{run.labels_unmatched} labels name ids that are not in this run")
    if run.sources_given and run.quotes_alone:
        run.notes.append(f"{run.quotes_alone} quotes were not found in the input's sources (another "
                         "version of the input?): they are shown alone")
    return run


def _read_line(run: Run, p: Path, n: int, raw: bytes, inputs: Mapping[str, Mapping[str, Any]] | None,
               labels: Mapping[str, bool] | None, configs: dict[str, int], seen_ids: set[str]) -> int:
    """Read line ``n`` of the run into ``run``; 1 when it is a verify-batch row."""
    try:
        obj = _json(raw)
    except (UnicodeDecodeError, ValueError) as e:
        run.rows.append(_bad(n, f"line-{n}", "E_BAD_JSON", f"not JSON ({e})", _RUN_FIX))
        run.bad_lines.append(n)
        return 0
    rid = obj.get("id", f"line-{n}") if isinstance(obj, dict) else f"line-{n}"
    rid = str(rid) if isinstance(rid, (str, int)) and not isinstance(rid, bool) else f"line-{n}"
    seen_ids.add(rid)
    if isinstance(obj, dict) and isinstance(obj.get("error"), dict) and "report" not in obj:
        err = obj["error"]
        _drawable({"id": rid, "err": err})
        run.rows.append({"id": rid, "line": n, "error": {
            "code": str(err.get("code", "?")), "message": str(err.get("message", "")),
            "fix": str(err.get("fix") or "")}})
        return 1
    rep = obj.get("report") if isinstance(obj, dict) else None
    details = _claims(rep) if isinstance(rep, dict) else None
    if not isinstance(rep, dict) or not isinstance(rep.get("answer"), str) or details is None:
        what = ("neither a report nor an error" if not isinstance(rep, dict)
                else "a report without its answer and claims (details)")
        run.rows.append(_bad(n, rid, "E_BAD_ROW", what, _RUN_FIX))
        run.bad_lines.append(n)
        return 0
    inp = (inputs or {}).get(rid)
    label: bool | None = None
    if labels is not None and rid in labels:
        label = labels[rid]
    elif isinstance(obj, dict) and "label" in obj:
        label = parse_label(obj["label"], f"{p.name} line {n}")
    elif inp is not None:
        label = inp.get("label")
    try:
        quotes_alone = run.quotes_alone
        row = _row(n, rid, rep, details, label, None if inp is None else inp.get("sources"), run)
        models = rep.get("models") if isinstance(rep.get("models"), dict) else {}
        key = json.dumps([rep.get("toulmin_version"), rep.get("config"), models], sort_keys=True)
        shown = {"toulmin_version": rep.get("toulmin_version"), "schema_version": rep.get("schema_version"),
                 "config": _mask(rep.get("config") or {}), "models": models, "n": 0, "total_ms": 0.0}
        _drawable([row, shown])  # all of it, before anything of it is kept
    except (TypeError, ValueError, AttributeError, OverflowError, RecursionError) as e:
        run.quotes_alone = quotes_alone
        what = "nested too deep" if isinstance(e, RecursionError) else _plain(str(e))
        run.rows.append(_bad(n, f"line-{n}" if lone_surrogate(rid) else rid, "E_BAD_ROW",
                             f"a report that cannot be read ({what})", _RUN_FIX))
        run.bad_lines.append(n)
        return 0
    if key not in configs:
        configs[key] = len(run.configs)
        run.configs.append(shown)
    cfg = run.configs[configs[key]]
    cfg["n"] += 1
    timings = rep.get("timings_ms")
    total = timings.get("total") if isinstance(timings, dict) else None
    if isinstance(total, (int, float)):
        cfg["total_ms"] += float(total)
    run.rows.append(row)
    return 1


def _drawable(obj: Any) -> None:
    """What the page will hold can be written in UTF-8 (numbers are finite already:
    ``loads_strict``); a ValueError saying why otherwise."""
    if lone_surrogate(obj):
        raise ValueError("a string holds a lone surrogate (a \\ud800-\\udfff escape), which no UTF-8 "
                         "page can hold")


def _plain(text: str) -> str:
    """``text`` as UTF-8 can hold it (a lone surrogate shown as its escape)."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _some(ns: list[int]) -> str:
    return ", ".join(map(str, ns[:10])) + (", ..." if len(ns) > 10 else "")


def _mask(cfg: Any) -> Any:
    if isinstance(cfg, dict):
        return {k: ("***" if k in _SECRET_KEYS and v else _mask(v)) for k, v in cfg.items()}
    if isinstance(cfg, list):
        return [_mask(v) for v in cfg]
    return cfg


def _offset(x: Any) -> int:
    """An evidence offset: a whole number of characters, 0 when absent."""
    if x is None:
        return 0
    if isinstance(x, bool) or not isinstance(x, int) or x < 0:
        raise ValueError(f"an evidence offset {x!r} is not a whole number of characters")
    return x


def _int(x: Any) -> int | None:
    return x if isinstance(x, int) and not isinstance(x, bool) else None


def _tables(rep: Mapping[str, Any]) -> dict[str, Any]:
    """The cells of the report's table sources (``sources[].tables``), by source id."""
    out: dict[str, Any] = {}
    for s in rep.get("sources") or []:
        if isinstance(s, dict) and isinstance(s.get("tables"), list) and s["tables"]:
            out[str(s.get("id", ""))] = s["tables"]
    return out


def _row(n: int, rid: str, rep: Mapping[str, Any], details: list[dict[str, Any]], label: bool | None,
         texts: Mapping[str, str] | None, run: Run) -> dict[str, Any]:
    conf = rep.get("confidence")
    if conf is not None and (isinstance(conf, bool) or not isinstance(conf, (int, float))
                             or not 0.0 <= conf <= 1.0):
        raise ValueError(f"confidence {conf!r} is not a number from 0 to 1, or null")
    grounded = rep.get("is_grounded")
    if not isinstance(grounded, bool):
        # a string is no boolean: "false" read as truthy made an ungrounded answer grounded
        raise ValueError(f"is_grounded {grounded!r} is not true or false")
    claims = []
    tables = _tables(rep)
    for d in details:
        evs = d.get("evidence")
        ev = (evs[0] if isinstance(evs, list) and evs else None) or d.get("contradicting")
        shown = None
        if isinstance(ev, dict):
            sid, quote = str(ev.get("source_id", "")), str(ev.get("quote", ""))
            start, end = _offset(ev.get("start")), _offset(ev.get("end"))
            clip = None
            text = (texts or {}).get(sid)
            if text is not None and text[start:end] == quote:
                lo, hi = max(0, start - CONTEXT), min(len(text), end + CONTEXT)
                clip = (text[lo:hi], lo, len(text))
            elif texts is not None:
                run.quotes_alone += 1
            shown = {"sid": sid, "start": start, "end": end, "quote": quote, "clip": clip}
            if sid in tables:  # a table source: every span it cites, to mark its cells
                cited = [e for e in [*(evs if isinstance(evs, list) else []), d.get("contradicting")]
                         if isinstance(e, dict) and str(e.get("source_id", "")) == sid]
                shown["spans"] = [[_offset(e.get("start")), _offset(e.get("end"))] for e in cited]
        claims.append({"claim": str(d.get("claim", "")), "start": _int(d.get("start")),
                       "end": _int(d.get("end")),
                       "type": str(d.get("type", "?")), "verdict": d["verdict"],
                       "note": str(d.get("note", "")), "ev": shown})
    question = rep.get("question")
    return {"id": rid, "line": n, "answer": rep["answer"],
            "question": question if isinstance(question, str) else None,
            "confidence": None if conf is None else float(conf),
            "level": str(rep.get("confidence_level", "")), "grounded": grounded,
            "label": label, "claims": claims, "tables": tables}
