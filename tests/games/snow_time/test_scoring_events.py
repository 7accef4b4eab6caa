"""Structured scoring events (issue 19): every point that moves a seat's score is an
event with the seat, the exact points, the kind of point (Fight, Fruit, Mana, Bonus: the
breakdown's categories) and the card or bonus space that scored it."""

from __future__ import annotations

import pytest

from wintergames import get_spec
from wintergames.core import testing
from wintergames.games.snow_time.resolution import score_breakdown
from wintergames.games.snow_time.state import SnowTimeState

from .helpers import game, play

Row = tuple[str, int | None, int, str | None, str | None]


def scoring(s: SnowTimeState) -> list[Row]:
    return [(e.kind, e.player, e.vp, e.category, e.item) for e in s.log if e.category]


def assert_events_account_for(s: SnowTimeState, before: list[list[int]]) -> None:
    """The events' points, per seat and category, are the change of the breakdown since
    ``before`` (a hand-built position starts with points no event gave)."""
    b = score_breakdown(s)
    for seat, row in enumerate(b.rows):
        counted = [sum(e.vp for e in s.log if e.player == seat and e.category == c)
                   for c in b.categories]
        assert [r - w for r, w in zip(row, before[seat], strict=True)] == counted


def rows(s: SnowTimeState) -> list[list[int]]:
    return [list(r) for r in score_breakdown(s).rows]


def test_the_rulebook_example_of_turn_resolution() -> None:
    # Marie (red, 6) knocks Vincent and Anna off level 5 and eats 3 fruit, then the Fight
    # +2 space; Hugo (yellow, 4) knocks Nina off level 3, is lowest (Mana), then the Mana
    # +1 space. Moments in the rulebook's order: fights and fruit from the top, Mana,
    # bonuses.
    s = game(5, pawns=[8, 3, 5, 16, 11], fruit={6: 3, 5: 1, 3: 1})
    play(s, "6", "5", "5", "4", "3")
    assert scoring(s) == [
        ("score", 0, 2, "Fight", "6"),
        ("score", 0, 3, "Fruit", "6"),
        ("score", 3, 1, "Fight", "4"),
        ("score", 3, 1, "Mana", "4"),
        ("score", 0, 2, "Bonus", "space-13"),
        ("score", 3, 1, "Bonus", "space-18"),
    ]
    # the per-colour summary lines keep their totals in words and add no points
    assert all(e.vp == 0 and e.category is None for e in s.log if e.kind == "summary")


def test_a_snowstorm_scores_under_fight_with_the_card_as_item() -> None:
    s = game(3)
    play(s, "snowstorm", "5", "2")
    assert scoring(s)[0] == ("score", 0, 2, "Fight", "snowstorm")


def test_points_past_the_last_space_are_not_in_the_event() -> None:
    s = game(3, pawns=[28, 0, 0], fruit={7: 3})
    s.earned[0] = [20, 5, 3, 0]  # the breakdown agrees with the pawn on 28
    before = rows(s)
    play(s, "7", "healer", "healer")
    assert s.is_over
    assert scoring(s) == [("score", 0, 2, "Fruit", "7")]  # +3 earned, 2 moved
    assert next(e.text for e in s.log if e.kind == "score").endswith("+3 fruit (ate 3 fruit "
                                                                     "on level 7) → space 30")
    assert_events_account_for(s, before)


def test_two_player_seat_scores_with_its_furthest_pawn_and_lead_events() -> None:
    # Player 1 plays red (on 5, all fight) and blue (on 3, all fruit). Blue eats 3 fruit
    # and passes red: the seat's score goes 5 -> 6, and its points by kind become blue's.
    s = game(2, pawns=[5, 3, 0, 0], fruit={3: 3})
    s.earned[0] = [5, 0, 0, 0]
    s.earned[1] = [0, 3, 0, 0]
    before = rows(s)
    play(s, "healer", "3", "healer", "healer")
    assert scoring(s) == [
        ("score", 0, 0, "Fruit", "3"),  # blue moves, but the seat's score was red's
        ("lead", 0, -5, "Fight", None),
        ("lead", 0, 6, "Fruit", None),
        ("score", 0, 1, "Mana", "3"),  # blue now leads: its Mana point counts
    ]
    assert s.scores() == [7, 0]
    assert score_breakdown(s).rows[0] == (0, 6, 1, 0)
    assert_events_account_for(s, before)


def test_a_two_player_pawn_behind_its_partner_scores_nothing_for_the_seat() -> None:
    s = game(2, pawns=[9, 3, 0, 0], fruit={3: 2})
    s.earned[0] = [9, 0, 0, 0]
    s.earned[1] = [0, 3, 0, 0]
    before = rows(s)
    play(s, "healer", "3", "healer", "healer")
    assert scoring(s) == [("score", 0, 0, "Fruit", "3"), ("score", 0, 0, "Mana", "3")]
    assert s.scores() == [9, 0]
    assert_events_account_for(s, before)


@pytest.mark.parametrize("n", [2, 5])
def test_every_metric_kind_occurs_in_seeded_games(n: int) -> None:
    kinds = get_spec("snow-time").metric_kinds
    assert set(kinds) == {"fight", "snowstorm", "heal", "watch"}
    games = testing.run_breakdown_checks("snow-time", n, range(10))
    seen = {e.kind for g in games for e in g.log}
    assert set(kinds) <= seen
    assert {e.category for g in games for e in g.log if e.vp} == {"Fight", "Fruit", "Mana",
                                                                  "Bonus"}
    if n == 2:  # a seat's other pawn takes the lead in some of these games
        assert "lead" in seen
