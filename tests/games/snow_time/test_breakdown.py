"""The end screen's breakdown (issue 18): each seat's points by fight, fruit, Mana and
bonus spaces, kept as the pawns move; the numbers come from the rulebook's "Example of
Turn Resolution" and from hand-counted positions."""

from __future__ import annotations

from wintergames.games.snow_time.components import ST
from wintergames.games.snow_time.resolution import score_breakdown

from .helpers import game, play
from .test_example import HUGO, MARIE, example


def test_the_rulebooks_turn_resolution_by_kind() -> None:
    # Marie: 2 fight, 3 fruit and the Fight +2 bonus space; Hugo: 1 fight, 1 Mana and the
    # Mana +1 bonus space; Vincent, Anna and Nina score nothing.
    b = score_breakdown(example())
    assert b.categories == ("Fight", "Fruit", "Mana", "Bonus")
    assert b.rows[MARIE] == (2, 3, 0, 2)
    assert b.rows[HUGO] == (1, 0, 1, 1)
    assert [sum(r) for k, r in enumerate(b.rows) if k not in (MARIE, HUGO)] == [0, 0, 0]


def test_points_past_the_last_space_are_not_counted() -> None:
    s = game(4, pawns=[28, 0, 0, 0])
    s.earned[0] = [10, 10, 6, 2]  # how red reached space 28, by hand
    play(s, "7", "6", "6", "6")  # red knocks three characters off level 6: 3 fight
    assert s.is_over and s.scores()[0] == ST.finish == 30
    b = score_breakdown(s)
    assert b.rows[0] == (12, 10, 6, 2)  # only the 2 spaces red could still move
    assert b.totals[0] == s.scores()[0]


def test_a_two_player_seat_shows_its_furthest_colour() -> None:
    s = game(2, pawns=[3, 29, 20, 12])
    # each colour's way to its space, by hand (colours 0, 1 are seat 1's; 2, 3 seat 2's)
    s.earned = [[1, 1, 1, 0], [10, 10, 5, 4], [8, 8, 4, 0], [6, 6, 0, 0]]
    play(s, "healer", "7", "6", "2")  # colour 1, on level 7, knocks colour 2 off level 6: 1 fight
    assert s.scores() == [30, 20]
    b = score_breakdown(s)
    assert b.rows == ((11, 10, 5, 4), (8, 8, 4, 0))
    assert list(b.totals) == s.scores()
