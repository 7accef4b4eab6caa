"""Rule passages: each game's ids resolve, its document ends with the same passages, and
the document page anchors each one where the rule links point."""

from __future__ import annotations

from pathlib import Path

import pytest

from wintergames.core.provenance import PASSAGES_HEADING, RuleIndex, UnknownRuleError, with_passages
from wintergames.core.registry import available_games
from wintergames.core.spec import GameSpec
from wintergames.server.docpage import document_page

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
WITH_RULES = [spec for spec in available_games() if spec.rules is not None]


@pytest.mark.parametrize("spec", WITH_RULES, ids=lambda s: s.id)
def test_the_rules_document_ends_with_the_games_passages(spec: GameSpec) -> None:
    assert spec.rules is not None
    document = (DOCS / f"{spec.id}.md").read_text(encoding="utf-8")
    assert with_passages(document, spec.rules) == document, (
        f"docs/rules/{spec.id}.md differs from data/rules.toml: run scripts/write-rule-passages")


@pytest.mark.parametrize("spec", WITH_RULES, ids=lambda s: s.id)
def test_every_passage_is_an_anchor_of_the_document_page(spec: GameSpec) -> None:
    assert spec.rules is not None
    page = document_page((DOCS / f"{spec.id}.md").read_text(encoding="utf-8"), spec.title)
    for rule_id, passage in spec.rules.items():
        assert f'<h3 id="rule-{rule_id}">{rule_id}: {passage.title}</h3>' in page


def test_a_passage_needs_an_id_a_title_a_section_and_a_text() -> None:
    with pytest.raises(ValueError, match="no rule id"):
        RuleIndex.from_toml('["Turn"]\ntitle = "t"\nsection = "s"\ntext = "x"', "demo")
    with pytest.raises(ValueError, match="exactly a title, a section and a text"):
        RuleIndex.from_toml('["turn"]\ntitle = "t"\ntext = "x"', "demo")


def test_an_unknown_rule_is_refused_by_name() -> None:
    rules = RuleIndex.from_toml('["turn"]\ntitle = "A turn"\nsection = "Gameplay"\ntext = "x"',
                                "demo")
    assert rules.why("turn").explained() == "turn: A turn (rulebook: Gameplay)\nx"
    with pytest.raises(UnknownRuleError, match="demo has no rule passage 'turns'"):
        rules.why("turns")


def test_writing_the_passages_twice_changes_nothing() -> None:
    rules = RuleIndex.from_toml('["turn"]\ntitle = "A turn"\nsection = "Gameplay"\ntext = "x"',
                                "demo")
    once = with_passages("# Demo\n\nReadings.\n", rules)
    assert once.startswith("# Demo\n\nReadings.\n\n" + PASSAGES_HEADING)
    assert with_passages(once, rules) == once
