"""Every verdict is whole: a category, a colour in the terminal and on the page, a
place in the published schema. Adding one fails here until each is given."""

from __future__ import annotations

import json
import re
from pathlib import Path

from toulmin.cli.render import COLOURS
from toulmin.decide import rollup
from toulmin.report import BACKED, FLAGGED, SEARCHABLE, UNCHECKABLE, VERDICT_SCORE, ClaimResult, Verdict

ROOT = Path(__file__).resolve().parents[1]


def test_every_verdict_has_a_category() -> None:
    for v in Verdict:
        scored = v in VERDICT_SCORE
        assert scored or v in FLAGGED or v in UNCHECKABLE, f"{v}: supported, flagged or uncheckable?"
        assert not (v in UNCHECKABLE and (v in FLAGGED or scored)), v
    assert not (BACKED | SEARCHABLE) & UNCHECKABLE  # a claim nothing checked is neither


def test_every_verdict_has_a_colour_in_the_terminal_and_on_the_page() -> None:
    assert set(COLOURS) == set(Verdict), "toulmin/cli/render.py COLOURS"
    css = (ROOT / "src/toulmin/service/static/render.css").read_text()  # the page's and the report's
    declared = set(re.findall(r"--([A-Z_]+):", css))
    assert {v.value for v in Verdict} <= declared, "toulmin/service/static/render.css :root"


def test_every_verdict_is_in_the_published_schema_and_rolls_up() -> None:
    schema = json.loads((ROOT / "docs/report.schema.json").read_text())
    assert set(schema["$defs"]["Verdict"]["enum"]) == {v.value for v in Verdict}, (
        "regenerate: toulmin schema report > docs/report.schema.json")
    results = [ClaimResult(id=f"c{i}", claim="x", start=0, end=1, verdict=v, score=VERDICT_SCORE.get(v),
                           focus="x", type="existence",
                           note="") for i, v in enumerate(Verdict)]
    roll = rollup(results)
    counted = sum(int(roll[k] or 0) for k in ("claims_checked", "claims_trivial", "claims_not_checked",
                                             "claims_error"))
    assert counted == len(Verdict)  # each verdict is counted once, in one place
