"""Spells: before or after a flick, turned face down, still worth a point."""

from __future__ import annotations

import random

import pytest

import wintergames as wg
from wintergames.core import testing
from wintergames.games.icecool_wizards import cards
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.rules import AFTER, PREP
from wintergames.games.icecool_wizards.state import IcecoolState

from .helpers import act, after_flick, clear_place, game, give, icon, on_top, refused, t


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
    assert s.log[-1].text == "No more lesson cards can be laid on the board"
    assert s.log[-1].rule == "lessons.draw"


def test_a_lesson_mountain_draws_after_the_flick_cannot_be_collected_on_it() -> None:
    # RB "Player's Turn": "If the Penguin passed through a doorway or through a classroom
    # with a Lesson card, they may collect it": the card must lie there during the flick.
    s = game(2)
    give(s, 0, "P-mountain")
    clear_place(s, "fishbone")
    s.penguins[0] = (26.0, 30.0)  # in Magical Creatures, whose place is empty
    act(s, "flick 0 0.05 0")  # a nudge: it stays in the room
    assert s.phase == AFTER
    on_top(s, "F")
    act(s, "cast P-mountain")  # after the flick: a Magic Fishbone lands in the room
    assert s.board[icon("fishbone")] == t("F")
    assert "collect fishbone" not in [str(a) for a in s.legal_actions()]
    assert s.observation(0)["after_flick"]["collect"] == []
    refused(s, "collect fishbone", "lay on the board during this flick", "collect.classroom")


def test_a_lesson_mountain_draws_before_the_flick_can_be_collected_on_it() -> None:
    s = game(2)
    give(s, 0, "P-mountain")
    clear_place(s, "fishbone")
    s.penguins[0] = (26.0, 30.0)
    on_top(s, "F")
    act(s, "cast P-mountain")  # before the flick: the card lies there during it
    act(s, "flick 0 0.05 0")
    act(s, "collect fishbone")
    assert s.lessons_up[0][t("F")] == 1


def test_water_is_not_cast_on_its_own() -> None:
    s = game(2)
    give(s, 0, "H-water")
    assert "cast H-water" not in [str(a) for a in s.legal_actions()]
    refused(s, "cast H-water", "only as a wild card", "spell.water")


def _fire_cast(s: IcecoolState) -> None:
    """Player 1 casts Fire after a flick; players 2 and 3 hold lessons, player 4 none."""
    give(s, 0, "W-fire")
    give(s, 1, "F", "H")
    give(s, 2, "S-wind", down=True)  # a face-down card may be discarded
    after_flick(s)
    act(s, "cast W-fire")


def test_fire_makes_every_other_player_choose_a_discard_at_once() -> None:
    # RB "Spells": "All other players choose 1 of their Lesson cards (if they have any)
    # to discard ... Players may choose to discard 1 of their face-down Lesson cards."
    s = game(4)
    _fire_cast(s)
    assert s.simultaneous and s.to_move == (1, 2)  # player 4 holds nothing: skipped
    assert wg.get_spec("icecool-wizards").simultaneous
    assert sorted(str(a) for a in s.legal_actions(1)) == ["discard F", "discard H"]
    assert [str(a) for a in s.legal_actions(2)] == ["discard S-wind down"]
    with pytest.raises(wg.NotYourTurnError):
        act(s, "done", 0)
    refused(s, "discard S-wind", "no face-up S-wind to discard; you may: 'discard S-wind down'",
            "spell.fire", 2)
    act(s, "discard S-wind down", 2)  # player 3 need not wait for player 2
    assert s.simultaneous and s.to_move == (1,)
    assert s.lessons_down[2][t("S-wind")] == 1  # the choice lies hidden until all are in
    with pytest.raises(wg.NotYourTurnError):
        act(s, "discard S-wind down", 2)
    act(s, "discard H", 1)
    assert not s.simultaneous and s.to_move == (0,) and s.phase == AFTER
    assert s.lessons_up[1] == [int(i == t("F")) for i in range(len(IW.types))]
    assert sum(s.lessons_down[2]) == 0
    assert s.lesson_discard[-2:] == [t("H"), t("S-wind")]  # from the caster's left
    assert ("Fire: Player 2 discards Hourglass and Player 3 discards the face-down Star "
            "(wind spell)") in [e.text for e in s.events_for(None)]


def test_a_fire_discard_stays_hidden_from_the_others_until_all_are_in() -> None:
    s = game(4)
    _fire_cast(s)
    left, right = s.clone(), s.clone()
    act(left, "discard F", 1)
    act(right, "discard H", 1)
    for seat in (0, 2, 3, None):
        assert left.observation(seat) == right.observation(seat)
        assert [e.text for e in left.events_for(seat)] == [e.text for e in right.events_for(seat)]
    assert left.observation(2)["fire_chosen"] == [1]  # that player 2 chose, not what
    assert left.observation(1)["your_discard"] == "discard F"
    assert right.observation(1)["your_discard"] == "discard H"
    assert left.observation(2)["your_discard"] is None
    testing.check_hidden_choices(s, random.Random(1))


def test_determinize_resamples_the_other_seats_pending_discards() -> None:
    s = game(4)
    _fire_cast(s)
    act(s, "discard F", 1)
    seen_by_3 = {s.determinize(2, random.Random(k)).observation(1)["your_discard"]
                 for k in range(20)}
    assert seen_by_3 == {"discard F", "discard H"}  # never the true one for sure
    assert {s.determinize(1, random.Random(k)).observation(1)["your_discard"]
            for k in range(5)} == {"discard F"}  # a seat knows its own choice


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
    refused(s, "cast F-wind", "no face-up F-wind", "spell.cast")
