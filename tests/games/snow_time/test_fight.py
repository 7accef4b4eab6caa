"""B. Fight, C. Fruit and D. Mana, level by level from the top."""

from __future__ import annotations

from wintergames.games.snow_time.components import ST

from .helpers import fruit_before_roll, game, numbers, play, summary


def test_several_characters_on_a_level_all_fall_and_score_one_per_other() -> None:
    s = game(4, fruit={5: 2})
    play(s, "5", "5", "5", "1")
    assert s.pawn[:3] == [2, 2, 2]  # each of three scores 2 fight
    assert all(numbers(s.discard[k]) == [5] for k in range(3))
    assert fruit_before_roll(s)[4] == 2  # nobody is left on level 5 to eat
    assert s.pawn[3] == 1  # the 1 survives alone: Mana


def test_a_lone_character_knocks_down_everyone_directly_below() -> None:
    s = game(4)
    play(s, "7", "6", "6", "2")
    assert s.pawn[0] == 2  # 2 knocked out
    assert s.pawn[1:3] == [0, 0]  # knocked before their own level fights: no points
    assert numbers(s.discard[1]) == numbers(s.discard[2]) == [6]
    assert s.pawn[3] == 1 and s.discard[3] == 0


def test_a_character_two_levels_down_is_saved_when_the_one_above_it_falls() -> None:
    s = game(3, fruit={5: 1})
    play(s, "7", "6", "5")
    # 7 knocks 6 down; 6 is gone, so it cannot knock 5: 5 survives, eats and is lowest.
    assert s.pawn == [1, 0, 2]
    assert numbers(s.discard[1]) == [6] and s.discard[2] == 0
    assert summary(s) == [
        "Player 1 (red): 1 fight (knocked out Player 2 (blue))",
        "Player 3 (green): 1 fruit and 1 mana",
    ]


def test_fights_on_several_levels_in_one_turn() -> None:
    s = game(5, fruit={6: 1, 4: 2, 3: 1, 1: 1})
    play(s, "7", "6", "4", "4", "3")
    # 7 knocks 6 (1 fight), 4 and 4 brawl (1 each), 3 is alone with nobody below:
    # it eats level 3 and is the lowest; the fruit on 6 and 4 stays.
    assert s.pawn == [1, 0, 1, 1, 2]
    left = fruit_before_roll(s)
    assert (left[5], left[3], left[2], left[0]) == (1, 2, 0, 1)


def test_a_brawl_does_not_knock_the_level_below() -> None:
    s = game(3, fruit={4: 1})
    play(s, "5", "5", "4")
    assert s.pawn == [1, 1, 2]  # 4 survives: 1 fruit and Mana


def test_a_lone_character_with_a_gap_below_knocks_nobody() -> None:
    s = game(3)
    play(s, "7", "5", "3")
    assert s.pawn == [0, 0, 1] and all(d == 0 for d in s.discard)


def test_a_survivor_eats_every_fruit_on_its_level_and_it_returns_to_the_supply() -> None:
    s = game(3, fruit={2: 2, 6: 1})
    play(s, "2", "7", "healer")
    assert s.pawn[0] == 2 + 1  # 2 fruit and lowest
    assert s.pawn[1] == 0  # nothing on 7, nobody below 7
    assert fruit_before_roll(s)[1] == 0 and fruit_before_roll(s)[5] == 1
    assert s.supply + len(s.dice) == ST.fruit - 1


def test_mana_with_nobody_left_in_the_tree() -> None:
    s = game(4, fruit={3: 1})
    play(s, "3", "3", "6", "6")
    assert s.pawn == [1, 1, 1, 1]  # fight points only
    assert any(e.text == "Nobody is left in the tree: no Mana point" for e in s.log)


def test_the_lowest_survivor_scores_mana_even_high_in_the_tree() -> None:
    s = game(3)
    play(s, "7", "healer", "healer")
    assert s.pawn == [1, 0, 0]
