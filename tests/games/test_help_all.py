"""Rules at hand, the same for every game: the summary's sections and the terminal's
`rules` / `help TERM` (each game's own file tests its texts against its data)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from wintergames.cli.main import app
from wintergames.core.helptext import SECTIONS, TITLES, RulesHelp
from wintergames.core.registry import available_games
from wintergames.core.spec import GameSpec

SPECS = available_games()


def _flat(text: str) -> str:
    return " ".join(text.split())  # rich wraps long lines


def _rules(spec: GameSpec) -> RulesHelp:
    assert spec.rules_help is not None, f"{spec.id} has no data/help.toml"
    return spec.rules_help


def test_every_game_has_its_rules_at_hand() -> None:
    assert [spec.id for spec in SPECS if spec.rules_help is None] == []


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.id)
def test_the_summary_has_the_five_sections_in_order_each_with_text(spec: GameSpec) -> None:
    summary = _rules(spec).summary
    assert [title for title, _ in summary] == [TITLES[key] for key in SECTIONS]
    assert all(text.strip() for _, text in summary)


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.id)
def test_the_terminal_prints_the_rules_and_a_term_in_any_case(spec: GameSpec) -> None:
    rules = _rules(spec)
    term = next(iter(rules.terms))
    assert 2 in spec.players_range  # every game has a two-player table to try it at
    result = CliRunner().invoke(app, ["play", spec.id, "--players", "human,random",
                                      "--seed", "1"],
                                input=f"rules\nhelp {term.upper()}\nquit\n")
    assert result.exit_code == 0, result.output
    out = _flat(result.output)
    title, text = rules.summary[0]
    assert title in out and _flat(text) in out
    assert _flat(rules.explain(term)) in out
    assert "Not possible" not in out and "Game stopped." in out
