"""The registry of checks (toulmin.checks.registry): one place to add, switch off or list
a check; the runner every path uses."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from toulmin.checks import registry
from toulmin.checks.finding import Finding, made_by
from toulmin.checks.registry import Pair, register, registered, resolve_states, runner_for, unregister
from toulmin.classify.pairs import WindowConfig, score_pairs
from toulmin.cli import main
from toulmin.config import load_config
from toulmin.errors import ConfigError

NUMBERS = Pair("The tower is 500 metres tall.", "The tower is 330 metres tall.")


def test_every_check_is_registered_once_with_what_it_catches() -> None:
    names = [c.name for c in registered()]
    assert len(names) == len(set(names))
    # the order check_claim ran them in, then the whole claim's, then a conversation's
    assert names[:12] == ["number.value", "date.value", "name.title", "negation.polarity", "antonym.swap",
                          "degree.scale", "rank.superlative", "denial", "hearsay", "hearsay.asked",
                          "agent.passive", "merged.figure"]
    kinds = set(Finding.model_fields["kind"].annotation.__args__)  # type: ignore[union-attr]
    for c in registered():
        assert c.summary and c.kind in kinds, c
        assert c.run is not None and c.scope in ("any", "conversation"), c
    # the order verify ran them in
    assert [c.name for c in registered("conversation")] == ["unsaid.name", "speaker.mouth", "speaker.role",
                                                             "unsaid.elsewhere"]


def test_states_from_bool_mapping_prefix_and_the_old_key() -> None:
    assert set(resolve_states(True).values()) == {"on"} and set(resolve_states(False).values()) == {"off"}
    s = resolve_states({"speaker": "advisory", "speaker.mouth": "on", "number.value": "off"})
    assert (s["speaker.mouth"], s["speaker.role"], s["number.value"], s["date.value"]) == (
        "on", "advisory", "off", "on")  # the longer key wins, whatever the order
    assert resolve_states(True, ["number"])["number.value"] == "advisory"  # decide.advisory_checks
    with pytest.raises(ConfigError) as e:
        resolve_states({"spekaer": "off"})
    assert e.value.code == "E_CONFIG_KEY" and "speaker.mouth" in (e.value.fix or "")
    # in any config layer; YAML's bare off is the state off
    cfg = load_config(overrides={"decide": {"checks": {"number": False}}})
    assert cfg.decide.checks == {"number": "off"}
    with pytest.raises(ConfigError) as e:
        load_config(overrides={"decide": {"checks": {"number": "sometimes"}}})
    assert "use on, advisory or off" in e.value.message


def test_switching_one_off_is_one_key_and_each_finding_names_its_check() -> None:
    found = runner_for(True).run(NUMBERS)
    assert [(f.kind, f.status, made_by(f)) for f in found] == [("number", "mismatch", "number.value")]
    assert runner_for({"number.value": "off"}).run(NUMBERS) == []
    # score-pairs: the same switch, the same runner
    on = score_pairs(_Fixed(), [NUMBERS.evidence], [NUMBERS.claim], None, WindowConfig(checks=True))
    off = score_pairs(_Fixed(), [NUMBERS.evidence], [NUMBERS.claim], None,
                      WindowConfig(checks=True, runner=runner_for({"number": "off"})))
    adv = score_pairs(_Fixed(), [NUMBERS.evidence], [NUMBERS.claim], None,
                      WindowConfig(checks=True, runner=runner_for({"number": "advisory"})))
    assert on[0].label3 == "contradiction" and on[0].findings
    assert off[0].findings == [] and adv[0].findings == [] and off[0].label3 == adv[0].label3 == "entailment"


class _Fixed:
    """A checker that backs every pair: what the checks decide is all that changes."""

    name, version, threshold = "fixed", "1", 0.5

    def predict(self, left: list[str], right: list[str]) -> object:
        import numpy as np

        return np.tile([0.9, 0.05, 0.05], (len(left), 1))


@pytest.fixture
def trial_check() -> Iterator[str]:
    """A check registered the way a plugin registers one, removed after the test."""
    name = "trial.exclamation"

    @register(name, kind="hearsay")
    def trial(p: Pair) -> list[Finding]:
        """A claim that shouts: "The bridge opened!" (a test's check)."""
        shouts = "!" in p.claim
        return [Finding(kind="hearsay", status="mismatch", claim=p.claim, note="it shouts")] if shouts else []

    yield name
    unregister(name)


def test_a_new_check_is_one_function_and_its_registration(trial_check: str) -> None:
    assert trial_check in [c.name for c in registered()]
    found = runner_for(True).run(Pair("The bridge opened!", "The bridge opened in 1937."))
    assert [made_by(f) for f in found] == [trial_check]
    assert runner_for({trial_check: "off"}).run(Pair("The bridge opened!", "x")) == []
    out = CliRunner().invoke(main, ["checks", "--format", "json"])
    rows = {r["name"]: r for r in json.loads(out.output)}
    assert rows[trial_check]["summary"] == 'A claim that shouts: "The bridge opened!" (a test\'s check).'


def test_a_package_adds_a_check_through_its_entry_point(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "shoutcheck"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        "from toulmin.checks import Finding, Pair, register\n\n"
        "@register('plugin.shout', kind='hearsay')\n"
        "def shout(p: Pair) -> list[Finding]:\n"
        "    '''A claim in capitals: \"IT OPENED\".'''\n"
        "    return []\n")
    dist = tmp_path / "shoutcheck-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: shoutcheck\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[toulmin.checks]\nshout = shoutcheck\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry._loaded.cache_clear()
    try:
        assert "plugin.shout" in [c.name for c in registered()]
        assert resolve_states({"plugin": "off"})["plugin.shout"] == "off"
    finally:
        unregister("plugin.shout")
        sys.modules.pop("shoutcheck", None)
        registry._loaded.cache_clear()


def test_toulmin_checks_lists_each_with_its_state() -> None:
    out = CliRunner().invoke(main, ["checks", "--set", "decide.checks={speaker: advisory}"])
    assert out.exit_code == 0, out.output
    lines = {line.split()[0]: line for line in out.output.splitlines()[1:]}
    assert " advisory " in lines["speaker.role"] and " on " in lines["number.value"]
    bad = CliRunner().invoke(main, ["checks", "--set", "decide.checks={nope: off}"])
    assert bad.exit_code == 2 and "E_CONFIG_KEY" in bad.output
