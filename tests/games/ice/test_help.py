"""ICE's rules at hand (data/help.toml plus the texts of the other data files): the
summary, a text for every component id the data defines, near-miss suggestions and the
terminal's `rules` / `help TERM`."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from wintergames.cli.main import app
from wintergames.core.helptext import SECTIONS, TITLES, UnknownTermError
from wintergames.games.ice import SPEC, help_terms
from wintergames.games.ice.actions import STUDY_ITEMS, WORDS
from wintergames.games.ice.components import IC
from wintergames.games.ice.model import DECREE_KINDS, LEVELS, PRISMATIC, TYPES

RULES = SPEC.rules_help
assert RULES is not None


def _explained(term: str) -> str:
    """The text ``help term`` gives, checked to come back under the term's own spelling
    whatever the case typed."""
    assert RULES is not None
    for typed in (term, term.lower(), term.upper()):
        name, _, text = RULES.explain(typed).partition(": ")
        assert name.lower() == term.lower() and text.strip(), typed
    return RULES.explain(term).partition(": ")[2]


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_the_summary_has_the_five_sections() -> None:
    assert RULES is not None
    assert [title for title, _ in RULES.summary] == [TITLES[s] for s in SECTIONS]
    assert all(text.strip() for _, text in RULES.summary)


def test_every_tile_and_card_id_has_its_text() -> None:
    for tile in IC.tiles:
        text = _explained(tile.id)
        if tile.level == LEVELS.index("snow"):  # a Snow tile: its front's and its back's texts
            assert IC.glossary[f"front:{tile.front}"] in text
            assert IC.glossary[f"back:{tile.back}"] in text
        else:  # an Artifact: its type's effect, its Anima
            kind = "prismatic" if tile.type == PRISMATIC else TYPES[tile.type]
            assert IC.glossary[f"type:{kind}"] in text and f"{tile.anima} Anima" in text
    for cards in (IC.requests, IC.decrees, IC.logbook):
        for card in cards:
            assert _explained(card.id) == card.text


def test_every_event_guild_and_leader_is_explained() -> None:
    for card in IC.logbook:
        assert _explained(card.event) == card.text
    for guild in IC.guilds:
        for term in (guild.id, guild.leader):
            text = _explained(term)
            assert guild.text in text and guild.leader in text


def test_every_decree_kind_is_explained_by_its_cards() -> None:
    kinds = {d.kind for d in IC.decrees}
    assert kinds == set(DECREE_KINDS)
    for decree in IC.decrees:
        assert _explained(decree.id) == decree.text


def test_glossary_codes_are_terms_and_clashes_go_one_way() -> None:
    for key, text in IC.glossary.items():
        group, code = key.split(":")
        if group in ("front", "back", "type", "request", "action"):
            assert _explained(code) == text, key
        elif group == "guild":  # the Guild's id gives its board; its ability verb the gist
            assert text in help_terms().values()
    # "study" is the action, "shapes" the Request kind; the Decrees of those kinds are
    # reached by their card ids.
    assert _explained("study") == IC.glossary["action:study"]
    assert _explained("shapes") == IC.glossary["request:shapes"]


def test_notions_tokens_and_verbs_have_texts() -> None:
    for item in STUDY_ITEMS:
        assert "Study token" in _explained(item)
    for word in ("end", "stop", "study", "plan", "overwork", "excavate", "collect",
                 "navigate", "activate", "rebuild", "grapple"):
        assert word in WORDS
        _explained(word)
    for notion in ("EP", "RP", "anima", "azulia", "camp", "archaeologist", "leader",
                   "expedition-leader", "request", "decree", "logbook", "curse", "blessing",
                   "rift", "nunatak", "encampment", "ship's-hold", "fluent"):
        _explained(notion)


def test_an_unknown_term_names_a_near_one() -> None:
    assert RULES is not None
    card = IC.requests[0].id
    with pytest.raises(UnknownTermError, match=card):
        RULES.explain(card[:-1])
    with pytest.raises(UnknownTermError, match="explosive-rune"):
        RULES.explain("explosiv rune")
    # spaces and hyphens alike: the name as a player writes it finds the term
    assert RULES.explain("Explosive Rune") == RULES.explain("explosive-rune")


def test_the_terminal_prints_the_rules_and_a_term() -> None:
    assert RULES is not None
    tile = IC.tiles[0].id
    result = CliRunner().invoke(
        app, ["play", "ice", "--players", "human,random", "--seed", "1"],
        input=f"rules\nhelp {tile.lower()}\nquit\n")
    assert result.exit_code == 0, result.output
    out = _flat(result.output)
    first_title, first_text = RULES.summary[0]
    assert first_title in result.output and _flat(first_text) in out
    assert _flat(RULES.explain(tile)) in out
