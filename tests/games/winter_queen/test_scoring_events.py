"""Structured scoring events (issue 19): every VP is an event carrying the seat, the exact
points, the breakdown category (the effect, or "Stands emptied") and the book or stand
involved, so statistics count them without reading the log's text."""

from __future__ import annotations

import pytest

from wintergames import get_spec
from wintergames.core import testing

from .helpers import act, blank, give_book, put, stand_with, start_final_phase


def scoring(log: list) -> list[tuple[str, int | None, int, str | None, str | None]]:
    return [(e.kind, e.player, e.vp, e.category, e.item) for e in log if e.category is not None]


def test_using_a_book_gives_one_event_per_page_secret_knowledge_example() -> None:
    # Rulebook example: Maria (seat 0) applies Secret Knowledge with purple and chooses
    # Mikhail: 1 for the page, 1 on her other book, 2 on Mikhail's = 4 VP. Her SB20's page
    # A (Northern Lights) is empty, so it gives no event.
    s = blank(3)
    give_book(s, 0, "SB20", b="purple")  # Northern Lights / Secret Knowledge
    give_book(s, 0, "SB06", a="purple")  # Wind Rose / Magic Clouds
    give_book(s, 1, "SB03", b="purple")  # Forest Lights (purple) / Bright Path
    before = len(s.log)
    act(s, "use SB20")
    assert scoring(s.log[before:]) == [("vp", 0, 4, "Secret Knowledge", "SB20")]
    # the discard line keeps its total in words but adds no VP of its own
    discard = next(e for e in s.log[before:] if e.kind == "discard")
    assert (discard.vp, discard.category, discard.item) == (0, None, None)
    testing.check_scoring_events(s)


def test_two_pages_are_two_events_in_page_order() -> None:
    s = blank(3)
    put(s, a2="red", e2="red", b3="red")
    give_book(s, 0, "SB12", a="red", b="red")  # Border Guard / Northern Lights
    act(s, "use SB12")
    # Border Guard: a2, e2 on the edge (b3 is not) = 2; Northern Lights: red in 2 zones
    assert scoring(s.log)[:2] == [("vp", 0, 2, "Border Guard", "SB12"),
                                  ("vp", 0, 2, "Northern Lights", "SB12")]


def test_emptying_a_stand_is_one_vp_under_stands_emptied() -> None:
    s = blank(3)
    stand_with(s, 0, yellow=1)
    act(s, "y1-a2")
    assert scoring(s.log) == [("stand-emptied", 0, 1, "Stands emptied", "stand-1")]
    assert any(e.kind == "refill" for e in s.log)


def test_final_scoring_events_per_page_and_each_point_once() -> None:
    s = start_final_phase(2, 1)  # Player 2 took the last floe of stand 2: 1 VP
    s.board = [-1] * 25
    put(s, a2="red", e2="red", c3="purple")
    give_book(s, 0, "SB14", a="red", b="purple")  # Border Guard / Secret Knowledge
    give_book(s, 1, "SB03", b="purple")  # Forest Lights (purple) / Bright Path
    give_book(s, 1, "SB12")  # no floe: no event
    s.stands[0] = [0] * 5
    act(s, "pass")
    act(s, "pass")
    assert s.is_over
    assert scoring(s.log) == [
        ("stand-emptied", 1, 1, "Stands emptied", "stand-2"),
        ("final-vp", 0, 2, "Border Guard", "SB14"),
        ("final-vp", 0, 3, "Secret Knowledge", "SB14"),
        ("final-vp", 1, 1, "Bright Path", "SB03"),
    ]
    over = s.log[-1]
    assert over.kind == "game-over" and over.vp == 0 and over.category is None
    testing.check_scoring_events(s)
    assert s.scores() == [5, 2]


def test_the_check_catches_a_point_missing_from_the_events() -> None:
    s = blank(3)
    put(s, a2="red", e2="red")
    give_book(s, 0, "SB12", a="red")
    act(s, "use SB12")
    s.vp[0] += 1
    s.vp_by[0][2] += 1  # Border Guard: a point that no event gave
    with pytest.raises(AssertionError, match="Border Guard 2 in events, 3 in the breakdown"):
        testing.check_scoring_events(s)


@pytest.mark.parametrize("n", [3, 4])  # random 2-player games seldom use a two-floe book
def test_every_metric_kind_occurs_in_seeded_games(n: int) -> None:
    kinds = get_spec("winter-queen").metric_kinds
    assert set(kinds) == {"discard", "final-vp", "stand-emptied", "take", "return"}
    games = testing.run_breakdown_checks("winter-queen", n, range(10))
    seen = {e.kind for g in games for e in g.log}
    assert set(kinds) <= seen
    # every VP of these games is in an event of a scoring kind
    for g in games:
        assert sum(e.vp for e in g.log) == sum(g.scores())
        assert {e.kind for e in g.log if e.vp} <= {"vp", "final-vp", "stand-emptied"}
