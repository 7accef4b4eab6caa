"""Snow Time's rules at hand: the summary, a text for every card, colour, level and bonus
space the game's data defines, and the terminal's ``rules`` / ``help TERM``."""

from __future__ import annotations

import pytest

import wintergames as wg
from wintergames.core.helptext import RulesHelp, UnknownTermError
from wintergames.games.snow_time import SPEC
from wintergames.games.snow_time.components import POINT_KINDS, ST
from wintergames.games.snow_time.layout import layout
from wintergames.games.snow_time.state import SnowTimeState

from .helpers import game, numbers, play


def rules() -> RulesHelp:
    assert SPEC.rules_help is not None
    return SPEC.rules_help


def _ids() -> list[str]:
    """Every id the notation and the views show for a component of the game's data."""
    cards = [ST.card_name(c) for c in range(ST.cards)]
    return [
        *cards,
        *layout()["cards"],
        *(ST.card_name(c)[0].upper() for c in range(ST.characters, ST.cards)),  # hands: H W S
        *ST.colours,
        *(f"level {n}" for n in range(1, ST.levels + 1)),
        *POINT_KINDS,
        *(f"{kind} bonus" for kind, _ in ST.bonuses.values()),
    ]


@pytest.mark.parametrize("term", sorted(set(_ids())))
def test_every_component_has_a_text_in_any_case(term: str) -> None:
    name, text = rules().lookup(term) or ("", "")
    assert name.lower() == term.lower() and text.strip()
    assert rules().explain(term.upper()) == rules().explain(f" {term.lower()} ") == (
        f"{name}: {text}")
    assert "\n" not in text  # one line, for the terminal and the browser's tooltips


def test_the_texts_made_from_data_follow_the_data() -> None:
    track = rules().explain("score track")
    assert f"space {ST.finish}" in track
    for space, (kind, value) in ST.bonuses.items():
        assert f"{space} {kind} +{value}" in track
        assert f"{space} (+{value})" in rules().explain(f"{kind} bonus")
    fruitless = set(range(1, ST.levels + 1)) - set(ST.die_levels)
    for level in range(1, ST.levels + 1):
        assert ("No die" in rules().explain(f"level {level}")) == (level in fruitless)


def test_the_summary_gives_the_track_from_the_data() -> None:
    """Issue 18 audit: the summary named no track length and no bonus values. They are
    our reconstruction (track.toml) and must follow it."""
    summary = {title: " ".join(text.split()) for title, text in rules().summary}
    assert f"from space 0 to space {ST.finish} (our reconstruction)" in summary["Goal"]
    for kind in POINT_KINDS:
        on = {(value, space) for space, (k, value) in ST.bonuses.items() if k == kind}
        values = {value for value, _ in on}
        assert len(values) == 1, kind  # the summary gives one value per kind
        spaces = ", ".join(str(space) for _, space in sorted(on, key=lambda v: v[1]))
        assert f"{kind} +{values.pop()} on {spaces}" in summary["Scoring"]
    assert "(our reconstruction)" in summary["Scoring"]
    for kind, _ in ST.bonuses.values():
        assert "our reconstruction" in rules().explain(f"{kind} bonus")


def test_the_fight_texts_say_what_the_game_plays() -> None:
    """Issue 18 audit: the character saved by a fall is the one just below the fallen
    character (two below the winner); in a brawl everyone falls yet scores per other
    character; a Healer takes back up to two."""
    fall = rules().explain("fall")
    assert "when a lone 5 knocks a 4 off the tree, a 3 is saved" in fall
    s = game(3)
    play(s, "5", "4", "3")
    assert numbers(s.discard[1]) == [4] and s.discard[2] == 0  # the 3 still stands
    goal = " ".join(dict(rules().summary)["Goal"].split())
    assert "a fight point per other character it fights" in goal and "beats" not in goal
    s = game(3)
    play(s, "4", "4", "4")
    assert s.pawn == [2, 2, 2]  # all fall, each scores the other two
    for text in (rules().explain("discard"), rules().explain("healer")):
        assert "up to two" in text


def test_each_colour_names_the_seats_that_play_it() -> None:
    for n in range(SPEC.min_players, SPEC.max_players + 1):
        state = wg.make("snow-time", n, seed=0)
        assert isinstance(state, SnowTimeState)
        for player in range(n):
            mine = [ST.colours[k] for k in state.colours_of(player)]
            text = " and ".join(mine)
            if n == 2:  # the variant's colours, also in the summary and its own term
                said = f"Player {player + 1} plays {text}"
                assert said in rules().explain(mine[0])
                assert f"Player {player + 1} plays {text}" in dict(rules().summary)["Setup"]
                assert f"Player {player + 1} {text}" in rules().explain("two-player variant")
            else:
                assert f"Player {player + 1} plays it with" in rules().explain(text)
                assert str(n) in rules().explain(text).partition("two-player")[0]
    unused = ST.colours[-1]  # the variant seats four colours: the last stays in the box
    assert "leaves it in the box" in rules().explain(unused)


def test_an_unknown_term_names_a_near_one() -> None:
    # one term that near is read as it, saying so; several near ones are listed
    assert rules().explain("snowstrom").startswith('snowstorm (for "snowstrom"): ')
    with pytest.raises(UnknownTermError, match=r"Snow Time has no help for 'zzqq'"):
        rules().explain("zzqq")
