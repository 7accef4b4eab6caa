"""The end screen's breakdown (issue 18): each seat's VP by the rulebook's scoring
categories ("Ending the Game": allies, buildings, exploration sets, banners, favor,
resources; solo: objectives too), on hand-built positions counted from the rulebook."""

from __future__ import annotations

from tests.games.winterborne.scenario import (
    build_at,
    conquer_tile,
    give_favor,
    give_tile,
    new,
    ok,
    set_res,
)
from wintergames.games.winterborne.scoring import score_breakdown

GREEN, YELLOW, BLUE, PURPLE = range(4)
C1, C2, C3, C4 = range(6, 10)
CATEGORIES = ("Allies", "Buildings", "Exploration sets", "Banners", "Favor", "Resources")


def test_the_buildings_example_with_favor_and_resources() -> None:
    s = new(2)
    # RB's buildings example: blue 4, green 2, purple 8, yellow 1 = 15
    conquer_tile(s, 0, C3, PURPLE)
    conquer_tile(s, 0, C4, PURPLE)
    give_tile(s, 0, "PR-purple")
    build_at(s, 0, 3)
    build_at(s, 0, C3)
    conquer_tile(s, 0, C2, BLUE)
    build_at(s, 0, 2)
    build_at(s, 0, C2)
    conquer_tile(s, 0, C1, GREEN)
    build_at(s, 0, 0)
    build_at(s, 0, 1)
    # a point per favor token, a point per 3 resources (7 resources: 2 points)
    give_favor(s, 0, 4)
    set_res(s, 0, 3, 2, 2)
    give_favor(s, 1, 1)
    ok(s)
    b = score_breakdown(s)
    assert b.categories == CATEGORIES
    assert b.rows[0] == (0, 15, 0, 0, 4, 2)
    assert b.rows[1] == (0, 0, 0, 0, 1, 0)  # its 1 starting gold is less than 3 resources
    assert list(b.totals) == s.scores()


def test_the_solo_seat_has_objectives_and_the_balaur_a_row_of_its_own() -> None:
    """Issue 39 item 6: the Balaur is no seat, but the end screen gives it a row: its
    exploration sets, banners and base in the same categories, adding up to its score,
    and whether it won."""
    from wintergames.games.winterborne.scoring import balaur_score, winners

    s = new(1)
    b = score_breakdown(s)
    assert b.categories == (*CATEGORIES, "Objectives", "Balaur's base")
    assert len(b.rows) == 1 and list(b.totals) == s.scores()
    assert b.rows[0][-1] == 0  # the base is the Balaur's alone
    (balaur,) = b.others
    parts = balaur_score(s).parts
    assert balaur.name == "The Balaur" and sum(balaur.row) == balaur_score(s).total
    assert balaur.row[b.categories.index("Exploration sets")] == parts["sets"]
    assert balaur.row[b.categories.index("Banners")] == parts["banners"]
    assert balaur.row[-1] == parts["base"] > 0
    assert balaur.won == (not winners(s))
    assert b.to_json()["others"] == [{"name": "The Balaur", "row": list(balaur.row),
                                      "won": balaur.won}]
