"""Spells: before or after a flick, turned face down, still worth a point."""

from __future__ import annotations

import pytest

import wintergames as wg
from wintergames.games.icecool_wizards import cards
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.rules import AFTER, PREP

from .helpers import act, after_flick, game, give, t


def test_wind_gives_an_extra_flick() -> None:
    s = game(2)
    give(s, 0, "F-wind")
    act(s, "cast F-wind")
    assert s.flicks_left == 3
    assert s.lessons_up[0][t("F-wind")] == 0 and s.lessons_down[0][t("F-wind")] == 1
    for _ in range(3):
        assert s.current == 0
        act(s, "flick 0 0.2 0")
        act(s, "done")
    assert s.current == 1


def test_a_spell_may_be_cast_after_the_last_flick() -> None:
    s = game(2)
    give(s, 0, "S-wind")
    after_flick(s)
    s.flicks_left = 0
    act(s, "cast S-wind")
    act(s, "done")
    assert s.current == 0 and s.phase == PREP and s.flicks_left == 1


def test_mountain_draws_two_lessons_onto_their_places() -> None:
    s = game(2)
    give(s, 0, "P-mountain")
    cards.refill_lessons(s)  # in case the card came from the board
    assert sum(x >= 0 for x in s.board) == 3
    act(s, "cast P-mountain")
    on_board = [x for x in s.board if x >= 0]
    assert len(on_board) == 5 == len({IW.types[x].icon for x in on_board})
    assert s.lessons_down[0][t("P-mountain")] == 1


def test_mountain_with_every_place_full_draws_nothing() -> None:
    s = game(2)
    give(s, 0, "P-mountain", "F-mountain")
    cards.refill_lessons(s)
    act(s, "cast P-mountain")
    deck = len(s.lesson_deck)
    act(s, "cast F-mountain")
    assert len(s.lesson_deck) == deck
    assert "No more lesson cards can be placed" in [e.text for e in s.log]


def test_water_is_not_cast_on_its_own() -> None:
    s = game(2)
    give(s, 0, "H-water")
    assert "cast H-water" not in [str(a) for a in s.legal_actions()]
    with pytest.raises(wg.IllegalActionError, match="only as a wild card"):
        act(s, "cast H-water")


def test_fire_makes_every_other_player_discard_a_lesson_of_their_choice() -> None:
    s = game(4)
    give(s, 0, "W-fire")
    give(s, 1, "F", "H")
    give(s, 2, "S-wind", down=True)  # a face-down card may be discarded
    # player 4 holds nothing and is skipped
    after_flick(s)
    act(s, "cast W-fire")
    assert s.to_move == (1,)
    assert sorted(str(a) for a in s.legal_actions(1)) == ["discard F", "discard H"]
    with pytest.raises(wg.NotYourTurnError):
        act(s, "done", 0)
    act(s, "discard H", 1)
    assert s.to_move == (2,)
    assert [str(a) for a in s.legal_actions(2)] == ["discard S-wind down"]
    with pytest.raises(wg.IllegalActionError, match="no face-up S-wind"):
        act(s, "discard S-wind", 2)
    act(s, "discard S-wind down", 2)
    assert s.to_move == (0,) and s.phase == AFTER
    assert s.lessons_up[1] == [int(i == t("F")) for i in range(len(IW.types))]
    assert sum(s.lessons_down[2]) == 0
    assert s.lesson_discard[-2:] == [t("H"), t("S-wind")]


def test_a_used_spell_is_still_worth_a_point() -> None:
    s = game(2)
    give(s, 0, "F-wind")
    before = s.scores()[0]
    act(s, "cast F-wind")
    assert s.scores()[0] == before == 1


def test_a_used_spell_cannot_be_cast_again() -> None:
    s = game(2)
    give(s, 0, "F-wind")
    act(s, "cast F-wind")
    with pytest.raises(wg.IllegalActionError, match="no face-up F-wind"):
        act(s, "cast F-wind")
