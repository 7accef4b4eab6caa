"""Rules at hand: the help.toml reader every game's summary and terms go through."""

from __future__ import annotations

import re

import pytest

from wintergames.core.errors import WintergamesError
from wintergames.core.helptext import (
    SECTIONS,
    HelpFileError,
    RulesHelp,
    UnknownTermError,
)
from wintergames.core.registry import available_games, get_spec

GOOD = """
[summary]
goal = "Score the most."
setup = "Deal four cards.\\n\\nShuffle the rest."
turn = '''Play a card
and draw.'''
scoring = "A card is 1 VP."
end = "When the deck is out."
[terms]
SB06 = "Draw two cards."
healer = '''Heals
a fighter.'''
"""


def test_summary_keeps_the_section_order_and_paragraphs() -> None:
    rules = RulesHelp.from_toml(GOOD, "Demo")
    assert [title for title, _ in rules.summary] == [
        "Goal", "Setup", "A turn", "Scoring", "The end"]
    assert len(rules.summary) == len(SECTIONS)
    assert dict(rules.summary)["Setup"] == "Deal four cards.\nShuffle the rest."
    assert dict(rules.summary)["A turn"] == "Play a card and draw."  # one paragraph
    assert rules.summary_text().startswith("Goal\nScore the most.\n\nSetup\n")


def test_terms_are_found_in_any_case_and_named_in_their_own_spelling() -> None:
    rules = RulesHelp.from_toml(GOOD, "Demo")
    assert rules.explain("sb06") == "SB06: Draw two cards."
    assert rules.explain("  HEALER ") == "healer: Heals a fighter."
    assert rules.lookup("nothing") is None
    spelled = RulesHelp.from_toml(GOOD, "Demo", extra={"explosive-rune": "Boom.",
                                                       "royal domain": "The centre."})
    assert spelled.explain("Explosive Rune") == "explosive-rune: Boom."
    assert spelled.explain("royal_domain") == spelled.explain("royal-domain") == (
        "royal domain: The centre.")


def test_an_unknown_term_suggests_near_ones_or_gives_examples() -> None:
    rules = RulesHelp.from_toml(GOOD + 'heal = "Mends."\nhead = "Leads."\n', "Demo")
    # two terms as near: the player chooses
    with pytest.raises(UnknownTermError, match=r"Demo has no help for 'heat'; did you mean "
                                                r"(heal, head|head, heal)"):
        rules.explain("heat")
    rules = RulesHelp.from_toml(GOOD, "Demo")
    with pytest.raises(UnknownTermError, match=r"2 terms are explained, e\.g\. SB06, healer"):
        rules.explain("zzzzzz")
    assert issubclass(UnknownTermError, ValueError)


def test_plurals_aliases_and_a_lone_misspelling_find_their_term() -> None:
    rules = RulesHelp.from_toml(GOOD + """
ally = "Trades with you."
[aliases]
"Exploration sets" = "SB06"
""", "Demo")
    assert rules.explain("Allies") == "ally: Trades with you."
    assert rules.explain("healers") == "healer: Heals a fighter."
    assert rules.explain("exploration set") == rules.explain("EXPLORATION SETS") == (
        "SB06: Draw two cards.")
    # one term that close: answered, saying which word was read as which
    assert rules.explain("heeler") == 'healer (for "heeler"): Heals a fighter.'
    assert rules.explain("exploratoin sets") == (
        'SB06 (for "exploratoin sets"): Draw two cards.')
    assert rules.lookup("heeler") is None  # a lookup never guesses


@pytest.mark.parametrize("text, match", [
    ('[aliases]\nfoo = "nothing"\n', "alias 'foo' names 'nothing', which is no term"),
    ('[aliases]\nHealer = "SB06"\n', "alias 'Healer' is a term already"),
])
def test_a_bad_alias_is_refused(text: str, match: str) -> None:
    with pytest.raises(HelpFileError, match=match):
        RulesHelp.from_toml(GOOD + text, "Demo")


@pytest.mark.parametrize("game", [s.id for s in available_games()])
def test_every_scoring_category_on_the_end_screen_has_help(game: str) -> None:
    """``help CATEGORY`` answers for each column of the game's score table, as the end
    screen titles them ("Exploration sets" was unknown)."""
    import random

    import wintergames as wg

    spec = get_spec(game)
    state = wg.make(game, 2, seed=1)
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    assert spec.score_breakdown is not None and spec.rules_help is not None
    for category in spec.score_breakdown(state).categories:
        assert spec.rules_help.lookup(category) is not None, category


def test_extra_terms_from_other_data_join_but_never_twice() -> None:
    rules = RulesHelp.from_toml(GOOD, "Demo", extra={"SB07": "Take a token."})
    assert rules.explain("sb07") == "SB07: Take a token."
    with pytest.raises(HelpFileError, match=r"'SB06' is written in help\.toml and in the "
                                            "game's other data"):
        RulesHelp.from_toml(GOOD, "Demo", extra={"SB06": "again"})


@pytest.mark.parametrize(("text", "match"), [
    ("[terms]\na = 'b'", r"no \[summary\] table"),
    (GOOD.replace('end = "When the deck is out."', ""), r"\[summary\] end: expected a "
                                                          "non-empty text"),
    (GOOD.replace('goal = "Score the most."', 'goal = "  "'), r"goal: expected a non-empty"),
    (GOOD.replace('goal =', 'aim = "x"\ngoal ='), r"unknown summary section 'aim'"),
    (GOOD + 'sb06 = "twice"\n', r"terms 'SB06' and 'sb06' differ only in case"),
    (GOOD + '"heal-er" = "x"\nheal_er = "y"\n', r"'heal-er' and 'heal_er' differ only in case "
                                                 r"or in spaces"),
    (GOOD + "number = 3\n", r"\[terms\] number: expected a non-empty text"),
])
def test_a_broken_help_file_is_refused_with_the_place(text: str, match: str) -> None:
    with pytest.raises(HelpFileError, match=match):
        RulesHelp.from_toml(text, "Demo")


def test_the_terms_cannot_be_changed_through_the_spec() -> None:
    rules = RulesHelp.from_toml(GOOD, "Demo")
    with pytest.raises(TypeError):
        rules.terms["SB06"] = "changed"  # type: ignore[index]


def _notation_in(game: str, text: str) -> list[str]:
    """The asides of ``text`` (in brackets, split at commas, semicolons and 'or') that
    ``game``'s notation reads as an action."""
    spec = get_spec(game)
    found = []
    for aside in re.findall(r"\(([^()]*)\)", text):
        for piece in filter(None, (p.strip() for p in re.split(r"[,;]| or ", aside))):
            try:
                spec.parse_action(piece)
            except WintergamesError:
                continue
            found.append(piece)
    return found


@pytest.mark.parametrize("game", [g.id for g in available_games()])
def test_no_summary_teaches_the_notation(game: str) -> None:
    """The summary is the page's Rules too, read by people who click: the notation is
    the terminal's 'help'. (Winter Queen's said "(r1-c3)", "(use SB04)"...)"""
    rules = get_spec(game).rules_help
    assert rules is not None
    assert _notation_in("winter-queen", "place a floe (r1-c3) or use it (use SB04)") == [
        "r1-c3", "use SB04"]
    for title, text in rules.summary:
        assert not _notation_in(game, text), f"{title}: {_notation_in(game, text)}"
