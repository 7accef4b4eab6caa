"""The rulebook's "Example of Turn Resolution", number for number.

Marie played on level 6, Vincent and Anna both on level 5, Hugo on 4, Nina on 3.
Marie earns 5 (2 fight, 3 fruit) and lands on a Fight +2 space; Vincent and Anna
discard their 5s and do not advance; the fruit on level 5 stays; Hugo earns 2 (1 fight,
1 Mana) and a Mana bonus of 1; Nina discards her card; the fruit on level 3 stays.
"""

from __future__ import annotations

from wintergames.games.snow_time.components import ST
from wintergames.games.snow_time.state import SnowTimeState

from .helpers import fruit_before_roll, game, numbers, play, summary

MARIE, VINCENT, ANNA, HUGO, NINA = range(5)
# Marie starts 5 spaces before the Fight +2 space 13, Hugo 2 before the Mana +1 space 18.
START = [8, 3, 5, 16, 11]


def example() -> SnowTimeState:
    s = game(5, pawns=START, fruit={6: 3, 5: 1, 3: 1})
    play(s, "6", "5", "5", "4", "3")
    return s


def test_track_has_the_spaces_the_example_needs() -> None:
    assert ST.bonus_at(START[MARIE] + 5) == ("fight", 2)
    assert ST.bonus_at(START[HUGO] + 2) == ("mana", 1)


def test_marie_scores_2_fight_3_fruit_and_the_fight_bonus() -> None:
    s = example()
    assert s.pawn[MARIE] == START[MARIE] + 5 + 2
    assert summary(s)[0] == (
        "Player 1 (red): 2 fight (knocked out Player 2 (blue) and Player 3 (green)), "
        "3 fruit and fight bonus +2"
    )


def test_the_fight_bonus_does_not_chain_onto_the_fruit_space_it_reaches() -> None:
    s = example()
    # Marie's bonus move ends on 15, a Fruit space, and she did eat fruit: no second bonus.
    assert ST.bonus_at(s.pawn[MARIE]) == ("fruit", 1)
    assert s.pawn[MARIE] == 15


def test_vincent_anna_and_nina_discard_their_cards_and_do_not_advance() -> None:
    s = example()
    for k, card in ((VINCENT, 5), (ANNA, 5), (NINA, 3)):
        assert s.pawn[k] == START[k]
        assert numbers(s.discard[k]) == [card]
        assert not s.hand[k] >> (card - 1) & 1


def test_fruit_on_levels_5_and_3_stays_and_level_6_is_eaten() -> None:
    s = example()
    left = fruit_before_roll(s)
    assert (left[6 - 1], left[5 - 1], left[3 - 1]) == (0, 1, 1)
    # the three eaten fruit went back to the supply before the next roll
    assert s.supply + len(s.dice) == ST.fruit - 2


def test_hugo_scores_1_fight_1_mana_and_the_mana_bonus() -> None:
    s = example()
    assert s.pawn[HUGO] == START[HUGO] + 2 + 1
    assert summary(s)[1] == (
        "Player 4 (yellow): 1 fight (knocked out Player 5 (purple)), 1 mana and mana bonus +1"
    )
    assert len(summary(s)) == 2


def test_survivors_take_their_cards_back_and_a_new_turn_begins() -> None:
    s = example()
    assert s.hand[MARIE] == s.hand[HUGO] == ST.all_cards
    assert s.turn == 2 and s.to_move == (0, 1, 2, 3, 4)
    assert all(card == -1 for card in s.played)
