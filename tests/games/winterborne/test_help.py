"""Winterborne's rules at hand (data/help.toml plus the texts of the other data files):
every component the data defines, every notation word and every place of the kingdom
board has a text, found in any case; the terminal prints them."""

from __future__ import annotations

import pytest

from tests.games.winterborne.scenario import new
from wintergames.core.helptext import RulesHelp, UnknownTermError
from wintergames.games.winterborne import SPEC
from wintergames.games.winterborne.actions import FIGURES, KINDS, PLAYS, WORDS
from wintergames.games.winterborne.components import (
    BANNERS,
    CARD_TYPES,
    CHARACTERS,
    DATA,
    POWERS,
    RESOURCES,
    SEASONS,
    WB,
)
from wintergames.games.winterborne.layout import POWER_TEXT


def rules() -> RulesHelp:
    assert SPEC.rules_help is not None
    return SPEC.rules_help


def component_ids() -> list[str]:
    """Every id the component data defines, as the notation and the views show it."""
    return [
        *(c.id for c in WB.cards),
        *(a.id for a in WB.allies),
        *(s.id for s in WB.spoils),
        *(p.id for p in WB.power_cards),
        *POWERS,
        *(f"objective {o.letter}" for o in WB.objectives),
        *WB.difficulties,
        *WB.colours,
        *WB.province_names,
        *WB.section_names,
        *WB.space_names,
        *CHARACTERS,
        *FIGURES,
        *RESOURCES,
        *SEASONS,
        *BANNERS,
    ]


def notation_words() -> set[str]:
    """The words players type: one-word decisions, action verbs and the card use codes
    that carry no number (S, E, W, *, wy, horn, draw, castle, hire, +any)."""
    verbs = {k.strip() for k in KINDS.split(",")} - {"word"}
    codes = {code.split(":")[0] for plays in PLAYS for _, _, code in plays
             if not any(ch.isdigit() for ch in code) and not code.startswith("+")}
    gains = {u.code for c in WB.cards for u in c.uses if u.kind == "gain-any"}
    return set(WORDS) | verbs | {"settle", "church"} | codes | gains


def test_the_summary_names_the_variants_where_they_change_something() -> None:
    whole = " ".join(text for _, text in rules().summary)
    for option in ("Solo", "mercenary", "banners", "round_power", "easy"):
        assert option in whole


@pytest.mark.parametrize("term", component_ids())
def test_every_component_has_a_text_in_any_case(term: str) -> None:
    help_ = rules()
    found = help_.lookup(term)
    assert found is not None, term
    for asked in (term, term.lower(), term.upper()):
        assert help_.explain(asked) == f"{found[0]}: {found[1]}"


@pytest.mark.parametrize("word", sorted(notation_words()))
def test_every_notation_word_has_a_text(word: str) -> None:
    assert rules().lookup(word) is not None, word


def test_the_texts_of_the_other_data_files_are_passed_through_not_written_again() -> None:
    help_ = rules()
    written = RulesHelp.load(DATA, "Winterborne").terms
    for card in WB.cards:
        assert card.id not in written
        assert card.text in help_.terms[card.id]
        assert card.name in help_.terms[card.id]
    for ally in WB.allies:
        assert ally.id not in written and ally.text in help_.terms[ally.id]
    for o in WB.objectives:
        assert o.text in help_.terms[f"objective {o.letter}"]
    for p in WB.power_cards:
        assert all(POWER_TEXT[code] in help_.terms[p.id] for code in p.powers)
    # A power whose word a notation verb shares is explained with the verb, in help.toml.
    for code in POWERS:
        assert POWER_TEXT[code] in help_.terms[code] or code in written


def test_every_kind_of_card_is_explained_by_its_own_term() -> None:
    help_ = rules()
    for kind in CARD_TYPES:  # house, mercenary, treasure, ..., wylds
        assert help_.lookup(kind) or help_.lookup(f"{kind} card"), kind
    assert help_.lookup("exploration card") is not None
    for name in ("favor", "reserve", "season", "winter round", "Balaur", "castle", "spoils"):
        assert help_.lookup(name) is not None, name


def test_the_board_places_are_described_from_the_kingdom_data() -> None:
    help_ = rules()
    for i, pair in enumerate(WB.borders):
        text = help_.terms[WB.section_names[len(WB.colours) + i]]
        assert all(WB.colours[c] in text for c in pair)
    for g, secs in enumerate(WB.space_sections):
        text = help_.terms[WB.space_names[g]]
        assert all(WB.section_names[x] in text for x in secs)


def test_an_unknown_term_is_refused_naming_a_near_one() -> None:
    # one term that near: read as it; several: named
    assert rules().explain("shamn").startswith('shaman (for "shamn"): ')
    with pytest.raises(UnknownTermError, match=r"did you mean .*SHA1"):
        rules().explain("SHA9")


# -- the texts say what the game plays (issue 18's audit of the rules texts) ----------------


def test_the_summary_numbers_are_those_of_the_game() -> None:
    """The season chart, the explore costs and a met objective's points are
    reconstructions kept in setup.toml; the summary gives them, so they must be what a
    game of each player count sets up and scores."""
    text = " ".join(" ".join(t.split()) for _, t in rules().summary)
    sizes: dict[int, str] = {}
    for n in range(SPEC.min_players, SPEC.max_players + 1):
        s = new(n)
        players = max(n, 2)  # "Solo, as for 2 players"
        deck = [*s.explore_slot, *(c for d in s.season_decks for c in d)]
        kinds = [WB.cards[c].type for c in deck]
        assert kinds.count("banner") == 3 * players, n  # "a banner set per player"
        assert kinds.count("wylds") == 2 * players, n  # "2 random Wylds per player"
        assert len(s.season_decks[3]) == 12, n  # "winter the other 12"
        sizes[n] = "/".join(str(len(d)) for d in s.season_decks[:3])
    assert sizes[1] == sizes[2]
    for n, label in ((2, "1-2 players"), (3, "3"), (4, "4")):
        assert f"{sizes[n]} cards ({label})" in text or f"{sizes[n]} ({label})" in text
    assert "winter the other 12 (our reconstruction" in text
    cost = WB.explore_cost
    assert (f"exploring costs {cost[0]}, {cost[1]}, {cost[2]}, then {cost[3]} meat in "
            "spring, summer, autumn and winter (our reconstruction)") in text
    assert len(set(WB.objective_vp)) == 1
    assert (f"each objective you met adds {WB.objective_vp[0]} points (our "
            "reconstruction)") in text


def test_the_turn_says_reserve_cards_move_during_the_turn_too() -> None:
    """RB Reserve: "During your turn, you may freely place and pick up cards in your
    reserve" (turn.play_reserve_actions), not only in the clean-up."""
    text = " ".join(dict(rules().summary)["A turn"].split())
    play, cleanup = text.split("Then, in the clean-up,")
    assert "place cards with the reserve icon into your reserve" in play
    assert "pick cards up from it" in play
    assert "stays in hand until the clean-up" in play
    assert f"{WB.reserve_size} at most" in play
    assert "arrange your reserve again" in cleanup


def test_a_met_objective_says_its_points_from_the_data() -> None:
    help_ = rules()
    for o in WB.objectives:
        text = help_.terms[f"objective {o.letter}"]
        assert f"scores {WB.objective_vp[0]} points (our reconstruction" in text
    assert f"scores {WB.objective_vp[0]} points (our reconstruction" in help_.terms["objective"]


def test_the_ally_texts_say_what_their_scoring_counts() -> None:
    """Green allies count every card owned but the Wylds (not the deck alone), yellow
    ones count Orb banners too, a red ally's spoils is optional (scoring.py, specials.py)."""
    for ally in WB.allies:
        if ally.scoring == "deck":
            for pile in ("hand", "deck", "discard", "reserve", "Wylds cards not counted"):
                assert pile in ally.text, (ally.id, pile)
        if ally.scoring == "wylds":
            assert "Orb" in ally.text, ally.id
        if ally.conquer:
            assert "you may take a spoils" in ally.text, ally.id
            assert "instead of the usual conquer cost" in ally.text, ally.id
    assert "you may take a spoils" in rules().terms["red"]


def test_the_horn_and_round_power_texts_say_where_and_what_they_cost() -> None:
    """Horn B builds on a province section without a building, as every build does; the
    round power's action pays its usual cost (RB "You must pay resources ...")."""
    horn = WB.cards[WB.card_by_id["HORN2"]]  # the Horn that builds away from the warrior
    assert "province sections that has no building" in horn.text
    assert "at the normal cost" in horn.text
    text = POWER_TEXT["round-action"]
    assert "paying its usual cost" in text
    for r, c in enumerate(WB.round_power_character, start=1):
        assert f"round {r} the {CHARACTERS[c]}" in text


def test_no_power_text_wraps_into_what_reads_as_a_numbered_list() -> None:
    """``help WB2`` wrapped as "then draw⏎2. explore-discount: ..." in the terminal: a
    line that starts with a number and a full stop reads as an item of a list. At every
    width from 30 to 120 columns, no line of a power or power card's help starts so."""
    import re
    from io import StringIO

    from rich.console import Console

    for term in [*POWERS, *(card.id for card in WB.power_cards)]:
        text = rules().explain(term)
        for width in range(30, 121):
            out = StringIO()
            Console(file=out, width=width).print(text)
            numbered = [line for line in out.getvalue().splitlines()
                        if re.match(r"\s*\d+\.(\s|$)", line)]
            assert not numbered, (term, width, numbered)
