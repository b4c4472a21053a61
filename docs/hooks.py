"""MkDocs hooks, and the reference pages generated from the code.

``python docs/hooks.py`` writes the pages that are generated from the code, so that
they cannot drift from what the package does and still read on a repository browser:
- ``reference/configuration.md`` from ``Config.model_json_schema()`` (every key, its
  type, default and meaning);
- ``reference/report-schema.md`` from ``toulmin.report_schema()`` (every field of the
  report, per object);
- ``reference/models.md``, the list of the model cards that ship inside the package;
- ``reference/checks.md`` from the registry of checks (``toulmin.checks.registered``) and
  the last ablation (``benchmarks/results/checks-ablation.json``, written by
  ``python benchmarks/checks.py --ablate``).
``tests/test_docs.py`` fails when a committed page differs from what the code makes, and
so does the site's strict build. The cards themselves are added to the site when it is
built (``reference/models/<name>.md``), from the package: one copy, the package's.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
MODELS = ROOT / "src" / "toulmin" / "models"
log = logging.getLogger("mkdocs.hooks.toulmin")


def generated() -> dict[str, Callable[[], str]]:
    """Page (relative to docs/) -> the function that writes it."""
    return {
        "reference/configuration.md": configuration_page,
        "reference/report-schema.md": report_schema_page,
        "reference/models.md": models_page,
        "reference/checks.md": checks_page,
    }


def stale() -> list[str]:
    """The generated pages whose committed text is not what the code makes now."""
    out = []
    for rel, make in generated().items():
        path = DOCS / rel
        if not path.is_file() or path.read_text(encoding="utf-8") != make():
            out.append(rel)
    return out


def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File

    for rel in stale():
        log.warning("docs/%s is not what the code makes now: run python docs/hooks.py", rel)
    for card in sorted(MODELS.glob("*/MODEL_CARD.md")):
        files.append(File.generated(config, f"reference/models/{card.parent.name}.md", content=_card(card)))
    return files


# -- configuration ---------------------------------------------------------------------

def _type(prop: dict[str, Any]) -> str:
    if "enum" in prop:
        return "one of " + ", ".join(f"`{json.dumps(v)}`" for v in prop["enum"])
    if "anyOf" in prop:
        return " or ".join(_type(p) for p in prop["anyOf"])
    if "$ref" in prop:
        return prop["$ref"].rsplit("/", 1)[-1]
    t = prop.get("type", "any")
    if t == "array":
        return f"list of {_type(prop.get('items', {}))}"
    if t == "object" and isinstance(prop.get("additionalProperties"), dict):
        return f"map to {_type(prop['additionalProperties'])}"
    return str(t)


def _bounds(prop: dict[str, Any]) -> str:
    parts = []
    for p in [prop, *prop.get("anyOf", [])]:
        for key, sign in (("minimum", "≥"), ("exclusiveMinimum", ">"), ("maximum", "≤"),
                          ("exclusiveMaximum", "<")):
            if key in p:
                parts.append(f"{sign} {p[key]}")
    return f" ({', '.join(parts)})" if parts else ""


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def configuration_page() -> str:
    from toulmin.config import Config

    schema = Config.model_json_schema()
    defs = schema["$defs"]
    out = [
        "# Configuration",
        "",
        "Generated from the configuration schema (`toulmin schema config` prints it as JSON).",
        "Layers, later wins: built-in defaults, `toulmin.yaml` (or the file named by",
        "`TOULMIN_CONFIG` or `--config`), `TOULMIN_*` environment variables",
        "(`TOULMIN_LINK__K=5`: a double underscore between section and key), then",
        "per call: `--set link.k=5` on the command line, keyword arguments in Python",
        "(`toulmin.verify(..., link={\"k\": 5})` or `**{\"link.k\": 5}`), `options` in a",
        "request to the service. A per-call option never changes a shared object.",
        "Unknown keys are errors that list the valid ones (`E_CONFIG_KEY`).",
        "Every report records the resolved configuration in `config`.",
        "",
        "```yaml",
        "# toulmin.yaml",
        "preset: fast",
        "link: {k: 5}",
        "decide: {grounded_threshold: 0.8}",
        "```",
        "",
    ]
    top = schema["properties"]
    plain = {k: v for k, v in top.items() if "$ref" not in v}
    if plain:
        out += ["## Top level", "", "| key | type | default | meaning |", "|---|---|---|---|"]
        for key, prop in plain.items():
            out.append(f"| `{key}` | {_cell(_type(prop))}{_bounds(prop)} | "
                       f"`{json.dumps(prop.get('default'))}` | {_cell(prop.get('description', ''))} |")
        out.append("")
    for section, prop in top.items():
        if "$ref" not in prop:
            continue
        d = defs[prop["$ref"].rsplit("/", 1)[-1]]
        out += [f"## `{section}`", ""]
        if d.get("description"):
            out += [d["description"], ""]
        out += ["| key | type | default | meaning |", "|---|---|---|---|"]
        for key, p in d["properties"].items():
            default = json.dumps(p["default"]) if "default" in p else "*required*"
            out.append(f"| `{section}.{key}` | {_cell(_type(p))}{_bounds(p)} | `{_cell(default)}` | "
                       f"{_cell(p.get('description', ''))} |")
        out.append("")
    return "\n".join(out)


# -- report schema ---------------------------------------------------------------------

def report_schema_page() -> str:
    from toulmin import report_schema
    from toulmin.report import SCHEMA_VERSION

    schema = report_schema()
    defs = schema.get("$defs", {})
    out = [
        "# Report schema",
        "",
        f"Generated from `toulmin.report_schema()` (schema version `{SCHEMA_VERSION}`).",
        "`toulmin schema report` prints the JSON Schema; the repository keeps a copy in",
        "[`report.schema.json`](../report.schema.json), which a test holds equal to the code.",
        "What the fields mean in use: [What a report holds](../concepts/report.md).",
        "",
    ]
    for name, obj in [(schema.get("title", "Report"), schema), *sorted(defs.items())]:
        if "properties" not in obj:
            if "enum" in obj:
                out += [f"## {name}", "", obj.get("description", ""), "",
                        "One of: " + ", ".join(f"`{v}`" for v in obj["enum"]), ""]
            continue
        out += [f"## {name}", ""]
        if obj.get("description"):
            out += [_cell(obj["description"]), ""]
        required = set(obj.get("required", []))
        out += ["| field | type | meaning |", "|---|---|---|"]
        for key, p in obj["properties"].items():
            flag = "" if key in required else " (optional)"
            out.append(f"| `{key}`{flag} | {_cell(_type(p))} | {_cell(p.get('description', ''))} |")
        out.append("")
    return "\n".join(out)


# -- model cards -----------------------------------------------------------------------

def _card(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    rel = path.relative_to(ROOT)
    # A card's links are relative to its folder in the package, which the site does not
    # hold; it is shown as written, with its place in the repository named.
    return f"{text}\n\n---\n*This card is `{rel}` in the repository, shipped inside the package.*\n"


def models_page() -> str:
    out = [
        "# Model cards",
        "",
        "The models that `pip install` brings, each with the card that ships beside its",
        "weights inside the package (what it was trained on, how it was exported, what it",
        "scores on which data, and its limits). Numbers measured end to end are in",
        "[Benchmarks](../benchmarks.md). The cards are added to this site when it is built;",
        "in the repository, each is the `MODEL_CARD.md` in its folder.",
        "",
        "| model | folder in the package | card |",
        "|---|---|---|",
    ]
    for card in sorted(MODELS.glob("*/MODEL_CARD.md")):
        name = card.parent.name
        out.append(f"| {name} | `src/toulmin/models/{name}` | [card](models/{name}.md) |")
    return "\n".join(out) + "\n"


# -- checks -----------------------------------------------------------------------------

ABLATION = ROOT / "benchmarks" / "results" / "checks-ablation.json"


def checks_page() -> str:
    from toulmin.checks import registered
    from toulmin.checks.registry import resolve_states
    from toulmin.config import Config

    cfg = Config().decide
    states = resolve_states(cfg.checks, cfg.advisory_checks)
    out = [
        "# Checks",
        "",
        "The deterministic checks, in the order they run (`toulmin checks` lists the same).",
        "Each may be switched `on`, `advisory` (reported, never refuting alone) or `off` by",
        "name or prefix: `decide.checks: {number.value: advisory, speaker: off}`. A package",
        "adds one through the `toulmin.checks` entry-point group (see",
        "[verdicts](../concepts/verdicts.md)). Scope `conversation`: read on the transcript a",
        "claim's best passage is in.",
        "",
        "| check | scope | may refute | default | what it catches |",
        "|---|---|---|---|---|",
    ]
    for c in registered():
        out.append(f"| `{c.name}` | {c.scope} | {'yes' if c.refutes else 'no'} | {states[c.name]} | "
                   f"{_cell(c.summary)} |")
    if ABLATION.is_file():
        a = json.loads(ABLATION.read_text(encoding="utf-8"))
        out += [
            "",
            "## Each check measured alone",
            "",
            "`python benchmarks/checks.py --ablate` runs the whole pipeline once with every check",
            "on, then once per check with that check off, on development data only: "
            + a["data"] + f" ({a['answers']} answers, {a['faithful']} of them faithful).",
            "A *false alarm* is a faithful answer the check alone makes not grounded; a *catch*",
            "an edited or hallucinated one it alone makes not grounded. Per slice (false alarms /",
            "catches): ds DialogSum, he HaluEval, wice WiCE, adv adversarial, dis distractors.",
            "",
            "| check | answers changed without it | false alarms | catches | by slice | verdict |",
            "|---|---|---|---|---|---|",
        ]
        for name, r in a["checks"].items():
            verdict = ("pays" if r["catches"] > r["false_alarms"] else
                       "costs more than it catches" if r["false_alarms"] > r["catches"] else
                       "even" if r["changed"] else "changes no verdict here")
            by = ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in r.get("by_slice", {}).items()) or "-"
            out.append(f"| `{name}` | {r['changed']} | {r['false_alarms']} | {r['catches']} | {by} "
                       f"| {verdict} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    for rel, make in generated().items():
        (DOCS / rel).write_text(make(), encoding="utf-8")
        print(f"wrote docs/{rel}")
